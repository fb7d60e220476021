import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { iso, systemClock, type Clock } from '../../db/time.js';
import { AccountErrors, FEATURES, isFeature, type AccountsService, type Application, type Feature, type Invitation, type User, type Workspace } from '../accounts/index.js';
import type { AuditService } from '../audit/index.js';
import type { Controls, RequestLogQuery, RequestLogService, SandboxControlsService } from '../sandbox/index.js';
import type { ListQuery } from '../../lists/index.js';
import { SCOPES } from '../../scopes.js';
import { PortalErrors } from './portal.errors.js';
import type { PortalRepository } from './portal.repository.js';
import type { PortalSession } from './portal.schemas.js';
import type { Row } from '../../db/types.js';

const SESSION_TTL_MS = 8 * 3600_000;
const sha256 = (v: string): string => createHash('sha256').update(v).digest('base64url');

export interface SignedIn {
  user: User;
  csrfToken: string;
  expiresAt: string;
}

const toApp = (a: Application) => ({
  id: a.id, workspaceId: a.workspaceId, name: a.name, clientId: a.clientId, scopes: a.scopes, redirectUris: a.redirectUris, created: a.created, revokedAt: a.revokedAt,
});
const toWorkspace = (w: Workspace) => ({ id: w.id, name: w.name, scopes: w.scopes, created: w.created });

export class PortalService {
  constructor(
    private readonly repo: PortalRepository,
    private readonly accounts: AccountsService,
    private readonly clock: Clock = systemClock,
    private readonly audit?: AuditService,
    private readonly publicUrl: string = '',
    private readonly sandbox?: { readonly requestLogs: RequestLogService; readonly sandboxControls: SandboxControlsService },
  ) {}

  /** Administrators and planners manage workspaces; developers work inside the ones they were invited to. */
  static canManage(user: User): boolean {
    return user.role === 'administrator' || user.role === 'planner';
  }

  /** Starts a session: the cookie value (only its hash is stored) and the session in the portal's description of it. */
  async signIn(email: string, password: string, address: string): Promise<{ cookie: string; session: PortalSession }> {
    const user = await this.accounts.signIn(email, password, address);
    if (!user) throw PortalErrors.signInFailed(undefined, { target: 'password' });
    const cookie = randomBytes(32).toString('base64url');
    const now = this.clock();
    const row: Row<'portal_sessions'> = {
      id_hash: sha256(cookie), user_id: user.id, account_id: user.accountId, csrf_token: randomBytes(24).toString('base64url'),
      created: iso(now), expires_at: iso(new Date(now.getTime() + SESSION_TTL_MS)),
    };
    await this.repo.deleteExpired(iso(now));
    await this.repo.insertSession(row);
    return { cookie, session: await this.describe({ user, csrfToken: row.csrf_token, expiresAt: row.expires_at }) };
  }

  async current(cookie: string | undefined): Promise<SignedIn> {
    if (!cookie) throw PortalErrors.notSignedIn();
    const row = await this.repo.findSession(sha256(cookie), iso(this.clock()));
    const user = row ? await this.accounts.findUserById(row.user_id) : undefined;
    if (!row || !user || user.accountId !== row.account_id || !user.active) throw PortalErrors.notSignedIn();
    return { user, csrfToken: row.csrf_token, expiresAt: row.expires_at };
  }

  checkCsrf(session: SignedIn, sent: string | undefined): void {
    const a = Buffer.from(session.csrfToken);
    const b = Buffer.from(sent ?? '');
    if (a.length !== b.length || !timingSafeEqual(a, b)) throw PortalErrors.csrfMismatch();
  }

  async signOut(cookie: string | undefined): Promise<void> {
    if (cookie) await this.repo.deleteSession(sha256(cookie));
  }

  async describe(s: SignedIn): Promise<PortalSession> {
    const account = await this.accounts.getAccount(s.user.accountId);
    return {
      user: { id: s.user.id, email: s.user.email, name: s.user.name, role: s.user.role },
      account: { id: account.id, name: account.name, tier: account.tier },
      csrfToken: s.csrfToken, canManageWorkspaces: PortalService.canManage(s.user), expiresAt: s.expiresAt,
    };
  }

  scopes() {
    return Object.entries(SCOPES).map(([name, description]) => ({ name, description }));
  }

  /** Which workspaces the user may see: all of the account's for managers, the ones they are a member of otherwise. */
  private async visibility(user: User): Promise<(workspaceId: string) => boolean> {
    if (PortalService.canManage(user)) return () => true;
    const member = new Set(await this.accounts.memberWorkspaceIds(user.accountId, user.id));
    return (workspaceId) => member.has(workspaceId);
  }

  private async visibleWorkspace(user: User, id: string): Promise<Workspace> {
    const sees = await this.visibility(user);
    // Another account's workspace and one the developer was not invited to look the same: absent.
    if (!sees(id)) throw AccountErrors.workspaceNotFound(undefined, { target: 'workspaceId' });
    return this.accounts.getWorkspace(user.accountId, id).catch((err: unknown) => {
      throw err instanceof Error && err.name === 'workspaceNotFound' ? AccountErrors.workspaceNotFound(undefined, { target: 'workspaceId' }) : err;
    });
  }

