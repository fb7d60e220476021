import type { TableDeclaration } from './declare.js';
import { JOBS_TABLES } from '../jobs/jobs.table.js';
import { LIST_COUNTS_TABLES } from '../lists/list-counts.table.js';
import { ACCOUNTS_TABLES } from '../modules/accounts/accounts.table.js';
import { AUDIT_TABLES } from '../modules/audit/audit.table.js';
import { ATTENDEES_TABLES } from '../modules/attendees/attendees.table.js';
import { BULK_JOBS_TABLES } from '../modules/bulk-jobs/bulk-jobs.table.js';
import { COMMUNICATIONS_TABLES } from '../modules/communications/communications.table.js';
import { CONTACTS_TABLES } from '../modules/contacts/contacts.table.js';
import { CONTACT_HOOKS_TABLES } from '../modules/contact-hooks/contact-hooks.table.js';
import { EVENTS_TABLES } from '../modules/events/events.table.js';
import { EVENT_FEATURES_TABLES } from '../modules/event-features/event-features.table.js';
import { OAUTH_TABLES } from '../modules/oauth/oauth.table.js';
import { OBFUSCATION_TABLES } from '../modules/obfuscation/obfuscation.table.js';
import { PORTAL_TABLES } from '../modules/portal/portal.table.js';
import { SESSIONS_TABLES } from '../modules/sessions/sessions.table.js';
import { SYNC_TABLES } from '../modules/sync/sync.table.js';
import { USAGE_TABLES } from '../modules/usage/usage.table.js';
import { WEBCASTS_TABLES } from '../modules/webcasts/webcasts.table.js';
import { IDENTITY_TABLES } from '../modules/identity/identity.table.js';
import { ACTIVITIES_TABLES } from '../modules/activities/activities.table.js';
import { INSIGHTS_TABLES } from '../modules/insights/insights.table.js';
import { FILES_TABLES } from '../modules/files/files.table.js';
import { EXHIBITORS_TABLES } from '../modules/exhibitors/exhibitors.table.js';
import { CATEGORIES_TABLES } from '../modules/exhibitors/categories.table.js';
import { SPONSORSHIP_LEVELS_TABLES } from '../modules/exhibitors/sponsorship-levels.table.js';
import { REGISTRATION_PACKS_TABLES } from '../modules/exhibitors/registration-packs.table.js';
import { REGISTRATION_TYPES_TABLES } from '../modules/registration-types/registration-types.table.js';
import { VIDEOS_TABLES } from '../modules/videos/videos.table.js';
import { EXHIBITOR_TEAM_TABLES } from '../modules/exhibitors/team.table.js';
import { EXHIBITOR_CONTENT_TABLES } from '../modules/exhibitors/content.table.js';
import { EXHIBITOR_QUESTIONS_TABLES } from '../modules/exhibitors/exhibitor-questions.table.js';
import { LEADS_TABLES } from '../modules/exhibitors/leads.table.js';
import { SURVEYS_TABLES } from '../modules/surveys/surveys.table.js';
import { SPEAKERS_TABLES } from '../modules/speakers/speakers.table.js';
import { PROGRAM_TABLES } from '../modules/program/program.table.js';
import { EVENT_USER_GROUPS_TABLES } from '../modules/identity/event-user-groups.table.js';
import { EVENT_SETUP_TABLES } from '../modules/event-setup/event-setup.table.js';
import { CONTACT_GROUPS_TABLES } from '../modules/contact-groups/contact-groups.table.js';
import { ATTENDEE_EXTRAS_TABLES } from '../modules/attendee-extras/attendee-extras.table.js';
import { EVENT_ROLES_TABLES } from '../modules/event-roles/event-roles.table.js';
import { SIGNATURES_TABLES } from '../modules/signatures/signatures.table.js';
import { HUBS_TABLES } from '../modules/hubs/hubs.table.js';
import { PROCESS_FORMS_TABLES } from '../modules/process-forms/process-forms.table.js';
import { CONTACT_HISTORY_TABLES } from '../modules/contact-history/contact-history.table.js';
import { CUSTOM_FIELDS_TABLES } from '../modules/custom-fields/custom-fields.table.js';
import { EVENT_QUESTIONS_TABLES } from '../modules/event-questions/event-questions.table.js';
import { AUDIENCE_SEGMENTS_TABLES } from '../modules/audience-segments/audience-segments.table.js';
import { BUDGET_TABLES } from '../modules/budget/budget.table.js';
import { HOUSING_TABLES } from '../modules/housing/housing.table.js';
import { SEATING_TABLES } from '../modules/seating/seating.table.js';
import { APPOINTMENTS_TABLES } from '../modules/appointments/appointments.table.js';
import { TRAVEL_TABLES } from '../modules/travel/travel.table.js';
import { BADGES_TABLES } from '../modules/badges/badges.table.js';
import { EMARKETING_TABLES } from '../modules/emarketing/emarketing.table.js';
import { ATTENDEE_MESSAGES_TABLES } from '../modules/attendee-messages/attendee-messages.table.js';
import { COMMERCE_TABLES } from '../modules/commerce/commerce.table.js';
import { IDEMPOTENCY_TABLES } from '../modules/idempotency/idempotency.table.js';
import { SANDBOX_TABLES } from '../modules/sandbox/sandbox.table.js';
import { MEETING_REQUESTS_TABLES } from '../modules/meeting-requests/meeting-requests.table.js';
import { TRAVEL_RFPS_TABLES } from '../modules/travel-rfps/travel-rfps.table.js';

