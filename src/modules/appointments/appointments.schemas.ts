import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

// The reference's schemas of the Appointments tag (appointment-event, appointment-type, location, appointment-attendee,
// appointment-availability, attendee-appointment-meeting-interest, available-time, appointment-with-questions): its
// field names, lengths and enums. The write bodies of appointment events, types, locations, attendees, availability
// and meeting interests are eventline extensions (DESIGN rule 11); fields the reference lacks are marked "eventline".

const opt = Type.Optional;
const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const Ref = (description: string) => Type.Object({ id: Uuid(description) });
const Instant = (description: string) => Type.String({ format: 'date-time', description });
const Local = (description: string) => Type.String({ minLength: 16, maxLength: 19, description: `${description} A wall-clock time of the appointment event's time zone, YYYY-MM-DDTHH:mm[:ss] (no offset).` });
const Audit = {
  created: opt(Instant('When this record was created.')),
  createdBy: opt(Type.String({ description: 'Who created this record.' })),
  lastModified: opt(Instant('When this record was last updated.')),
  lastModifiedBy: opt(Type.String({ description: 'Who last updated this record.' })),
};

const { limit, token, filter, after, before } = listQuerySchema().properties;
export const PagingQuerySchema = Type.Object({ limit, token }, { additionalProperties: false });
export const FilteredQuerySchema = Type.Object({ limit, token, filter }, { additionalProperties: false });
export const WindowQuerySchema = Type.Object({ limit, token, filter, after, before }, { additionalProperties: false });

export const IdParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'The record\'s ID.' }) });
export const EventParamsSchema = Type.Object({ id: Uuid('ID of an appointment event.') });
export const AppointmentParamsSchema = Type.Object({ id: Uuid('ID of an appointment event.'), apptId: Uuid('ID of an appointment of the appointment event.') });
export const NotifyQuerySchema = Type.Object({
  suppressNotifications: opt(Type.Boolean({ description: 'eventline sends no appointment notifications: accepted and ignored.' })),
}, { additionalProperties: false });

// ---- Appointment events ----

export const APPT_EVENT_TYPES = ['STANDARD', 'UNIVERSAL', 'PLANNER_COORDINATED', 'SIMPLE'] as const;
export const APPT_EVENT_STATUSES = ['ACTIVE', 'CLOSED', 'COMPLETED', 'PENDING'] as const;

export const AppointmentEventInputSchema = Type.Object({
  event: Ref('The event the appointments are booked during.'),
  title: Type.String({ minLength: 1, maxLength: 300 }),
  description: opt(Type.String({ maxLength: 300 })),
  apptEventType: opt(Type.Enum(APPT_EVENT_TYPES, { type: 'string', description: 'Default STANDARD.' })),
  status: opt(Type.Enum(APPT_EVENT_STATUSES, { type: 'string', description: 'Default ACTIVE.' })),
  timezone: Type.String({ minLength: 1, maxLength: 29, description: 'The IANA time zone the schedule and availability are written in (e.g. America/New_York).' }),
  start: Instant('When appointments may start.'),
  end: Instant('When appointments must have ended.'),
  defaultLocale: opt(Type.String({ maxLength: 35 })),
}, { title: 'AppointmentEventInput', additionalProperties: false });
export type AppointmentEventInput = Static<typeof AppointmentEventInputSchema>;

export const AppointmentEventSchema = Type.Object({
  id: Uuid('The appointment event.'),
  code: Type.String({ maxLength: 11 }),
  event: opt(Ref('The event.')),
  apptEventType: Type.Enum(APPT_EVENT_TYPES, { type: 'string' }),
  status: Type.Enum(APPT_EVENT_STATUSES, { type: 'string' }),
  deleted: opt(Type.Boolean()),
  archived: opt(Type.Boolean()),
  defaultLocale: opt(Type.String({ maxLength: 35 })),
  title: Type.String({ maxLength: 300 }),
  description: opt(Type.String({ maxLength: 300 })),
  start: Instant('Start.'),
  end: Instant('End.'),
  timezone: opt(Type.String({ maxLength: 29 })),
  ...Audit,
}, { title: 'AppointmentEvent' });
export type AppointmentEvent = Static<typeof AppointmentEventSchema>;
export const AppointmentEventPageSchema = paginated(AppointmentEventSchema, 'AppointmentEventPaginatedResponse');

