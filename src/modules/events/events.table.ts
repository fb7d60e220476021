export interface EventsTable {
  id: string;
  account_id: string;
  title: string;
  code: string;
  format: string;
  virtual: number;
  type: string;
  start: string;
  end: string;
  timezone: string;
  languages: string;
  venues: string;
  planners: string;
  planner_first_name: string | null;
  planner_last_name: string | null;
  planner_email: string | null;
  venue_city: string | null;
  venue_country_code: string | null;
  note: string | null;
  description: string | null;
  status: string;
  event_status: string;
  capacity: number | null;
  currency: string;
  default_locale: string;
  show_venue_location: number;
  show_point_of_contact: number;
  test_mode: number;
  launch_after: string | null;
  close_after: string | null;
  archive_after: string | null;
  created: string;
  last_modified: string;
  created_by: string;
  last_modified_by: string;
}

export interface EventCreationsTable {
  id: string;
  account_id: string;
  status: string;
  event_id: string | null;
  request: string;
  error: string | null;
  created_by: string;
  created: string;
}
