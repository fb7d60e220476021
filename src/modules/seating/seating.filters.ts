import { defineList, filterColumns } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators the reference's `filter` lists for each list (DESIGN rule 6). Lists of one
// parent (event, seating, table) carry its id in their name, so a page token of one cannot page another's.
const EQ = { ops: ['eq'] } as const;

/** GET /events/{id}/seatings: `id (eq)`. */
export const seatingsList = (eventId: string) => defineList<Row<'seatings'>>({
  name: `seatings:${eventId}`,
  filters: { id: filterColumns('seatings').field('id', 'uuid', EQ) },
  order: [{ column: 'seatings.id', value: (r) => r.id }],
});

/** GET /events/{id}/seatings/{seatingId}/tables: `id (eq)`. */
export const tablesList = (seatingId: string) => defineList<Row<'seating_tables'>>({
  name: `seating-tables:${seatingId}`,
  filters: { id: filterColumns('seating_tables').field('id', 'uuid', EQ) },
  order: [{ column: 'seating_tables.id', value: (r) => r.id }],
});

/** GET .../tables/{tableId}/seats: `id (eq)`. */
export const seatsList = (tableId: string) => defineList<Row<'seating_seats'>>({
  name: `seating-seats:${tableId}`,
  filters: { id: filterColumns('seating_seats').field('id', 'uuid', EQ) },
  order: [{ column: 'seating_seats.id', value: (r) => r.id }],
});

const assignment = filterColumns('seating_assignments');
const ASSIGNMENT_FILTERS = {
  'seating.id': assignment.field('seating_id', 'uuid', EQ),
  'attendee.id': assignment.field('attendee_id', 'uuid', EQ),
  'table.id': assignment.field('table_id', 'uuid', EQ),
  'seat.id': assignment.field('seat_id', 'uuid', EQ),
};

/** GET /events/{id}/seatings/assignments and .../{seatingId}/assignments: `seating.id`, `attendee.id`, `table.id`, `seat.id` (eq). */
export const assignmentsList = (scope: string) => defineList<Row<'seating_assignments'>>({
  name: `seating-assignments:${scope}`,
  filters: ASSIGNMENT_FILTERS,
  order: [{ column: 'seating_assignments.id', value: (r) => r.id }],
});
