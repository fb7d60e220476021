import { defineErrors } from '../../errors.js';

/** A contact's change history, relationships, profile picture and merges. */
export const ContactHistoryErrors = defineErrors({
  contactNotFound: { status: 404, message: 'Contact not found' },
  relationshipNotFound: { status: 404, message: 'The contacts are not related' },
  imageNotFound: { status: 404, message: 'The contact has no profile picture' },
  invalid: { status: 400, message: 'The request is not valid' },
  conflict: { status: 409, message: 'The contacts cannot be merged as asked' },
});
