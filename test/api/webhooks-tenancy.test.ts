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

beforeAll(async () => {
  receiver = await startReceiver('/hooks');
  t = await startTestApp({ env: { HOOKS_ALLOW_LOOPBACK: 'true' } });
  const a = await createTenant(t.services);
  owner = apiClient(t.app, await tokenFor(t.app, a));
  const second = await t.services.accounts.createApplication({ accountId: a.accountId, workspaceId: a.workspaceId, name: 'Second app', scopes: ['account/webhooks:read', 'account/webhooks:write'] });
  sameAccountOtherApp = apiClient(t.app, await tokenFor(t.app, { clientId: second.application.clientId, clientSecret: second.clientSecret }));
  otherAccount = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
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
