import { defineErrors } from '../../errors.js';

export const ContactHookErrors = defineErrors({
  hookNotFound: { status: 404, message: 'Contact hook not found' },
  hookExists: { status: 409, message: 'The account already has a contact hook (an account supports one): update or delete it' },
  callbackRefused: { status: 400, message: 'The callback cannot be called' },
  invalidSecurity: { status: 400, message: 'Invalid security' },
  noHook: { status: 409, message: 'The account has no contact hook: create one with POST /contacts/hooks' },
  contactNotFound: { status: 404, message: 'Contact not found' },
  contactInactive: { status: 409, message: 'The contact is deleted or purged: it cannot be identified' },
  deliveryNotFound: { status: 404, message: 'Delivery not found' },
});
