import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import argon2 from 'argon2';
import type { Config } from '../../config/index.js';
import { newId } from '../../db/ids.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import { CommonErrors, type ErrorFactory } from '../../errors.js';
import { parseScopes } from '../../scopes.js';
import { MemoryThrottleStore, PasswordCheckGate, SignInThrottle, ThrottleUnavailableError } from './signin-throttle.js';
import { GrantCache, GRANTS_CHANGED } from './grant-cache.js';
import type { ChangeFeed } from '../../db/changes.js';
import type { Kysely } from 'kysely';
import { changedFields, type AuditRecord, type AuditService } from '../audit/index.js';
import { AccountErrors } from './accounts.errors.js';
import type { AccountsRepository, Executor } from './accounts.repository.js';
import type { Row, RowPatch } from '../../db/types.js';
import {
  FEATURES, isFeature, isRole, isTier,
  type Account, type Application, type ClientGrant, type Feature, type Invitation, type User, type UserChanges, type UserRevocation, type Workspace,
} from './accounts.types.js';

const json = (v: string): string[] => {
  const parsed: unknown = JSON.parse(v);
  return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
};

const toAccount = (r: Row<'accounts'>): Account => ({
  id: r.id, name: r.name, region: r.region, tier: r.tier, features: json(r.features).filter(isFeature), created: r.created,
});
const toUser = (r: Row<'users'>): User => ({ id: r.id, accountId: r.account_id, email: r.email, name: r.name, role: r.role, active: r.active !== 0, accessRevokedAt: r.access_revoked_at, created: r.created });
const toWorkspace = (r: Row<'workspaces'>): Workspace => ({ id: r.id, accountId: r.account_id, name: r.name, scopes: json(r.scopes), created: r.created });
const toInvitation = (r: Row<'workspace_invitations'>): Invitation => ({ id: r.id, workspaceId: r.workspace_id, email: r.email, status: r.status, created: r.created });
const toApplication = (r: Row<'applications'>): Application => ({
  id: r.id, accountId: r.account_id, workspaceId: r.workspace_id, name: r.name, clientId: r.client_id,
  scopes: json(r.scopes), redirectUris: json(r.redirect_uris), created: r.created, revokedAt: r.revoked_at,
});

// Client secrets are 256 random bits, so a fast hash is enough to make a
// stolen table useless; argon2 is kept for human passwords (DESIGN: tokens and secrets).
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function secretMatches(secret: string, hash: string): boolean {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

// A hash to verify against when the email is unknown, so sign-in takes the
// same time whether or not the account exists.
let dummyHash: Promise<string> | undefined;

function found<T>(row: T | undefined, notFound: ErrorFactory): T {
  if (row === undefined) throw notFound();
  return row;
}

function requiredName(value: string, what: string): string {
  const v = value.trim();
  if (v === '' || v.length > 200) throw AccountErrors.invalidName(`${what} must be 1-200 characters`, { target: 'name' });
  return v;
}

// Deliberately loose (the mail system is the real judge), but it keeps
// obvious typos and whitespace out of the sign-in key.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validEmail(input: string): string {
  const email = input.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 320) throw AccountErrors.invalidEmail(undefined, { target: 'email' });
  return email;
}

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1024;

/**
 * Every place a password is set (users created by the CLI, SCIM or the demo; changed by SCIM) goes
 * through here: 12 characters at least (NIST SP 800-63B's length-over-complexity advice; no
 * composition rules), 1024 at most (argon2 hashes whatever it gets, so an unbounded password is a
 * CPU lever). Counted in Unicode characters, not UTF-16 units. Spaces count: passphrases are welcome.
 */
function validPassword(password: string): string {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
    throw AccountErrors.invalidPassword(`A password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long (this one has ${length})`, { target: 'password' });
  }
  return password;
}

function newClientSecret(): string {
  return `els_${randomBytes(32).toString('base64url')}`;
}

function validScopes(input: readonly string[]): string[] {
  const { scopes, unknown } = parseScopes(input);
  if (unknown.length > 0) throw AccountErrors.unknownScope(`Unknown scope: ${unknown.join(', ')}`, { target: 'scopes' });
  return scopes;
}

