import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { png, uploadFile } from '../helpers/files.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';
import { describeContract, expectReferenceAnswer, referenceOperation } from './reference.js';

// People (issue 30, the Contacts tag) as eventline really answers it: contact groups and members, contact types,
// change history, merges, profile pictures and related contacts; every status served validated against the
// reference's response schemas (DESIGN rule 2). The contact-type create extension has no reference schema: the API test covers it.
describeContract('contract: people (contact groups, types, history, merge, pictures, relationships) match the reference', () => {
  let t: TestApp;
  let token: string;
  let api: Api;
  let anonymous: Api;
  let narrow: Api;
  let otherApi: Api;
  let seq = 0;
  let accountId: string;
  const MISSING = '0190a1b2-0000-7000-8000-000000000000';
  const dataDir = mkdtempSync(join(tmpdir(), 'eventline-people-contract-'));
  const ok = expectReferenceAnswer;

  const contact = async (fields: Record<string, unknown> = {}): Promise<string> => {
    seq += 1;
    const res = await api('POST', '/ea/contacts', [{ firstName: 'Cora', lastName: `Contract${seq}`, email: `cora${seq}.${Date.now()}@example.test`, ...fields }]);
    return (res.json() as Array<{ data: { id: string } }>)[0]?.data.id ?? '';
  };

  beforeAll(async () => {
    t = await startTestApp({ env: { DATA_DIR: dataDir, RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
    const tenant = await createTenant(t.services);
    accountId = tenant.accountId;
    token = await tokenFor(t.app, tenant);
    api = apiClient(t.app, token);
    anonymous = apiClient(t.app, undefined);
    narrow = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('declares the reference scopes', () => {
    expect(referenceOperation('GET', '/contact-groups')).toEqual({ operationId: 'listContactGroups', scopes: ['event/contact-groups:read'] });
    expect(referenceOperation('POST', '/contacts/{id}/merge')).toEqual({ operationId: 'mergeContacts', scopes: ['event/contacts:write', 'event/contacts:write-sensitive'] });
    expect(referenceOperation('GET', '/contact-types')).toEqual({ operationId: 'listContactTypes', scopes: ['event/contact-types:read'] });
  });

  it('contact groups: POST 201, 400, 401, 403; GET 200, 400, 404; PUT 200, 400, 404; DELETE 204, 404', async () => {
    const group = ok('POST', '/contact-groups', 201, await api('POST', '/ea/contact-groups', { name: 'Contract group', shortDescription: 'short', description: 'long' })) as { id: string };
    ok('POST', '/contact-groups', 201, await api('POST', '/ea/contact-groups', { name: 'Contract list', type: 'DISTRIBUTION_LIST', distributionListInfo: { securityType: 'PUBLIC', internalNote: 'n' } }));
    ok('POST', '/contact-groups', 400, await api('POST', '/ea/contact-groups', { name: 'x'.repeat(101) }));
    ok('POST', '/contact-groups', 401, await anonymous('POST', '/ea/contact-groups', { name: 'A' }));
    ok('POST', '/contact-groups', 403, await narrow('POST', '/ea/contact-groups', { name: 'A' }));
    const page = ok('GET', '/contact-groups', 200, await api('GET', '/ea/contact-groups?limit=1')) as { data: unknown[]; paging: { nextToken?: string } };
    expect(page.data).toHaveLength(1);
    ok('GET', '/contact-groups', 200, await api('GET', `/ea/contact-groups?token=${encodeURIComponent(page.paging.nextToken ?? '')}`));
    ok('GET', '/contact-groups', 400, await api('GET', `/ea/contact-groups?filter=${encodeURIComponent("nope eq 'x'")}`));
    ok('GET', '/contact-groups/{id}', 200, await api('GET', `/ea/contact-groups/${group.id}`));
    ok('GET', '/contact-groups/{id}', 404, await otherApi('GET', `/ea/contact-groups/${group.id}`));
    ok('PUT', '/contact-groups/{id}', 200, await api('PUT', `/ea/contact-groups/${group.id}`, { name: 'Contract group 2' }));
    ok('PUT', '/contact-groups/{id}', 400, await api('PUT', `/ea/contact-groups/${group.id}`, { name: 'Contract group 2', type: 'BLACKLIST' }));
    ok('PUT', '/contact-groups/{id}', 404, await api('PUT', `/ea/contact-groups/${MISSING}`, { name: 'X' }));
    ok('DELETE', '/contact-groups/{id}', 204, await api('DELETE', `/ea/contact-groups/${group.id}`));
    ok('DELETE', '/contact-groups/{id}', 404, await api('DELETE', `/ea/contact-groups/${group.id}`));
  });

  it('group members: PUT 204, 404; GET 200, 400, 404; DELETE 204, 404', async () => {
    const group = ok('POST', '/contact-groups', 201, await api('POST', '/ea/contact-groups', { name: 'Members group' })) as { id: string };
    const who = await contact();
    ok('PUT', '/contact-groups/{id}/contacts/{contactId}', 204, await api('PUT', `/ea/contact-groups/${group.id}/contacts/${who}`));
    ok('PUT', '/contact-groups/{id}/contacts/{contactId}', 404, await api('PUT', `/ea/contact-groups/${group.id}/contacts/${MISSING}`));
    const page = ok('GET', '/contact-groups/{id}/contacts', 200, await api('GET', `/ea/contact-groups/${group.id}/contacts`)) as { data: Array<{ id: string }> };
    expect(page.data).toEqual([{ id: who }]);
    ok('GET', '/contact-groups/{id}/contacts', 400, await api('GET', `/ea/contact-groups/${group.id}/contacts?limit=0`));
    ok('GET', '/contact-groups/{id}/contacts', 404, await api('GET', `/ea/contact-groups/${MISSING}/contacts`));
    ok('DELETE', '/contact-groups/{id}/contacts/{contactId}', 204, await api('DELETE', `/ea/contact-groups/${group.id}/contacts/${who}`));
    ok('DELETE', '/contact-groups/{id}/contacts/{contactId}', 404, await api('DELETE', `/ea/contact-groups/${group.id}/contacts/${who}`));
  });

  it('contact types: GET 200, 400', async () => {
    expect((await api('POST', '/ea/contact-types', { name: 'Member', description: 'A paying member' })).statusCode).toBe(201);
    const page = ok('GET', '/contact-types', 200, await api('GET', '/ea/contact-types')) as { data: unknown[] };
    expect(page.data).toHaveLength(1);
    ok('GET', '/contact-types', 200, await api('GET', `/ea/contact-types?filter=${encodeURIComponent("name eq 'Member'")}`));
    ok('GET', '/contact-types', 400, await api('GET', `/ea/contact-types?filter=${encodeURIComponent("code eq 'x'")}`));
  });

  it('history: GET 200, 400, 404', async () => {
    const who = await contact({ company: 'Before' });
    await api('PATCH', `/ea/contacts/${who}`, { company: 'After' });
    const page = ok('GET', '/contacts/{contactId}/history', 200, await api('GET', `/ea/contacts/${who}/history`)) as { data: unknown[] };
    expect(page.data.length).toBe(2); // the creation, then the company's change
    ok('GET', '/contacts/{contactId}/history', 400, await api('GET', `/ea/contacts/${who}/history?after=yesterday`));
    ok('GET', '/contacts/{contactId}/history', 404, await api('GET', `/ea/contacts/${MISSING}/history`));
  });

  it('related contacts: PUT 204, 400, 404; GET 200, 400, 404; DELETE 204, 404', async () => {
    const [a, b] = [await contact(), await contact()];
    ok('PUT', '/contacts/{id}/related-contacts/{relatedContactId}', 204, await api('PUT', `/ea/contacts/${a}/related-contacts/${b}`));
    ok('PUT', '/contacts/{id}/related-contacts/{relatedContactId}', 400, await api('PUT', `/ea/contacts/${a}/related-contacts/${a}`));
    ok('PUT', '/contacts/{id}/related-contacts/{relatedContactId}', 404, await api('PUT', `/ea/contacts/${a}/related-contacts/${MISSING}`));
    const page = ok('GET', '/contacts/{id}/related-contacts', 200, await api('GET', `/ea/contacts/${a}/related-contacts`)) as { data: unknown[] };
    expect(page.data).toEqual([{ id: b }]);
    ok('GET', '/contacts/{id}/related-contacts', 400, await api('GET', `/ea/contacts/${a}/related-contacts?limit=500`));
    ok('GET', '/contacts/{id}/related-contacts', 404, await api('GET', `/ea/contacts/${MISSING}/related-contacts`));
    ok('DELETE', '/contacts/{id}/related-contacts/{relatedContactId}', 204, await api('DELETE', `/ea/contacts/${a}/related-contacts/${b}`));
    ok('DELETE', '/contacts/{id}/related-contacts/{relatedContactId}', 404, await api('DELETE', `/ea/contacts/${a}/related-contacts/${b}`));
  });

  it('profile pictures: PUT 200, 400, 404; DELETE 204, 404', async () => {
    const who = await contact();
    const image = await uploadFile(t.app, token, 'face.png', png());
    ok('PUT', '/contacts/{id}/profile-images', 200, await api('PUT', `/ea/contacts/${who}/profile-images`, { file: { id: image } }));
    ok('PUT', '/contacts/{id}/profile-images', 400, await api('PUT', `/ea/contacts/${who}/profile-images`, { file: { id: 'nope' } }));
    ok('PUT', '/contacts/{id}/profile-images', 404, await api('PUT', `/ea/contacts/${MISSING}/profile-images`, { file: { id: image } }));
    ok('DELETE', '/contacts/{id}/profile-images', 204, await api('DELETE', `/ea/contacts/${who}/profile-images`));
    ok('DELETE', '/contacts/{id}/profile-images', 404, await api('DELETE', `/ea/contacts/${who}/profile-images`));
  });

  it('merge: POST 200, 400, 403, 404, 409', async () => {
    const [main, other] = [await contact({ company: 'Main Co' }), await contact({ title: 'CTO' })];
    ok('POST', '/contacts/{id}/merge', 400, await api('POST', `/ea/contacts/${main}/merge`, { secondaryContacts: [main] }));
    ok('POST', '/contacts/{id}/merge', 403, await narrow('POST', `/ea/contacts/${main}/merge`, { secondaryContacts: [other] }));
    ok('POST', '/contacts/{id}/merge', 404, await api('POST', `/ea/contacts/${main}/merge`, { secondaryContacts: [MISSING] }));
    const event = await fixtureEvent(t.services, accountId, 'Virtual', 'Merge contract');
    for (const who of [main, other]) expect((await api('POST', '/ea/attendees', [{ event: { id: event }, contact: { id: who } }])).statusCode).toBe(207);
    ok('POST', '/contacts/{id}/merge', 409, await api('POST', `/ea/contacts/${main}/merge`, { secondaryContacts: [other], conflictResolution: { events: [{ eventId: event, contactId: other }] } }));
    const merged = ok('POST', '/contacts/{id}/merge', 200, await api('POST', `/ea/contacts/${main}/merge`, {
      secondaryContacts: [other], conflictResolution: { contactFields: [{ fieldName: 'title', contactId: other }] },
    })) as { title?: string };
    expect(merged.title).toBe('CTO');
  });
});
