import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/types.js';

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

// Planners are people typed in by the client (planner_* copy the first one);
// the events.planners eraser redacts a contact's values in planners. Notes,
// descriptions and a creation's request/error are free text the client wrote.
export const EVENTS_TABLES = declareTables<Database>('events', {
  events: {
    id: 'none', account_id: 'none', title: 'none', code: 'none', format: 'none', type: 'none', start: 'none', end: 'none', timezone: 'none',
    languages: 'none', venues: 'none', planners: 'free-text', planner_first_name: 'free-text', planner_last_name: 'free-text',
    planner_email: 'free-text', venue_city: 'none', venue_country_code: 'none', note: 'free-text', description: 'free-text', status: 'none',
    event_status: 'none', currency: 'none', default_locale: 'none', launch_after: 'none', close_after: 'none', archive_after: 'none',
    created: 'none', last_modified: 'none', created_by: 'none', last_modified_by: 'none',
  },
  event_creations: {
    id: 'none', account_id: 'none', status: 'none', event_id: 'none', request: 'free-text', error: 'free-text', created_by: 'none', created: 'none',
  },
});
