import type { JobsTable } from '../jobs/jobs.table.js';
import type {
  AccountsTable, ApplicationsTable, UsersTable, WorkspaceInvitationsTable, WorkspaceMembersTable, WorkspacesTable,
} from '../modules/accounts/accounts.table.js';
import type { AttendeesTable } from '../modules/attendees/attendees.table.js';
import type { ContactsTable } from '../modules/contacts/contacts.table.js';
import type { EventCreationsTable, EventsTable } from '../modules/events/events.table.js';
import type { SessionAttendanceTable, SessionEnrollmentsTable, SessionsTable } from '../modules/sessions/sessions.table.js';
import type { AttendeeLinksTable, WebcastsTable } from '../modules/webcasts/webcasts.table.js';
import type { AuthorizationCodesTable, SigningKeysTable } from '../modules/oauth/oauth.table.js';
import type { ApiUsageTable } from '../modules/usage/usage.table.js';

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
  contacts: ContactsTable;
  attendees: AttendeesTable;
  sessions: SessionsTable;
  session_enrollments: SessionEnrollmentsTable;
  session_attendance: SessionAttendanceTable;
  webcasts: WebcastsTable;
  attendee_links: AttendeeLinksTable;
  api_usage: ApiUsageTable;
}
