import type { Transaction } from 'kysely';
import type { Database, Db, Dialect } from '../../db/index.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { NewRow, Row, RowPatch } from '../../db/types.js';
import { AccountRows, Repository, type Executor } from '../../db/repository.js';

/** Appointment events, types, locations, attendees, availability, meeting interests and appointments; every statement names the account. */
export class AppointmentsRepository extends Repository {
  readonly events = new AccountRows('appointment_events');
  readonly types = new AccountRows('appointment_types');
  readonly locations = new AccountRows('appointment_locations');
  readonly attendees = new AccountRows('appointment_attendees');
  readonly availability = new AccountRows('appointment_availability');
  readonly interests = new AccountRows('appointment_meeting_interests');
  readonly appointments = new AccountRows('appointments');

  constructor(db: Db, private readonly dialect: Dialect) {
    super(db);
  }

  get executor(): Db {
    return this.db;
  }

  /**
   * Serialises the bookings of one appointment event, and of the people in them across appointment events, until
   * the transaction ends. PostgreSQL: the appointment event's row, then the attendee rows of every contact booked
   * (in id order, so two bookings never wait on each other in a cycle). SQLite runs one write transaction at a time.
   */
  async lockBooking(accountId: string, appointmentEventId: string, contactIds: readonly string[], trx: Transaction<Database>): Promise<void> {
    if (this.dialect !== 'postgres') return;
    await trx.selectFrom('appointment_events').select('id').where('account_id', '=', accountId).where('id', '=', appointmentEventId).forUpdate().execute();
    if (contactIds.length === 0) return;
    await trx.selectFrom('appointment_attendees').select('id').where('account_id', '=', accountId).where('contact_id', 'in', [...contactIds])
      .orderBy('id').forUpdate().execute();
  }

  // ---- Lists ----

