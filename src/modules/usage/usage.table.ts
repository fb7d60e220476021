import { declareTables } from '../../db/declare.js';

/** Calls per account, UTC day and UTC hour; written in batches by UsageRecorder. */
export interface ApiUsageTable {
  account_id: string;
  day: string; // YYYY-MM-DD, UTC
  hour: number; // 0-23, UTC
  calls: number;
}

export const USAGE_TABLES = declareTables('usage', {
  api_usage: { none: ['account_id', 'day'] },
});
