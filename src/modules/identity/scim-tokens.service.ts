import { createHash, randomBytes } from 'node:crypto';
import type { AuthContext, Authenticator } from '../../actor.js';
import { newId } from '../../db/ids.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import { CommonErrors, unauthorized } from '../../errors.js';
import type { AccountsService } from '../accounts/index.js';
import { changedFields, type AuditService } from '../audit/index.js';
import type { IdentityRepository } from './identity.repository.js';

/** What a SCIM token may do: the SCIM operations, nothing else. */
export const SCIM_TOKEN_SCOPES: readonly string[] = ['account/users:read', 'account/users:write', 'account/users:delete'];
const PREFIX = 'elscim_';

const sha256 = (v: string): string => createHash('sha256').update(v, 'utf8').digest('hex');

export interface ScimToken {
  id: string;
  accountId: string;
  description: string | null;
  created: string;
  revokedAt: string | null;
}

/**
 * Per-account bearer tokens for identity providers that cannot run the client
 * credentials flow (Okta's SCIM "HTTP Header" authentication, Entra ID's "Secret
 * Token"). An operator issues one with the CLI; it is shown once and stored as a
 * hash (256 random bits: a fast hash is enough). It carries only the SCIM scopes,
 * so it opens nothing but /scim/v2; revoking it takes effect on the next call.
 */
export class ScimTokensService {
  constructor(
    private readonly repo: IdentityRepository,
    private readonly accounts: AccountsService,
    private readonly clock: Clock = systemClock,
    private readonly audit?: AuditService,
  ) {}

  async issue(accountId: string, description?: string): Promise<{ token: string; scimToken: ScimToken }> {
    await this.accounts.getAccount(accountId);
    const token = `${PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = { id: newId(), account_id: accountId, token_hash: sha256(token), description: description ?? null, created: iso(this.clock()), revoked_at: null };
    await this.repo.transaction(async (trx) => {
      await this.repo.insertToken(row, trx);
      // Never the token: only that one was issued.
      await this.audit?.record(trx, {
        accountId, action: 'scim-token.issued', target: { type: 'scim-token', id: row.id, ...(row.description !== null ? { display: row.description } : {}) }, changes: { token: 'issued' },
      });
    });
    return { token, scimToken: { id: row.id, accountId, description: row.description, created: row.created, revokedAt: null } };
  }

  async list(accountId: string): Promise<ScimToken[]> {
    await this.accounts.getAccount(accountId);
    return (await this.repo.listTokens(accountId)).map((r) => ({ id: r.id, accountId: r.account_id, description: r.description, created: r.created, revokedAt: r.revoked_at }));
  }

  async revoke(accountId: string, id: string): Promise<void> {
    const at = iso(this.clock());
    await this.repo.transaction(async (trx) => {
      if (!(await this.repo.revokeToken(accountId, id, at, trx))) throw CommonErrors.notFound('No such active SCIM token in the account');
      await this.audit?.record(trx, { accountId, action: 'scim-token.revoked', target: { type: 'scim-token', id }, changes: changedFields({ revokedAt: null }, { revokedAt: at }) });
    });
  }

  static isScimToken(token: string): boolean {
    return token.startsWith(PREFIX);
  }

  /** The caller a SCIM token stands for (one indexed lookup by hash); a revoked or unknown one is a 401. */
  async authenticate(token: string): Promise<AuthContext> {
    const row = await this.repo.findActiveToken(sha256(token));
    if (!row) throw unauthorized('The SCIM token is not valid or has been revoked');
    return { accountId: row.account_id, clientId: `scim-token:${row.id}`, applicationId: null, userId: null, scopes: new Set(SCIM_TOKEN_SCOPES), tokenId: row.id };
  }

  /** The server's authenticator: SCIM tokens here, every other bearer token to `next` (OAuth). */
  authenticator(next: Authenticator): Authenticator {
    return { authenticate: (token) => (ScimTokensService.isScimToken(token) ? this.authenticate(token) : next.authenticate(token)) };
  }
}
