import type { Kysely } from 'kysely';
import { columns } from './columns.js';

// Calls counted by the rate limiter, per account, UTC day (YYYY-MM-DD text) and
// UTC hour: the history behind GET /ea/usage and the hourly chart. The limiter
// itself enforces from memory or Redis; this table is written in batches.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_usage')
    .$call(columns('text!', 'account_id', 'day'))
    .$call(columns('integer!', 'hour', 'calls'))
    .addPrimaryKeyConstraint('api_usage_pk', ['account_id', 'day', 'hour'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_usage').execute();
}
