import type { Kysely } from 'kysely';
import { audited, columns, owned } from './columns.js';

// Exhibitors (the reference's Exhibitor, Exhibitor Team and Leads tags): the
// base tables the exhibitors module's other tables refer to.
// - exhibitors: a company or sponsor at one event, with its banner and logo files.
// - exhibitor_booth_staff: the event's attendees who staff an exhibitor's booth (they scan leads).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exhibitors')
    .$call(owned)
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .$call(columns('text!', 'name'))
    .$call(columns('text', 'description', 'code', 'source_id', 'location', 'address', 'email', 'mobile_phone', 'work_phone', 'other_phone', 'website', 'contact_links'))
    .$call(columns('integer!', 'hidden', 'event_sponsor', 'featured'))
    .$call(columns('text', 'sponsorship_level_id', 'banner_file_id', 'logo_file_id'))
    .$call(audited)
    .execute();
  // Lists walk an event's exhibitors in keyset order.
  await db.schema.createIndex('exhibitors_event').on('exhibitors').columns(['account_id', 'event_id', 'id']).execute();

  await db.schema
    .createTable('exhibitor_booth_staff')
    .$call(owned)
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('exhibitor_id', 'text', (c) => c.notNull().references('exhibitors.id'))
    .$call(columns('text!', 'attendee_id'))
    .$call(audited)
    .execute();
  await db.schema.createIndex('exhibitor_booth_staff_exhibitor').on('exhibitor_booth_staff').columns(['account_id', 'exhibitor_id', 'id']).execute();
  // One booth staff row per attendee and exhibitor.
  await db.schema.createIndex('exhibitor_booth_staff_attendee').unique().on('exhibitor_booth_staff').columns(['exhibitor_id', 'attendee_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('exhibitor_booth_staff').execute();
  await db.schema.dropTable('exhibitors').execute();
}
