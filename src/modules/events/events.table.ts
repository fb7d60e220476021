import type { Insertable, Selectable, Updateable } from 'kysely';

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

export interface EventsTable {
  id: string;
  account_id: string;
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
  created: string;
  last_modified: string;
  created_by: string;
  last_modified_by: string;
}
export type EventRow = Selectable<EventsTable>;
export type NewEventRow = Insertable<EventsTable>;
export type EventPatch = Updateable<EventsTable>;

export interface EventCreationsTable {
  id: string;
  account_id: string;
  status: (typeof EVENT_CREATION_STATUSES)[number];
  event_id: string | null;
  request: string; // JSON EventInput: the accepted body
  error: string | null;
  created_by: string;
  created: string;
}
export type EventCreationRow = Selectable<EventCreationsTable>;
export type NewEventCreationRow = Insertable<EventCreationsTable>;
export type EventCreationPatch = Updateable<EventCreationsTable>;
