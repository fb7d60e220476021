import { defineList, filterColumns, type FilterField } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators the reference's `filter` lists for each list (DESIGN rule 6). Fields answered by
// an index of migration 0035 are marked `indexed`.
const EQ = { ops: ['eq'] } as const;
const indexed = (f: FilterField): FilterField => ({ ...f, indexed: true });

const ev = filterColumns('appointment_events');
/** GET /appointment-events. */
export const EVENTS_LIST = defineList<Row<'appointment_events'>>({
  name: 'appointment-events',
  filters: { 'event.id': indexed(ev.field('event_id', 'uuid', EQ)) },
  order: [{ column: 'appointment_events.id', value: (r) => r.id }],
  window: 'appointment_events.last_modified',
});

/** GET /appointment-events/{id}/appointment-types (no filter). */
export const typesList = (eventId: string) => defineList<Row<'appointment_types'>>({
  name: `appointment-types:${eventId}`, filters: {}, order: [{ column: 'appointment_types.id', value: (r) => r.id }],
});

/** GET /appointment-events/{id}/locations (no filter). */
export const locationsList = (eventId: string) => defineList<Row<'appointment_locations'>>({
  name: `appointment-locations:${eventId}`, filters: {}, order: [{ column: 'appointment_locations.id', value: (r) => r.id }],
});

const att = filterColumns('appointment_attendees');
/** GET /appointment-attendees. */
export const ATTENDEES_LIST = defineList<Row<'appointment_attendees'>>({
  name: 'appointment-attendees',
  filters: {
    'appointmentEvent.id': indexed(att.field('appointment_event_id', 'uuid', EQ)),
    'contact.id': indexed(att.field('contact_id', 'uuid', EQ)),
    deleted: att.field('deleted', 'boolean', EQ),
  },
  order: [{ column: 'appointment_attendees.id', value: (r) => r.id }],
  window: 'appointment_attendees.last_modified',
});

const av = filterColumns('appointment_availability');
/** GET /appointment-availability-times. */
export const AVAILABILITY_LIST = defineList<Row<'appointment_availability'>>({
  name: 'appointment-availability',
  filters: {
    'appointmentEvent.id': indexed(av.field('appointment_event_id', 'uuid', EQ)),
    'attendee.id': indexed(av.field('appointment_attendee_id', 'uuid', EQ)),
  },
  order: [{ column: 'appointment_availability.id', value: (r) => r.id }],
  window: 'appointment_availability.last_modified',
});

const mi = filterColumns('appointment_meeting_interests');
/** GET /appointment-meeting-interests. */
export const INTERESTS_LIST = defineList<Row<'appointment_meeting_interests'>>({
  name: 'appointment-meeting-interests',
  filters: {
    'appointmentEvent.id': indexed(mi.field('appointment_event_id', 'uuid', EQ)),
    'attendee.id': indexed(mi.field('appointment_attendee_id', 'uuid', EQ)),
  },
  order: [{ column: 'appointment_meeting_interests.id', value: (r) => r.id }],
  window: 'appointment_meeting_interests.last_modified',
});

const ap = filterColumns('appointments');
/** The participant filter of GET /appointments: a join on the contact's participation (one row per appointment). */
export const PARTICIPANT_FIELD = 'participants.attendee.contact.id';
/** GET /appointments. */
export const APPOINTMENTS_LIST = defineList<Row<'appointments'>>({
  name: 'appointments',
  filters: {
    'appointmentEvent.id': indexed(ap.field('appointment_event_id', 'uuid', EQ)),
    [PARTICIPANT_FIELD]: { column: 'appointment_participants.contact_id', type: 'uuid', ops: ['eq'] },
    code: indexed(ap.field('code', 'string', EQ)),
  },
  order: [{ column: 'appointments.id', value: (r) => r.id }],
  window: 'appointments.last_modified',
});

/** A computed available time, as the available-times list pages it. */
export interface AvailableRow {
  id: string;
  start: string;
  end: string;
  type: 'DEFINED' | 'FLEXIBLE';
  appointment_type_id: string;
  location_id: string | null;
  available: number;
}
const at = filterColumns('available_times');
/** GET /appointment-events/{id}/appointment-available-times: computed from the schedule, paged by (start, id). */
export const availableList = (eventId: string) => defineList<AvailableRow>({
  name: `appointment-available-times:${eventId}`,
  filters: {
    'appointmentType.id': at.field('appointment_type_id', 'uuid', EQ),
    'location.id': at.field('location_id', 'uuid', EQ),
  },
  order: [{ column: 'available_times.start', value: (r) => r.start }, { column: 'available_times.id', value: (r) => r.id }],
});
