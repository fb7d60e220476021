import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AuditColumns, OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/types.js';

export interface ExhibitorAdminsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  exhibitor_id: string;
  first_name: string;
  last_name: string;
  email: string;
  email_key: string; // the email lower-cased: one admin per email and exhibitor
}

// An admin is a person: the eraser replaces all of an admin's fields when its
// email or full name is the erased contact's (team.erasers.ts).
export const EXHIBITOR_TEAM_TABLES = declareTables<Database>('exhibitors', {
  exhibitor_admins: {
    id: 'none', account_id: 'none', event_id: 'none', exhibitor_id: 'none',
    first_name: 'replaced', last_name: 'replaced', email: 'replaced', email_key: 'replaced',
    created: 'none', last_modified: 'none', created_by: 'none', last_modified_by: 'none',
  },
});

export type AdminRow = Selectable<ExhibitorAdminsTable>;
export type NewAdminRow = Insertable<ExhibitorAdminsTable>;
export type AdminPatch = Updateable<ExhibitorAdminsTable>;
