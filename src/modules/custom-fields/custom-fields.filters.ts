import { defineList, filterColumns, RANGE } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators the reference's `filter` lists for GET /custom-fields (DESIGN rule 6);
// `category eq` is required, one category at a time (the service checks it).
const field = filterColumns('custom_fields');
export const CUSTOM_FIELDS_LIST = defineList<Row<'custom_fields'>>({
  name: 'custom-fields',
  filters: {
    id: field.field('id', 'uuid'),
    category: { ...field.field('category', 'string', { ops: ['eq'] }), indexed: true },
    lastModified: field.field('last_modified', 'datetime', { ops: RANGE }),
    code: field.field('code', 'string', { caseInsensitive: true }),
  },
  order: [{ column: 'custom_fields.id', value: (r) => r.id }],
  window: 'custom_fields.last_modified',
});
