import { defineErrors } from '../../errors.js';

/** The errors of session locations, categories, segments, program items and session documents. */
export const ProgramErrors = defineErrors({
  eventNotFound: { status: 404, message: 'Event not found' },
  sessionNotFound: { status: 404, message: 'Session not found' },
  locationNotFound: { status: 404, message: 'Session location not found' },
  categoryNotFound: { status: 404, message: 'Session category not found' },
  segmentNotFound: { status: 404, message: 'Session segment not found' },
  programItemNotFound: { status: 404, message: 'Program item not found' },
  documentNotFound: { status: 404, message: 'The file is not a document of this session' },
  itemDocumentNotFound: { status: 404, message: 'The file is not a document of this program item' },
  inUse: { status: 409, message: 'In use' },
  conflict: { status: 409, message: 'Conflict' },
  invalid: { status: 400, message: 'The request is not valid' },
});
