import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

/** An Events+ hub of the account: its owner (a person), status and theme settings (JSON: the reference's optional fields). */
export interface HubsTable extends OwnedColumns, AuditColumns {
  title: string;
  owner_first_name: string | null;
  owner_last_name: string | null;
  owner_email: string | null;
  status: string; // Active | Inactive | Deleted
  settings: string; // JSON
}

/** A member of a hub: a person's hub profile; linked to the account's contact of the same email when there is one. */
export interface HubMembersTable extends OwnedColumns, AuditColumns {
  hub_id: string;
  contact_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  job_title: string;
  company_name: string;
  designation: string;
  work_city: string;
  work_state: string;
  work_country: string;
  profile: string; // JSON: prefix, headline, pronouns, links, mobile number, compliance, locale, visible
  registration_date: string;
  last_login_date: string | null;
}

// A hub's owner and settings (help address) name people: free text redacted where an erased contact's values appear.
// A member's profile is the member's: its row is deleted with its contact, and its values are redacted in other rows.
const MEMBER = 'cleared' as const;
export const HUBS_TABLES = declareTables('hubs', {
  hubs: {
    personal: { owner_first_name: 'free-text', owner_last_name: 'free-text', owner_email: 'free-text', settings: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'title', 'status'],
  },
  hub_members: {
    personal: {
      first_name: MEMBER, last_name: MEMBER, email: MEMBER, job_title: MEMBER, company_name: MEMBER, designation: MEMBER, work_city: MEMBER, work_state: MEMBER,
      work_country: MEMBER, profile: MEMBER,
    },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'hub_id', 'contact_id', 'registration_date', 'last_login_date'],
  },
});
