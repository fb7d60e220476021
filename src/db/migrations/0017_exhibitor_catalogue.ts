import type { Kysely } from 'kysely';
import { audited, columns, owned } from './columns.js';

// Exhibitors (the reference's Exhibitor tag) and the event's registration types:
// - exhibitors.deleted: DELETE marks an exhibitor deleted (the reference lists deleted ones with `deleted eq 'true'`),
//   so its booth staff, leads and answers keep the exhibitor they refer to.
// - exhibitor_categories and their members; sponsorship_levels; registration_packs (one per exhibitor:
//   capacities of the event's registration types, JSON).
// - registration_types: the event's registration types (the registration-types module), which attendees carry.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('exhibitors').addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('sponsorship_levels')
    .$call(owned)
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .$call(columns('text!', 'name'))
    .$call(columns('integer', 'rank'))
    .$call(audited)
    .execute();
  await db.schema.createIndex('sponsorship_levels_event').on('sponsorship_levels').columns(['account_id', 'event_id', 'id']).execute();

  await db.schema
    .createTable('exhibitor_categories')
    .$call(owned)
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .$call(columns('text!', 'name'))
    .$call(columns('text', 'description'))
    .$call(columns('integer!', 'sort_order'))
    .$call(columns('text!', 'type'))
    .$call(columns('text', 'banner_file_id'))
    .$call(audited)
    .execute();
  await db.schema.createIndex('exhibitor_categories_event').on('exhibitor_categories').columns(['account_id', 'event_id', 'id']).execute();

  await db.schema
    .createTable('exhibitor_category_members')
    .$call(owned)
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('category_id', 'text', (c) => c.notNull().references('exhibitor_categories.id'))
    .addColumn('exhibitor_id', 'text', (c) => c.notNull().references('exhibitors.id'))
    .$call(audited)
    .execute();
  // One membership per category and exhibitor; lists walk either side in id order.
  await db.schema.createIndex('exhibitor_category_members_pair').unique().on('exhibitor_category_members').columns(['category_id', 'exhibitor_id']).execute();
  await db.schema.createIndex('exhibitor_category_members_exhibitor').on('exhibitor_category_members').columns(['exhibitor_id', 'category_id']).execute();

  await db.schema
    .createTable('registration_types')
    .$call(owned)
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .$call(columns('text!', 'name'))
    .$call(columns('text', 'code', 'description'))
    .$call(columns('integer!', 'virtual', 'open_for_registration'))
    .$call(columns('text', 'automatic_open_date', 'automatic_end_date'))
    .$call(columns('integer!', 'capacity_total'))
    .$call(audited)
    .execute();
  await db.schema.createIndex('registration_types_event').on('registration_types').columns(['account_id', 'event_id', 'id']).execute();

  await db.schema
    .createTable('registration_packs')
    .$call(owned)
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('exhibitor_id', 'text', (c) => c.notNull().references('exhibitors.id'))
    .$call(columns('text!', 'capacities'))
    .$call(audited)
    .execute();
  // The reference: one registration pack per exhibitor (409 for a second).
  await db.schema.createIndex('registration_packs_exhibitor').unique().on('registration_packs').columns(['exhibitor_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('registration_packs').execute();
  await db.schema.dropTable('registration_types').execute();
  await db.schema.dropTable('exhibitor_category_members').execute();
  await db.schema.dropTable('exhibitor_categories').execute();
  await db.schema.dropTable('sponsorship_levels').execute();
  await db.schema.alterTable('exhibitors').dropColumn('deleted').execute();
}
