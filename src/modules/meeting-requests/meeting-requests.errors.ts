import { defineErrors } from '../../errors.js';

/** The errors of meeting-request forms, meeting requests and their documents. */
export const MeetingRequestErrors = defineErrors({
  formNotFound: { status: 404, message: 'Meeting request form not found' },
  requestNotFound: { status: 404, message: 'Meeting request not found' },
  eventNotFound: { status: 404, message: 'Event not found' },
  invalid: { status: 400, message: 'The request is not valid' },
  conflict: { status: 409, message: 'Conflict' },
});
