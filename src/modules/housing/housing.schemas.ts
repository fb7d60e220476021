import { Type, type Static, type TSchema } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

// The reference's schemas of the Housing and Housing Hotels tags (housing-event, housing-event-hotel, room-type-details,
// room-inventory, available-night, reservation-request, existing-reservation, HotelRoomRates*): their field names,
// lengths and enums. Housing events, attendee types, hotels and room types have the reference's integer ids;
// reservation requests and reservations have text ids (UUIDs). Fields the reference lacks are marked "eventline".

const opt = Type.Optional;
const Int = (description: string) => Type.Integer({ minimum: 1, maximum: 2_147_483_647, description });
const IdOf = (description: string) => Type.Object({ id: Int(description) });
const Text = (maxLength: number, description?: string) => Type.String({ maxLength, ...(description !== undefined ? { description } : {}) });
const Day = (description: string) => Type.String({ format: 'date', description });
const DateTime = (description: string) => Type.String({ format: 'date-time', description });
const Currency = (description: string) => Type.String({ pattern: '^[A-Z]{3}$', description });
const Link = Type.Object({ href: Type.String() });
/** A field the reference marks read-only: accepted in a body (clients send back what they read) and ignored. */
const Ignored = (schema: TSchema = Type.Unknown()) => opt(Type.Unsafe<unknown>({ ...schema, description: 'Read-only: ignored.' }));

export const AddressSchema = Type.Object({
  address1: opt(Text(200)), address2: opt(Text(200)), city: opt(Text(100)), region: opt(Text(100)), regionCode: opt(Text(10)),
  postalCode: opt(Text(20)), country: opt(Text(100)), countryCode: opt(Text(2)),
}, { additionalProperties: false });
const VenueSchema = Type.Object({
  name: opt(Text(200)),
  address: opt(Type.Object({ ...AddressSchema.properties, latitude: opt(Type.Number({ minimum: -90, maximum: 90 })), longitude: opt(Type.Number({ minimum: -180, maximum: 180 })) }, { additionalProperties: false })),
}, { additionalProperties: false });
const STATUSES = ['Open', 'PreOpen', 'Closed', 'Cancelled', 'New'] as const;
const SORT_TYPES = ['CustomOrder', 'PriceAscending', 'PriceDescending'] as const;
const RATINGS = ['N/A', 'Budget', '1 Star', '2 Star', '3 Star', '4 Star', '5 Star'] as const;
const DISTANCE_UNITS = ['Kilometers', 'Meters', 'Miles', 'Yards', 'Blocks'] as const;
const ReservationContactSchema = Type.Object({ phone: opt(Text(50)), fax: opt(Text(50)), tollFree: opt(Text(50)), email: opt(Text(200)) }, { additionalProperties: false });
const AttendeeTypeSchema = Type.Object({ id: Type.Integer(), name: Type.String(), codes: Type.Array(Type.String(), { minItems: 1, maxItems: 6 }) });

// ---- Queries and paths ----

const { limit, token, after, before } = listQuerySchema().properties;
const filter = opt(Type.String({ maxLength: 4000, description: 'A filter expression (the fields the reference lists).' }));
const locale = opt(Type.String({ minLength: 1, maxLength: 200, description: 'Locale of the answer: eventline answers in the housing event\'s one language.' }));
export const SummariesQuerySchema = Type.Object({ limit, token, filter }, { additionalProperties: false });
export const PagingQuerySchema = Type.Object({ limit, token, locale }, { additionalProperties: false });
export const FilteredQuerySchema = Type.Object({ limit, token, filter, locale }, { additionalProperties: false });
export const InventoryQuerySchema = Type.Object({ limit, token, filter }, { additionalProperties: false });
export const WindowQuerySchema = Type.Object({ limit, token, filter, after, before }, { additionalProperties: false });
export const AvailabilityQuerySchema = Type.Object({
  limit: opt(Type.Integer({ minimum: 1, maximum: 50, default: 10, description: 'The maximum number of nights per page (1-50).' })), token, filter,
}, { additionalProperties: false });
export const LocaleQuerySchema = Type.Object({ locale }, { additionalProperties: false });

