import type { JobsTable } from '../jobs/jobs.table.js';
import type {
  AccountsTable, ApplicationsTable, UsersTable, WorkspaceInvitationsTable, WorkspaceMembersTable, WorkspacesTable,
} from '../modules/accounts/accounts.table.js';
import type { EventCreationsTable, EventsTable } from '../modules/events/events.table.js';
import type { AuthorizationCodesTable, SigningKeysTable } from '../modules/oauth/oauth.table.js';

export interface Database {
  accounts: AccountsTable;
  users: UsersTable;
  workspaces: WorkspacesTable;
  workspace_members: WorkspaceMembersTable;
  workspace_invitations: WorkspaceInvitationsTable;
  applications: ApplicationsTable;
  signing_keys: SigningKeysTable;
  authorization_codes: AuthorizationCodesTable;
  jobs: JobsTable;
  events: EventsTable;
  event_creations: EventCreationsTable;
}
