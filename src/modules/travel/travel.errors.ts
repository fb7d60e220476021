import { defineErrors } from '../../errors.js';

/** The errors of the supplier catalogue, travel accounts and events' travel. */
export const TravelErrors = defineErrors({
  brandNotFound: { status: 404, message: 'Brand not found' },
  chainNotFound: { status: 404, message: 'Chain not found' },
  propertyNotFound: { status: 404, message: 'Property not found' },
  roomNotFound: { status: 404, message: 'Property room not found' },
  travelAccountNotFound: { status: 404, message: 'Travel account not found' },
  supplierAccountNotFound: { status: 404, message: 'Supplier account not found' },
  eventNotFound: { status: 404, message: 'Event not found' },
  airRequestNotFound: { status: 404, message: 'Air request not found' },
  airActualNotFound: { status: 404, message: 'Air actual not found' },
  hotelRequestNotFound: { status: 404, message: 'Hotel request not found' },
  alternateNotFound: { status: 404, message: 'Alternate travel answer not found' },
  brandExists: { status: 409, message: 'A brand with this id exists' },
  invalid: { status: 400, message: 'The request is not valid' },
});