const HousingEventIdParam = Int('ID of a housing event.');
export const HousingEventParamsSchema = Type.Object({ housingEventId: HousingEventIdParam });
export const HotelParamsSchema = Type.Object({ housingEventId: HousingEventIdParam, hotelId: Int('ID of a hotel of the housing event.') });
export const RoomTypeParamsSchema = Type.Object({ ...HotelParamsSchema.properties, roomTypeId: Int('ID of a room type of the hotel.') });
export const RequestParamsSchema = Type.Object({ reservationRequestsId: Type.String({ minLength: 1, maxLength: 100, description: 'ID of a reservation request.' }) });
export const ReservationParamsSchema = Type.Object({ reservationId: Type.String({ minLength: 1, maxLength: 100, description: 'ID or confirmation number of a reservation.' }) });
export const LinkParamsSchema = Type.Object({ ...RequestParamsSchema.properties, ...ReservationParamsSchema.properties });
export const RatesParamsSchema = Type.Object({
  hotelCode: Type.String({ minLength: 1, maxLength: 50, description: 'The hotel\'s code (unique in the account).' }),
  roomCode: Type.String({ minLength: 1, maxLength: 50, description: 'The room type\'s code (unique in the hotel).' }),
});
export const EventParamsSchema = Type.Object({ id: Type.String({ format: 'uuid', description: 'ID of an event.' }) });
export const ConnectionHeadersSchema = Type.Object({ 'cvent-access-code': Type.String({ minLength: 1, maxLength: 100, description: 'The housing event\'s access code.' }) });

// ---- Housing events ----

export const HousingEventInputSchema = Type.Object({
  event: Type.Object({ id: Type.String({ format: 'uuid', description: 'The eventline event whose room block this is.' }) }, { additionalProperties: false }),
  name: opt(Text(200, 'Defaults to the event\'s title.')),
  start: opt(DateTime('First attended day; defaults to the event\'s start.')),
  end: opt(DateTime('Last attended day; defaults to the event\'s end.')),
  cutOff: opt(DateTime('When unsold rooms go back to the hotels; defaults to 30 days before start.')),
  timeZone: opt(Text(29, 'Olson time zone; defaults to the event\'s.')),
  status: opt(Type.Enum(STATUSES, { type: 'string', description: 'Defaults to Open.' })),
  currency: opt(Currency('ISO 4217 currency of the block\'s rates; defaults to USD.')),
  defaultLocale: opt(Text(8)),
  locales: opt(Type.Array(Text(8), { maxItems: 20 })),
  image: opt(Type.String({ format: 'uri', maxLength: 2048 })),
  venue: opt(VenueSchema),
  reservationContact: opt(ReservationContactSchema),
  roomsSortType: opt(Type.Enum(SORT_TYPES, { type: 'string' })),
  attendeeTypes: opt(Type.Array(Type.Object({
    name: Text(100), codes: Type.Array(Type.String({ minLength: 1, maxLength: 20 }), { minItems: 1, maxItems: 1, description: 'eventline: one code per attendee type.' }),
  }, { additionalProperties: false }), { minItems: 1, maxItems: 20, description: 'Defaults to one attendee type, "Attendee" (ATT).' })),
}, { title: 'HousingEventInput', additionalProperties: false });
export type HousingEventInput = Static<typeof HousingEventInputSchema>;

const SummaryFields = {
  id: Type.Integer(), name: Type.String(), start: DateTime('First attended day.'), end: DateTime('Last attended day.'), cutOff: DateTime('Cut-off.'),
  timeZone: Type.String({ maxLength: 29 }), venue: VenueSchema, status: Type.Enum(STATUSES, { type: 'string' }),
};
export const HousingEventSummarySchema = Type.Object(SummaryFields, { title: 'HousingEventSummary' });
export const HousingEventSummaryPageSchema = paginated(HousingEventSummarySchema, 'HousingEventSummaryList');
export const HousingEventSchema = Type.Object({
  ...SummaryFields,
  resOpen: DateTime('When reservations open (the block\'s creation).'), resClose: DateTime('When reservations close (the cut-off).'),
  webResOpen: DateTime('As resOpen.'), webResClose: DateTime('As resClose.'),
  launchAfter: opt(DateTime('As resOpen.')), closeAfter: opt(DateTime('As resClose.')),
  defaultLocale: Type.String({ maxLength: 8 }), locales: Type.Array(Type.String({ maxLength: 8 })),
  image: Type.String({ format: 'uri' }), reservationContact: ReservationContactSchema,
  attendeeTypes: Type.Array(AttendeeTypeSchema),
  planners: Type.Array(Type.Object({ firstName: opt(Type.String()), lastName: opt(Type.String()), email: opt(Type.String()) }), { description: 'The event\'s planners.' }),
  currency: Type.String(), roomsSortType: opt(Type.Enum(SORT_TYPES, { type: 'string' })),
  event: Type.Object({ id: Type.String({ format: 'uuid' }) }, { description: 'eventline: the event of the block.' }),
  accessCode: Type.String({ description: 'eventline: the code POST /connections takes (Cvent-Access-Code).' }),
  connectionStatus: Type.Enum(['NOT_CONNECTED', 'CONNECTED', 'REQUESTED'], { type: 'string', description: 'eventline: whether an integration connected.' }),
}, { title: 'HousingEvent' });
export type HousingEvent = Static<typeof HousingEventSchema>;
export const ConnectionSchema = Type.Object({
  eventId: Type.Integer(), status: Type.Enum(['NOT_CONNECTED', 'CONNECTED', 'REQUESTED'], { type: 'string' }), defaultCallbacks: Type.Boolean(),
}, { title: 'ConnectionResponse' });

