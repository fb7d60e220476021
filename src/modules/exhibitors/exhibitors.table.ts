import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AuditColumns, OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/types.js';

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
export const EXHIBITORS_TABLES = declareTables<Database>('exhibitors', {
  exhibitors: {
    id: 'none', account_id: 'none', event_id: 'none', name: 'free-text', description: 'free-text', code: 'none', source_id: 'none',
    location: 'none', address: 'free-text', email: 'free-text', mobile_phone: 'free-text', work_phone: 'free-text', other_phone: 'free-text',
    website: 'none', contact_links: 'free-text', sponsorship_level_id: 'none', banner_file_id: 'none', logo_file_id: 'none',
    created: 'none', last_modified: 'none', created_by: 'none', last_modified_by: 'none',
  },
  exhibitor_booth_staff: {
    id: 'none', account_id: 'none', event_id: 'none', exhibitor_id: 'none', attendee_id: 'none',
    created: 'none', last_modified: 'none', created_by: 'none', last_modified_by: 'none',
  },
});

export type ExhibitorRow = Selectable<ExhibitorsTable>;
export type NewExhibitorRow = Insertable<ExhibitorsTable>;
export type ExhibitorPatch = Updateable<ExhibitorsTable>;
export type BoothStaffRow = Selectable<ExhibitorBoothStaffTable>;
export type NewBoothStaffRow = Insertable<ExhibitorBoothStaffTable>;
