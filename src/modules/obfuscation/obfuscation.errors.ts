import { defineErrors } from '../../errors.js';

export const ObfuscationErrors = defineErrors({
  contactNotFound: { status: 404, message: 'Contact not found' },
  obfuscationNotFound: { status: 404, message: 'Contact obfuscation not found' },
  featureDisabled: { status: 409, message: 'Contact obfuscation is not enabled for this account' },
});
