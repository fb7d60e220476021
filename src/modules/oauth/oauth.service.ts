import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../../config/index.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import { newId } from '../../db/ids.js';
import { unauthorized } from '../../errors.js';
import { type AuthContext, type Authenticator } from '../../actor.js';
import { secretMatches, type AccountsService, type ClientGrant, type User } from '../accounts/index.js';
import { SIGNING_ALG, type KeyStore } from './keys.js';
import { OAuthError } from './oauth.errors.js';
import type { OAuthRepository } from './oauth.repository.js';
import { ALL_SCOPES, intersect, parseScopes } from './scopes.js';

/** The planner web UI: a public client (PKCE, no secret) served by this server. */
export const FIRST_PARTY_CLIENT_ID = 'eventline-web';
const CODE_TTL_MS = 5 * 60 * 1000;

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

interface Claims extends JWTPayload {
  client_id?: string;
  acc?: string;
  scope?: string;
  uid?: string;
}

const sha256 = (v: string): string => createHash('sha256').update(v).digest('base64url');

export class OAuthService implements Authenticator {
  constructor(
    private readonly repo: OAuthRepository,
    private readonly keys: KeyStore,
    private readonly accounts: AccountsService,
    private readonly config: Pick<Config, 'publicUrl' | 'tokenTtlSeconds' | 'apiVersion'>,
    private readonly clock: Clock = systemClock,
  ) {}

  get issuer(): string {
    return this.config.publicUrl;
  }

