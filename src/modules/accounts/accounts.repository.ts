import type { NewRow, RowPatch } from '../../db/types.js';
import { Repository, type Executor } from '../../db/repository.js';
export type { Executor } from '../../db/repository.js';

export class AccountsRepository extends Repository {
  insertAccount(row: NewRow<'accounts'>, ex: Executor = this.db) {
    return ex.insertInto('accounts').values(row).execute();
  }

  findAccount(id: string, ex: Executor = this.db) {
    return ex.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findAccountByName(name: string) {
    return this.db.selectFrom('accounts').selectAll().where('name', '=', name).orderBy('created').executeTakeFirst();
  }

  listAccounts() {
    return this.db.selectFrom('accounts').selectAll().orderBy('created').execute();
  }

  async updateAccount(id: string, patch: Pick<RowPatch<'accounts'>, 'tier' | 'features' | 'name'>, lastModified: string, ex: Executor = this.db) {
    const r = await ex.updateTable('accounts').set({ ...patch, last_modified: lastModified }).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  insertUser(row: NewRow<'users'>, ex: Executor = this.db) {
    return ex.insertInto('users').values(row).execute();
  }

  findUserByEmail(email: string, ex: Executor = this.db) {
    return ex.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  }

  findUser(accountId: string, id: string, ex: Executor = this.db) {
    return ex.selectFrom('users').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  findUsers(accountId: string, ids: readonly string[], ex: Executor = this.db) {
    if (ids.length === 0) return Promise.resolve([]);
    return ex.selectFrom('users').selectAll().where('account_id', '=', accountId).where('id', 'in', [...ids]).execute();
  }

  async updateUser(accountId: string, id: string, patch: Pick<RowPatch<'users'>, 'email' | 'name' | 'role' | 'active' | 'password_hash' | 'access_revoked_at'>, ex: Executor = this.db) {
    const r = await ex.updateTable('users').set(patch).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Removes the user and its workspace memberships; the other modules' rows go first (AccountsService.deleteUser). */
  async deleteUser(accountId: string, id: string, ex: Executor) {
    await ex.deleteFrom('workspace_members').where('user_id', '=', id).execute();
    const r = await ex.deleteFrom('users').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Revokes the applications the user created (what a deleted user owned); returns how many. */
  async revokeApplicationsCreatedBy(accountId: string, userId: string, at: string, ex: Executor) {
    const r = await ex.updateTable('applications').set({ revoked_at: at })
      .where('account_id', '=', accountId).where('created_by', '=', userId).where('revoked_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /**
   * The account's users for another module to join (identity filters SCIM users in SQL):
   * the users table is named only here. No password hashes.
   */
  joinableUsers(accountId: string) {
    return this.db.selectFrom('users')
      .select(['id', 'account_id', 'email', 'name', 'role', 'active', 'created'])
      .where('account_id', '=', accountId);
  }

  findUserById(id: string) {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  insertWorkspace(row: NewRow<'workspaces'>, ex: Executor = this.db) {
    return ex.insertInto('workspaces').values(row).execute();
  }

  findWorkspace(accountId: string, id: string, ex: Executor = this.db) {
    return ex.selectFrom('workspaces').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  listWorkspaces(accountId: string) {
    return this.db.selectFrom('workspaces').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
  }

  async updateWorkspaceScopes(accountId: string, id: string, scopes: string, ex: Executor = this.db) {
    const r = await ex.updateTable('workspaces').set({ scopes }).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async addMember(row: NewRow<'workspace_members'>, ex: Executor = this.db) {
    await ex.insertInto('workspace_members').values(row)
      .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doNothing()).execute();
  }

  async isMember(workspaceId: string, userId: string) {
    const row = await this.db.selectFrom('workspace_members').select('user_id').where('workspace_id', '=', workspaceId).where('user_id', '=', userId).executeTakeFirst();
    return row !== undefined;
  }

  /** The workspaces the user belongs to, in the user's own account. */
  async memberWorkspaceIds(accountId: string, userId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('workspace_members')
      .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
      .select('workspace_members.workspace_id')
      .where('workspaces.account_id', '=', accountId).where('workspace_members.user_id', '=', userId).execute();
    return rows.map((r) => r.workspace_id);
  }

  insertInvitation(row: NewRow<'workspace_invitations'>, ex: Executor = this.db) {
    return ex.insertInto('workspace_invitations').values(row).execute();
  }

  pendingInvitations(accountId: string, email: string, ex: Executor = this.db) {
    return ex.selectFrom('workspace_invitations').selectAll()
      .where('account_id', '=', accountId).where('email', '=', email.toLowerCase()).where('status', '=', 'pending').execute();
  }

  listInvitations(accountId: string, workspaceId: string) {
    return this.db.selectFrom('workspace_invitations').selectAll()
      .where('account_id', '=', accountId).where('workspace_id', '=', workspaceId)
      .orderBy('created', 'desc').orderBy('id').execute();
  }

  acceptInvitation(id: string, at: string, ex: Executor = this.db) {
    return ex.updateTable('workspace_invitations').set({ status: 'accepted', accepted_at: at }).where('id', '=', id).execute();
  }

  insertApplication(row: NewRow<'applications'>, ex: Executor = this.db) {
    return ex.insertInto('applications').values(row).execute();
  }

  findApplication(accountId: string, idOrClientId: string) {
    return this.db.selectFrom('applications').selectAll().where('account_id', '=', accountId)
      .where((eb) => eb.or([eb('id', '=', idOrClientId), eb('client_id', '=', idOrClientId)])).executeTakeFirst();
  }

  listApplications(accountId: string, workspaceId?: string) {
    let q = this.db.selectFrom('applications').selectAll().where('account_id', '=', accountId);
    if (workspaceId) q = q.where('workspace_id', '=', workspaceId);
    return q.orderBy('id').execute();
  }

  async revokeApplication(accountId: string, id: string, at: string, ex: Executor = this.db) {
    const r = await ex.updateTable('applications').set({ revoked_at: at })
      .where('account_id', '=', accountId).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Only while the application is not revoked: a revoked one keeps its old (useless) hash. */
  async updateApplicationSecret(accountId: string, id: string, secretHash: string, ex: Executor = this.db) {
    const r = await ex.updateTable('applications').set({ secret_hash: secretHash })
      .where('account_id', '=', accountId).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Only while the application is not revoked. */
  async updateApplicationScopes(accountId: string, id: string, scopes: string, ex: Executor = this.db) {
    const r = await ex.updateTable('applications').set({ scopes })
      .where('account_id', '=', accountId).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** One query per authenticated call: the client's current grants. */
  clientGrant(clientId: string) {
    return this.db.selectFrom('applications')
      .innerJoin('workspaces', (j) => j.onRef('workspaces.id', '=', 'applications.workspace_id').onRef('workspaces.account_id', '=', 'applications.account_id'))
      .select((eb) => [
        'applications.id', 'applications.account_id', 'applications.workspace_id', 'applications.client_id', 'applications.secret_hash',
        'applications.scopes', 'applications.redirect_uris', 'applications.revoked_at', eb.ref('workspaces.scopes').as('workspace_scopes'),
      ])
      .where('applications.client_id', '=', clientId)
      .executeTakeFirst();
  }
}
