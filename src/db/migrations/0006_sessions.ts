import type { Kysely } from 'kysely';

// Session columns the reference's GET /sessions filter and sort need, which
// 0002 kept in `extra`; and the check-in device. Sortable text columns are
// NOT NULL ('' = absent) because keyset paging cannot compare NULLs.
const SESSION_COLUMNS: ReadonlyArray<[string, 'text' | 'integer', string | number | null]> = [
  // Why the session is virtual: marked by a planner, or a webcast is linked. `virtual` is their OR.
  ['virtual_marked', 'integer', 0],
  ['webcast_linked', 'integer', 0],
  ['category_id', 'text', null],
  ['category_name', 'text', ''],
  ['location_id', 'text', null],
  ['location_code', 'text', null],
  ['location_name', 'text', null],
  ['featured', 'integer', 0],
  ['open_for_registration', 'integer', 1],
  ['open_for_attendee_hub', 'integer', 1],
  // JSON arrays of ids; NULL when empty so `is empty` matches.
  ['registration_types', 'text', null],
  ['admission_items', 'text', null],
  ['sort_order', 'integer', 0],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, type, def] of SESSION_COLUMNS) {
    await db.schema
      .alterTable('sessions')
      .addColumn(name, type, (c) => (def === null ? c : c.notNull().defaultTo(def)))
      .execute();
  }
  await db.schema.alterTable('session_attendance').addColumn('device', 'text').execute();
  await db.schema.createIndex('session_enrollments_account_created').on('session_enrollments').columns(['account_id', 'created', 'id']).execute();
  await db.schema.createIndex('session_attendance_account_created').on('session_attendance').columns(['account_id', 'created', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('session_attendance_account_created').execute();
  await db.schema.dropIndex('session_enrollments_account_created').execute();
  await db.schema.alterTable('session_attendance').dropColumn('device').execute();
  for (const [name] of [...SESSION_COLUMNS].reverse()) await db.schema.alterTable('sessions').dropColumn(name).execute();
}
