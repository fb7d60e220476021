import { sql, type Transaction } from 'kysely';
import type { Database, Db, Dialect } from '../../db/index.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { NewRow, Row, RowPatch } from '../../db/types.js';
import { AccountRows, Repository, type Executor } from '../../db/repository.js';
import type { NightRow, ReservationRow, RoomTypeRow } from './housing.filters.js';

export type NumberKind = 'housing_event' | 'attendee_type' | 'hotel' | 'room_type';

/** Housing events, hotels, room types, inventory, reservation requests and reservations; every statement names the account. */
export class HousingRepository extends Repository {
  private readonly events = new AccountRows('housing_events');
  private readonly hotels = new AccountRows('housing_hotels');
  private readonly roomTypes = new AccountRows('housing_room_types');
  private readonly requests = new AccountRows('housing_reservation_requests');
  private readonly reservations = new AccountRows('housing_reservations');

  constructor(db: Db, readonly dialect: Dialect) {
    super(db);
  }

  /** The next integer id of a kind (a counter row: the same sequence in every process, on both databases). */
  async nextNumber(kind: NumberKind, ex: Executor): Promise<number> {
    const row = await ex.updateTable('housing_numbers').set((eb) => ({ last: eb('last', '+', 1) })).where('kind', '=', kind)
      .returning('last').executeTakeFirstOrThrow();
    return Number(row.last);
  }

  /**
   * Serialises the reservations of the same guests (PostgreSQL: transaction-scoped advisory locks, taken in one order),
   * so that two overlapping stays of one guest cannot both be booked. SQLite runs one write transaction at a time.
   */
  async lockGuests(accountId: string, emails: readonly string[], ex: Executor): Promise<void> {
    if (this.dialect !== 'postgres') return;
    for (const email of [...new Set(emails)].sort()) await sql`select pg_advisory_xact_lock(hashtext(${`housing-guest:${accountId}:${email}`}))`.execute(ex);
  }

  // ---- Housing events and attendee types ----

  insertEvent(row: NewRow<'housing_events'>, ex: Executor): Promise<void> {
    return this.events.insert(ex, row);
  }

  updateEvent(accountId: string, id: string, patch: RowPatch<'housing_events'>, ex: Executor = this.db): Promise<void> {
    return this.events.update(ex, accountId, id, patch);
  }

  findEvent(accountId: string, number: number, ex: Executor = this.db): Promise<Row<'housing_events'> | undefined> {
    return ex.selectFrom('housing_events').selectAll().where('account_id', '=', accountId).where('number', '=', number).executeTakeFirst();
  }

  findEventById(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'housing_events'> | undefined> {
    return this.events.get(ex, accountId, id);
  }

  findEventByCode(accountId: string, accessCode: string, ex: Executor = this.db): Promise<Row<'housing_events'> | undefined> {
    return ex.selectFrom('housing_events').selectAll().where('account_id', '=', accountId).where('access_code', '=', accessCode).executeTakeFirst();
  }

  listEvents(accountId: string, spec: ListSpec, endsAfter: string | undefined) {
    let q = this.db.selectFrom('housing_events').selectAll('housing_events').where('housing_events.account_id', '=', accountId);
    if (endsAfter !== undefined) q = q.where('housing_events.end', '>=', endsAfter);
    return fetchPage(q, spec);
  }

  async insertAttendeeTypes(rows: ReadonlyArray<NewRow<'housing_attendee_types'>>, ex: Executor): Promise<void> {
    if (rows.length > 0) await ex.insertInto('housing_attendee_types').values([...rows]).execute();
  }

  attendeeTypesOf(accountId: string, housingEventIds: readonly string[], ex: Executor = this.db): Promise<Array<Row<'housing_attendee_types'>>> {
    if (housingEventIds.length === 0) return Promise.resolve([]);
    return ex.selectFrom('housing_attendee_types').selectAll().where('account_id', '=', accountId).where('housing_event_id', 'in', [...housingEventIds])
      .orderBy('number').execute();
  }

  // ---- Hotels ----

  insertHotel(row: NewRow<'housing_hotels'>, ex: Executor): Promise<void> {
    return this.hotels.insert(ex, row);
  }

  findHotel(accountId: string, housingEventId: string, number: number, ex: Executor = this.db): Promise<Row<'housing_hotels'> | undefined> {
    return ex.selectFrom('housing_hotels').selectAll().where('account_id', '=', accountId).where('housing_event_id', '=', housingEventId)
      .where('number', '=', number).executeTakeFirst();
  }

  findHotelByCode(accountId: string, code: string, ex: Executor = this.db): Promise<Row<'housing_hotels'> | undefined> {
    return ex.selectFrom('housing_hotels').selectAll().where('account_id', '=', accountId).where('code', '=', code).executeTakeFirst();
  }

  listHotels(accountId: string, housingEventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('housing_hotels').selectAll('housing_hotels')
      .where('housing_hotels.account_id', '=', accountId).where('housing_hotels.housing_event_id', '=', housingEventId), spec);
  }