// ---- Appointment types ----

export const TYPE_CATEGORIES = ['CUSTOM_APPOINTMENT', 'EXHIBITOR_NETWORKING', 'SELF_SIGN_UP'] as const;
export const TIME_RANGE_TYPES = ['DEFINED', 'FLEXIBLE'] as const;

const ScheduleRange = Type.Object({ start: Local('Start.'), end: Local('End.') }, { additionalProperties: false });
export const AppointmentTypeInputSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 300 }),
  category: opt(Type.Enum(TYPE_CATEGORIES, { type: 'string', description: 'Default CUSTOM_APPOINTMENT.' })),
  timeRangeType: opt(Type.Enum(TIME_RANGE_TYPES, { type: 'string', description: 'DEFINED (default): fixed slots of `duration` minutes from each range\'s start; FLEXIBLE: any time inside a range.' })),
  duration: opt(Type.Integer({ minimum: 5, maximum: 1440, description: 'eventline: the length of a DEFINED slot, in minutes (default 30).' })),
  timeRanges: Type.Array(ScheduleRange, { minItems: 1, maxItems: 200, description: 'eventline: when this type of appointment may be booked.' }),
}, { title: 'AppointmentTypeInput', additionalProperties: false });
export type AppointmentTypeInput = Static<typeof AppointmentTypeInputSchema>;

export const AppointmentTypeSchema = Type.Object({
  id: Uuid('The appointment type.'),
  name: Type.String(),
  category: Type.Enum(TYPE_CATEGORIES, { type: 'string' }),
  timeRangeType: Type.Enum(TIME_RANGE_TYPES, { type: 'string' }),
  duration: opt(Type.Integer({ description: 'eventline: a DEFINED slot\'s length in minutes.' })),
  timeRanges: opt(Type.Array(Type.Object({ start: Type.String(), end: Type.String() }), { description: 'eventline: the schedule, in the appointment event\'s time zone.' })),
}, { title: 'AppointmentType' });
export type AppointmentType = Static<typeof AppointmentTypeSchema>;
export const AppointmentTypePageSchema = paginated(AppointmentTypeSchema, 'AppointmentTypesPaginatedResponse');

// ---- Locations ----

export const LocationInputSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 300 }),
  parentLocation: opt(Ref('A location of the same appointment event this one is part of.')),
  capacity: opt(Type.Integer({ minimum: 0, maximum: 100_000 })),
}, { title: 'LocationInput', additionalProperties: false });
export type LocationInput = Static<typeof LocationInputSchema>;

export const LocationSchema = Type.Object({
  id: Uuid('The location.'),
  name: Type.String(),
  parentLocation: opt(Type.Object({ id: Uuid('The parent location.'), name: Type.String() })),
  capacity: opt(Type.Integer()),
}, { title: 'Location' });
export type Location = Static<typeof LocationSchema>;
export const LocationPageSchema = paginated(LocationSchema, 'LocationsPaginatedResponse');

// ---- Appointment attendees ----

export const AppointmentAttendeeInputSchema = Type.Object({
  appointmentEvent: Ref('The appointment event.'),
  contact: Ref('A contact of the account.'),
  registration: opt(Ref('The contact\'s attendee record in the appointment event\'s event.')),
}, { title: 'AppointmentAttendeeInput', additionalProperties: false });
export type AppointmentAttendeeInput = Static<typeof AppointmentAttendeeInputSchema>;

export const AppointmentAttendeeSchema = Type.Object({
  id: Type.String(),
  code: opt(Type.String({ maxLength: 11 })),
  appointmentEvent: Ref('The appointment event.'),
  contact: Ref('The contact.'),
  registration: opt(Ref('The attendee record.')),
  created: opt(Instant('Created.')),
  modified: opt(Instant('Last modified.')),
  deleted: opt(Type.Boolean()),
}, { title: 'AppointmentAttendee' });
export type AppointmentAttendee = Static<typeof AppointmentAttendeeSchema>;
export const AppointmentAttendeePageSchema = paginated(AppointmentAttendeeSchema, 'AppointmentAttendeePaginatedResponse');

// ---- Availability ----

