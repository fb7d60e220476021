import type { Db } from '../../db/index.js';
import type { PortalSessionsTable } from './portal.table.js';

export class PortalRepository {
  constructor(private readonly db: Db) {}

  insertSession(row: PortalSessionsTable) {
    return this.db.insertInto('portal_sessions').values(row).execute();
  }

  findSession(idHash: string, now: string) {
    return this.db.selectFrom('portal_sessions').selectAll().where('id_hash', '=', idHash).where('expires_at', '>', now).executeTakeFirst();
  }

  deleteSession(idHash: string) {
    return this.db.deleteFrom('portal_sessions').where('id_hash', '=', idHash).execute();
  }

  deleteExpired(now: string) {
    return this.db.deleteFrom('portal_sessions').where('expires_at', '<=', now).execute();
  }

  /** The workspaces the user belongs to, in the user's own account. */
  async memberWorkspaceIds(accountId: string, userId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('workspace_members')
      .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
      .select('workspace_members.workspace_id')
      .where('workspaces.account_id', '=', accountId).where('workspace_members.user_id', '=', userId).execute();
    return rows.map((r) => r.workspace_id);
  }

  listInvitations(accountId: string, workspaceId: string) {
    return this.db.selectFrom('workspace_invitations').selectAll()
      .where('account_id', '=', accountId).where('workspace_id', '=', workspaceId)
      .orderBy('created', 'desc').orderBy('id').execute();
  }
}
