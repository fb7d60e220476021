import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SignJWT, UnsecuredJWT, createLocalJWKSet, createRemoteJWKSet, decodeJwt, decodeProtectedHeader, exportSPKI, generateKeyPair,
  importJWK, jwtVerify, type JWK, type JWTPayload,
} from 'jose';
import * as client from 'openid-client';
import { ClientCredentials, type ModuleOptions } from 'simple-oauth2';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { ALL_SCOPES, OAuthRepository, OAuthService } from '../../src/modules/oauth/index.js';
import { apiClient, createTenant, tokenFor, type Tenant } from '../helpers/app.js';
import { startListeningTestApp, type ListeningTestApp } from '../helpers/http.js';

const TOKEN_PATH = '/ea/oauth2/token';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let t: ListeningTestApp;
let tenant: Tenant;

beforeAll(async () => {
  t = await startListeningTestApp();
  tenant = await createTenant(t.services);
});

afterAll(async () => {
  await t?.close();
});

// RFC 6749 §2.3.1: each part is form-urlencoded before base64.
const basic = (id: string, secret: string): string =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

function postToken(opts: { query?: Record<string, string>; form?: Record<string, string>; json?: unknown; headers?: Record<string, string> }): Promise<LightMyRequestResponse> {
  const qs = opts.query ? `?${new URLSearchParams(opts.query).toString()}` : '';
  return t.app.inject({
    method: 'POST', url: `${TOKEN_PATH}${qs}`,
    headers: {
      ...(opts.form ? FORM : {}), ...(opts.json !== undefined ? { 'content-type': 'application/json' } : {}), ...opts.headers,
    },
    ...(opts.form ? { payload: new URLSearchParams(opts.form).toString() } : {}),
    ...(opts.json !== undefined ? { payload: JSON.stringify(opts.json) } : {}),
  });
}

interface TokenBody { access_token: string; token_type: string; expires_in: number; scope: string }
interface OAuthErrorBody { error: string; error_description?: string }

function expectToken(res: LightMyRequestResponse): TokenBody {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const body = res.json<TokenBody>();
  expect(body.token_type).toBe('Bearer');
  expect(body.expires_in).toBe(3600);
  expect(body.access_token.split('.')).toHaveLength(3);
  return body;
}

function expectOAuthError(res: LightMyRequestResponse, status: number, error: string): OAuthErrorBody {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['cache-control']).toBe('no-store');
  const body = res.json<OAuthErrorBody>();
  expect(body.error).toBe(error);
  expect(body).not.toHaveProperty('access_token');
  return body;
}

const get = (url: string, token: string | undefined) => apiClient(t.app, token)('GET', url);