export const AVAILABILITY_TYPES = ['AVAILABLE', 'UNAVAILABLE'] as const;
const AvailabilityRange = Type.Object({
  start: Local('Start.'), end: Local('End.'), type: Type.Enum(AVAILABILITY_TYPES, { type: 'string' }),
}, { additionalProperties: false });
export const AvailabilityInputSchema = Type.Object({
  attendee: Type.Object({ id: Uuid('An appointment attendee.') }),
  timeRanges: Type.Array(AvailabilityRange, { maxItems: 200 }),
}, { title: 'AppointmentAvailabilityInput', additionalProperties: false });
export type AvailabilityInput = Static<typeof AvailabilityInputSchema>;

export const AvailabilitySchema = Type.Object({
  id: Type.String(),
  attendee: Type.Object({ id: Type.String() }),
  appointmentEvent: Ref('The appointment event.'),
  timeRanges: Type.Array(Type.Object({ start: Type.String(), end: Type.String(), type: Type.Enum(AVAILABILITY_TYPES, { type: 'string' }) })),
  created: opt(Instant('Created.')),
  lastModified: opt(Instant('Last modified.')),
  deleted: opt(Type.Boolean()),
}, { title: 'AppointmentAvailability' });
export type Availability = Static<typeof AvailabilitySchema>;
export const AvailabilityPageSchema = paginated(AvailabilitySchema, 'AppointmentAvailabilityPaginatedResponse');

// ---- Meeting interests ----

const Interest = Type.Object({
  name: opt(Type.String({ maxLength: 300 })),
  exhibitor: opt(Ref('The exhibitor.')),
  ranking: opt(Type.String({ maxLength: 100 })),
  meetingType: opt(Type.String({ maxLength: 100 })),
  comment: opt(Type.String({ maxLength: 2000 })),
}, { additionalProperties: false });
export const MeetingInterestInputSchema = Type.Object({
  attendee: Type.Object({ id: Uuid('An appointment attendee.') }),
  interests: Type.Array(Interest, { maxItems: 100 }),
}, { title: 'AppointmentMeetingInterestInput', additionalProperties: false });
export type MeetingInterestInput = Static<typeof MeetingInterestInputSchema>;
export type InterestItem = Static<typeof Interest>;

export const MeetingInterestSchema = Type.Object({
  id: Type.String(),
  attendee: Type.Object({ id: Type.String() }),
  appointmentEvent: Ref('The appointment event.'),
  interests: Type.Array(Interest),
  created: opt(Instant('Created.')),
  lastModified: opt(Instant('Last modified.')),
  deleted: opt(Type.Boolean()),
}, { title: 'AttendeeAppointmentMeetingInterest' });
export type MeetingInterest = Static<typeof MeetingInterestSchema>;
export const MeetingInterestPageSchema = paginated(MeetingInterestSchema, 'AttendeeAppointmentMeetingInterestsPaginatedResponse');

// ---- Available times ----

export const AvailableTimeSchema = Type.Object({
  id: Uuid('The time range (the same for the same slot on every read).'),
  startTime: Instant('Start, in UTC.'),
  endTime: Instant('End, in UTC.'),
  type: Type.Enum(TIME_RANGE_TYPES, { type: 'string' }),
  appointmentType: Ref('The appointment type.'),
  location: opt(Ref('The location.')),
  availableAppointments: opt(Type.Integer({ description: '1 for a DEFINED slot; -1 (any number) for a FLEXIBLE range.' })),
}, { title: 'AvailableTime' });
export type AvailableTime = Static<typeof AvailableTimeSchema>;
export const AvailableTimePageSchema = paginated(AvailableTimeSchema, 'AvailableTimesPaginatedResponse');

// ---- Appointments ----

