import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

/** An event role of the account (e.g. Event Manager, Check-in Staff). */
export interface EventRolesTable extends OwnedColumns, AuditColumns {
  name: string;
  description: string | null;
}

/** A user of the account holding a role on an event. */
export interface EventRoleAssignmentsTable extends OwnedColumns {
  event_id: string;
  user_id: string;
  role_id: string;
  assigned: string;
  assigned_by: string;
}

// Role names are the planners' catalogue; a description is free text that may name someone.
export const EVENT_ROLES_TABLES = declareTables('event-roles', {
  event_roles: { personal: { description: 'free-text' }, none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'name'] },
  event_role_assignments: { none: [...OWNED_COLUMNS, 'event_id', 'user_id', 'role_id', 'assigned', 'assigned_by'] },
});
