import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/index.js';

export interface WebcastsTable {
  id: string;
  account_id: string;
  event_id: string;
  session_id: string | null;
  title: string | null;
  type: string | null;
  format: string | null;
  provider: string | null;
  status: string | null;
  solution_type: string | null;
  player_type: string | null;
  meeting_id: string | null;
  source_id: string | null;
  details: string | null;
  links: string; // JSON WebcastLinks: join / host (code, key) / speaker / recording
  extra: string;
  created: string;
  last_modified: string;
  created_by: string;
  last_modified_by: string;
}

export interface AttendeeLinksTable {
  id: string;
  account_id: string;
  webcast_id: string;
  event_id: string;
  session_id: string | null;
  attendee_id: string;
  source_id: string | null;
  join_href: string;
  join_code: string | null;
  created: string;
  last_modified: string;
  created_by: string;
  last_modified_by: string;
}

// The attendee-links eraser empties join_href (NOT NULL, so '') and nulls join_code and source_id.
export const WEBCASTS_TABLES = declareTables<Database>('webcasts', {
  webcasts: {
    id: 'none', account_id: 'none', event_id: 'none', session_id: 'none', title: 'none', type: 'none', format: 'none', provider: 'none',
    status: 'none', solution_type: 'none', player_type: 'none', meeting_id: 'none', source_id: 'none', details: 'none', links: 'none',
    extra: 'none', created: 'none', last_modified: 'none', created_by: 'none', last_modified_by: 'none',
  },
  attendee_links: {
    id: 'none', account_id: 'none', webcast_id: 'none', event_id: 'none', session_id: 'none', attendee_id: 'none', source_id: 'cleared',
    join_href: 'cleared', join_code: 'cleared', created: 'none', last_modified: 'none', created_by: 'none', last_modified_by: 'none',
  },
});