export const APPOINTMENT_STATUSES = ['ACTIVE', 'CONFIRMED', 'CANCELLED', 'PENDING_APPROVAL', 'DENIED', 'PENDING', 'PENDING_ASSIGNMENT',
  'PENDING_HOST_ASSIGNMENT', 'PENDING_APPROVAL_AND_ASSIGNMENT', 'TENTATIVE'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
const PARTICIPANT_TYPES = ['Host', 'Attendee'] as const;
const PARTICIPANT_RESPONSES = ['CONFIRMED', 'TENTATIVE', 'PENDING', 'DECLINED'] as const;
const PARTICIPANT_STATUSES = ['pending', 'pending_proposed', 'confirmed', 'declined', 'cancelled', 'tentative'] as const;
export type ParticipantType = (typeof PARTICIPANT_TYPES)[number];

const contactIds = (description: string) => Type.Array(Uuid('A contact who is an appointment attendee of the appointment event.'), { maxItems: 50, description });
const AppointmentBase = {
  subject: Type.String({ minLength: 1, maxLength: 300, description: 'The appointment\'s name.' }),
  description: opt(Type.String({ maxLength: 2000 })),
  startTime: Instant('Start, in UTC.'),
  endTime: Instant('End, in UTC.'),
  location: opt(Uuid('A location of the appointment event.')),
  customLocationName: opt(Type.String({ maxLength: 300 })),
  hosts: contactIds('Contact ids of the hosts (at least one).'),
  attendees: opt(contactIds('Contact ids of the attendees.')),
  enforceScheduleRule: opt(Type.Boolean({ description: 'Default true: the appointment must be a slot (DEFINED) or inside a range (FLEXIBLE) of its type, and inside every participant\'s availability.' })),
};
export const CreateAppointmentSchema = Type.Object({
  ...AppointmentBase,
  code: opt(Type.String({ minLength: 1, maxLength: 36, pattern: '^[a-zA-Z0-9-.%]+$' })),
  appointmentTypeId: Uuid('An appointment type of the appointment event.'),
  autoAccept: opt(Type.Boolean()),
}, { title: 'CreateAppointmentRequest', additionalProperties: false });
export type CreateAppointmentInput = Static<typeof CreateAppointmentSchema>;
export const UpdateAppointmentSchema = Type.Object({
  ...AppointmentBase,
  id: opt(Uuid('The appointment (the path\'s).')),
  code: opt(Type.String({ minLength: 1, maxLength: 36, pattern: '^[a-zA-Z0-9-.%]+$' })),
  appointmentTypeId: opt(Uuid('eventline: another appointment type of the appointment event (kept when left out).')),
  autoAccept: opt(Type.Boolean()),
}, { title: 'UpdateAppointmentRequest', additionalProperties: false });
export type UpdateAppointmentInput = Static<typeof UpdateAppointmentSchema>;

const ParticipantSchema = Type.Object({
  attendee: Type.Object({ id: Type.String(), contact: Ref('The contact.') }),
  type: Type.Enum(PARTICIPANT_TYPES, { type: 'string' }),
  response: opt(Type.Enum(PARTICIPANT_RESPONSES, { type: 'string' })),
  status: opt(Type.Enum(PARTICIPANT_STATUSES, { type: 'string' })),
  deleted: opt(Type.Boolean()),
  ...Audit,
});
export const AppointmentSchema = Type.Object({
  id: Uuid('The appointment.'),
  code: opt(Type.String({ minLength: 1, maxLength: 36 })),
  name: Type.String(),
  description: opt(Type.String()),
  start: Instant('Start, in UTC.'),
  end: Instant('End, in UTC.'),
  status: opt(Type.Enum(APPOINTMENT_STATUSES, { type: 'string' })),
  location: opt(Type.Object({ id: opt(Uuid('eventline: the location.')), name: opt(Type.String()) })),
  type: Type.Object({ id: opt(Uuid('eventline: the appointment type.')), name: opt(Type.String()) }),
  appointmentEvent: opt(Ref('The appointment event.')),
  participants: Type.Array(ParticipantSchema),
  // The reference's schema requires `participant` (beside `participants`) without describing it: eventline gives the
  // first host there.
  participant: ParticipantSchema,
  autoAcceptAttendees: opt(Type.Boolean()),
  enforceScheduleRules: opt(Type.Boolean()),
  deleted: opt(Type.Boolean()),
  questions: opt(Type.Array(Type.Object({ id: Uuid('A question.'), value: Type.Array(Type.String()) }), { description: 'eventline asks no appointment questions: always empty.' })),
  ...Audit,
}, { title: 'AppointmentWithQuestions' });
export type Appointment = Static<typeof AppointmentSchema>;
export const AppointmentPageSchema = paginated(AppointmentSchema, 'AppointmentPaginatedResponse');
