import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import { isUniqueViolation } from '../../db/constraints.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import type { Clock } from '../../db/time.js';
import type { NewRow, Row } from '../../db/types.js';
import { buildPaging, filterCondition, listPage, pageRequest, parseFilter, type FilterNode, type ListQuery, type Paging } from '../../lists/index.js';
import type { AttendeesService } from '../attendees/index.js';
import type { ContactsService } from '../contacts/index.js';
import type { EventsService } from '../events/index.js';
import { AppointmentErrors } from './appointments.errors.js';
import {
  APPOINTMENTS_LIST, ATTENDEES_LIST, AVAILABILITY_LIST, availableList, EVENTS_LIST, INTERESTS_LIST, locationsList, PARTICIPANT_FIELD, typesList,
  type AvailableRow,
} from './appointments.filters.js';
import type { AppointmentsRepository } from './appointments.repository.js';
import type {
  Appointment, AppointmentAttendee, AppointmentAttendeeInput, AppointmentEvent, AppointmentEventInput, AppointmentStatus, AppointmentType,
  AppointmentTypeInput, Availability, AvailabilityInput, AvailableTime, CreateAppointmentInput, InterestItem, Location, LocationInput, MeetingInterest,
  MeetingInterestInput, ParticipantType, UpdateAppointmentInput,
} from './appointments.schemas.js';
import { instantToLocal, iso, isLocalTime, isTimeZone, localToInstant } from './appointments.time.js';

/** What the appointments module calls in other modules. */
export interface AppointmentsUses {
  readonly events: Pick<EventsService, 'find'>;
  readonly contacts: Pick<ContactsService, 'find'>;
  readonly attendees: Pick<AttendeesService, 'findInEvent'>;
}

type Page<T> = Promise<{ paging: Paging; data: T[] }>;
interface Range { readonly start: string; readonly end: string }
interface AvailabilityRange extends Range { readonly type: 'AVAILABLE' | 'UNAVAILABLE' }
/** A slot or range of a type's schedule, as instants. */
interface Window { readonly start: number; readonly end: number; readonly rangeStart: number }

const MINUTE = 60_000;
const bad = (message: string, target: string) => AppointmentErrors.invalid(message, { target });
const lower = (id: string) => id.toLowerCase();
const parseJson = <T>(text: string): T => JSON.parse(text) as T;

