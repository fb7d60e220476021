import type { Kysely } from 'kysely';
import { createTable, dropTables } from './columns.js';

// Calls counted by the rate limiter, per account, UTC day (YYYY-MM-DD text) and
// UTC hour: the history behind GET /ea/usage and the hourly chart. The limiter
// itself enforces from memory or Redis; this table is written in batches.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'api_usage', { account_id: 'text!', day: 'text!', hour: 'integer!', calls: 'integer!' }, {
    api_usage_pk: 'primary key: account_id, day, hour',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'api_usage');
}
