import { defineErrors } from '../../errors.js';

/** The errors of housing events, hotels, room types, inventory, reservation requests and reservations. */
export const HousingErrors = defineErrors({
  eventNotFound: { status: 404, message: 'Event not found' },
  housingEventNotFound: { status: 404, message: 'Housing event not found' },
  hotelNotFound: { status: 404, message: 'Hotel not found' },
  roomTypeNotFound: { status: 404, message: 'Room type not found' },
  requestNotFound: { status: 404, message: 'Reservation request not found' },
  reservationNotFound: { status: 404, message: 'Reservation not found' },
  invalid: { status: 400, message: 'The request is not valid' },
  conflict: { status: 409, message: 'The code is already used' },
});
