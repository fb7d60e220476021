import { defineErrors } from '../../errors.js';

export const EventErrors = defineErrors({
  eventNotFound: { status: 404, message: 'Event not found' },
  creationNotFound: { status: 404, message: 'Event creation request not found' },
  copyNotFound: { status: 404, message: 'Event copy request not found' },
  invalidCopy: { status: 400, message: 'The copy request is not valid' },
  virtualSessionsExist: { status: 409, message: 'The event has virtual sessions' },
  invalidDates: { status: 400, message: 'end must not be before start' },
});
