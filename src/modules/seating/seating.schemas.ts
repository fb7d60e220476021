import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

// The reference's schemas of the Seating tag (existing-seating, existing-table-with-seats, existing-seat,
// table-assignment.json): field names, lengths and types as it gives them. The write bodies are eventline's
// extensions (DESIGN rule 11) and take the same fields.

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const IdOnly = (description: string) => Type.Optional(Uuid(`Read-only: ignored. ${description}`));
const SourceId = (what: string) => Type.Optional(Type.String({ maxLength: 50, description: `An ID for the ${what} in an external system, for your own tracking.` }));

const { limit, token, filter } = listQuerySchema().properties;
export const FilteredQuerySchema = Type.Object({ limit, token, filter }, { additionalProperties: false });
const TableExpand = Type.Optional(Type.Array(Type.Literal('seats'), {
  description: '`seats`: each table\'s seats carry all their fields (needs seating/seats:read; without it they stay ids).',
}));
export const TablesQuerySchema = Type.Object({ limit, token, filter, expand: TableExpand }, { additionalProperties: false });
export const TableQuerySchema = Type.Object({ expand: TableExpand }, { additionalProperties: false });
export const AssignmentsQuerySchema = Type.Object({
  limit, token, filter,
  expand: Type.Optional(Type.Array(Type.Union([Type.Literal('seating'), Type.Literal('table'), Type.Literal('seat')]), {
    description: '`seating`, `table`, `seat`: the assignment\'s seating, table or seat carries all its fields; each needs its read scope '
      + '(seating/event-seatings:read, seating/tables:read, seating/seats:read), without which it stays an id.',
  })),
}, { additionalProperties: false });
export type AssignmentExpand = 'seating' | 'table' | 'seat';

export const EventParamsSchema = Type.Object({ id: Uuid('ID of an event.') });
export const SeatingParamsSchema = Type.Object({ id: Uuid('ID of an event.'), seatingId: Uuid('ID of a seating.') });
export const TableParamsSchema = Type.Object({ id: Uuid('ID of an event.'), seatingId: Uuid('ID of a seating.'), tableId: Uuid('ID of a table.') });
export const SeatParamsSchema = Type.Object({ id: Uuid('ID of an event.'), seatingId: Uuid('ID of a seating.'), tableId: Uuid('ID of a table.'), seatId: Uuid('ID of a seat.') });
export const AssignmentParamsSchema = Type.Object({ id: Uuid('ID of an event.'), seatingId: Uuid('ID of a seating.'), attendeeId: Uuid('ID of the seated attendee.') });

// ---- Seatings ----

const SeatingFields = {
  name: Type.String({ minLength: 1, maxLength: 200, description: 'Seating\'s plain name.' }),
  code: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'Seating\'s code set by the planner. Must be unique in the event (409).' })),
  readOnly: Type.Optional(Type.Boolean({ default: false, description: 'True indicates the seating data is coming from outside and should not be editable in the event.' })),
  sourceId: SourceId('seating'),
};
export const SeatingInputSchema = Type.Object({ ...SeatingFields, id: IdOnly('The seating.') }, { title: 'EventSeating', additionalProperties: false });
export type SeatingInput = Static<typeof SeatingInputSchema>;
export const SeatingSchema = Type.Object({ id: Uuid('The unique ID of the seating.'), ...SeatingFields }, { title: 'ExistingSeating' });
export type Seating = Static<typeof SeatingSchema>;
export const SeatingPageSchema = paginated(SeatingSchema, 'SeatingPaginatedResponse');

// ---- Seats ----

const SeatFields = {
  name: Type.String({ minLength: 1, maxLength: 200, description: 'Seat\'s plain name.' }),
  sourceId: SourceId('seat'),
};
export const SeatInputSchema = Type.Object({ ...SeatFields, id: IdOnly('The seat.') }, { title: 'EventSeat', additionalProperties: false });
export type SeatInput = Static<typeof SeatInputSchema>;
export const SeatSchema = Type.Object({ id: Uuid('The unique ID of the seat.'), ...SeatFields }, { title: 'ExistingSeat' });
export type Seat = Static<typeof SeatSchema>;
export const SeatPageSchema = paginated(SeatSchema, 'SeatsPaginatedResponse');
/** A seat as an id, or with all its fields when expanded. */
const ExpandableSeatSchema = Type.Object({ id: Uuid('The unique ID of the seat.'), name: Type.Optional(SeatFields.name), sourceId: SeatFields.sourceId }, { title: 'ExpandableSeat' });
export type ExpandableSeat = Static<typeof ExpandableSeatSchema>;

