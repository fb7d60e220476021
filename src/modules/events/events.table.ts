import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

// The values of the enum columns: the route schemas offer exactly these.
export const EVENT_FORMATS = ['In-person', 'Virtual', 'Hybrid'] as const;
export type EventFormat = (typeof EVENT_FORMATS)[number];
export const EVENT_TYPES = [
  'Celebration', 'Conference', 'CventEssentials', 'CventWebinar', 'Dinner', 'Forum', 'FundraiserBenefit', 'Holiday',
  'IncentiveTrip', 'Meeting', 'OtherGeneral', 'PoliticalEvent', 'Reunion', 'SaveTheDate', 'Seminar', 'SimpleEvent',
  'SportsEvent', 'TradeShow', 'TrainingSession', 'Webinar',
] as const;
export const REGISTRATION_STATUSES = ['Active', 'Cancelled', 'Closed', 'Completed', 'Deleted', 'NoRegistrationRequired', 'Pending', 'Processing'] as const;
export const EVENT_STATUSES = ['Upcoming', 'Ongoing', 'Completed', 'Cancelled', 'Deleted', 'Processing', 'Archived'] as const;
export const EVENT_CREATION_STATUSES = ['Processing', 'Created', 'Failed'] as const;

export interface EventsTable extends OwnedColumns, AuditColumns {
  title: string;
  code: string;
  format: EventFormat;
  virtual: number;
  type: (typeof EVENT_TYPES)[number];
  start: string;
  end: string;
  timezone: string;
  languages: string; // JSON string[]
  venues: string; // JSON Venue[]
  planners: string; // JSON Planner[]
  planner_first_name: string | null;
  planner_last_name: string | null;
  planner_email: string | null;
  venue_city: string | null;
  venue_country_code: string | null;
  note: string | null;
  description: string | null;
  status: (typeof REGISTRATION_STATUSES)[number];
  event_status: (typeof EVENT_STATUSES)[number];
  capacity: number | null;
  currency: string;
  default_locale: string;
  show_venue_location: number;
  show_point_of_contact: number;
  test_mode: number;
  launch_after: string | null;
  close_after: string | null;
  archive_after: string | null;
}

export interface EventCreationsTable extends OwnedColumns {
  status: (typeof EVENT_CREATION_STATUSES)[number];
  event_id: string | null;
  request: string; // JSON EventInput: the accepted body
  error: string | null;
  created_by: string;
  created: string;
}

/** A copy request (POST /events/{id}/copy): the worker copies `source_event_id` into `event_id` once (events.copy.ts). */
export interface EventCopiesTable extends OwnedColumns {
  source_event_id: string;
  event_id: string; // the target: chosen at request time (a new event), or the existing event named in the body
  into_existing: number; // 0 | 1
  status: (typeof EVENT_CREATION_STATUSES)[number];
  parts: string; // JSON { registration, planning, agenda, travel, surveys, speakers, exhibitors }: booleans, what to copy
  error: string | null;
  attempts: number; // copy runs committed: 1 once copied, however many runs a killed worker lost before (their transactions died)
  created: string;
  created_by: string;
  last_modified: string;
}

// Planners are people typed in by the client (planner_* copy the first one);
// the events.planners eraser redacts a contact's values in planners. Notes,
// descriptions and a creation's request/error are free text the client wrote.
export const EVENTS_TABLES = declareTables('events', {
  events: {
    personal: { planners: 'free-text', planner_first_name: 'free-text', planner_last_name: 'free-text', planner_email: 'free-text', note: 'free-text',
      description: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'title', 'code', 'format', 'type', 'start', 'end', 'timezone', 'languages', 'venues', 'venue_city',
      'venue_country_code', 'status', 'event_status', 'currency', 'default_locale', 'launch_after', 'close_after', 'archive_after'],
  },
  event_creations: {
    personal: { request: 'free-text', error: 'free-text' },
    none: [...OWNED_COLUMNS, 'status', 'event_id', 'created_by', 'created'],
  },
  // Ids, flags and eventline's own error text: no personal data.
  event_copies: { none: [...OWNED_COLUMNS, 'source_event_id', 'event_id', 'status', 'parts', 'error', 'created', 'created_by', 'last_modified'] },
});
