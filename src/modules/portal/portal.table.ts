import type { Insertable, Selectable } from 'kysely';

export interface PortalSessionsTable {
  id_hash: string;
  user_id: string;
  account_id: string;
  csrf_token: string;
  created: string;
  expires_at: string;
}
export type PortalSessionRow = Selectable<PortalSessionsTable>;
export type NewPortalSessionRow = Insertable<PortalSessionsTable>;
