import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type Tenant, type TestApp } from '../helpers/app.js';

// Tenancy and scopes of the request log and the sandbox controls (issue 35): another account's application is a 404
// wherever it is named (the API's `clientId`, the portal's application id), and nothing of it changes.

interface Entry { route: string; status: number }

describe('tenancy: request log and sandbox controls', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let a2: { clientId: string; applicationId: string };
  let apiA: Api;
  let apiB: Api;

  beforeAll(async () => {
    t = await startTestApp({ env: { SANDBOX_CONTROLS: 'true', REQUEST_LOG_FLUSH_MS: '50' }, build: { worker: false } });
    a = await createTenant(t.services);
    b = await createTenant(t.services);
    const second = await t.services.accounts.createApplication({ accountId: a.accountId, workspaceId: a.workspaceId, name: 'Second', scopes: ['event/events:read'] });
    a2 = { clientId: second.application.clientId, applicationId: second.application.id };
    apiA = apiClient(t.app, await tokenFor(t.app, a));
    apiB = apiClient(t.app, await tokenFor(t.app, b));
    await ok(apiB('PUT', '/ea/sandbox/controls', { latencyMs: 5 }));
    await ok(apiB('GET', '/ea/events'));
    await t.services.requestLogs.flush();
  });
  afterAll(async () => t?.close());

  it('another account\'s application is a 404 for its log and its controls, and its controls stay as they were', async () => {
    for (const res of [
      await apiA('GET', `/ea/request-logs?clientId=${b.clientId}`),
      await apiA('GET', `/ea/request-logs?clientId=${b.applicationId}`),
      await apiA('GET', `/ea/sandbox/controls?clientId=${b.clientId}`),
      await apiA('PUT', `/ea/sandbox/controls?clientId=${b.clientId}`, { latencyMs: 9000 }),
      await apiA('DELETE', `/ea/sandbox/controls?clientId=${b.clientId}`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: 'Application not found' });
    }
    expect((await ok<{ latencyMs: number }>(apiB('GET', '/ea/sandbox/controls'))).latencyMs).toBe(5);
    // Each account's own log holds only its own calls.
    const own = await ok<{ data: Entry[] }>(apiA('GET', '/ea/request-logs'));
    expect(own.data.filter((e) => e.route === '/ea/events')).toEqual([]);
    expect((await ok<{ data: Entry[] }>(apiB('GET', '/ea/request-logs'))).data.map((e) => e.route)).toContain('/ea/events');
  });

  it('another application of the same account may be read and controlled by client id or application id', async () => {
    expect((await apiA('GET', `/ea/request-logs?clientId=${a2.clientId}`)).statusCode).toBe(200);
    const set = await ok<{ clientId: string; latencyMs: number }>(apiA('PUT', `/ea/sandbox/controls?clientId=${a2.applicationId}`, { latencyMs: 7 }));
    expect(set).toMatchObject({ clientId: a2.clientId, latencyMs: 7 });
    expect((await apiA('DELETE', `/ea/sandbox/controls?clientId=${a2.clientId}`)).statusCode).toBe(204);
  });

  it('needs account/request-logs:read, account/sandbox:read and account/sandbox:write', async () => {
    const narrow = apiClient(t.app, await tokenFor(t.app, a, 'event/events:read'));
    for (const [method, url] of [['GET', '/ea/request-logs'], ['GET', '/ea/sandbox/controls'], ['PUT', '/ea/sandbox/controls'], ['DELETE', '/ea/sandbox/controls']] as const) {
      const res = await narrow(method, url, method === 'PUT' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const reader = apiClient(t.app, await tokenFor(t.app, a, 'account/sandbox:read'));
    expect((await reader('GET', '/ea/sandbox/controls')).statusCode).toBe(200);
    expect((await reader('PUT', '/ea/sandbox/controls', {})).statusCode).toBe(403);
  });

  it('the portal shows an application\'s log and controls to its account only', async () => {
    const admin = await t.services.accounts.createUser({ accountId: a.accountId, email: `sandbox-admin-${Date.now()}@example.test`, role: 'administrator', password: 'correct horse battery' });
    const signIn = await t.app.inject({ method: 'POST', url: '/portal/session', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: admin.email, password: 'correct horse battery' }) });
    expect(signIn.statusCode, signIn.body).toBe(201);
    const cookie = `eventline_portal=${signIn.cookies.find((c) => c.name === 'eventline_portal')?.value ?? ''}`;
    const portal = (url: string): Promise<LightMyRequestResponse> => t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect((await portal(`/portal/applications/${a.applicationId}/request-logs`)).statusCode).toBe(200);
    expect((await portal(`/portal/applications/${a.applicationId}/sandbox-controls`)).json()).toMatchObject({ clientId: a.clientId, enabled: true });
    for (const url of [`/portal/applications/${b.applicationId}/request-logs`, `/portal/applications/${b.applicationId}/sandbox-controls`]) {
      const res = await portal(url);
      expect(res.statusCode, url).toBe(404);
    }
    // Without a session: 401.
    expect((await t.app.inject({ method: 'GET', url: `/portal/applications/${a.applicationId}/request-logs` })).statusCode).toBe(401);
  });
});
