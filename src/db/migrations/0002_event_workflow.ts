import type { Kysely } from 'kysely';
import { audited, createTable, dropTables, each, owned } from './columns.js';

// Tables of the virtual-session workflow: contacts (the people), attendees
// (a contact's registration for an event), sessions, enrollment, attendance
// (check-in), webcasts and personal attendee links. Column conventions as in
// 0001: UUID text ids, ISO-8601 text timestamps, integer 0/1 booleans, JSON text.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'contacts', {
    ...owned, ...each('text', 'first_name', 'last_name', 'middle_name', 'email', 'company', 'title', 'source_id'),
    // Everything else the reference's Contact has (phones, addresses, prefix, ...).
    profile: "text! = '{}'", deleted: 'integer! = 0', purged: 'integer! = 0', ...audited,
  }, {
    contacts_account_id: 'account_id, id',
    contacts_account_email: 'account_id, email',
    contacts_account_last_name: 'account_id, last_name',
  });
  await createTable(db, 'attendees', {
    ...owned, event_id: 'text! -> events', contact_id: 'text! -> contacts', confirmation_number: 'text!', status: 'text!',
    checked_in: 'integer! = 0', check_in: 'text', check_out: 'text', duration: 'integer', reference_id: 'text', note: 'text', guest: 'integer! = 0',
    ...each('text', 'visibility', 'invited_by', 'response_method', 'registered_at'), extra: "text! = '{}'",
    ...each('text!', 'created', 'last_modified', 'attendee_last_modified', 'created_by', 'last_modified_by'),
  }, {
    attendees_account_id: 'account_id, id',
    attendees_event_contact: 'unique: event_id, contact_id',
    attendees_contact: 'contact_id',
  });
  await createTable(db, 'sessions', {
    ...owned, event_id: 'text! -> events', title: 'text!', code: 'text', description: 'text', ...each('text!', 'start', 'end', 'status'),
    included_session: 'integer! = 0', virtual: 'integer! = 0', capacity: 'integer', capacity_unlimited: 'integer! = 1',
    enable_waitlist: 'integer! = 0', waitlist_capacity: 'integer', extra: "text! = '{}'", ...audited,
  }, { sessions_account_id: 'account_id, id', sessions_event: 'event_id' });
  // Who is enrolled in a session, and who attended it (check-in and check-out): one row per session and attendee.
  const ofSession = { ...owned, event_id: 'text! -> events', session_id: 'text! -> sessions', attendee_id: 'text! -> attendees' } as const;
  await createTable(db, 'session_enrollments', { ...ofSession, status: 'text!', deleted: 'integer! = 0', ...audited }, {
    session_enrollments_account_id: 'account_id, id',
    session_enrollments_pair: 'unique: session_id, attendee_id',
  });
  await createTable(db, 'session_attendance', {
    ...ofSession, check_in: 'text', check_out: 'text', duration: 'integer', deleted: 'integer! = 0', ...audited,
  }, {
    session_attendance_account_id: 'account_id, id',
    session_attendance_pair: 'unique: session_id, attendee_id',
  });
  await createTable(db, 'webcasts', {
    ...owned, event_id: 'text! -> events', session_id: 'text -> sessions',
    ...each('text', 'title', 'type', 'format', 'provider', 'status', 'solution_type', 'player_type', 'meeting_id', 'source_id', 'details'),
    // _links: join / host (code, key) / speaker / recording, as the reference's WebcastLinks.
    links: "text! = '{}'", extra: "text! = '{}'", ...audited,
  }, {
    webcasts_account_id: 'account_id, id',
    // One webcast per session (NULL session_id: event-level webcasts, any number).
    webcasts_session: 'unique: session_id',
  });
  await createTable(db, 'attendee_links', {
    ...owned, webcast_id: 'text! -> webcasts', event_id: 'text! -> events', session_id: 'text', attendee_id: 'text! -> attendees',
    source_id: 'text', join_href: 'text!', join_code: 'text', ...audited,
  }, {
    attendee_links_account_id: 'account_id, id',
    attendee_links_pair: 'unique: webcast_id, attendee_id',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'attendee_links', 'webcasts', 'session_attendance', 'session_enrollments', 'sessions', 'attendees', 'contacts');
}
