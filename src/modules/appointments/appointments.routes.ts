import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import type { FilterFields } from '../../lists/index.js';
import {
  APPOINTMENTS_LIST, ATTENDEES_LIST, AVAILABILITY_LIST, availableList, EVENTS_LIST, INTERESTS_LIST, locationsList, typesList,
} from './appointments.filters.js';
import {
  AppointmentAttendeeInputSchema, AppointmentAttendeePageSchema, AppointmentAttendeeSchema, AppointmentEventInputSchema, AppointmentEventPageSchema,
  AppointmentEventSchema, AppointmentPageSchema, AppointmentParamsSchema, AppointmentSchema, AppointmentTypeInputSchema, AppointmentTypePageSchema,
  AppointmentTypeSchema, AvailabilityInputSchema, AvailabilityPageSchema, AvailabilitySchema, AvailableTimePageSchema, CreateAppointmentSchema,
  EventParamsSchema, FilteredQuerySchema, IdParamsSchema, LocationInputSchema, LocationPageSchema, LocationSchema, MeetingInterestInputSchema,
  MeetingInterestPageSchema, MeetingInterestSchema, NotifyQuerySchema, PagingQuerySchema, UpdateAppointmentSchema, WindowQuerySchema,
} from './appointments.schemas.js';
import type { AppointmentsService } from './appointments.service.js';

const NoContent = (description: string) => Type.Null({ description });
const filters = (fields: FilterFields) =>
  `Filterable (the reference's list): ${Object.entries(fields).map(([name, f]) => `${name} (${f.ops.join('|')})`).join(', ')}.`;
const EXTENSION = 'An eventline extension (DESIGN rule 11): the reference only reads these.';
const WINDOW = '`after` / `before` bound lastModified.';
// Lists of one appointment event carry its id in the name of the list, so their filter fields are the same for every one.
const ANY = '00000000-0000-0000-0000-000000000000';

