import { Type, type Static, type TSchema } from 'typebox';
import { listQuerySchema } from '../../http/paging.js';
import { PagingSchema } from '../../http/paging.js';

// The reference's Event Travel schemas (air-reservation-detail, air-actual-detail, hotel-reservation-detail,
// alternate-travel-paginated-response). A list's item is one attendee with its requests; the inputs (one request each,
// naming the attendee) are eventline's extensions (DESIGN rule 11).

const opt = <T extends TSchema>(s: T) => Type.Optional(s);
const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const text = (maxLength: number) => Type.String({ maxLength });
const literals = <T extends string[]>(values: readonly [...T], title: string) => Type.Enum(values, { title, type: 'string' });
const DateTime = () => Type.String({ format: 'date-time' });

const Audit = {
  created: DateTime(), createdBy: Type.String(), lastModified: DateTime(), lastModifiedBy: Type.String(),
};
const ReadOnly = () => opt(Type.String({ description: 'Read-only: ignored.' }));
const ReadOnlyAudit = { created: ReadOnly(), createdBy: ReadOnly(), lastModified: ReadOnly(), lastModifiedBy: ReadOnly() };

export const TRAVEL_STATUSES = ['SUBMITTED', 'PROCESSING', 'APPROVED', 'RESERVED', 'DENIED', 'NOT_AVAILABLE', 'CANCELLED', 'PENDING', 'TICKETED', 'WAITLISTED'] as const;
export type TravelStatus = typeof TRAVEL_STATUSES[number];
const Status = literals(TRAVEL_STATUSES, 'TravelRequestStatus');
const GENDERS = ['Male', 'Female', 'Non-binary', 'Rather not say'] as const;
const Gender = literals(GENDERS, 'Gender');
const AttendeeRef = Type.Object({ id: Uuid('An attendee of the event.') }, { title: 'Attendee' });
const Answer = Type.Object(
  { question: Type.Object({ id: Uuid('The question.') }), value: Type.Array(Type.String({ maxLength: 2000 }), { maxItems: 50 }) },
  { title: 'AttendeeAnswer', additionalProperties: false },
);
const Answers = opt(Type.Array(Answer, { maxItems: 50 }));

const { limit, token, after, before, filter } = listQuerySchema().properties;
const sort = (fields: readonly string[]) => opt(Type.String({ maxLength: 200, description: `Sort order, e.g. ${fields[0] ?? ''}:DESC. Sortable: ${fields.join(', ')}.` }));
const expand = (field: string) => opt(Type.Array(Type.Literal(field), {
  description: `Accepted: ${field}. The answers' questions are given by id (what the reference's schema holds); their text is at GET /event-questions.`,
}));
export const AIR_REQUEST_SORT = ['airRequestDetails.requesterFirstName', 'airRequestDetails.requesterLastName', 'airRequestDetails.lastModified'] as const;
export const AIR_ACTUAL_SORT = ['airActualDetails.name', 'airActualDetails.lastModified'] as const;
export const HOTEL_REQUEST_SORT = ['hotelRequestDetails.requesterFirstName', 'hotelRequestDetails.requesterLastName', 'hotelRequestDetails.lastModified'] as const;
export const AirRequestQuerySchema = Type.Object(
  { limit, token, after, before, filter, sort: sort(AIR_REQUEST_SORT), expand: expand('airRequestDetails.airRequestAnswers.question') }, { additionalProperties: false },
);
export const AirActualQuerySchema = Type.Object(
  { limit, token, after, before, filter, sort: sort(AIR_ACTUAL_SORT), expand: expand('airActualDetails.airActualAnswers.question') }, { additionalProperties: false },
);
export const HotelRequestQuerySchema = Type.Object(
  { limit, token, after, before, filter, sort: sort(HOTEL_REQUEST_SORT), expand: expand('hotelRequestDetails.hotelRequestAnswers.question') }, { additionalProperties: false },
);
export const AlternateQuerySchema = Type.Object({ limit, token, after, before, filter }, { additionalProperties: false });

