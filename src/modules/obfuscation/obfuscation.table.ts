import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/types.js';
import type { Insertable, Selectable, Updateable } from 'kysely';

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
export const OBFUSCATION_TABLES = declareTables<Database>('obfuscation', {
  contact_obfuscations: {
    id: 'none', account_id: 'none', contact_id: 'none', status: 'none', job_id: 'none', error: 'none', created: 'none', last_modified: 'none',
    finished_at: 'none',
  },
});
export type ObfuscationRow = Selectable<ContactObfuscationsTable>;
export type NewObfuscationRow = Insertable<ContactObfuscationsTable>;
export type ObfuscationRowUpdate = Updateable<ContactObfuscationsTable>;
