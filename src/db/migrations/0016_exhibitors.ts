import type { Kysely } from 'kysely';
import { audited, createTable, dropTables, each, owned } from './columns.js';

// Exhibitors (the reference's Exhibitor, Exhibitor Team and Leads tags): the
// base tables the exhibitors module's other tables refer to.
// - exhibitors: a company or sponsor at one event, with its banner and logo files.
// - exhibitor_booth_staff: the event's attendees who staff an exhibitor's booth (they scan leads).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'exhibitors', {
    ...owned, event_id: 'text! -> events', name: 'text!',
    ...each('text', 'description', 'code', 'source_id', 'location', 'address', 'email', 'mobile_phone', 'work_phone', 'other_phone', 'website', 'contact_links'),
    ...each('integer!', 'hidden', 'event_sponsor', 'featured'), ...each('text', 'sponsorship_level_id', 'banner_file_id', 'logo_file_id'), ...audited,
  }, {
    // Lists walk an event's exhibitors in keyset order.
    exhibitors_event: 'account_id, event_id, id',
  });

  await createTable(db, 'exhibitor_booth_staff', {
    ...owned, event_id: 'text! -> events', exhibitor_id: 'text! -> exhibitors', attendee_id: 'text!', ...audited,
  }, {
    exhibitor_booth_staff_exhibitor: 'account_id, exhibitor_id, id',
    // One booth staff row per attendee and exhibitor.
    exhibitor_booth_staff_attendee: 'unique: exhibitor_id, attendee_id',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'exhibitor_booth_staff', 'exhibitors');
}
