import { defineErrors } from '../../errors.js';

/** Contact groups, their members and contact types. */
export const ContactGroupErrors = defineErrors({
  groupNotFound: { status: 404, message: 'Contact group not found' },
  contactNotFound: { status: 404, message: 'Contact not found' },
  invalid: { status: 400, message: 'The request is not valid' },
});
