import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

export interface AudienceSegmentsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  name: string;
  description: string | null;
  creation_type: string; // MANUAL
  deleted: number; // 0 | 1: a deleted segment stays listable with `deleted eq 'true'`
}

export interface AudienceSegmentMembersTable extends OwnedColumns, AuditColumns {
  segment_id: string;
  attendee_id: string;
  disassociated: number; // 0 | 1
  disassociated_at: string | null;
}

// Segments are the planners' groups; the description is free text that may name anyone. Memberships hold ids only.
export const AUDIENCE_SEGMENTS_TABLES = declareTables('audience-segments', {
  audience_segments: {
    personal: { description: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'name', 'creation_type'],
  },
  audience_segment_members: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'segment_id', 'attendee_id', 'disassociated_at'] },
});
