import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EventInput } from '../../src/modules/events/index.js';
import { apiClient, createTenant, sampleEvent, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { describeContract, expectMatchesReference } from './reference.js';

// Every attendees operation's responses, as eventline really sends them,
// validated against the reference's response schemas (DESIGN rule 2).
describeContract('contract: attendees operations match the reference', () => {
  let t: TestApp;
  let api: Api;
  let narrowApi: Api;
  let eventId: string;
  let attendeeId: string;
  let contactId: string;
  let n = 0;
  const UNKNOWN = '0190a1b2-0000-7000-8000-000000000000';
  const person = (extra: Record<string, unknown> = {}) => {
    n += 1;
    return { firstName: 'Ada', lastName: `Lovelace${n}`, email: `ada${n}@example.test`, ...extra };
  };

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
    const tenant = await createTenant(t.services);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    narrowApi = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    eventId = (await t.services.events.createNow(tenant.accountId, 'test', sampleEvent() as EventInput)).id;
    const contact = (await api('POST', '/ea/contacts', [person({
      company: 'Cvent', title: 'Engineer', gender: 'Female', workAddress: { city: 'London', countryCode: 'GB' }, optOut: { optedOut: false },
      _links: { linkedInUrl: { href: 'https://linkedin.example/ada' } }, npi: '1234567890',
    })])).json() as Array<{ data: { id: string } }>;
    contactId = contact[0]?.data.id ?? '';
    const added = (await api('POST', '/ea/attendees', [{
      event: { id: eventId }, contact: { id: contactId }, status: 'Accepted', note: 'n', referenceId: 'r', visibility: 'Public',
      registrationType: { id: '7949c335-b5b2-46cf-8f5d-f6b21795df51' }, administrator: { id: '7949c335-b5b2-46cf-8f5d-f6b21795df52' },
      admissionItem: { id: '7949c335-b5b2-46cf-8f5d-f6b21795df53' }, invitationList: { id: '06da38f9-12da-4cb6-a581-7a5954f8e0e2' },
      registrationPath: { id: '06da38f9-12da-4cb6-a581-7a5954f8e0e3' },
    }])).json() as Array<{ data: { id: string } }>;
    attendeeId = added[0]?.data.id ?? '';
  });
  afterAll(async () => t?.close());

  it('POST /attendees 207 with added, invalid, unknown-event and duplicate items; 400 for a malformed request', async () => {
    const res = await api('POST', '/ea/attendees', [
      { event: { id: eventId }, contact: person() },
      { event: { id: eventId }, contact: person({ email: 'bad' }) },
      { event: { id: UNKNOWN }, contact: person() },
      { event: { id: eventId }, contact: { id: contactId } },
    ]);
    expect(res.statusCode).toBe(207);
    expect((res.json() as Array<{ status: number }>).map((i) => i.status)).toEqual([201, 400, 404, 409]);
    expectMatchesReference('POST', '/attendees', 207, res.json());
    const bad = await api('POST', '/ea/attendees', { event: { id: eventId } });
    expect(bad.statusCode).toBe(400);
    expectMatchesReference('POST', '/attendees', 400, bad.json());
    const forbidden = await narrowApi('POST', '/ea/attendees', [{ event: { id: eventId }, contact: person() }]);
    expect(forbidden.statusCode).toBe(403);
    expectMatchesReference('POST', '/attendees', 403, forbidden.json());
  });

  it('GET /attendees 200 (full and purged contact), 400, 401, 403', async () => {
    const ok = await api('GET', `/ea/attendees?filter=${encodeURIComponent(`event.id eq '${eventId}'`)}&sort=contact.lastName:DESC`);
    expect((ok.json() as { data: unknown[] }).data.length).toBeGreaterThan(1);
    expectMatchesReference('GET', '/attendees', 200, ok.json());
    const purged = (await api('POST', '/ea/attendees', [{ event: { id: eventId }, contact: person() }])).json() as Array<{ data: { id: string } }>;
    const row = await t.services.db.db.selectFrom('attendees').select('contact_id').where('id', '=', purged[0]?.data.id ?? '').executeTakeFirstOrThrow();
    await t.services.db.db.updateTable('contacts').set({ purged: 1, first_name: null, last_name: null, email: null }).where('id', '=', row.contact_id).execute();
    expectMatchesReference('GET', '/attendees', 200, (await api('GET', '/ea/attendees?limit=200')).json());
    const bad = await api('GET', `/ea/attendees?filter=${encodeURIComponent("contact.email co 'x'")}`);
    expect(bad.statusCode).toBe(400);
    expectMatchesReference('GET', '/attendees', 400, bad.json());
    const noToken = await apiClient(t.app, undefined)('GET', '/ea/attendees');
    expect(noToken.statusCode).toBe(401);
    expectMatchesReference('GET', '/attendees', 401, noToken.json());
    const forbidden = await narrowApi('GET', '/ea/attendees');
    expect(forbidden.statusCode).toBe(403);
    expectMatchesReference('GET', '/attendees', 403, forbidden.json());
  });

  it('POST /attendees/filter 200 and 400', async () => {
    expectMatchesReference('POST', '/attendees/filter', 200, (await api('POST', '/ea/attendees/filter', { filter: "status eq 'Accepted'" })).json());
    const bad = await api('POST', '/ea/attendees/filter', { filter: 'status eq' });
    expect(bad.statusCode).toBe(400);
    expectMatchesReference('POST', '/attendees/filter', 400, bad.json());
  });

  it('GET /attendees/{id} 200, 400 and 404', async () => {
    const got = await api('GET', `/ea/attendees/${attendeeId}`);
    expect(got.statusCode).toBe(200);
    expectMatchesReference('GET', '/attendees/{id}', 200, got.json());
    const bad = await api('GET', '/ea/attendees/nope');
    expect(bad.statusCode).toBe(404);
    expectMatchesReference('GET', '/attendees/{id}', 404, bad.json());
    const missing = await api('GET', `/ea/attendees/${UNKNOWN}`);
    expect(missing.statusCode).toBe(404);
    expectMatchesReference('GET', '/attendees/{id}', 404, missing.json());
  });

  it('PUT /attendees/{id} 200, 400 and 404', async () => {
    const body = { event: { id: eventId }, contact: { id: contactId }, status: 'Cancelled', note: 'cancelled by phone' };
    const ok = await api('PUT', `/ea/attendees/${attendeeId}`, body);
    expect(ok.statusCode).toBe(200);
    expectMatchesReference('PUT', '/attendees/{id}', 200, ok.json());
    const bad = await api('PUT', `/ea/attendees/${attendeeId}`, { ...body, status: 'Declined' });
    expect(bad.statusCode).toBe(400);
    expectMatchesReference('PUT', '/attendees/{id}', 400, bad.json());
    const missing = await api('PUT', `/ea/attendees/${UNKNOWN}`, body);
    expect(missing.statusCode).toBe(404);
    expectMatchesReference('PUT', '/attendees/{id}', 404, missing.json());
  });
});
