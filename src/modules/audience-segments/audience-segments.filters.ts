import { defineList, filterColumns } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators the reference's `filter` lists (DESIGN rule 6); `and` is the only logical
// operator it allows for segments (the service checks it).
const segment = filterColumns('audience_segments');
export const SEGMENTS_LIST = defineList<Row<'audience_segments'>>({
  name: 'audience-segments',
  filters: {
    'event.id': { ...segment.field('event_id', 'uuid', { ops: ['eq', 'in'] }), indexed: true },
    id: segment.field('id', 'uuid', { ops: ['eq', 'in'] }),
    deleted: segment.field('deleted', 'boolean', { ops: ['eq'] }),
    creationType: segment.field('creation_type', 'string', { ops: ['eq', 'in'] }),
  },
  sortable: {
    name: { column: 'audience_segments.name', value: (r) => r.name },
    lastModified: { column: 'audience_segments.last_modified', value: (r) => r.last_modified },
    lastModifiedBy: { column: 'audience_segments.last_modified_by', value: (r) => r.last_modified_by },
    creationType: { column: 'audience_segments.creation_type', value: (r) => r.creation_type },
  },
  // The reference's default: lastModified ascending.
  order: [{ column: 'audience_segments.last_modified', value: (r) => r.last_modified }, { column: 'audience_segments.id', value: (r) => r.id }],
  window: 'audience_segments.last_modified',
});

/** GET /audience-segments/{id}/attendees: `disassociated (eq)`, with includeDisassociated=true only. */
export const membersList = (segmentId: string, includeDisassociated: boolean) => defineList<Row<'audience_segment_members'>>({
  name: `segment-attendees${includeDisassociated ? '-all' : ''}:${segmentId}`,
  filters: includeDisassociated ? { disassociated: filterColumns('audience_segment_members').field('disassociated', 'boolean', { ops: ['eq'] }) } : {},
  order: [{ column: 'audience_segment_members.id', value: (r) => r.id }],
  window: 'audience_segment_members.last_modified',
});
