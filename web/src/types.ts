// The API's resources as the planner pages read them. Derived from the SDK's
// types, which are generated from the server's own OpenAPI document, so a
// field the server renames or drops fails `npm run typecheck` here too.
// Type-only: nothing of src/client ends up in the bundle.
import type { ItemOf, ResultFor } from '../../src/client/types.js';

export type EventT = ResultFor<'/events/{id}', 'get'>;
export type SessionT = ResultFor<'/sessions/{id}', 'get'>;
export type WebcastT = ResultFor<'/webcasts/{id}', 'get'>;
export type AttendeeT = ItemOf<'/attendees'>;
export type EnrollmentT = ItemOf<'/sessions/enrollment'>;
export type AttendanceT = ItemOf<'/sessions/attendance'>;
export type AttendeeLinkT = ItemOf<'/webcasts/attendee-links'>;
/** The sync extension's state of a session (GET /sessions/{id}/sync). */
export type SyncT = ResultFor<'/sessions/{id}/sync', 'get'>;

/** A webcast link; the host link is the widest (it alone has `key`), so every link fits it. */
export type Link = NonNullable<WebcastT['_links']['host']>;

export type WebcastProvider = NonNullable<WebcastT['provider']>;

/** The provider choices in the order the form lists them. */
export const WEBCAST_PROVIDERS = [
  'None', 'Zoom', 'ON24', 'Intrado', 'Adobe Connect', 'GoToMeeting', 'GoToWebinar', 'GlobalMeet', 'Amazon Chime', 'Cisco Webex',
  'BlueJeans', 'Microsoft Teams', 'Vimeo', 'YouTube Live', 'Facebook Live', 'Brightcove', 'Other',
] as const satisfies readonly WebcastProvider[];

// A provider the server adds to its enum must show up in the form as well: this fails to compile until it is listed above.
type IsTrue<T extends true> = T;
type _EveryProviderListed = IsTrue<[Exclude<WebcastProvider, (typeof WEBCAST_PROVIDERS)[number]>] extends [never] ? true : false>;

export type EventFormat = EventT['format'];
export type EventType = EventT['type'];
export type AttendeeStatus = AttendeeT['status'];

export const EVENT_FORMATS = ['In-person', 'Hybrid', 'Virtual'] as const satisfies readonly EventFormat[];
export const EVENT_TYPES = [
  'Conference', 'Meeting', 'Seminar', 'TrainingSession', 'TradeShow', 'Webinar', 'Forum', 'Dinner', 'Celebration', 'Reunion', 'Holiday',
  'IncentiveTrip', 'FundraiserBenefit', 'PoliticalEvent', 'SportsEvent', 'SaveTheDate', 'SimpleEvent', 'CventEssentials', 'CventWebinar', 'OtherGeneral',
] as const satisfies readonly EventType[];
/** The statuses a planner may set on an attendee (PUT /attendees/{id}). */
export const ATTENDEE_UPDATE_STATUSES = [
  'No Response', 'Accepted', 'Cancelled', 'Visited', 'Declined', 'Pending Approval', 'Denied Approval',
] as const satisfies readonly AttendeeStatus[];
type _EveryEventTypeListed = IsTrue<[Exclude<EventType, (typeof EVENT_TYPES)[number]>] extends [never] ? true : false>;

/** A webcast platform connection of the account (GET /platform-connections, an eventline extension). */
export type ConnectionT = ItemOf<'/platform-connections'>;
export type ConnectionTestT = ResultFor<'/platform-connections/{id}/test', 'post'>;

/** A platform as planners read it. */
export const PLATFORM_LABELS: Record<string, string> = { zoom: 'Zoom', gotowebinar: 'GoToWebinar', teams: 'Microsoft Teams', sim: 'Simulator' };

// ---- The program (issue 34: agenda and speakers) ----
export type SpeakerT = ItemOf<'/speakers'>;
export type SessionLocationT = ItemOf<'/events/{id}/session-locations'>;
export type SessionCategoryT = ItemOf<'/session-categories'>;
export type ProgramItemT = ItemOf<'/program-items'>;
export type SpeakerFileT = ItemOf<'/speakers/{id}/docs'>;
export type FeatureT = ItemOf<'/events/{id}/features'>;
export type RegistrationTypeT = ItemOf<'/events/{id}/registration-types'>;

/** An event type as planners read it: `TrainingSession` → "Training session" (the API's enum stays the value). */
export function eventTypeLabel(type: string): string {
  const special: Record<string, string> = { CventEssentials: 'Cvent Essentials', CventWebinar: 'Cvent webinar', OtherGeneral: 'Other', FundraiserBenefit: 'Fundraiser or benefit' };
  if (special[type]) return special[type];
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').split(' ');
  return words.map((w, i) => (i === 0 ? w : w.toLowerCase())).join(' ');
}
export const EVENT_TYPE_LABELS: Record<string, string> = Object.fromEntries(EVENT_TYPES.map((t) => [t, eventTypeLabel(t)]));