describe('real OAuth clients against the listening server', () => {
  it('openid-client discovers the server by RFC 8414 metadata and gets a token by client credentials (client_secret_post)', async () => {
    const config = await client.discovery(new URL(t.baseUrl), tenant.clientId, tenant.clientSecret, undefined, {
      algorithm: 'oauth2', execute: [client.allowInsecureRequests],
    });
    expect(config.serverMetadata().issuer).toBe(t.baseUrl);
    expect(config.serverMetadata().token_endpoint).toBe(`${t.baseUrl}${TOKEN_PATH}`);
    const tokens = await client.clientCredentialsGrant(config, { scope: 'event/events:read' });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.scope).toBe('event/events:read');
    const res = await client.fetchProtectedResource(config, tokens.access_token, new URL(`${t.baseUrl}/ea/events`), 'GET');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: [] });
  });

  it('openid-client gets a token with client_secret_basic', async () => {
    const config = await client.discovery(new URL(t.baseUrl), tenant.clientId, undefined, client.ClientSecretBasic(tenant.clientSecret), {
      algorithm: 'oauth2', execute: [client.allowInsecureRequests],
    });
    const tokens = await client.clientCredentialsGrant(config);
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.scope?.split(' ').sort()).toEqual([...ALL_SCOPES].sort());
    expect((await get('/ea/token-validation', tokens.access_token)).json()).toEqual({ tokenValid: true, statusCode: 200 });
  });

  it('openid-client sees invalid_client as an OAuth error response', async () => {
    const config = await client.discovery(new URL(t.baseUrl), tenant.clientId, 'not-the-secret', undefined, {
      algorithm: 'oauth2', execute: [client.allowInsecureRequests],
    });
    const err = await client.clientCredentialsGrant(config).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(client.ResponseBodyError);
    expect((err as client.ResponseBodyError).error).toBe('invalid_client');
    expect((err as client.ResponseBodyError).status).toBe(401);
  });

  const simpleOptions = (options: ModuleOptions['options']): ModuleOptions => ({
    client: { id: tenant.clientId, secret: tenant.clientSecret },
    auth: { tokenHost: t.baseUrl, tokenPath: TOKEN_PATH },
    options,
  });

  it.each([
    ['header (HTTP Basic)', { authorizationMethod: 'header' }],
    ['body (form)', { authorizationMethod: 'body' }],
    ['body (JSON)', { authorizationMethod: 'body', bodyFormat: 'json' }],
  ] as const)('simple-oauth2 ClientCredentials gets a token with credentials in the %s', async (_name, options) => {
    const cc = new ClientCredentials(simpleOptions(options));
    const accessToken = await cc.getToken({ scope: ['event/events:read', 'event/events:write'] });
    const token = accessToken.token as unknown as TokenBody;
    expect(token.token_type).toBe('Bearer');
    expect(token.expires_in).toBe(3600);
    expect(token.scope).toBe('event/events:read event/events:write');
    expect(accessToken.expired()).toBe(false);
    expect((await get('/ea/events', token.access_token)).statusCode).toBe(200);
  });

  it('simple-oauth2 reports a wrong secret as 401', async () => {
    const cc = new ClientCredentials({ ...simpleOptions({ authorizationMethod: 'header' }), client: { id: tenant.clientId, secret: 'wrong' } });
    const err = await cc.getToken({}).catch((e: unknown) => e);
    expect(err).toMatchObject({ output: { statusCode: 401 }, data: { payload: { error: 'invalid_client' } } });
  });
});