/** Runs inside the transaction that changed the user: a listener's writes commit or roll back with it. */
export type UserListener<E> = (event: E, trx: Executor) => Promise<void>;

export class AccountsService {
  private readonly accountCreated: Array<(account: Account) => Promise<void>> = [];
  private readonly userCreated: Array<UserListener<User>> = [];
  private readonly userRevoked: Array<UserListener<UserRevocation>> = [];

  constructor(
    private readonly repo: AccountsRepository,
    private readonly config: Pick<Config, 'region'>,
    private readonly clock: Clock = systemClock,
    signIns: { throttle: SignInThrottle; gate: PasswordCheckGate } = { throttle: new SignInThrottle(new MemoryThrottleStore(), clock), gate: new PasswordCheckGate(2, 8) },
    private readonly changes?: ChangeFeed,
    private readonly audit?: AuditService,
  ) {
    this.grantCache = changes ? new GrantCache(changes) : undefined;
    this.throttle = signIns.throttle;
    this.gate = signIns.gate;
  }

  private readonly throttle: SignInThrottle;
  private readonly gate: PasswordCheckGate;

  private readonly grantCache: GrantCache | undefined;

  /** Every process drops its cached grants (see GrantCache); on PostgreSQL inside `ex`, delivered at its commit. */
  private async grantsChanged(ex?: Executor): Promise<void> {
    await this.changes?.publish(GRANTS_CHANGED, ex as Kysely<never> | undefined);
  }

  /** Hooks for the modules above (identity gives a new account its role groups). */
  onAccountCreated(listener: (account: Account) => Promise<void>): void {
    this.accountCreated.push(listener);
  }

  /** Called in the creating transaction (identity puts the user in the group of its role). */
  onUserCreated(listener: UserListener<User>): void {
    this.userCreated.push(listener);
  }

  /**
   * Called in the transaction that deactivates or deletes a user: the modules that
   * hold the user's sessions and authorization codes end them (deleted: their rows go).
   */
  onUserRevoked(listener: UserListener<UserRevocation>): void {
    this.userRevoked.push(listener);
  }

  /** An audit entry in the transaction of the change (issue 36); none where no audit log is wired (unit tests). */
  private async record(ex: Executor, entry: AuditRecord): Promise<void> {
    await this.audit?.record(ex, entry);
  }

  /** Runs fn in the caller's transaction, or in a new one. */
  private inTransaction<T>(trx: Executor | undefined, fn: (trx: Executor) => Promise<T>): Promise<T> {
    return trx ? fn(trx) : this.repo.transaction(fn);
  }

  async createAccount(input: { name: string; tier?: string; region?: string }): Promise<Account> {
    const tier = input.tier ?? 'Free';
    if (!isTier(tier)) throw AccountErrors.invalidTier();
    const now = iso(this.clock());
    const row: Row<'accounts'> = { id: newId(), name: requiredName(input.name, 'Account name'), region: input.region ?? this.config.region, tier, features: '[]', created: now, last_modified: now };
    await this.repo.transaction(async (trx) => {
      await this.repo.insertAccount(row, trx);
      await this.record(trx, {
        accountId: row.id, action: 'account.created', target: { type: 'account', id: row.id, display: row.name },
        changes: changedFields({}, { name: row.name, tier: row.tier, region: row.region }),
      });
    });
    const account = toAccount(row);
    for (const listener of this.accountCreated) await listener(account);
    return account;
  }

  async getAccount(id: string, trx?: Executor): Promise<Account> {
    return toAccount(found(await this.repo.findAccount(id, trx), AccountErrors.accountNotFound));
  }

  async findAccountByName(name: string): Promise<Account | undefined> {
    const row = await this.repo.findAccountByName(name);
    return row ? toAccount(row) : undefined;
  }

  async listAccounts(): Promise<Account[]> {
    return (await this.repo.listAccounts()).map(toAccount);
  }

