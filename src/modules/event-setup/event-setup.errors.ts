import { defineErrors } from '../../errors.js';

/** Planning documents, registration paths, invitation lists and event emails. */
export const EventSetupErrors = defineErrors({
  eventNotFound: { status: 404, message: 'Event not found' },
  documentNotFound: { status: 404, message: 'Planning document not found' },
  invalid: { status: 400, message: 'The request is not valid' },
});
