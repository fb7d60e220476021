export interface ApiUsageTable {
  account_id: string;
  day: string; // YYYY-MM-DD, UTC
  hour: number; // 0-23, UTC
  calls: number;
}