  async setTier(accountId: string, tier: string): Promise<Account> {
    if (!isTier(tier)) throw AccountErrors.invalidTier();
    await this.repo.transaction(async (trx) => {
      const before = toAccount(found(await this.repo.findAccount(accountId, trx), AccountErrors.accountNotFound));
      if (before.tier === tier) return;
      await this.repo.updateAccount(accountId, { tier }, iso(this.clock()), trx);
      await this.record(trx, { accountId, action: 'account.tier.changed', target: { type: 'account', id: accountId, display: before.name }, changes: changedFields(before, { tier }) });
    });
    return this.getAccount(accountId);
  }

  async setFeature(accountId: string, feature: string, enabled: boolean): Promise<Account> {
    if (!isFeature(feature)) throw AccountErrors.invalidFeature(`Unknown feature '${feature}'; known: ${FEATURES.join(', ')}`);
    await this.repo.transaction(async (trx) => {
      const account = toAccount(found(await this.repo.findAccount(accountId, trx), AccountErrors.accountNotFound));
      // Switching a feature to where it is changes nothing, and records nothing.
      if (account.features.includes(feature) === enabled) return;
      const set = new Set<string>(account.features);
      if (enabled) set.add(feature);
      else set.delete(feature);
      await this.repo.updateAccount(accountId, { features: JSON.stringify([...set].sort()) }, iso(this.clock()), trx);
      await this.record(trx, {
        accountId, action: enabled ? 'account.feature.enabled' : 'account.feature.disabled', target: { type: 'account', id: accountId, display: account.name },
        changes: { [feature]: { before: !enabled, after: enabled } },
      });
    });
    return this.getAccount(accountId);
  }

  async hasFeature(accountId: string, feature: Feature): Promise<boolean> {
    return (await this.getAccount(accountId)).features.includes(feature);
  }

  async createUser(input: { accountId: string; email: string; name?: string; role: string; password?: string }, trx?: Executor): Promise<User> {
    const role = input.role;
    if (!isRole(role)) throw AccountErrors.invalidRole();
    await this.getAccount(input.accountId, trx);
    const email = validEmail(input.email);
    const passwordHash = input.password !== undefined ? await argon2.hash(validPassword(input.password)) : null;
    return this.inTransaction(trx, async (ex) => {
      if (await this.repo.findUserByEmail(email, ex)) throw AccountErrors.emailTaken(undefined, { target: 'email' });
      const now = iso(this.clock());
      const name = input.name === undefined ? email.split('@')[0] ?? email : requiredName(input.name, 'User name');
      const row: Row<'users'> = { id: newId(), account_id: input.accountId, email, name, role, password_hash: passwordHash, created: now, active: 1, access_revoked_at: null };
      await this.repo.insertUser(row, ex);
      // Invitations sent before the developer had a user are honoured on creation.
      for (const inv of await this.repo.pendingInvitations(input.accountId, email, ex)) {
        await this.repo.addMember({ workspace_id: inv.workspace_id, user_id: row.id, created: now }, ex);
        await this.repo.acceptInvitation(inv.id, now, ex);
      }
      const user = toUser(row);
      await this.record(ex, {
        accountId: input.accountId, action: 'user.created', target: { type: 'user', id: row.id, display: email },
        changes: { ...changedFields({}, { email, name, role, active: true }), ...(passwordHash !== null ? { password: 'set' } : {}) },
      });
      for (const listener of this.userCreated) await listener(user, ex);
      return user;
    });
  }

  async getUser(accountId: string, id: string, trx?: Executor): Promise<User> {
    return toUser(found(await this.repo.findUser(accountId, id, trx), AccountErrors.userNotFound));
  }

  async findUserById(id: string): Promise<User | undefined> {
    const row = await this.repo.findUserById(id);
    return row ? toUser(row) : undefined;
  }

  /** The account's users with these ids (unknown ids and other accounts' users are left out). */
  async findUsers(accountId: string, ids: readonly string[], trx?: Executor): Promise<User[]> {
    return (await this.repo.findUsers(accountId, ids, trx)).map(toUser);
  }

