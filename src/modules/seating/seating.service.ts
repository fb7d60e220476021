import type { Transaction } from 'kysely';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import { isUniqueViolation, uniqueViolationTarget } from '../../db/constraints.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import type { Clock } from '../../db/time.js';
import type { Row } from '../../db/types.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { AttendeesService } from '../attendees/index.js';
import type { EventsService } from '../events/index.js';
import { SeatingErrors } from './seating.errors.js';
import { assignmentsList, seatingsList, seatsList, tablesList } from './seating.filters.js';
import type { SeatingRepository } from './seating.repository.js';
import type {
  Assignment, AssignmentExpand, AssignmentInput, ExpandableSeat, ExpandableSeating, ExpandableTable, Seat, SeatInput, Seating, SeatingInput, Table, TableInput,
} from './seating.schemas.js';

/** What the seating module calls in other modules. */
export interface SeatingUses {
  readonly events: Pick<EventsService, 'find'>;
  readonly attendees: Pick<AttendeesService, 'findInEvent'>;
}

type Page<T> = Promise<{ paging: Paging; data: T[] }>;
type Tx = Transaction<Database>;

// Expanded objects need their own read scope (the reference: "the respective scopes for each expansion are required");
// without it an expansion is left out and the object stays an id.
const EXPAND_SCOPES: Readonly<Record<AssignmentExpand | 'seats', string>> = {
  seating: 'seating/event-seatings:read', table: 'seating/tables:read', seat: 'seating/seats:read', seats: 'seating/seats:read',
};
const expands = (auth: AuthContext, asked: readonly string[] | undefined, what: AssignmentExpand | 'seats'): boolean =>
  asked?.includes(what) === true && auth.scopes.has(EXPAND_SCOPES[what]);

const opt = <K extends string, V>(key: K, v: V | null): Partial<Record<K, V>> => (v === null ? {} : ({ [key]: v } as Record<K, V>));

function seatingToApi(r: Row<'seatings'>): Seating {
  return { id: r.id, name: r.name, ...opt('code', r.code), readOnly: r.read_only === 1, ...opt('sourceId', r.source_id) };
}
function seatToApi(r: Row<'seating_seats'>): Seat {
  return { id: r.id, name: r.name, ...opt('sourceId', r.source_id) };
}
function tableFields(r: Row<'seating_tables'>): Omit<Table, 'seats'> {
  return { id: r.id, ...opt('name', r.name), ...opt('code', r.code), capacity: r.capacity, ...opt('description', r.description), ...opt('sourceId', r.source_id) };
}

/**
 * Seated events (the Seating tag, issue 31): an event's seating charts, their tables and seats, and which attendee
 * sits where. No seat holds two people and an attendee sits at most once per seating: unique indexes decide, so of
 * concurrent assignments of one seat exactly one wins and the others are 409s, on SQLite and PostgreSQL.
 */