  async listWorkspaces(user: User) {
    const sees = await this.visibility(user);
    const all = await this.accounts.listWorkspaces(user.accountId);
    return all.filter((w) => sees(w.id)).map(toWorkspace);
  }

  async createWorkspace(user: User, input: { name: string; scopes: readonly string[] }) {
    if (!PortalService.canManage(user)) throw PortalErrors.administratorsOnly();
    return toWorkspace(await this.accounts.createWorkspace({ accountId: user.accountId, name: input.name, scopes: input.scopes, createdBy: user.id }));
  }

  async listInvitations(user: User, workspaceId: string): Promise<Invitation[]> {
    await this.visibleWorkspace(user, workspaceId);
    return this.accounts.listInvitations(user.accountId, workspaceId);
  }

  async invite(user: User, workspaceId: string, email: string): Promise<Invitation> {
    if (!PortalService.canManage(user)) throw PortalErrors.administratorsOnly();
    await this.visibleWorkspace(user, workspaceId);
    return this.accounts.invite({ accountId: user.accountId, workspaceId, email });
  }

  async listApplications(user: User) {
    const sees = await this.visibility(user);
    const apps = await this.accounts.listApplications(user.accountId);
    return apps.filter((a) => sees(a.workspaceId)).map(toApp);
  }

  async createApplication(user: User, input: { workspaceId: string; name: string; scopes: readonly string[]; redirectUris?: readonly string[] }) {
    await this.visibleWorkspace(user, input.workspaceId);
    const { application, clientSecret } = await this.accounts.createApplication({
      accountId: user.accountId, workspaceId: input.workspaceId, name: input.name, scopes: input.scopes,
      ...(input.redirectUris !== undefined ? { redirectUris: input.redirectUris } : {}), createdBy: user.id,
    });
    return { ...toApp(application), clientSecret };
  }

  /** An application of a workspace the user may see (another account's, or an unseen workspace's, is absent). */
  private async visibleApplication(user: User, id: string): Promise<Application> {
    const app = await this.accounts.getApplication(user.accountId, id);
    const sees = await this.visibility(user);
    if (!sees(app.workspaceId)) throw AccountErrors.applicationNotFound();
    return app;
  }

  async revokeApplication(user: User, id: string) {
    const app = await this.visibleApplication(user, id);
    return toApp(await this.accounts.revokeApplication(user.accountId, app.id));
  }

  /** A new client secret, shown once; the old one stops working at once (AccountsService.rotateSecret). */
  async rotateSecret(user: User, id: string) {
    const app = await this.visibleApplication(user, id);
    const { application, clientSecret } = await this.accounts.rotateSecret(user.accountId, app.id);
    return { ...toApp(application), clientSecret };
  }

  /** Replaces an application's scopes (each granted to its workspace); its tokens are held to them from their next call. */
  async setApplicationScopes(user: User, id: string, scopes: readonly string[]) {
    const app = await this.visibleApplication(user, id);
    return toApp(await this.accounts.setApplicationScopes(user.accountId, app.id, scopes));
  }

  /** Account features are the administrators' to see and switch (compliance communications, contact obfuscation). */
  async features(user: User): Promise<{ features: Feature[]; available: Feature[] }> {
    if (user.role !== 'administrator') throw PortalErrors.administratorsOnly('Only account administrators may see and switch account features');
    return { features: (await this.accounts.getAccount(user.accountId)).features, available: [...FEATURES] };
  }

  async setFeature(user: User, feature: string, enabled: boolean): Promise<{ features: Feature[]; available: Feature[] }> {
    if (user.role !== 'administrator') throw PortalErrors.administratorsOnly('Only account administrators may see and switch account features');
    if (!isFeature(feature)) throw AccountErrors.invalidFeature(`Unknown feature '${feature}'; known: ${FEATURES.join(', ')}`, { target: 'feature' });
    return { features: (await this.accounts.setFeature(user.accountId, feature, enabled)).features, available: [...FEATURES] };
  }

  /** The request log of an application the user may see (issue 35; docs/sandbox.md). */
  async requestLogs(user: User, id: string, query: RequestLogQuery) {
    const app = await this.visibleApplication(user, id);
    if (!this.sandbox) throw AccountErrors.applicationNotFound();
    return this.sandbox.requestLogs.list(user.accountId, app.clientId, query, `${this.publicUrl}/portal/applications/${app.id}/request-logs`);
  }

  /** The sandbox controls of an application the user may see (`enabled: false` where the deployment has them off). */
  async sandboxControls(user: User, id: string): Promise<Controls> {
    const app = await this.visibleApplication(user, id);
    if (!this.sandbox) throw AccountErrors.applicationNotFound();
    return this.sandbox.sandboxControls.describe(user.accountId, app.clientId);
  }

  /** The account's audit log, for its administrators (issue 36). */
  async auditLog(user: User, query: ListQuery) {
    if (user.role !== 'administrator' || !this.audit) throw PortalErrors.administratorsOnly('Only account administrators may read the audit log');
    return this.audit.list(user.accountId, query, `${this.publicUrl}/portal/audit-log`);
  }
}
