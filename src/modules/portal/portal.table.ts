import type { Insertable, Selectable } from 'kysely';
import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/types.js';

export interface PortalSessionsTable {
  id_hash: string;
  user_id: string;
  account_id: string;
  csrf_token: string;
  created: string;
  expires_at: string;
}

export const PORTAL_TABLES = declareTables<Database>('portal', {
  portal_sessions: { id_hash: 'none', user_id: 'none', account_id: 'none', csrf_token: 'none', created: 'none', expires_at: 'none' },
});

// The rows the repositories read and write, in Kysely's Selectable / Insertable / Updateable forms.
export type PortalSessionRow = Selectable<PortalSessionsTable>;
export type NewPortalSessionRow = Insertable<PortalSessionsTable>;