// ---- Hotels ----

const ImagesInput = opt(Type.Array(Type.Object({ href: Type.String({ format: 'uri', maxLength: 2048 }) }, { additionalProperties: false }), { maxItems: 20 }));
export const HotelInputSchema = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9_-]+$', description: 'eventline: the hotel\'s code, unique in the account (PUT /housing-hotels/{hotelCode}/...).' }),
  name: Text(200), description: opt(Text(5000)), childPolicy: opt(Text(2000)), images: ImagesInput,
  proximity: opt(Type.Object({
    distance: opt(Type.Object({ distance: Type.Number({ minimum: 0 }), distanceUnit: Type.Enum(DISTANCE_UNITS, { type: 'string' }) }, { additionalProperties: false })),
    mapMessage: opt(Text(500)),
  }, { additionalProperties: false })),
  amenities: opt(Type.Array(Text(100), { maxItems: 70 })),
  rating: opt(Type.Enum(RATINGS, { type: 'string' })),
  address: opt(AddressSchema),
}, { title: 'HotelInput', additionalProperties: false });
export type HotelInput = Static<typeof HotelInputSchema>;
export const HotelSchema = Type.Object({
  id: Type.Integer(), housingEvent: Type.Object({ id: Type.Integer() }), name: Type.String(), description: Type.String(),
  childPolicy: opt(Type.String()), images: opt(Type.Array(Link)),
  proximity: opt(Type.Object({ distance: opt(Type.Object({ distance: Type.Number(), distanceUnit: Type.Enum(DISTANCE_UNITS, { type: 'string' }) })), mapMessage: opt(Type.String()) })),
  amenities: opt(Type.Array(Type.String(), { maxItems: 70 })), rating: opt(Type.Enum(RATINGS, { type: 'string' })), address: opt(AddressSchema),
  code: Type.String({ description: 'eventline: the hotel\'s code.' }),
}, { title: 'HotelDetails' });
export type Hotel = Static<typeof HotelSchema>;
export const HotelPageSchema = paginated(HotelSchema, 'HotelsList');

// ---- Room types ----

export const RoomTypeInputSchema = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9_-]+$', description: 'eventline: the room\'s code, unique in the hotel (PUT .../rooms/{roomCode}/rates).' }),
  name: Text(200), description: opt(Text(5000)),
  attendeeType: opt(IdOf('eventline: the attendee type the room is sold to; defaults to the housing event\'s first.')),
  customOrder: opt(Type.Integer({ minimum: 1 })),
  maxGuests: opt(Type.Integer({ minimum: 1, maximum: 10, description: 'Defaults to 2.' })),
  minLengthOfStay: opt(Type.Integer({ minimum: 1, maximum: 10, description: 'Defaults to 1.' })),
  cancelPolicy: opt(Text(2000)), taxPolicy: opt(Text(2000)), images: ImagesInput,
  hideRate: opt(Type.Boolean()),
}, { title: 'RoomTypeInput', additionalProperties: false });
export type RoomTypeInput = Static<typeof RoomTypeInputSchema>;
export const RoomTypeSchema = Type.Object({
  id: Type.Integer(), housingEvent: Type.Object({ id: Type.Integer() }), hotel: Type.Object({ id: Type.Integer() }),
  housingAttendees: Type.Array(Type.Object({ id: Type.Integer() }), { description: 'The attendee types the room is sold to (their ids).' }),
  attendeeTypes: Type.Array(Type.Object({ ...AttendeeTypeSchema.properties, cancelPolicy: opt(Type.String()), taxPolicy: opt(Type.String()) })),
  name: Type.String(), description: Type.String(), images: opt(Type.Array(Link)), customOrder: opt(Type.Integer({ minimum: 1 })),
  code: Type.String({ description: 'eventline: the room\'s code.' }),
  maxGuests: Type.Integer({ description: 'eventline.' }), minLengthOfStay: Type.Integer({ description: 'eventline.' }),
}, { title: 'RoomTypeDetails' });
export type RoomType = Static<typeof RoomTypeSchema>;
export const RoomTypePageSchema = paginated(RoomTypeSchema, 'RoomTypesList');