  /**
   * Changes a user. Deactivating ends their access in the same transaction: sign-in
   * fails, and every module holding a session or authorization code of theirs ends it
   * (tokens that carry the user are refused on their next call, see OAuthService.authenticate).
   */
  async updateUser(accountId: string, id: string, changes: UserChanges, trx?: Executor): Promise<User> {
    const patch: Pick<RowPatch<'users'>, 'email' | 'name' | 'role' | 'active' | 'password_hash' | 'access_revoked_at'> = {};
    if (changes.role !== undefined) {
      if (!isRole(changes.role)) throw AccountErrors.invalidRole();
      patch.role = changes.role;
    }
    if (changes.name !== undefined) patch.name = requiredName(changes.name, 'User name');
    if (changes.email !== undefined) patch.email = validEmail(changes.email);
    if (changes.active !== undefined) patch.active = changes.active ? 1 : 0;
    if (changes.password !== undefined) patch.password_hash = await argon2.hash(validPassword(changes.password));
    return this.inTransaction(trx, async (ex) => {
      const before = toUser(found(await this.repo.findUser(accountId, id, ex), AccountErrors.userNotFound));
      if (patch.email !== undefined && patch.email !== before.email) {
        const holder = await this.repo.findUserByEmail(patch.email, ex);
        if (holder && holder.id !== id) throw AccountErrors.emailTaken(undefined, { target: 'email' });
      }
      if (before.active && changes.active === false) patch.access_revoked_at = iso(this.clock());
      if (Object.keys(patch).length > 0) await this.repo.updateUser(accountId, id, patch, ex);
      if (before.active && changes.active === false) {
        for (const listener of this.userRevoked) await listener({ accountId, userId: id, reason: 'deactivated' }, ex);
      }
      const after = toUser(found(await this.repo.findUser(accountId, id, ex), AccountErrors.userNotFound));
      // The password is never recorded, only that it changed.
      const diff: Record<string, unknown> = { ...changedFields(before, { email: after.email, name: after.name, role: after.role, active: after.active }), ...(patch.password_hash !== undefined ? { password: 'changed' } : {}) };
      if (Object.keys(diff).length > 0) {
        await this.record(ex, {
          accountId, action: diff['role'] !== undefined ? 'user.role.changed' : 'user.updated', target: { type: 'user', id, display: after.email }, changes: diff,
        });
      }
      return after;
    });
  }

  /**
   * Deletes a user and revokes what they own: their sessions and authorization codes
   * (through the modules that hold them), group and workspace memberships, and the
   * applications they created. Audit columns elsewhere (created_by, last_modified_by)
   * keep the user's id: they record who did what, and are not the user's to take away.
   */
  async deleteUser(accountId: string, id: string, trx?: Executor): Promise<void> {
    await this.inTransaction(trx, async (ex) => {
      const user = toUser(found(await this.repo.findUser(accountId, id, ex), AccountErrors.userNotFound));
      for (const listener of this.userRevoked) await listener({ accountId, userId: id, reason: 'deleted' }, ex);
      await this.record(ex, {
        accountId, action: 'user.deleted', target: { type: 'user', id, display: user.email },
        changes: changedFields({ email: user.email, name: user.name, role: user.role }, { email: null, name: null, role: null }),
      });
      await this.repo.revokeApplicationsCreatedBy(accountId, id, iso(this.clock()), ex);
      await this.repo.deleteUser(accountId, id, ex);
      await this.grantsChanged(ex);
    });
  }

  /**
   * The account's users for another module to join, so that its filters run in SQL
   * (id, account_id, email, name, role, active, created; never a password hash).
   */
  joinableUsers(accountId: string) {
    return this.repo.joinableUsers(accountId);
  }

