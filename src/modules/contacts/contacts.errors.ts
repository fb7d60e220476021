import { defineErrors } from '../../errors.js';

export const ContactErrors = defineErrors({
  contactNotFound: { status: 404, message: 'Contact not found' },
  duplicateEmail: { status: 409, message: 'An active contact with this email already exists in the account' },
  duplicateSourceId: { status: 409, message: 'An active contact with this sourceId already exists in the account' },
  duplicateContact: { status: 409, message: 'An active contact with this email or sourceId already exists in the account' },
  purged: { status: 409, message: 'The contact is purged and cannot be changed' },
  idMismatch: { status: 400, message: 'The id in the body does not match the id in the path' },
});
