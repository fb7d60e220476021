export interface AccountsTable {
  id: string;
  name: string;
  region: string;
  tier: string;
  features: string; // JSON array of feature names
  created: string;
  last_modified: string;
}

export interface UsersTable {
  id: string;
  account_id: string;
  email: string;
  name: string;
  role: string;
  password_hash: string | null;
  created: string;
}

export interface WorkspacesTable {
  id: string;
  account_id: string;
  name: string;
  scopes: string; // JSON array
  created_by: string | null;
  created: string;
}

export interface WorkspaceMembersTable {
  workspace_id: string;
  user_id: string;
  created: string;
}

export interface WorkspaceInvitationsTable {
  id: string;
  account_id: string;
  workspace_id: string;
  email: string;
  status: string;
  created: string;
  accepted_at: string | null;
}

export interface ApplicationsTable {
  id: string;
  account_id: string;
  workspace_id: string;
  name: string;
  client_id: string;
  secret_hash: string;
  scopes: string; // JSON array
  redirect_uris: string; // JSON array
  created_by: string | null;
  created: string;
  revoked_at: string | null;
}
