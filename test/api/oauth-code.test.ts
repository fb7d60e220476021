import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import * as client from 'openid-client';
import type { LightMyRequestResponse } from 'fastify';
import type { User } from '../../src/modules/accounts/index.js';
import { FIRST_PARTY_CLIENT_ID, OAuthRepository, OAuthService } from '../../src/modules/oauth/index.js';
import { apiClient, createTenant, type Tenant } from '../helpers/app.js';
import { startListeningTestApp, type ListeningTestApp } from '../helpers/http.js';

const AUTHORIZE_PATH = '/ea/oauth2/authorize';
const SIGN_IN_PATH = `${AUTHORIZE_PATH}/sign-in`;
const TOKEN_PATH = '/ea/oauth2/token';
const CSRF_COOKIE = 'eventline_signin_csrf';
const REDIRECT = 'https://client.example.test/callback';
const PASSWORD = 'correct horse battery';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let t: ListeningTestApp;
let tenant: Tenant;
let admin: User;
let developer: User;
let planner: User;

beforeAll(async () => {
  t = await startListeningTestApp();
  tenant = await createTenant(t.services, { redirectUris: [REDIRECT] });
  const found = await t.services.accounts.findUserById(tenant.adminId);
  if (!found) throw new Error('the tenant has no administrator');
  admin = found;
  developer = await t.services.accounts.createUser({ accountId: tenant.accountId, email: `dev-${tenant.accountId}@example.test`, role: 'developer', password: PASSWORD });
  planner = await t.services.accounts.createUser({ accountId: tenant.accountId, email: `planner-${tenant.accountId}@example.test`, role: 'planner', password: PASSWORD });
});

afterAll(async () => {
  await t?.close();
});

const pkce = (): { verifier: string; challenge: string } => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

const unescapeHtml = (v: string): string =>
  v.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The hidden and filled-in fields of the sign-in form, as a browser would submit them. */
function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[unescapeHtml(m[1] ?? '')] = unescapeHtml(m[2] ?? '');
  }
  return fields;
}

interface SignInPage {
  res: LightMyRequestResponse;
  fields: Record<string, string>;
  csrfCookie: string;
}

function authorizeQuery(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const base: Record<string, string | undefined> = {
    response_type: 'code', client_id: tenant.clientId, redirect_uri: REDIRECT, scope: 'event/events:read',
    state: `st-${randomBytes(6).toString('hex')}`, code_challenge: pkce().challenge, code_challenge_method: 'S256', ...overrides,
  };
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) if (v !== undefined) out[k] = v;
  return out;
}

/** GET /oauth2/authorize, following its 302 to the hosted sign-in page when it sends the browser there. */
async function authorizeGet(query: Record<string, string> | string): Promise<LightMyRequestResponse> {
  const url = typeof query === 'string' ? query : `${AUTHORIZE_PATH}?${new URLSearchParams(query).toString()}`;
  const res = await t.app.inject({ method: 'GET', url });
  const location = res.headers.location;
  if (res.statusCode !== 302 || typeof location !== 'string' || !location.startsWith(`${SIGN_IN_PATH}?`)) return res;
  return t.app.inject({ method: 'GET', url: location });
}

async function openSignIn(query: Record<string, string>): Promise<SignInPage> {
  const res = await authorizeGet(query);
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === CSRF_COOKIE);
  return { res, fields: formFields(res.body), csrfCookie: cookie?.value ?? '' };
}

function submitSignIn(fields: Record<string, string>, opts: { cookie?: string; email?: string; password?: string } = {}): Promise<LightMyRequestResponse> {
  const payload = new URLSearchParams({
    ...fields, ...(opts.email !== undefined ? { email: opts.email } : {}), ...(opts.password !== undefined ? { password: opts.password } : {}),
  }).toString();
  return t.app.inject({
    method: 'POST', url: AUTHORIZE_PATH, headers: FORM, payload,
    ...(opts.cookie !== undefined ? { cookies: { [CSRF_COOKIE]: opts.cookie } } : {}),
  });
}

/** The parameters of a redirect to the client: 303 after the sign-in form's POST (RFC 9700 §4.12), 302 from the GET (the reference's). */
function redirectParams(res: LightMyRequestResponse, redirectUri = REDIRECT, status: 302 | 303 = 303): URLSearchParams {
  expect(res.statusCode, res.body).toBe(status);
  const location = String(res.headers.location);
  const url = new URL(location);
  expect(`${url.origin}${url.pathname}`).toBe(redirectUri);
  return url.searchParams;
}

