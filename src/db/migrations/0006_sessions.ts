import type { Kysely } from 'kysely';
import { addColumns, type Columns } from './columns.js';

// Session columns the reference's GET /sessions filter and sort need, which
// 0002 kept in `extra`; and the check-in device. Sortable text columns are
// NOT NULL ('' = absent) because keyset paging cannot compare NULLs.
const SESSION_COLUMNS: Columns = {
  // Why the session is virtual: marked by a planner, or a webcast is linked. `virtual` is their OR.
  virtual_marked: 'integer! = 0', webcast_linked: 'integer! = 0',
  category_id: 'text', category_name: "text! = ''", location_id: 'text', location_code: 'text', location_name: 'text',
  featured: 'integer! = 0', open_for_registration: 'integer! = 1', open_for_attendee_hub: 'integer! = 1',
  // JSON arrays of ids; NULL when empty so `is empty` matches.
  registration_types: 'text', admission_items: 'text',
  sort_order: 'integer! = 0',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumns(db, 'sessions', SESSION_COLUMNS);
  await addColumns(db, 'session_attendance', { device: 'text' });
  await db.schema.createIndex('session_enrollments_account_created').on('session_enrollments').columns(['account_id', 'created', 'id']).execute();
  await db.schema.createIndex('session_attendance_account_created').on('session_attendance').columns(['account_id', 'created', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('session_attendance_account_created').execute();
  await db.schema.dropIndex('session_enrollments_account_created').execute();
  await db.schema.alterTable('session_attendance').dropColumn('device').execute();
  for (const name of Object.keys(SESSION_COLUMNS).reverse()) await db.schema.alterTable('sessions').dropColumn(name).execute();
}
