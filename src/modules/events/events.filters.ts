import { defineList, filterColumns, type FilterFields } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators the reference's GET /events filter lists
// (DESIGN rule 6), for the fields eventline stores.
const { field, audit } = filterColumns('events');
const ci = { caseInsensitive: true };

export const EVENT_FILTER_FIELDS: FilterFields = {
  id: field('id', 'uuid'),
  start: field('start', 'datetime'),
  end: field('end', 'datetime'),
  status: field('status', 'string'),
  eventStatus: field('event_status', 'string'),
  format: field('format', 'string'),
  title: field('title', 'string', { ops: ['eq', 'ne', 'contains'] }),
  code: field('code', 'string'),
  description: field('description', 'string'),
  launchAfter: field('launch_after', 'datetime'),
  closeAfter: field('close_after', 'datetime'),
  archiveAfter: field('archive_after', 'datetime'),
  ...audit(),
  capacity: field('capacity', 'number'),
  note: field('note', 'string'),
  virtual: field('virtual', 'boolean'),
  'planner.firstName': field('planner_first_name', 'string', ci),
  'planner.lastName': field('planner_last_name', 'string', ci),
  'planner.email': field('planner_email', 'string', ci),
  'venue.address.city': field('venue_city', 'string', ci),
  'venue.address.countryCode': field('venue_country_code', 'string', ci),
};

export const EVENTS_LIST = defineList<Row<'events'>>({
  name: 'events',
  filters: EVENT_FILTER_FIELDS,
  sortable: { start: { column: 'events.start', value: (r) => r.start } },
  order: [{ column: 'events.id', value: (r) => r.id }],
  window: 'events.last_modified',
});
