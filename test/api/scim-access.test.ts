import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { apiClient, createTenant, sampleEvent, startTestApp, tokenFor, type Tenant, type TestApp } from '../helpers/app.js';
import { ENTERPRISE_URN, PATCH_OP, USER_URN, scimClient, type Scim } from '../helpers/scim.js';

// What SCIM does to a person's access, through the real sign-ins: the
// developer portal's password sign-in (a session cookie) and the authorization
// code flow (a planner UI token). Deactivation (Entra ID's PATCH active
// "False") cuts both at once, and tokens issued before it stay dead after a
// reactivation; deletion removes the user and revokes the applications they
// made, while audit fields elsewhere keep their id.

const PASSWORD = 'correct horse battery';
const REDIRECT = 'https://client.example.test/callback';
const AUTHORIZE = '/ea/oauth2/authorize';
const CSRF_COOKIE = 'eventline_signin_csrf';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let t: TestApp;
let tenant: Tenant;
let scim: Scim;
// The server's clock runs a little ahead on demand, so tokens issued after a reactivation fall in a later second than the deactivation.
let offsetMs = 0;

beforeAll(async () => {
  t = await startTestApp({ build: { clock: () => new Date(Date.now() + offsetMs) } });
  tenant = await createTenant(t.services, { redirectUris: [REDIRECT] });
  scim = scimClient(t.app, (await t.services.scimTokens.issue(tenant.accountId, 'Entra ID')).token);
});
afterAll(async () => t?.close());

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};
const unescape = (v: string) => v.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Signs in on the real authorization page; the redirect's code, or the page's status when there is none. */
async function authorize(email: string, challenge: string): Promise<{ code?: string; res: LightMyRequestResponse }> {
  const query = { response_type: 'code', client_id: tenant.clientId, redirect_uri: REDIRECT, scope: 'event/events:read event/events:write', state: 's', code_challenge: challenge, code_challenge_method: 'S256' };
  const page = await t.app.inject({ method: 'GET', url: `${AUTHORIZE}/sign-in?${new URLSearchParams(query).toString()}` });
  expect(page.statusCode, page.body).toBe(200);
  const fields: Record<string, string> = {};
  for (const m of page.body.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[unescape(m[1] ?? '')] = unescape(m[2] ?? '');
  const csrf = page.cookies.find((c) => c.name === CSRF_COOKIE)?.value ?? '';
  const res = await t.app.inject({
    method: 'POST', url: AUTHORIZE, headers: FORM, cookies: { [CSRF_COOKIE]: csrf },
    payload: new URLSearchParams({ ...fields, email, password: PASSWORD }).toString(),
  });
  const location = res.headers.location;
  const code = typeof location === 'string' ? new URL(location).searchParams.get('code') ?? undefined : undefined;
  return { res, ...(code !== undefined ? { code } : {}) };
}

function exchange(code: string, verifier: string) {
  return t.app.inject({
    method: 'POST', url: '/ea/oauth2/token',
    headers: { ...FORM, authorization: `Basic ${Buffer.from(`${tenant.clientId}:${tenant.clientSecret}`).toString('base64')}` },
    payload: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier }).toString(),
  });
}

async function tokenOf(email: string): Promise<string> {
  const { verifier, challenge } = pkce();
  const { code, res } = await authorize(email, challenge);
  expect(code, res.body).toBeDefined();
  const token = await exchange(code ?? '', verifier);
  expect(token.statusCode, token.body).toBe(200);
  return (token.json() as { access_token: string }).access_token;
}

function portalSignIn(email: string) {
  return t.app.inject({ method: 'POST', url: '/portal/session', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email, password: PASSWORD }) });
}

function portalSession(cookie: string) {
  return t.app.inject({ method: 'GET', url: '/portal/session', headers: { cookie } });
}

function cookieOf(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'eventline_portal');
  if (!c) throw new Error(`no session cookie: ${res.statusCode} ${res.body}`);
  return `eventline_portal=${c.value}`;
}

