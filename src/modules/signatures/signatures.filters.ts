import { defineList, filterColumns } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

const EQ_NE = { ops: ['eq', 'ne'] } as const;
const RANGE = { ops: ['eq', 'ne', 'lt', 'le', 'gt', 'ge'] } as const;
const s = filterColumns('attendee_signatures');

/** GET /signatures: the reference's filter fields and operators; by default by lastModified. `session.id` is not sortable (a signature at the event has none). */
export const SIGNATURES_LIST = defineList<Row<'attendee_signatures'>>({
  name: 'signatures',
  filters: {
    id: s.field('id', 'uuid', EQ_NE),
    'event.id': s.field('event_id', 'uuid', EQ_NE),
    'session.id': s.field('session_id', 'uuid', EQ_NE),
    'attendee.id': s.field('attendee_id', 'uuid', EQ_NE),
    type: s.field('type', 'string', EQ_NE),
    created: s.field('created', 'datetime', RANGE),
    lastModified: s.field('last_modified', 'datetime', RANGE),
  },
  sortable: {
    'event.id': { column: 'attendee_signatures.event_id', value: (r) => r.event_id },
    'attendee.id': { column: 'attendee_signatures.attendee_id', value: (r) => r.attendee_id },
    type: { column: 'attendee_signatures.type', value: (r) => r.type },
    created: { column: 'attendee_signatures.created', value: (r) => r.created },
    lastModified: { column: 'attendee_signatures.last_modified', value: (r) => r.last_modified },
  },
  order: [{ column: 'attendee_signatures.last_modified', value: (r) => r.last_modified }, { column: 'attendee_signatures.id', value: (r) => r.id }],
  window: 'attendee_signatures.last_modified',
});
