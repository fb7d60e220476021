import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

/** A group of the account's contacts: STANDARD, DISTRIBUTION_LIST (with its distribution-list info) or BLACKLIST. */
export interface ContactGroupsTable extends OwnedColumns, AuditColumns {
  name: string;
  short_description: string | null;
  description: string | null;
  type: string;
  note: string | null;
  security_type: string | null; // a distribution list's PRIVATE | SEMI_PRIVATE | PUBLIC
  internal_note: string | null;
}

/** A contact in a group: one row per (group, contact). */
export interface ContactGroupMembersTable extends OwnedColumns {
  group_id: string;
  contact_id: string;
  created: string;
  created_by: string;
}

/** A contact type of the account (a contact names it as `type.id`). */
export interface ContactTypesTable extends OwnedColumns, AuditColumns {
  code: string;
  name: string;
  description: string | null;
  active: number; // 0 | 1
}

// Names, codes and types are the planner's catalogue. Descriptions and notes are free text that may quote a
// contact: the contact-groups eraser redacts a contact's values where they appear.
export const CONTACT_GROUPS_TABLES = declareTables('contact-groups', {
  contact_groups: {
    personal: { short_description: 'free-text', description: 'free-text', note: 'free-text', internal_note: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'name', 'type', 'security_type'],
  },
  contact_group_members: { none: [...OWNED_COLUMNS, 'group_id', 'contact_id', 'created', 'created_by'] },
  contact_types: {
    personal: { description: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'code', 'name'],
  },
});
