import { defineList, EQ_NE, filterColumns, type FilterFields, type ListDefinition } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// GET /request-logs is an eventline extension: its filter follows the reference's style (DESIGN rules 4 and 6).
const log = filterColumns('request_logs');
export const REQUEST_LOG_FILTER_FIELDS: FilterFields = {
  status: log.field('status', 'number'),
  method: log.field('method', 'string', { ops: [...EQ_NE, 'in'] }),
  route: log.field('route', 'string', { ops: [...EQ_NE, 'sw', 'in'] }),
  requestId: log.field('request_id', 'string'),
  at: log.field('at', 'datetime'),
};

/** One application's log (the name carries its client id, so a page token cannot page another's); oldest first, `sort=at:DESC` for the newest. */
export function requestLogList(clientId: string): ListDefinition<Row<'request_logs'>> {
  return defineList<Row<'request_logs'>>({
    name: `request-logs:${clientId}`,
    filters: REQUEST_LOG_FILTER_FIELDS,
    sortable: { at: { column: 'request_logs.at', value: (r) => r.at } },
    order: [{ column: 'request_logs.id', value: (r) => r.id }],
    window: 'request_logs.at',
  });
}