  /**
   * A person signing in (portal or authorization page) from `address`: the user, or undefined for a wrong
   * email or password. Throws 429 with Retry-After while the email or the address is locked by failures.
   */
  async signIn(email: string, password: string, address: string): Promise<User | undefined> {
    // A place among the password checks first (synchronous): a burst beyond them is refused at once, uncounted.
    const place = this.gate.admit();
    if (!place) throw AccountErrors.tooManySignIns('Too many sign-ins at once; try again in a moment', { headers: { 'retry-after': '1' } });
    try {
      // Counted before the password is checked: concurrent attempts cannot all pass one check.
      let wait: number;
      try {
        wait = await this.throttle.reserve(email, address);
      } catch (err) {
        if (err instanceof ThrottleUnavailableError) throw CommonErrors.unavailable('Sign-in is unavailable for a moment; try again', { headers: { 'retry-after': '1' } });
        throw err;
      }
      if (wait > 0) throw AccountErrors.tooManySignIns(undefined, { headers: { 'retry-after': String(Math.ceil(wait / 1000)) } });
      const user = await place.run(() => this.verifyPassword(email, password));
      // The answer stands even if the store fails now: the attempt was counted, the password matched.
      if (user) await this.throttle.succeeded(email, address).catch(() => undefined);
      return user;
    } finally {
      place.leave();
    }
  }

  /** Returns the user when the password matches; undefined otherwise, in comparable time. */
  async verifyPassword(email: string, password: string): Promise<User | undefined> {
    const row = await this.repo.findUserByEmail(email.trim());
    if (!row || !row.password_hash) {
      dummyHash ??= argon2.hash(randomBytes(16).toString('hex'));
      await argon2.verify(await dummyHash, password).catch(() => false);
      return undefined;
    }
    const matches = await argon2.verify(row.password_hash, password).catch(() => false);
    // A deactivated user fails like a wrong password: the answer does not tell who exists.
    return matches && row.active !== 0 ? toUser(row) : undefined;
  }

  async createWorkspace(input: { accountId: string; name: string; scopes: readonly string[]; createdBy?: string }): Promise<Workspace> {
    await this.getAccount(input.accountId);
    const scopes = validScopes(input.scopes);
    const row: Row<'workspaces'> = {
      id: newId(), account_id: input.accountId, name: requiredName(input.name, 'Workspace name'), scopes: JSON.stringify(scopes), created_by: input.createdBy ?? null, created: iso(this.clock()),
    };
    await this.repo.transaction(async (trx) => {
      await this.repo.insertWorkspace(row, trx);
      if (input.createdBy) await this.repo.addMember({ workspace_id: row.id, user_id: input.createdBy, created: row.created }, trx);
      await this.record(trx, {
        accountId: input.accountId, action: 'workspace.created', target: { type: 'workspace', id: row.id, display: row.name },
        changes: changedFields({}, { name: row.name, scopes }),
      });
    });
    return toWorkspace(row);
  }

  async getWorkspace(accountId: string, id: string): Promise<Workspace> {
    return toWorkspace(found(await this.repo.findWorkspace(accountId, id), AccountErrors.workspaceNotFound));
  }

  async listWorkspaces(accountId: string): Promise<Workspace[]> {
    await this.getAccount(accountId);
    return (await this.repo.listWorkspaces(accountId)).map(toWorkspace);
  }

  /** Takes effect on the next call of every token of every application in the workspace. */
  async setWorkspaceScopes(accountId: string, workspaceId: string, scopes: readonly string[]): Promise<Workspace> {
    const valid = validScopes(scopes);
    await this.repo.transaction(async (trx) => {
      const before = await this.repo.findWorkspace(accountId, workspaceId, trx);
      if (!before || !(await this.repo.updateWorkspaceScopes(accountId, workspaceId, JSON.stringify(valid), trx))) throw AccountErrors.workspaceNotFound();
      const diff = changedFields({ scopes: json(before.scopes) }, { scopes: valid });
      if (Object.keys(diff).length > 0) await this.record(trx, { accountId, action: 'workspace.scopes.changed', target: { type: 'workspace', id: workspaceId, display: before.name }, changes: diff });
    });
    await this.grantsChanged();
    return this.getWorkspace(accountId, workspaceId);
  }