describe('POST /ea/oauth2/token: client credentials', () => {
  it('accepts HTTP Basic credentials with grant_type in the form body', async () => {
    const body = expectToken(await postToken({ headers: { authorization: basic(tenant.clientId, tenant.clientSecret) }, form: { grant_type: 'client_credentials' } }));
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({ iss: t.baseUrl, aud: `${t.baseUrl}/ea`, sub: tenant.clientId, client_id: tenant.clientId, acc: tenant.accountId });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
    expect(typeof claims.jti).toBe('string');
    expect(decodeProtectedHeader(body.access_token)).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
  });

  it('accepts client_id and client_secret in the form body', async () => {
    expectToken(await postToken({ form: { grant_type: 'client_credentials', client_id: tenant.clientId, client_secret: tenant.clientSecret } }));
  });

  it('accepts grant_type and client_id in the query string with the secret in the body', async () => {
    expectToken(await postToken({
      query: { grant_type: 'client_credentials', client_id: tenant.clientId },
      form: { client_secret: tenant.clientSecret },
    }));
  });

  it('accepts grant_type and client_id in the query string with HTTP Basic and an empty form body', async () => {
    expectToken(await postToken({
      query: { grant_type: 'client_credentials', client_id: tenant.clientId },
      headers: { authorization: basic(tenant.clientId, tenant.clientSecret) }, form: {},
    }));
  });

  it('accepts grant_type and client_id in the query string with HTTP Basic and no body at all', async () => {
    expectToken(await postToken({
      query: { grant_type: 'client_credentials', client_id: tenant.clientId },
      headers: { authorization: basic(tenant.clientId, tenant.clientSecret) },
    }));
  });

  it('accepts the form of the reference curl example: Basic plus grant_type and client_id in the body', async () => {
    expectToken(await postToken({
      headers: { authorization: basic(tenant.clientId, tenant.clientSecret) },
      form: { grant_type: 'client_credentials', client_id: tenant.clientId },
    }));
  });

  it('accepts a JSON body', async () => {
    expectToken(await postToken({ json: { grant_type: 'client_credentials', client_id: tenant.clientId, client_secret: tenant.clientSecret } }));
  });

  it('refuses client_secret in the query string with invalid_request', async () => {
    const body = expectOAuthError(await postToken({
      query: { grant_type: 'client_credentials', client_id: tenant.clientId, client_secret: tenant.clientSecret },
    }), 400, 'invalid_request');
    expect(body.error_description).toMatch(/URL/);
    // Even alongside valid Basic credentials: the secret has already leaked into logs and history.
    expectOAuthError(await postToken({
      query: { client_secret: tenant.clientSecret },
      headers: { authorization: basic(tenant.clientId, tenant.clientSecret) }, form: { grant_type: 'client_credentials' },
    }), 400, 'invalid_request');
  });

  it('answers 401 invalid_client with a Basic challenge for a wrong secret sent by HTTP Basic', async () => {
    const res = await postToken({ headers: { authorization: basic(tenant.clientId, 'wrong-secret') }, form: { grant_type: 'client_credentials' } });
    expectOAuthError(res, 401, 'invalid_client');
    expect(res.headers['www-authenticate']).toMatch(/^Basic realm=/);
  });

  it('answers 401 invalid_client without a Basic challenge for a wrong secret sent in the body', async () => {
    const res = await postToken({ form: { grant_type: 'client_credentials', client_id: tenant.clientId, client_secret: 'wrong-secret' } });
    expectOAuthError(res, 401, 'invalid_client');
    expect(res.headers['www-authenticate']).toBeUndefined();
  });

  it('answers 401 invalid_client for an unknown client, missing credentials, or an undecodable Basic header', async () => {
    expectOAuthError(await postToken({ form: { grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'x' } }), 401, 'invalid_client');
    expectOAuthError(await postToken({ form: { grant_type: 'client_credentials' } }), 401, 'invalid_client');
    expectOAuthError(await postToken({ form: { grant_type: 'client_credentials', client_id: tenant.clientId } }), 401, 'invalid_client');
    const res = await postToken({ headers: { authorization: 'Basic %%%' }, form: { grant_type: 'client_credentials' } });
    expectOAuthError(res, 401, 'invalid_client');
    expect(res.headers['www-authenticate']).toMatch(/^Basic /);
  });

  it('refuses a client_id in the body that differs from the Basic credentials', async () => {
    expectOAuthError(await postToken({
      headers: { authorization: basic(tenant.clientId, tenant.clientSecret) },
      form: { grant_type: 'client_credentials', client_id: 'someone-else' },
    }), 400, 'invalid_request');
  });

  it('answers unsupported_grant_type for an unknown grant_type', async () => {
    for (const grantType of ['password', 'urn:ietf:params:oauth:grant-type:jwt-bearer']) {
      expectOAuthError(await postToken({ headers: { authorization: basic(tenant.clientId, tenant.clientSecret) }, form: { grant_type: grantType } }), 400, 'unsupported_grant_type');
    }
  });

  it('answers invalid_request when grant_type is missing', async () => {
    expectOAuthError(await postToken({ headers: { authorization: basic(tenant.clientId, tenant.clientSecret) }, form: {} }), 400, 'invalid_request');
    expectOAuthError(await postToken({ form: { client_id: tenant.clientId, client_secret: tenant.clientSecret } }), 400, 'invalid_request');
  });

  it('answers RFC 6749 errors, not the contract error shape, for bodies it cannot read', async () => {
    const badJson = await t.app.inject({ method: 'POST', url: TOKEN_PATH, headers: { 'content-type': 'application/json' }, payload: '{"grant_type":' });
    expectOAuthError(badJson, 400, 'invalid_request');
    const xml = await t.app.inject({ method: 'POST', url: TOKEN_PATH, headers: { 'content-type': 'application/xml' }, payload: '<grant_type/>' });
    expectOAuthError(xml, 400, 'invalid_request');
    const repeated = await t.app.inject({ method: 'POST', url: TOKEN_PATH, headers: FORM, payload: 'grant_type=client_credentials&grant_type=authorization_code' });
    expectOAuthError(repeated, 400, 'invalid_request');
    const twoIds = await t.app.inject({
      method: 'POST', url: `${TOKEN_PATH}?grant_type=client_credentials&client_id=a&client_id=b`,
      headers: { authorization: basic(tenant.clientId, tenant.clientSecret) },
    });
    expectOAuthError(twoIds, 400, 'invalid_request');
  });
});

