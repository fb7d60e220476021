import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import type { Generated } from 'kysely';
import { declareTables } from '../../db/declare.js';

// The values of the enum columns: the route schemas offer exactly these.
export const WEBCAST_TYPES = ['Meeting', 'Webinar', 'Presentation'] as const;
export const WEBCAST_FORMATS = ['Live', 'Pre-recorded'] as const;
export const WEBCAST_PROVIDERS = [
  'None', 'Zoom', 'ON24', 'Intrado', 'Adobe Connect', 'GoToMeeting', 'GoToWebinar', 'GlobalMeet', 'Amazon Chime', 'Cisco Webex',
  'BlueJeans', 'Microsoft Teams', 'Vimeo', 'YouTube Live', 'Facebook Live', 'Brightcove', 'Other',
] as const;
export const WEBCAST_STATUSES = ['Not Started', 'Started', 'Finished', 'Cancelled'] as const;
export const SOLUTION_TYPES = [
  'Cvent Video Conferencing', 'External Platform', 'Cvent Studio', 'Embedded Cvent Video Conferencing', 'Cvent Studio Lite', 'Embedded Cvent Studio',
] as const;
export const PLAYER_TYPES = ['Cvent Video Player', 'Brightcove', 'Vimeo', 'Weblink'] as const;

/** Every webcast made through this API is held on an outside platform. */
export const SOLUTION_TYPE: (typeof SOLUTION_TYPES)[number] = 'External Platform';

// A NULL format, status or solution type reads back with the reference's default (toWebcast).
export interface WebcastsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  session_id: string | null;
  title: string | null;
  type: (typeof WEBCAST_TYPES)[number] | null;
  format: (typeof WEBCAST_FORMATS)[number] | null;
  provider: (typeof WEBCAST_PROVIDERS)[number] | null;
  status: (typeof WEBCAST_STATUSES)[number] | null;
  solution_type: (typeof SOLUTION_TYPES)[number] | null;
  player_type: (typeof PLAYER_TYPES)[number] | null;
  meeting_id: string | null;
  source_id: string | null;
  details: string | null;
  links: Generated<string>; // JSON WebcastLinks: join / host (code, key) / speaker / recording
  extra: Generated<string>; // JSON: the reference's flags (simulatedLive, autoAddToLibrary, ...)
}

export interface AttendeeLinksTable extends OwnedColumns, AuditColumns {
  webcast_id: string;
  event_id: string;
  session_id: string | null;
  attendee_id: string;
  source_id: string | null;
  join_href: string;
  join_code: string | null;
}

// The attendee-links eraser empties join_href (NOT NULL, so '') and nulls join_code and source_id.
export const WEBCASTS_TABLES = declareTables('webcasts', {
  webcasts: {
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'session_id', 'title', 'type', 'format', 'provider', 'status', 'solution_type',
      'player_type', 'meeting_id', 'source_id', 'details', 'links', 'extra'],
  },
  attendee_links: {
    personal: { source_id: 'cleared', join_href: 'cleared', join_code: 'cleared' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'webcast_id', 'event_id', 'session_id', 'attendee_id'],
  },
});
