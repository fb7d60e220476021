import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, waitFor, type Api, type TestApp } from '../helpers/app.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { sampleSession, workflowEvent } from '../helpers/workflow.js';

// Webhook endpoints belong to an application of an account: another account's, or another application's, are 404.

let t: TestApp;
let receiver: Receiver;
let owner: Api;
let sameAccountOtherApp: Api;
let otherAccount: Api;
let endpointId: string;
let deliveryId: string;
let tenantA: Awaited<ReturnType<typeof createTenant>>;
let tenantB: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  receiver = await startReceiver('/hooks');
  t = await startTestApp({ env: { HOOKS_ALLOW_LOOPBACK: 'true' } });
  const a = await createTenant(t.services);
  tenantA = a;
  owner = apiClient(t.app, await tokenFor(t.app, a));
  const second = await t.services.accounts.createApplication({ accountId: a.accountId, workspaceId: a.workspaceId, name: 'Second app', scopes: ['account/webhooks:read', 'account/webhooks:write'] });
  sameAccountOtherApp = apiClient(t.app, await tokenFor(t.app, { clientId: second.application.clientId, clientSecret: second.clientSecret }));
  tenantB = await createTenant(t.services);
  otherAccount = apiClient(t.app, await tokenFor(t.app, tenantB));
  receiver.answer(() => ({ status: 200, body: {} }));
  const res = await owner('POST', '/ea/webhook-endpoints', { url: receiver.url, enabledEvents: ['session.created'] });
  expect(res.statusCode, res.body).toBe(201);
  endpointId = (res.json() as { id: string }).id;
  const eventId = await workflowEvent(t.services, a.accountId);
  expect((await owner('POST', '/ea/sessions', sampleSession(eventId))).statusCode).toBe(201);
  deliveryId = await waitFor(async () => {
    const list = (await owner('GET', `/ea/webhook-endpoints/${endpointId}/deliveries`)).json() as { data: Array<{ id: string; status: string }> };
    return list.data[0]?.status === 'succeeded' ? list.data[0].id : undefined;
  }, 30_000, 'the delivery');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('webhook tenancy', () => {
  it.each([
    ['another account', () => otherAccount],
    ['another application of the same account', () => sameAccountOtherApp],
  ])('answers 404 to %s for every operation on the endpoint and its deliveries', async (_who, client) => {
    const c = client();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/ea/webhook-endpoints/${endpointId}`],
      ['PATCH', `/ea/webhook-endpoints/${endpointId}`, { status: 'disabled' }],
      ['POST', `/ea/webhook-endpoints/${endpointId}/rotate-secret`, {}],
      ['GET', `/ea/webhook-endpoints/${endpointId}/deliveries`],
      ['POST', `/ea/webhook-endpoints/${endpointId}/deliveries/${deliveryId}/replay`],
      ['POST', `/ea/webhook-endpoints/${endpointId}/replay-failed`],
      ['DELETE', `/ea/webhook-endpoints/${endpointId}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await c(method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 404 });
    }
    expect(((await c('GET', '/ea/webhook-endpoints')).json() as { data: unknown[] }).data).toEqual([]);
    // Nothing changed for the owner.
    expect((await owner('GET', `/ea/webhook-endpoints/${endpointId}`)).json()).toMatchObject({ id: endpointId, status: 'enabled' });
  }, 60_000);

  it('answers 404 for a delivery id of another endpoint', async () => {
    const other = await owner('POST', '/ea/webhook-endpoints', { url: receiver.url, enabledEvents: ['event.updated'] });
    const otherId = (other.json() as { id: string }).id;
    const res = await owner('POST', `/ea/webhook-endpoints/${otherId}/deliveries/${deliveryId}/replay`);
    expect(res.statusCode).toBe(404);
  }, 60_000);
});

describe('webhooks in the developer portal', () => {
  async function signIn(userId: string): Promise<{ cookie: string; csrf: string }> {
    const user = await t.services.accounts.findUserById(userId);
    const res = await t.app.inject({ method: 'POST', url: '/portal/session', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: user?.email, password: 'correct horse battery' }) });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.cookies.find((x) => x.name === 'eventline_portal');
    return { cookie: `eventline_portal=${c?.value ?? ''}`, csrf: (res.json() as { csrfToken: string }).csrfToken };
  }
  const call = (s: { cookie: string; csrf: string }, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, csrf = true) => t.app.inject({
    method, url,
    headers: { cookie: s.cookie, ...(method !== 'GET' && csrf ? { 'x-csrf-token': s.csrf } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });

  it('lists, creates (secret once), rotates and replays for the user\'s application; another account\'s is 404; changes need the CSRF token', async () => {
    const a = await signIn(tenantA.adminId);
    const base = `/portal/applications/${tenantA.applicationId}/webhook-endpoints`;
    const list = await call(a, 'GET', base);
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { data: Array<{ id: string }> }).data.map((e) => e.id)).toContain(endpointId);
    const noCsrf = await call(a, 'POST', base, { url: receiver.url, enabledEvents: ['session.updated'] }, false);
    expect(noCsrf.statusCode).toBe(403);
    const created = await call(a, 'POST', base, { url: receiver.url, enabledEvents: ['session.updated'] });
    expect(created.statusCode, created.body).toBe(201);
    expect((created.json() as { secret: string }).secret).toMatch(/^whsec_/);
    const rotated = await call(a, 'POST', `${base}/${endpointId}/rotate-secret`, {});
    expect(rotated.statusCode, rotated.body).toBe(200);
    const deliveries = await call(a, 'GET', `${base}/${endpointId}/deliveries`);
    expect((deliveries.json() as { data: Array<{ id: string }> }).data.map((d) => d.id)).toContain(deliveryId);
    expect((await call(a, 'POST', `${base}/${endpointId}/deliveries/${deliveryId}/replay`)).statusCode).toBe(202);

    const b = await signIn(tenantB.adminId);
    expect((await call(b, 'GET', base)).statusCode).toBe(404);
    expect((await call(b, 'GET', `/portal/applications/${tenantB.applicationId}/webhook-endpoints/${endpointId}/deliveries`)).statusCode).toBe(404);
    expect((await call(b, 'DELETE', `/portal/applications/${tenantB.applicationId}/webhook-endpoints/${endpointId}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
  }, 60_000);
});
