import type { Generated } from 'kysely';
import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

export interface ExhibitorsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  name: string;
  description: string | null;
  code: string | null;
  source_id: string | null; // the reference's sourceId: a marketing grouping code
  location: string | null;
  address: string | null; // JSON: the reference's exhibitor-address
  email: string | null;
  mobile_phone: string | null;
  work_phone: string | null;
  other_phone: string | null;
  website: string | null;
  contact_links: string | null; // JSON: the reference's contact-links (social profiles)
  hidden: number;
  event_sponsor: number;
  featured: number;
  sponsorship_level_id: string | null;
  banner_file_id: string | null; // a file of the files module, attached as 'exhibitor-banner:<id>'
  logo_file_id: string | null; // attached as 'exhibitor-logo:<id>'
  deleted: Generated<number>; // 0017: DELETE marks the exhibitor deleted; its team, content and leads keep referring to it
}

export interface ExhibitorBoothStaffTable extends OwnedColumns, AuditColumns {
  event_id: string;
  exhibitor_id: string;
  attendee_id: string; // an attendee of the same event
}

// An exhibitor is a company, but its contact fields are often a person's (a
// sole trader's email and phone): free text, matched against an erased
// contact's values. A booth staff row holds ids only.
export const EXHIBITORS_TABLES = declareTables('exhibitors', {
  exhibitors: {
    personal: { name: 'free-text', description: 'free-text', address: 'free-text', email: 'free-text', mobile_phone: 'free-text',
      work_phone: 'free-text', other_phone: 'free-text', contact_links: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'code', 'source_id', 'location', 'website', 'sponsorship_level_id', 'banner_file_id',
      'logo_file_id'],
  },
  exhibitor_booth_staff: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'exhibitor_id', 'attendee_id'] },
});
