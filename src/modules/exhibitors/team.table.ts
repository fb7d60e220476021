import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

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
export const EXHIBITOR_TEAM_TABLES = declareTables('exhibitors', {
  exhibitor_admins: {
    personal: { first_name: 'replaced', last_name: 'replaced', email: 'replaced', email_key: 'replaced' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'exhibitor_id'],
  },
});