// ---- Inventory ----

export const InventoryInputSchema = Type.Object({
  nights: Type.Array(Type.Object({
    date: Day('The night (the evening of this day).'),
    rooms: Type.Integer({ minimum: 0, maximum: 100_000, description: 'The block: how many rooms the night holds (sold ones included).' }),
    rate: Type.Number({ minimum: 0, maximum: 1_000_000, description: 'The room rate of the night, in the housing event\'s currency (at most 2 decimals).' }),
  }, { additionalProperties: false }), { minItems: 1, maxItems: 366 }),
}, { title: 'RoomTypeInventoryInput', additionalProperties: false });
export type InventoryInput = Static<typeof InventoryInputSchema>;
const Rate = Type.Object({ base: Type.Number(), currency: Type.String() });
const NightCounts = {
  hideRates: opt(Type.Boolean()), rate: Rate, originalBlock: opt(Type.Integer({ minimum: 0 })), currentBlock: Type.Integer({ minimum: 0 }),
  pickup: Type.Integer({ minimum: 0 }), minLengthOfStay: opt(Type.Integer({ minimum: 1, maximum: 10 })), maxGuests: opt(Type.Integer({ minimum: 1, maximum: 10 })),
  available: Type.Integer(),
};
export const InventoryNightSchema = Type.Object({
  housingEvent: Type.Object({ id: Type.Integer() }), hotel: Type.Object({ id: Type.Integer() }), roomType: Type.Object({ id: Type.Integer() }),
  date: Day('The night.'), ...NightCounts,
  allocation: Type.Array(Type.Object({ attendeeType: Type.Object({ id: Type.Integer() }), openForReservation: Type.Boolean(), ...NightCounts }), { minItems: 1 }),
}, { title: 'RoomInventory' });
export type InventoryNight = Static<typeof InventoryNightSchema>;
export const InventoryPageSchema = paginated(InventoryNightSchema, 'InventoryDetailsList');
export const AvailableNightSchema = Type.Object({
  hotel: Type.Object({ id: Type.Integer() }), roomType: Type.Object({ id: Type.Integer() }), attendeeType: AttendeeTypeSchema,
  date: Day('The night.'), quantity: Type.Integer(), roomRate: Type.Number(), currency: Type.String(),
  maxGuests: opt(Type.Integer({ minimum: 1, maximum: 10 })), minLengthOfStay: Type.Integer({ minimum: 1, maximum: 10 }), hideRate: Type.Boolean(), waitListEnabled: Type.Boolean(),
}, { title: 'AvailableNight' });
export const AvailableNightPageSchema = paginated(AvailableNightSchema, 'AvailableNightsList');

// ---- Guests, reservation requests, reservations ----

const GuestFields = {
  arrival: opt(Day('Arrival date.')), departure: opt(Day('Departure date (the morning after the last night).')),
  firstName: opt(Text(40)), lastName: Text(40), middleName: opt(Text(20)), title: opt(Text(40)), position: opt(Text(100)), company: opt(Text(200)),
  homeFax: opt(Text(50)), email: opt(Type.String({ maxLength: 254, format: 'email' })), homePhone: opt(Text(50)), workPhone: opt(Text(50)), homeAddress: opt(AddressSchema),
  ageQualifyingCode: opt(Type.Union([Type.Literal(10), Type.Literal(8)])), primary: opt(Type.Boolean()), locale: opt(Text(8)),
};
export const GuestInputSchema = Type.Object({
  ...GuestFields,
  paymentInfo: opt(Type.Unsafe<unknown>({ description: 'Not kept: eventline stores no payment data (the guest pays the hotel).' })),
}, { additionalProperties: false });
export type GuestInput = Static<typeof GuestInputSchema>;
const GuestSchema = Type.Object(GuestFields);
export type Guest = Static<typeof GuestSchema>;
const CustomFieldsSchema = Type.Object(Object.fromEntries([1, 2, 3, 4, 5, 6].map((i) => [`customField${i}`, opt(Text(500))])), { additionalProperties: false });
const TravelLeg = Type.Object({ time: opt(DateTime('When.')), carrier: opt(Text(3)), carrierNumber: opt(Text(32)) }, { additionalProperties: false });
const TravelDetailsSchema = Type.Object({ arrival: opt(TravelLeg), departure: opt(TravelLeg), additionalInformation: opt(Text(1000)) }, { additionalProperties: false });
const RewardProgramSchema = Type.Object({ id: Type.Integer(), name: opt(Text(100)) }, { additionalProperties: false });
const REQUEST_STATUSES = ['Active', 'Cancel'] as const;

