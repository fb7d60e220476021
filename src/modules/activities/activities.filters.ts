import { defineList, EQ_NE, filterColumns, type FilterFields } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators the reference's GET /attendees/activities lists (DESIGN rule 6).
const activity = filterColumns('attendee_activities');
export const ACTIVITY_FILTER_FIELDS: FilterFields = {
  id: activity.field('id', 'uuid'),
  created: activity.field('created', 'datetime'),
  'event.id': activity.field('event_id', 'uuid'),
  'attendee.id': activity.field('attendee_id', 'uuid'),
  type: activity.field('type', 'string'),
  'exhibitor.id': activity.field('exhibitor_id', 'uuid'),
  'session.id': activity.field('session_id', 'uuid'),
  'appointment.id': activity.field('appointment_id', 'uuid'),
  'speaker.id': activity.field('speaker_id', 'uuid'),
  'data.id': activity.field('data_id', 'uuid'),
  name: activity.field('name', 'string'),
  externalActivityDate: activity.field('external_date', 'datetime'),
  time: activity.field('time', 'datetime'),
};

/**
 * Keyset on (created, id): a page token names the last row seen, so rows
 * recorded while a client pages land after it, never shift it (DESIGN rule 5).
 * `after` / `before` bound when the activity was recorded.
 */
export const ACTIVITIES_LIST = defineList<Row<'attendee_activities'>>({
  name: 'attendee-activities',
  filters: ACTIVITY_FILTER_FIELDS,
  order: [{ column: 'attendee_activities.created', value: (r) => r.created }, { column: 'attendee_activities.id', value: (r) => r.id }],
  window: 'attendee_activities.created',
});

// The reference's GET /attendees/activities/external/metadata filter fields.
const metadata = filterColumns('external_activity_metadata');
export const METADATA_LIST = defineList<Row<'external_activity_metadata'>>({
  name: 'external-activity-metadata',
  filters: {
    id: metadata.field('id', 'uuid'),
    name: metadata.field('name', 'string', { ops: EQ_NE }),
    type: metadata.field('type', 'string'),
    ...metadata.audit(),
  },
  order: [{ column: 'external_activity_metadata.created', value: (r) => r.created }, { column: 'external_activity_metadata.id', value: (r) => r.id }],
  window: 'external_activity_metadata.last_modified',
});
