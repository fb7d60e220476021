import { declareTables } from '../db/declare.js';
import type { Database } from '../db/types.js';

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
export const JOBS_TABLES = declareTables<Database>('jobs', {
  jobs: {
    id: 'none', account_id: 'none', type: 'none', payload: 'free-text', status: 'none', run_at: 'none', lease_owner: 'none',
    lease_expires_at: 'none', progress: 'free-text', result: 'free-text', last_error: 'free-text', created: 'none', finished_at: 'none',
  },
});