export const EventParamsSchema = Type.Object({ id: Uuid('ID of an event.') });
export const AirRequestParamsSchema = Type.Object({ id: Uuid('ID of an event.'), airRequestId: Uuid('ID of an air request of the event.') });
export const AirActualParamsSchema = Type.Object({ id: Uuid('ID of an event.'), airActualId: Uuid('ID of an air actual of the event.') });
export const HotelRequestParamsSchema = Type.Object({ id: Uuid('ID of an event.'), hotelRequestId: Uuid('ID of a hotel request of the event.') });
export const AlternateParamsSchema = Type.Object({ id: Uuid('ID of an event.'), answerId: Uuid('ID of an alternate travel answer of the event.') });

const Requester = {
  requesterId: opt(Uuid('Who asked: by default the attendee\'s contact.')),
};

// ---- Air requests ----

const Leg = Type.Object({ origin: opt(text(100)), destination: opt(text(100)), date: opt(DateTime()), time: opt(text(20)) }, { title: 'LegDetail', additionalProperties: false });
/** The AirRequest fields kept as the request's details (everything but ids, status, the requester's first and last name and the answers). */
export const AirRequestDetailFields = {
  requesterMiddleName: opt(text(30)),
  requesterSuffix: opt(literals(['II', 'III', 'IV', 'V', 'Sr.', 'Jr.'] as const, 'Suffix')),
  fullName: opt(text(200)),
  redressNumber: opt(text(50)),
  knownTravelerNumber: opt(text(50)),
  outgoingLeg: opt(Leg),
  incomingLeg: opt(Leg),
  seatType: opt(literals(['Aisle', 'Window'] as const, 'SeatType')),
  ticketType: opt(literals(['Economy/Coach', 'Business', 'FirstClass'] as const, 'TicketType')),
  foodPreference: opt(text(300)),
  specialRequest: opt(text(300)),
  airlinePreference: opt(Type.Array(Type.Object({ airlineName: opt(text(100)), rewardsCode: opt(text(50)) }, { title: 'Airline Preference', additionalProperties: false }), { maxItems: 3 })),
  ageCategory: opt(literals(['Adult', 'Senior', 'Child', 'Infant'] as const, 'AgeCategory')),
  dateOfBirth: opt(Type.String({ format: 'date' })),
  gender: opt(Gender),
  plannerMemo: opt(text(300)),
};
const AirRequestCommon = {
  ...Requester,
  requesterType: opt(literals(['Contact', 'Guest', 'Unknown'] as const, 'AirRequesterType')),
  requesterFirstName: opt(text(50)),
  requesterLastName: opt(text(50)),
  ...AirRequestDetailFields,
  status: opt(Status),
};
export const AirRequestInputSchema = Type.Object(
  { attendee: AttendeeRef, airRequestId: opt(Uuid('Read-only: ignored.')), ...AirRequestCommon, airRequestAnswers: Answers, ...ReadOnlyAudit },
  { title: 'AirRequest', additionalProperties: false },
);
export type AirRequestInput = Static<typeof AirRequestInputSchema>;
export const AirRequestSchema = Type.Object(
  { airRequestId: Uuid('The air request.'), ...AirRequestCommon, airRequestAnswers: Type.Array(Answer), ...Audit },
  { title: 'AirRequest' },
);
export type AirRequest = Static<typeof AirRequestSchema>;
export const AirRequestWriteSchema = Type.Object({ attendee: AttendeeRef, ...AirRequestSchema.properties }, { title: 'AirRequest' });
export type AirRequestWrite = Static<typeof AirRequestWriteSchema>;
export const AirReservationPageSchema = Type.Object(
  { paging: PagingSchema, data: Type.Array(Type.Object({ attendee: AttendeeRef, airRequestDetails: Type.Array(AirRequestSchema) }, { title: 'AirReservationDetail' })) },
  { title: 'AirReservationPaginatedResponse' },
);

// ---- Air actuals ----

