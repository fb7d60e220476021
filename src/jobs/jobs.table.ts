import { OWNED_COLUMNS } from '../db/columns.js';
import { declareTables } from '../db/declare.js';

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

// Payloads, progress, results and errors are the queue's audit trail: the jobs eraser redacts the contact's values in them.
export const JOBS_TABLES = declareTables('jobs', {
  jobs: {
    personal: { payload: 'free-text', progress: 'free-text', result: 'free-text', last_error: 'free-text' },
    none: [...OWNED_COLUMNS, 'type', 'status', 'run_at', 'lease_owner', 'lease_expires_at', 'created', 'finished_at'],
  },
});
