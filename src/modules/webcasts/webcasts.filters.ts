import { defineList, filterColumns, type FilterFields } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators the reference's filter parameters list
// (DESIGN rule 6), for the fields eventline stores: appointments and exhibitors
// are not served, so appointment.id and exhibitor.id are not filterable.
const emptiable = { ops: ['eq', 'ne', 'isEmpty', 'isNotEmpty'] } as const;

const webcasts = filterColumns('webcasts');
export const WEBCAST_FILTER_FIELDS: FilterFields = {
  id: webcasts.field('id', 'uuid'),
  'event.id': webcasts.field('event_id', 'uuid'),
  'session.id': webcasts.field('session_id', 'uuid', emptiable),
  sourceId: webcasts.field('source_id', 'string', emptiable),
  solutionType: webcasts.field('solution_type', 'string'),
  provider: webcasts.field('provider', 'string'),
  type: webcasts.field('type', 'string'),
  status: webcasts.field('status', 'string'),
  meetingId: webcasts.field('meeting_id', 'string'),
  ...webcasts.audit(),
  playerType: webcasts.field('player_type', 'string'),
};

const links = filterColumns('attendee_links');
/** `GET /webcasts/{id}/attendee-links`: the webcast is in the path. */
export const WEBCAST_ATTENDEE_LINK_FILTER_FIELDS: FilterFields = {
  id: links.field('id', 'uuid'),
  sourceId: links.field('source_id', 'string'),
  'attendee.id': links.field('attendee_id', 'uuid'),
  ...links.audit(),
};

/** `GET /webcasts/attendee-links`. */
export const ATTENDEE_LINK_FILTER_FIELDS: FilterFields = {
  ...WEBCAST_ATTENDEE_LINK_FILTER_FIELDS,
  'webcast.id': links.field('webcast_id', 'uuid'),
};

export const WEBCASTS_LIST = defineList<Row<'webcasts'>>({
  name: 'webcasts',
  filters: WEBCAST_FILTER_FIELDS,
  order: [{ column: 'webcasts.id', value: (r) => r.id }],
  window: 'webcasts.last_modified',
});

export const ATTENDEE_LINKS_LIST = defineList<Row<'attendee_links'>>({
  name: 'attendee-links',
  filters: ATTENDEE_LINK_FILTER_FIELDS,
  order: [{ column: 'attendee_links.id', value: (r) => r.id }],
  window: 'attendee_links.last_modified',
});

/** The links of one webcast: its tokens name the webcast, so they cannot page another's. */
export const webcastAttendeeLinksList = (webcastId: string) =>
  defineList<Row<'attendee_links'>>({ ...ATTENDEE_LINKS_LIST, name: `webcast-attendee-links:${webcastId}`, filters: WEBCAST_ATTENDEE_LINK_FILTER_FIELDS });

/** `GET /webcasts/players`: a player is a webcast's (its id is the webcast's), so both ids compare the webcast's. */
export const PLAYER_FILTER_FIELDS: FilterFields = {
  'webcast.id': webcasts.field('id', 'uuid'),
  id: webcasts.field('id', 'uuid'),
  ...webcasts.audit(),
};

export const PLAYERS_LIST = defineList<Row<'webcasts'>>({
  name: 'webcast-players',
  filters: PLAYER_FILTER_FIELDS,
  order: [{ column: 'webcasts.id', value: (r) => r.id }],
  window: 'webcasts.last_modified',
});