  listEvents(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('appointment_events').selectAll('appointment_events').where('appointment_events.account_id', '=', accountId), spec);
  }

  listTypes(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('appointment_types').selectAll('appointment_types')
      .where('appointment_types.account_id', '=', accountId).where('appointment_types.appointment_event_id', '=', eventId), spec);
  }

  listLocations(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('appointment_locations').selectAll('appointment_locations')
      .where('appointment_locations.account_id', '=', accountId).where('appointment_locations.appointment_event_id', '=', eventId), spec);
  }

  listAttendees(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('appointment_attendees').selectAll('appointment_attendees').where('appointment_attendees.account_id', '=', accountId), spec);
  }

  listAvailability(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('appointment_availability').selectAll('appointment_availability').where('appointment_availability.account_id', '=', accountId), spec);
  }

  listInterests(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('appointment_meeting_interests').selectAll('appointment_meeting_interests')
      .where('appointment_meeting_interests.account_id', '=', accountId), spec);
  }

  /** With `byParticipant`, the list joins the participants (the filter compares one contact: one row per appointment). */
  listAppointments(accountId: string, spec: ListSpec, byParticipant: boolean) {
    const base = this.db.selectFrom('appointments').selectAll('appointments').where('appointments.account_id', '=', accountId);
    if (!byParticipant) return fetchPage(base, spec);
    return fetchPage(this.db.selectFrom('appointments')
      .innerJoin('appointment_participants', 'appointment_participants.appointment_id', 'appointments.id')
      .selectAll('appointments').where('appointments.account_id', '=', accountId), spec);
  }

  // ---- Reads ----

  typesOf(accountId: string, eventId: string, ex: Executor = this.db): Promise<Array<Row<'appointment_types'>>> {
    return ex.selectFrom('appointment_types').selectAll().where('account_id', '=', accountId).where('appointment_event_id', '=', eventId).orderBy('id').execute();
  }

  locationsOf(accountId: string, eventId: string, ex: Executor = this.db): Promise<Array<Row<'appointment_locations'>>> {
    return ex.selectFrom('appointment_locations').selectAll().where('account_id', '=', accountId).where('appointment_event_id', '=', eventId).orderBy('id').execute();
  }

  locationsByIds(accountId: string, ids: readonly string[], ex: Executor = this.db): Promise<Array<Row<'appointment_locations'>>> {
    if (ids.length === 0) return Promise.resolve([]);
    return ex.selectFrom('appointment_locations').selectAll().where('account_id', '=', accountId).where('id', 'in', [...ids]).execute();
  }

  typesByIds(accountId: string, ids: readonly string[], ex: Executor = this.db): Promise<Array<Row<'appointment_types'>>> {
    if (ids.length === 0) return Promise.resolve([]);
    return ex.selectFrom('appointment_types').selectAll().where('account_id', '=', accountId).where('id', 'in', [...ids]).execute();
  }

  attendeeByContact(accountId: string, eventId: string, contactId: string, ex: Executor = this.db): Promise<Row<'appointment_attendees'> | undefined> {
    return ex.selectFrom('appointment_attendees').selectAll().where('account_id', '=', accountId).where('appointment_event_id', '=', eventId)
      .where('contact_id', '=', contactId).executeTakeFirst();
  }

  attendeesByContacts(accountId: string, eventId: string, contactIds: readonly string[], ex: Executor = this.db): Promise<Array<Row<'appointment_attendees'>>> {
    if (contactIds.length === 0) return Promise.resolve([]);
    return ex.selectFrom('appointment_attendees').selectAll().where('account_id', '=', accountId).where('appointment_event_id', '=', eventId)
      .where('contact_id', 'in', [...contactIds]).execute();
  }

  availabilityOf(accountId: string, attendeeIds: readonly string[], ex: Executor = this.db): Promise<Array<Row<'appointment_availability'>>> {
    if (attendeeIds.length === 0) return Promise.resolve([]);
    return ex.selectFrom('appointment_availability').selectAll().where('account_id', '=', accountId).where('appointment_attendee_id', 'in', [...attendeeIds])
      .where('deleted', '=', 0).execute();
  }

  participantsOf(accountId: string, appointmentIds: readonly string[], ex: Executor = this.db): Promise<Array<Row<'appointment_participants'>>> {
    if (appointmentIds.length === 0) return Promise.resolve([]);
    return ex.selectFrom('appointment_participants').selectAll().where('account_id', '=', accountId).where('appointment_id', 'in', [...appointmentIds])
      .orderBy('appointment_id').orderBy('type', 'desc').orderBy('created').orderBy('id').execute();
  }

  /** A booked (not cancelled) participation of one of the contacts overlapping [start, end), other than in `exceptAppointment`. */
  busyParticipant(accountId: string, contactIds: readonly string[], start: string, end: string, exceptAppointment: string | null, ex: Executor = this.db) {
    let q = ex.selectFrom('appointment_participants').select(['contact_id', 'appointment_id', 'start', 'end']).where('account_id', '=', accountId)
      .where('contact_id', 'in', [...contactIds]).where('active', '=', 1).where('start', '<', end).where('end', '>', start);
    if (exceptAppointment !== null) q = q.where('appointment_id', '!=', exceptAppointment);
    return q.orderBy('start').executeTakeFirst();
  }

  /** A booked appointment at the location overlapping [start, end), other than `exceptAppointment`. */
  busyLocation(accountId: string, locationId: string, start: string, end: string, exceptAppointment: string | null, ex: Executor = this.db) {
    let q = ex.selectFrom('appointments').select(['id', 'start', 'end']).where('account_id', '=', accountId).where('location_id', '=', locationId)
      .where('status', '!=', 'CANCELLED').where('start', '<', end).where('end', '>', start);
    if (exceptAppointment !== null) q = q.where('id', '!=', exceptAppointment);
    return q.orderBy('start').executeTakeFirst();
  }

  /** The appointment holding the slot, if any. */
  slotHolder(slotKey: string, ex: Executor = this.db) {
    return ex.selectFrom('appointments').select(['id', 'account_id']).where('slot_key', '=', slotKey).executeTakeFirst();
  }

  /** The appointment event's booked (not cancelled) appointments: what its available times exclude. */
  booked(accountId: string, eventId: string, ex: Executor = this.db) {
    return ex.selectFrom('appointments').select(['id', 'location_id', 'start', 'end', 'slot_key']).where('account_id', '=', accountId)
      .where('appointment_event_id', '=', eventId).where('status', '!=', 'CANCELLED').execute();
  }

  // ---- Writes ----

  async insertAppointment(row: NewRow<'appointments'>, participants: ReadonlyArray<NewRow<'appointment_participants'>>, ex: Executor): Promise<void> {
    await this.appointments.insert(ex, row);
    if (participants.length > 0) await ex.insertInto('appointment_participants').values([...participants]).execute();
  }

  async replaceParticipants(accountId: string, appointmentId: string, participants: ReadonlyArray<NewRow<'appointment_participants'>>, ex: Executor): Promise<void> {
    await ex.deleteFrom('appointment_participants').where('account_id', '=', accountId).where('appointment_id', '=', appointmentId).execute();
    if (participants.length > 0) await ex.insertInto('appointment_participants').values([...participants]).execute();
  }

  async cancelParticipants(accountId: string, appointmentId: string, patch: RowPatch<'appointment_participants'>, ex: Executor): Promise<void> {
    await ex.updateTable('appointment_participants').set(patch).where('account_id', '=', accountId).where('appointment_id', '=', appointmentId).execute();
  }
}
