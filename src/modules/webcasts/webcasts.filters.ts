import { defineList, type FilterFields } from '../../lists/index.js';
import type { AttendeeLinksTable, WebcastsTable } from './webcasts.table.js';

// Exactly the fields and operators the reference's filter parameters list
// (DESIGN rule 6), for the fields eventline stores: appointments and exhibitors
// are not served, so appointment.id and exhibitor.id are not filterable.
const eqne = ['eq', 'ne'] as const;
const emptiable = ['eq', 'ne', 'isEmpty', 'isNotEmpty'] as const;
const range = ['eq', 'ne', 'lt', 'le', 'gt', 'ge'] as const;

export const WEBCAST_FILTER_FIELDS: FilterFields = {
  id: { column: 'webcasts.id', type: 'uuid', ops: eqne },
  'event.id': { column: 'webcasts.event_id', type: 'uuid', ops: eqne },
  'session.id': { column: 'webcasts.session_id', type: 'uuid', ops: emptiable },
  sourceId: { column: 'webcasts.source_id', type: 'string', ops: emptiable },
  solutionType: { column: 'webcasts.solution_type', type: 'string', ops: eqne },
  provider: { column: 'webcasts.provider', type: 'string', ops: eqne },
  type: { column: 'webcasts.type', type: 'string', ops: eqne },
  status: { column: 'webcasts.status', type: 'string', ops: eqne },
  meetingId: { column: 'webcasts.meeting_id', type: 'string', ops: eqne },
  created: { column: 'webcasts.created', type: 'datetime', ops: range },
  lastModified: { column: 'webcasts.last_modified', type: 'datetime', ops: range },
  playerType: { column: 'webcasts.player_type', type: 'string', ops: eqne },
};

/** `GET /webcasts/{id}/attendee-links`: the webcast is in the path. */
export const WEBCAST_ATTENDEE_LINK_FILTER_FIELDS: FilterFields = {
  id: { column: 'attendee_links.id', type: 'uuid', ops: eqne },
  sourceId: { column: 'attendee_links.source_id', type: 'string', ops: eqne },
  'attendee.id': { column: 'attendee_links.attendee_id', type: 'uuid', ops: eqne },
  created: { column: 'attendee_links.created', type: 'datetime', ops: range },
  lastModified: { column: 'attendee_links.last_modified', type: 'datetime', ops: range },
};

/** `GET /webcasts/attendee-links`. */
export const ATTENDEE_LINK_FILTER_FIELDS: FilterFields = {
  ...WEBCAST_ATTENDEE_LINK_FILTER_FIELDS,
  'webcast.id': { column: 'attendee_links.webcast_id', type: 'uuid', ops: eqne },
};

export const WEBCASTS_LIST = defineList<WebcastsTable>({
  name: 'webcasts',
  filters: WEBCAST_FILTER_FIELDS,
  order: [{ column: 'webcasts.id', value: (r) => r.id }],
  window: 'webcasts.last_modified',
});

export const ATTENDEE_LINKS_LIST = defineList<AttendeeLinksTable>({
  name: 'attendee-links',
  filters: ATTENDEE_LINK_FILTER_FIELDS,
  order: [{ column: 'attendee_links.id', value: (r) => r.id }],
  window: 'attendee_links.last_modified',
});

/** The links of one webcast: its tokens name the webcast, so they cannot page another's. */
export const webcastAttendeeLinksList = (webcastId: string) =>
  defineList<AttendeeLinksTable>({ ...ATTENDEE_LINKS_LIST, name: `webcast-attendee-links:${webcastId}`, filters: WEBCAST_ATTENDEE_LINK_FILTER_FIELDS });
