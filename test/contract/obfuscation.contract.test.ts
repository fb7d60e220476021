import { readFileSync } from 'node:fs';
import YAML from 'yaml';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_SCOPES } from '../../src/modules/oauth/index.js';
import { apiClient, createTenant, startTestApp, tokenFor, waitFor, type Api, type TestApp } from '../helpers/app.js';
import { describeContract, expectMatchesReference, referencePath } from './reference.js';
import { createVenue, seedPerson } from './obfuscation.fixtures.js';

// Contact obfuscation and bulk-job responses, as eventline sends them,
// validated against the reference's response schemas (DESIGN rule 2).
describeContract('contract: obfuscation and bulk jobs match the reference', () => {
  let t: TestApp;
  let api: Api;
  let narrow: Api;
  let contactId: string;
  let second: string;

  beforeAll(async () => {
    t = await startTestApp();
    const ten = await createTenant(t.services);
    await t.services.accounts.setFeature(ten.accountId, 'contact-obfuscation', true);
    api = apiClient(t.app, await tokenFor(t.app, ten));
    const limited = await createTenant(t.services, { appScopes: ALL_SCOPES.filter((s) => !s.startsWith('bulk/') && s !== 'event/contacts:write') });
    narrow = apiClient(t.app, await tokenFor(t.app, limited));
    const venue = await createVenue(t.services, ten.accountId);
    contactId = (await seedPerson(t.services.db.db, venue, { firstName: 'Contra', lastName: 'Ctual', email: 'contra@contract.test', phone: '+1 555 0101 222', note: 'n' })).contactId;
    second = (await seedPerson(t.services.db.db, venue, { firstName: 'Secunda', lastName: 'Ctual', email: 'secunda@contract.test', phone: '+1 555 0101 333', note: 'n' })).contactId;
  });
  afterAll(async () => t?.close());

  it('POST /contacts/{id}/obfuscate 202, 401, 403 and GET /contacts/obfuscate/{obfuscateId}/status 200', async () => {
    const res = await api('POST', `/ea/contacts/${contactId}/obfuscate`);
    expect(res.statusCode).toBe(202);
    expectMatchesReference('POST', '/contacts/{id}/obfuscate', 202, res.json());
    const id = (res.json() as { obfuscateId: string }).obfuscateId;
    const status = await waitFor(async () => {
      const s = await api('GET', `/ea/contacts/obfuscate/${id}/status`);
      return (s.json() as { status: string }).status === 'COMPLETED' ? s : undefined;
    });
    expectMatchesReference('GET', '/contacts/obfuscate/{obfuscateId}/status', 200, status.json());
    const seedGet = await api('GET', `/ea/contacts/${contactId}/obfuscate`);
    expectMatchesReference('POST', '/contacts/{id}/obfuscate', 202, seedGet.json());
    const noToken = await apiClient(t.app, undefined)('POST', `/ea/contacts/${contactId}/obfuscate`);
    expect(noToken.statusCode).toBe(401);
    expectMatchesReference('POST', '/contacts/{id}/obfuscate', 401, noToken.json());
    const forbidden = await narrow('POST', `/ea/contacts/${contactId}/obfuscate`);
    expect(forbidden.statusCode).toBe(403);
    expectMatchesReference('POST', '/contacts/{id}/obfuscate', 403, forbidden.json());
  });

  it('bulk jobs: create 201, data 200, run 200, get 200, results 200, cancel 200, and their errors', async () => {
    const body = { name: 'Erase', url: '/contacts/{id}/obfuscate', operation: 'POST', mode: 'SEQUENTIAL', ttl: 3600 };
    const created = await api('POST', '/ea/bulk-jobs', { ...body, data: [{ pathParams: { id: second }, dataRecord: {} }] });
    expect(created.statusCode).toBe(201);
    expectMatchesReference('POST', '/bulk-jobs', 201, created.json());
    const id = (created.json() as { id: string }).id;
    const data = await api('POST', `/ea/bulk-jobs/${id}/data`, { data: [{ pathParams: { id: contactId }, dataRecord: {} }] });
    expectMatchesReference('POST', '/bulk-jobs/{id}/data', 200, data.json());
    const run = await api('POST', `/ea/bulk-jobs/${id}/run`);
    expectMatchesReference('POST', '/bulk-jobs/{id}/run', 200, run.json());
    const done = await waitFor(async () => {
      const g = await api('GET', `/ea/bulk-jobs/${id}`);
      return (g.json() as { status: string }).status === 'COMPLETED' ? g : undefined;
    });
    expectMatchesReference('GET', '/bulk-jobs/{id}', 200, done.json());
    const results = await api('GET', `/ea/bulk-jobs/${id}/results?limit=1`);
    expect(results.statusCode).toBe(200);
    expectMatchesReference('GET', '/bulk-jobs/{id}/results', 200, results.json());
    const conflict = await api('POST', `/ea/bulk-jobs/${id}/run`);
    expect(conflict.statusCode).toBe(409);
    expectMatchesReference('POST', '/bulk-jobs/{id}/run', 409, conflict.json());

    const pending = (await api('POST', '/ea/bulk-jobs', body)).json() as { id: string };
    const cancel = await api('POST', `/ea/bulk-jobs/${pending.id}/cancel`);
    expectMatchesReference('POST', '/bulk-jobs/{id}/cancel', 200, cancel.json());
    const bad = await api('POST', '/ea/bulk-jobs', { ...body, operation: 'GET' });
    expect(bad.statusCode).toBe(400);
    expectMatchesReference('POST', '/bulk-jobs', 400, bad.json());
    const missing = await api('GET', '/ea/bulk-jobs/0190a1b2-0000-7000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expectMatchesReference('GET', '/bulk-jobs/{id}', 404, missing.json());
    const forbidden = await narrow('GET', `/ea/bulk-jobs/${id}`);
    expect(forbidden.statusCode).toBe(403);
    expectMatchesReference('GET', '/bulk-jobs/{id}', 403, forbidden.json());
  });

  it('POST /bulk-jobs takes a job without name, mode and ttl (the reference requires them but never defines them) and fills the documented defaults', async () => {
    // What the reference says, so this test fails if that changes: required, yet absent from the properties.
    type RefSchema = { required?: string[]; properties?: Record<string, unknown>; allOf?: RefSchema[] };
    const reference = YAML.parse(readFileSync(referencePath, 'utf8')) as { components: { schemas: Record<string, RefSchema> } };
    const job = reference.components.schemas['bulk-job-with-data'];
    const defined = new Set([job, ...(job?.allOf ?? [])].flatMap((s) => Object.keys(s?.properties ?? {})));
    for (const field of ['name', 'mode', 'ttl']) {
      expect(job?.required).toContain(field);
      expect(defined.has(field), field).toBe(false);
    }

    const created = await api('POST', '/ea/bulk-jobs', { url: '/contacts/{id}/obfuscate', operation: 'POST' });
    expect(created.statusCode, created.body).toBe(201);
    expectMatchesReference('POST', '/bulk-jobs', 201, created.json());
    const body = created.json() as { id: string; name: string; mode: string; ttl: number; created: string };
    expect(body.mode).toBe('sequential');
    expect(body.ttl).toBe(604_800);
    expect(body.name).toBe(`POST ${body.created}`);
    const got = await api('GET', `/ea/bulk-jobs/${body.id}`);
    expectMatchesReference('GET', '/bulk-jobs/{id}', 200, got.json());
    expect(got.json()).toMatchObject({ name: body.name, mode: 'sequential', ttl: 604_800 });
    // Given values are kept; a bad one is still a 400.
    const named = (await api('POST', '/ea/bulk-jobs', { name: 'Erase Q3', url: '/contacts/{id}/obfuscate', operation: 'POST', mode: 'SEQUENTIAL', ttl: 60 })).json();
    expect(named).toMatchObject({ name: 'Erase Q3', mode: 'SEQUENTIAL', ttl: 60 });
    const bad = await api('POST', '/ea/bulk-jobs', { url: '/contacts/{id}/obfuscate', operation: 'POST', ttl: 0 });
    expect(bad.statusCode).toBe(400);
    expectMatchesReference('POST', '/bulk-jobs', 400, bad.json());
  });
});