/** A stable UUID-shaped id derived from text (a computed slot has the same id on every read). */
function derivedId(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

/** A short code for a record, from its id (the reference's 11-character codes). */
const codeOf = (id: string): string => createHash('sha256').update(id).digest('hex').slice(0, 10).toUpperCase();

/** Whether a comparison of the list's filter is true of a computed row (the available-times fields are all `eq`). */
function matches(node: FilterNode, row: AvailableRow): boolean {
  if (node.kind !== 'cmp') return node.kind === 'and' ? matches(node.left, row) && matches(node.right, row) : matches(node.left, row) || matches(node.right, row);
  const value = node.field === 'appointmentType.id' ? row.appointment_type_id : row.location_id;
  return node.values.some((v) => value !== null && String(v).toLowerCase() === value);
}

/** The comparisons of a filter on one field, and whether an `or` joins anything. */
function fieldUses(node: FilterNode, field: string): { count: number; or: boolean } {
  if (node.kind === 'cmp') return { count: node.field === field ? 1 : 0, or: false };
  const l = fieldUses(node.left, field);
  const r = fieldUses(node.right, field);
  return { count: l.count + r.count, or: node.kind === 'or' || l.or || r.or };
}

/**
 * Appointments (issue 32): one-to-one meetings booked during an event. An appointment event (tied to an event, with
 * its own IANA time zone) has appointment types, each with a schedule of time ranges in that time zone (DEFINED:
 * fixed slots of the type's duration; FLEXIBLE: any time inside a range), locations, and appointment attendees (the
 * account's contacts) with their availability and meeting interests.
 *
 * Nobody and nothing is booked twice: an appointment takes its slot, its location and each of its participants for
 * its time in one transaction that first serialises the bookings concerned (PostgreSQL: row locks on the appointment
 * event and on the participants' attendee rows; SQLite: one write transaction at a time), then checks and writes.
 * A slot is also a unique key, so a second holder is refused by the database whatever the interleaving.
 */
export class AppointmentsService {
  constructor(
    private readonly repo: AppointmentsRepository,
    private readonly uses: AppointmentsUses,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  private href(rest: string): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}/${rest}`;
  }

  private stamp(auth: AuthContext) {
    return auditStamp(auth, this.clock());
  }

  private async apptEvent(accountId: string, id: string, ex?: Transaction<Database>): Promise<Row<'appointment_events'>> {
    const row = await this.repo.events.get(ex ?? this.repo.executor, accountId, lower(id));
    if (!row) throw AppointmentErrors.appointmentEventNotFound(undefined, { target: 'id' });
    return row;
  }

  // ---- Appointment events ----

  private eventToApi(r: Row<'appointment_events'>): AppointmentEvent {
    return {
      id: r.id, code: r.code, event: { id: r.event_id }, apptEventType: r.appt_event_type as AppointmentEvent['apptEventType'],
      status: r.status as AppointmentEvent['status'], deleted: r.deleted === 1, archived: r.archived === 1,
      ...(r.default_locale !== null ? { defaultLocale: r.default_locale } : {}), title: r.title,
      ...(r.description !== null ? { description: r.description } : {}), start: r.start, end: r.end, timezone: r.timezone,
      created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
    };
  }

  listEvents(accountId: string, query: ListQuery): Page<AppointmentEvent> {
    return listPage(EVENTS_LIST, query, (spec) => this.repo.listEvents(accountId, spec), (r) => this.eventToApi(r), this.href('appointment-events'));
  }

  async getEvent(accountId: string, id: string): Promise<AppointmentEvent> {
    return this.eventToApi(await this.apptEvent(accountId, id));
  }

  /** POST /appointment-events (an eventline extension). */
  async createEvent(auth: AuthContext, input: AppointmentEventInput): Promise<AppointmentEvent> {
    const event = await this.uses.events.find(auth.accountId, lower(input.event.id));
    if (!event) throw bad('event.id is not an event of the account', 'event.id');
    if (!isTimeZone(input.timezone)) throw bad(`'${input.timezone}' is not an IANA time zone`, 'timezone');
    const start = new Date(input.start).getTime();
    const end = new Date(input.end).getTime();
    if (!(end > start)) throw bad('end must be after start', 'end');
    const id = newId();
    const row: Row<'appointment_events'> = {
      id, account_id: auth.accountId, event_id: event.id, code: codeOf(id), title: input.title, description: input.description ?? null,
      appt_event_type: input.apptEventType ?? 'STANDARD', status: input.status ?? 'ACTIVE', timezone: input.timezone, start: iso(start), end: iso(end),
      default_locale: input.defaultLocale ?? null, archived: 0, deleted: 0, ...this.stamp(auth).created,
    };
    await this.repo.events.insert(this.repo.executor, row);
    return this.eventToApi(row);
  }

  // ---- Appointment types ----

  private typeToApi(r: Row<'appointment_types'>): AppointmentType {
    return {
      id: r.id, name: r.name, category: r.category as AppointmentType['category'], timeRangeType: r.time_range_type as AppointmentType['timeRangeType'],
      duration: r.duration_minutes, timeRanges: parseJson<Range[]>(r.time_ranges),
    };
  }

  async listTypes(accountId: string, eventId: string, query: ListQuery): Page<AppointmentType> {
    const ev = await this.apptEvent(accountId, eventId);
    return listPage(typesList(ev.id), query, (spec) => this.repo.listTypes(accountId, ev.id, spec), (r) => this.typeToApi(r),
      this.href(`appointment-events/${ev.id}/appointment-types`));
  }

  /** Wall-clock ranges checked: real times, start before end (as instants of the zone), inside the appointment event. */
  private ranges<R extends Range>(ev: Row<'appointment_events'>, ranges: readonly R[], target: string): R[] {
    return ranges.map((r, i) => {
      for (const k of ['start', 'end'] as const) {
        if (!isLocalTime(r[k])) throw bad(`'${r[k]}' is not a wall-clock time YYYY-MM-DDTHH:mm[:ss] (no offset: times are in ${ev.timezone})`, `${target}[${i}].${k}`);
      }
      const s = localToInstant(r.start, ev.timezone);
      const e = localToInstant(r.end, ev.timezone);
      if (!(e > s)) throw bad(`${target}[${i}] ends before it starts (in ${ev.timezone})`, `${target}[${i}].end`);
      return { ...r, start: r.start.length === 16 ? `${r.start}:00` : r.start, end: r.end.length === 16 ? `${r.end}:00` : r.end };
    });
  }

  /** POST /appointment-events/{id}/appointment-types (an eventline extension). */
  async createType(auth: AuthContext, eventId: string, input: AppointmentTypeInput): Promise<AppointmentType> {
    const ev = await this.apptEvent(auth.accountId, eventId);
    const ranges = this.ranges(ev, input.timeRanges, 'timeRanges').map((r) => ({ start: r.start, end: r.end }));
    const from = new Date(ev.start).getTime();
    const to = new Date(ev.end).getTime();
    ranges.forEach((r, i) => {
      if (localToInstant(r.start, ev.timezone) < from || localToInstant(r.end, ev.timezone) > to) {
        throw bad(`timeRanges[${i}] is outside the appointment event (${instantToLocal(from, ev.timezone)} to ${instantToLocal(to, ev.timezone)} in ${ev.timezone})`, `timeRanges[${i}]`);
      }
    });
    const row: Row<'appointment_types'> = {
      id: newId(), account_id: auth.accountId, appointment_event_id: ev.id, name: input.name, category: input.category ?? 'CUSTOM_APPOINTMENT',
      time_range_type: input.timeRangeType ?? 'DEFINED', duration_minutes: input.duration ?? 30, time_ranges: JSON.stringify(ranges), ...this.stamp(auth).created,
    };
    await this.repo.types.insert(this.repo.executor, row);
    return this.typeToApi(row);
  }

  // ---- Locations ----

  private locationsToApi(rows: ReadonlyArray<Row<'appointment_locations'>>, parents: ReadonlyMap<string, Row<'appointment_locations'>>): Location[] {
    return rows.map((r) => {
      const parent = r.parent_location_id !== null ? parents.get(r.parent_location_id) : undefined;
      return {
        id: r.id, name: r.name, ...(parent !== undefined ? { parentLocation: { id: parent.id, name: parent.name } } : {}),
        ...(r.capacity !== null ? { capacity: r.capacity } : {}),
      };
    });
  }

  async listLocations(accountId: string, eventId: string, query: ListQuery): Page<Location> {
    const ev = await this.apptEvent(accountId, eventId);
    const page = await listPage(locationsList(ev.id), query, (spec) => this.repo.listLocations(accountId, ev.id, spec), (r) => r,
      this.href(`appointment-events/${ev.id}/locations`));
    const parentIds = [...new Set(page.data.flatMap((r) => (r.parent_location_id !== null ? [r.parent_location_id] : [])))];
    const parents = new Map((await this.repo.locationsByIds(accountId, parentIds)).map((p) => [p.id, p]));
    return { paging: page.paging, data: this.locationsToApi(page.data, parents) };
  }

  /** POST /appointment-events/{id}/locations (an eventline extension). */
  async createLocation(auth: AuthContext, eventId: string, input: LocationInput): Promise<Location> {
    const ev = await this.apptEvent(auth.accountId, eventId);
    let parent: Row<'appointment_locations'> | undefined;
    if (input.parentLocation !== undefined) {
      parent = await this.repo.locations.get(this.repo.executor, auth.accountId, lower(input.parentLocation.id));
      if (!parent || parent.appointment_event_id !== ev.id) throw bad('parentLocation.id is not a location of the appointment event', 'parentLocation.id');
    }
    const row: Row<'appointment_locations'> = {
      id: newId(), account_id: auth.accountId, appointment_event_id: ev.id, name: input.name, parent_location_id: parent?.id ?? null,
      capacity: input.capacity ?? null, ...this.stamp(auth).created,
    };
    await this.repo.locations.insert(this.repo.executor, row);
    return this.locationsToApi([row], new Map(parent ? [[parent.id, parent]] : []))[0] as Location;
  }

  // ---- Appointment attendees ----

  private attendeeToApi(r: Row<'appointment_attendees'>): AppointmentAttendee {
    return {
      id: r.id, code: r.code, appointmentEvent: { id: r.appointment_event_id }, contact: { id: r.contact_id },
      ...(r.registration_id !== null ? { registration: { id: r.registration_id } } : {}), created: r.created, modified: r.last_modified, deleted: r.deleted === 1,
    };
  }

  listAttendees(accountId: string, query: ListQuery): Page<AppointmentAttendee> {
    return listPage(ATTENDEES_LIST, query, (spec) => this.repo.listAttendees(accountId, spec), (r) => this.attendeeToApi(r), this.href('appointment-attendees'));
  }

  private async attendee(accountId: string, id: string): Promise<Row<'appointment_attendees'>> {
    const row = await this.repo.attendees.get(this.repo.executor, accountId, lower(id));
    if (!row) throw AppointmentErrors.attendeeNotFound(undefined, { target: 'id' });
    return row;
  }

  async getAttendee(accountId: string, id: string): Promise<AppointmentAttendee> {
    return this.attendeeToApi(await this.attendee(accountId, id));
  }

  /** POST /appointment-attendees (an eventline extension): a contact takes part in an appointment event (once: 409 otherwise). */
  async createAttendee(auth: AuthContext, input: AppointmentAttendeeInput): Promise<AppointmentAttendee> {
    const ev = await this.apptEvent(auth.accountId, input.appointmentEvent.id).catch(() => {
      throw bad('appointmentEvent.id is not an appointment event of the account', 'appointmentEvent.id');
    });
    const contact = await this.uses.contacts.find(auth.accountId, lower(input.contact.id));
    if (!contact || contact.purged || contact.deleted === true) throw bad('contact.id is not an active contact of the account', 'contact.id');
    let registration: string | null = null;
    if (input.registration !== undefined) {
      const attendee = await this.uses.attendees.findInEvent(auth.accountId, ev.event_id, lower(input.registration.id));
      if (!attendee || attendee.contact.id !== contact.id) throw bad('registration.id is not this contact\'s attendee record in the appointment event\'s event', 'registration.id');
      registration = attendee.id;
    }
    const id = newId();
    const row: Row<'appointment_attendees'> = {
      id, account_id: auth.accountId, appointment_event_id: ev.id, contact_id: contact.id, registration_id: registration, code: codeOf(id), deleted: 0,
      ...this.stamp(auth).created,
    };
    try {
      await this.repo.attendees.insert(this.repo.executor, row);
    } catch (err) {
      if (isUniqueViolation(err)) throw AppointmentErrors.taken(`Contact ${contact.id} is already an attendee of appointment event ${ev.id}`, { target: 'contact.id' });
      throw err;
    }
    return this.attendeeToApi(row);
  }

  /** An appointment attendee given by id in a body: of the account (400 naming the field otherwise). */
  private async bodyAttendee(accountId: string, id: string, target: string): Promise<Row<'appointment_attendees'>> {
    const row = await this.repo.attendees.get(this.repo.executor, accountId, lower(id));
    if (!row) throw bad(`${target} is not an appointment attendee of the account`, target);
    return row;
  }

  // ---- Availability ----

  private availabilityToApi(r: Row<'appointment_availability'>): Availability {
    return {
      id: r.id, attendee: { id: r.appointment_attendee_id }, appointmentEvent: { id: r.appointment_event_id }, timeRanges: parseJson<AvailabilityRange[]>(r.time_ranges),
      created: r.created, lastModified: r.last_modified, deleted: r.deleted === 1,
    };
  }

  listAvailability(accountId: string, query: ListQuery): Page<Availability> {
    return listPage(AVAILABILITY_LIST, query, (spec) => this.repo.listAvailability(accountId, spec), (r) => this.availabilityToApi(r),
      this.href('appointment-availability-times'));
  }

  async getAvailability(accountId: string, id: string): Promise<Availability> {
    const row = await this.repo.availability.get(this.repo.executor, accountId, lower(id));
    if (!row) throw AppointmentErrors.availabilityNotFound(undefined, { target: 'id' });
    return this.availabilityToApi(row);
  }

  /**
   * POST /appointment-availability-times (an eventline extension): when the attendee is (un)available, in the
   * appointment event's time zone. Booking (with schedule rules) keeps out of UNAVAILABLE ranges and, when the
   * attendee has AVAILABLE ranges, inside one of them.
   */
  async createAvailability(auth: AuthContext, input: AvailabilityInput): Promise<Availability> {
    const attendee = await this.bodyAttendee(auth.accountId, input.attendee.id, 'attendee.id');
    const ev = await this.apptEvent(auth.accountId, attendee.appointment_event_id);
    const ranges = this.ranges(ev, input.timeRanges, 'timeRanges');
    const row: Row<'appointment_availability'> = {
      id: newId(), account_id: auth.accountId, appointment_event_id: ev.id, appointment_attendee_id: attendee.id, time_ranges: JSON.stringify(ranges), deleted: 0,
      ...this.stamp(auth).created,
    };
    await this.repo.availability.insert(this.repo.executor, row);
    return this.availabilityToApi(row);
  }

  // ---- Meeting interests ----

  private interestToApi(r: Row<'appointment_meeting_interests'>): MeetingInterest {
    return {
      id: r.id, attendee: { id: r.appointment_attendee_id }, appointmentEvent: { id: r.appointment_event_id }, interests: parseJson<InterestItem[]>(r.interests),
      created: r.created, lastModified: r.last_modified, deleted: r.deleted === 1,
    };
  }

  listInterests(accountId: string, query: ListQuery): Page<MeetingInterest> {
    return listPage(INTERESTS_LIST, query, (spec) => this.repo.listInterests(accountId, spec), (r) => this.interestToApi(r),
      this.href('appointment-meeting-interests'));
  }

  async getInterest(accountId: string, id: string): Promise<MeetingInterest> {
    const row = await this.repo.interests.get(this.repo.executor, accountId, lower(id));
    if (!row) throw AppointmentErrors.interestNotFound(undefined, { target: 'id' });
    return this.interestToApi(row);
  }

  /** POST /appointment-meeting-interests (an eventline extension). Comments are personal data (erased by mention). */
  async createInterest(auth: AuthContext, input: MeetingInterestInput): Promise<MeetingInterest> {
    const attendee = await this.bodyAttendee(auth.accountId, input.attendee.id, 'attendee.id');
    const interests = input.interests.map((i) => ({ ...i, ...(i.exhibitor !== undefined ? { exhibitor: { id: lower(i.exhibitor.id) } } : {}) }));
    const row: Row<'appointment_meeting_interests'> = {
      id: newId(), account_id: auth.accountId, appointment_event_id: attendee.appointment_event_id, appointment_attendee_id: attendee.id,
      interests: JSON.stringify(interests), deleted: 0, ...this.stamp(auth).created,
    };
    await this.repo.interests.insert(this.repo.executor, row);
    return this.interestToApi(row);
  }

  // ---- The schedule ----

  /** A type's schedule as instants: its slots (DEFINED) or ranges (FLEXIBLE). */
  private windows(ev: Row<'appointment_events'>, type: Row<'appointment_types'>): Window[] {
    const out: Window[] = [];
    for (const r of parseJson<Range[]>(type.time_ranges)) {
      const start = localToInstant(r.start, ev.timezone);
      const end = localToInstant(r.end, ev.timezone);
      if (type.time_range_type === 'FLEXIBLE') {
        out.push({ start, end, rangeStart: start });
        continue;
      }
      // Slots follow each other in elapsed time: across a change of the clocks a range keeps its real length.
      const step = type.duration_minutes * MINUTE;
      for (let t = start; t + step <= end; t += step) out.push({ start: t, end: t + step, rangeStart: start });
    }
    return out;
  }

  private slotKey(type: Row<'appointment_types'>, w: Window, locationId: string | null): string {
    return `${type.account_id}|${type.id}|${w.rangeStart}|${locationId ?? '-'}|${w.start}`;
  }

  /**
   * GET /appointment-events/{id}/appointment-available-times: every DEFINED slot not booked (at its location, or as a
   * slot), and every stretch of a FLEXIBLE range its location is free, in UTC, computed from the schedule in the
   * appointment event's time zone. Paged by (startTime, id).
   */
  async listAvailable(accountId: string, eventId: string, query: ListQuery): Page<AvailableTime> {
    const ev = await this.apptEvent(accountId, eventId);
    const def = availableList(ev.id);
    const req = pageRequest(def.name, query, def.maxLimit);
    // filterCondition checks the filter (400 naming the column); the rows are computed, so it is then read here.
    if (req.filter !== undefined) filterCondition(req.filter, def.filters);
    const node = req.filter !== undefined ? parseFilter(req.filter, def.filters) : undefined;
    const [types, locations, booked] = await Promise.all([this.repo.typesOf(accountId, ev.id), this.repo.locationsOf(accountId, ev.id), this.repo.booked(accountId, ev.id)]);
    const taken = new Set(booked.flatMap((b) => (b.slot_key !== null ? [b.slot_key] : [])));
    const busy = new Map<string, Array<{ start: number; end: number }>>();
    for (const b of booked) {
      if (b.location_id === null) continue;
      const list = busy.get(b.location_id) ?? [];
      list.push({ start: new Date(b.start).getTime(), end: new Date(b.end).getTime() });
      busy.set(b.location_id, list);
    }
    const places: Array<string | null> = locations.length > 0 ? locations.map((l) => l.id) : [null];
    const rows: AvailableRow[] = [];
    for (const type of types) {
      for (const w of this.windows(ev, type)) {
        for (const place of places) {
          const occupied = (place !== null ? busy.get(place) ?? [] : []).filter((b) => b.start < w.end && b.end > w.start).sort((a, b) => a.start - b.start);
          const base = { appointment_type_id: type.id, location_id: place };
          if (type.time_range_type === 'DEFINED') {
            if (occupied.length > 0 || taken.has(this.slotKey(type, w, place))) continue;
            rows.push({ ...base, id: derivedId(this.slotKey(type, w, place)), start: iso(w.start), end: iso(w.end), type: 'DEFINED', available: 1 });
            continue;
          }
          // A FLEXIBLE range: its stretches between the location's appointments.
          let from = w.start;
          for (const b of [...occupied, { start: w.end, end: w.end }]) {
            if (b.start > from) {
              rows.push({ ...base, id: derivedId(`${this.slotKey(type, w, place)}|${from}`), start: iso(from), end: iso(Math.min(b.start, w.end)), type: 'FLEXIBLE', available: -1 });
            }
            from = Math.max(from, b.end);
          }
        }
      }
    }
    const filtered = rows.filter((r) => node === undefined || matches(node, r)).sort((a, b) => (a.start === b.start ? (a.id < b.id ? -1 : 1) : a.start < b.start ? -1 : 1));
    const key = (r: AvailableRow) => `${r.start}|${r.id}`;
    const cursor = req.cursor !== null ? `${String(req.cursor[0])}|${String(req.cursor[1])}` : null;
    let pageRows: AvailableRow[];
    let more: boolean;
    if (req.direction === 'next') {
      const rest = cursor === null ? filtered : filtered.filter((r) => key(r) > cursor);
      pageRows = rest.slice(0, req.limit);
      more = rest.length > req.limit;
    } else {
      const rest = cursor === null ? filtered : filtered.filter((r) => key(r) < cursor);
      pageRows = rest.slice(Math.max(0, rest.length - req.limit));
      more = rest.length > req.limit;
    }
    const paging = buildPaging(req, { rows: pageRows, more, totalCount: filtered.length }, (r) => [r.start, r.id],
      this.href(`appointment-events/${ev.id}/appointment-available-times`));
    return {
      paging,
      data: pageRows.map((r) => ({
        id: r.id, startTime: r.start, endTime: r.end, type: r.type, appointmentType: { id: r.appointment_type_id },
        ...(r.location_id !== null ? { location: { id: r.location_id } } : {}), availableAppointments: r.available,
      })),
    };
  }

  // ---- Appointments ----

  private async appointmentsToApi(accountId: string, rows: ReadonlyArray<Row<'appointments'>>): Promise<Appointment[]> {
    const [participants, types, locations] = await Promise.all([
      this.repo.participantsOf(accountId, rows.map((r) => r.id)),
      this.repo.typesByIds(accountId, [...new Set(rows.map((r) => r.appointment_type_id))]),
      this.repo.locationsByIds(accountId, [...new Set(rows.flatMap((r) => (r.location_id !== null ? [r.location_id] : [])))]),
    ]);
    const typeName = new Map(types.map((t) => [t.id, t.name]));
    const locationName = new Map(locations.map((l) => [l.id, l.name]));
    return rows.map((r) => {
      const people = participants.filter((p) => p.appointment_id === r.id).map((p) => ({
        attendee: { id: p.appointment_attendee_id, contact: { id: p.contact_id } }, type: p.type as ParticipantType,
        response: p.response as 'CONFIRMED' | 'PENDING', status: p.status as 'confirmed' | 'pending' | 'cancelled', deleted: false,
        created: p.created, createdBy: p.created_by, lastModified: p.last_modified, lastModifiedBy: p.last_modified_by,
      }));
      const location = r.location_id !== null ? { id: r.location_id, name: locationName.get(r.location_id) ?? '' }
        : r.custom_location_name !== null ? { name: r.custom_location_name } : undefined;
      // Every appointment has a host (a booking needs one).
      const host = (people.find((p) => p.type === 'Host') ?? people[0]) as (typeof people)[number];
      return {
        id: r.id, code: r.code, name: r.name, ...(r.description !== null ? { description: r.description } : {}), start: r.start, end: r.end,
        status: r.status as AppointmentStatus, ...(location !== undefined ? { location } : {}),
        type: { id: r.appointment_type_id, name: typeName.get(r.appointment_type_id) ?? '' }, appointmentEvent: { id: r.appointment_event_id },
        participants: people, participant: host,
        autoAcceptAttendees: r.auto_accept === 1, enforceScheduleRules: r.enforce_schedule_rules === 1, deleted: r.deleted === 1, questions: [],
        created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
      };
    });
  }

  async listAppointments(accountId: string, query: ListQuery): Page<Appointment> {
    const page = await listPage(APPOINTMENTS_LIST, query, (spec, req) => {
      // The participant filter joins the participants: one comparison, without `or`, keeps one row per appointment.
      let byParticipant = false;
      if (req.filter !== undefined) {
        const uses = fieldUses(parseFilter(req.filter, APPOINTMENTS_LIST.filters), PARTICIPANT_FIELD);
        if (uses.count > 1 || (uses.count === 1 && uses.or)) throw bad(`${PARTICIPANT_FIELD} may be compared once, joined with and`, 'filter');
        byParticipant = uses.count === 1;
      }
      return this.repo.listAppointments(accountId, spec, byParticipant);
    }, (r) => r, this.href('appointments'));
    return { paging: page.paging, data: await this.appointmentsToApi(accountId, page.data) };
  }

  private async appointment(accountId: string, id: string, ex?: Transaction<Database>): Promise<Row<'appointments'>> {
    const row = await this.repo.appointments.get(ex ?? this.repo.executor, accountId, lower(id));
    if (!row) throw AppointmentErrors.appointmentNotFound(undefined, { target: 'id' });
    return row;
  }

  async getAppointment(accountId: string, id: string): Promise<Appointment> {
    return (await this.appointmentsToApi(accountId, [await this.appointment(accountId, id)]))[0] as Appointment;
  }

  /** POST /appointment-events/{id}/appointments. */
  async createAppointment(auth: AuthContext, eventId: string, input: CreateAppointmentInput): Promise<Appointment> {
    const id = newId();
    await this.book(auth, eventId, input, null, id);
    return this.getAppointment(auth.accountId, id);
  }

  /** PUT /appointment-events/{id}/appointments/{apptId}: moves or changes the appointment, checked like a new booking (itself aside). */
  async updateAppointment(auth: AuthContext, eventId: string, apptId: string, input: UpdateAppointmentInput): Promise<Appointment> {
    if (input.id !== undefined && lower(input.id) !== lower(apptId)) throw bad('id must be the path\'s apptId', 'id');
    await this.book(auth, eventId, input, lower(apptId), lower(apptId));
    return this.getAppointment(auth.accountId, apptId);
  }

  /** DELETE /appointment-events/{id}/appointments/{apptId}: frees the slot, the location and the participants' time. */
  async cancelAppointment(auth: AuthContext, eventId: string, apptId: string): Promise<void> {
    const stamp = this.stamp(auth).modified;
    await this.repo.transaction(async (trx) => {
      const ev = await this.apptEvent(auth.accountId, eventId, trx);
      const row = await this.appointment(auth.accountId, apptId, trx);
      if (row.appointment_event_id !== ev.id) throw AppointmentErrors.appointmentNotFound(undefined, { target: 'apptId' });
      if (row.status === 'CANCELLED') return;
      await this.repo.appointments.update(trx, auth.accountId, row.id, { status: 'CANCELLED', slot_key: null, ...stamp });
      await this.repo.cancelParticipants(auth.accountId, row.id, { active: 0, status: 'cancelled', ...stamp }, trx);
    });
  }

  /** Creates (existing null) or replaces an appointment: every check and the write in one serialised transaction. */
  private async book(auth: AuthContext, eventId: string, input: CreateAppointmentInput | UpdateAppointmentInput, existing: string | null, id: string): Promise<void> {
    const start = new Date(input.startTime).getTime();
    const end = new Date(input.endTime).getTime();
    if (!(end > start)) throw bad('endTime must be after startTime', 'endTime');
    if (input.hosts.length === 0) throw bad('An appointment needs at least one host', 'hosts');
    const people: Array<{ contactId: string; type: ParticipantType; target: string }> = [
      ...input.hosts.map((c, i) => ({ contactId: lower(c), type: 'Host' as const, target: `hosts[${i}]` })),
      ...(input.attendees ?? []).map((c, i) => ({ contactId: lower(c), type: 'Attendee' as const, target: `attendees[${i}]` })),
    ];
    const seen = new Set<string>();
    for (const p of people) {
      if (seen.has(p.contactId)) throw bad(`Contact ${p.contactId} is named twice`, p.target);
      seen.add(p.contactId);
    }
    const enforce = input.enforceScheduleRule ?? true;
    const startIso = iso(start);
    const endIso = iso(end);
    const stamp = this.stamp(auth);

    await this.repo.transaction(async (trx) => {
      const ev = await this.apptEvent(auth.accountId, eventId, trx);
      const old = existing !== null ? await this.appointment(auth.accountId, existing, trx) : undefined;
      if (old !== undefined && old.appointment_event_id !== ev.id) throw AppointmentErrors.appointmentNotFound(undefined, { target: 'apptId' });
      if (old?.status === 'CANCELLED') throw AppointmentErrors.unprocessable('A cancelled appointment cannot be changed: book a new one', { target: 'apptId' });
      const typeId = input.appointmentTypeId !== undefined ? lower(input.appointmentTypeId) : old?.appointment_type_id;
      const type = typeId !== undefined ? await this.repo.types.get(trx, auth.accountId, typeId) : undefined;
      if (!type || type.appointment_event_id !== ev.id) throw bad('appointmentTypeId is not an appointment type of the appointment event', 'appointmentTypeId');
      let locationId: string | null = null;
      if (input.location !== undefined) {
        const loc = await this.repo.locations.get(trx, auth.accountId, lower(input.location));
        if (!loc || loc.appointment_event_id !== ev.id) throw bad('location is not a location of the appointment event', 'location');
        locationId = loc.id;
      }
      const evStart = new Date(ev.start).getTime();
      const evEnd = new Date(ev.end).getTime();
      if (start < evStart || end > evEnd) throw AppointmentErrors.unprocessable(`The appointment must fall within the appointment event (${ev.start} to ${ev.end})`, { target: 'startTime' });

      // Everyone booked must be an appointment attendee of this appointment event.
      const attendees = new Map((await this.repo.attendeesByContacts(auth.accountId, ev.id, people.map((p) => p.contactId), trx)).map((a) => [a.contact_id, a]));
      for (const p of people) {
        const a = attendees.get(p.contactId);
        if (!a || a.deleted === 1) throw bad(`Contact ${p.contactId} is not an appointment attendee of the appointment event`, p.target);
      }

      // The slot this booking takes: a DEFINED slot of the type (the schedule rule), or none.
      const windows = this.windows(ev, type);
      const fits = windows.find((w) => (type.time_range_type === 'DEFINED' ? w.start === start && w.end === end : w.start <= start && end <= w.end));
      if (enforce && fits === undefined) {
        throw AppointmentErrors.unprocessable(type.time_range_type === 'DEFINED'
          ? `${startIso} to ${endIso} is not a slot of appointment type '${type.name}' (slots of ${type.duration_minutes} minutes: see appointment-available-times)`
          : `${startIso} to ${endIso} is not inside a time range of appointment type '${type.name}'`, { target: 'startTime' });
      }
      const slotKey = type.time_range_type === 'DEFINED' && fits !== undefined ? this.slotKey(type, fits, locationId) : null;
      if (enforce) await this.checkAvailability(auth.accountId, ev, people, attendees, start, end, trx);

      // Serialise the bookings concerned, then check what they would take.
      await this.repo.lockBooking(auth.accountId, ev.id, people.map((p) => p.contactId).sort(), trx);
      for (const p of people) {
        const clash = await this.repo.busyParticipant(auth.accountId, [p.contactId], startIso, endIso, existing, trx);
        if (clash) {
          throw AppointmentErrors.taken(`Contact ${p.contactId} is already booked from ${clash.start} to ${clash.end} (appointment ${clash.appointment_id})`, { target: p.target });
        }
      }
      if (locationId !== null) {
        const clash = await this.repo.busyLocation(auth.accountId, locationId, startIso, endIso, existing, trx);
        if (clash) throw AppointmentErrors.taken(`Location ${locationId} is already booked from ${clash.start} to ${clash.end} (appointment ${clash.id})`, { target: 'location' });
      }
      if (slotKey !== null) {
        const holder = await this.repo.slotHolder(slotKey, trx);
        if (holder && holder.id !== existing) throw AppointmentErrors.taken(`The slot ${startIso} to ${endIso} of appointment type '${type.name}' is already booked (appointment ${holder.id})`, { target: 'startTime' });
      }

      const autoAccept = input.autoAccept ?? (old !== undefined ? old.auto_accept === 1 : true);
      const row: Row<'appointments'> = {
        id, account_id: auth.accountId, appointment_event_id: ev.id, appointment_type_id: type.id, code: input.code ?? old?.code ?? codeOf(id), name: input.subject,
        description: input.description ?? null, start: startIso, end: endIso, status: autoAccept ? 'CONFIRMED' : 'PENDING', location_id: locationId,
        custom_location_name: input.customLocationName ?? null, auto_accept: autoAccept ? 1 : 0, enforce_schedule_rules: enforce ? 1 : 0, slot_key: slotKey, deleted: 0,
        ...(old !== undefined ? { created: old.created, created_by: old.created_by, ...stamp.modified } : stamp.created),
      };
      const participants: Array<NewRow<'appointment_participants'>> = people.map((p) => ({
        id: newId(), account_id: auth.accountId, appointment_id: id, appointment_event_id: ev.id, appointment_attendee_id: (attendees.get(p.contactId) as Row<'appointment_attendees'>).id,
        contact_id: p.contactId, type: p.type, response: autoAccept || p.type === 'Host' ? 'CONFIRMED' : 'PENDING', status: autoAccept || p.type === 'Host' ? 'confirmed' : 'pending',
        start: startIso, end: endIso, active: 1, ...stamp.created,
      }));
      try {
        if (old === undefined) await this.repo.insertAppointment(row, participants, trx);
        else {
          const { id: _id, account_id: _account, ...patch } = row;
          await this.repo.appointments.update(trx, auth.accountId, id, patch);
          await this.repo.replaceParticipants(auth.accountId, id, participants, trx);
        }
      } catch (err) {
        // The slot's unique key: another process booked it between the check and the write.
        if (isUniqueViolation(err)) throw AppointmentErrors.taken(`The slot ${startIso} to ${endIso} of appointment type '${type.name}' is already booked`, { target: 'startTime' });
        throw err;
      }
    });
  }

  /** Schedule rules: no participant is booked in one of their UNAVAILABLE ranges, nor outside their AVAILABLE ones (when they have some). */
  private async checkAvailability(
    accountId: string, ev: Row<'appointment_events'>, people: ReadonlyArray<{ contactId: string; target: string }>,
    attendees: ReadonlyMap<string, Row<'appointment_attendees'>>, start: number, end: number, trx: Transaction<Database>,
  ): Promise<void> {
    const rows = await this.repo.availabilityOf(accountId, [...attendees.values()].map((a) => a.id), trx);
    for (const p of people) {
      const attendee = attendees.get(p.contactId) as Row<'appointment_attendees'>;
      const ranges = rows.filter((r) => r.appointment_attendee_id === attendee.id).flatMap((r) => parseJson<AvailabilityRange[]>(r.time_ranges))
        .map((r) => ({ type: r.type, start: localToInstant(r.start, ev.timezone), end: localToInstant(r.end, ev.timezone), text: `${r.start} to ${r.end}` }));
      const off = ranges.find((r) => r.type === 'UNAVAILABLE' && r.start < end && r.end > start);
      if (off) throw AppointmentErrors.unprocessable(`Contact ${p.contactId} is unavailable from ${off.text} (${ev.timezone})`, { target: p.target });
      const on = ranges.filter((r) => r.type === 'AVAILABLE');
      if (on.length > 0 && !on.some((r) => r.start <= start && end <= r.end)) {
        throw AppointmentErrors.unprocessable(`Contact ${p.contactId} is not available then (their availability is in ${ev.timezone})`, { target: p.target });
      }
    }
  }
}
