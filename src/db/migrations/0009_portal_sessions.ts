import type { Kysely } from 'kysely';

// The developer portal's first-party sign-in sessions (DESIGN rule 10). Only a
// hash of the cookie value is stored, so a copy of the table signs no one in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('portal_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('portal_sessions_user').on('portal_sessions').columns(['user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('portal_sessions').execute();
}
