import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';
import * as m0002 from './0002_event_workflow.js';
import * as m0003 from './0003_api_usage.js';
import * as m0004 from './0004_contacts.js';
import * as m0005 from './0005_attendees.js';
import * as m0006 from './0006_sessions.js';
import * as m0007 from './0007_webcast_sync.js';
import * as m0008 from './0008_communications.js';
import * as m0009 from './0009_portal_sessions.js';
import * as m0010 from './0010_obfuscation.js';
import * as m0011 from './0011_event_features.js';
import * as m0012 from './0012_identity.js';
import * as m0013 from './0013_contact_hooks.js';
import * as m0014 from './0014_activities.js';
import * as m0015 from './0015_files.js';
import * as m0016 from './0016_exhibitors.js';
import * as m0017 from './0017_exhibitor_catalogue.js';
import * as m0018 from './0018_exhibitor_team.js';
import * as m0019 from './0019_leads.js';
import * as m0020 from './0020_surveys.js';
import * as m0021 from './0021_videos.js';
import * as m0022 from './0022_list_counts.js';
import * as m0023 from './0023_contact_search.js';
import * as m0024 from './0024_speakers.js';
import * as m0025 from './0025_program.js';
import * as m0026 from './0026_custom_fields.js';
import * as m0027 from './0027_event_extras.js';
import * as m0028 from './0028_contact_search_queue.js';
import * as m0029 from './0029_commerce.js';
import * as m0030 from './0030_people.js';
import * as m0031 from './0031_badges_emarketing.js';
import * as m0032 from './0032_budget.js';
import * as m0033 from './0033_housing.js';
import * as m0034 from './0034_seating.js';
import * as m0035 from './0035_appointments.js';
import * as m0036 from './0036_meeting_requests_travel.js';
import * as m0037 from './0037_travel.js';
import * as m0038 from './0038_platform_connections.js';
import * as m0039 from './0039_audit_log.js';
import * as m0040 from './0040_idempotency_keys.js';
import * as m0041 from './0041_webhooks.js';
import * as m0042 from './0042_request_logs_sandbox.js';
import * as m0043 from './0043_refresh_tokens.js';
import * as m0045 from './0045_contact_search_lean.js';

// Static list (not a folder scan) so migrations work the same under tsx, the
// compiled build and tests. Kysely runs them in name order and refuses a
// database that ran a later name first: append with the next number; never
// edit or rename one that has landed.
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_event_workflow': m0002,
  '0003_api_usage': m0003,
  '0004_contacts': m0004,
  '0005_attendees': m0005,
  '0006_sessions': m0006,
  '0007_webcast_sync': m0007,
  '0008_communications': m0008,
  '0009_portal_sessions': m0009,
  '0010_obfuscation': m0010,
  '0011_event_features': m0011,
  '0012_identity': m0012,
  '0013_contact_hooks': m0013,
  '0014_activities': m0014,
  '0015_files': m0015,
  '0016_exhibitors': m0016,
  '0017_exhibitor_catalogue': m0017,
  '0018_exhibitor_team': m0018,
  '0019_leads': m0019,
  '0020_surveys': m0020,
  '0021_videos': m0021,
  '0022_list_counts': m0022,
  '0023_contact_search': m0023,
  '0024_speakers': m0024,
  '0025_program': m0025,
  '0026_custom_fields': m0026,
  '0027_event_extras': m0027,
  '0028_contact_search_queue': m0028,
  '0029_commerce': m0029,
  '0030_people': m0030,
  '0031_badges_emarketing': m0031,
  '0032_budget': m0032,
  '0033_housing': m0033,
  '0034_seating': m0034,
  '0035_appointments': m0035,
  '0036_meeting_requests_travel': m0036,
  '0037_travel': m0037,
  '0038_platform_connections': m0038,
  '0039_audit_log': m0039,
  '0040_idempotency_keys': m0040,
  '0041_webhooks': m0041,
  '0042_request_logs_sandbox': m0042,
  '0043_refresh_tokens': m0043,
  '0045_contact_search_lean': m0045,
};
