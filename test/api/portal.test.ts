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
    expect((await call(admin, 'POST', '/portal/applications', { workspaceId: other.workspaceId, name: 'X', scopes: [] })).statusCode).toBe(404);
    expect((await call(admin, 'POST', `/portal/applications/${other.applicationId}/revoke`)).statusCode).toBe(404);
    const otherToken = await tokenFor(t.app, other);
    expect((await apiClient(t.app, otherToken)('GET', '/ea/events')).statusCode).toBe(200);
  });

  it('lists the scope catalogue', async () => {
    const s = await signIn(adminEmail);
    const scopes = (await call(s, 'GET', '/portal/scopes')).json() as Array<{ name: string }>;
    expect(scopes.map((x) => x.name)).toEqual(ALL_SCOPES);
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