describe('scopes', () => {
  const EVENTS_READ = 'event/events:read';
  const EVENTS_WRITE = 'event/events:write';
  const SESSIONS_READ = 'event/sessions:read';

  it('narrows the token to the requested scope; a route needing another scope answers 403 insufficient_scope', async () => {
    const body = expectToken(await postToken({ headers: { authorization: basic(tenant.clientId, tenant.clientSecret) }, form: { grant_type: 'client_credentials', scope: EVENTS_WRITE } }));
    expect(body.scope).toBe(EVENTS_WRITE);
    expect(decodeJwt(body.access_token)['scope']).toBe(EVENTS_WRITE);
    const res = await get('/ea/events', body.access_token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403 });
    const challenge = res.headers['www-authenticate'];
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain(`scope="${EVENTS_READ}"`);
    // The same client asking for the scope gets through.
    expect((await get('/ea/events', await tokenFor(t.app, tenant, EVENTS_READ))).statusCode).toBe(200);
  });

  it('grants application ∩ workspace when no scope is requested', async () => {
    const narrow = await createTenant(t.services, { workspaceScopes: [EVENTS_READ, EVENTS_WRITE, SESSIONS_READ], appScopes: [EVENTS_READ, SESSIONS_READ] });
    const body = expectToken(await postToken({ headers: { authorization: basic(narrow.clientId, narrow.clientSecret) }, form: { grant_type: 'client_credentials' } }));
    expect(body.scope.split(' ').sort()).toEqual([EVENTS_READ, SESSIONS_READ]);
  });

  it('answers invalid_scope for a scope the workspace has but the application does not', async () => {
    const narrow = await createTenant(t.services, { workspaceScopes: [EVENTS_READ, EVENTS_WRITE], appScopes: [EVENTS_READ] });
    const body = expectOAuthError(await postToken({
      headers: { authorization: basic(narrow.clientId, narrow.clientSecret) }, form: { grant_type: 'client_credentials', scope: `${EVENTS_READ} ${EVENTS_WRITE}` },
    }), 400, 'invalid_scope');
    expect(body.error_description).toContain(EVENTS_WRITE);
  });

  it('answers invalid_scope for a scope the application has but its workspace no longer has', async () => {
    const narrow = await createTenant(t.services, { workspaceScopes: [EVENTS_READ, EVENTS_WRITE] });
    await t.services.accounts.setWorkspaceScopes(narrow.accountId, narrow.workspaceId, [EVENTS_READ]);
    expectOAuthError(await postToken({
      headers: { authorization: basic(narrow.clientId, narrow.clientSecret) }, form: { grant_type: 'client_credentials', scope: EVENTS_WRITE },
    }), 400, 'invalid_scope');
    const body = expectToken(await postToken({ headers: { authorization: basic(narrow.clientId, narrow.clientSecret) }, form: { grant_type: 'client_credentials' } }));
    expect(body.scope).toBe(EVENTS_READ);
  });

  it('answers invalid_scope for an unknown scope', async () => {
    expectOAuthError(await postToken({
      headers: { authorization: basic(tenant.clientId, tenant.clientSecret) }, form: { grant_type: 'client_credentials', scope: 'event/events:read admin:everything' },
    }), 400, 'invalid_scope');
  });

  it('applies a workspace losing a scope to the next call of an existing token, not at expiry', async () => {
    const own = await createTenant(t.services, { workspaceScopes: [EVENTS_READ, EVENTS_WRITE] });
    const token = await tokenFor(t.app, own);
    expect((await get('/ea/events', token)).statusCode).toBe(200);
    await t.services.accounts.setWorkspaceScopes(own.accountId, own.workspaceId, [EVENTS_WRITE]);
    const res = await get('/ea/events', token);
    expect(res.statusCode).toBe(403);
    expect(res.headers['www-authenticate']).toContain('error="insufficient_scope"');
    // The token still works for what the workspace still grants.
    expect((await get('/ea/token-validation', token)).statusCode).toBe(200);
    await t.services.accounts.setWorkspaceScopes(own.accountId, own.workspaceId, [EVENTS_READ, EVENTS_WRITE]);
    expect((await get('/ea/events', token)).statusCode).toBe(200);
  });

  it('rejects every token of a revoked application on its next call, and refuses it new tokens', async () => {
    const own = await createTenant(t.services);
    const token = await tokenFor(t.app, own);
    expect((await get('/ea/events', token)).statusCode).toBe(200);
    await t.services.accounts.revokeApplication(own.accountId, own.applicationId);
    const res = await get('/ea/events', token);
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer .*error="invalid_token"/);
    expect((await get('/ea/token-validation', token)).statusCode).toBe(401);
    expectOAuthError(await postToken({ headers: { authorization: basic(own.clientId, own.clientSecret) }, form: { grant_type: 'client_credentials' } }), 401, 'invalid_client');
  });

  it("accepts the seed's alias communications:read as compliance/communications:read", async () => {
    const own = await createTenant(t.services, { workspaceScopes: ['communications:read', EVENTS_READ], appScopes: ['communications:read'] });
    const body = expectToken(await postToken({
      headers: { authorization: basic(own.clientId, own.clientSecret) }, form: { grant_type: 'client_credentials', scope: 'communications:read' },
    }));
    expect(body.scope).toBe('compliance/communications:read');
    expect(decodeJwt(body.access_token)['scope']).toBe('compliance/communications:read');
    const canonical = expectToken(await postToken({
      headers: { authorization: basic(own.clientId, own.clientSecret) }, form: { grant_type: 'client_credentials', scope: 'compliance/communications:read' },
    }));
    expect(canonical.scope).toBe('compliance/communications:read');
  });
});

