import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import type { FilterFields } from '../../lists/index.js';
import { assignmentsList, seatingsList, seatsList, tablesList } from './seating.filters.js';
import {
  AssignmentInputSchema, AssignmentPageSchema, AssignmentParamsSchema, AssignmentSchema, AssignmentsQuerySchema, EventParamsSchema, FilteredQuerySchema,
  SeatInputSchema, SeatingInputSchema, SeatingPageSchema, SeatingParamsSchema, SeatingSchema, SeatPageSchema, SeatParamsSchema, SeatSchema,
  TableInputSchema, TablePageSchema, TableParamsSchema, TableQuerySchema, TableSchema, TablesQuerySchema,
} from './seating.schemas.js';
import type { SeatingService } from './seating.service.js';

const NoContent = (description: string) => Type.Null({ description });
const filters = (fields: FilterFields) =>
  `Filterable (the reference's list): ${Object.entries(fields).map(([name, f]) => `${name} (${f.ops.join('|')})`).join(', ')}.`;
const EXTENSION = 'An eventline extension (DESIGN rule 11): the reference only reads seatings.';
// Lists of one parent carry its id in the name of the list, so their filter fields are the same for every parent.
const ANY = '00000000-0000-0000-0000-000000000000';
// The reference's `expand` is `explode: false`: one comma-separated value (`expand=seating,table`); repeating the
// parameter works too. The comma form is split before the query is validated against the list of values.
const splitExpand = {
  preValidation: async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown>;
    if (typeof query['expand'] === 'string') query['expand'] = query['expand'].split(',').map((v) => v.trim());
  },
};
const NOT_FOUND = 'An event, seating, table or seat that is not the account\'s (or not under the path\'s parent) is a 404.';

export function seatingRoutes(seating: SeatingService) {
  return operations((op) => {
    // ---- Seatings ----
    op.list('listSeating', {
      description: `The event's seatings (seating charts), in creation order. ${filters(seatingsList(ANY).filters)} ${NOT_FOUND}`,
      params: EventParamsSchema, query: FilteredQuerySchema, page: SeatingPageSchema, filterOperationId: null, errors: [404], filters: seatingsList(ANY).filters,
      list: (auth, query, params) => seating.listSeatings(auth.accountId, params.id, query),
    });
    op('getSeating', {
      description: `One seating of the event. ${NOT_FOUND}`, params: SeatingParamsSchema, response: { 200: SeatingSchema },
    }, async ({ auth, params }) => seating.getSeating(auth.accountId, params.id, params.seatingId));
    op('createSeating', {
      description: `Creates a seating chart for the event. A \`code\`, when given, is unique in the event (409). ${EXTENSION}`,
      params: EventParamsSchema, body: SeatingInputSchema, response: { 201: SeatingSchema },
    }, async ({ auth, params, body }) => seating.createSeating(auth, params.id, body));

    // ---- Tables ----
    op.list('listTables', {
      description: `The seating's tables with their seats (ids; all their fields with \`expand=seats\` and seating/seats:read), in creation order. `
        + `${filters(tablesList(ANY).filters)} ${NOT_FOUND}`,
      params: SeatingParamsSchema, query: TablesQuerySchema, page: TablePageSchema, filterOperationId: null, errors: [404], filters: tablesList(ANY).filters, route: splitExpand,
      list: (auth, query, params) => seating.listTables(auth, params.id, params.seatingId, query),
    });
    op('getTable', {
      description: `One table of the seating with its seats (\`expand=seats\`: all their fields). ${NOT_FOUND}`,
      params: TableParamsSchema, querystring: TableQuerySchema, response: { 200: TableSchema }, route: splitExpand,
    }, async ({ auth, params, query }) => seating.getTable(auth, params.id, params.seatingId, params.tableId, query.expand));
    op('createTable', {
      description: 'Lays out a table in the seating with its seats in one step: the `seats` sent (at most `capacity`, 400 otherwise), or, without `seats`, '
        + `\`capacity\` seats named "Seat 1", "Seat 2", ... ${EXTENSION}`,
      params: SeatingParamsSchema, body: TableInputSchema, response: { 201: TableSchema },
    }, async ({ auth, params, body }) => seating.createTable(auth, params.id, params.seatingId, body));

    // ---- Seats ----
    op.list('listSeats', {
      description: `The table's seats, in creation order. ${filters(seatsList(ANY).filters)} ${NOT_FOUND}`,
      params: TableParamsSchema, query: FilteredQuerySchema, page: SeatPageSchema, filterOperationId: null, errors: [404], filters: seatsList(ANY).filters,
      list: (auth, query, params) => seating.listSeats(auth.accountId, params.id, params.seatingId, params.tableId, query),
    });
    op('getSeat', {
      description: `One seat of the table. ${NOT_FOUND}`, params: SeatParamsSchema, response: { 200: SeatSchema },
    }, async ({ auth, params }) => seating.getSeat(auth.accountId, params.id, params.seatingId, params.tableId, params.seatId));
    op('createSeat', {
      description: `Adds a seat to the table; 409 when the table already has \`capacity\` seats. ${EXTENSION}`,
      params: TableParamsSchema, body: SeatInputSchema, response: { 201: SeatSchema },
    }, async ({ auth, params, body }) => seating.createSeat(auth, params.id, params.seatingId, params.tableId, body));

    // ---- Assignments ----
    const expandNote = '`expand=seating,table,seat` carries each object\'s fields (each needs its read scope; without it the object stays an id).';
    op.list('getEventTableAssignments', {
      description: `Who sits where across all the event's seatings, in the order the seats were assigned. ${filters(assignmentsList(ANY).filters)} ${expandNote} ${NOT_FOUND}`,
      params: EventParamsSchema, query: AssignmentsQuerySchema, page: AssignmentPageSchema, filterOperationId: null, errors: [404], filters: assignmentsList(ANY).filters, route: splitExpand,
      list: (auth, query, params) => seating.listEventAssignments(auth, params.id, query),
    });
    op.list('getTableAssignment', {
      description: `Who sits where in the seating, in the order the seats were assigned. ${filters(assignmentsList(ANY).filters)} ${expandNote} ${NOT_FOUND}`,
      params: SeatingParamsSchema, query: AssignmentsQuerySchema, page: AssignmentPageSchema, filterOperationId: null, errors: [404], filters: assignmentsList(ANY).filters, route: splitExpand,
      list: (auth, query, params) => seating.listSeatingAssignments(auth, params.id, params.seatingId, query),
    });
    op('createSeatingAssignment', {
      description: 'Seats an attendee of the seating\'s event (400 naming attendee.id otherwise) in a seat of the seating (400 naming seat.id otherwise). '
        + 'No seat holds two people and an attendee sits at most once per seating: a taken seat, or an attendee already seated here, is a 409 '
        + `(unique indexes decide: of concurrent assignments of one seat exactly one wins). Unassign first to move someone. ${EXTENSION}`,
      params: SeatingParamsSchema, body: AssignmentInputSchema, response: { 201: AssignmentSchema },
    }, async ({ auth, params, body }) => seating.assign(auth, params.id, params.seatingId, body));
    op('deleteSeatingAssignment', {
      description: `Frees the attendee's seat in the seating (404 naming attendeeId when the attendee has none there). ${EXTENSION}`,
      params: AssignmentParamsSchema, response: { 204: NoContent('Unassigned.') },
    }, async ({ auth, params }) => seating.unassign(auth, params.id, params.seatingId, params.attendeeId).then(() => null));
  });
}
