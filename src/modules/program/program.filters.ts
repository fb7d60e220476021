import { defineList, filterColumns, type FilterField } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators the reference's `filter` lists for each list (DESIGN rule 6). An eq-filtered id
// is answered from an index (account_id, <column>, id) of migration 0025: `indexed`.
const EQ_IN = { ops: ['eq', 'in'] } as const;
const indexed = (f: FilterField): FilterField => ({ ...f, indexed: true });

/** GET /events/{id}/session-locations: paging only (the reference lists no filter). */
export const sessionLocationsList = (eventId: string) => defineList<Row<'session_locations'>>({
  name: `session-locations:${eventId}`,
  filters: {},
  order: [{ column: 'session_locations.id', value: (r) => r.id }],
});

/** GET /session-categories: paging only (the reference lists no filter). */
export const SESSION_CATEGORIES_LIST = defineList<Row<'session_categories'>>({
  name: 'session-categories',
  filters: {},
  order: [{ column: 'session_categories.id', value: (r) => r.id }],
});

const segment = filterColumns('session_segments');
/** GET /session-segments: `segment.id (eq|in)`, `session.id (eq|in)`. */
export const SESSION_SEGMENTS_LIST = defineList<Row<'session_segments'>>({
  name: 'session-segments',
  filters: {
    'segment.id': indexed(segment.field('segment_id', 'uuid', EQ_IN)),
    'session.id': indexed(segment.field('session_id', 'uuid', EQ_IN)),
  },
  order: [{ column: 'session_segments.id', value: (r) => r.id }],
});

const item = filterColumns('program_items');
/** GET /program-items: `id (eq|in)`, `session.id (eq|in)`, `event.id (eq)`. */
export const PROGRAM_ITEMS_LIST = defineList<Row<'program_items'>>({
  name: 'program-items',
  filters: {
    id: item.field('id', 'uuid', EQ_IN),
    'session.id': indexed(item.field('session_id', 'uuid', EQ_IN)),
    'event.id': indexed(item.field('event_id', 'uuid', { ops: ['eq'] })),
  },
  order: [{ column: 'program_items.id', value: (r) => r.id }],
});

const itemDoc = filterColumns('program_item_documents');
/** POST /program-items/docs/filter: `document.id`, `programItem.id`, `session.id` (eq|in), `event.id (eq)`. */
export const PROGRAM_ITEM_DOCUMENTS_LIST = defineList<Row<'program_item_documents'>>({
  name: 'program-item-documents',
  filters: {
    'document.id': indexed(itemDoc.field('file_id', 'uuid', EQ_IN)),
    'programItem.id': indexed(itemDoc.field('program_item_id', 'uuid', EQ_IN)),
    'session.id': indexed(itemDoc.field('session_id', 'uuid', EQ_IN)),
    'event.id': indexed(itemDoc.field('event_id', 'uuid', { ops: ['eq'] })),
  },
  order: [{ column: 'program_item_documents.id', value: (r) => r.id }],
});

/** GET /sessions/{id}/docs: `file.id (eq|ne)`. */
export const SESSION_DOC_FILTER_FIELDS = { 'file.id': filterColumns('session_documents').field('file_id', 'uuid') };
export const sessionDocsList = (sessionId: string) => defineList<Row<'session_documents'>>({
  name: `session-docs:${sessionId}`,
  filters: SESSION_DOC_FILTER_FIELDS,
  order: [{ column: 'session_documents.id', value: (r) => r.id }],
});
