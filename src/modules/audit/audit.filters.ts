import { defineList, filterColumns, type FilterFields } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// GET /audit-log is an eventline extension: its filter follows the reference's style (DESIGN rules 4 and 6).
const log = filterColumns('audit_log');
export const AUDIT_FILTER_FIELDS: FilterFields = {
  id: log.field('id', 'uuid'),
  action: log.field('action', 'string', { ops: ['eq', 'ne', 'sw', 'in'] }),
  'actor.type': log.field('actor_type', 'string', { ops: ['eq', 'ne', 'in'] }),
  'actor.id': log.field('actor_id', 'string', { ops: ['eq', 'ne', 'in'] }),
  'target.type': log.field('target_type', 'string', { ops: ['eq', 'ne', 'in'] }),
  'target.id': log.field('target_id', 'string', { ops: ['eq', 'ne', 'in'] }),
  requestId: log.field('request_id', 'string'),
  at: log.field('at', 'datetime'),
};

/** Oldest first by default (ids are UUIDv7); `sort=at:DESC` for the newest first. */
export const AUDIT_LIST = defineList<Row<'audit_log'>>({
  name: 'audit-log',
  filters: AUDIT_FILTER_FIELDS,
  sortable: { at: { column: 'audit_log.at', value: (r) => r.at } },
  order: [{ column: 'audit_log.id', value: (r) => r.id }],
  window: 'audit_log.at',
});