const RequestFields = {
  sourceId: opt(Text(100)), attendeeTypeCode: opt(Text(20)), locale: opt(Text(8)),
  housingEvent: IdOf('The housing event.'),
  attendeeType: opt(IdOf('An attendee type of the housing event.')), roomType: opt(IdOf('A room type of the housing event.')), hotel: opt(IdOf('A hotel of the housing event.')),
  sendAcknowledgement: opt(Type.Boolean()), splitFolio: opt(Type.Boolean()),
  redirectURL: opt(Type.String({ format: 'uri', maxLength: 2048 })),
  customFields: opt(CustomFieldsSchema), accessible: opt(Type.Boolean()), specialRequest: opt(Text(2000)),
  rewardProgram: opt(RewardProgramSchema), membershipId: opt(Text(50)), travelDetails: opt(TravelDetailsSchema),
  attendee: opt(Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false, description: 'eventline: the attendee of the event the request is for (GET /events/{id}/event-travel/housing-reservation-requests).' })),
};
export const ReservationRequestInputSchema = Type.Object({
  ...RequestFields,
  guests: Type.Array(GuestInputSchema, { minItems: 1, maxItems: 10 }),
  id: Ignored(), status: Ignored(), confirmationNumber: Ignored(), bookingSite: Ignored(), callCenter: Ignored(), block: Ignored(),
}, { title: 'ReservationRequest', additionalProperties: false });
export type ReservationRequestInput = Static<typeof ReservationRequestInputSchema>;
export const ReservationRequestSchema = Type.Object({
  id: Type.String(), status: Type.Enum(REQUEST_STATUSES, { type: 'string' }), confirmationNumber: Type.String(),
  ...RequestFields,
  guests: Type.Array(GuestSchema, { minItems: 1, maxItems: 10 }),
  bookingSite: Link, callCenter: Link,
  reservation: opt(Type.Object({ id: Type.String() }, { description: 'eventline: the reservation linked to the request.' })),
  created: Type.String({ format: 'date-time' }), lastModified: Type.String({ format: 'date-time' }),
}, { title: 'ExistingReservationRequest' });
export type ReservationRequest = Static<typeof ReservationRequestSchema>;
export const EventRequestSchema = Type.Object({
  attendee: opt(Type.Object({ id: Type.String({ format: 'uuid' }) })),
  reservationRequest: Type.Object({ id: Type.String(), bookingSite: Link }),
  lastModified: Type.String({ format: 'date-time' }),
}, { title: 'HousingReservationResponse' });
export const EventRequestPageSchema = paginated(EventRequestSchema, 'HousingReservationPaginatedResponse');