  async invite(input: { accountId: string; workspaceId: string; email: string }): Promise<Invitation> {
    await this.getWorkspace(input.accountId, input.workspaceId);
    const email = input.email.trim().toLowerCase();
    if (!EMAIL.test(email)) throw AccountErrors.invalidEmail(undefined, { target: 'email' });
    const now = iso(this.clock());
    const existing = await this.repo.findUserByEmail(email);
    const accepted = existing !== undefined && existing.account_id === input.accountId;
    const row: Row<'workspace_invitations'> = {
      id: newId(), account_id: input.accountId, workspace_id: input.workspaceId, email, status: accepted ? 'accepted' : 'pending', created: now, accepted_at: accepted ? now : null,
    };
    await this.repo.transaction(async (trx) => {
      await this.repo.insertInvitation(row, trx);
      if (accepted) await this.repo.addMember({ workspace_id: input.workspaceId, user_id: existing.id, created: now }, trx);
      await this.record(trx, {
        accountId: input.accountId, action: 'workspace.invitation.created', target: { type: 'workspace', id: input.workspaceId },
        changes: changedFields({}, { invitation: row.id, email, status: row.status }),
      });
    });
    return toInvitation(row);
  }

  /** Newest first; the caller checks that the workspace is one the user may see. */
  async listInvitations(accountId: string, workspaceId: string): Promise<Invitation[]> {
    return (await this.repo.listInvitations(accountId, workspaceId)).map(toInvitation);
  }

  /** The workspaces of the account the user was made a member of (by creating one, or by invitation). */
  memberWorkspaceIds(accountId: string, userId: string): Promise<string[]> {
    return this.repo.memberWorkspaceIds(accountId, userId);
  }

  async createApplication(input: {
    accountId: string; workspaceId: string; name: string; scopes: readonly string[]; redirectUris?: readonly string[]; createdBy?: string;
  }): Promise<{ application: Application; clientSecret: string }> {
    const workspace = await this.getWorkspace(input.accountId, input.workspaceId);
    if (input.createdBy) {
      const user = await this.getUser(input.accountId, input.createdBy);
      if (user.role !== 'administrator' && !(await this.repo.isMember(workspace.id, user.id))) throw AccountErrors.notWorkspaceMember();
    }
    const scopes = validScopes(input.scopes);
    // No default: an application holds exactly the scopes someone chose for it.
    if (scopes.length === 0) throw AccountErrors.noScopes(undefined, { target: 'scopes' });
    const notGranted = scopes.filter((s) => !workspace.scopes.includes(s));
    if (notGranted.length > 0) throw AccountErrors.scopeNotGranted(`The workspace has not been granted: ${notGranted.join(', ')}`, { target: 'scopes' });
    const redirectUris = [...(input.redirectUris ?? [])];
    for (const uri of redirectUris) {
      let ok: boolean;
      try {
        const u = new URL(uri);
        ok = (u.protocol === 'https:' || u.protocol === 'http:') && u.hash === '';
      } catch {
        ok = false;
      }
      if (!ok) throw AccountErrors.invalidRedirectUri(undefined, { target: 'redirectUris' });
    }
    const clientSecret = newClientSecret();
    const row: Row<'applications'> = {
      id: newId(), account_id: input.accountId, workspace_id: workspace.id, name: requiredName(input.name, 'Application name'),
      client_id: randomBytes(16).toString('hex'), secret_hash: hashSecret(clientSecret),
      scopes: JSON.stringify(scopes), redirect_uris: JSON.stringify(redirectUris),
      created_by: input.createdBy ?? null, created: iso(this.clock()), revoked_at: null,
    };
    await this.repo.transaction(async (trx) => {
      await this.repo.insertApplication(row, trx);
      await this.record(trx, {
        accountId: input.accountId, action: 'application.created', target: { type: 'application', id: row.id, display: row.name },
        changes: { ...changedFields({}, { name: row.name, workspace: workspace.id, clientId: row.client_id, scopes, redirectUris }), secret: 'issued' },
      });
    });
    return { application: toApplication(row), clientSecret };
  }

  async listApplications(accountId: string, workspaceId?: string): Promise<Application[]> {
    await this.getAccount(accountId);
    return (await this.repo.listApplications(accountId, workspaceId)).map(toApplication);
  }

  async getApplication(accountId: string, idOrClientId: string): Promise<Application> {
    return toApplication(found(await this.repo.findApplication(accountId, idOrClientId), AccountErrors.applicationNotFound));
  }

