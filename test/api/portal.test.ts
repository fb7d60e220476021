import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ALL_SCOPES } from '../../src/modules/oauth/index.js';
import { apiClient, createTenant, startTestApp, tokenFor, type TestApp, type Tenant } from '../helpers/app.js';

const PASSWORD = 'correct horse battery';
let t: TestApp;
let tenant: Tenant;
let other: Tenant;
let adminEmail: string;
let devEmail: string;

interface Signed { cookie: string; csrf: string }

function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'eventline_portal');
  if (!c) throw new Error('no session cookie');
  return `eventline_portal=${c.value}`;
}

async function signIn(email: string, password = PASSWORD): Promise<Signed> {
  const res = await t.app.inject({ method: 'POST', url: '/portal/session', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email, password }) });
  expect(res.statusCode).toBe(201);
  return { cookie: sessionCookie(res), csrf: (res.json() as { csrfToken: string }).csrfToken };
}

function call(s: Signed | undefined, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, opts: { csrf?: string | null } = {}) {
  const headers: Record<string, string> = {};
  if (s) headers['cookie'] = s.cookie;
  const csrf = opts.csrf === undefined ? s?.csrf : opts.csrf;
  if (csrf !== null && csrf !== undefined && method !== 'GET') headers['x-csrf-token'] = csrf;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return t.app.inject({ method, url, headers, ...(body !== undefined ? { payload: JSON.stringify(body) } : {}) });
}

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.services);
  other = await createTenant(t.services);
  const admin = await t.services.accounts.findUserById(tenant.adminId);
  adminEmail = admin?.email ?? '';
  devEmail = `dev-${tenant.accountId}@example.test`;
  await t.services.accounts.createUser({ accountId: tenant.accountId, email: devEmail, role: 'developer', password: PASSWORD });
});

afterAll(async () => {
  await t?.close();
});

describe('portal sign-in session', () => {
  it('sets an HttpOnly SameSite=Strict cookie scoped to /portal and returns a CSRF token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/portal/session', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: adminEmail, password: PASSWORD }) });
    expect(res.statusCode).toBe(201);
    const cookie = res.cookies.find((c) => c.name === 'eventline_portal');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/portal' });
    const body = res.json() as { user: { role: string; email: string }; csrfToken: string; canManageWorkspaces: boolean };
    expect(body.user).toMatchObject({ role: 'administrator', email: adminEmail });
    expect(body.csrfToken.length).toBeGreaterThan(20);
    expect(body.canManageWorkspaces).toBe(true);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 401 in the contract shape for a wrong password and sets no cookie', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/portal/session', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: adminEmail, password: 'wrong' }) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, message: 'Email or password is incorrect', target: 'password' });
    expect(res.cookies.find((c) => c.name === 'eventline_portal')).toBeUndefined();
  });

  it('refuses a form-encoded sign-in, which a cross-site form could forge', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/portal/session', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ email: adminEmail, password: PASSWORD }).toString() });
    expect(res.statusCode).toBe(415);
  });

  it('answers 401 without a session and 403 on a write without the CSRF token', async () => {
    expect((await call(undefined, 'GET', '/portal/workspaces')).statusCode).toBe(401);
    const s = await signIn(adminEmail);
    const res = await call(s, 'POST', '/portal/workspaces', { name: 'No token', scopes: [] }, { csrf: null });
    expect(res.statusCode).toBe(403);
    expect((await call(s, 'POST', '/portal/workspaces', { name: 'Wrong token', scopes: [] }, { csrf: 'x'.repeat(32) })).statusCode).toBe(403);
    const list = (await call(s, 'GET', '/portal/workspaces')).json() as Array<{ name: string }>;
    expect(list.map((w) => w.name)).not.toContain('No token');
  });

  it('signs out: the cookie no longer works', async () => {
    const s = await signIn(adminEmail);
    expect((await call(s, 'GET', '/portal/session')).statusCode).toBe(200);
    expect((await call(s, 'DELETE', '/portal/session')).statusCode).toBe(204);
    expect((await call(s, 'GET', '/portal/session')).statusCode).toBe(401);
  });
});

