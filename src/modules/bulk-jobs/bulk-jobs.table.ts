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

export type BulkJobRow = Selectable<BulkJobsTable>;
export type NewBulkJobRow = Insertable<BulkJobsTable>;
export type BulkJobRowUpdate = Updateable<BulkJobsTable>;
export type BulkRecordRow = Selectable<BulkJobRecordsTable>;
export type NewBulkRecordRow = Insertable<BulkJobRecordsTable>;
