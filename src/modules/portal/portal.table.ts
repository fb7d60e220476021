import { declareTables } from '../../db/declare.js';

export interface PortalSessionsTable {
  id_hash: string;
  user_id: string;
  account_id: string;
  csrf_token: string;
  created: string;
  expires_at: string;
}

export const PORTAL_TABLES = declareTables('portal', {
  portal_sessions: { none: ['id_hash', 'user_id', 'account_id', 'csrf_token', 'created', 'expires_at'] },
});
