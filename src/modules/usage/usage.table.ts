import type { Insertable, Selectable } from 'kysely';
import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/types.js';

/** Calls per account, UTC day and UTC hour; written in batches by UsageRecorder. */
export interface ApiUsageTable {
  account_id: string;
  day: string; // YYYY-MM-DD, UTC
  hour: number; // 0-23, UTC
  calls: number;
}

export const USAGE_TABLES = declareTables<Database>('usage', {
  api_usage: { account_id: 'none', day: 'none' },
});

// The rows the repositories read and write, in Kysely's Selectable / Insertable / Updateable forms.
export type UsageRow = Selectable<ApiUsageTable>;
export type NewUsageRow = Insertable<ApiUsageTable>;
