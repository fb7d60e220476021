import type { OwnedColumns } from '../../db/columns.js';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Tier } from '../../config/index.js';
import type { InvitationStatus, Role } from './accounts.types.js';
import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/types.js';

// Row types at the end: how the repository reads rows (Selectable), writes them
// (Insertable: columns with a database default may be left out) and patches
// them (Updateable).

export interface AccountsTable {
  id: string;
  name: string;
  region: string;
  tier: Tier;
  features: Generated<string>; // JSON array of feature names
  created: string;
  last_modified: string;
}

export interface UsersTable extends OwnedColumns {
  email: string;
  name: string;
  role: Role;
  password_hash: string | null;
  created: string;
  /** 1, or 0 once deactivated (SCIM active: false): no sign-in, no token, no session. */
  active: Generated<number>;
  /** When access was last cut (deactivation): tokens issued before then are refused for good. */
  access_revoked_at: string | null;
}

export interface WorkspacesTable extends OwnedColumns {
  name: string;
  scopes: Generated<string>; // JSON array
  created_by: string | null;
  created: string;
}

export interface WorkspaceMembersTable {
  workspace_id: string;
  user_id: string;
  created: string;
}

export interface WorkspaceInvitationsTable extends OwnedColumns {
  workspace_id: string;
  email: string;
  status: InvitationStatus;
  created: string;
  accepted_at: string | null;
}

export interface ApplicationsTable extends OwnedColumns {
  workspace_id: string;
  name: string;
  client_id: string;
  secret_hash: string;
  scopes: Generated<string>; // JSON array
  redirect_uris: Generated<string>; // JSON array
  created_by: string | null;
  created: string;
  revoked_at: string | null;
}

// Users' and invitees' emails and names belong to the account's own people, not
// to contacts: contact erasure never touches them, so they are not 'cleared'.
export const ACCOUNTS_TABLES = declareTables<Database>('accounts', {
  accounts: { id: 'none', name: 'none', region: 'none', tier: 'none', features: 'none', created: 'none', last_modified: 'none' },
  users: { id: 'none', account_id: 'none', email: 'none', name: 'none', role: 'none', password_hash: 'none', created: 'none', access_revoked_at: 'none' },
  workspaces: { id: 'none', account_id: 'none', name: 'none', scopes: 'none', created_by: 'none', created: 'none' },
  workspace_members: { workspace_id: 'none', user_id: 'none', created: 'none' },
  workspace_invitations: { id: 'none', account_id: 'none', workspace_id: 'none', email: 'none', status: 'none', created: 'none', accepted_at: 'none' },
  applications: {
    id: 'none', account_id: 'none', workspace_id: 'none', name: 'none', client_id: 'none', secret_hash: 'none', scopes: 'none',
    redirect_uris: 'none', created_by: 'none', created: 'none', revoked_at: 'none',
  },
});

// The rows the repositories read and write, in Kysely's Selectable / Insertable / Updateable forms.
export type AccountRow = Selectable<AccountsTable>;
export type NewAccountRow = Insertable<AccountsTable>;
export type AccountUpdate = Updateable<AccountsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type WorkspaceRow = Selectable<WorkspacesTable>;
export type NewWorkspaceRow = Insertable<WorkspacesTable>;
export type NewWorkspaceMemberRow = Insertable<WorkspaceMembersTable>;
export type InvitationRow = Selectable<WorkspaceInvitationsTable>;
export type NewInvitationRow = Insertable<WorkspaceInvitationsTable>;
export type ApplicationRow = Selectable<ApplicationsTable>;
export type NewApplicationRow = Insertable<ApplicationsTable>;
