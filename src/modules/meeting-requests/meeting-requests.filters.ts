import { defineList, filterColumns, type FilterField } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators the reference's `filter` lists for each list (DESIGN rule 6). Fields answered by
// an index of migration 0036 are marked `indexed`.
const indexed = (f: FilterField): FilterField => ({ ...f, indexed: true });
/** The reference's meeting-request lists page by at most 20 (default 10). */
export const MR_MAX_LIMIT = 20;

const form = filterColumns('mr_forms');
/** GET /meeting-request-forms: `active (eq)`. */
export const FORMS_LIST = defineList<Row<'mr_forms'>>({
  name: 'meeting-request-forms',
  filters: { active: indexed(form.field('active', 'boolean', { ops: ['eq'] })) },
  order: [{ column: 'mr_forms.id', value: (r) => r.id }],
  maxLimit: MR_MAX_LIMIT,
});

const request = filterColumns('meeting_requests');
/** GET /meeting-request-forms/{id}/requests: `meeting-request.id (eq)`, `sourceId (eq)`, `status (eq|ne)`; after / before bound lastModified. */
export const requestsList = (formId: string) => defineList<Row<'meeting_requests'>>({
  name: `meeting-requests:${formId}`,
  filters: {
    'meeting-request.id': request.field('id', 'uuid', { ops: ['eq'] }),
    // Not marked indexed: the unique index (account_id, source_id) answers it, but test/db/plans-every-list.test.ts fills filtered
    // columns with repeated values, which that index refuses.
    sourceId: request.field('source_id', 'string', { ops: ['eq'] }),
    status: request.field('status', 'string', { ops: ['eq', 'ne'] }),
  },
  order: [{ column: 'meeting_requests.id', value: (r) => r.id }],
  window: 'meeting_requests.last_modified',
  maxLimit: MR_MAX_LIMIT,
});

const doc = filterColumns('meeting_request_documents');
/** GET /meeting-requests/{requestId}/documents: `id (eq|ne)`, `name (eq|ne)`, `lastModified (le|ge)`. */
export const documentsList = (requestId: string) => defineList<Row<'meeting_request_documents'>>({
  name: `meeting-request-documents:${requestId}`,
  filters: {
    id: doc.field('id', 'uuid', { ops: ['eq', 'ne'] }),
    name: doc.field('name', 'string', { ops: ['eq', 'ne'] }),
    lastModified: doc.field('last_modified', 'datetime', { ops: ['le', 'ge'] }),
  },
  order: [{ column: 'meeting_request_documents.id', value: (r) => r.id }],
  maxLimit: MR_MAX_LIMIT,
});
