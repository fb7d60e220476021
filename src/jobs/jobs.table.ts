export interface JobsTable {
  id: string;
  account_id: string | null;
  type: string;
  payload: string;
  status: string;
  attempts: number;
  max_attempts: number;
  run_at: string;
  lease_owner: string | null;
  lease_expires_at: string | null;
  progress: string | null;
  result: string | null;
  last_error: string | null;
  created: string;
  finished_at: string | null;
}
