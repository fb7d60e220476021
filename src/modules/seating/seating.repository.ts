import type { Db, Dialect } from '../../db/index.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { NewRow, Row } from '../../db/types.js';
import { Repository, type Executor } from '../../db/repository.js';

/** Seatings, their tables and seats, and seat assignments; every statement names the account. */
export class SeatingRepository extends Repository {
  constructor(db: Db, private readonly dialect: Dialect) {
    super(db);
  }

  // ---- Seatings ----

  listSeatings(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('seatings').selectAll('seatings').where('seatings.account_id', '=', accountId).where('seatings.event_id', '=', eventId), spec);
  }

  findSeating(accountId: string, eventId: string, id: string, ex: Executor = this.db): Promise<Row<'seatings'> | undefined> {
    return ex.selectFrom('seatings').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).where('id', '=', id).executeTakeFirst();
  }

  seatingsByIds(accountId: string, ids: readonly string[], ex: Executor = this.db): Promise<Array<Row<'seatings'>>> {
    if (ids.length === 0) return Promise.resolve([]);
    return ex.selectFrom('seatings').selectAll().where('account_id', '=', accountId).where('id', 'in', [...ids]).execute();
  }

  async insertSeating(row: NewRow<'seatings'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('seatings').values(row).execute();
  }

  // ---- Tables ----

  listTables(accountId: string, seatingId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('seating_tables').selectAll('seating_tables')
      .where('seating_tables.account_id', '=', accountId).where('seating_tables.seating_id', '=', seatingId), spec);
  }

  findTable(accountId: string, seatingId: string, id: string, ex: Executor = this.db): Promise<Row<'seating_tables'> | undefined> {
    return ex.selectFrom('seating_tables').selectAll().where('account_id', '=', accountId).where('seating_id', '=', seatingId).where('id', '=', id).executeTakeFirst();
  }

  tablesByIds(accountId: string, ids: readonly string[], ex: Executor = this.db): Promise<Array<Row<'seating_tables'>>> {
    if (ids.length === 0) return Promise.resolve([]);
    return ex.selectFrom('seating_tables').selectAll().where('account_id', '=', accountId).where('id', 'in', [...ids]).execute();
  }

  async insertTable(row: NewRow<'seating_tables'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('seating_tables').values(row).execute();
  }

  /**
   * Locks the table's row until the transaction ends (PostgreSQL; SQLite runs one write transaction at a time), so
   * that two seats added at once cannot both take the table's last place.
   */
  async lockTable(accountId: string, id: string, ex: Executor): Promise<void> {
    if (this.dialect !== 'postgres') return;
    await ex.selectFrom('seating_tables').select('id').where('account_id', '=', accountId).where('id', '=', id).forUpdate().execute();
  }

  // ---- Seats ----

  listSeats(accountId: string, tableId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('seating_seats').selectAll('seating_seats')
      .where('seating_seats.account_id', '=', accountId).where('seating_seats.table_id', '=', tableId), spec);
  }

  findSeat(accountId: string, tableId: string, id: string, ex: Executor = this.db): Promise<Row<'seating_seats'> | undefined> {
    return ex.selectFrom('seating_seats').selectAll().where('account_id', '=', accountId).where('table_id', '=', tableId).where('id', '=', id).executeTakeFirst();
  }

  findSeatInSeating(accountId: string, seatingId: string, id: string, ex: Executor = this.db): Promise<Row<'seating_seats'> | undefined> {
    return ex.selectFrom('seating_seats').selectAll().where('account_id', '=', accountId).where('seating_id', '=', seatingId).where('id', '=', id).executeTakeFirst();
  }

  /** The seats of the tables, in creation order. */
  seatsOfTables(accountId: string, tableIds: readonly string[], ex: Executor = this.db): Promise<Array<Row<'seating_seats'>>> {
    if (tableIds.length === 0) return Promise.resolve([]);
    return ex.selectFrom('seating_seats').selectAll().where('account_id', '=', accountId).where('table_id', 'in', [...tableIds]).orderBy('id').execute();
  }

  seatsByIds(accountId: string, ids: readonly string[], ex: Executor = this.db): Promise<Array<Row<'seating_seats'>>> {
    if (ids.length === 0) return Promise.resolve([]);
    return ex.selectFrom('seating_seats').selectAll().where('account_id', '=', accountId).where('id', 'in', [...ids]).execute();
  }

  async countSeats(accountId: string, tableId: string, ex: Executor = this.db): Promise<number> {
    const r = await ex.selectFrom('seating_seats').select((eb) => eb.fn.countAll().as('n')).where('account_id', '=', accountId).where('table_id', '=', tableId).executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async insertSeats(rows: ReadonlyArray<NewRow<'seating_seats'>>, ex: Executor = this.db): Promise<void> {
    if (rows.length > 0) await ex.insertInto('seating_seats').values([...rows]).execute();
  }

  // ---- Event copy ----

  /** The event's seatings, tables and seats, in creation order (for an event copy). */
  async layoutOfEvent(accountId: string, eventId: string, ex: Executor): Promise<{
    seatings: Array<Row<'seatings'>>; tables: Array<Row<'seating_tables'>>; seats: Array<Row<'seating_seats'>>;
  }> {
    const [seatings, tables, seats] = await Promise.all([
      ex.selectFrom('seatings').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).orderBy('id').execute(),
      ex.selectFrom('seating_tables').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).orderBy('id').execute(),
      ex.selectFrom('seating_seats').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).orderBy('id').execute(),
    ]);
    return { seatings, tables, seats };
  }

  async insertLayout(layout: {
    seatings: ReadonlyArray<NewRow<'seatings'>>; tables: ReadonlyArray<NewRow<'seating_tables'>>; seats: ReadonlyArray<NewRow<'seating_seats'>>;
  }, ex: Executor): Promise<void> {
    if (layout.seatings.length > 0) await ex.insertInto('seatings').values([...layout.seatings]).execute();
    if (layout.tables.length > 0) await ex.insertInto('seating_tables').values([...layout.tables]).execute();
    // Many seats: a few statements of at most 500 rows (SQLite's bound-parameter limit).
    for (let i = 0; i < layout.seats.length; i += 500) await ex.insertInto('seating_seats').values(layout.seats.slice(i, i + 500)).execute();
  }

  // ---- Assignments ----

  listEventAssignments(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('seating_assignments').selectAll('seating_assignments')
      .where('seating_assignments.account_id', '=', accountId).where('seating_assignments.event_id', '=', eventId), spec);
  }

  listSeatingAssignments(accountId: string, seatingId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('seating_assignments').selectAll('seating_assignments')
      .where('seating_assignments.account_id', '=', accountId).where('seating_assignments.seating_id', '=', seatingId), spec);
  }

  /** The unique indexes (seat; seating and attendee) decide a race: the loser's insert is a unique violation. */
  async insertAssignment(row: NewRow<'seating_assignments'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('seating_assignments').values(row).execute();
  }

  findAssignment(accountId: string, seatingId: string, attendeeId: string, ex: Executor = this.db): Promise<Row<'seating_assignments'> | undefined> {
    return ex.selectFrom('seating_assignments').selectAll().where('account_id', '=', accountId).where('seating_id', '=', seatingId).where('attendee_id', '=', attendeeId).executeTakeFirst();
  }

  findSeatAssignment(accountId: string, seatId: string, ex: Executor = this.db): Promise<Row<'seating_assignments'> | undefined> {
    return ex.selectFrom('seating_assignments').selectAll().where('account_id', '=', accountId).where('seat_id', '=', seatId).executeTakeFirst();
  }

  async deleteAssignment(accountId: string, seatingId: string, attendeeId: string, ex: Executor = this.db): Promise<boolean> {
    const r = await ex.deleteFrom('seating_assignments').where('account_id', '=', accountId).where('seating_id', '=', seatingId).where('attendee_id', '=', attendeeId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Marks the attendees' assignments as touched by an erasure (they hold ids only and stay, like the attendees). */
  async touchAssignments(accountId: string, attendeeIds: readonly string[], now: string, by: string, ex: Executor): Promise<number> {
    if (attendeeIds.length === 0) return 0;
    const r = await ex.updateTable('seating_assignments').set({ last_modified: now, last_modified_by: by })
      .where('account_id', '=', accountId).where('attendee_id', 'in', [...attendeeIds]).executeTakeFirst();
    return Number(r.numUpdatedRows);
  }
}
