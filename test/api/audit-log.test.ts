import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { EXTENSION_OPERATIONS, REFERENCE_OPERATIONS } from '../../src/contract/catalogue.js';
import type { AuditEntry } from '../../src/modules/audit/index.js';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type Tenant, type TestApp } from '../helpers/app.js';
import { createVenue, seedPerson } from '../contract/obfuscation.fixtures.js';

// Issue 36, the audit log: changing an application's scopes, rotating its secret and switching compliance on each
// write one entry naming the actor and the request (X-Request-Id); entries are readable through GET /ea/audit-log and
// the portal, never changed or deleted by any API path or statement.

const PASSWORD = 'correct horse battery';
let t: TestApp;
let tenant: Tenant;
let api: Api;
let adminEmail: string;

interface Signed { cookie: string; csrf: string }
let admin: Signed;

async function signIn(email: string): Promise<Signed> {
  const res = await t.app.inject({ method: 'POST', url: '/portal/session', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email, password: PASSWORD }) });
  expect(res.statusCode, res.body).toBe(201);
  const c = res.cookies.find((x) => x.name === 'eventline_portal');
  return { cookie: `eventline_portal=${c?.value ?? ''}`, csrf: (res.json() as { csrfToken: string }).csrfToken };
}

function portal(s: Signed, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method, url,
    headers: { cookie: s.cookie, ...(method !== 'GET' ? { 'x-csrf-token': s.csrf } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

/** Every entry of the account, through the API, oldest first. */
async function entries(client: Api = api, filter?: string): Promise<AuditEntry[]> {
  const out: AuditEntry[] = [];
  let url = `/ea/audit-log?limit=200${filter !== undefined ? `&filter=${encodeURIComponent(filter)}` : ''}`;
  for (;;) {
    const page = await ok<{ data: AuditEntry[]; paging: { nextToken?: string } }>(client('GET', url));
    out.push(...page.data);
    if (page.paging.nextToken === undefined) return out;
    url = `/ea/audit-log?token=${encodeURIComponent(page.paging.nextToken)}`;
  }
}

async function rawCount(): Promise<number> {
  const r = await t.db.handle.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

beforeAll(async () => {
  t = await startTestApp({ build: { worker: false } });
  tenant = await createTenant(t.services);
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  adminEmail = (await t.services.accounts.findUserById(tenant.adminId))?.email ?? '';
  admin = await signIn(adminEmail);
});
afterAll(async () => {
  await t?.close();
});

describe('audit entries of administrative actions', () => {
  it('records one entry when an administrator changes an application\'s scopes, with the actor, address and request id', async () => {
    const before = await entries();
    const res = await portal(admin, 'PUT', `/portal/applications/${tenant.applicationId}/scopes`, { scopes: ['event/events:read', 'account/audit-log:read'] }, { 'x-request-id': 'audit-test-scopes-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-request-id']).toBe('audit-test-scopes-1');
    const added = (await entries()).slice(before.length);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      action: 'application.scopes.changed',
      actor: { type: 'user', id: tenant.adminId, display: adminEmail },
      target: { type: 'application', id: tenant.applicationId },
      requestId: 'audit-test-scopes-1',
      address: '127.0.0.1',
      changes: { scopes: { after: ['event/events:read', 'account/audit-log:read'] } },
    });
    const changes = added[0]?.changes['scopes'] as { before: string[] };
    expect(changes.before.length).toBeGreaterThan(2);
    // The application's tokens are held to the new scopes from their next call.
    expect((await api('GET', '/ea/contacts')).statusCode).toBe(403);
    // Setting the same scopes again changes nothing and records nothing.
    const again = await portal(admin, 'PUT', `/portal/applications/${tenant.applicationId}/scopes`, { scopes: ['event/events:read', 'account/audit-log:read'] });
    expect(again.statusCode, again.body).toBe(200);
    expect(await entries()).toHaveLength(before.length + 1);
  });

  it('refuses a scope the workspace lacks with a 400 that changes nothing and records nothing', async () => {
    const narrow = await createTenant(t.services, { workspaceScopes: ['event/events:read'], appScopes: ['event/events:read'] });
    const n = await rawCount();
    const res = await portal(admin, 'PUT', `/portal/applications/${tenant.applicationId}/scopes`, { scopes: ['no/such:scope'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, target: 'scopes' });
    // Another account's application is absent.
    expect((await portal(admin, 'PUT', `/portal/applications/${narrow.applicationId}/scopes`, { scopes: ['event/events:read'] })).statusCode).toBe(404);
    expect(await rawCount()).toBe(n);
  });

  it('records one entry when the client secret is rotated, with "rotated" and never the secret', async () => {
    const before = await entries();
    const res = await portal(admin, 'POST', `/portal/applications/${tenant.applicationId}/rotate-secret`, undefined, { 'x-request-id': 'audit-test-rotate-1' });
    expect(res.statusCode, res.body).toBe(200);
    const secret = (res.json() as { clientSecret: string }).clientSecret;
    const added = (await entries()).slice(before.length);
    expect(added).toEqual([expect.objectContaining({
      action: 'application.secret.rotated', actor: expect.objectContaining({ type: 'user', id: tenant.adminId }),
      target: expect.objectContaining({ type: 'application', id: tenant.applicationId }), changes: { secret: 'rotated' }, requestId: res.headers['x-request-id'],
    })]);
    const stored = await t.db.handle.db.selectFrom('audit_log').select(['changes', 'actor_display', 'target_display']).where('account_id', '=', tenant.accountId).execute();
    expect(JSON.stringify(stored)).not.toContain(secret);
    tenant = { ...tenant, clientSecret: secret };
    api = apiClient(t.app, await tokenFor(t.app, tenant));
  });

  it('records one entry when an administrator switches compliance communications on, and none when it is already on', async () => {
    const before = await entries();
    const res = await portal(admin, 'PUT', '/portal/account/features/compliance-communications', { enabled: true }, { 'x-request-id': 'audit-test-feature-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ features: ['compliance-communications'] });
    const added = (await entries()).slice(before.length);
    expect(added).toEqual([expect.objectContaining({
      action: 'account.feature.enabled', actor: expect.objectContaining({ type: 'user', id: tenant.adminId }),
      target: expect.objectContaining({ type: 'account', id: tenant.accountId }),
      changes: { 'compliance-communications': { before: false, after: true } }, requestId: 'audit-test-feature-1',
    })]);
    expect((await portal(admin, 'PUT', '/portal/account/features/compliance-communications', { enabled: true })).statusCode).toBe(200);
    expect(await entries()).toHaveLength(before.length + 1);
    expect(await t.services.accounts.hasFeature(tenant.accountId, 'compliance-communications')).toBe(true);
  });

  it('lets only administrators switch features or read the log in the portal; a bad feature is a 400 that changes nothing', async () => {
    const devEmail = `dev-${tenant.accountId}@example.test`;
    await t.services.accounts.createUser({ accountId: tenant.accountId, email: devEmail, role: 'planner', password: PASSWORD });
    const planner = await signIn(devEmail);
    const n = await rawCount();
    expect((await portal(planner, 'PUT', '/portal/account/features/contact-obfuscation', { enabled: true })).statusCode).toBe(403);
    expect((await portal(planner, 'GET', '/portal/audit-log')).statusCode).toBe(403);
    const bad = await portal(admin, 'PUT', '/portal/account/features/teleportation', { enabled: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400, target: 'feature' });
    expect((await portal(admin, 'PUT', '/portal/account/features/contact-obfuscation', { enabled: 'yes' })).statusCode).toBe(400);
    expect(await rawCount()).toBe(n);
    expect(await t.services.accounts.hasFeature(tenant.accountId, 'contact-obfuscation')).toBe(false);
    // Administrators read the same entries in the portal.
    const page = await portal(admin, 'GET', '/portal/audit-log?limit=200&filter=' + encodeURIComponent("action eq 'account.feature.enabled'"));
    expect(page.statusCode, page.body).toBe(200);
    expect((page.json() as { data: AuditEntry[] }).data.map((e) => e.requestId)).toEqual(['audit-test-feature-1']);
  });

  it('records the SCIM token as the actor of a SCIM change, and the application as the actor of a token\'s change', async () => {
    const { token } = await t.services.scimTokens.issue(tenant.accountId, 'IdP');
    const email = `scim-${Date.now().toString(36)}@example.test`;
    const res = await t.app.inject({
      method: 'POST', url: '/ea/scim/v2/Users', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      payload: JSON.stringify({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: email, name: { givenName: 'Sam', familyName: 'Scim' }, emails: [{ value: email, primary: true }] }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const entry = (await entries(api, "action eq 'user.created'")).find((e) => e.target.display === email);
    expect(entry).toMatchObject({ actor: { type: 'scim-token' }, requestId: res.headers['x-request-id'], changes: { email: { before: null, after: email } } });
  });
});

describe('reading the audit log', () => {
  it('filters by action, actor, target and time, pages by token and refuses a bad filter with a 400', async () => {
    const rotated = await entries(api, "action eq 'application.secret.rotated'");
    expect(rotated).toHaveLength(1);
    expect(await entries(api, `actor.id eq '${tenant.adminId}' and target.type eq 'application'`)).toHaveLength(2);
    expect((await entries(api, `target.id eq '${tenant.applicationId}'`)).map((e) => e.action)).toEqual(expect.arrayContaining(['application.scopes.changed', 'application.secret.rotated']));
    expect(await entries(api, "action sw 'application.'")).not.toHaveLength(0);
    expect(await entries(api, "at gt '2999-01-01T00:00:00Z'")).toEqual([]);
    const all = await entries();
    const first = await ok<{ data: AuditEntry[]; paging: { nextToken?: string } }>(api('GET', '/ea/audit-log?limit=1'));
    expect(first.data).toEqual([all[0]]);
    expect(first.paging.nextToken).toBeDefined();
    const second = await ok<{ data: AuditEntry[] }>(api('GET', `/ea/audit-log?token=${encodeURIComponent(first.paging.nextToken ?? '')}`));
    expect(second.data[0]).toEqual(all[1]);
    const newest = await ok<{ data: AuditEntry[] }>(api('GET', '/ea/audit-log?sort=at:DESC&limit=1'));
    expect(newest.data[0]?.at).toBe(all[all.length - 1]?.at);
    const bad = await api('GET', `/ea/audit-log?filter=${encodeURIComponent("changes eq 'x'")}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400, target: 'filter' });
  });

  it('needs account/audit-log:read', async () => {
    const res = await apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'))('GET', '/ea/audit-log');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403 });
  });
});

describe('append-only', () => {
  it('has no API path that changes or deletes an entry', async () => {
    const paths = [...REFERENCE_OPERATIONS, ...EXTENSION_OPERATIONS].filter((op) => op.path.includes('audit-log'));
    expect(paths.map((op) => `${op.method} ${op.path}`).sort()).toEqual(['GET /audit-log', 'GET /portal/audit-log']);
    for (const url of ['/ea/audit-log', '/portal/audit-log']) {
      for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) expect(t.app.hasRoute({ method, url }), `${method} ${url}`).toBe(false);
    }
    const [entry] = await entries();
    const n = await rawCount();
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      for (const url of ['/ea/audit-log', `/ea/audit-log/${entry?.id ?? ''}`]) {
        const res = await api(method, url, method === 'DELETE' ? undefined : { action: 'forged' });
        expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
      }
    }
    expect(await rawCount()).toBe(n);
    expect((await entries())[0]).toEqual(entry);
  });

  it('is refused by the database: an UPDATE of who or what, and any DELETE', async () => {
    const db = t.db.handle.db;
    const [entry] = await entries();
    await expect(sql`update audit_log set action = 'forged' where id = ${entry?.id ?? ''}`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log where id = ${entry?.id ?? ''}`.execute(db)).rejects.toThrow(/append-only/);
    if (t.db.handle.dialect === 'postgres') {
      // Outside the redaction, even the personal columns stay.
      await expect(sql`update audit_log set target_display = 'forged' where id = ${entry?.id ?? ''}`.execute(db)).rejects.toThrow(/append-only/);
    }
    expect((await entries())[0]).toEqual(entry);
  });
});

describe('redaction by obfuscation', () => {
  it('replaces an obfuscated contact\'s values in the entries that name them, and keeps the rest of each entry', async () => {
    const tag = Date.now().toString(36);
    const person = { firstName: `Oriel${tag}`, lastName: `Vantongeren${tag}`, email: `oriel.${tag}@example.test`, phone: '+1 555 0142', note: 'no note' };
    // A user of the same person, made and removed by the operator: the entries name them.
    const user = await t.services.accounts.createUser({ accountId: tenant.accountId, email: person.email, name: `${person.firstName} ${person.lastName}`, role: 'developer' });
    await t.services.accounts.deleteUser(tenant.accountId, user.id);
    const about = () => entries(api, `target.id eq '${user.id}'`);
    const before = await about();
    expect(before.map((e) => e.action)).toEqual(['user.created', 'user.deleted']);
    expect(JSON.stringify(before)).toContain(person.lastName);
    await t.services.accounts.setFeature(tenant.accountId, 'contact-obfuscation', true);
    const venue = await createVenue(t.services, tenant.accountId);
    const { contactId } = await seedPerson(t.db.handle.db, venue, person);
    expect(await t.services.obfuscation.obfuscateNow(tenant.accountId, contactId)).toMatchObject({ status: 'COMPLETED' });
    const after = await about();
    expect(after.map((e) => [e.id, e.action, e.actor, e.target.id, e.at, e.address, e.requestId])).toEqual(before.map((e) => [e.id, e.action, e.actor, e.target.id, e.at, e.address, e.requestId]));
    const text = JSON.stringify(after).toLowerCase();
    for (const value of [person.email, person.firstName, person.lastName]) expect(text).not.toContain(value.toLowerCase());
    expect(after[0]?.target.display).toBe('[obfuscated]');
    // The redaction opened nothing else: the entries are still append-only afterwards.
    await expect(sql`delete from audit_log where id = ${after[0]?.id ?? ''}`.execute(t.db.handle.db)).rejects.toThrow(/append-only/);
    if (t.db.handle.dialect === 'postgres') {
      await expect(sql`update audit_log set target_display = 'forged' where id = ${after[0]?.id ?? ''}`.execute(t.db.handle.db)).rejects.toThrow(/append-only/);
    }
  });
});