// Imported from each module's table file, not its index.ts, like types.ts: the
// declarations are data, and loading them must not load the modules' services.

/** Every table of the schema with its owner and the use of each text column (test/architecture checks both). */
export const TABLE_DECLARATIONS: readonly TableDeclaration[] = [
  ...ACCOUNTS_TABLES,
  ...AUDIT_TABLES,
  ...OAUTH_TABLES,
  ...JOBS_TABLES,
  ...LIST_COUNTS_TABLES,
  ...EVENTS_TABLES,
  ...EVENT_FEATURES_TABLES,
  ...CONTACTS_TABLES,
  ...ATTENDEES_TABLES,
  ...SESSIONS_TABLES,
  ...WEBCASTS_TABLES,
  ...USAGE_TABLES,
  ...COMMUNICATIONS_TABLES,
  ...PORTAL_TABLES,
  ...OBFUSCATION_TABLES,
  ...BULK_JOBS_TABLES,
  ...SYNC_TABLES,
  ...IDENTITY_TABLES,
  ...CONTACT_HOOKS_TABLES,
  ...ACTIVITIES_TABLES,
  ...INSIGHTS_TABLES,
  ...FILES_TABLES,
  ...EXHIBITORS_TABLES,
  ...CATEGORIES_TABLES,
  ...SPONSORSHIP_LEVELS_TABLES,
  ...REGISTRATION_PACKS_TABLES,
  ...REGISTRATION_TYPES_TABLES,
  ...VIDEOS_TABLES,
  ...EXHIBITOR_TEAM_TABLES,
  ...EXHIBITOR_CONTENT_TABLES,
  ...EXHIBITOR_QUESTIONS_TABLES,
  ...LEADS_TABLES,
  ...SURVEYS_TABLES,
  ...SPEAKERS_TABLES,
  ...PROGRAM_TABLES,
  ...EVENT_USER_GROUPS_TABLES,
  ...EVENT_SETUP_TABLES,
  ...CUSTOM_FIELDS_TABLES,
  ...EVENT_QUESTIONS_TABLES,
  ...AUDIENCE_SEGMENTS_TABLES,
  ...CONTACT_GROUPS_TABLES,
  ...CONTACT_HISTORY_TABLES,
  ...ATTENDEE_EXTRAS_TABLES,
  ...EVENT_ROLES_TABLES,
  ...SIGNATURES_TABLES,
  ...HUBS_TABLES,
  ...PROCESS_FORMS_TABLES,
  ...BUDGET_TABLES,
  ...HOUSING_TABLES,
  ...SEATING_TABLES,
  ...MEETING_REQUESTS_TABLES,
  ...TRAVEL_RFPS_TABLES,
  ...APPOINTMENTS_TABLES,
  ...TRAVEL_TABLES,
  ...BADGES_TABLES,
  ...EMARKETING_TABLES,
  ...ATTENDEE_MESSAGES_TABLES,
  ...COMMERCE_TABLES,
  ...IDEMPOTENCY_TABLES,
  ...SANDBOX_TABLES,
];
