import type { Row } from '../../db/types.js';
import { defineList, filterColumns, type ListKey } from '../../lists/index.js';

const EQ = ['eq'] as const;

/** The event and exhibitor a lead or an e-literature request belongs to (eq). */
const ofExhibitor = (columns: ReturnType<typeof filterColumns>) => ({
  'event.id': columns.field('event_id', 'uuid', { ops: EQ }),
  'exhibitor.id': columns.field('exhibitor_id', 'uuid', { ops: EQ }),
});

/** Keyset on (created, id): rows added while a client pages land after its position. */
const byCreation = <Row extends { created: string; id: string }>(table: string): ListKey<Row>[] => [
  { column: `${table}.created`, value: (r) => r.created }, { column: `${table}.id`, value: (r) => r.id },
];

// GET /leads: the reference lists event.id, exhibitor.id and deleted (eq). Its example
// for POST /leads/filter also filters on id and attendee.id, so those are accepted too.
const lead = filterColumns('leads');
export const LEADS_LIST = defineList<Row<'leads'>>({
  name: 'leads',
  filters: {
    ...ofExhibitor(lead),
    deleted: lead.field('deleted', 'boolean', { ops: EQ }),
    id: lead.field('id', 'uuid', { ops: EQ }),
    'attendee.id': lead.field('attendee_id', 'uuid', { ops: EQ }),
  },
  order: byCreation('leads'),
  // The reference: "records that have been added or updated" after / before the time point.
  window: 'leads.last_modified',
});

// GET /eliterature-requests: event.id, exhibitor.id, lead.id (eq).
const request = filterColumns('eliterature_requests');
export const ELITERATURE_LIST = defineList<Row<'eliterature_requests'>>({
  name: 'eliterature-requests',
  filters: {
    ...ofExhibitor(request),
    'lead.id': request.field('lead_id', 'uuid', { ops: EQ }),
  },
  order: byCreation('eliterature_requests'),
  window: 'eliterature_requests.last_modified',
});
