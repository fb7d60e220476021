import { AUDIT_COLUMNS, OWNED_COLUMNS } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';
import type { Generated } from 'kysely';
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
export const BULK_JOBS_TABLES = declareTables('bulk-jobs', {
  bulk_jobs: {
    personal: { description: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'name', 'url', 'operation', 'mode', 'status', 'job_id', 'started', 'completed'],
  },
  bulk_job_records: { none: ['job_id', 'account_id', 'data', 'result_message', 'result_data'] },
});