export function appointmentsRoutes(appointments: AppointmentsService) {
  return operations((op) => {
    // ---- Appointment events ----
    op.list('listAppointmentEvents', {
      description: `The account's appointment events, in creation order. ${filters(EVENTS_LIST.filters)} ${WINDOW}`,
      query: WindowQuerySchema, page: AppointmentEventPageSchema, filterOperationId: null, filters: EVENTS_LIST.filters,
      list: (auth, query) => appointments.listEvents(auth.accountId, query),
    });
    op('getAppointmentEventById', { params: EventParamsSchema, response: { 200: AppointmentEventSchema } },
      async ({ auth, params }) => appointments.getEvent(auth.accountId, params.id));
    op('createAppointmentEvent', {
      description: `Adds an appointment event to an event, with the IANA time zone its schedule and people's availability are written in. ${EXTENSION}`,
      body: AppointmentEventInputSchema, response: { 201: AppointmentEventSchema },
    }, async ({ auth, body }) => appointments.createEvent(auth, body));

    // ---- Appointment types ----
    op.list('listAppointmentTypes', {
      description: 'The appointment event\'s appointment types with their schedules (eventline: `duration`, `timeRanges`).',
      params: EventParamsSchema, query: PagingQuerySchema, page: AppointmentTypePageSchema, filterOperationId: null, errors: [404], filters: typesList(ANY).filters,
      list: (auth, query, params) => appointments.listTypes(auth.accountId, params.id, query),
    });
    op('createAppointmentType', {
      description: 'Adds an appointment type and its schedule: time ranges in the appointment event\'s time zone, inside the appointment event. DEFINED: slots of '
        + '`duration` minutes from each range\'s start, in elapsed time (a range across a change of the clocks has as many slots as real hours allow); FLEXIBLE: any '
        + `time inside a range. ${EXTENSION}`,
      params: EventParamsSchema, body: AppointmentTypeInputSchema, response: { 201: AppointmentTypeSchema },
    }, async ({ auth, params, body }) => appointments.createType(auth, params.id, body));

    // ---- Locations ----
    op.list('listLocations', {
      description: 'The appointment event\'s locations.',
      params: EventParamsSchema, query: PagingQuerySchema, page: LocationPageSchema, filterOperationId: null, errors: [404], filters: locationsList(ANY).filters,
      list: (auth, query, params) => appointments.listLocations(auth.accountId, params.id, query),
    });
    op('createAppointmentLocation', {
      description: `Adds a location to the appointment event; a location holds one appointment at a time. ${EXTENSION}`,
      params: EventParamsSchema, body: LocationInputSchema, response: { 201: LocationSchema },
    }, async ({ auth, params, body }) => appointments.createLocation(auth, params.id, body));

    // ---- Available times ----
    op.list('listAvailableTimes', {
      description: 'What can still be booked, in UTC: each DEFINED slot that is not booked (as a slot, or at its location), and each stretch of a FLEXIBLE '
        + 'range its location is free; computed from the schedule in the appointment event\'s time zone, so a change of the clocks moves the UTC times. '
        + `With locations, one entry per location. In (startTime, id) order. ${filters(availableList(ANY).filters)}`,
      params: EventParamsSchema, query: FilteredQuerySchema, page: AvailableTimePageSchema, filterOperationId: null, errors: [404], filters: availableList(ANY).filters,
      list: (auth, query, params) => appointments.listAvailable(auth.accountId, params.id, query),
    });

    // ---- Appointment attendees ----
    op.list('listAppointmentAttendees', {
      description: `The account's appointment attendees, in creation order. ${filters(ATTENDEES_LIST.filters)} ${WINDOW}`,
      query: WindowQuerySchema, page: AppointmentAttendeePageSchema, filterOperationId: null, filters: ATTENDEES_LIST.filters,
      list: (auth, query) => appointments.listAttendees(auth.accountId, query),
    });
    op('getAppointmentAttendeeById', { params: IdParamsSchema, response: { 200: AppointmentAttendeeSchema } },
      async ({ auth, params }) => appointments.getAttendee(auth.accountId, params.id));
    op('createAppointmentAttendee', {
      description: `Makes a contact of the account an attendee of an appointment event (once: 409 otherwise), optionally linked to its attendee record in the event. ${EXTENSION}`,
      body: AppointmentAttendeeInputSchema, response: { 201: AppointmentAttendeeSchema }, errors: [409],
    }, async ({ auth, body }) => appointments.createAttendee(auth, body));

    // ---- Availability ----
    op.list('listAvailability', {
      description: `Appointment attendees' availability, in creation order; times in the appointment event's time zone. ${filters(AVAILABILITY_LIST.filters)} ${WINDOW}`,
      query: WindowQuerySchema, page: AvailabilityPageSchema, filterOperationId: null, filters: AVAILABILITY_LIST.filters,
      list: (auth, query) => appointments.listAvailability(auth.accountId, query),
    });
    op('getAvailabilityById', { params: IdParamsSchema, response: { 200: AvailabilitySchema } },
      async ({ auth, params }) => appointments.getAvailability(auth.accountId, params.id));
    op('createAvailability', {
      description: 'Records when an appointment attendee is AVAILABLE or UNAVAILABLE, in the appointment event\'s time zone. A booking with schedule rules keeps out '
        + `of UNAVAILABLE ranges and, when the attendee has AVAILABLE ones, inside one (422 naming the participant). ${EXTENSION}`,
      body: AvailabilityInputSchema, response: { 201: AvailabilitySchema },
    }, async ({ auth, body }) => appointments.createAvailability(auth, body));

    // ---- Meeting interests ----
    op.list('listMeetingInterests', {
      description: `Appointment attendees' meeting interests, in creation order. ${filters(INTERESTS_LIST.filters)} ${WINDOW}`,
      query: WindowQuerySchema, page: MeetingInterestPageSchema, filterOperationId: null, filters: INTERESTS_LIST.filters,
      list: (auth, query) => appointments.listInterests(auth.accountId, query),
    });
    op('getMeetingInterestById', { params: IdParamsSchema, response: { 200: MeetingInterestSchema } },
      async ({ auth, params }) => appointments.getInterest(auth.accountId, params.id));
    op('createMeetingInterest', {
      description: `Records an appointment attendee's meeting interests (exhibitors, rankings, comments; comments are personal data). ${EXTENSION}`,
      body: MeetingInterestInputSchema, response: { 201: MeetingInterestSchema },
    }, async ({ auth, body }) => appointments.createInterest(auth, body));

    // ---- Appointments ----
    op.list('listAppointments', {
      description: `The account's appointments (cancelled ones too, with status CANCELLED), in creation order. ${filters(APPOINTMENTS_LIST.filters)} `
        + `participants.attendee.contact.id may be compared once, joined with \`and\`. ${WINDOW}`,
      query: WindowQuerySchema, page: AppointmentPageSchema, filterOperationId: null, filters: APPOINTMENTS_LIST.filters,
      list: (auth, query) => appointments.listAppointments(auth.accountId, query),
    });
    op('getAppointmentById', { params: IdParamsSchema, response: { 200: AppointmentSchema } },
      async ({ auth, params }) => appointments.getAppointment(auth.accountId, params.id));
    const BOOKING = 'Hosts and attendees are contact ids of appointment attendees of the appointment event. In one transaction the appointment takes its '
      + 'slot, its location and each participant for its time: a participant or location already booked for any part of it (in any appointment event) is '
      + '409 naming who or what (`target`: hosts[i], attendees[i], location, startTime), and of concurrent bookings of one slot one wins. With '
      + '`enforceScheduleRule` (default true) it must be a slot (DEFINED) or inside a range (FLEXIBLE) of its type and within each participant\'s '
      + 'availability: 422 otherwise. `suppressNotifications` is accepted; eventline sends no appointment notifications.';
    op('createAppointment', {
      description: `Books an appointment. ${BOOKING}`,
      params: EventParamsSchema, querystring: NotifyQuerySchema, body: CreateAppointmentSchema, response: { 201: AppointmentSchema }, errors: [409],
    }, async ({ auth, params, body }) => appointments.createAppointment(auth, params.id, body));
    op('updateAppointment', {
      description: `Replaces the appointment's time, place and people (its type is kept unless appointmentTypeId is given), checked as a new booking with itself set aside. ${BOOKING}`,
      params: AppointmentParamsSchema, querystring: NotifyQuerySchema, body: UpdateAppointmentSchema, response: { 200: AppointmentSchema }, errors: [409],
    }, async ({ auth, params, body }) => appointments.updateAppointment(auth, params.id, params.apptId, body));
    op('cancelAppointment', {
      description: 'Cancels the appointment: its slot, location and participants\' time are free again (it stays readable with status CANCELLED; cancelling again changes nothing).',
      params: AppointmentParamsSchema, querystring: NotifyQuerySchema, response: { 204: NoContent('Cancelled.') },
    }, async ({ auth, params }) => appointments.cancelAppointment(auth, params.id, params.apptId).then(() => null));
  });
}