const ReservationGuestInput = Type.Object({
  ...GuestInputSchema.properties,
  firstName: Text(40), email: Type.String({ maxLength: 254, format: 'email' }), arrival: Day('Arrival date.'), departure: Day('Departure date (the morning after the last night).'),
}, { additionalProperties: false });
export const ReservationInputSchema = Type.Object({
  housingEvent: IdOf('The housing event.'), hotel: IdOf('A hotel of the housing event.'),
  roomType: Type.Object({ id: Int('A room type of the hotel.'), name: Ignored() }, { additionalProperties: false }),
  attendeeType: IdOf('The attendee type the room type is sold to.'),
  numberOfAdults: Type.Integer({ minimum: 1, maximum: 10 }), numberOfChildren: opt(Type.Integer({ minimum: 0, maximum: 10 })),
  guests: Type.Array(ReservationGuestInput, { minItems: 1, maxItems: 10, description: 'The stay is the primary guest\'s (or the first\'s) arrival to departure; every guest\'s dates must lie within it.' }),
  sendAcknowledgement: opt(Type.Boolean()), splitFolio: opt(Type.Boolean()), customFields: opt(CustomFieldsSchema), accessible: opt(Type.Boolean()),
  specialRequest: opt(Text(2000)), rewardProgram: opt(RewardProgramSchema), membershipId: opt(Text(50)), travelDetails: opt(TravelDetailsSchema),
  modifiers: opt(Type.Object({ allowWaitList: opt(Type.Boolean({ description: 'eventline keeps no wait list: a night without a room is a 400 either way.' })) }, { additionalProperties: false })),
  id: Ignored(), confirmationNumber: Ignored(), hotelConfirmationNumber: Ignored(), reservationRequest: Ignored(), attendeeTypeCode: Ignored(),
  startDate: Ignored(), endDate: Ignored(), nights: Ignored(), isCancelled: Ignored(), isCanceled: Ignored(), noShow: Ignored(), isModified: Ignored(),
  isWaitListed: Ignored(), cancelled: Ignored(), created: Ignored(), createdBy: Ignored(), lastModified: Ignored(), lastModifiedBy: Ignored(),
  bookingSite: Ignored(), callCenter: Ignored(), totalCharges: Ignored(), bookingContact: Ignored(), addOns: Ignored(), blockCode: Ignored(),
}, { title: 'NewReservation', additionalProperties: false });
export type ReservationInput = Static<typeof ReservationInputSchema>;
export const ReservationSchema = Type.Object({
  id: Type.String(), confirmationNumber: Type.String(),
  created: Type.String({ format: 'date-time' }), createdBy: Type.String(), lastModified: Type.String({ format: 'date-time' }), lastModifiedBy: Type.String(),
  reservationRequest: opt(Type.Object({ id: Type.String() })),
  attendeeTypeCode: Type.String(), attendeeType: Type.Object({ id: Type.Integer() }), roomType: Type.Object({ id: Type.Integer(), name: Type.String() }),
  sendAcknowledgement: Type.Boolean(), splitFolio: opt(Type.Boolean()),
  startDate: Type.String({ format: 'date-time' }), endDate: Type.String({ format: 'date-time' }),
  numberOfAdults: Type.Integer(), numberOfChildren: Type.Integer(),
  nights: Type.Array(Type.Object({ stayDate: Day('The night.'), status: Type.Enum(['confirmed', 'waitlisted'], { type: 'string' }), rate: Rate }), { minItems: 1 }),
  guests: Type.Array(Type.Object({
    ...GuestFields, firstName: Type.String(), lastName: Type.String(), email: Type.String(), arrival: Day('Arrival.'), departure: Day('Departure.'),
  }), { minItems: 1, maxItems: 10 }),
  customFields: opt(CustomFieldsSchema), accessible: opt(Type.Boolean()), specialRequest: opt(Type.String()),
  isCancelled: Type.Boolean(), isCanceled: Type.Boolean(), noShow: Type.Boolean(), isModified: Type.Boolean(), isWaitListed: Type.Boolean(),
  cancelled: opt(Type.String({ format: 'date-time' })),
  rewardProgram: opt(RewardProgramSchema), membershipId: opt(Type.String()), travelDetails: opt(TravelDetailsSchema),
  housingEvent: Type.Object({ id: Type.Integer() }), hotel: Type.Object({ id: Type.Integer(), name: Type.String() }),
  totalCharges: Type.Object({ totalAmount: Type.Number({ description: 'The nights\' rates added up.' }), currency: Type.String() }),
  bookingSite: Link, callCenter: Link,
}, { title: 'ExistingReservation' });
export type Reservation = Static<typeof ReservationSchema>;
export const ReservationPageSchema = paginated(ReservationSchema, 'ExistingReservations');

// ---- Hotel room rates ----

export const RoomRatesInputSchema = Type.Object({
  rateCode: opt(Text(50)), startDate: Day('First night the rate applies to.'), endDate: Day('Last night the rate applies to (inclusive).'),
  roomRate: Type.Number({ minimum: 0, maximum: 1_000_000, description: 'The rate per night (at most 2 decimals).' }),
  currencyCode: opt(Currency('Must be the housing event\'s currency (default USD).')),
}, { title: 'HotelRoomRatesRequest', additionalProperties: false });
export type RoomRatesInput = Static<typeof RoomRatesInputSchema>;
export const RoomRatesSchema = Type.Object({
  hotelCode: Type.String(), roomCode: Type.String(), rateCode: opt(Type.String()), startDate: Day('First night.'), endDate: Day('Last night.'),
  roomRate: Type.Number(), currencyCode: Type.String(), nights: Type.Integer({ description: 'eventline: how many nights of the block took the rate.' }),
}, { title: 'HotelRoomRatesResponse' });
export type RoomRates = Static<typeof RoomRatesSchema>;
