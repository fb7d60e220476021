import { OWNED_COLUMNS, type OwnedColumns } from '../../db/columns.js';
import type { Generated } from 'kysely';
import type { Tier } from '../../config/index.js';
import type { InvitationStatus, Role } from './accounts.types.js';
import { declareTables } from '../../db/declare.js';

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
export const ACCOUNTS_TABLES = declareTables('accounts', {
  accounts: { none: ['id', 'name', 'region', 'tier', 'features', 'created', 'last_modified'] },
  users: { none: [...OWNED_COLUMNS, 'email', 'name', 'role', 'password_hash', 'created', 'access_revoked_at'] },
  workspaces: { none: [...OWNED_COLUMNS, 'name', 'scopes', 'created_by', 'created'] },
  workspace_members: { none: ['workspace_id', 'user_id', 'created'] },
  workspace_invitations: { none: [...OWNED_COLUMNS, 'workspace_id', 'email', 'status', 'created', 'accepted_at'] },
  applications: {
    none: [...OWNED_COLUMNS, 'workspace_id', 'name', 'client_id', 'secret_hash', 'scopes', 'redirect_uris', 'created_by', 'created', 'revoked_at'],
  },
});
