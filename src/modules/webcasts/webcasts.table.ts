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