// ---- Tables ----

/** A table holds at most this many seats. */
export const MAX_CAPACITY = 500;
const TableFields = {
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Table\'s plain name.' })),
  code: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'Table\'s code set by the planner.' })),
  capacity: Type.Integer({ minimum: 1, maximum: MAX_CAPACITY, description: 'Table\'s seat capacity: the table holds at most this many seats.' }),
  description: Type.Optional(Type.String({ maxLength: 2000, description: 'Description assigned to table.' })),
  sourceId: SourceId('table'),
};
export const TableInputSchema = Type.Object({
  ...TableFields,
  seats: Type.Optional(Type.Array(SeatInputSchema, {
    maxItems: MAX_CAPACITY,
    description: 'The table\'s seats, at most `capacity` (400 otherwise). Left out: `capacity` seats named "Seat 1", "Seat 2", ... An empty list: no seats yet.',
  })),
  id: IdOnly('The table.'),
}, { title: 'EventTable', additionalProperties: false });
export type TableInput = Static<typeof TableInputSchema>;
export const TableSchema = Type.Object({
  id: Uuid('The unique ID of the table.'), ...TableFields,
  seats: Type.Array(ExpandableSeatSchema, { description: 'The seats at the table (ids; all their fields with `expand=seats`), in creation order.' }),
}, { title: 'ExistingTable' });
export type Table = Static<typeof TableSchema>;
export const TablePageSchema = paginated(TableSchema, 'TablesPaginatedResponse');

// ---- Assignments ----

const ExpandableSeatingSchema = Type.Object({
  id: Uuid('The unique ID of the seating.'), name: Type.Optional(SeatingFields.name), code: SeatingFields.code,
  // No default here: the serializer would write one into an unexpanded seating.
  readOnly: Type.Optional(Type.Boolean({ description: 'True indicates the seating data is coming from outside and should not be editable in the event.' })),
  sourceId: SeatingFields.sourceId,
}, { title: 'ExpandableSeating' });
export type ExpandableSeating = Static<typeof ExpandableSeatingSchema>;
const ExpandableTableSchema = Type.Object({
  id: Uuid('The unique ID of the table.'), name: TableFields.name, code: TableFields.code, capacity: Type.Optional(TableFields.capacity),
  description: TableFields.description, sourceId: TableFields.sourceId,
}, { title: 'ExpandableTable' });
export type ExpandableTable = Static<typeof ExpandableTableSchema>;

export const AssignmentSchema = Type.Object({
  seating: ExpandableSeatingSchema,
  table: ExpandableTableSchema,
  seat: ExpandableSeatSchema,
  attendee: Type.Object({ id: Uuid('The unique ID of the attendee assigned.') }),
}, { title: 'TableAssignment' });
export type Assignment = Static<typeof AssignmentSchema>;
export const AssignmentPageSchema = paginated(AssignmentSchema, 'TableAssignmentPaginatedResponse');

export const AssignmentInputSchema = Type.Object({
  attendee: Type.Object({ id: Uuid('An attendee of the seating\'s event (400 naming attendee.id otherwise).') }),
  seat: Type.Object({ id: Uuid('A seat of the seating (400 naming seat.id otherwise).') }),
  table: Type.Optional(Type.Object({ id: Uuid('Read-only: the seat\'s table (400 naming table.id when another).') })),
  seating: Type.Optional(Type.Object({ id: Uuid('Read-only: the seating in the path (400 naming seating.id when another).') })),
}, { title: 'TableAssignment', additionalProperties: false });
export type AssignmentInput = Static<typeof AssignmentInputSchema>;
