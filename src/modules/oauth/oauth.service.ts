import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../../config/index.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import { newId } from '../../db/ids.js';
import { ApiError, unauthorized } from '../../errors.js';
import { type AuthContext, type Authenticator } from '../../actor.js';
import { secretMatches, type AccountsService, type ClientGrant, type User } from '../accounts/index.js';
import { SIGNING_ALG, type KeyStore } from './keys.js';
import { OAuthError } from './oauth.errors.js';
import { readTokenRequest, type TokenRequestParts } from './oauth.grants.js';
import type { OAuthRepository } from './oauth.repository.js';
import type { AuthorizeForm, AuthorizeParams, Metadata } from './oauth.schemas.js';
import { ALL_SCOPES, intersect, parseScopes } from '../../scopes.js';
import { firstPartyRedirectAllowed, redirectMatches } from './redirects.js';

/** The planner web UI: a public client (PKCE, no secret) served by this server. */
export const FIRST_PARTY_CLIENT_ID = 'eventline-web';
/**
 * The client id of the tokens the server issues to itself for one account: the worker's webcast sync of an account's
 * platform connection calls the public API with one (src/modules/sync). No application has this id and the token
 * endpoint never issues it; such a token carries at most SYNC_SCOPES.
 */
export const SYNC_CLIENT_ID = 'eventline-sync';
/** What the sync engine calls: sessions, webcasts, attendees and enrollments (read), attendee links and check-ins. */
export const SYNC_SCOPES: readonly string[] = [
  'event/sessions:read', 'event/sessions:write', 'event/webcasts:read', 'event/webcasts:write', 'event/attendees:read', 'event/session-enrollment:read',
  'event/attendee-links:read', 'event/attendee-links:write', 'event/session-attendance:read', 'event/session-attendance:write',
];

/**
 * Who may use the authorization code flow: the people who run events. Administrators and
 * planners plan events (the planner pages are theirs). Developers may not: they build
 * integrations, whose reach is bounded by an application's scopes within its workspace's
 * grant, and a token of their own would step around that bound.
 */
export const CODE_FLOW_ROLES: ReadonlySet<string> = new Set(['administrator', 'planner']);

/**
 * Managing the account's users and groups (SCIM, account-user-groups), reading its audit log and connecting webcast
 * platforms (account/platform-connections:write) are the administrators' work: a planner's token never carries these
 * scopes, even if asked.
 */
export const ADMINISTRATOR_SCOPES: ReadonlySet<string> = new Set(ALL_SCOPES.filter((s) => /^account\/(users|user-groups|audit-log):/.test(s) || s === 'account/platform-connections:write'));

/** The scopes a user of this role may hold through the authorization code flow. */
function scopesForRole(role: string, scopes: readonly string[]): string[] {
  return role === 'administrator' ? [...scopes] : scopes.filter((s) => !ADMINISTRATOR_SCOPES.has(s));
}
const CODE_TTL_MS = 5 * 60 * 1000;
/** A refresh token unused this long expires: a planner away for two weeks signs in again. */
const REFRESH_TTL_MS = 14 * 24 * 3600 * 1000;
/** No sign-in is renewed past this, however often it rotates. */
const REFRESH_FAMILY_TTL_MS = 30 * 24 * 3600 * 1000;

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  refresh_token?: string;
}

interface Claims extends JWTPayload {
  client_id?: string;
  acc?: string;
  scope?: string;
  uid?: string;
}

/** What the authorization endpoint answers; the routes render it. */
export type AuthorizeAnswer =
  // A bad client or redirect_uri is shown to the user, never redirected to (RFC 6749 §4.1.2.1).
  | { kind: 'error-page'; message: string }
  // Back to the client, with a code or an error (RFC 6749 §4.1.2, RFC 9207 `iss`).
  | { kind: 'redirect'; location: string; codeIssued: boolean }
  // The sign-in form, again with the reason when the last attempt failed.
  | { kind: 'sign-in'; params: Record<string, string>; retry?: 'form-expired' | 'wrong-password' | 'too-many-attempts'; email?: string; headers?: Record<string, string> };