/** GET the sign-in page, sign in, and return the code from the redirect. */
async function codeFor(user: Pick<User, 'email'>, query: Record<string, string>, redirectUri = REDIRECT): Promise<string> {
  const page = await openSignIn(query);
  const res = await submitSignIn(page.fields, { cookie: page.csrfCookie, email: user.email, password: PASSWORD });
  const params = redirectParams(res, redirectUri);
  const code = params.get('code');
  if (!code) throw new Error(`no code in ${String(res.headers.location)}`);
  return code;
}

function exchange(params: Record<string, string>, authorization?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST', url: TOKEN_PATH, headers: { ...FORM, ...(authorization ? { authorization } : {}) },
    payload: new URLSearchParams({ grant_type: 'authorization_code', ...params }).toString(),
  });
}

const basic = (id: string, secret: string): string => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

function expectOAuthError(res: LightMyRequestResponse, status: number, error: string): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ error });
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('authorization code with PKCE: the happy path', () => {
  it('signs an administrator in on the real page and exchanges the code for a working token', async () => {
    const { verifier, challenge } = pkce();
    const query = authorizeQuery({ code_challenge: challenge, state: 'state-123' });
    const page = await openSignIn(query);

    expect(page.res.headers['content-type']).toMatch(/^text\/html/);
    expect(page.res.headers['cache-control']).toBe('no-store');
    expect(page.res.headers['x-frame-options']).toBe('DENY');
    const csp = String(page.res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    // Chrome and Safari check the redirect after the POST against form-action.
    expect(csp).toMatch(/form-action 'self' https:\/\/client\.example\.test(;|$)/);
    expect(page.res.body).toContain(`<form method="post" action="${AUTHORIZE_PATH}">`);
    expect(page.res.body).toMatch(/<input id="password" name="password" type="password"/);
    expect(page.fields).toMatchObject({ ...query });
    expect(page.fields['csrf']).toBeTruthy();
    const cookie = page.res.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: AUTHORIZE_PATH });
    expect(cookie?.value).toBe(page.fields['csrf']);

    const signIn = await submitSignIn(page.fields, { cookie: page.csrfCookie, email: admin.email, password: PASSWORD });
    const params = redirectParams(signIn);
    expect(params.get('state')).toBe('state-123');
    expect(params.get('iss')).toBe(t.baseUrl);
    const code = params.get('code') ?? '';
    expect(code.length).toBeGreaterThanOrEqual(43);
    expect(params.get('error')).toBeNull();
    // The one-time CSRF cookie is cleared once it has been used.
    expect(signIn.cookies.find((c) => c.name === CSRF_COOKIE)?.value).toBe('');

    const res = await exchange({ code, redirect_uri: REDIRECT, code_verifier: verifier }, basic(tenant.clientId, tenant.clientSecret));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const token = res.json<{ access_token: string; token_type: string; expires_in: number; scope: string }>();
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'event/events:read' });
    expect(decodeJwt(token.access_token)).toMatchObject({
      iss: t.baseUrl, aud: `${t.baseUrl}/ea`, sub: admin.id, uid: admin.id, client_id: tenant.clientId, acc: tenant.accountId,
    });

    const events = await apiClient(t.app, token.access_token)('GET', '/ea/events');
    expect(events.statusCode, events.body).toBe(200);
    expect(events.json()).toMatchObject({ data: [] });
    // The token carries only what was asked for.
    const write = await apiClient(t.app, token.access_token)('POST', '/ea/events/async', {});
    expect(write.statusCode).toBe(403);
    expect(write.headers['www-authenticate']).toContain('error="insufficient_scope"');
    const tokenValidation = await apiClient(t.app, token.access_token)('GET', '/ea/token-validation');
    expect(tokenValidation.json()).toEqual({ tokenValid: true, statusCode: 200 });
  });

  it('accepts the application secret in the form body', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(admin, authorizeQuery({ code_challenge: challenge }));
    const res = await exchange({ code, redirect_uri: REDIRECT, code_verifier: verifier, client_id: tenant.clientId, client_secret: tenant.clientSecret });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('works for the first-party web client eventline-web with a redirect on the server origin', async () => {
    const redirect = `${t.baseUrl}/app/callback`;
    const { verifier, challenge } = pkce();
    const page = await openSignIn(authorizeQuery({ client_id: FIRST_PARTY_CLIENT_ID, redirect_uri: redirect, scope: undefined, code_challenge: challenge }));
    expect(String(page.res.headers['content-security-policy'])).toContain(`form-action 'self' ${t.baseUrl}`);
    const signIn = await submitSignIn(page.fields, { cookie: page.csrfCookie, email: admin.email, password: PASSWORD });
    const code = redirectParams(signIn, redirect).get('code') ?? '';
    const res = await exchange({ code, redirect_uri: redirect, code_verifier: verifier, client_id: FIRST_PARTY_CLIENT_ID });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json<{ access_token: string }>().access_token;
    expect(decodeJwt(token)).toMatchObject({ client_id: FIRST_PARTY_CLIENT_ID, uid: admin.id, acc: tenant.accountId });
    expect((await apiClient(t.app, token)('GET', '/ea/events')).statusCode).toBe(200);
  });

  it('drives the flow with openid-client: buildAuthorizationUrl, sign-in over HTTP, authorizationCodeGrant (checks state and iss)', async () => {
    const config = await client.discovery(new URL(t.baseUrl), tenant.clientId, tenant.clientSecret, undefined, {
      algorithm: 'oauth2', execute: [client.allowInsecureRequests],
    });
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT, scope: 'event/events:read event/events:write', state,
      code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
    });
    expect(url.href.startsWith(`${t.baseUrl}${AUTHORIZE_PATH}?`)).toBe(true);

    const pageRes = await fetch(url);
    expect(pageRes.status).toBe(200);
    const html = await pageRes.text();
    const setCookie = pageRes.headers.getSetCookie().find((c) => c.startsWith(`${CSRF_COOKIE}=`)) ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    const cookie = setCookie.split(';')[0] ?? '';
    const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1] ?? '';
    const post = await fetch(new URL(unescapeHtml(action), t.baseUrl), {
      method: 'POST', redirect: 'manual', headers: { ...FORM, cookie },
      body: new URLSearchParams({ ...formFields(html), email: admin.email, password: PASSWORD }),
    });
    expect(post.status).toBe(303);
    const callback = new URL(post.headers.get('location') ?? '');

    const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state });
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.scope).toBe('event/events:read event/events:write');
    const res = await client.fetchProtectedResource(config, tokens.access_token, new URL(`${t.baseUrl}/ea/events`), 'GET');
    expect(res.status).toBe(200);
  });
});

