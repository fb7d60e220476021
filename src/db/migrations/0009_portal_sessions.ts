import type { Kysely } from 'kysely';
import { columns } from './columns.js';

// The developer portal's first-party sign-in sessions (DESIGN rule 10). Only a
// hash of the cookie value is stored, so a copy of the table signs no one in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('portal_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .$call(columns('text!', 'user_id', 'account_id', 'csrf_token', 'created', 'expires_at'))
    .execute();
  await db.schema.createIndex('portal_sessions_user').on('portal_sessions').columns(['user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('portal_sessions').execute();
}
