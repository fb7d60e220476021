import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Tier } from '../../config/index.js';
import type { InvitationStatus, Role } from './accounts.types.js';

// Each table comes with its rows the way the repository reads them (Selectable),
// writes them (Insertable: columns with a database default may be left out) and
// patches them (Updateable).
import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/types.js';

export interface AccountsTable {
  id: string;
  name: string;
  region: string;
  tier: Tier;
  features: Generated<string>; // JSON array of feature names
  created: string;
  last_modified: string;
}
export type AccountRow = Selectable<AccountsTable>;
export type NewAccountRow = Insertable<AccountsTable>;
export type AccountUpdate = Updateable<AccountsTable>;

export interface UsersTable {
  id: string;
  account_id: string;
  email: string;
  name: string;
  role: Role;
  password_hash: string | null;
  created: string;
}
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;

export interface WorkspacesTable {
  id: string;
  account_id: string;
  name: string;
  scopes: Generated<string>; // JSON array
  created_by: string | null;
  created: string;
}
export type WorkspaceRow = Selectable<WorkspacesTable>;
export type NewWorkspaceRow = Insertable<WorkspacesTable>;

export interface WorkspaceMembersTable {
  workspace_id: string;
  user_id: string;
  created: string;
}
export type NewWorkspaceMemberRow = Insertable<WorkspaceMembersTable>;

export interface WorkspaceInvitationsTable {
  id: string;
  account_id: string;
  workspace_id: string;
  email: string;
  status: InvitationStatus;
  created: string;
  accepted_at: string | null;
}
export type InvitationRow = Selectable<WorkspaceInvitationsTable>;
export type NewInvitationRow = Insertable<WorkspaceInvitationsTable>;

export interface ApplicationsTable {
  id: string;
  account_id: string;
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
  users: { id: 'none', account_id: 'none', email: 'none', name: 'none', role: 'none', password_hash: 'none', created: 'none' },
  workspaces: { id: 'none', account_id: 'none', name: 'none', scopes: 'none', created_by: 'none', created: 'none' },
  workspace_members: { workspace_id: 'none', user_id: 'none', created: 'none' },
  workspace_invitations: { id: 'none', account_id: 'none', workspace_id: 'none', email: 'none', status: 'none', created: 'none', accepted_at: 'none' },
  applications: {
    id: 'none', account_id: 'none', workspace_id: 'none', name: 'none', client_id: 'none', secret_hash: 'none', scopes: 'none',
    redirect_uris: 'none', created_by: 'none', created: 'none', revoked_at: 'none',
  },
});
export type ApplicationRow = Selectable<ApplicationsTable>;
export type NewApplicationRow = Insertable<ApplicationsTable>;