  // ---- Room types ----

  insertRoomType(row: NewRow<'housing_room_types'>, ex: Executor): Promise<void> {
    return this.roomTypes.insert(ex, row);
  }

  /** Room types with their attendee type, hotel and housing event numbers (the derived table `room_types`). */
  private roomTypeRows(accountId: string, ex: Executor) {
    return ex.selectFrom('housing_room_types as r')
      .innerJoin('housing_attendee_types as a', 'a.id', 'r.attendee_type_id')
      .innerJoin('housing_hotels as h', 'h.id', 'r.hotel_id')
      .innerJoin('housing_events as e', 'e.id', 'r.housing_event_id')
      .selectAll('r')
      .select(['a.number as at_number', 'a.name as at_name', 'a.code as at_code', 'h.number as hotel_number', 'e.number as he_number'])
      .where('r.account_id', '=', accountId);
  }

  findRoomType(accountId: string, hotelId: string, number: number, ex: Executor = this.db): Promise<RoomTypeRow | undefined> {
    return this.roomTypeRows(accountId, ex).where('r.hotel_id', '=', hotelId).where('r.number', '=', number).executeTakeFirst();
  }

  findRoomTypeByCode(accountId: string, hotelId: string, code: string, ex: Executor = this.db): Promise<RoomTypeRow | undefined> {
    return this.roomTypeRows(accountId, ex).where('r.hotel_id', '=', hotelId).where('r.code', '=', code).executeTakeFirst();
  }

  findRoomTypeById(accountId: string, id: string, ex: Executor = this.db): Promise<RoomTypeRow | undefined> {
    return this.roomTypeRows(accountId, ex).where('r.id', '=', id).executeTakeFirst();
  }