const Flight = Type.Object(
  {
    airline: opt(text(100)), flightNumber: opt(text(20)), origin: opt(text(100)), originCode: opt(Type.String({ minLength: 3, maxLength: 3 })),
    destination: opt(text(100)), destinationCode: opt(Type.String({ minLength: 3, maxLength: 3 })), departing: opt(DateTime()), arriving: opt(DateTime()),
    seatNumber: opt(text(10)), ticketClass: opt(text(50)), flightConfirmationNumber: opt(text(50)), flightGDSRecordLocator: opt(text(50)),
    journeySegment: opt(literals(['LeavingEvent', 'GoingToEvent', 'NotApplicable'] as const, 'JourneySegment')),
  },
  { title: 'FlightDetail', additionalProperties: false },
);
export const AirActualDetailFields = {
  confirmationNumber: opt(text(50)),
  totalAmount: opt(Type.Number({ minimum: 0, maximum: 1e12 })),
  currencyCode: opt(Type.String({ minLength: 3, maxLength: 3, pattern: '^[A-Z]{3}$' })),
  note: opt(text(300)),
  recordLocatorGDS: opt(text(50)),
  noteGDS: opt(text(300)),
  journeyType: opt(literals(['Oneway', 'RoundTrip'] as const, 'JourneyType')),
  flightDetail: opt(Type.Array(Flight, { maxItems: 20 })),
};
const AirActualCommon = {
  ...Requester,
  requesterType: opt(literals(['Contact', 'Guest', 'Unknown'] as const, 'AirRequesterType')),
  status: opt(Status),
  name: opt(text(200)),
  ...AirActualDetailFields,
};
export const AirActualInputSchema = Type.Object(
  { attendee: AttendeeRef, airActualId: opt(Uuid('Read-only: ignored.')), ...AirActualCommon, airActualAnswers: Answers, ...ReadOnlyAudit },
  { title: 'AirActual', additionalProperties: false },
);
export type AirActualInput = Static<typeof AirActualInputSchema>;
export const AirActualSchema = Type.Object({ airActualId: Uuid('The air actual.'), ...AirActualCommon, airActualAnswers: Type.Array(Answer), ...Audit }, { title: 'AirActual' });
export type AirActual = Static<typeof AirActualSchema>;
export const AirActualWriteSchema = Type.Object({ attendee: AttendeeRef, ...AirActualSchema.properties }, { title: 'AirActual' });
export type AirActualWrite = Static<typeof AirActualWriteSchema>;
export const AirActualPageSchema = Type.Object(
  { paging: PagingSchema, data: Type.Array(Type.Object({ attendee: AttendeeRef, airActualDetails: Type.Array(AirActualSchema) }, { title: 'AirActualDetail' })) },
  { title: 'AirActualPaginatedResponse' },
);

// ---- Hotel requests ----

