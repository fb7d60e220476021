import { declareTables } from '../db/declare.js';

/**
 * The kept counts of the lists that promise an exact totalCount at any size: one row per account, list and scope
 * ('' for the whole list, `type:chat` or `event:<id>` for a filter the counts are kept for). Database triggers
 * (migration 0022) keep `n` exact in the transaction of every insert, delete and move of a counted row, so writes
 * through the services, bulk jobs, erasers, retention purges and raw SQL are all counted alike.
 */
export interface ListCountsTable {
  account_id: string;
  list: string;
  scope: string;
  n: number | string; // bigint: PostgreSQL returns a string
}

// Scopes name filter values the counted lists take: ids and enum codes, never a person's data.
export const LIST_COUNTS_TABLES = declareTables('lists', {
  list_counts: { none: ['account_id', 'list', 'scope'] },
});