describe('authorization code with PKCE: who may sign in', () => {
  it('refuses a developer-role user with an access_denied redirect and no code', async () => {
    const page = await openSignIn(authorizeQuery({ state: 'dev-state' }));
    const res = await submitSignIn(page.fields, { cookie: page.csrfCookie, email: developer.email, password: PASSWORD });
    const params = redirectParams(res);
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('state')).toBe('dev-state');
    expect(params.get('iss')).toBe(t.baseUrl);
    expect(params.get('code')).toBeNull();
  });

  it('signs a planner-role user in to the planner pages, without the administrators\' user-management scopes', async () => {
    const redirect = `${t.baseUrl}/`;
    const { verifier, challenge } = pkce();
    const page = await openSignIn(authorizeQuery({ client_id: FIRST_PARTY_CLIENT_ID, redirect_uri: redirect, scope: undefined, code_challenge: challenge }));
    const code = redirectParams(await submitSignIn(page.fields, { cookie: page.csrfCookie, email: planner.email, password: PASSWORD }), redirect).get('code') ?? '';
    const res = await exchange({ code, redirect_uri: redirect, code_verifier: verifier, client_id: FIRST_PARTY_CLIENT_ID });
    expect(res.statusCode, res.body).toBe(200);
    const { access_token: token, scope } = res.json<{ access_token: string; scope: string }>();
    expect(scope.split(' ')).toContain('event/events:write');
    expect(scope.split(' ').filter((s) => /^account\/(users|user-groups):/.test(s))).toEqual([]);
    const call = apiClient(t.app, token);
    expect((await call('GET', '/ea/events')).statusCode).toBe(200);
    expect((await call('GET', '/ea/account-user-groups')).statusCode).toBe(403);
  });

  it('refuses a planner-role user who asks for the administrators\' scopes', async () => {
    const page = await openSignIn(authorizeQuery({ scope: 'event/events:read account/users:read' }));
    const params = redirectParams(await submitSignIn(page.fields, { cookie: page.csrfCookie, email: planner.email, password: PASSWORD }));
    expect(params.get('error')).toBe('invalid_scope');
    expect(params.get('code')).toBeNull();
  });

  it('drops the administrators\' scopes from a token at once when its administrator becomes a planner', async () => {
    const promoted = await t.services.accounts.createUser({ accountId: tenant.accountId, email: `promoted-${tenant.accountId}@example.test`, role: 'administrator', password: PASSWORD });
    const redirect = `${t.baseUrl}/`;
    const { verifier, challenge } = pkce();
    const page = await openSignIn(authorizeQuery({ client_id: FIRST_PARTY_CLIENT_ID, redirect_uri: redirect, scope: undefined, code_challenge: challenge }));
    const code = redirectParams(await submitSignIn(page.fields, { cookie: page.csrfCookie, email: promoted.email, password: PASSWORD }), redirect).get('code') ?? '';
    const token = (await exchange({ code, redirect_uri: redirect, code_verifier: verifier, client_id: FIRST_PARTY_CLIENT_ID })).json<{ access_token: string }>().access_token;
    const call = apiClient(t.app, token);
    expect((await call('GET', '/ea/account-user-groups')).statusCode).toBe(200);
    await t.services.accounts.updateUser(tenant.accountId, promoted.id, { role: 'planner' });
    expect((await call('GET', '/ea/account-user-groups')).statusCode).toBe(403);
    expect((await call('GET', '/ea/events')).statusCode).toBe(200);
  });

  it('refuses an administrator of another account for this account\'s application', async () => {
    const other = await createTenant(t.services);
    const otherAdmin = await t.services.accounts.findUserById(other.adminId);
    const page = await openSignIn(authorizeQuery());
    const params = redirectParams(await submitSignIn(page.fields, { cookie: page.csrfCookie, email: otherAdmin?.email ?? '', password: PASSWORD }));
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('code')).toBeNull();
  });

  it('answers a wrong password with the page again (401), a fresh CSRF cookie and no code', async () => {
    const page = await openSignIn(authorizeQuery());
    const res = await submitSignIn(page.fields, { cookie: page.csrfCookie, email: admin.email, password: 'wrong password' });
    expect(res.statusCode).toBe(401);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Email or password is incorrect.');
    expect(res.body).not.toContain('code=');
    const retry = formFields(res.body);
    expect(retry['client_id']).toBe(tenant.clientId);
    const cookie = res.cookies.find((c) => c.name === CSRF_COOKIE)?.value ?? '';
    expect(cookie).toBe(retry['csrf']);
    // The re-rendered form works.
    const ok = await submitSignIn(retry, { cookie, email: admin.email, password: PASSWORD });
    expect(redirectParams(ok).get('code')).toBeTruthy();
  });

  it('answers an unknown email or a missing password with 401 and no code', async () => {
    const page = await openSignIn(authorizeQuery());
    const unknown = await submitSignIn(page.fields, { cookie: page.csrfCookie, email: 'nobody@example.test', password: PASSWORD });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.headers.location).toBeUndefined();
    const noPassword = await submitSignIn(page.fields, { cookie: page.csrfCookie, email: admin.email });
    expect(noPassword.statusCode).toBe(401);
    expect(noPassword.headers.location).toBeUndefined();
  });

  it('answers a POST without the CSRF cookie, or with a mismatched one, with a 403 page and no code', async () => {
    const page = await openSignIn(authorizeQuery());
    const noCookie = await submitSignIn(page.fields, { email: admin.email, password: PASSWORD });
    expect(noCookie.statusCode).toBe(403);
    expect(noCookie.headers.location).toBeUndefined();
    expect(noCookie.body).toContain('Your sign-in form expired');

    const other = await openSignIn(authorizeQuery());
    const mismatched = await submitSignIn(page.fields, { cookie: other.csrfCookie, email: admin.email, password: PASSWORD });
    expect(mismatched.statusCode).toBe(403);
    expect(mismatched.headers.location).toBeUndefined();

    const { csrf: _csrf, ...withoutField } = page.fields;
    const noField = await submitSignIn(withoutField, { cookie: page.csrfCookie, email: admin.email, password: PASSWORD });
    expect(noField.statusCode).toBe(403);
    expect(noField.headers.location).toBeUndefined();
  });
});

