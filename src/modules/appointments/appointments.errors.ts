import { defineErrors } from '../../errors.js';

/** The errors of appointment events, their schedule and people, and appointments. */
export const AppointmentErrors = defineErrors({
  appointmentEventNotFound: { status: 404, message: 'Appointment event not found' },
  attendeeNotFound: { status: 404, message: 'Appointment attendee not found' },
  availabilityNotFound: { status: 404, message: 'Appointment availability not found' },
  interestNotFound: { status: 404, message: 'Appointment meeting interest not found' },
  appointmentNotFound: { status: 404, message: 'Appointment not found' },
  invalid: { status: 400, message: 'The request is not valid' },
  /** The booking breaks the schedule: not a slot of its type, outside a participant's availability, cancelled. */
  unprocessable: { status: 422, message: 'The appointment cannot be booked' },
  /** Someone or somewhere is already booked for (part of) the time. */
  taken: { status: 409, message: 'Already booked' },
});
