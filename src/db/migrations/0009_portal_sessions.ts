import type { Kysely } from 'kysely';
import { createTable, dropTables, each } from './columns.js';

// The developer portal's first-party sign-in sessions (DESIGN rule 10). Only a
// hash of the cookie value is stored, so a copy of the table signs no one in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'portal_sessions', { id_hash: 'text key', ...each('text!', 'user_id', 'account_id', 'csrf_token', 'created', 'expires_at') }, {
    portal_sessions_user: 'user_id',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'portal_sessions');
}