describe('authorization code with PKCE: request checks', () => {
  const { challenge } = pkce();
  const MALFORMED_PKCE = [
    { code_challenge_method: undefined },
    { code_challenge: challenge, code_challenge_method: 'plain' },
    { code_challenge: 'too-short', code_challenge_method: 'S256' },
    { code_challenge: undefined, code_challenge_method: 'S256' },
  ];

  it('redirects the public web client with invalid_request (302) when PKCE is missing or not S256', async () => {
    const redirect = `${t.baseUrl}/app/callback`;
    for (const overrides of [{ code_challenge: undefined, code_challenge_method: undefined }, ...MALFORMED_PKCE]) {
      const query = authorizeQuery({ client_id: FIRST_PARTY_CLIENT_ID, redirect_uri: redirect, scope: undefined, ...overrides, state: 'pk' });
      const params = redirectParams(await t.app.inject({ method: 'GET', url: `${AUTHORIZE_PATH}?${new URLSearchParams(query).toString()}` }), redirect, 302);
      expect(params.get('error')).toBe('invalid_request');
      expect(params.get('error_description')).toMatch(/PKCE is required/);
      expect(params.get('state')).toBe('pk');
      expect(params.get('iss')).toBe(t.baseUrl);
    }
  });

  it('redirects an application with invalid_request (302) when the PKCE it sends is not S256', async () => {
    for (const overrides of MALFORMED_PKCE) {
      const res = await t.app.inject({ method: 'GET', url: `${AUTHORIZE_PATH}?${new URLSearchParams(authorizeQuery({ ...overrides, state: 'pk' })).toString()}` });
      const params = redirectParams(res, REDIRECT, 302);
      expect(params.get('error'), JSON.stringify(overrides)).toBe('invalid_request');
      expect(params.get('error_description')).toMatch(/PKCE/);
      expect(params.get('state')).toBe('pk');
      expect(params.get('iss')).toBe(t.baseUrl);
    }
  });

  it('refuses a sign-in POST whose PKCE fields were stripped from the form', async () => {
    const page = await openSignIn(authorizeQuery());
    const { code_challenge: _c, ...fields } = page.fields;
    const params = redirectParams(await submitSignIn(fields, { cookie: page.csrfCookie, email: admin.email, password: PASSWORD }));
    expect(params.get('error')).toBe('invalid_request');
    expect(params.get('code')).toBeNull();
    // The public client's PKCE cannot be dropped from the form either.
    const redirect = `${t.baseUrl}/app/callback`;
    const own = await openSignIn(authorizeQuery({ client_id: FIRST_PARTY_CLIENT_ID, redirect_uri: redirect, scope: undefined }));
    const { code_challenge: _c2, code_challenge_method: _m2, ...bare } = own.fields;
    const refused = redirectParams(await submitSignIn(bare, { cookie: own.csrfCookie, email: admin.email, password: PASSWORD }), redirect);
    expect(refused.get('error')).toBe('invalid_request');
    expect(refused.get('code')).toBeNull();
  });

  it('redirects with unsupported_response_type (302) for response_type=token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${AUTHORIZE_PATH}?${new URLSearchParams(authorizeQuery({ response_type: 'token' })).toString()}` });
    expect(redirectParams(res, REDIRECT, 302).get('error')).toBe('unsupported_response_type');
  });

  it('redirects with invalid_scope for a scope the application was not granted', async () => {
    const narrow = await createTenant(t.services, { workspaceScopes: ['event/events:read', 'event/events:write'], appScopes: ['event/events:read'], redirectUris: [REDIRECT] });
    const narrowAdmin = await t.services.accounts.findUserById(narrow.adminId);
    const page = await openSignIn(authorizeQuery({ client_id: narrow.clientId, scope: 'event/events:write' }));
    const params = redirectParams(await submitSignIn(page.fields, { cookie: page.csrfCookie, email: narrowAdmin?.email ?? '', password: PASSWORD }));
    expect(params.get('error')).toBe('invalid_scope');
    expect(params.get('code')).toBeNull();
  });

  it('shows a 400 error page, never a redirect, for an unregistered redirect_uri', async () => {
    for (const redirect of ['https://evil.example/callback', `${REDIRECT}/extra`, `${REDIRECT}?x=1`, 'http://client.example.test/callback']) {
      const res = await t.app.inject({ method: 'GET', url: `${AUTHORIZE_PATH}?${new URLSearchParams(authorizeQuery({ redirect_uri: redirect })).toString()}` });
      expect(res.statusCode, redirect).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('redirect_uri is not registered');
    }
  });

  it('explains the refusal in plain words on the error page, with a way back to eventline', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${AUTHORIZE_PATH}?${new URLSearchParams(authorizeQuery({ redirect_uri: 'https://evil.example/callback' })).toString()}` });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('We could not sign you in');
    expect(res.body).toContain(`href="${t.baseUrl}/"`);
    expect(res.body).toContain('Go back to eventline');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('accepts a registered loopback redirect on any port and loopback host (RFC 8252 §7.3), and nothing else', async () => {
    const own = await createTenant(t.services, { redirectUris: ['http://127.0.0.1/callback'] });
    const query = (redirect: string) => `${AUTHORIZE_PATH}?${new URLSearchParams(authorizeQuery({ client_id: own.clientId, redirect_uri: redirect })).toString()}`;
    for (const redirect of ['http://127.0.0.1/callback', 'http://127.0.0.1:51234/callback', 'http://localhost:8080/callback', 'http://[::1]:9000/callback']) {
      expect((await authorizeGet(query(redirect))).statusCode, redirect).toBe(200);
    }
    for (const redirect of ['http://127.0.0.1:51234/other', 'https://127.0.0.1:51234/callback', 'http://127.0.0.1.evil.example/callback', 'http://10.0.0.1/callback', 'http://127.0.0.1:5/callback?x=1']) {
      expect((await t.app.inject({ method: 'GET', url: query(redirect) })).statusCode, redirect).toBe(400);
    }
  });

  it('lets the web UI of a local install sign in through either loopback address', async () => {
    // The test server's public URL is http://127.0.0.1:<port>; the UI opened at localhost (or another forwarded port) is the same machine.
    const port = new URL(t.baseUrl).port;
    for (const redirect of [`http://localhost:${port}/`, 'http://localhost:3000/', `http://[::1]:${port}/`]) {
      const { verifier, challenge } = pkce();
      const page = await openSignIn(authorizeQuery({ client_id: FIRST_PARTY_CLIENT_ID, redirect_uri: redirect, scope: undefined, code_challenge: challenge }));
      const code = redirectParams(await submitSignIn(page.fields, { cookie: page.csrfCookie, email: admin.email, password: PASSWORD }), redirect).get('code') ?? '';
      const res = await exchange({ code, redirect_uri: redirect, code_verifier: verifier, client_id: FIRST_PARTY_CLIENT_ID });
      expect(res.statusCode, res.body).toBe(200);
    }
    const away = await t.app.inject({ method: 'GET', url: `${AUTHORIZE_PATH}?${new URLSearchParams(authorizeQuery({ client_id: FIRST_PARTY_CLIENT_ID, redirect_uri: 'http://192.168.1.20:3000/' })).toString()}` });
    expect(away.statusCode).toBe(400);
  });

  it('shows a 400 error page for a tampered redirect_uri in the sign-in POST, and issues no code', async () => {
    const page = await openSignIn(authorizeQuery());
    const res = await submitSignIn({ ...page.fields, redirect_uri: 'https://evil.example/callback' }, { cookie: page.csrfCookie, email: admin.email, password: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it('shows a 400 error page for the first-party client with a redirect on another origin, an unknown client, or missing parameters', async () => {
    const cases: Array<Record<string, string | undefined>> = [
      { client_id: FIRST_PARTY_CLIENT_ID, redirect_uri: 'https://evil.example/callback' },
      { client_id: 'no-such-client' },
      { client_id: undefined },
      { redirect_uri: undefined },
    ];
    for (const overrides of cases) {
      const res = await t.app.inject({ method: 'GET', url: `${AUTHORIZE_PATH}?${new URLSearchParams(authorizeQuery(overrides)).toString()}` });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('shows a 400 error page for a revoked application', async () => {
    const own = await createTenant(t.services, { redirectUris: [REDIRECT] });
    await t.services.accounts.revokeApplication(own.accountId, own.applicationId);
    const res = await t.app.inject({ method: 'GET', url: `${AUTHORIZE_PATH}?${new URLSearchParams(authorizeQuery({ client_id: own.clientId })).toString()}` });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it('never lets a registered redirect_uri add directives to the page policy', async () => {
    const odd = 'https://x.example;script-src/cb';
    const own = await createTenant(t.services, { redirectUris: [odd] });
    const page = await openSignIn(authorizeQuery({ client_id: own.clientId, redirect_uri: odd }));
    const csp = String(page.res.headers['content-security-policy']);
    expect(csp).not.toContain('script-src');
    expect(csp).toContain("form-action 'self';");
  });

  it('escapes the echoed parameters in the page', async () => {
    const page = await openSignIn(authorizeQuery({ state: '"><script>alert(1)</script>' }));
    expect(page.res.body).not.toContain('<script>');
    expect(page.fields['state']).toBe('"><script>alert(1)</script>');
  });
});

describe('authorization code without PKCE: a confidential client', () => {
  const noPkce = () => authorizeQuery({ code_challenge: undefined, code_challenge_method: undefined });

  it('redirects the GET without PKCE with 302 to the hosted sign-in page (the reference documents 302), with the query kept', async () => {
    const query = noPkce();
    const res = await t.app.inject({ method: 'GET', url: `${AUTHORIZE_PATH}?${new URLSearchParams(query).toString()}` });
    expect(res.statusCode, res.body).toBe(302);
    const location = new URL(String(res.headers.location), t.baseUrl);
    expect(location.pathname).toBe(SIGN_IN_PATH);
    expect(Object.fromEntries(location.searchParams)).toEqual(query);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('signs in without PKCE and exchanges the code with the client secret and no code_verifier', async () => {
    const page = await openSignIn(noPkce());
    expect(page.fields['code_challenge']).toBeUndefined();
    const res = await submitSignIn(page.fields, { cookie: page.csrfCookie, email: admin.email, password: PASSWORD });
    const code = redirectParams(res).get('code') ?? '';
    expect(code).not.toBe('');
    const token = await exchange({ code, redirect_uri: REDIRECT }, basic(tenant.clientId, tenant.clientSecret));
    expect(token.statusCode, token.body).toBe(200);
    expect(decodeJwt(token.json<{ access_token: string }>().access_token)).toMatchObject({ client_id: tenant.clientId, uid: admin.id });
    expect((await apiClient(t.app, token.json<{ access_token: string }>().access_token)('GET', '/ea/events')).statusCode).toBe(200);
  });

  it('still needs the client secret for such a code', async () => {
    const code = await codeFor(admin, noPkce());
    expectOAuthError(await exchange({ code, redirect_uri: REDIRECT, client_id: tenant.clientId }), 401, 'invalid_client');
    expect((await exchange({ code, redirect_uri: REDIRECT }, basic(tenant.clientId, tenant.clientSecret))).statusCode).toBe(200);
  });

  it('refuses a code_verifier for a code requested without a code_challenge (no PKCE downgrade)', async () => {
    const code = await codeFor(admin, noPkce());
    expectOAuthError(await exchange({ code, redirect_uri: REDIRECT, code_verifier: pkce().verifier }, basic(tenant.clientId, tenant.clientSecret)), 400, 'invalid_grant');
  });

  it('still needs the matching code_verifier when the client sent a code_challenge', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(admin, authorizeQuery({ code_challenge: challenge }));
    expectOAuthError(await exchange({ code, redirect_uri: REDIRECT }, basic(tenant.clientId, tenant.clientSecret)), 400, 'invalid_request');
    expectOAuthError(await exchange({ code, redirect_uri: REDIRECT, code_verifier: pkce().verifier }, basic(tenant.clientId, tenant.clientSecret)), 400, 'invalid_grant');
    expectOAuthError(await exchange({ code, redirect_uri: REDIRECT, code_verifier: verifier }, basic(tenant.clientId, tenant.clientSecret)), 400, 'invalid_grant');
  });

  it('keeps PKCE required of the public web client at the token endpoint', async () => {
    const redirect = `${t.baseUrl}/app/callback`;
    const { verifier, challenge } = pkce();
    const code = await codeFor(admin, authorizeQuery({ client_id: FIRST_PARTY_CLIENT_ID, redirect_uri: redirect, scope: undefined, code_challenge: challenge }), redirect);
    expectOAuthError(await exchange({ code, redirect_uri: redirect, client_id: FIRST_PARTY_CLIENT_ID }), 400, 'invalid_request');
    expect((await exchange({ code, redirect_uri: redirect, code_verifier: verifier, client_id: FIRST_PARTY_CLIENT_ID })).statusCode).toBe(200);
  });
});

describe('authorization code with PKCE: the token exchange', () => {
  it('answers invalid_grant for a code used twice', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(admin, authorizeQuery({ code_challenge: challenge }));
    const params = { code, redirect_uri: REDIRECT, code_verifier: verifier };
    expect((await exchange(params, basic(tenant.clientId, tenant.clientSecret))).statusCode).toBe(200);
    expectOAuthError(await exchange(params, basic(tenant.clientId, tenant.clientSecret)), 400, 'invalid_grant');
  });

  it('answers invalid_grant for a wrong code_verifier, and the code is then spent', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(admin, authorizeQuery({ code_challenge: challenge }));
    expectOAuthError(await exchange({ code, redirect_uri: REDIRECT, code_verifier: pkce().verifier }, basic(tenant.clientId, tenant.clientSecret)), 400, 'invalid_grant');
    expectOAuthError(await exchange({ code, redirect_uri: REDIRECT, code_verifier: verifier }, basic(tenant.clientId, tenant.clientSecret)), 400, 'invalid_grant');
  });

  it('answers invalid_request without a code_verifier and keeps the code usable', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(admin, authorizeQuery({ code_challenge: challenge }));
    expectOAuthError(await exchange({ code, redirect_uri: REDIRECT }, basic(tenant.clientId, tenant.clientSecret)), 400, 'invalid_request');
    expectOAuthError(await exchange({ code, redirect_uri: REDIRECT, code_verifier: 'short' }, basic(tenant.clientId, tenant.clientSecret)), 400, 'invalid_request');
    expect((await exchange({ code, redirect_uri: REDIRECT, code_verifier: verifier }, basic(tenant.clientId, tenant.clientSecret))).statusCode).toBe(200);
  });

  it('answers invalid_grant for a different or missing redirect_uri', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(admin, authorizeQuery({ code_challenge: challenge }));
    expectOAuthError(await exchange({ code, redirect_uri: 'https://client.example.test/other', code_verifier: verifier }, basic(tenant.clientId, tenant.clientSecret)), 400, 'invalid_grant');
    const { verifier: v2, challenge: c2 } = pkce();
    const code2 = await codeFor(admin, authorizeQuery({ code_challenge: c2 }));
    expectOAuthError(await exchange({ code: code2, code_verifier: v2 }, basic(tenant.clientId, tenant.clientSecret)), 400, 'invalid_grant');
  });

  it('answers invalid_grant when another client presents the code', async () => {
    const other = await createTenant(t.services, { redirectUris: [REDIRECT] });
    const { verifier, challenge } = pkce();
    const code = await codeFor(admin, authorizeQuery({ code_challenge: challenge }));
    expectOAuthError(await exchange({ code, redirect_uri: REDIRECT, code_verifier: verifier }, basic(other.clientId, other.clientSecret)), 400, 'invalid_grant');
  });

  it('answers invalid_client for an application with a wrong secret or none, and leaves the code unspent', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(admin, authorizeQuery({ code_challenge: challenge }));
    const params = { code, redirect_uri: REDIRECT, code_verifier: verifier };
    const wrong = await exchange(params, basic(tenant.clientId, 'wrong'));
    expectOAuthError(wrong, 401, 'invalid_client');
    expect(wrong.headers['www-authenticate']).toMatch(/^Basic /);
    // RFC 6749 §4.1.3: a client that was issued a secret must use it; PKCE does not replace it.
    expectOAuthError(await exchange({ ...params, client_id: tenant.clientId }), 401, 'invalid_client');
    expect((await exchange(params, basic(tenant.clientId, tenant.clientSecret))).statusCode).toBe(200);
  });

  it('answers invalid_grant for an unknown code and invalid_request without one', async () => {
    const auth = basic(tenant.clientId, tenant.clientSecret);
    expectOAuthError(await exchange({ code: 'not-a-code', redirect_uri: REDIRECT, code_verifier: pkce().verifier }, auth), 400, 'invalid_grant');
    expectOAuthError(await exchange({ redirect_uri: REDIRECT, code_verifier: pkce().verifier }, auth), 400, 'invalid_request');
  });

  it('answers invalid_grant for a code older than five minutes', async () => {
    const earlier = new OAuthService(
      new OAuthRepository(t.db.handle.db), t.services.keys, t.services.accounts, t.config, () => new Date(Date.now() - 6 * 60 * 1000),
    );
    const { verifier, challenge } = pkce();
    const code = await earlier.issueCode({ user: admin, clientId: tenant.clientId, redirectUri: REDIRECT, codeChallenge: challenge });
    expectOAuthError(await exchange({ code, redirect_uri: REDIRECT, code_verifier: verifier }, basic(tenant.clientId, tenant.clientSecret)), 400, 'invalid_grant');
  });

  it('stops a code-flow token on its next call once its application is revoked', async () => {
    const own = await createTenant(t.services, { redirectUris: [REDIRECT] });
    const ownAdmin = await t.services.accounts.findUserById(own.adminId);
    const { verifier, challenge } = pkce();
    const code = await codeFor({ email: ownAdmin?.email ?? '' }, authorizeQuery({ client_id: own.clientId, code_challenge: challenge }));
    const res = await exchange({ code, redirect_uri: REDIRECT, code_verifier: verifier }, basic(own.clientId, own.clientSecret));
    const token = res.json<{ access_token: string }>().access_token;
    expect((await apiClient(t.app, token)('GET', '/ea/events')).statusCode).toBe(200);
    await t.services.accounts.revokeApplication(own.accountId, own.applicationId);
    const after = await apiClient(t.app, token)('GET', '/ea/events');
    expect(after.statusCode).toBe(401);
    expect(after.headers['www-authenticate']).toContain('error="invalid_token"');
  });
});
