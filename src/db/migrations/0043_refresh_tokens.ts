import type { Kysely } from 'kysely';
import { createTable, dropTables } from './columns.js';

// Issue 34: the planner web UI's sign-in is renewed with rotating refresh tokens (docs/oauth.md). A token is stored
// only as its SHA-256 (token_hash). Every token issued from one authorization code shares a family_id: a refresh
// spends its token (used_at) and issues the next of the family; a spent token presented again is a reuse, and
// revokes the whole family (revoked_at on each row). `family_expires_at`: no renewal goes past it, however often
// the tokens rotate.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'refresh_tokens', {
    token_hash: 'text key', family_id: 'text!', client_id: 'text!', user_id: 'text! -> users', account_id: 'text! -> accounts',
    scope: 'text!', created: 'text!', expires_at: 'text!', family_expires_at: 'text!', used_at: 'text', revoked_at: 'text',
  }, {
    refresh_tokens_family: 'family_id',
    refresh_tokens_user: 'user_id',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'refresh_tokens');
}
