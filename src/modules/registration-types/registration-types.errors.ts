import { defineErrors } from '../../errors.js';

export const RegistrationTypeErrors = defineErrors({
  eventNotFound: { status: 404, message: 'Event not found' },
  registrationTypeNotFound: { status: 404, message: 'Registration type not found' },
  invalid: { status: 400, message: 'The registration type is not valid' },
});