  listRoomTypes(accountId: string, hotelId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom(this.roomTypeRows(accountId, this.db).where('r.hotel_id', '=', hotelId).as('room_types')).selectAll('room_types'), spec);
  }

  // ---- Inventory ----

  /** Inventory nights with the ids of what they belong to (the derived table `nights`). */
  private nightRows(accountId: string, ex: Executor) {
    return ex.selectFrom('housing_inventory as i')
      .innerJoin('housing_room_types as r', 'r.id', 'i.room_type_id')
      .innerJoin('housing_attendee_types as a', 'a.id', 'r.attendee_type_id')
      .innerJoin('housing_hotels as h', 'h.id', 'i.hotel_id')
      .innerJoin('housing_events as e', 'e.id', 'i.housing_event_id')
      .select([
        'i.id', 'i.night', 'i.original_block', 'i.current_block', 'i.remaining', 'i.rate', 'r.number as rt_number', 'r.name as rt_name', 'r.max_guests',
        'r.min_length_of_stay', 'r.hide_rate', 'h.number as hotel_number', 'e.number as he_number', 'e.currency', 'a.number as at_number', 'a.name as at_name',
        'a.code as at_code', 'i.room_type_id', 'i.hotel_id', 'i.housing_event_id',
      ])
      .where('i.account_id', '=', accountId);
  }

  listNights(accountId: string, scope: { roomTypeId?: string; hotelId?: string; housingEventId?: string; available?: boolean }, spec: ListSpec) {
    let q = this.nightRows(accountId, this.db);
    if (scope.roomTypeId !== undefined) q = q.where('i.room_type_id', '=', scope.roomTypeId);
    if (scope.hotelId !== undefined) q = q.where('i.hotel_id', '=', scope.hotelId);
    if (scope.housingEventId !== undefined) q = q.where('i.housing_event_id', '=', scope.housingEventId);
    if (scope.available === true) q = q.where('i.remaining', '>', 0);
    return fetchPage(this.db.selectFrom(q.as('nights')).selectAll('nights'), spec);
  }

  /** Every night of the room type, in order, with the ids of what it belongs to. */
  nightRowsOf(accountId: string, roomTypeId: string): Promise<NightRow[]> {
    return this.nightRows(accountId, this.db).where('i.room_type_id', '=', roomTypeId).orderBy('i.night').execute();
  }

  /** The room type's nights in [from, to) (ISO midnights), in order. */
  nightsOf(accountId: string, roomTypeId: string, from: string, to: string, ex: Executor = this.db): Promise<Array<Row<'housing_inventory'>>> {
    return ex.selectFrom('housing_inventory').selectAll().where('account_id', '=', accountId).where('room_type_id', '=', roomTypeId)
      .where('night', '>=', from).where('night', '<', to).orderBy('night').execute();
  }

  /** The first and last night of the room type's block. */
  async blockOf(accountId: string, roomTypeId: string, ex: Executor = this.db): Promise<{ first: string | null; last: string | null }> {
    const r = await ex.selectFrom('housing_inventory').select([sql<string | null>`min(night)`.as('first'), sql<string | null>`max(night)`.as('last')])
      .where('account_id', '=', accountId).where('room_type_id', '=', roomTypeId).executeTakeFirst();
    return { first: r?.first ?? null, last: r?.last ?? null };
  }

  /**
   * Takes one room of the night, if one is left: a conditional UPDATE, so that concurrent writers (threads, processes,
   * PostgreSQL sessions) can never take the same last room; false when none was left (or the night is not in the block).
   */
  async takeRoom(accountId: string, roomTypeId: string, night: string, now: string, ex: Executor): Promise<boolean> {
    const r = await ex.updateTable('housing_inventory').set((eb) => ({ remaining: eb('remaining', '-', 1), last_modified: now }))
      .where('account_id', '=', accountId).where('room_type_id', '=', roomTypeId).where('night', '=', night).where('remaining', '>', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Gives one room of the night back (a cancellation, or a stay that moved). */
  async giveRoom(accountId: string, roomTypeId: string, night: string, now: string, ex: Executor): Promise<void> {
    await ex.updateTable('housing_inventory').set((eb) => ({ remaining: eb('remaining', '+', 1), last_modified: now }))
      .where('account_id', '=', accountId).where('room_type_id', '=', roomTypeId).where('night', '=', night).execute();
  }

  /**
   * Sets the night's block to `rooms` (its rooms sold stay sold): false when fewer rooms than are sold, or when the
   * night is not in the block yet (`exists` says which).
   */
  async setBlock(accountId: string, roomTypeId: string, night: string, rooms: number, rate: number, now: string, ex: Executor): Promise<boolean> {
    const r = await ex.updateTable('housing_inventory')
      .set((eb) => ({ remaining: sql<number>`${rooms} - (${eb.ref('current_block')} - ${eb.ref('remaining')})`, current_block: rooms, rate, last_modified: now }))
      .where('account_id', '=', accountId).where('room_type_id', '=', roomTypeId).where('night', '=', night)
      .where(sql<boolean>`current_block - remaining <= ${rooms}`)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async nightExists(accountId: string, roomTypeId: string, night: string, ex: Executor): Promise<Row<'housing_inventory'> | undefined> {
    return ex.selectFrom('housing_inventory').selectAll().where('account_id', '=', accountId).where('room_type_id', '=', roomTypeId).where('night', '=', night)
      .executeTakeFirst();
  }

  /** Adds the night to the block; false when another writer added it first (the caller sets its block instead). */
  async insertNight(row: NewRow<'housing_inventory'>, ex: Executor): Promise<boolean> {
    const r = await ex.insertInto('housing_inventory').values(row).onConflict((oc) => oc.columns(['room_type_id', 'night']).doNothing()).executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Sets the rate of the room type's nights in [from, to] (ISO midnights); the number of nights changed. */
  async setRates(accountId: string, roomTypeId: string, from: string, to: string, rate: number, rateCode: string | null, now: string, ex: Executor): Promise<number> {
    const r = await ex.updateTable('housing_inventory').set({ rate, rate_code: rateCode, last_modified: now })
      .where('account_id', '=', accountId).where('room_type_id', '=', roomTypeId).where('night', '>=', from).where('night', '<=', to).executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  // ---- Reservation requests ----

  insertRequest(row: NewRow<'housing_reservation_requests'>, ex: Executor = this.db): Promise<void> {
    return this.requests.insert(ex, row);
  }

  findRequest(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'housing_reservation_requests'> | undefined> {
    return this.requests.get(ex, accountId, id);
  }

  /** Updates the request while it is Active; false when it is not (cancelled). */
  async updateActiveRequest(accountId: string, id: string, patch: RowPatch<'housing_reservation_requests'>, ex: Executor): Promise<boolean> {
    const r = await ex.updateTable('housing_reservation_requests').set(patch).where('account_id', '=', accountId).where('id', '=', id)
      .where('status', '=', 'Active').executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  listEventRequests(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('housing_reservation_requests').selectAll('housing_reservation_requests')
      .where('housing_reservation_requests.account_id', '=', accountId).where('housing_reservation_requests.event_id', '=', eventId), spec);
  }

  // ---- Reservations ----

  private reservationRows(accountId: string, ex: Executor) {
    return ex.selectFrom('housing_reservations as v')
      .innerJoin('housing_events as e', 'e.id', 'v.housing_event_id')
      .innerJoin('housing_hotels as h', 'h.id', 'v.hotel_id')
      .innerJoin('housing_room_types as r', 'r.id', 'v.room_type_id')
      .innerJoin('housing_attendee_types as a', 'a.id', 'v.attendee_type_id')
      .selectAll('v')
      .select(['e.number as he_number', 'h.number as hotel_number', 'h.name as hotel_name', 'r.number as rt_number', 'r.name as rt_name', 'a.number as at_number', 'a.code as at_code'])
      .where('v.account_id', '=', accountId);
  }

  insertReservation(row: NewRow<'housing_reservations'>, ex: Executor): Promise<void> {
    return this.reservations.insert(ex, row);
  }

  /** A reservation by its id or its confirmation number. */
  findReservation(accountId: string, idOrNumber: string, ex: Executor = this.db): Promise<ReservationRow | undefined> {
    return this.reservationRows(accountId, ex).where((eb) => eb.or([eb('v.id', '=', idOrNumber), eb('v.confirmation_number', '=', idOrNumber)])).executeTakeFirst();
  }

  findReservationById(accountId: string, id: string, ex: Executor = this.db): Promise<ReservationRow | undefined> {
    return this.reservationRows(accountId, ex).where('v.id', '=', id).executeTakeFirst();
  }

  /** Marks the reservation cancelled if it is not yet; false when it already was. */
  async cancelReservation(accountId: string, id: string, patch: RowPatch<'housing_reservations'>, ex: Executor): Promise<boolean> {
    const r = await ex.updateTable('housing_reservations').set({ ...patch, canceled: 1 }).where('account_id', '=', accountId).where('id', '=', id)
      .where('canceled', '=', 0).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Updates the reservation while it is not cancelled; false when it is. */
  async updateLiveReservation(accountId: string, id: string, patch: RowPatch<'housing_reservations'>, ex: Executor): Promise<boolean> {
    const r = await ex.updateTable('housing_reservations').set(patch).where('account_id', '=', accountId).where('id', '=', id)
      .where('canceled', '=', 0).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  updateReservation(accountId: string, id: string, patch: RowPatch<'housing_reservations'>, ex: Executor = this.db): Promise<void> {
    return this.reservations.update(ex, accountId, id, patch);
  }

  /** Live reservations of the housing event whose stay overlaps [arrival, departure) (YYYY-MM-DD), other than `exceptId`. */
  overlapping(accountId: string, housingEventId: string, arrival: string, departure: string, exceptId: string | null, ex: Executor) {
    let q = ex.selectFrom('housing_reservations').select(['id', 'confirmation_number', 'guests', 'arrival', 'departure'])
      .where('account_id', '=', accountId).where('housing_event_id', '=', housingEventId).where('canceled', '=', 0)
      .where('arrival', '<', departure).where('departure', '>', arrival);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return q.execute();
  }

  /** The live reservation linked to the request, if any. */
  linkedTo(accountId: string, requestId: string, ex: Executor = this.db): Promise<Row<'housing_reservations'> | undefined> {
    return ex.selectFrom('housing_reservations').selectAll().where('account_id', '=', accountId).where('reservation_request_id', '=', requestId)
      .where('canceled', '=', 0).executeTakeFirst();
  }

  /** Any reservation linked to the request (cancelled ones included). */
  anyLinkedTo(accountId: string, requestId: string, ex: Executor = this.db): Promise<Row<'housing_reservations'> | undefined> {
    return ex.selectFrom('housing_reservations').selectAll().where('account_id', '=', accountId).where('reservation_request_id', '=', requestId)
      .orderBy('created', 'desc').executeTakeFirst();
  }

  listReservations(accountId: string, housingEventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom(this.reservationRows(accountId, this.db).where('v.housing_event_id', '=', housingEventId).as('reservations')).selectAll('reservations'), spec);
  }

  /** For the erasers: the rows of the account linked to the contacts. */
  rowsOfContacts(table: 'housing_reservations' | 'housing_reservation_requests', accountId: string, contactIds: readonly string[], trx: Transaction<Database>) {
    return trx.selectFrom(table).select(['id', 'guests']).where('account_id', '=', accountId).where('contact_id', 'in', [...contactIds]).execute();
  }
}
