import { OWNED_COLUMNS } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

export type ObfuscationStatus = 'INITIATED' | 'QUEUED' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
export const OBFUSCATION_STATUSES: readonly ObfuscationStatus[] = ['INITIATED', 'QUEUED', 'PROCESSING', 'COMPLETED', 'FAILED'];

export interface ContactObfuscationsTable {
  id: string;
  account_id: string;
  contact_id: string;
  status: ObfuscationStatus;
  job_id: string | null;
  rows_erased: number | null;
  error: string | null;
  created: string;
  last_modified: string;
  finished_at: string | null;
}

// An obfuscation row holds ids only; a failure stores the error's kind, never a value.
export const OBFUSCATION_TABLES = declareTables('obfuscation', {
  contact_obfuscations: { none: [...OWNED_COLUMNS, 'contact_id', 'status', 'job_id', 'error', 'created', 'last_modified', 'finished_at'] },
});
