import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/types.js';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { BulkOperation, BulkStatus } from './bulk-jobs.schemas.js';

export interface BulkJobsTable {
  id: string;
  account_id: string;
  name: string;
  description: string | null;
  url: string;
  operation: BulkOperation;
  mode: string;
  ttl: number;
  status: BulkStatus;
  total_records: number;
  successful: number;
  failed: number;
  job_id: string | null;
  started: string | null;
  completed: string | null;
  created: string;
  created_by: string;
  last_modified: string;
  last_modified_by: string;
}

export interface BulkJobRecordsTable {
  job_id: string;
  seq: number;
  account_id: string;
  data: string; // JSON BulkDataProperty: path params only for obfuscation (contact ids)
  result_status: number | null;
  result_message: string | null;
  result_data: string | null;
  processed: Generated<number>;
}

// Records hold contact ids and obfuscation statuses only. The description is
// the client's own free text: bulk-jobs.erasers.ts redacts erased contacts where it names them.
export const BULK_JOBS_TABLES = declareTables<Database>('bulk-jobs', {
  bulk_jobs: {
    id: 'none', account_id: 'none', name: 'none', description: 'free-text', url: 'none', operation: 'none', mode: 'none', status: 'none',
    job_id: 'none', started: 'none', completed: 'none', created: 'none', created_by: 'none', last_modified: 'none', last_modified_by: 'none',
  },
  bulk_job_records: { job_id: 'none', account_id: 'none', data: 'none', result_message: 'none', result_data: 'none' },
});
export type BulkJobRow = Selectable<BulkJobsTable>;
export type NewBulkJobRow = Insertable<BulkJobsTable>;
export type BulkJobRowUpdate = Updateable<BulkJobsTable>;
export type BulkRecordRow = Selectable<BulkJobRecordsTable>;
export type NewBulkRecordRow = Insertable<BulkJobRecordsTable>;