describe('workspaces, invitations and applications', () => {
  it('lets an administrator create a workspace and invite a developer, who then sees it', async () => {
    const admin = await signIn(adminEmail);
    const ws = await call(admin, 'POST', '/portal/workspaces', { name: 'Connectors', scopes: ['event/webcasts:read', 'event/webcasts:write'] });
    expect(ws.statusCode).toBe(201);
    const workspace = ws.json() as { id: string; scopes: string[] };
    expect(workspace.scopes).toEqual(['event/webcasts:read', 'event/webcasts:write']);

    const dev = await signIn(devEmail);
    let seen = (await call(dev, 'GET', '/portal/workspaces')).json() as Array<{ id: string }>;
    expect(seen.map((w) => w.id)).not.toContain(workspace.id);

    const inv = await call(admin, 'POST', `/portal/workspaces/${workspace.id}/invitations`, { email: devEmail });
    expect(inv.statusCode).toBe(201);
    expect(inv.json()).toMatchObject({ email: devEmail, status: 'accepted' });
    const invitations = (await call(admin, 'GET', `/portal/workspaces/${workspace.id}/invitations`)).json() as Array<{ email: string }>;
    expect(invitations.map((i) => i.email)).toContain(devEmail);

    seen = (await call(dev, 'GET', '/portal/workspaces')).json() as Array<{ id: string }>;
    expect(seen.map((w) => w.id)).toContain(workspace.id);
  });

  it('does not let a developer create workspaces or invite', async () => {
    const dev = await signIn(devEmail);
    const res = await call(dev, 'POST', '/portal/workspaces', { name: 'Mine', scopes: [] });
    expect(res.statusCode).toBe(403);
    expect((await call(dev, 'POST', `/portal/workspaces/${tenant.workspaceId}/invitations`, { email: 'x@example.test' })).statusCode).toBe(403);
  });

  it('reports a bad field with its target so the UI can show it beside the field', async () => {
    const admin = await signIn(adminEmail);
    const res = await call(admin, 'POST', '/portal/workspaces', { name: '   ', scopes: ['event/nope:read'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, target: 'scopes' });
    const bad = await call(admin, 'POST', `/portal/workspaces/${tenant.workspaceId}/invitations`, { email: 'not an email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ target: 'email' });
  });

  it('takes a workspace and an application with every scope of the catalogue when every scope is chosen', async () => {
    const admin = await signIn(adminEmail);
    const catalogue = ((await call(admin, 'GET', '/portal/scopes')).json() as Array<{ name: string }>).map((x) => x.name);
    expect(catalogue.length).toBeGreaterThan(100);
    const workspace = await call(admin, 'POST', '/portal/workspaces', { name: 'Everything', scopes: catalogue });
    expect(workspace.statusCode, workspace.body).toBe(201);
    const made = await call(admin, 'POST', '/portal/applications', { workspaceId: (workspace.json() as { id: string }).id, name: 'All of it', scopes: catalogue });
    expect(made.statusCode, made.body).toBe(201);
    expect((made.json() as { scopes: string[] }).scopes.sort()).toEqual([...catalogue].sort());
  });

  it('creates an application whose secret is shown once and gets a token; revoking stops it', async () => {
    const dev = await signIn(devEmail);
    const workspaces = (await call(dev, 'GET', '/portal/workspaces')).json() as Array<{ id: string; name: string }>;
    const workspace = workspaces.find((w) => w.name === 'Connectors');
    expect(workspace).toBeDefined();
    const created = await call(dev, 'POST', '/portal/applications', { workspaceId: workspace?.id, name: 'Zoom connector', scopes: ['event/webcasts:read'] });
    expect(created.statusCode).toBe(201);
    const app = created.json() as { id: string; clientId: string; clientSecret: string; scopes: string[] };
    expect(app.scopes).toEqual(['event/webcasts:read']);
    expect(app.clientSecret).toMatch(/^els_/);

    const list = (await call(dev, 'GET', '/portal/applications')).json() as Array<Record<string, unknown>>;
    const listed = list.find((a) => a['id'] === app.id);
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('clientSecret');
    // The developer sees only applications of the workspaces they belong to.
    expect(list.map((a) => a['id'])).not.toContain(tenant.applicationId);

    const token = await tokenFor(t.app, app);
    const api = apiClient(t.app, token);
    expect((await api('GET', '/ea/webcasts')).statusCode).toBe(200);
    expect((await api('GET', '/ea/events')).statusCode).toBe(403);

    const revoked = await call(dev, 'POST', `/portal/applications/${app.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect((revoked.json() as { revokedAt: string | null }).revokedAt).not.toBeNull();
    expect((await api('GET', '/ea/webcasts')).statusCode).toBe(401);
  });

  it('refuses scopes the workspace was not granted, naming the field', async () => {
    const dev = await signIn(devEmail);
    const workspaces = (await call(dev, 'GET', '/portal/workspaces')).json() as Array<{ id: string; name: string }>;
    const workspace = workspaces.find((w) => w.name === 'Connectors');
    const res = await call(dev, 'POST', '/portal/applications', { workspaceId: workspace?.id, name: 'Greedy', scopes: ['event/events:write'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ target: 'scopes' });
  });

  it('answers 404 for another account\'s workspace and application', async () => {
    const admin = await signIn(adminEmail);
    expect((await call(admin, 'GET', `/portal/workspaces/${other.workspaceId}/invitations`)).statusCode).toBe(404);
    expect((await call(admin, 'POST', `/portal/workspaces/${other.workspaceId}/invitations`, { email: 'x@example.test' })).statusCode).toBe(404);
    expect((await call(admin, 'POST', '/portal/applications', { workspaceId: other.workspaceId, name: 'X', scopes: ['event/events:read'] })).statusCode).toBe(404);
    expect((await call(admin, 'POST', `/portal/applications/${other.applicationId}/revoke`)).statusCode).toBe(404);
    const otherToken = await tokenFor(t.app, other);
    expect((await apiClient(t.app, otherToken)('GET', '/ea/events')).statusCode).toBe(200);
  });

  it('lists the scope catalogue, each scope with a description of what it allows', async () => {
    const s = await signIn(adminEmail);
    const scopes = (await call(s, 'GET', '/portal/scopes')).json() as Array<{ name: string; description: string }>;
    expect(scopes.map((x) => x.name)).toEqual(ALL_SCOPES);
    for (const scope of scopes) {
      expect(scope.description.trim().length, scope.name).toBeGreaterThan(10);
      expect(scope.description).not.toBe(scope.name);
    }
    expect(scopes.find((x) => x.name === 'event/events:read')?.description).toBe('Allows the reading of events');
  });
});

describe('portal safety rules', () => {
  const connectors = async (s: Signed): Promise<string> => {
    const workspaces = (await call(s, 'GET', '/portal/workspaces')).json() as Array<{ id: string; name: string }>;
    const id = workspaces.find((w) => w.name === 'Connectors')?.id;
    if (!id) throw new Error('the Connectors workspace is made by an earlier test');
    return id;
  };
  const appNames = async (s: Signed) => ((await call(s, 'GET', '/portal/applications')).json() as Array<{ name: string }>).map((a) => a.name);
  const basic = (clientId: string, secret: string) => `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
  const token = (clientId: string, secret: string) => t.app.inject({
    method: 'POST', url: '/ea/oauth2/token', headers: { authorization: basic(clientId, secret), 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'grant_type=client_credentials',
  });

  it('refuses an application with zero scopes, or without the scopes field (there is no default), with a 400 naming scopes', async () => {
    const dev = await signIn(devEmail);
    const workspaceId = await connectors(dev);
    for (const body of [{ workspaceId, name: 'Nothing', scopes: [] }, { workspaceId, name: 'Nothing' }]) {
      const res = await call(dev, 'POST', '/portal/applications', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, target: 'scopes' });
    }
    expect(await appNames(dev)).not.toContain('Nothing');
    // The service refuses it too, for every other caller (the CLI).
    await expect(t.services.accounts.createApplication({ accountId: tenant.accountId, workspaceId: tenant.workspaceId, name: 'Nothing', scopes: [] }))
      .rejects.toMatchObject({ status: 400, name: 'noScopes', options: { target: 'scopes' } });
  });

  it('creates an application with exactly the scopes chosen, never more', async () => {
    const dev = await signIn(devEmail);
    const made = await call(dev, 'POST', '/portal/applications', { workspaceId: await connectors(dev), name: 'Reader', scopes: ['event/webcasts:read'] });
    expect(made.statusCode).toBe(201);
    expect((made.json() as { scopes: string[] }).scopes).toEqual(['event/webcasts:read']);
  });

  it('rotates a secret: the new one is returned once, the old one stops working at once, issued tokens run until they expire', async () => {
    const dev = await signIn(devEmail);
    const made = (await call(dev, 'POST', '/portal/applications', { workspaceId: await connectors(dev), name: 'Rotating', scopes: ['event/webcasts:read'] })).json() as {
      id: string; clientId: string; clientSecret: string;
    };
    const before = await token(made.clientId, made.clientSecret);
    expect(before.statusCode).toBe(200);
    const oldToken = (before.json() as { access_token: string }).access_token;

    expect((await call(dev, 'POST', `/portal/applications/${made.id}/rotate-secret`, undefined, { csrf: null })).statusCode).toBe(403);
    const rotated = await call(dev, 'POST', `/portal/applications/${made.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.headers['cache-control']).toBe('no-store');
    const body = rotated.json() as { id: string; clientId: string; clientSecret: string; scopes: string[]; revokedAt: string | null };
    expect(body).toMatchObject({ id: made.id, clientId: made.clientId, scopes: ['event/webcasts:read'], revokedAt: null });
    expect(body.clientSecret).toMatch(/^els_/);
    expect(body.clientSecret).not.toBe(made.clientSecret);

    const old = await token(made.clientId, made.clientSecret);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ error: 'invalid_client' });
    const fresh = await token(made.clientId, body.clientSecret);
    expect(fresh.statusCode).toBe(200);
    expect((await apiClient(t.app, (fresh.json() as { access_token: string }).access_token)('GET', '/ea/webcasts')).statusCode).toBe(200);
    // Documented: a token issued before the rotation lives out its lifetime (revoke to end it at once).
    expect((await apiClient(t.app, oldToken)('GET', '/ea/webcasts')).statusCode).toBe(200);
    // The secret is never listed.
    const listed = ((await call(dev, 'GET', '/portal/applications')).json() as Array<Record<string, unknown>>).find((a) => a['id'] === made.id);
    expect(listed).not.toHaveProperty('clientSecret');

    // Revoked: its secret cannot be rotated back to life, and its tokens stop on the next call.
    expect((await call(dev, 'POST', `/portal/applications/${made.id}/revoke`)).statusCode).toBe(200);
    expect((await apiClient(t.app, oldToken)('GET', '/ea/webcasts')).statusCode).toBe(401);
    const again = await call(dev, 'POST', `/portal/applications/${made.id}/rotate-secret`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 409 });
    expect((await token(made.clientId, body.clientSecret)).statusCode).toBe(401);
  });

  it('answers 404 to rotating another account\'s application, or one of a workspace the developer was not invited to', async () => {
    const admin = await signIn(adminEmail);
    const dev = await signIn(devEmail);
    expect((await call(admin, 'POST', `/portal/applications/${other.applicationId}/rotate-secret`)).statusCode).toBe(404);
    const res = await call(dev, 'POST', `/portal/applications/${tenant.applicationId}/rotate-secret`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: 'Application not found' });
    // The other account's secret still works.
    expect((await token(other.clientId, other.clientSecret)).statusCode).toBe(200);
  });

  it('refuses a password shorter than 12 or longer than 1024 characters wherever one is set: a 400 naming password, nothing stored', async () => {
    const email = (tag: string) => `pw-${tag}-${tenant.accountId}@example.test`;
    for (const [tag, password] of [['five', 'abcde'], ['eleven', 'x'.repeat(11)], ['long', 'x'.repeat(1025)], ['empty', '']] as const) {
      const err = await t.services.accounts.createUser({ accountId: tenant.accountId, email: email(tag), role: 'developer', password }).catch((e: unknown) => e);
      expect(err, tag).toMatchObject({ status: 400, name: 'invalidPassword', options: { target: 'password' } });
      expect((err as Error).message).toMatch(/^A password must be 12 to 1024 characters long/);
    }
    // Nothing was created: the emails are still free.
    const ok = await t.services.accounts.createUser({ accountId: tenant.accountId, email: email('five'), role: 'developer', password: 'twelve chars' });
    expect(ok.email).toBe(email('five'));
    // Characters, not UTF-16 units: 12 emoji are 12 characters.
    await t.services.accounts.createUser({ accountId: tenant.accountId, email: email('emoji'), role: 'developer', password: '🔑'.repeat(12) });
    await t.services.accounts.createUser({ accountId: tenant.accountId, email: email('max'), role: 'developer', password: 'y'.repeat(1024) });

    // A change is checked the same way and changes nothing when refused.
    await expect(t.services.accounts.updateUser(tenant.accountId, ok.id, { password: 'short' })).rejects.toMatchObject({ status: 400, options: { target: 'password' } });
    await signIn(ok.email, 'twelve chars');

    // Over HTTP: SCIM (the API that sets passwords) answers 400 without creating the user.
    const scim = apiClient(t.app, await tokenFor(t.app, tenant));
    const res = await scim('POST', '/ea/scim/v2/Users', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: email('scim'), password: 'hunter2' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('12 to 1024 characters');
    expect(await t.services.accounts.verifyPassword(email('scim'), 'hunter2')).toBeUndefined();
  });
});

describe('the portal in the OpenAPI document', () => {
  it('documents the portal endpoints with the cookie session scheme', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/ea/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown }>>; components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.components.securitySchemes['portalSession']).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'eventline_portal' });
    expect(doc.paths['/portal/applications']?.['post']?.security).toEqual([{ portalSession: [] }]);
    expect(doc.paths['/portal/session']?.['post']).toBeDefined();
  });
});