describe('bearer tokens', () => {
  const claimsFor = (overrides: JWTPayload = {}): JWTPayload => ({
    client_id: tenant.clientId, acc: tenant.accountId, scope: 'event/events:read', iss: t.baseUrl, aud: `${t.baseUrl}/ea`,
    sub: tenant.clientId, jti: `forged-${Math.random()}`, iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 600,
    ...overrides,
  });

  const signWithServerKey = (claims: JWTPayload): Promise<string> => {
    const key = t.services.keys.signingKey();
    return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'at+jwt' }).sign(key.privateKey);
  };

  async function expect401(token: string | undefined, header?: string): Promise<string> {
    const res = await t.app.inject({
      method: 'GET', url: '/ea/events',
      headers: header !== undefined ? { authorization: header } : token !== undefined ? { authorization: `Bearer ${token}` } : {},
    });
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toMatchObject({ code: 401 });
    const challenge = res.headers['www-authenticate'];
    expect(typeof challenge).toBe('string');
    expect(challenge).toMatch(/^Bearer realm="eventline"/);
    return String(challenge);
  }

  it('a token the server signed itself is accepted (control for the forgeries below)', async () => {
    const res = await get('/ea/events', await signWithServerKey(claimsFor()));
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 with a bare Bearer challenge when there is no token', async () => {
    const challenge = await expect401(undefined);
    expect(challenge).not.toContain('error=');
  });

  it('answers 401 invalid_request for a malformed Authorization header', async () => {
    for (const header of ['Bearer', 'Bearer a b', 'Token abc', basic(tenant.clientId, tenant.clientSecret), 'Bearer <script>']) {
      expect(await expect401(undefined, header)).toContain('error="invalid_request"');
    }
  });

  it('accepts the header in the forms RFC 6750 allows besides the usual one (case, spacing), and answers alike', async () => {
    const token = await signWithServerKey(claimsFor());
    for (const header of [`Bearer ${token}`, `bearer ${token}`, `BEARER ${token}`, `Bearer  ${token}`, `Bearer ${token}  `, `Bearer\t${token}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/ea/events', headers: { authorization: header } });
      expect(res.statusCode, JSON.stringify(header.slice(0, 10))).toBe(200);
    }
    // A malformed header stays malformed once its token is known to the cache.
    expect(await expect401(undefined, `Bearer ${token} x`)).toContain('error="invalid_request"');
  });

  it('refuses a verified token\'s signature under another payload, even while the token is cached', async () => {
    // The verified-token cache is keyed by the signature: a hit must still be the very same token.
    const token = await signWithServerKey(claimsFor({ scope: 'event/events:read' }));
    expect((await get('/ea/events', token)).statusCode).toBe(200);
    const [header, , signature] = token.split('.');
    const wider = Buffer.from(JSON.stringify(claimsFor({ scope: 'event/events:read event/events:write' }))).toString('base64url');
    expect(await expect401(`${header}.${wider}.${signature}`)).toContain('error="invalid_token"');
    // The real token is still served from the cache afterwards.
    expect((await get('/ea/events', token)).statusCode).toBe(200);
  });

  it('answers 401 invalid_token for a string that is not a JWT', async () => {
    expect(await expect401('not-a-jwt')).toContain('error="invalid_token"');
    expect(await expect401('a.b.c')).toContain('error="invalid_token"');
  });

  it('answers 401 for a token that expired (issued by the real service two hours ago)', async () => {
    const earlier = new OAuthService(
      new OAuthRepository(t.db.handle.db), t.services.keys, t.services.accounts, t.config, () => new Date(Date.now() - 2 * 3600 * 1000),
    );
    const { access_token: token } = await earlier.clientCredentials({ clientId: tenant.clientId, clientSecret: tenant.clientSecret });
    const challenge = await expect401(token);
    expect(challenge).toContain('error="invalid_token"');
    expect(challenge).toContain('expired');
  });

  it('answers 401 for a token signed with the real key whose exp has passed', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await expect401(await signWithServerKey(claimsFor({ iat: now - 3700, exp: now - 60 })))).toContain('expired');
  });

  it('answers 401 for a token signed by another key under the same kid', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const token = await new SignJWT(claimsFor()).setProtectedHeader({ alg: 'ES256', kid: t.services.keys.signingKey().kid, typ: 'at+jwt' }).sign(privateKey);
    expect(await expect401(token)).toContain('error="invalid_token"');
  });

  it('answers 401 for a token with an unknown kid or no kid', async () => {
    const key = t.services.keys.signingKey();
    const unknownKid = await new SignJWT(claimsFor()).setProtectedHeader({ alg: 'ES256', kid: 'no-such-key' }).sign(key.privateKey);
    await expect401(unknownKid);
    const noKid = await new SignJWT(claimsFor()).setProtectedHeader({ alg: 'ES256' }).sign(key.privateKey);
    await expect401(noKid);
  });

  it('answers 401 for an unsigned token (alg: none)', async () => {
    const unsigned = new UnsecuredJWT(claimsFor()).encode();
    expect(decodeProtectedHeader(unsigned).alg).toBe('none');
    await expect401(unsigned);
    // Also with the server's kid and without the trailing dot.
    const header = Buffer.from(JSON.stringify({ alg: 'none', kid: t.services.keys.signingKey().kid, typ: 'at+jwt' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify(claimsFor())).toString('base64url');
    await expect401(`${header}.${payload}.`);
    await expect401(`${header}.${payload}`);
  });

  it('answers 401 for an HS256 token keyed with the public key (algorithm confusion)', async () => {
    const publicJwk = t.services.keys.signingKey().publicJwk;
    const publicKey = await importJWK(publicJwk, 'ES256');
    if (publicKey instanceof Uint8Array) throw new Error('expected an asymmetric key');
    const pem = await exportSPKI(publicKey);
    const kid = t.services.keys.signingKey().kid;
    for (const secret of [pem, JSON.stringify(publicJwk)]) {
      const token = await new SignJWT(claimsFor()).setProtectedHeader({ alg: 'HS256', kid, typ: 'at+jwt' }).sign(new TextEncoder().encode(secret));
      await expect401(token);
    }
  });

  it('answers 401 for a wrong issuer or audience', async () => {
    await expect401(await signWithServerKey(claimsFor({ iss: 'https://evil.example' })));
    await expect401(await signWithServerKey(claimsFor({ aud: 'https://evil.example/ea' })));
    await expect401(await signWithServerKey(claimsFor({ aud: t.baseUrl })));
  });

  it('answers 401 for a signed token missing client, account or id claims, or naming another account', async () => {
    const { client_id: _c, ...noClient } = claimsFor();
    await expect401(await signWithServerKey(noClient));
    const { acc: _a, ...noAccount } = claimsFor();
    await expect401(await signWithServerKey(noAccount));
    const { jti: _j, ...noJti } = claimsFor();
    await expect401(await signWithServerKey(noJti));
    const other = await createTenant(t.services);
    await expect401(await signWithServerKey(claimsFor({ acc: other.accountId })));
  });

  it('GET /ea/token-validation answers tokenValid for a good token and 401 without one', async () => {
    const token = await tokenFor(t.app, tenant, 'event/sessions:read');
    const ok = await get('/ea/token-validation', token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ tokenValid: true, statusCode: 200 });
    const none = await get('/ea/token-validation', undefined);
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer /);
    expect(none.json()).toMatchObject({ code: 401 });
    const bad = await get('/ea/token-validation', `${token.slice(0, -4)}AAAA`);
    expect(bad.statusCode).toBe(401);
    expect(bad.headers['www-authenticate']).toContain('error="invalid_token"');
  });
});

describe('metadata and JWKS', () => {
  it('serves RFC 8414 metadata with issuer = publicUrl and the eventline region', async () => {
    const res = await fetch(`${t.baseUrl}/.well-known/oauth-authorization-server`);
    expect(res.status).toBe(200);
    const meta = (await res.json()) as Record<string, unknown>;
    expect(meta).toMatchObject({
      issuer: t.baseUrl,
      authorization_endpoint: `${t.baseUrl}/ea/oauth2/authorize`,
      token_endpoint: `${t.baseUrl}/ea/oauth2/token`,
      jwks_uri: `${t.baseUrl}/.well-known/jwks.json`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
      region: t.config.region,
      api_base_url: `${t.baseUrl}/ea`,
    });
    expect([...(meta['grant_types_supported'] as string[])].sort()).toEqual(['authorization_code', 'client_credentials', 'refresh_token']);
    expect(meta['token_endpoint_auth_methods_supported']).toEqual(expect.arrayContaining(['client_secret_basic', 'client_secret_post']));
    expect([...(meta['scopes_supported'] as string[])].sort()).toEqual([...ALL_SCOPES].sort());
    expect(meta['code_challenge_methods_supported']).not.toContain('plain');
  });

  it('serves the region from configuration', async () => {
    const other = await startListeningTestApp({ config: { region: 'europe' } });
    try {
      const meta = (await (await fetch(`${other.baseUrl}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
      expect(meta['region']).toBe('europe');
      expect(meta['issuer']).toBe(other.baseUrl);
    } finally {
      await other.close();
    }
  });

  it('publishes a JWKS with the public key that verifies an issued token, and no private parts', async () => {
    const res = await fetch(`${t.baseUrl}/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    const jwks = (await res.json()) as { keys: JWK[] };
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
      expect(key).not.toHaveProperty('d');
    }
    const token = await tokenFor(t.app, tenant, 'event/events:read');
    const { kid } = decodeProtectedHeader(token);
    expect(jwks.keys.map((k) => k.kid)).toContain(kid);

    const local = await jwtVerify(token, createLocalJWKSet(jwks), { issuer: t.baseUrl, audience: `${t.baseUrl}/ea`, algorithms: ['ES256'] });
    expect(local.payload['client_id']).toBe(tenant.clientId);

    const meta = (await (await fetch(`${t.baseUrl}/.well-known/oauth-authorization-server`)).json()) as { jwks_uri: string };
    const remote = await jwtVerify(token, createRemoteJWKSet(new URL(meta.jwks_uri)), { issuer: t.baseUrl, audience: `${t.baseUrl}/ea` });
    expect(remote.payload.sub).toBe(tenant.clientId);
    expect(remote.protectedHeader.typ).toBe('at+jwt');
  });

  it('declares exact response schemas for the metadata and the JWKS, so no unlisted member (a private d) can be served', async () => {
    interface ObjectSchema { properties: Record<string, unknown>; additionalProperties?: boolean }
    const doc = (await t.app.inject({ method: 'GET', url: '/ea/openapi.json' })).json<{
      paths: Record<string, { get: { responses: { 200: { content: { 'application/json': { schema: ObjectSchema & { properties: { keys?: { items: ObjectSchema } } } } } } } } }>;
    }>();
    const schemaOf = (path: string) => doc.paths[path]?.get.responses[200].content['application/json'].schema;
    const jwk = schemaOf('/.well-known/jwks.json')?.properties.keys?.items;
    expect(jwk?.additionalProperties).toBe(false);
    expect(Object.keys(jwk?.properties ?? {}).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x', 'y']);
    const metadata = schemaOf('/.well-known/oauth-authorization-server');
    expect(metadata?.additionalProperties).toBe(false);
    expect(Object.keys(metadata?.properties ?? {})).toEqual(expect.arrayContaining(['issuer', 'token_endpoint', 'jwks_uri', 'region']));
  });

  it('keeps issued tokens valid across a restart on the same database (keys live in the database)', async () => {
    const token = await tokenFor(t.app, tenant, 'event/events:read');
    const { app } = await buildApp(t.config, { logger: false, worker: false, db: t.db.handle });
    try {
      await app.ready();
      const res = await app.inject({ method: 'GET', url: '/ea/events', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
