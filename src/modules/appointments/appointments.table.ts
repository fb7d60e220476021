import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

// Times: `start`/`end` of appointments are UTC instants (ISO 8601 with Z) so overlaps compare as text; the schedule's
// and availability's time ranges are wall-clock times of the appointment event's time zone ("2027-03-14T09:00:00"),
// converted to instants when they are read (appointments.time.ts).

export interface AppointmentEventsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  code: string;
  title: string;
  description: string | null;
  appt_event_type: string;
  status: string;
  timezone: string;
  start: string;
  end: string;
  default_locale: string | null;
  archived: number;
  deleted: number;
}

export interface AppointmentTypesTable extends OwnedColumns, AuditColumns {
  appointment_event_id: string;
  name: string;
  category: string;
  time_range_type: string;
  duration_minutes: number;
  time_ranges: string; // JSON [{ start, end }] in the appointment event's wall-clock time
}

export interface AppointmentLocationsTable extends OwnedColumns, AuditColumns {
  appointment_event_id: string;
  name: string;
  parent_location_id: string | null;
  capacity: number | null;
}

export interface AppointmentAttendeesTable extends OwnedColumns, AuditColumns {
  appointment_event_id: string;
  contact_id: string;
  registration_id: string | null;
  code: string;
  deleted: number;
}

export interface AppointmentAvailabilityTable extends OwnedColumns, AuditColumns {
  appointment_event_id: string;
  appointment_attendee_id: string;
  time_ranges: string; // JSON [{ start, end, type }] in the appointment event's wall-clock time
  deleted: number;
}

export interface AppointmentMeetingInterestsTable extends OwnedColumns, AuditColumns {
  appointment_event_id: string;
  appointment_attendee_id: string;
  interests: string; // JSON [{ name, exhibitor, ranking, meetingType, comment }]
  deleted: number;
}

export interface AppointmentsTable extends OwnedColumns, AuditColumns {
  appointment_event_id: string;
  appointment_type_id: string;
  code: string;
  name: string;
  description: string | null;
  start: string;
  end: string;
  status: string;
  location_id: string | null;
  custom_location_name: string | null;
  auto_accept: number;
  enforce_schedule_rules: number;
  // The slot an appointment holds ("type|range start|location|start"), null once cancelled: a unique index makes a
  // slot one appointment's, whatever the transactions' interleaving.
  slot_key: string | null;
  deleted: number;
}

export interface AppointmentParticipantsTable extends OwnedColumns, AuditColumns {
  appointment_id: string;
  appointment_event_id: string;
  appointment_attendee_id: string;
  contact_id: string;
  type: string;
  response: string;
  status: string;
  // The appointment's times, copied so that a person's overlapping appointments are one indexed range read.
  start: string;
  end: string;
  active: number; // 0 once the appointment is cancelled: a cancelled appointment holds nobody's time
}

// Appointment subjects and descriptions, a custom location's name and meeting-interest comments are the planner's
// or the attendee's free text and may name a person: they are erased by mention when a contact is obfuscated.
// People are otherwise held by id only (contact_id, registration_id).
export const APPOINTMENTS_TABLES = declareTables('appointments', {
  appointment_events: {
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'code', 'title', 'description', 'appt_event_type', 'status', 'timezone', 'start', 'end', 'default_locale'],
  },
  appointment_types: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'appointment_event_id', 'name', 'category', 'time_range_type', 'time_ranges'] },
  appointment_locations: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'appointment_event_id', 'name', 'parent_location_id'] },
  appointment_attendees: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'appointment_event_id', 'contact_id', 'registration_id', 'code'] },
  appointment_availability: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'appointment_event_id', 'appointment_attendee_id', 'time_ranges'] },
  appointment_meeting_interests: {
    personal: { interests: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'appointment_event_id', 'appointment_attendee_id'],
  },
  appointments: {
    personal: { name: 'free-text', description: 'free-text', custom_location_name: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'appointment_event_id', 'appointment_type_id', 'code', 'start', 'end', 'status', 'location_id', 'slot_key'],
  },
  appointment_participants: {
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'appointment_id', 'appointment_event_id', 'appointment_attendee_id', 'contact_id', 'type', 'response', 'status', 'start', 'end'],
  },
});
