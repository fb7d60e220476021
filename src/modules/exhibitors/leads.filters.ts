import { defineList, filterColumns } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

const EQ = ['eq'] as const;

// GET /leads: the reference lists event.id, exhibitor.id and deleted (eq). Its example
// for POST /leads/filter also filters on id and attendee.id, so those are accepted too.
const lead = filterColumns('leads');
export const LEADS_LIST = defineList<Row<'leads'>>({
  name: 'leads',
  filters: {
    'event.id': lead.field('event_id', 'uuid', { ops: EQ }),
    'exhibitor.id': lead.field('exhibitor_id', 'uuid', { ops: EQ }),
    deleted: lead.field('deleted', 'boolean', { ops: EQ }),
    id: lead.field('id', 'uuid', { ops: EQ }),
    'attendee.id': lead.field('attendee_id', 'uuid', { ops: EQ }),
  },
  // Keyset on (created, id): leads scanned while a client pages land after its position.
  order: [{ column: 'leads.created', value: (r) => r.created }, { column: 'leads.id', value: (r) => r.id }],
  // The reference: "records that have been added or updated" after / before the time point.
  window: 'leads.last_modified',
});

// GET /eliterature-requests: event.id, exhibitor.id, lead.id (eq).
const request = filterColumns('eliterature_requests');
export const ELITERATURE_LIST = defineList<Row<'eliterature_requests'>>({
  name: 'eliterature-requests',
  filters: {
    'event.id': request.field('event_id', 'uuid', { ops: EQ }),
    'exhibitor.id': request.field('exhibitor_id', 'uuid', { ops: EQ }),
    'lead.id': request.field('lead_id', 'uuid', { ops: EQ }),
  },
  order: [{ column: 'eliterature_requests.created', value: (r) => r.created }, { column: 'eliterature_requests.id', value: (r) => r.id }],
  window: 'eliterature_requests.last_modified',
});
