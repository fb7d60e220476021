import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

/** A user group of the account associated with one of its events (PUT /events/{id}/user-groups/{userGroupId}). */
export interface EventUserGroupsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  user_group_id: string;
}

// Ids only.
export const EVENT_USER_GROUPS_TABLES = declareTables('identity', {
  event_user_groups: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'user_group_id'] },
});
