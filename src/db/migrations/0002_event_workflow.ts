import type { Kysely } from 'kysely';
import { audited, columns, owned } from './columns.js';

// Tables of the virtual-session workflow: contacts (the people), attendees
// (a contact's registration for an event), sessions, enrollment, attendance
// (check-in), webcasts and personal attendee links. Column conventions as in
// 0001: UUID text ids, ISO-8601 text timestamps, integer 0/1 booleans, JSON text.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contacts')
    .$call(owned)
    .$call(columns('text', 'first_name', 'last_name', 'middle_name', 'email', 'company', 'title', 'source_id'))
    // Everything else the reference's Contact has (phones, addresses, prefix, ...).
    .addColumn('profile', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('purged', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(audited)
    .execute();
  await db.schema.createIndex('contacts_account_id').on('contacts').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('contacts_account_email').on('contacts').columns(['account_id', 'email']).execute();
  await db.schema.createIndex('contacts_account_last_name').on('contacts').columns(['account_id', 'last_name']).execute();

  await db.schema
    .createTable('attendees')
    .$call(owned)
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('contact_id', 'text', (c) => c.notNull().references('contacts.id'))
    .$call(columns('text!', 'confirmation_number', 'status'))
    .addColumn('checked_in', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(columns('text', 'check_in', 'check_out'))
    .addColumn('duration', 'integer')
    .$call(columns('text', 'reference_id', 'note'))
    .addColumn('guest', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(columns('text', 'visibility', 'invited_by', 'response_method', 'registered_at'))
    .addColumn('extra', 'text', (c) => c.notNull().defaultTo('{}'))
    .$call(columns('text!', 'created', 'last_modified', 'attendee_last_modified', 'created_by', 'last_modified_by'))
    .execute();
  await db.schema.createIndex('attendees_account_id').on('attendees').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('attendees_event_contact').on('attendees').columns(['event_id', 'contact_id']).unique().execute();
  await db.schema.createIndex('attendees_contact').on('attendees').columns(['contact_id']).execute();

  await db.schema
    .createTable('sessions')
    .$call(owned)
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .$call(columns('text', 'code', 'description'))
    .$call(columns('text!', 'start', 'end', 'status'))
    .addColumn('included_session', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('virtual', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('capacity', 'integer')
    .addColumn('capacity_unlimited', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('enable_waitlist', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('waitlist_capacity', 'integer')
    .addColumn('extra', 'text', (c) => c.notNull().defaultTo('{}'))
    .$call(audited)
    .execute();
  await db.schema.createIndex('sessions_account_id').on('sessions').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('sessions_event').on('sessions').columns(['event_id']).execute();

  await db.schema
    .createTable('session_enrollments')
    .$call(owned)
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id'))
    .addColumn('attendee_id', 'text', (c) => c.notNull().references('attendees.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(audited)
    .execute();
  await db.schema.createIndex('session_enrollments_account_id').on('session_enrollments').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('session_enrollments_pair').on('session_enrollments').columns(['session_id', 'attendee_id']).unique().execute();

  await db.schema
    .createTable('session_attendance')
    .$call(owned)
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id'))
    .addColumn('attendee_id', 'text', (c) => c.notNull().references('attendees.id'))
    .$call(columns('text', 'check_in', 'check_out'))
    .addColumn('duration', 'integer')
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(audited)
    .execute();
  await db.schema.createIndex('session_attendance_account_id').on('session_attendance').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('session_attendance_pair').on('session_attendance').columns(['session_id', 'attendee_id']).unique().execute();

  await db.schema
    .createTable('webcasts')
    .$call(owned)
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('session_id', 'text', (c) => c.references('sessions.id'))
    .$call(columns('text', 'title', 'type', 'format', 'provider', 'status', 'solution_type', 'player_type', 'meeting_id', 'source_id', 'details'))
    // _links: join / host (code, key) / speaker / recording, as the reference's WebcastLinks.
    .addColumn('links', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('extra', 'text', (c) => c.notNull().defaultTo('{}'))
    .$call(audited)
    .execute();
  await db.schema.createIndex('webcasts_account_id').on('webcasts').columns(['account_id', 'id']).execute();
  // One webcast per session (NULL session_id: event-level webcasts, any number).
  await db.schema.createIndex('webcasts_session').on('webcasts').columns(['session_id']).unique().execute();

  await db.schema
    .createTable('attendee_links')
    .$call(owned)
    .addColumn('webcast_id', 'text', (c) => c.notNull().references('webcasts.id'))
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('session_id', 'text')
    .addColumn('attendee_id', 'text', (c) => c.notNull().references('attendees.id'))
    .addColumn('source_id', 'text')
    .addColumn('join_href', 'text', (c) => c.notNull())
    .addColumn('join_code', 'text')
    .$call(audited)
    .execute();
  await db.schema.createIndex('attendee_links_account_id').on('attendee_links').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('attendee_links_pair').on('attendee_links').columns(['webcast_id', 'attendee_id']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['attendee_links', 'webcasts', 'session_attendance', 'session_enrollments', 'sessions', 'attendees', 'contacts']) {
    await db.schema.dropTable(t).execute();
  }
}
