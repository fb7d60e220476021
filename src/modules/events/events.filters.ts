import { defineList, type FilterFields } from '../../lists/index.js';
import type { EventsTable } from './events.table.js';

// Exactly the fields and operators the reference's GET /events filter lists
// (DESIGN rule 6), for the fields eventline stores.
const eqne = ['eq', 'ne'] as const;
const range = ['eq', 'ne', 'lt', 'le', 'gt', 'ge'] as const;

export const EVENT_FILTER_FIELDS: FilterFields = {
  id: { column: 'events.id', type: 'uuid', ops: eqne },
  start: { column: 'events.start', type: 'datetime', ops: range },
  end: { column: 'events.end', type: 'datetime', ops: range },
  status: { column: 'events.status', type: 'string', ops: eqne },
  eventStatus: { column: 'events.event_status', type: 'string', ops: eqne },
  format: { column: 'events.format', type: 'string', ops: eqne },
  title: { column: 'events.title', type: 'string', ops: ['eq', 'ne', 'contains'] },
  code: { column: 'events.code', type: 'string', ops: eqne },
  description: { column: 'events.description', type: 'string', ops: eqne },
  launchAfter: { column: 'events.launch_after', type: 'datetime', ops: range },
  closeAfter: { column: 'events.close_after', type: 'datetime', ops: range },
  archiveAfter: { column: 'events.archive_after', type: 'datetime', ops: range },
  created: { column: 'events.created', type: 'datetime', ops: range },
  lastModified: { column: 'events.last_modified', type: 'datetime', ops: range },
  capacity: { column: 'events.capacity', type: 'number', ops: range },
  note: { column: 'events.note', type: 'string', ops: eqne },
  virtual: { column: 'events.virtual', type: 'boolean', ops: eqne },
  'planner.firstName': { column: 'events.planner_first_name', type: 'string', ops: eqne, caseInsensitive: true },
  'planner.lastName': { column: 'events.planner_last_name', type: 'string', ops: eqne, caseInsensitive: true },
  'planner.email': { column: 'events.planner_email', type: 'string', ops: eqne, caseInsensitive: true },
  'venue.address.city': { column: 'events.venue_city', type: 'string', ops: eqne, caseInsensitive: true },
  'venue.address.countryCode': { column: 'events.venue_country_code', type: 'string', ops: eqne, caseInsensitive: true },
};

export const EVENTS_LIST = defineList<EventsTable>({
  name: 'events',
  filters: EVENT_FILTER_FIELDS,
  sortable: { start: { column: 'events.start', value: (r) => r.start } },
  order: [{ column: 'events.id', value: (r) => r.id }],
  window: 'events.last_modified',
});
