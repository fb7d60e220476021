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

export type ObfuscationRow = Selectable<ContactObfuscationsTable>;
export type NewObfuscationRow = Insertable<ContactObfuscationsTable>;
export type ObfuscationRowUpdate = Updateable<ContactObfuscationsTable>;
