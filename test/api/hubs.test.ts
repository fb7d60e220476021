import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { describeContract, expectReferenceAnswer } from '../contract/reference.js';

// Events+ hubs (issue 30): eventline's extensions create hubs and members; the reference's lists read them back with
// their filters and sorts, validated against the reference; another account's hub is 404; a member's contact's
// obfuscation deletes the member.

interface Hub { id: string; title: string; status: string; owner: { email?: string }; colors?: { main?: string } }
interface Member { id: string; firstName: string; lastName: string; emailAddress: string; jobTitle?: string; workAddress?: { city?: string } }
interface Page<T> { data: T[]; paging: { totalCount?: number; nextToken?: string } }
const MISSING = '0190a1b2-0000-7000-8000-000000000000';

let t: TestApp;
let api: Api;
let other: Api;
let accountId: string;
const q = (filter: string) => `filter=${encodeURIComponent(filter)}`;
const owner = { firstName: 'Hana', lastName: 'Owner', email: 'hana.owner@example.test' };

beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
  const tenant = await createTenant(t.services);
  accountId = tenant.accountId;
  await t.services.accounts.setFeature(accountId, 'contact-obfuscation', true);
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  other = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
});
afterAll(async () => t?.close());

describe('Events+ hubs', () => {
  it('creates hubs and lists them with the id filter', async () => {
    const hub = await ok<Hub>(api('POST', '/ea/hubs', { title: 'Customer hub', owner, url: 'https://hub.example.test', colors: { main: '#336699' }, themeSafeMode: true }), 201);
    expect(hub).toMatchObject({ title: 'Customer hub', status: 'Active', owner, colors: { main: '#336699' } });
    const second = await ok<Hub>(api('POST', '/ea/hubs', { title: 'Partner hub', owner, status: 'Inactive' }), 201);
    expect((await api('POST', '/ea/hubs', { title: 'No owner' })).statusCode).toBe(400);
    expect((await api('POST', '/ea/hubs', { title: 'Bad', owner, url: 'http://plain.example' })).statusCode).toBe(400);
    const page = expectReferenceAnswer('GET', '/hubs', 200, await api('GET', '/ea/hubs')) as Page<Hub>;
    expect(page.data.map((h) => h.id)).toEqual([hub.id, second.id]);
    expect((await ok<Page<Hub>>(api('GET', `/ea/hubs?${q(`id ne '${hub.id}'`)}`))).data.map((h) => h.id)).toEqual([second.id]);
    expectReferenceAnswer('GET', '/hubs', 400, await api('GET', `/ea/hubs?${q("title eq 'x'")}`));
    expect((await ok<Page<Hub>>(other('GET', '/ea/hubs'))).data).toEqual([]);
  });

  it('adds members (one per email), filters and sorts them, 404 for another account\'s hub, and erases a member with its contact', async () => {
    const hub = await ok<Hub>(api('POST', '/ea/hubs', { title: 'Members hub', owner }), 201);
    const contactRes = await api('POST', '/ea/contacts', [{ firstName: 'Zora', lastName: 'Member', email: 'zora.member@example.test' }]);
    const contact = (contactRes.json() as Array<{ data: { id: string } }>)[0]?.data.id ?? '';
    const add = (body: Record<string, unknown>) => api('POST', `/ea/hubs/${hub.id}/members`, body);
    await ok(add({ firstName: 'Zora', lastName: 'Member', emailAddress: 'Zora.Member@example.test', jobTitle: 'Engineer', workAddress: { city: 'Lisbon' }, headline: 'Builds things' }), 201);
    await ok(add({ firstName: 'Abel', lastName: 'Other', emailAddress: 'abel@example.test', jobTitle: 'Designer', companyName: 'Acme', visible: true }), 201);
    expect((await add({ firstName: 'Zora', lastName: 'Again', emailAddress: 'zora.member@example.test' })).statusCode).toBe(409);
    expect((await add({ firstName: 'X', lastName: 'Y', emailAddress: 'not-an-email' })).statusCode).toBe(400);

    const page = expectReferenceAnswer('GET', '/hubs/{hubId}/members', 200, await api('GET', `/ea/hubs/${hub.id}/members`)) as Page<Member>;
    expect(page.data.map((m) => m.emailAddress)).toEqual(['zora.member@example.test', 'abel@example.test']);
    expect(page.data[0]).toMatchObject({ jobTitle: 'Engineer', workAddress: { city: 'Lisbon' } });
    const names = async (query: string) => (await ok<Page<Member>>(api('GET', `/ea/hubs/${hub.id}/members?${query}`))).data.map((m) => m.firstName);
    expect(await names(q("jobTitle contains 'sign'"))).toEqual(['Abel']);
    expect(await names(q("workAddress.city contains 'lis' or companyName contains 'acme'"))).toEqual(['Zora', 'Abel']);
    expect(await names('sort=firstName:ASC')).toEqual(['Abel', 'Zora']);
    expectReferenceAnswer('GET', '/hubs/{hubId}/members', 400, await api('GET', `/ea/hubs/${hub.id}/members?${q("firstName eq 'Abel'")}`));
    expectReferenceAnswer('GET', '/hubs/{hubId}/members', 404, await api('GET', `/ea/hubs/${MISSING}/members`));
    expect((await other('GET', `/ea/hubs/${hub.id}/members`)).statusCode).toBe(404);
    expect((await other('POST', `/ea/hubs/${hub.id}/members`, { firstName: 'E', lastName: 'Vil', emailAddress: 'e@evil.example' })).statusCode).toBe(404);

    const start = await api('POST', `/ea/contacts/${contact}/obfuscate`);
    expect(start.statusCode, start.body).toBe(202);
    const deadline = Date.now() + 20_000;
    let left = await names('');
    while (left.includes('Zora') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      left = await names('');
    }
    expect(left).toEqual(['Abel']);
  });
});

describeContract('contract: Events+ hubs match the reference', () => {
  it('GET 401, 403', async () => {
    expectReferenceAnswer('GET', '/hubs', 401, await apiClient(t.app, undefined)('GET', '/ea/hubs'));
    const tenant = await createTenant(t.services);
    expectReferenceAnswer('GET', '/hubs', 403, await apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'))('GET', '/ea/hubs'));
  });
});