const HotelAddress = Type.Object(
  {
    address1: opt(text(40)), address2: opt(text(40)), address3: opt(text(40)), city: opt(text(40)),
    countryCode: opt(Type.String({ minLength: 2, maxLength: 3 })), postalCode: opt(text(25)), regionCode: opt(Type.String({ minLength: 2, maxLength: 10 })),
  },
  { title: 'Address', additionalProperties: false },
);
export const HotelRequestDetailFields = {
  hotelName: opt(text(100)),
  hotelCode: opt(text(30)),
  roomName: opt(text(50)),
  roomCode: opt(text(10)),
  quantity: opt(Type.Integer({ minimum: 1, maximum: 1000 })),
  roommateRequested: opt(text(200)),
  specialRequest: opt(text(300)),
  rewardsCode: opt(text(50)),
  checkinDate: opt(DateTime()),
  checkoutDate: opt(DateTime()),
  smoking: opt(Type.Boolean()),
  cancelled: opt(Type.Boolean()),
  confirmationNumber: opt(text(50)),
  isADAAccessible: opt(Type.Boolean()),
  shareRoom: opt(Type.Boolean()),
  roommateLeader: opt(Type.Boolean()),
  gender: opt(Gender),
  totalAmount: opt(Type.Number({ minimum: 0, maximum: 1e12 })),
  currencyCode: opt(Type.String({ minLength: 3, maxLength: 3, pattern: '^[A-Z]{3}$' })),
  roomCharge: opt(Type.Boolean()),
  roomTaxBillingInstructions: opt(text(500)),
  incidentalBillingInstructions: opt(text(500)),
  plannerMemo: opt(text(300)),
  earliestShoulderDate: opt(DateTime()),
  latestShoulderDate: opt(DateTime()),
  roomTaxBillingExceptions: opt(text(500)),
  incidentalBillingExceptions: opt(text(500)),
  hotelAddress: opt(HotelAddress),
  hotelRoomRates: opt(Type.Array(Type.Object({ roomNight: opt(DateTime()), roomRate: opt(Type.Number({ minimum: 0, maximum: 1e9 })) }, { title: 'HotelRoomRate', additionalProperties: false }), { maxItems: 366 })),
};
const HotelRequestCommon = {
  ...Requester,
  requesterType: opt(literals(['Contact', 'Guest'] as const, 'RequesterType')),
  requesterFirstName: opt(text(30)),
  requesterLastName: opt(text(50)),
  status: opt(Status),
  ...HotelRequestDetailFields,
};
export const HotelRequestInputSchema = Type.Object(
  { attendee: AttendeeRef, hotelRequestId: opt(Uuid('Read-only: ignored.')), ...HotelRequestCommon, hotelRequestAnswers: Answers, ...ReadOnlyAudit },
  { title: 'HotelRequest', additionalProperties: false },
);
export type HotelRequestInput = Static<typeof HotelRequestInputSchema>;
export const HotelRequestSchema = Type.Object({ hotelRequestId: Uuid('The hotel request.'), ...HotelRequestCommon, hotelRequestAnswers: Type.Array(Answer), ...Audit }, { title: 'HotelRequest' });
export type HotelRequest = Static<typeof HotelRequestSchema>;
export const HotelRequestWriteSchema = Type.Object({ attendee: AttendeeRef, ...HotelRequestSchema.properties }, { title: 'HotelRequest' });
export type HotelRequestWrite = Static<typeof HotelRequestWriteSchema>;
export const HotelReservationPageSchema = Type.Object(
  { paging: PagingSchema, data: Type.Array(Type.Object({ attendee: AttendeeRef, hotelRequestDetails: Type.Array(HotelRequestSchema) }, { title: 'HotelReservationDetail' })) },
  { title: 'HotelReservationPaginatedResponse' },
);

// ---- Alternate travel answers ----

export const TRAVEL_TYPES = ['AirRequest', 'HotelRequest', 'AirActual', 'GroupFlight'] as const;
const AlternateCommon = {
  requesterId: opt(Uuid('Who answered: by default the attendee\'s contact.')),
  requesterType: opt(literals(['Contact', 'Guest'] as const, 'RequesterType')),
  travelType: literals(TRAVEL_TYPES, 'TravelType'),
  question: Type.Object({ id: Uuid('The question.'), text: opt(text(2000)) }, { title: 'AlternateQuestion', additionalProperties: false }),
  answer: Type.Object({ value: Type.Array(Type.String({ maxLength: 2000 }), { maxItems: 50 }) }, { title: 'AlternateAnswer', additionalProperties: false }),
};
export const AlternateInputSchema = Type.Object(
  { attendee: AttendeeRef, id: opt(Uuid('Read-only: ignored.')), ...AlternateCommon, ...ReadOnlyAudit },
  { title: 'AlternateTravelDetail', additionalProperties: false },
);
export type AlternateInput = Static<typeof AlternateInputSchema>;
/** The reference's item has no id of its own; eventline adds `id` (what DELETE and PUT name). */
export const AlternateSchema = Type.Object(
  { id: Uuid('The answer (an eventline addition).'), attendee: AttendeeRef, ...AlternateCommon, ...Audit },
  { title: 'AlternateTravelDetail' },
);
export type Alternate = Static<typeof AlternateSchema>;
export const AlternatePageSchema = Type.Object({ paging: PagingSchema, data: Type.Array(AlternateSchema, { maxItems: 200 }) }, { title: 'AlternateTravelPaginatedResponse' });
