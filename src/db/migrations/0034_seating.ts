import type { Kysely } from 'kysely';
import { audited, createTable, dropTables, owned } from './columns.js';

// The Seating tag (issue 31): an event's seating charts, their tables and seats, and which attendee sits where.
// - seatings: a chart of an event (code unique in the event).
// - seating_tables, seating_seats: the chart's tables (a capacity) and each table's seats (at most the capacity).
// - seating_assignments: an attendee in a seat. No seat holds two people and nobody sits twice in one chart: both
//   are unique indexes, so of two writers racing for a seat the second gets a unique violation (a 409), on SQLite
//   and PostgreSQL alike, whatever the reads before it saw.
// List indexes end with the list's order (id).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'seatings', {
    ...owned, event_id: 'text! -> events', name: 'text!', code: 'text', read_only: 'integer! = 0', source_id: 'text', ...audited,
  }, {
    seatings_event: 'account_id, event_id, id',
    seatings_code: 'unique: event_id, code',
  });

  await createTable(db, 'seating_tables', {
    ...owned, event_id: 'text!', seating_id: 'text! -> seatings', name: 'text', code: 'text', capacity: 'integer!', description: 'text', source_id: 'text', ...audited,
  }, {
    seating_tables_seating: 'account_id, seating_id, id',
  });

  await createTable(db, 'seating_seats', {
    ...owned, event_id: 'text!', seating_id: 'text!', table_id: 'text! -> seating_tables', name: 'text!', source_id: 'text', ...audited,
  }, {
    seating_seats_table: 'account_id, table_id, id',
  });

  await createTable(db, 'seating_assignments', {
    ...owned, event_id: 'text!', seating_id: 'text! -> seatings', table_id: 'text!', seat_id: 'text! -> seating_seats', attendee_id: 'text! -> attendees', ...audited,
  }, {
    seating_assignments_seat: 'unique: seat_id',
    seating_assignments_attendee: 'unique: seating_id, attendee_id',
    seating_assignments_event: 'account_id, event_id, id',
    seating_assignments_seating: 'account_id, seating_id, id',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'seating_assignments', 'seating_seats', 'seating_tables', 'seatings');
}