async function provisionAdministrator(userName: string): Promise<string> {
  const res = await scim('POST', '/Users', {
    schemas: [USER_URN, ENTERPRISE_URN], userName, name: { givenName: 'Ida', familyName: 'Admin' },
    emails: [{ value: userName, type: 'work', primary: true }], password: PASSWORD, roles: [{ value: 'administrator', primary: true }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

const setActive = (id: string, value: string) => scim('PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value }] });

describe('deactivation through SCIM', () => {
  it('cuts a SCIM user\'s sign-in, portal session, authorization codes and authorization-code tokens at once', async () => {
    const email = 'ida.admin@example.test';
    const id = await provisionAdministrator(email);

    // Before: the provisioned administrator signs in both ways and the token works.
    const cookie = cookieOf(await portalSignIn(email));
    expect((await portalSession(cookie)).statusCode).toBe(200);
    const token = await tokenOf(email);
    const api = apiClient(t.app, token);
    expect((await api('GET', '/ea/events')).statusCode).toBe(200);
    // A code issued but not yet exchanged when the user is switched off.
    const pending = pkce();
    const { code: pendingCode } = await authorize(email, pending.challenge);
    expect(pendingCode).toBeDefined();

    const off = await setActive(id, 'False');
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false });

    // At once: the token, the session and the pending code are refused...
    const refused = await api('GET', '/ea/events');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toContain('invalid_token');
    expect((await portalSession(cookie)).statusCode).toBe(401);
    const late = await exchange(pendingCode ?? '', pending.verifier);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error: 'invalid_grant' });
    // ...and neither sign-in lets the user in again.
    expect((await portalSignIn(email)).statusCode).toBe(401);
    const again = await authorize(email, pkce().challenge);
    expect(again.code).toBeUndefined();
    expect(again.res.statusCode).toBe(401);

    // Reactivated, the user signs in anew; what was issued before the deactivation stays dead.
    offsetMs += 2000;
    expect((await setActive(id, 'True')).statusCode).toBe(200);
    expect((await api('GET', '/ea/events')).statusCode).toBe(401);
    expect((await portalSession(cookie)).statusCode).toBe(401);
    expect((await portalSession(cookieOf(await portalSignIn(email)))).statusCode).toBe(200);
    expect((await apiClient(t.app, await tokenOf(email))('GET', '/ea/events')).statusCode).toBe(200);
  });

  it('also cuts an administrator made before SCIM (the CLI\'s) when a PUT says active: false', async () => {
    const admin = await t.services.accounts.getUser(tenant.accountId, tenant.adminId);
    const token = await tokenOf(admin.email);
    expect((await apiClient(t.app, token)('GET', '/ea/events')).statusCode).toBe(200);
    const current = await scim('GET', `/Users/${admin.id}`);
    const body = current.json() as Record<string, unknown>;
    const res = await scim('PUT', `/Users/${admin.id}`, { ...body, active: false }, { 'if-match': String(current.headers.etag) });
    expect(res.statusCode, res.body).toBe(200);
    expect((await apiClient(t.app, token)('GET', '/ea/events')).statusCode).toBe(401);
    expect((await portalSignIn(admin.email)).statusCode).toBe(401);
  });

  it('takes the administrator role away at once when the user leaves the Administrators group', async () => {
    const email = 'demoted@example.test';
    const id = await provisionAdministrator(email);
    const token = await tokenOf(email);
    expect((await apiClient(t.app, token)('GET', '/ea/events')).statusCode).toBe(200);
    const groups = await scim('GET', `/Groups?filter=${encodeURIComponent('displayName eq "Administrators"')}&excludedAttributes=members`);
    const adminGroup = (groups.json() as { Resources: Array<{ id: string }> }).Resources[0]?.id ?? '';
    const res = await scim('PATCH', `/Groups/${adminGroup}`, { schemas: [PATCH_OP], Operations: [{ op: 'Remove', path: 'members', value: [{ value: id }] }] });
    expect(res.statusCode, res.body).toBe(200);
    // The authorization code flow serves administrators only.
    expect((await apiClient(t.app, token)('GET', '/ea/events')).statusCode).toBe(401);
    expect((await t.services.accounts.getUser(tenant.accountId, id)).role).toBe('developer');
  });
});

describe('deletion through SCIM', () => {
  it('removes the user, ends their access, revokes the applications they made and keeps audit fields', async () => {
    const email = 'leaver@example.test';
    const id = await provisionAdministrator(email);
    const token = await tokenOf(email);
    const cookie = cookieOf(await portalSignIn(email));
    // Something the user made (its audit fields name them) and an application they own.
    const made = (await t.services.events.createNow(tenant.accountId, id, sampleEvent() as Parameters<typeof t.services.events.createNow>[2])).id;
    const { application, clientSecret } = await t.services.accounts.createApplication({
      accountId: tenant.accountId, workspaceId: tenant.workspaceId, name: 'Leaver app', scopes: ['event/events:read'], createdBy: id,
    });
    expect((await apiClient(t.app, await tokenFor(t.app, { clientId: application.clientId, clientSecret }))('GET', '/ea/events')).statusCode).toBe(200);

    const res = await scim('DELETE', `/Users/${id}`);
    expect(res.statusCode, res.body).toBe(204);

    expect((await scim('GET', `/Users/${id}`)).statusCode).toBe(404);
    expect(await t.services.accounts.findUserById(id)).toBeUndefined();
    expect((await apiClient(t.app, token)('GET', '/ea/events')).statusCode).toBe(401);
    expect((await portalSession(cookie)).statusCode).toBe(401);
    expect((await portalSignIn(email)).statusCode).toBe(401);
    expect((await t.services.accounts.getApplication(tenant.accountId, application.id)).revokedAt).not.toBeNull();
    const refused = await t.app.inject({
      method: 'POST', url: '/ea/oauth2/token',
      headers: { ...FORM, authorization: `Basic ${Buffer.from(`${application.clientId}:${clientSecret}`).toString('base64')}` },
      payload: 'grant_type=client_credentials',
    });
    expect(refused.statusCode).toBe(401);
    // The audit trail keeps the user's id.
    const event = await apiClient(t.app, await tokenFor(t.app, tenant))('GET', `/ea/events/${made}`);
    expect(event.statusCode, event.body).toBe(200);
    expect(event.json()).toMatchObject({ createdBy: id });
  });
});
