import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';
import { describeContract, expectMatchesReference, referenceOperation } from './reference.js';

// The four Event Features operations' responses, as eventline really sends
// them, validated against the reference's response schemas (DESIGN rule 2).
// The reference documents no 409 for them: eventline's 409s (its own state
// machine, DESIGN rule 4) carry the contract's error shape, checked against the
// operation's error-response schema (the one its 400 uses).
describeContract('contract: event features operations match the reference', () => {
  let t: TestApp;
  let api: Api;
  let otherApi: Api;
  let narrowApi: Api;
  let event: string;
  let accountId: string;
  const MISSING = '0190a1b2-0000-7000-8000-000000000000';

  beforeAll(async () => {
    t = await startTestApp({ build: { worker: false } });
    const tenant = await createTenant(t.services);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    narrowApi = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
    accountId = tenant.accountId;
    event = await fixtureEvent(t.services, accountId);
  });
  afterAll(async () => t?.close());

  const expectError = (method: string, path: string, status: number, res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(status);
    expectMatchesReference(method, path, status === 409 ? 400 : status, res.json());
  };

  it('declares the reference scopes', () => {
    expect(referenceOperation('GET', '/events/{id}/features')?.scopes).toContain('event/event-features:read');
    expect(referenceOperation('PUT', '/events/{id}/features/{type}')?.scopes).toContain('event/event-features:write');
    expect(referenceOperation('POST', '/events/{id}/features/{type}/launch')?.scopes).toContain('event/event-features:write');
    expect(referenceOperation('GET', '/events/{id}/weblinks')?.scopes).toContain('event/weblinks:read');
  });

  it('PUT /events/{id}/features/{type} 200, 400, 401, 403, 404, 409', async () => {
    const path = '/events/{id}/features/{type}';
    for (const body of [{ type: 'Website', enabled: true }, { type: 'Registration', enabled: true, enabledTier: 'PREMIER', config: { pricing: { enabled: true, currency: 'USD' } } }]) {
      const ok = await api('PUT', `/ea/events/${event}/features/${body.type}`, body);
      expect(ok.statusCode, ok.body).toBe(200);
      expectMatchesReference('PUT', path, 200, ok.json());
    }
    expectError('PUT', path, 400, await api('PUT', `/ea/events/${event}/features/Nope`, { type: 'Nope', enabled: true }));
    expectError('PUT', path, 401, await apiClient(t.app, undefined)('PUT', `/ea/events/${event}/features/Website`, { type: 'Website', enabled: true }));
    expectError('PUT', path, 403, await narrowApi('PUT', `/ea/events/${event}/features/Website`, { type: 'Website', enabled: true }));
    expectError('PUT', path, 404, await otherApi('PUT', `/ea/events/${event}/features/Website`, { type: 'Website', enabled: true }));
    expect((await api('POST', `/ea/events/${event}/features/AttendeeHub/launch`)).statusCode).toBe(204);
    expectError('PUT', path, 409, await api('PUT', `/ea/events/${event}/features/AttendeeHub`, { type: 'AttendeeHub', enabled: false }));
  });

  it('POST /events/{id}/features/{type}/launch 204, 400, 401, 403, 404, 409', async () => {
    const path = '/events/{id}/features/{type}/launch';
    const ok = await api('POST', `/ea/events/${event}/features/Website/launch`, { deleteTestData: false });
    expect(ok.statusCode, ok.body).toBe(204);
    expect(ok.body).toBe('');
    expectError('POST', path, 400, await api('POST', `/ea/events/${event}/features/Agenda/launch`));
    expectError('POST', path, 401, await apiClient(t.app, undefined)('POST', `/ea/events/${event}/features/Registration/launch`));
    expectError('POST', path, 403, await narrowApi('POST', `/ea/events/${event}/features/Registration/launch`));
    expectError('POST', path, 404, await api('POST', `/ea/events/${MISSING}/features/Registration/launch`));
    expectError('POST', path, 409, await api('POST', `/ea/events/${event}/features/Website/launch`));
    const fresh = await fixtureEvent(t.services, accountId);
    expectError('POST', path, 409, await api('POST', `/ea/events/${fresh}/features/Website/launch`));
  });

  it('GET /events/{id}/features 200 (unfiltered, filtered, paged), 400, 401, 403, 404', async () => {
    const path = '/events/{id}/features';
    for (const q of ['', '?limit=2', `?filter=${encodeURIComponent("enabled eq 'true'")}`, '?locale=en-US']) {
      const res = await api('GET', `/ea/events/${event}/features${q}`);
      expect(res.statusCode, res.body).toBe(200);
      expectMatchesReference('GET', path, 200, res.json());
    }
    expectError('GET', path, 400, await api('GET', `/ea/events/${event}/features?filter=${encodeURIComponent("type eq 'Website'")}`));
    expectError('GET', path, 401, await apiClient(t.app, undefined)('GET', `/ea/events/${event}/features`));
    expectError('GET', path, 403, await narrowApi('GET', `/ea/events/${event}/features`));
    expectError('GET', path, 404, await otherApi('GET', `/ea/events/${event}/features`));
  });

  // After the tests above: the event's AttendeeHub and Website are launched.
  it('GET /events/{id}/weblinks 200 (empty and with links), 400, 401, 403, 404', async () => {
    const path = '/events/{id}/weblinks';
    const fresh = await fixtureEvent(t.services, accountId);
    const empty = await api('GET', `/ea/events/${fresh}/weblinks`);
    expect(empty.statusCode).toBe(200);
    expectMatchesReference('GET', path, 200, empty.json());
    for (const q of ['', '?limit=1', '?locale=en-US']) {
      const res = await api('GET', `/ea/events/${event}/weblinks${q}`);
      expect(res.statusCode).toBe(200);
      expect((res.json() as { data: unknown[] }).data.length).toBeGreaterThan(0);
      expectMatchesReference('GET', path, 200, res.json());
    }
    expectError('GET', path, 400, await api('GET', `/ea/events/${event}/weblinks?limit=101`));
    expectError('GET', path, 401, await apiClient(t.app, undefined)('GET', `/ea/events/${event}/weblinks`));
    expectError('GET', path, 403, await narrowApi('GET', `/ea/events/${event}/weblinks`));
    expectError('GET', path, 404, await otherApi('GET', `/ea/events/${event}/weblinks`));
  });
});
