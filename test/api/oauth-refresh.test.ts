// Issue 34: the planner web UI's sign-in is renewed with rotating refresh tokens, with reuse detection.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import type { User } from '../../src/modules/accounts/index.js';
import { FIRST_PARTY_CLIENT_ID } from '../../src/modules/oauth/index.js';
import { apiClient, createTenant, type Tenant } from '../helpers/app.js';
import { startListeningTestApp, type ListeningTestApp } from '../helpers/http.js';

const TOKEN_PATH = '/ea/oauth2/token';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const PASSWORD = 'correct horse battery';

let t: ListeningTestApp;
let tenant: Tenant;
let admin: User;
let redirect: string;

beforeAll(async () => {
  t = await startListeningTestApp();
  tenant = await createTenant(t.services, { redirectUris: ['https://client.example.test/callback'] });
  const found = await t.services.accounts.findUserById(tenant.adminId);
  if (!found) throw new Error('the tenant has no administrator');
  admin = found;
  redirect = `${t.baseUrl}/`;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

interface Tokens { access_token: string; refresh_token?: string; expires_in: number; scope: string }

const post = (form: Record<string, string>, authorization?: string): Promise<LightMyRequestResponse> => t.app.inject({
  method: 'POST', url: TOKEN_PATH, headers: { ...FORM, ...(authorization ? { authorization } : {}) }, payload: new URLSearchParams(form).toString(),
});

/** A planner sign-in of the web UI: a code issued for the user (as the sign-in page does), exchanged with PKCE at the token endpoint. */
async function signIn(user: User, clientId = FIRST_PARTY_CLIENT_ID, redirectUri = redirect): Promise<LightMyRequestResponse> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const code = await t.services.oauth.issueCode({ user, clientId, redirectUri, codeChallenge: challenge });
  return post({
    grant_type: 'authorization_code', client_id: clientId, code, redirect_uri: redirectUri, code_verifier: verifier,
  }, clientId === FIRST_PARTY_CLIENT_ID ? undefined : `Basic ${Buffer.from(`${tenant.clientId}:${tenant.clientSecret}`).toString('base64')}`);
}

const refresh = (refreshToken: string, extra: Record<string, string> = {}) => post({ grant_type: 'refresh_token', client_id: FIRST_PARTY_CLIENT_ID, refresh_token: refreshToken, ...extra });

function expectInvalidGrant(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ error: 'invalid_grant' });
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('refresh tokens of the planner web UI', () => {
  it('issues a refresh token with the planner sign-in, and each refresh answers a new access token and a new refresh token', async () => {
    const first = await signIn(admin);
    expect(first.statusCode, first.body).toBe(200);
    const tokens = first.json<Tokens>();
    expect(tokens.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const renewed = await refresh(tokens.refresh_token ?? '');
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.headers['cache-control']).toBe('no-store');
    const next = renewed.json<Tokens>();
    expect(next.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(next.access_token).not.toBe(tokens.access_token);
    expect(next.scope).toBe(tokens.scope);
    expect(decodeJwt(next.access_token)).toMatchObject({ client_id: FIRST_PARTY_CLIENT_ID, uid: admin.id, acc: tenant.accountId, sub: admin.id });
    const events = await apiClient(t.app, next.access_token)('GET', '/ea/events');
    expect(events.statusCode, events.body).toBe(200);

    // And the new one renews again.
    const again = await refresh(next.refresh_token ?? '');
    expect(again.statusCode, again.body).toBe(200);
  });

  it('stores refresh tokens only as hashes', async () => {
    const tokens = (await signIn(admin)).json<Tokens>();
    const rows = await t.db.handle.db.selectFrom('refresh_tokens').selectAll().where('user_id', '=', admin.id).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.values(row)).not.toContain(tokens.refresh_token);
    expect(rows.map((r) => r.token_hash)).toContain(createHash('sha256').update(tokens.refresh_token ?? '').digest('base64url'));
  });

  it('revokes the whole family when a spent refresh token is used again (reuse detection)', async () => {
    const first = (await signIn(admin)).json<Tokens>();
    const second = (await refresh(first.refresh_token ?? '')).json<Tokens>();
    expect(second.refresh_token).toBeTruthy();

    // The first token, spent, comes back (a thief's copy): refused...
    expectInvalidGrant(await refresh(first.refresh_token ?? ''));
    // ...and the legitimate holder's newest token is revoked with it.
    expectInvalidGrant(await refresh(second.refresh_token ?? ''));

    // Another sign-in (another family) is not touched.
    const other = (await signIn(admin)).json<Tokens>();
    expect((await refresh(other.refresh_token ?? '')).statusCode).toBe(200);
  });

  it('refuses an unknown refresh token, a missing one, and one sent with another client id', async () => {
    expectInvalidGrant(await refresh(randomBytes(32).toString('base64url')));
    const missing = await post({ grant_type: 'refresh_token', client_id: FIRST_PARTY_CLIENT_ID });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'invalid_request', error_description: 'refresh_token is required' });
    const tokens = (await signIn(admin)).json<Tokens>();
    const app = await post({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' }, `Basic ${Buffer.from(`${tenant.clientId}:${tenant.clientSecret}`).toString('base64')}`);
    expect(app.statusCode, app.body).toBe(400);
    expect(app.json()).toMatchObject({ error: 'unauthorized_client' });
    // Refused without being spent: the web UI's own refresh still works.
    expect((await refresh(tokens.refresh_token ?? '')).statusCode).toBe(200);
  });

  it('gives no refresh token to an application that uses the authorization code flow', async () => {
    const res = await signIn(admin, tenant.clientId, 'https://client.example.test/callback');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Tokens>().refresh_token).toBeUndefined();
  });

  it('may narrow the scope on refresh, never widen it', async () => {
    const tokens = (await signIn(admin)).json<Tokens>();
    const narrowed = await refresh(tokens.refresh_token ?? '', { scope: 'event/events:read' });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect(narrowed.json<Tokens>().scope).toBe('event/events:read');
    const wider = await refresh(narrowed.json<Tokens>().refresh_token ?? '', { scope: 'event/events:read event/events:write' });
    expect(wider.statusCode).toBe(400);
    expect(wider.json()).toMatchObject({ error: 'invalid_scope' });
  });

  it('ends the refresh tokens of a deactivated user', async () => {
    const planner = await t.services.accounts.createUser({ accountId: tenant.accountId, email: `refresh-${Date.now()}@example.test`, role: 'planner', password: PASSWORD });
    const tokens = (await signIn(planner)).json<Tokens>();
    await t.services.accounts.updateUser(tenant.accountId, planner.id, { active: false });
    expectInvalidGrant(await refresh(tokens.refresh_token ?? ''));
    await t.services.accounts.updateUser(tenant.accountId, planner.id, { active: true });
    expectInvalidGrant(await refresh(tokens.refresh_token ?? ''));
  });

  it('revokes the sign-in at /oauth2/revoke (RFC 7009), answering 200 for unknown tokens too', async () => {
    const tokens = (await signIn(admin)).json<Tokens>();
    const next = (await refresh(tokens.refresh_token ?? '')).json<Tokens>();
    const revoke = (form: Record<string, string>) => t.app.inject({ method: 'POST', url: '/ea/oauth2/revoke', headers: FORM, payload: new URLSearchParams(form).toString() });
    const res = await revoke({ token: next.refresh_token ?? '', client_id: FIRST_PARTY_CLIENT_ID });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expectInvalidGrant(await refresh(next.refresh_token ?? ''));
    expect((await revoke({ token: randomBytes(32).toString('base64url'), client_id: FIRST_PARTY_CLIENT_ID })).statusCode).toBe(200);
    const missing = await revoke({ client_id: FIRST_PARTY_CLIENT_ID });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'invalid_request' });
    const app = await revoke({ token: 'x', client_id: tenant.clientId });
    expect(app.statusCode).toBe(400);
    expect(app.json()).toMatchObject({ error: 'unauthorized_client' });
  });

  it('lists the refresh_token grant in the metadata', async () => {
    const meta = (await t.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' })).json<{ grant_types_supported: string[]; revocation_endpoint: string }>();
    expect(meta.grant_types_supported).toContain('refresh_token');
    expect(meta.revocation_endpoint).toBe(`${t.baseUrl}/ea/oauth2/revoke`);
  });
});
