import { defineErrors } from '../../errors.js';

/** Errors of the team, content and questions operations (one set: they share the exhibitor lookup). */
export const TeamErrors = defineErrors({
  exhibitorNotFound: { status: 404, message: 'Exhibitor not found' },
  eventNotFound: { status: 404, message: 'Event not found' },
  adminNotFound: { status: 404, message: 'Exhibitor admin not found' },
  boothStaffNotFound: { status: 404, message: 'Booth staff member not found' },
  fileNotFound: { status: 404, message: 'Exhibitor file not found' },
  weblinkNotFound: { status: 404, message: 'Exhibitor weblink not found' },
  questionNotFound: { status: 404, message: 'Exhibitor question not found' },
  invalid: { status: 400, message: 'Bad Request' },
  duplicate: { status: 400, message: 'Already exists' },
  tooMany: { status: 422, message: 'Unprocessable Entity' },
  fileInUse: { status: 422, message: 'The file is associated with something else' },
  questionInUse: { status: 409, message: 'Stored answers would no longer be valid' },
  codeTaken: { status: 409, message: 'Another exhibitor question of the event has this code' },
});