  /** Takes effect on the application's next call, not at token expiry. */
  async revokeApplication(accountId: string, idOrClientId: string): Promise<Application> {
    const app = await this.getApplication(accountId, idOrClientId);
    await this.repo.transaction(async (trx) => {
      const at = iso(this.clock());
      if (!(await this.repo.revokeApplication(accountId, app.id, at, trx))) return;
      await this.record(trx, { accountId, action: 'application.revoked', target: { type: 'application', id: app.id, display: app.name }, changes: changedFields({ revokedAt: null }, { revokedAt: at }) });
    });
    await this.grantsChanged();
    return this.getApplication(accountId, app.id);
  }

  /**
   * Replaces the client secret: the new one is returned once (only its hash is kept) and the old one
   * stops working at once, for the token endpoint of every process (it reads the hash on each request).
   * Access tokens issued before keep working until they expire (at most the token lifetime, 3600 s):
   * to cut those off too, revoke the application.
   */
  async rotateSecret(accountId: string, idOrClientId: string): Promise<{ application: Application; clientSecret: string }> {
    const app = await this.getApplication(accountId, idOrClientId);
    if (app.revokedAt !== null) throw AccountErrors.applicationRevoked();
    const clientSecret = newClientSecret();
    await this.repo.transaction(async (trx) => {
      if (!(await this.repo.updateApplicationSecret(accountId, app.id, hashSecret(clientSecret), trx))) throw AccountErrors.applicationRevoked();
      // Never the secret or its hash: only that it was rotated.
      await this.record(trx, { accountId, action: 'application.secret.rotated', target: { type: 'application', id: app.id, display: app.name }, changes: { secret: 'rotated' } });
    });
    await this.grantsChanged();
    return { application: await this.getApplication(accountId, app.id), clientSecret };
  }

  /**
   * Replaces the scopes an application may ask tokens for: each granted to its workspace, at least one. Takes effect
   * on the next call of every token of the application (grants are read on every call). A revoked application is a 409.
   */
  async setApplicationScopes(accountId: string, idOrClientId: string, input: readonly string[]): Promise<Application> {
    const app = await this.getApplication(accountId, idOrClientId);
    if (app.revokedAt !== null) throw AccountErrors.applicationRevoked();
    const scopes = validScopes(input);
    if (scopes.length === 0) throw AccountErrors.noScopes(undefined, { target: 'scopes' });
    const workspace = await this.getWorkspace(accountId, app.workspaceId);
    const notGranted = scopes.filter((s) => !workspace.scopes.includes(s));
    if (notGranted.length > 0) throw AccountErrors.scopeNotGranted(`The workspace has not been granted: ${notGranted.join(', ')}`, { target: 'scopes' });
    await this.repo.transaction(async (trx) => {
      if (!(await this.repo.updateApplicationScopes(accountId, app.id, JSON.stringify(scopes), trx))) throw AccountErrors.applicationRevoked();
      const diff = changedFields({ scopes: app.scopes }, { scopes });
      if (Object.keys(diff).length > 0) await this.record(trx, { accountId, action: 'application.scopes.changed', target: { type: 'application', id: app.id, display: app.name }, changes: diff });
    });
    await this.grantsChanged();
    return this.getApplication(accountId, app.id);
  }

  /**
   * The grants an authenticated call checks, from this process's cache: exact, since every change
   * above empties the cache of every process (GrantCache). The token endpoint reads `clientGrant`.
   */
  authGrant(clientId: string): Promise<ClientGrant | undefined> {
    return this.grantCache ? this.grantCache.get(clientId, (id) => this.clientGrant(id)) : this.clientGrant(clientId);
  }

  async clientGrant(clientId: string): Promise<ClientGrant | undefined> {
    const r = await this.repo.clientGrant(clientId);
    if (!r) return undefined;
    return {
      applicationId: r.id, accountId: r.account_id, workspaceId: r.workspace_id, clientId: r.client_id, secretHash: r.secret_hash,
      applicationScopes: json(r.scopes), workspaceScopes: json(r.workspace_scopes), redirectUris: json(r.redirect_uris), revoked: r.revoked_at !== null,
    };
  }
}