export class SeatingService {
  constructor(
    private readonly repo: SeatingRepository,
    private readonly uses: SeatingUses,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  private href(rest: string): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}/${rest}`;
  }

  private stamp(auth: AuthContext) {
    return auditStamp(auth, this.clock());
  }

  private async event(accountId: string, id: string, trx?: Tx) {
    const event = await this.uses.events.find(accountId, id.toLowerCase(), trx);
    if (!event) throw SeatingErrors.eventNotFound(undefined, { target: 'id' });
    return event;
  }

  /** The event's seating (404 naming seatingId when the event has none of that id, whatever account it is in). */
  private async seating(accountId: string, eventId: string, seatingId: string, trx?: Tx): Promise<Row<'seatings'>> {
    const event = await this.event(accountId, eventId, trx);
    const row = await this.repo.findSeating(accountId, event.id, seatingId.toLowerCase(), trx);
    if (!row) throw SeatingErrors.seatingNotFound(undefined, { target: 'seatingId' });
    return row;
  }

  private async table(accountId: string, eventId: string, seatingId: string, tableId: string, trx?: Tx): Promise<Row<'seating_tables'>> {
    const seating = await this.seating(accountId, eventId, seatingId, trx);
    const row = await this.repo.findTable(accountId, seating.id, tableId.toLowerCase(), trx);
    if (!row) throw SeatingErrors.tableNotFound(undefined, { target: 'tableId' });
    return row;
  }

  // ---- Seatings ----

  async listSeatings(accountId: string, eventId: string, query: ListQuery): Page<Seating> {
    const event = await this.event(accountId, eventId);
    return listPage(seatingsList(event.id), query, (spec) => this.repo.listSeatings(accountId, event.id, spec), seatingToApi, this.href(`events/${event.id}/seatings`));
  }

  async getSeating(accountId: string, eventId: string, seatingId: string): Promise<Seating> {
    return seatingToApi(await this.seating(accountId, eventId, seatingId));
  }

  /** A new seating chart of the event; its code, when given, is unique in the event (409). */
  async createSeating(auth: AuthContext, eventId: string, input: SeatingInput): Promise<Seating> {
    const event = await this.event(auth.accountId, eventId);
    const row: Row<'seatings'> = {
      id: newId(), account_id: auth.accountId, event_id: event.id, name: input.name, code: input.code ?? null, read_only: input.readOnly === true ? 1 : 0,
      source_id: input.sourceId ?? null, ...this.stamp(auth).created,
    };
    try {
      await this.repo.insertSeating(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw SeatingErrors.codeTaken(undefined, { target: 'code' });
      throw err;
    }
    return seatingToApi(row);
  }

  // ---- Tables ----

  private async withSeats(auth: AuthContext, tables: ReadonlyArray<Row<'seating_tables'>>, expand: readonly string[] | undefined): Promise<Table[]> {
    const full = expands(auth, expand, 'seats');
    const seats = await this.repo.seatsOfTables(auth.accountId, tables.map((t) => t.id));
    return tables.map((t) => ({
      ...tableFields(t),
      seats: seats.filter((s) => s.table_id === t.id).map((s): ExpandableSeat => (full ? seatToApi(s) : { id: s.id })),
    }));
  }

  async listTables(auth: AuthContext, eventId: string, seatingId: string, query: ListQuery & { expand?: string[] }): Page<Table> {
    const seating = await this.seating(auth.accountId, eventId, seatingId);
    const page = await listPage(tablesList(seating.id), query, (spec) => this.repo.listTables(auth.accountId, seating.id, spec), (r) => r,
      this.href(`events/${seating.event_id}/seatings/${seating.id}/tables`));
    return { paging: page.paging, data: await this.withSeats(auth, page.data, query.expand) };
  }

  async getTable(auth: AuthContext, eventId: string, seatingId: string, tableId: string, expand: readonly string[] | undefined): Promise<Table> {
    const table = await this.table(auth.accountId, eventId, seatingId, tableId);
    const [out] = await this.withSeats(auth, [table], expand);
    if (!out) throw SeatingErrors.tableNotFound(undefined, { target: 'tableId' });
    return out;
  }

  /**
   * A new table of the seating with its seats: those sent (at most `capacity`, 400 otherwise), or `capacity` seats
   * named "Seat 1", "Seat 2", ... when none are sent. One transaction: the table never shows without its seats.
   */
  async createTable(auth: AuthContext, eventId: string, seatingId: string, input: TableInput): Promise<Table> {
    const seatInputs: readonly SeatInput[] = input.seats ?? Array.from({ length: input.capacity }, (_, i) => ({ name: `Seat ${i + 1}` }));
    if (seatInputs.length > input.capacity) {
      throw SeatingErrors.invalid(`${seatInputs.length} seats do not fit a table of capacity ${input.capacity}`, { target: 'seats' });
    }
    return this.repo.transaction(async (trx) => {
      const seating = await this.seating(auth.accountId, eventId, seatingId, trx);
      const stamp = this.stamp(auth).created;
      const table: Row<'seating_tables'> = {
        id: newId(), account_id: auth.accountId, event_id: seating.event_id, seating_id: seating.id, name: input.name ?? null, code: input.code ?? null,
        capacity: input.capacity, description: input.description ?? null, source_id: input.sourceId ?? null, ...stamp,
      };
      await this.repo.insertTable(table, trx);
      const seats: Array<Row<'seating_seats'>> = seatInputs.map((s) => ({
        id: newId(), account_id: auth.accountId, event_id: seating.event_id, seating_id: seating.id, table_id: table.id, name: s.name,
        source_id: s.sourceId ?? null, ...stamp,
      }));
      await this.repo.insertSeats(seats, trx);
      return { ...tableFields(table), seats: seats.map((s) => ({ id: s.id })) };
    });
  }

  // ---- Seats ----

  async listSeats(accountId: string, eventId: string, seatingId: string, tableId: string, query: ListQuery): Page<Seat> {
    const table = await this.table(accountId, eventId, seatingId, tableId);
    return listPage(seatsList(table.id), query, (spec) => this.repo.listSeats(accountId, table.id, spec), seatToApi,
      this.href(`events/${table.event_id}/seatings/${table.seating_id}/tables/${table.id}/seats`));
  }

  async getSeat(accountId: string, eventId: string, seatingId: string, tableId: string, seatId: string): Promise<Seat> {
    const table = await this.table(accountId, eventId, seatingId, tableId);
    const seat = await this.repo.findSeat(accountId, table.id, seatId.toLowerCase());
    if (!seat) throw SeatingErrors.seatNotFound(undefined, { target: 'seatId' });
    return seatToApi(seat);
  }

  /** Adds a seat to the table; 409 when the table already has `capacity` seats (the table's row is locked on PostgreSQL). */
  async createSeat(auth: AuthContext, eventId: string, seatingId: string, tableId: string, input: SeatInput): Promise<Seat> {
    return this.repo.transaction(async (trx) => {
      const table = await this.table(auth.accountId, eventId, seatingId, tableId, trx);
      await this.repo.lockTable(auth.accountId, table.id, trx);
      const n = await this.repo.countSeats(auth.accountId, table.id, trx);
      if (n >= table.capacity) throw SeatingErrors.tableFull(`The table has ${n} seats, its capacity`, { target: 'tableId' });
      const seat: Row<'seating_seats'> = {
        id: newId(), account_id: auth.accountId, event_id: table.event_id, seating_id: table.seating_id, table_id: table.id, name: input.name,
        source_id: input.sourceId ?? null, ...this.stamp(auth).created,
      };
      await this.repo.insertSeats([seat], trx);
      return seatToApi(seat);
    });
  }

  // ---- Assignments ----

  /** The page's assignments, with their seating, table and seat expanded where asked (and the scope held). */
  private async assignmentsToApi(auth: AuthContext, rows: ReadonlyArray<Row<'seating_assignments'>>, expand: readonly string[] | undefined): Promise<Assignment[]> {
    const ids = (f: (r: Row<'seating_assignments'>) => string) => [...new Set(rows.map(f))];
    const [seatings, tables, seats] = await Promise.all([
      expands(auth, expand, 'seating') ? this.repo.seatingsByIds(auth.accountId, ids((r) => r.seating_id)) : [],
      expands(auth, expand, 'table') ? this.repo.tablesByIds(auth.accountId, ids((r) => r.table_id)) : [],
      expands(auth, expand, 'seat') ? this.repo.seatsByIds(auth.accountId, ids((r) => r.seat_id)) : [],
    ]);
    const seatingOf = new Map(seatings.map((s): [string, ExpandableSeating] => [s.id, seatingToApi(s)]));
    const tableOf = new Map(tables.map((t): [string, ExpandableTable] => [t.id, tableFields(t)]));
    const seatOf = new Map(seats.map((s): [string, ExpandableSeat] => [s.id, seatToApi(s)]));
    return rows.map((r) => ({
      seating: seatingOf.get(r.seating_id) ?? { id: r.seating_id },
      table: tableOf.get(r.table_id) ?? { id: r.table_id },
      seat: seatOf.get(r.seat_id) ?? { id: r.seat_id },
      attendee: { id: r.attendee_id },
    }));
  }

  async listEventAssignments(auth: AuthContext, eventId: string, query: ListQuery & { expand?: string[] }): Page<Assignment> {
    const event = await this.event(auth.accountId, eventId);
    const page = await listPage(assignmentsList(`event:${event.id}`), query, (spec) => this.repo.listEventAssignments(auth.accountId, event.id, spec), (r) => r,
      this.href(`events/${event.id}/seatings/assignments`));
    return { paging: page.paging, data: await this.assignmentsToApi(auth, page.data, query.expand) };
  }

  async listSeatingAssignments(auth: AuthContext, eventId: string, seatingId: string, query: ListQuery & { expand?: string[] }): Page<Assignment> {
    const seating = await this.seating(auth.accountId, eventId, seatingId);
    const page = await listPage(assignmentsList(seating.id), query, (spec) => this.repo.listSeatingAssignments(auth.accountId, seating.id, spec), (r) => r,
      this.href(`events/${seating.event_id}/seatings/${seating.id}/assignments`));
    return { paging: page.paging, data: await this.assignmentsToApi(auth, page.data, query.expand) };
  }

  /**
   * Seats an attendee of the seating's event (400 naming attendee.id otherwise) in a seat of the seating (400 naming
   * seat.id). A taken seat, or an attendee already seated in this seating, is a 409. The reads before the insert only
   * give the usual answer a clear message: the unique indexes decide a race, and the loser's violation is the same 409.
   */
  async assign(auth: AuthContext, eventId: string, seatingId: string, input: AssignmentInput): Promise<Assignment> {
    const row = await this.repo.transaction(async (trx) => {
      const seating = await this.seating(auth.accountId, eventId, seatingId, trx);
      if (input.seating !== undefined && input.seating.id.toLowerCase() !== seating.id) {
        throw SeatingErrors.invalid('The seating is the one in the path', { target: 'seating.id' });
      }
      const attendee = await this.uses.attendees.findInEvent(auth.accountId, seating.event_id, input.attendee.id, trx);
      if (!attendee) throw SeatingErrors.invalid('Not an attendee of the seating\'s event', { target: 'attendee.id' });
      const seat = await this.repo.findSeatInSeating(auth.accountId, seating.id, input.seat.id.toLowerCase(), trx);
      if (!seat) throw SeatingErrors.invalid('Not a seat of this seating', { target: 'seat.id' });
      if (input.table !== undefined && input.table.id.toLowerCase() !== seat.table_id) {
        throw SeatingErrors.invalid('The seat is at another table', { target: 'table.id' });
      }
      if (await this.repo.findSeatAssignment(auth.accountId, seat.id, trx)) throw SeatingErrors.seatTaken(undefined, { target: 'seat.id' });
      if (await this.repo.findAssignment(auth.accountId, seating.id, attendee.id, trx)) throw SeatingErrors.alreadySeated(undefined, { target: 'attendee.id' });
      const assignment: Row<'seating_assignments'> = {
        id: newId(), account_id: auth.accountId, event_id: seating.event_id, seating_id: seating.id, table_id: seat.table_id, seat_id: seat.id,
        attendee_id: attendee.id, ...this.stamp(auth).created,
      };
      try {
        await this.repo.insertAssignment(assignment, trx);
      } catch (err) {
        const index = uniqueViolationTarget(err);
        if (index === undefined) throw err;
        throw index.includes('attendee') ? SeatingErrors.alreadySeated(undefined, { target: 'attendee.id' }) : SeatingErrors.seatTaken(undefined, { target: 'seat.id' });
      }
      return assignment;
    });
    const [out] = await this.assignmentsToApi(auth, [row], []);
    if (!out) throw SeatingErrors.assignmentNotFound();
    return out;
  }

  /** Frees the attendee's seat in the seating (404 naming attendeeId when the attendee has none there). */
  async unassign(auth: AuthContext, eventId: string, seatingId: string, attendeeId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const seating = await this.seating(auth.accountId, eventId, seatingId, trx);
      if (!(await this.repo.deleteAssignment(auth.accountId, seating.id, attendeeId.toLowerCase(), trx))) {
        throw SeatingErrors.assignmentNotFound(undefined, { target: 'attendeeId' });
      }
    });
  }
}
