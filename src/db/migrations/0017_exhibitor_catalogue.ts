import type { Kysely } from 'kysely';
import { addColumns, audited, createTable, dropTables, owned } from './columns.js';

// Exhibitors (the reference's Exhibitor tag) and the event's registration types:
// - exhibitors.deleted: DELETE marks an exhibitor deleted (the reference lists deleted ones with `deleted eq 'true'`),
//   so its booth staff, leads and answers keep the exhibitor they refer to.
// - exhibitor_categories and their members; sponsorship_levels; registration_packs (one per exhibitor:
//   capacities of the event's registration types, JSON).
// - registration_types: the event's registration types (the registration-types module), which attendees carry.
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumns(db, 'exhibitors', { deleted: 'integer! = 0' });

  await createTable(db, 'sponsorship_levels', { ...owned, event_id: 'text! -> events', name: 'text!', rank: 'integer', ...audited }, {
    sponsorship_levels_event: 'account_id, event_id, id',
  });

  await createTable(db, 'exhibitor_categories', {
    ...owned, event_id: 'text! -> events', name: 'text!', description: 'text', sort_order: 'integer!', type: 'text!', banner_file_id: 'text', ...audited,
  }, { exhibitor_categories_event: 'account_id, event_id, id' });

  await createTable(db, 'exhibitor_category_members', {
    ...owned, event_id: 'text! -> events', category_id: 'text! -> exhibitor_categories', exhibitor_id: 'text! -> exhibitors', ...audited,
  }, {
    // One membership per category and exhibitor; lists walk either side in id order.
    exhibitor_category_members_pair: 'unique: category_id, exhibitor_id',
    exhibitor_category_members_exhibitor: 'exhibitor_id, category_id',
  });

  await createTable(db, 'registration_types', {
    ...owned, event_id: 'text! -> events', name: 'text!', code: 'text', description: 'text', virtual: 'integer!', open_for_registration: 'integer!',
    automatic_open_date: 'text', automatic_end_date: 'text', capacity_total: 'integer!', ...audited,
  }, { registration_types_event: 'account_id, event_id, id' });

  await createTable(db, 'registration_packs', {
    ...owned, event_id: 'text! -> events', exhibitor_id: 'text! -> exhibitors', capacities: 'text!', ...audited,
  }, {
    // The reference: one registration pack per exhibitor (409 for a second).
    registration_packs_exhibitor: 'unique: exhibitor_id',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'registration_packs', 'registration_types', 'exhibitor_category_members', 'exhibitor_categories', 'sponsorship_levels');
  await db.schema.alterTable('exhibitors').dropColumn('deleted').execute();
}
