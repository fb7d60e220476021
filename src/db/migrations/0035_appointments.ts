import type { Kysely } from 'kysely';
import { audited, createTable, dropTables, owned } from './columns.js';

// The Appointments tag (issue 32): one-to-one meetings booked during an event.
// - appointment_events: an event's appointment scheduling (its own IANA time zone).
// - appointment_types, appointment_locations: what may be booked, and where (a type's schedule is its time ranges).
// - appointment_attendees: the contacts who take part in an appointment event; their availability and meeting interests.
// - appointments, appointment_participants: the bookings. A participant row copies its appointment's times so that a
//   person's overlapping appointments are one indexed range read; `slot_key` is unique (null once cancelled), so a
//   slot holds one appointment whatever the interleaving of transactions.
// List indexes end with the list's order (id); eq-filtered columns get (account_id, column, id).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'appointment_events', {
    ...owned, event_id: 'text! -> events', code: 'text!', title: 'text!', description: 'text', appt_event_type: 'text!', status: 'text!', timezone: 'text!',
    start: 'text!', end: 'text!', default_locale: 'text', archived: 'integer! = 0', deleted: 'integer! = 0', ...audited,
  }, {
    appointment_events_event: 'account_id, event_id, id',
  });

  await createTable(db, 'appointment_types', {
    ...owned, appointment_event_id: 'text! -> appointment_events', name: 'text!', category: 'text!', time_range_type: 'text!', duration_minutes: 'integer!',
    time_ranges: "text! = '[]'", ...audited,
  }, {
    appointment_types_event: 'account_id, appointment_event_id, id',
  });

  await createTable(db, 'appointment_locations', {
    ...owned, appointment_event_id: 'text! -> appointment_events', name: 'text!', parent_location_id: 'text', capacity: 'integer', ...audited,
  }, {
    appointment_locations_event: 'account_id, appointment_event_id, id',
  });

  await createTable(db, 'appointment_attendees', {
    ...owned, appointment_event_id: 'text! -> appointment_events', contact_id: 'text!', registration_id: 'text', code: 'text!', deleted: 'integer! = 0', ...audited,
  }, {
    appointment_attendees_event: 'account_id, appointment_event_id, id',
    appointment_attendees_contact: 'account_id, contact_id, id',
    appointment_attendees_one: 'unique: appointment_event_id, contact_id',
  });

  await createTable(db, 'appointment_availability', {
    ...owned, appointment_event_id: 'text! -> appointment_events', appointment_attendee_id: 'text! -> appointment_attendees', time_ranges: "text! = '[]'",
    deleted: 'integer! = 0', ...audited,
  }, {
    appointment_availability_event: 'account_id, appointment_event_id, id',
    appointment_availability_attendee: 'account_id, appointment_attendee_id, id',
  });

  await createTable(db, 'appointment_meeting_interests', {
    ...owned, appointment_event_id: 'text! -> appointment_events', appointment_attendee_id: 'text! -> appointment_attendees', interests: "text! = '[]'",
    deleted: 'integer! = 0', ...audited,
  }, {
    appointment_meeting_interests_event: 'account_id, appointment_event_id, id',
    appointment_meeting_interests_attendee: 'account_id, appointment_attendee_id, id',
  });

  await createTable(db, 'appointments', {
    ...owned, appointment_event_id: 'text! -> appointment_events', appointment_type_id: 'text! -> appointment_types', code: 'text!', name: 'text!',
    description: 'text', start: 'text!', end: 'text!', status: 'text!', location_id: 'text', custom_location_name: 'text', auto_accept: 'integer! = 0',
    enforce_schedule_rules: 'integer! = 1', slot_key: 'text unique', deleted: 'integer! = 0', ...audited,
  }, {
    appointments_account: 'account_id, id',
    appointments_event: 'account_id, appointment_event_id, id',
    appointments_code: 'account_id, code, id',
    appointments_location: 'account_id, location_id, start',
  });

  await createTable(db, 'appointment_participants', {
    ...owned, appointment_id: 'text! -> appointments', appointment_event_id: 'text!', appointment_attendee_id: 'text! -> appointment_attendees',
    contact_id: 'text!', type: 'text!', response: 'text!', status: 'text!', start: 'text!', end: 'text!', active: 'integer! = 1', ...audited,
  }, {
    appointment_participants_one: 'unique: appointment_id, contact_id',
    appointment_participants_contact: 'account_id, contact_id, start',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'appointment_participants', 'appointments', 'appointment_meeting_interests', 'appointment_availability', 'appointment_attendees',
    'appointment_locations', 'appointment_types', 'appointment_events');
}
