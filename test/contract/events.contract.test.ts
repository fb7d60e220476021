import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, sampleEvent, startTestApp, tokenFor, waitFor, type Api, type TestApp } from '../helpers/app.js';
import { describeContract, expectMatchesReference } from './reference.js';

// Every events operation's responses, as eventline really sends them,
// validated against the reference's response schemas (DESIGN rule 2).
describeContract('contract: events operations match the reference', () => {
  let t: TestApp;
  let api: Api;
  let narrowApi: Api;
  let eventId: string;
  let creationId: string;

  beforeAll(async () => {
    t = await startTestApp();
    const tenant = await createTenant(t.services);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    narrowApi = apiClient(t.app, await tokenFor(t.app, tenant, 'event/sessions:read'));
    const res = await api('POST', '/ea/events/async', sampleEvent({ venues: [{ name: 'Hall', address: { city: 'Boston', countryCode: 'US' } }], note: 'n' }));
    expectMatchesReference('POST', '/events/async', 202, res.json());
    creationId = (res.json() as { id: string }).id;
    eventId = await waitFor(async () => ((await api('GET', `/ea/events/async/${creationId}/status`)).json() as { event?: { id: string } }).event?.id);
  });
  afterAll(async () => t?.close());

  it('GET /events 200, 400, 401, 403', async () => {
    expectMatchesReference('GET', '/events', 200, (await api('GET', '/ea/events?limit=1')).json());
    const bad = await api('GET', '/ea/events?limit=0');
    expect(bad.statusCode).toBe(400);
    expectMatchesReference('GET', '/events', 400, bad.json());
    const noToken = await apiClient(t.app, undefined)('GET', '/ea/events');
    expect(noToken.statusCode).toBe(401);
    expectMatchesReference('GET', '/events', 401, noToken.json());
    const forbidden = await narrowApi('GET', '/ea/events');
    expect(forbidden.statusCode).toBe(403);
    expectMatchesReference('GET', '/events', 403, forbidden.json());
  });

  it('POST /events/filter 200 and 400', async () => {
    expectMatchesReference('POST', '/events/filter', 200, (await api('POST', '/ea/events/filter', { filter: "format eq 'Hybrid'" })).json());
    const bad = await api('POST', '/ea/events/filter', { filter: 'format eq' });
    expect(bad.statusCode).toBe(400);
    expectMatchesReference('POST', '/events/filter', 400, bad.json());
  });

  it('GET /events/{id} 200 and 404, PUT /events/{id} 200', async () => {
    // An answered event custom field: GET carries it (event.customFields), and the body sent back with PUT is taken.
    const field = await api('POST', '/ea/custom-fields', { category: 'Event', name: 'Region', code: 'CF-CONTRACT-REGION', type: 'Open Ended Text - One Line', required: false });
    expect(field.statusCode, field.body).toBe(201);
    const fieldId = (field.json() as { id: string }).id;
    expect((await api('PUT', `/ea/events/${eventId}/custom-fields/${fieldId}/answers`, { value: ['EMEA'] })).statusCode).toBe(200);
    const got = await api('GET', `/ea/events/${eventId}`);
    expect((got.json() as { customFields?: Array<{ id: string }> }).customFields?.map((a) => a.id)).toEqual([fieldId]);
    expectMatchesReference('GET', '/events/{id}', 200, got.json());
    const missing = await api('GET', '/ea/events/0190a1b2-0000-7000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expectMatchesReference('GET', '/events/{id}', 404, missing.json());
    const put = await api('PUT', `/ea/events/${eventId}`, { ...(got.json() as object), title: 'Renamed' });
    expect(put.statusCode).toBe(200);
    expectMatchesReference('PUT', '/events/{id}', 200, put.json());
  });

  it('GET /events/async/{eventCreationId}/status 200', async () => {
    expectMatchesReference('GET', '/events/async/{eventCreationId}/status', 200, (await api('GET', `/ea/events/async/${creationId}/status`)).json());
  });

  it('token endpoint 200 and 400, token validation 200', async () => {
    const tenant = await createTenant(t.services);
    const ok = await t.app.inject({ method: 'POST', url: '/ea/oauth2/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `grant_type=client_credentials&client_id=${tenant.clientId}&client_secret=${tenant.clientSecret}` });
    expectMatchesReference('POST', '/oauth2/token', 200, ok.json());
    const bad = await t.app.inject({ method: 'POST', url: '/ea/oauth2/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'grant_type=password' });
    expect(bad.statusCode).toBe(400);
    expectMatchesReference('POST', '/oauth2/token', 400, bad.json());
    expectMatchesReference('GET', '/token-validation', 200, (await api('GET', '/ea/token-validation')).json());
  });
});