  private get audience(): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}`;
  }

  private async sign(claims: Claims, subject: string): Promise<TokenResponse> {
    const key = this.keys.signingKey();
    const now = Math.floor(this.clock().getTime() / 1000);
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: SIGNING_ALG, kid: key.kid, typ: 'at+jwt' })
      .setIssuer(this.issuer).setAudience(this.audience).setSubject(subject)
      .setIssuedAt(now).setExpirationTime(now + this.config.tokenTtlSeconds).setJti(newId())
      .sign(key.privateKey);
    return { access_token: token, token_type: 'Bearer', expires_in: this.config.tokenTtlSeconds, scope: claims.scope ?? '' };
  }

  private grantedScopes(grant: ClientGrant): string[] {
    return intersect(grant.applicationScopes, grant.workspaceScopes);
  }

  private requestedScopes(scope: string | undefined, granted: readonly string[]): string[] {
    if (scope === undefined || scope.trim() === '') return [...granted];
    const { scopes, unknown } = parseScopes(scope);
    if (unknown.length > 0) throw new OAuthError('invalid_scope', `Unknown scope: ${unknown.join(' ')}`);
    const missing = scopes.filter((s) => !granted.includes(s));
    if (missing.length > 0) throw new OAuthError('invalid_scope', `Not granted to this application and its workspace: ${missing.join(' ')}`);
    return scopes;
  }

  async clientCredentials(input: { clientId: string; clientSecret: string; scope?: string }): Promise<TokenResponse> {
    const grant = await this.accounts.clientGrant(input.clientId);
    if (!grant || grant.revoked || !secretMatches(input.clientSecret, grant.secretHash)) {
      throw new OAuthError('invalid_client', 'Client authentication failed');
    }
    const scopes = this.requestedScopes(input.scope, this.grantedScopes(grant));
    return this.sign({ client_id: grant.clientId, acc: grant.accountId, scope: scopes.join(' ') }, grant.clientId);
  }

  /** Validates client_id and redirect_uri before anything is shown to the user (RFC 6749 §4.1.2.1). */
  async checkAuthorizationClient(clientId: string, redirectUri: string): Promise<{ accountId: string | null; granted: string[] }> {
    if (clientId === FIRST_PARTY_CLIENT_ID) {
      let sameOrigin: boolean;
      try {
        sameOrigin = new URL(redirectUri).origin === new URL(this.config.publicUrl).origin;
      } catch {
        sameOrigin = false;
      }
      if (!sameOrigin) throw new OAuthError('invalid_request', 'redirect_uri is not registered for this client');
      return { accountId: null, granted: [...ALL_SCOPES] };
    }
    const grant = await this.accounts.clientGrant(clientId);
    if (!grant || grant.revoked) throw new OAuthError('invalid_client', 'Unknown client_id');
    if (!grant.redirectUris.includes(redirectUri)) throw new OAuthError('invalid_request', 'redirect_uri is not registered for this client');
    return { accountId: grant.accountId, granted: this.grantedScopes(grant) };
  }

  async issueCode(input: {
    user: User; clientId: string; redirectUri: string; scope?: string; codeChallenge: string;
  }): Promise<string> {
    if (input.user.role !== 'administrator') {
      throw new OAuthError('access_denied', 'Only planner users with the administrator role may use the authorization code flow; developers use client credentials');
    }
    const client = await this.checkAuthorizationClient(input.clientId, input.redirectUri);
    if (client.accountId !== null && client.accountId !== input.user.accountId) {
      throw new OAuthError('access_denied', 'This application belongs to another account');
    }
    const scopes = this.requestedScopes(input.scope, client.granted);
    const code = randomBytes(32).toString('base64url');
    const now = this.clock();
    await this.repo.insertCode({
      code_hash: sha256(code), client_id: input.clientId, user_id: input.user.id, account_id: input.user.accountId,
      redirect_uri: input.redirectUri, code_challenge: input.codeChallenge, scope: scopes.join(' '),
      expires_at: iso(new Date(now.getTime() + CODE_TTL_MS)), used_at: null,
    });
    return code;
  }

  async authorizationCode(input: { code: string; redirectUri?: string; codeVerifier?: string; clientId: string; clientSecret?: string }): Promise<TokenResponse> {
    // RFC 6749 §4.1.3: a client that was issued credentials must authenticate.
    // Every application has a secret; only the first-party web client is public.
    if (input.clientId !== FIRST_PARTY_CLIENT_ID) {
      const secret = input.clientSecret;
      const grant = secret === undefined ? undefined : await this.accounts.clientGrant(input.clientId);
      if (secret === undefined || !grant || grant.revoked || !secretMatches(secret, grant.secretHash)) {
        throw new OAuthError('invalid_client', 'Client authentication failed: an application authenticates with its client secret (HTTP Basic or form)');
      }
    }
    if (!input.codeVerifier || !/^[A-Za-z0-9\-._~]{43,128}$/.test(input.codeVerifier)) {
      throw new OAuthError('invalid_request', 'code_verifier (PKCE, 43-128 characters) is required');
    }
    const row = await this.repo.consumeCode(sha256(input.code), iso(this.clock()));
    if (!row || row.client_id !== input.clientId || row.redirect_uri !== input.redirectUri || row.code_challenge !== sha256(input.codeVerifier)) {
      throw new OAuthError('invalid_grant', 'The authorization code is invalid, expired, already used, or does not match the client, redirect_uri or code_verifier');
    }
    return this.sign({ client_id: row.client_id, acc: row.account_id, scope: row.scope, uid: row.user_id }, row.user_id);
  }

  async authenticate(token: string): Promise<AuthContext> {
    let claims: Claims;
    try {
      const result = await jwtVerify<Claims>(token, async (header) => {
        const key = header.kid ? await this.keys.verificationKey(header.kid) : undefined;
        if (!key) throw new joseErrors.JWKSNoMatchingKey();
        return key;
      }, { algorithms: [SIGNING_ALG], issuer: this.issuer, audience: this.audience, currentDate: this.clock(), clockTolerance: 5 });
      claims = result.payload;
    } catch (err) {
      throw unauthorized(err instanceof joseErrors.JWTExpired ? 'The access token has expired' : 'The access token is not valid');
    }
    const { client_id: clientId, acc: accountId, jti } = claims;
    if (!clientId || !accountId || !jti) throw unauthorized('The access token is not valid');
    const tokenScopes = (claims.scope ?? '').split(' ').filter(Boolean);
    let scopes = tokenScopes;
    let applicationId: string | null = null;
    // Grants are read on every call, so revoking an application or narrowing a
    // workspace takes effect at once rather than at token expiry.
    if (clientId !== FIRST_PARTY_CLIENT_ID) {
      const grant = await this.accounts.clientGrant(clientId);
      if (!grant || grant.revoked || grant.accountId !== accountId) throw unauthorized('The application has been revoked');
      scopes = intersect(tokenScopes, grant.applicationScopes, grant.workspaceScopes);
      applicationId = grant.applicationId;
    }
    let userId: string | null = null;
    if (claims.uid) {
      const user = await this.accounts.findUserById(claims.uid);
      if (!user || user.accountId !== accountId || user.role !== 'administrator') throw unauthorized('The user may no longer use this token');
      userId = user.id;
    }
    return { accountId, clientId, applicationId, userId, scopes: new Set(scopes), tokenId: jti };
  }
}
