import type { Insertable, Selectable } from 'kysely';

/** Calls per account, UTC day and UTC hour; written in batches by UsageRecorder. */
export interface ApiUsageTable {
  account_id: string;
  day: string; // YYYY-MM-DD, UTC
  hour: number; // 0-23, UTC
  calls: number;
}
export type UsageRow = Selectable<ApiUsageTable>;
export type NewUsageRow = Insertable<ApiUsageTable>;
