import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { describeContract, expectMatchesReference } from './reference.js';

// Every contacts operation's responses, as eventline really sends them,
// validated against the reference's response schemas (DESIGN rule 2).
describeContract('contract: contacts operations match the reference', () => {
  let t: TestApp;
  let api: Api;
  let narrowApi: Api;
  let contactId: string;
  let n = 0;
  const UNKNOWN = '0190a1b2-0000-7000-8000-000000000000';
  const person = (extra: Record<string, unknown> = {}) => {
    n += 1;
    return { firstName: 'Henry', lastName: `Potterfield${n}`, email: `henry${n}@example.test`, ...extra };
  };
  // A contact with every kind of field eventline stores.
  const full = () => person({
    middleName: 'A', nickname: 'Harry', ccEmail: 'cc@example.test', gender: 'Male', company: 'Cvent Inc.', designation: 'CPA', title: 'Planner',
    type: { id: '861b51ec-aa7e-475f-b38d-4c8e35c47d63' }, primaryAddressType: 'Work',
    homeAddress: { address1: '1 Home St', city: 'Austin', regionCode: 'TX', countryCode: 'US', postalCode: '78727' },
    workAddress: { address1: '4001 West Parmer Lane', city: 'Austin', countryCode: 'US' },
    homePhone: '555-555-5555', homeFax: '555', workPhone: '555', workFax: '555', mobilePhone: '555', prefix: 'Mr.', pager: '555',
    sourceId: `system-a-${n}`, npi: '5555555555', optOut: { optedOut: true },
    _links: { twitterUrl: { href: 'https://twitter.example/h' }, linkedInUrl: { href: 'https://linkedin.example/h' } },
    headline: 'Marketing Director', personalWebsite: 'https://www.example.com', biography: 'Bio', pronouns: 'he/him',
  });

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
    const tenant = await createTenant(t.services);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    narrowApi = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    const res = await api('POST', '/ea/contacts', [full()]);
    contactId = (res.json() as Array<{ data: { id: string } }>)[0]?.data.id ?? '';
  });
  afterAll(async () => t?.close());

  it('GET /contacts 200 (with filter and includePurged), 400, 401, 403', async () => {
    const ok = await api('GET', `/ea/contacts?limit=1&filter=${encodeURIComponent(`id eq '${contactId}'`)}`);
    expect((ok.json() as { data: unknown[] }).data).toHaveLength(1);
    expectMatchesReference('GET', '/contacts', 200, ok.json());
    const purged = (await api('POST', '/ea/contacts', [person()])).json() as Array<{ data: { id: string } }>;
    await t.services.db.db.updateTable('contacts').set({ purged: 1 }).where('id', '=', purged[0]?.data.id ?? '').execute();
    const withPurged = await api('GET', '/ea/contacts?includePurged=true&limit=200');
    expect((withPurged.json() as { data: Array<{ purged: boolean }> }).data.some((c) => c.purged)).toBe(true);
    expectMatchesReference('GET', '/contacts', 200, withPurged.json());
    const bad = await api('GET', `/ea/contacts?filter=${encodeURIComponent("nope eq 'x'")}`);
    expect(bad.statusCode).toBe(400);
    expectMatchesReference('GET', '/contacts', 400, bad.json());
    const noToken = await apiClient(t.app, undefined)('GET', '/ea/contacts');
    expect(noToken.statusCode).toBe(401);
    expectMatchesReference('GET', '/contacts', 401, noToken.json());
    const forbidden = await narrowApi('GET', '/ea/contacts');
    expect(forbidden.statusCode).toBe(403);
    expectMatchesReference('GET', '/contacts', 403, forbidden.json());
  });

  it('POST /contacts/filter 200 and 400', async () => {
    expectMatchesReference('POST', '/contacts/filter', 200, (await api('POST', '/ea/contacts/filter', { filter: "lastName sw 'Potter'" })).json());
    const bad = await api('POST', '/ea/contacts/filter', { filter: 'lastName eq' });
    expect(bad.statusCode).toBe(400);
    expectMatchesReference('POST', '/contacts/filter', 400, bad.json());
  });

  it('POST /contacts 207 with created, invalid and conflicting items; 400 for a malformed request', async () => {
    const first = full();
    const res = await api('POST', '/ea/contacts', [first, person({ email: 'bad' }), person({ email: first.email.toUpperCase() })]);
    expect(res.statusCode).toBe(207);
    expect((res.json() as Array<{ status: number }>).map((i) => i.status)).toEqual([201, 400, 409]);
    expectMatchesReference('POST', '/contacts', 207, res.json());
    const upsert = await api('POST', '/ea/contacts?upsert=true', [person({ email: first.email })]);
    expect((upsert.json() as Array<{ status: number }>)[0]?.status).toBe(200);
    expectMatchesReference('POST', '/contacts', 207, upsert.json());
    const bad = await api('POST', '/ea/contacts', {});
    expect(bad.statusCode).toBe(400);
    expectMatchesReference('POST', '/contacts', 400, bad.json());
  });

  it('PUT /contacts and PATCH /contacts 207 with updated, unknown and invalid items', async () => {
    const put = await api('PUT', '/ea/contacts', [{ ...full(), id: contactId }, { ...person(), id: UNKNOWN }, { id: contactId }]);
    expect((put.json() as Array<{ status: number }>).map((i) => i.status)).toEqual([200, 404, 400]);
    expectMatchesReference('PUT', '/contacts', 207, put.json());
    const patch = await api('PATCH', '/ea/contacts', [{ id: contactId, pager: null, title: 'Chief' }, { id: UNKNOWN, title: 'x' }, { title: 'no id' }]);
    expect((patch.json() as Array<{ status: number }>).map((i) => i.status)).toEqual([200, 404, 400]);
    expectMatchesReference('PATCH', '/contacts', 207, patch.json());
    const bad = await api('PUT', '/ea/contacts', []);
    expect(bad.statusCode).toBe(400);
    expectMatchesReference('PUT', '/contacts', 400, bad.json());
    const notObjects = await api('PATCH', '/ea/contacts', [1, null]);
    expect((notObjects.json() as Array<{ status: number }>).map((i) => i.status)).toEqual([400, 400]);
    expectMatchesReference('PATCH', '/contacts', 207, notObjects.json());
    expectMatchesReference('PATCH', '/contacts', 400, (await api('PATCH', '/ea/contacts', { id: contactId })).json());
  });

  it('GET /contacts/{id} 200 (active, deleted, purged), 400 and 404', async () => {
    const got = await api('GET', `/ea/contacts/${contactId}`);
    expect(got.statusCode).toBe(200);
    expectMatchesReference('GET', '/contacts/{id}', 200, got.json());
    const [del, pur] = ((await api('POST', '/ea/contacts', [person(), person()])).json() as Array<{ data: { id: string } }>).map((i) => i.data.id);
    await api('DELETE', `/ea/contacts/${del ?? ''}`);
    await t.services.db.db.updateTable('contacts').set({ purged: 1 }).where('id', '=', pur ?? '').execute();
    for (const id of [del, pur]) expectMatchesReference('GET', '/contacts/{id}', 200, (await api('GET', `/ea/contacts/${id ?? ''}`)).json());
    const bad = await api('GET', '/ea/contacts/not-a-uuid');
    expect(bad.statusCode).toBe(404);
    expectMatchesReference('GET', '/contacts/{id}', 404, bad.json());
    const missing = await api('GET', `/ea/contacts/${UNKNOWN}`);
    expect(missing.statusCode).toBe(404);
    expectMatchesReference('GET', '/contacts/{id}', 404, missing.json());
  });

  it('PUT /contacts/{id} and PATCH /contacts/{id} 200, 400 and 404', async () => {
    const got = (await api('GET', `/ea/contacts/${contactId}`)).json() as Record<string, unknown>;
    const put = await api('PUT', `/ea/contacts/${contactId}`, { ...got, company: 'Renamed' });
    expect(put.statusCode).toBe(200);
    expectMatchesReference('PUT', '/contacts/{id}', 200, put.json());
    const badPut = await api('PUT', `/ea/contacts/${contactId}`, { firstName: 'x' });
    expect(badPut.statusCode).toBe(400);
    expectMatchesReference('PUT', '/contacts/{id}', 400, badPut.json());
    const missingPut = await api('PUT', `/ea/contacts/${UNKNOWN}`, person());
    expect(missingPut.statusCode).toBe(404);
    expectMatchesReference('PUT', '/contacts/{id}', 404, missingPut.json());
    const patch = await api('PATCH', `/ea/contacts/${contactId}`, { homeAddress: { address3: 'PO Box 1', countryCode: null }, gender: null });
    expect(patch.statusCode).toBe(200);
    expectMatchesReference('PATCH', '/contacts/{id}', 200, patch.json());
    const badPatch = await api('PATCH', `/ea/contacts/${contactId}`, { lastName: null });
    expect(badPatch.statusCode).toBe(400);
    expectMatchesReference('PATCH', '/contacts/{id}', 400, badPatch.json());
    const missingPatch = await api('PATCH', `/ea/contacts/${UNKNOWN}`, {});
    expect(missingPatch.statusCode).toBe(404);
    expectMatchesReference('PATCH', '/contacts/{id}', 404, missingPatch.json());
  });

  it('DELETE /contacts/{id} 204, 404 and 409', async () => {
    const [id, purged] = ((await api('POST', '/ea/contacts', [person(), person()])).json() as Array<{ data: { id: string } }>).map((i) => i.data.id);
    const ok = await api('DELETE', `/ea/contacts/${id ?? ''}`);
    expect(ok.statusCode).toBe(204);
    expect(ok.body).toBe('');
    const missing = await api('DELETE', `/ea/contacts/${UNKNOWN}`);
    expect(missing.statusCode).toBe(404);
    expectMatchesReference('DELETE', '/contacts/{id}', 404, missing.json());
    await t.services.db.db.updateTable('contacts').set({ purged: 1 }).where('id', '=', purged ?? '').execute();
    const conflict = await api('DELETE', `/ea/contacts/${purged ?? ''}`);
    expect(conflict.statusCode).toBe(409);
    expectMatchesReference('DELETE', '/contacts/{id}', 409, conflict.json());
  });
});
