import { defineList, filterColumns, type FilterFields } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// GET /platform-connections is an eventline extension: its filter follows the reference's style (DESIGN rule 4).
const c = filterColumns('platform_connections');
export const CONNECTION_FILTER_FIELDS: FilterFields = {
  id: c.field('id', 'uuid'),
  name: c.field('name', 'string'),
  platform: c.field('platform', 'string'),
  ...c.audit(),
};

export const CONNECTIONS_LIST = defineList<Row<'platform_connections'>>({
  name: 'platform-connections',
  filters: CONNECTION_FILTER_FIELDS,
  order: [{ column: 'platform_connections.id', value: (r) => r.id }],
  window: 'platform_connections.last_modified',
});