const sha256 = (v: string): string => createHash('sha256').update(v).digest('base64url');

const AUTHORIZE_PARAMS = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method'] as const;

/** The request's parameters that the sign-in form carries on to its POST. */
function signInParams(q: AuthorizeParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of AUTHORIZE_PARAMS) {
    const v = q[key];
    if (v !== undefined) out[key] = v;
  }
  return out;
}

function withParams(uri: string, params: ReadonlyArray<readonly [string, string | undefined]>): string {
  const url = new URL(uri);
  for (const [k, v] of params) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

// The form's token must equal the cookie set with the page: a cross-site form can send neither.
function csrfMatches(cookie: string | undefined, sent: string | undefined): boolean {
  const a = Buffer.from(cookie ?? '');
  const b = Buffer.from(sent ?? '');
  return a.length > 0 && a.length === b.length && timingSafeEqual(a, b);
}

/** How many verified tokens a process remembers (each about 1 KB plus the token, up to about 5 KB with every scope). */
const VERIFIED_TOKENS = 10_000;
const CLOCK_TOLERANCE_S = 5;

interface VerifiedToken {
  /** The whole token: the cache is keyed by its signature, and a hit must be this very token. */
  readonly token: string;
  readonly claims: Claims;
  /** The scopes the token was issued with. */
  readonly tokenScopes: readonly string[];
  /** The grant `scopes` were worked out against (identity: a cached grant object). */
  grant?: ClientGrant;
  scopes?: ReadonlySet<string>;
}

export class OAuthService implements Authenticator {
  constructor(
    private readonly repo: OAuthRepository,
    private readonly keys: KeyStore,
    private readonly accounts: AccountsService,
    private readonly config: Pick<Config, 'publicUrl' | 'tokenTtlSeconds' | 'apiVersion' | 'supportedVersions' | 'region'>,
    private readonly clock: Clock = systemClock,
  ) {}

  get issuer(): string {
    return this.config.publicUrl;
  }

  private get audience(): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}`;
  }

  /** RFC 8414 authorization server metadata. */
  metadata(): Metadata {
    const base = this.audience;
    return {
      issuer: this.issuer,
      authorization_endpoint: `${base}/oauth2/authorize`,
      token_endpoint: `${base}/oauth2/token`,
      revocation_endpoint: `${base}/oauth2/revoke`,
      jwks_uri: `${this.config.publicUrl}/.well-known/jwks.json`,
      scopes_supported: ALL_SCOPES,
      response_types_supported: ['code'],
      grant_types_supported: ['client_credentials', 'authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
      service_documentation: `${this.config.publicUrl}/docs`,
      // eventline extensions: where the versioned API lives and which region this deployment serves.
      api_base_url: base,
      api_versions_supported: [...this.config.supportedVersions],
      region: this.config.region,
    };
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

  /** A token for the server's own use on one account (SYNC_CLIENT_ID, SYNC_SCOPES): the worker's connection sync. Never handed out. */
  internalToken(accountId: string): Promise<TokenResponse> {
    return this.sign({ client_id: SYNC_CLIENT_ID, acc: accountId, scope: SYNC_SCOPES.join(' ') }, SYNC_CLIENT_ID);
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

  /** The token endpoint: reads the grant from the request (RFC 6749 §4.1.3, §4.4) and issues the token; throws OAuthError. */
  async token(request: TokenRequestParts): Promise<TokenResponse> {
    const grant = readTokenRequest(request);
    if (grant.grantType === 'client_credentials') return this.clientCredentials(grant);
    if (grant.grantType === 'refresh_token') return this.refresh(grant);
    return this.authorizationCode(grant);
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
      if (!firstPartyRedirectAllowed(this.config.publicUrl, redirectUri)) throw new OAuthError('invalid_request', 'redirect_uri is not registered for this client');
      return { accountId: null, granted: [...ALL_SCOPES] };
    }
    const grant = await this.accounts.clientGrant(clientId);
    if (!grant || grant.revoked) throw new OAuthError('invalid_client', 'Unknown client_id');
    if (!grant.redirectUris.some((registered) => redirectMatches(registered, redirectUri))) {
      throw new OAuthError('invalid_request', 'redirect_uri is not registered for this client');
    }
    return { accountId: grant.accountId, granted: this.grantedScopes(grant) };
  }

  private redirectWithError(redirectUri: string, err: OAuthError, state: string | undefined): AuthorizeAnswer {
    const location = withParams(redirectUri, [['error', err.error], ['error_description', err.description], ['state', state], ['iss', this.issuer]]);
    return { kind: 'redirect', location, codeIssued: false };
  }

  // Client and redirect_uri are checked before anything else: a bad one is
  // shown to the user, never redirected to (RFC 6749 §4.1.2.1).
  private async checkAuthorizeRequest(q: AuthorizeParams): Promise<AuthorizeAnswer | { redirectUri: string }> {
    if (!q.client_id || !q.redirect_uri) return { kind: 'error-page', message: 'client_id and redirect_uri are required' };
    try {
      await this.checkAuthorizationClient(q.client_id, q.redirect_uri);
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      return { kind: 'error-page', message: err.description };
    }
    if (q.response_type !== 'code') {
      return this.redirectWithError(q.redirect_uri, new OAuthError('unsupported_response_type', 'response_type must be code'), q.state);
    }
    // PKCE is required of the public web client. An application authenticates with its secret at the token
    // endpoint, so it may leave PKCE out (RFC 9700 §2.1.1); what it sends must still be S256.
    const publicClient = q.client_id === FIRST_PARTY_CLIENT_ID;
    const pkceSent = q.code_challenge !== undefined || q.code_challenge_method !== undefined;
    if ((publicClient || pkceSent) && (!q.code_challenge || q.code_challenge_method !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(q.code_challenge))) {
      const message = publicClient ? 'PKCE is required: code_challenge with code_challenge_method=S256' : 'PKCE takes code_challenge with code_challenge_method=S256';
      return this.redirectWithError(q.redirect_uri, new OAuthError('invalid_request', message), q.state);
    }
    return { redirectUri: q.redirect_uri };
  }

  /** GET of the authorization endpoint: the sign-in page for a valid request. */
  async authorizationPage(q: AuthorizeParams): Promise<AuthorizeAnswer> {
    const checked = await this.checkAuthorizeRequest(q);
    return 'kind' in checked ? checked : { kind: 'sign-in', params: signInParams(q) };
  }

  /** The sign-in form's POST: the request again, the form's CSRF token, the password, then the code. */
  async authorize(form: AuthorizeForm, csrfCookie: string | undefined, address: string): Promise<AuthorizeAnswer> {
    const checked = await this.checkAuthorizeRequest(form);
    if ('kind' in checked) return checked;
    const params = signInParams(form);
    if (!csrfMatches(csrfCookie, form.csrf)) return { kind: 'sign-in', params, retry: 'form-expired' };
    let user: User | undefined;
    try {
      user = form.email && form.password ? await this.accounts.signIn(form.email, form.password, address) : undefined;
    } catch (err) {
      // The page again, with the throttle's Retry-After.
      if (err instanceof ApiError && err.status === 429) {
        return { kind: 'sign-in', params, retry: 'too-many-attempts', ...(form.email !== undefined ? { email: form.email } : {}), ...(err.options.headers ? { headers: err.options.headers } : {}) };
      }
      throw err;
    }
    if (!user) return { kind: 'sign-in', params, retry: 'wrong-password', ...(form.email !== undefined ? { email: form.email } : {}) };
    try {
      const code = await this.issueCode({
        user, clientId: form.client_id ?? '', redirectUri: checked.redirectUri, codeChallenge: form.code_challenge ?? '',
        ...(form.scope !== undefined ? { scope: form.scope } : {}),
      });
      return { kind: 'redirect', location: withParams(checked.redirectUri, [['code', code], ['state', form.state], ['iss', this.issuer]]), codeIssued: true };
    } catch (err) {
      if (err instanceof OAuthError) return this.redirectWithError(checked.redirectUri, err, form.state);
      throw err;
    }
  }

  async issueCode(input: {
    user: User; clientId: string; redirectUri: string; scope?: string; codeChallenge: string;
  }): Promise<string> {
    if (!CODE_FLOW_ROLES.has(input.user.role)) {
      throw new OAuthError('access_denied', 'Only planners and administrators may use the authorization code flow; developers use client credentials');
    }
    const client = await this.checkAuthorizationClient(input.clientId, input.redirectUri);
    if (client.accountId !== null && client.accountId !== input.user.accountId) {
      throw new OAuthError('access_denied', 'This application belongs to another account');
    }
    const scopes = this.requestedScopes(input.scope, scopesForRole(input.user.role, client.granted));
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
    // The verifier is required of the public client and for every code requested with a code_challenge (an
    // application may leave PKCE out); a request without it is malformed, and the code stays unspent.
    const verifier = input.codeVerifier;
    const verifierRequired = verifier === undefined
      && (input.clientId === FIRST_PARTY_CLIENT_ID || (await this.repo.pendingCodeChallenge(sha256(input.code), iso(this.clock()))) !== '');
    if (verifierRequired || (verifier !== undefined && !/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier))) {
      throw new OAuthError('invalid_request', 'code_verifier (PKCE, 43-128 characters) is required');
    }
    const row = await this.repo.consumeCode(sha256(input.code), iso(this.clock()));
    // A verifier for a code requested without a challenge is refused too: no PKCE downgrade (RFC 9700 §2.1.1).
    const pkceHolds = row !== undefined && (row.code_challenge === '' ? verifier === undefined : verifier !== undefined && row.code_challenge === sha256(verifier));
    if (!row || row.client_id !== input.clientId || row.redirect_uri !== input.redirectUri || !pkceHolds) {
      throw new OAuthError('invalid_grant', 'The authorization code is invalid, expired, already used, or does not match the client, redirect_uri or code_verifier');
    }
    // The user may have been deactivated or demoted between sign-in and exchange.
    const user = await this.userMayUseTokens(row.user_id, row.account_id);
    if (!user) throw new OAuthError('invalid_grant', 'The user may no longer use the authorization code flow');
    const scope = scopesForRole(user.role, row.scope.split(' ').filter(Boolean)).join(' ');
    const issued = await this.sign({ client_id: row.client_id, acc: row.account_id, scope, uid: row.user_id }, row.user_id);
    // Only the planner web UI (the public first-party client) renews its sign-in; applications sign the user in again.
    if (row.client_id !== FIRST_PARTY_CLIENT_ID) return issued;
    const now = this.clock();
    const refreshToken = await this.issueRefreshToken({
      familyId: newId(), clientId: row.client_id, userId: row.user_id, accountId: row.account_id, scope,
      familyExpiresAt: iso(new Date(now.getTime() + REFRESH_FAMILY_TTL_MS)),
    });
    return { ...issued, refresh_token: refreshToken };
  }

  private async issueRefreshToken(input: { familyId: string; clientId: string; userId: string; accountId: string; scope: string; familyExpiresAt: string }): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock();
    const expires = Math.min(now.getTime() + REFRESH_TTL_MS, Date.parse(input.familyExpiresAt));
    await this.repo.insertRefreshToken({
      token_hash: sha256(token), family_id: input.familyId, client_id: input.clientId, user_id: input.userId, account_id: input.accountId,
      scope: input.scope, created: iso(now), expires_at: iso(new Date(expires)), family_expires_at: input.familyExpiresAt, used_at: null, revoked_at: null,
    });
    return token;
  }

  /**
   * grant_type=refresh_token (RFC 6749 §6) with rotation and reuse detection (RFC 9700 §4.14.2): each refresh spends
   * its token and answers a new one of the same family; a spent or revoked token presented again means it leaked (or
   * a stale copy was kept), so the whole family is revoked and the planner signs in again.
   */
  async refresh(input: { clientId: string; refreshToken: string; clientSecret?: string; scope?: string }): Promise<TokenResponse> {
    if (input.clientId !== FIRST_PARTY_CLIENT_ID) {
      throw new OAuthError('unauthorized_client', 'Refresh tokens are issued only to the planner web UI; an application gets a new token with its own grant');
    }
    const invalid = () => new OAuthError('invalid_grant', 'The refresh token is invalid, expired, revoked or already used');
    const row = await this.repo.findRefreshToken(sha256(input.refreshToken));
    const now = this.clock();
    if (!row || row.client_id !== input.clientId) throw invalid();
    if (row.revoked_at !== null) throw invalid();
    if (row.used_at !== null || !(await this.repo.spendRefreshToken(row.token_hash, iso(now)))) {
      // Reuse: the token was already spent. Whoever holds the family's newest token loses it too.
      await this.repo.revokeRefreshFamily(row.family_id, iso(now));
      throw invalid();
    }
    if (Date.parse(row.expires_at) <= now.getTime() || Date.parse(row.family_expires_at) <= now.getTime()) throw invalid();
    const user = await this.userMayUseTokens(row.user_id, row.account_id, Math.floor(Date.parse(row.created) / 1000));
    if (!user) {
      await this.repo.revokeRefreshFamily(row.family_id, iso(now));
      throw new OAuthError('invalid_grant', 'The user may no longer use the authorization code flow');
    }
    let scopes = scopesForRole(user.role, row.scope.split(' ').filter(Boolean));
    // RFC 6749 §6: a refresh may narrow the scope, never widen it.
    if (input.scope !== undefined && input.scope.trim() !== '') scopes = this.requestedScopes(input.scope, scopes);
    const scope = scopes.join(' ');
    const issued = await this.sign({ client_id: row.client_id, acc: row.account_id, scope, uid: row.user_id }, row.user_id);
    const refreshToken = await this.issueRefreshToken({
      familyId: row.family_id, clientId: row.client_id, userId: row.user_id, accountId: row.account_id, scope, familyExpiresAt: row.family_expires_at,
    });
    return { ...issued, refresh_token: refreshToken };
  }

  /** Ends a planner's sign-in (RFC 7009 revocation of a refresh token): its family is revoked. Unknown tokens are ignored. */
  async revokeRefreshToken(token: string): Promise<void> {
    const row = await this.repo.findRefreshToken(sha256(token));
    if (row) await this.repo.revokeRefreshFamily(row.family_id, iso(this.clock()));
  }

  /**
   * The user, when an active planner or administrator of the account: who the authorization code
   * flow serves. A token issued (iat, seconds) before the user's access was last cut stays refused
   * after reactivation.
   */
  private async userMayUseTokens(userId: string, accountId: string, issuedAt?: number): Promise<User | undefined> {
    const user = await this.accounts.findUserById(userId);
    if (user === undefined || user.accountId !== accountId || !user.active || !CODE_FLOW_ROLES.has(user.role)) return undefined;
    return issuedAt === undefined || user.accessRevokedAt === null || issuedAt * 1000 > Date.parse(user.accessRevokedAt) ? user : undefined;
  }

  // Verified tokens, each until its expiry: a token's signature is checked once per process. Claims never
  // change; what can (grants, users) is checked on every call below. Bounded: the least recently used go first.
  // A Map in insertion order: when full, the oldest entry goes (a token still in use is verified again once).
  private readonly verified = new Map<string, VerifiedToken>();

  // Keyed by the token's signature (its last segment, 86 characters for ES256), not the token: a Map hashes
  // every character of a key it is given, and a token with many scopes runs to 5,000 characters, hashed
  // afresh on every call (a request's header is a new string). A hit must still be the very same token,
  // so a verified signature under another header or payload is a miss and is verified (and refused) in full.
  private async verify(token: string): Promise<VerifiedToken> {
    const key = token.slice(token.lastIndexOf('.') + 1);
    const hit = this.verified.get(key);
    if (hit !== undefined && hit.token === token) {
      // jose's rule with the same 5 s tolerance: valid while exp > now - 5 s.
      if ((hit.claims.exp ?? 0) * 1000 > this.clock().getTime() - CLOCK_TOLERANCE_S * 1000) return hit;
      this.verified.delete(key);
      throw unauthorized('The access token has expired');
    }
    let claims: Claims;
    try {
      const result = await jwtVerify<Claims>(token, async (header) => {
        const key = header.kid ? await this.keys.verificationKey(header.kid) : undefined;
        if (!key) throw new joseErrors.JWKSNoMatchingKey();
        return key;
      }, {
        algorithms: [SIGNING_ALG], issuer: this.issuer, audience: this.audience, currentDate: this.clock(), clockTolerance: CLOCK_TOLERANCE_S,
        // Defence in depth (RFC 9068): a token without an expiry would be valid forever, and `typ` keeps an
        // ID token or any other JWT signed with the same key from passing for an access token.
        typ: 'at+jwt', requiredClaims: ['exp', 'iat', 'jti'],
      });
      claims = result.payload;
    } catch (err) {
      throw unauthorized(err instanceof joseErrors.JWTExpired ? 'The access token has expired' : 'The access token is not valid');
    }
    const entry: VerifiedToken = { token, claims, tokenScopes: (claims.scope ?? '').split(' ').filter(Boolean) };
    if (this.verified.size >= VERIFIED_TOKENS) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(key, entry);
    return entry;
  }

  async authenticate(token: string): Promise<AuthContext> {
    const entry = await this.verify(token);
    const { claims } = entry;
    const { client_id: clientId, acc: accountId, jti } = claims;
    if (!clientId || !accountId || !jti) throw unauthorized('The access token is not valid');
    const { tokenScopes } = entry;
    let scopes: ReadonlySet<string> | undefined;
    let applicationId: string | null = null;
    // Grants are checked on every call (from a cache every change empties in every process), so
    // revoking an application or narrowing a workspace takes effect at once rather than at token expiry.
    if (clientId === SYNC_CLIENT_ID) {
      // The server's own token (internalToken): its scopes never exceed the sync's, whatever it says.
      if (claims.uid) throw unauthorized('The access token is not valid');
      scopes = new Set(intersect(tokenScopes, SYNC_SCOPES));
    } else if (clientId !== FIRST_PARTY_CLIENT_ID) {
      const grant = await this.accounts.authGrant(clientId);
      if (!grant || grant.revoked || grant.accountId !== accountId) throw unauthorized('The application has been revoked');
      scopes = tokenScopesHeld(entry, tokenScopes, grant);
      applicationId = grant.applicationId;
    }
    // The first-party web client only ever gets tokens for a signed-in planner (authorization code flow).
    if (clientId === FIRST_PARTY_CLIENT_ID && !claims.uid) throw unauthorized('The access token is not valid');
    let userId: string | null = null;
    let held = scopes ?? new Set(tokenScopes);
    if (claims.uid) {
      // One primary-key read per call of a token that carries a user: deactivation, deletion
      // or a lost role takes effect on the next call, in every process, with no cache to invalidate.
      const user = await this.userMayUseTokens(claims.uid, accountId, claims.iat);
      if (!user) throw unauthorized('The user may no longer use this token');
      // An administrator made a planner keeps the token but loses the administrators' scopes at once.
      if (user.role !== 'administrator') held = new Set(scopesForRole(user.role, [...held]));
      userId = claims.uid;
    }
    return { accountId, clientId, applicationId, userId, scopes: held, tokenId: jti };
  }


}

// The token's scopes that its grant still holds, worked out once per token and grant: a cached grant
// is the same object until a change replaces it.
function tokenScopesHeld(entry: VerifiedToken, tokenScopes: readonly string[], grant: ClientGrant): ReadonlySet<string> {
  if (entry.grant === grant && entry.scopes) return entry.scopes;
  const scopes: ReadonlySet<string> = new Set(intersect(tokenScopes, grant.applicationScopes, grant.workspaceScopes));
  entry.grant = grant;
  entry.scopes = scopes;
  return scopes;
}
