import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import argon2 from 'argon2';
import type { Config, Tier } from '../../config/index.js';
import { newId } from '../../db/ids.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import { parseScopes } from '../oauth/scopes.js';
import { AccountErrors } from './accounts.errors.js';
import type { AccountsRepository } from './accounts.repository.js';
import type { AccountsTable, ApplicationsTable, UsersTable, WorkspacesTable } from './accounts.table.js';
import {
  FEATURES, ROLES, TIERS,
  type Account, type Application, type ClientGrant, type Feature, type Invitation, type Role, type User, type Workspace,
} from './accounts.types.js';

const json = (v: string): string[] => {
  const parsed: unknown = JSON.parse(v);
  return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
};

const toAccount = (r: AccountsTable): Account => ({
  id: r.id, name: r.name, region: r.region, tier: r.tier as Tier, features: json(r.features) as Feature[], created: r.created,
});
const toUser = (r: UsersTable): User => ({ id: r.id, accountId: r.account_id, email: r.email, name: r.name, role: r.role as Role, created: r.created });
const toWorkspace = (r: WorkspacesTable): Workspace => ({ id: r.id, accountId: r.account_id, name: r.name, scopes: json(r.scopes), created: r.created });
const toApplication = (r: ApplicationsTable): Application => ({
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

function requiredName(value: string, what: string): string {
  const v = value.trim();
  if (v === '' || v.length > 200) throw AccountErrors.invalidName(`${what} must be 1-200 characters`, { target: 'name' });
  return v;
}

// Deliberately loose (the mail system is the real judge), but it keeps
// obvious typos and whitespace out of the sign-in key.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validScopes(input: readonly string[]): string[] {
  const { scopes, unknown } = parseScopes(input);
  if (unknown.length > 0) throw AccountErrors.unknownScope(`Unknown scope: ${unknown.join(', ')}`, { target: 'scopes' });
  return scopes;
}

export class AccountsService {
  constructor(
    private readonly repo: AccountsRepository,
    private readonly config: Pick<Config, 'region'>,
    private readonly clock: Clock = systemClock,
  ) {}

  async createAccount(input: { name: string; tier?: string; region?: string }): Promise<Account> {
    const tier = input.tier ?? 'Free';
    if (!TIERS.includes(tier as Tier)) throw AccountErrors.invalidTier();
    const now = iso(this.clock());
    const row: AccountsTable = { id: newId(), name: requiredName(input.name, 'Account name'), region: input.region ?? this.config.region, tier, features: '[]', created: now, last_modified: now };
    await this.repo.insertAccount(row);
    return toAccount(row);
  }

  async getAccount(id: string): Promise<Account> {
    const row = await this.repo.findAccount(id);
    if (!row) throw AccountErrors.accountNotFound();
    return toAccount(row);
  }

  async findAccountByName(name: string): Promise<Account | undefined> {
    const row = await this.repo.findAccountByName(name);
    return row ? toAccount(row) : undefined;
  }

  async listAccounts(): Promise<Account[]> {
    return (await this.repo.listAccounts()).map(toAccount);
  }

  async setTier(accountId: string, tier: string): Promise<Account> {
    if (!TIERS.includes(tier as Tier)) throw AccountErrors.invalidTier();
    if (!(await this.repo.updateAccount(accountId, { tier }, iso(this.clock())))) throw AccountErrors.accountNotFound();
    return this.getAccount(accountId);
  }

  async setFeature(accountId: string, feature: string, enabled: boolean): Promise<Account> {
    if (!FEATURES.includes(feature as Feature)) throw AccountErrors.invalidFeature(`Unknown feature '${feature}'; known: ${FEATURES.join(', ')}`);
    const account = await this.getAccount(accountId);
    const set = new Set<string>(account.features);
    if (enabled) set.add(feature);
    else set.delete(feature);
    await this.repo.updateAccount(accountId, { features: JSON.stringify([...set].sort()) }, iso(this.clock()));
    return this.getAccount(accountId);
  }

  async hasFeature(accountId: string, feature: Feature): Promise<boolean> {
    return (await this.getAccount(accountId)).features.includes(feature);
  }

  async createUser(input: { accountId: string; email: string; name?: string; role: string; password?: string }): Promise<User> {
    if (!ROLES.includes(input.role as Role)) throw AccountErrors.invalidRole();
    await this.getAccount(input.accountId);
    const email = input.email.trim().toLowerCase();
    if (!EMAIL.test(email) || email.length > 320) throw AccountErrors.invalidEmail(undefined, { target: 'email' });
    if (await this.repo.findUserByEmail(email)) throw AccountErrors.emailTaken();
    const now = iso(this.clock());
    const row: UsersTable = {
      id: newId(), account_id: input.accountId, email, name: input.name ?? email.split('@')[0] ?? email, role: input.role,
      password_hash: input.password ? await argon2.hash(input.password) : null, created: now,
    };
    await this.repo.transaction(async (trx) => {
      await this.repo.insertUser(row, trx);
      // Invitations sent before the developer had a user are honoured on creation.
      for (const inv of await this.repo.pendingInvitations(input.accountId, email, trx)) {
        await this.repo.addMember(inv.workspace_id, row.id, now, trx);
        await this.repo.acceptInvitation(inv.id, now, trx);
      }
    });
    return toUser(row);
  }

  async getUser(accountId: string, id: string): Promise<User> {
    const row = await this.repo.findUser(accountId, id);
    if (!row) throw AccountErrors.userNotFound();
    return toUser(row);
  }

  async findUserById(id: string): Promise<User | undefined> {
    const row = await this.repo.findUserById(id);
    return row ? toUser(row) : undefined;
  }

  /** Returns the user when the password matches; undefined otherwise, in comparable time. */
  async verifyPassword(email: string, password: string): Promise<User | undefined> {
    const row = await this.repo.findUserByEmail(email.trim());
    if (!row || !row.password_hash) {
      dummyHash ??= argon2.hash(randomBytes(16).toString('hex'));
      await argon2.verify(await dummyHash, password).catch(() => false);
      return undefined;
    }
    return (await argon2.verify(row.password_hash, password).catch(() => false)) ? toUser(row) : undefined;
  }

  async createWorkspace(input: { accountId: string; name: string; scopes: readonly string[]; createdBy?: string }): Promise<Workspace> {
    await this.getAccount(input.accountId);
    const scopes = validScopes(input.scopes);
    const row: WorkspacesTable = {
      id: newId(), account_id: input.accountId, name: requiredName(input.name, 'Workspace name'), scopes: JSON.stringify(scopes), created_by: input.createdBy ?? null, created: iso(this.clock()),
    };
    await this.repo.transaction(async (trx) => {
      await this.repo.insertWorkspace(row, trx);
      if (input.createdBy) await this.repo.addMember(row.id, input.createdBy, row.created, trx);
    });
    return toWorkspace(row);
  }

  async getWorkspace(accountId: string, id: string): Promise<Workspace> {
    const row = await this.repo.findWorkspace(accountId, id);
    if (!row) throw AccountErrors.workspaceNotFound();
    return toWorkspace(row);
  }

  async listWorkspaces(accountId: string): Promise<Workspace[]> {
    await this.getAccount(accountId);
    return (await this.repo.listWorkspaces(accountId)).map(toWorkspace);
  }

  /** Takes effect on the next call of every token of every application in the workspace. */
  async setWorkspaceScopes(accountId: string, workspaceId: string, scopes: readonly string[]): Promise<Workspace> {
    const valid = validScopes(scopes);
    if (!(await this.repo.updateWorkspaceScopes(accountId, workspaceId, JSON.stringify(valid)))) throw AccountErrors.workspaceNotFound();
    return this.getWorkspace(accountId, workspaceId);
  }

  async invite(input: { accountId: string; workspaceId: string; email: string }): Promise<Invitation> {
    await this.getWorkspace(input.accountId, input.workspaceId);
    const email = input.email.trim().toLowerCase();
    if (!EMAIL.test(email)) throw AccountErrors.invalidEmail(undefined, { target: 'email' });
    const now = iso(this.clock());
    const existing = await this.repo.findUserByEmail(email);
    const accepted = existing !== undefined && existing.account_id === input.accountId;
    const row = { id: newId(), account_id: input.accountId, workspace_id: input.workspaceId, email, status: accepted ? 'accepted' : 'pending', created: now, accepted_at: accepted ? now : null };
    await this.repo.transaction(async (trx) => {
      await this.repo.insertInvitation(row, trx);
      if (accepted) await this.repo.addMember(input.workspaceId, existing.id, now, trx);
    });
    return { id: row.id, workspaceId: row.workspace_id, email, status: accepted ? 'accepted' : 'pending', created: now };
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
    const clientSecret = `els_${randomBytes(32).toString('base64url')}`;
    const row: ApplicationsTable = {
      id: newId(), account_id: input.accountId, workspace_id: workspace.id, name: requiredName(input.name, 'Application name'),
      client_id: randomBytes(16).toString('hex'), secret_hash: hashSecret(clientSecret),
      scopes: JSON.stringify(scopes), redirect_uris: JSON.stringify(redirectUris),
      created_by: input.createdBy ?? null, created: iso(this.clock()), revoked_at: null,
    };
    await this.repo.insertApplication(row);
    return { application: toApplication(row), clientSecret };
  }

  async listApplications(accountId: string, workspaceId?: string): Promise<Application[]> {
    await this.getAccount(accountId);
    return (await this.repo.listApplications(accountId, workspaceId)).map(toApplication);
  }

  async getApplication(accountId: string, idOrClientId: string): Promise<Application> {
    const row = await this.repo.findApplication(accountId, idOrClientId);
    if (!row) throw AccountErrors.applicationNotFound();
    return toApplication(row);
  }

  /** Takes effect on the application's next call, not at token expiry. */
  async revokeApplication(accountId: string, idOrClientId: string): Promise<Application> {
    const app = await this.getApplication(accountId, idOrClientId);
    await this.repo.revokeApplication(accountId, app.id, iso(this.clock()));
    return this.getApplication(accountId, app.id);
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
