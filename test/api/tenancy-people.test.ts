import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { png, uploadFile } from '../helpers/files.js';

// People (issue 30): one account never sees or changes another account's contact groups, memberships, types,
// histories, relationships, profile pictures, nor merges its contacts: 404 (not 403) for every id of another account.

interface Page<T> { data: T[] }

let t: TestApp;
let apiA: Api;
let apiB: Api;
let groupA: string;
let contactA: string;
let contactA2: string;
let contactB: string;
let groupB: string;
let imageB: string;

async function contact(api: Api, email: string): Promise<string> {
  const res = await api('POST', '/ea/contacts', [{ firstName: 'T', lastName: 'Enant', email }]);
  return (res.json() as Array<{ data: { id: string } }>)[0]?.data.id ?? '';
}

beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
  const a = await createTenant(t.services, { name: 'Tenant A' });
  const b = await createTenant(t.services, { name: 'Tenant B' });
  apiA = apiClient(t.app, await tokenFor(t.app, a));
  const tokenB = await tokenFor(t.app, b);
  apiB = apiClient(t.app, tokenB);
  contactA = await contact(apiA, `a1.${Date.now()}@a.example`);
  contactA2 = await contact(apiA, `a2.${Date.now()}@a.example`);
  contactB = await contact(apiB, `b1.${Date.now()}@b.example`);
  groupA = (await apiA('POST', '/ea/contact-groups', { name: 'A secret group' })).json<{ id: string }>().id;
  groupB = (await apiB('POST', '/ea/contact-groups', { name: 'B group' })).json<{ id: string }>().id;
  await apiA('PUT', `/ea/contact-groups/${groupA}/contacts/${contactA}`);
  await apiA('PUT', `/ea/contacts/${contactA}/related-contacts/${contactA2}`);
  await apiA('POST', '/ea/contact-types', { name: 'A type' });
  await apiA('PUT', `/ea/contacts/${contactA}/profile-images`, { file: { id: await uploadFile(t.app, (await tokenFor(t.app, a)), 'a.png', png()) } });
  imageB = await uploadFile(t.app, tokenB, 'b.png', png());
});
afterAll(async () => t?.close());

describe('people tenancy', () => {
  it("answers 404 for every one of account A's ids when called by account B, and changes nothing", async () => {
    const calls: Array<[string, string, unknown]> = [
      ['GET', `/ea/contact-groups/${groupA}`, undefined],
      ['PUT', `/ea/contact-groups/${groupA}`, { name: 'Hijacked' }],
      ['DELETE', `/ea/contact-groups/${groupA}`, undefined],
      ['GET', `/ea/contact-groups/${groupA}/contacts`, undefined],
      ['PUT', `/ea/contact-groups/${groupA}/contacts/${contactB}`, undefined],
      ['DELETE', `/ea/contact-groups/${groupA}/contacts/${contactA}`, undefined],
      ['PUT', `/ea/contact-groups/${groupB}/contacts/${contactA}`, undefined],
      ['GET', `/ea/contacts/${contactA}/history`, undefined],
      ['GET', `/ea/contacts/${contactA}/related-contacts`, undefined],
      ['PUT', `/ea/contacts/${contactA}/related-contacts/${contactB}`, undefined],
      ['PUT', `/ea/contacts/${contactB}/related-contacts/${contactA}`, undefined],
      ['DELETE', `/ea/contacts/${contactA}/related-contacts/${contactA2}`, undefined],
      ['PUT', `/ea/contacts/${contactA}/profile-images`, { file: { id: imageB } }],
      ['DELETE', `/ea/contacts/${contactA}/profile-images`, undefined],
      ['POST', `/ea/contacts/${contactA}/merge`, { secondaryContacts: [contactB] }],
      ['POST', `/ea/contacts/${contactB}/merge`, { secondaryContacts: [contactA] }],
    ];
    for (const [method, url, body] of calls) {
      const res = await apiB(method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 404 });
    }
    expect((await apiA('GET', `/ea/contact-groups/${groupA}`)).json()).toMatchObject({ name: 'A secret group' });
    expect((await apiA('GET', `/ea/contact-groups/${groupA}/contacts`)).json<Page<{ id: string }>>().data).toEqual([{ id: contactA }]);
    expect((await apiA('GET', `/ea/contacts/${contactA}/related-contacts`)).json<Page<{ id: string }>>().data).toEqual([{ id: contactA2 }]);
    expect((await apiA('DELETE', `/ea/contacts/${contactA}/profile-images`)).statusCode).toBe(204);
    expect((await apiB('GET', `/ea/contacts/${contactB}`)).json()).toMatchObject({ deleted: false });
  });

  it("lists only the caller's own groups and types", async () => {
    expect((await apiB('GET', '/ea/contact-groups')).json<Page<{ id: string }>>().data.map((g) => g.id)).toEqual([groupB]);
    expect((await apiB('GET', '/ea/contact-types')).json<Page<unknown>>().data).toEqual([]);
  });
});
