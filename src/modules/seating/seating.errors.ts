import { defineErrors } from '../../errors.js';

/** The errors of seatings, tables, seats and seat assignments. */
export const SeatingErrors = defineErrors({
  eventNotFound: { status: 404, message: 'Event not found' },
  seatingNotFound: { status: 404, message: 'Seating not found' },
  tableNotFound: { status: 404, message: 'Table not found' },
  seatNotFound: { status: 404, message: 'Seat not found' },
  assignmentNotFound: { status: 404, message: 'The attendee has no seat in this seating' },
  codeTaken: { status: 409, message: 'Another seating of the event has this code' },
  tableFull: { status: 409, message: 'The table has as many seats as its capacity' },
  seatTaken: { status: 409, message: 'The seat is taken' },
  alreadySeated: { status: 409, message: 'The attendee already has a seat in this seating' },
  invalid: { status: 400, message: 'The request is not valid' },
});
