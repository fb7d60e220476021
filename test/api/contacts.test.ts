import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';

interface ContactBody { id: string; firstName?: string; lastName?: string; email?: string; deleted?: boolean; purged: boolean; lastModified?: string; [k: string]: unknown }
interface Page { paging: { nextToken?: string; previousToken?: string; currentToken?: string; limit: number; totalCount: number; _links: { next?: { href: string } } }; data: ContactBody[] }
interface BulkItem { status: number; message?: string; data: ContactBody & { code?: number; target?: string } }

let t: TestApp;
let api: Api;
let apiB: Api;
let accountA: string;
let accountB: string;
let seq = 0;

const person = (overrides: Record<string, unknown> = {}) => {
  seq += 1;
  return { firstName: 'Pat', lastName: `Person${seq}`, email: `pat${seq}@example.test`, ...overrides };
};

async function create(api_: Api, ...items: Array<Record<string, unknown>>): Promise<ContactBody[]> {
  const res = await api_('POST', '/ea/contacts', items);
  expect(res.statusCode).toBe(207);
  const body = res.json() as BulkItem[];
  for (const item of body) expect(item.status, JSON.stringify(item)).toBe(201);
  return body.map((i) => i.data);
}

const list = async (query: string): Promise<Page> => {
  const res = await api('GET', `/ea/contacts?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const byFilter = async (filter: string): Promise<ContactBody[]> => (await list(`filter=${encodeURIComponent(filter)}&limit=200`)).data;
const count = async (): Promise<number> => (await list('limit=1')).paging.totalCount;

beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
  const a = await createTenant(t.services);
  const b = await createTenant(t.services);
  accountA = a.accountId;
  accountB = b.accountId;
  api = apiClient(t.app, await tokenFor(t.app, a));
  apiB = apiClient(t.app, await tokenFor(t.app, b));
});
afterAll(async () => t?.close());

describe('contacts: create and find (the seed: filter on email or name)', () => {
  it('creates contacts in a 207 and finds one with GET /contacts?filter=email eq \'...\', case-insensitively', async () => {
    const [henry] = await create(api, { firstName: 'Henry', lastName: 'Potterfield', email: 'H.Potterfield@Example.test', workPhone: '555-0100', company: 'Cvent' });
    expect(henry).toMatchObject({ firstName: 'Henry', lastName: 'Potterfield', email: 'H.Potterfield@Example.test', deleted: false, purged: false, workPhone: '555-0100' });
    expect(henry?.id).toMatch(/^[0-9a-f-]{36}$/);
    const found = await byFilter("email eq 'h.potterfield@example.test'");
    expect(found.map((c) => c.id)).toEqual([henry?.id]);
    expect(found[0]).toMatchObject({ firstName: 'Henry', lastName: 'Potterfield', company: 'Cvent', workPhone: '555-0100' });
    const got = await api('GET', `/ea/contacts/${henry?.id ?? ''}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ id: henry?.id, email: 'H.Potterfield@Example.test', createdBy: expect.any(String) as string });
  });

  it('filters by name with sw, contains and quoted escapes, in the query and in a POST body', async () => {
    const [smith, smythe, obrien, quoted] = await create(api,
      person({ firstName: 'Anna', lastName: 'Smith' }), person({ firstName: 'Bob', lastName: 'Smythe' }),
      person({ firstName: 'Cora', lastName: "O'Brien" }), person({ firstName: 'Dee "DJ"', lastName: 'Jay' }));
    const sw = await byFilter("lastName sw 'Sm'");
    expect(sw.map((c) => c.id).sort()).toEqual([smith?.id, smythe?.id].sort());
    expect((await byFilter("lastName sw 'sm' and firstName eq 'anna'")).map((c) => c.id)).toEqual([smith?.id]);
    expect((await byFilter("lastName eq 'O\\'Brien'")).map((c) => c.id)).toEqual([obrien?.id]);
    expect((await byFilter('lastName eq "O\'Brien"')).map((c) => c.id)).toEqual([obrien?.id]);
    expect((await byFilter('firstName eq "Dee \\"DJ\\""')).map((c) => c.id)).toEqual([quoted?.id]);
    expect((await byFilter("firstName contains 'ee \"D'")).map((c) => c.id)).toEqual([quoted?.id]);
    // A LIKE wildcard in the value is matched literally.
    expect(await byFilter("lastName sw 'S%'")).toEqual([]);
    const post = await api('POST', '/ea/contacts/filter', { filter: "lastName sw 'Sm' or lastName eq 'Jay'" });
    expect(post.statusCode).toBe(200);
    expect((post.json() as Page).data.map((c) => c.id).sort()).toEqual([smith?.id, smythe?.id, quoted?.id].sort());
  });

  it('filters on profile fields kept in JSON: phones, addresses, type.id, optOut.optedOut', async () => {
    const typeId = '861b51ec-aa7e-475f-b38d-4c8e35c47d63';
    const [c1] = await create(api, person({
      mobilePhone: '555-7777', workAddress: { city: 'Austin', countryCode: 'US', address1: '4001 West Parmer' }, type: { id: typeId.toUpperCase() },
      optOut: { optedOut: true }, nickname: 'Sunny',
    }));
    expect(c1).toMatchObject({ optOut: { optedOut: true }, type: { id: typeId } });
    expect((c1?.['optOut'] as { date?: string }).date).toBeDefined();
    expect((await byFilter("mobilePhone eq '555-7777'")).map((c) => c.id)).toEqual([c1?.id]);
    expect((await byFilter("workAddress.city eq 'austin'")).map((c) => c.id)).toEqual([c1?.id]);
    expect((await byFilter(`type.id eq '${typeId}'`)).map((c) => c.id)).toEqual([c1?.id]);
    expect((await byFilter("optOut.optedOut eq true and nickname eq 'Sunny'")).map((c) => c.id)).toEqual([c1?.id]);
    expect((await byFilter("optOut.optedOut eq false")).map((c) => c.id)).not.toContain(c1?.id);
  });

  it('answers 400 with target filter for an unknown field or an operator the reference does not list', async () => {
    for (const filter of ["password eq 'x'", "company sw 'Cv'", "email eq 'x' or 1=1 --", "lastName eq 'unterminated"]) {
      const res = await api('GET', `/ea/contacts?filter=${encodeURIComponent(filter)}`);
      expect(res.statusCode, filter).toBe(400);
      expect((res.json() as { target: string }).target).toBe('filter');
    }
    expect((await api('GET', '/ea/contacts?sort=lastName:ASC')).statusCode).toBe(400);
  });

  it('pages with nextToken and previousToken', async () => {
    await create(api, person(), person(), person());
    const total = await count();
    const seen = new Set<string>();
    let url: string | undefined = '/ea/contacts?limit=2';
    let pages = 0;
    while (url) {
      const page = (await api('GET', url)).json() as Page;
      for (const c of page.data) seen.add(c.id);
      url = page.paging.nextToken ? `/ea/contacts?token=${page.paging.nextToken}` : undefined;
      if (++pages > 100) throw new Error('paging did not end');
    }
    expect(seen.size).toBe(total);
  });
});

describe('contacts: validation and uniqueness', () => {
  it('reports a bad item on its own (400 with the field as target) and stores the good ones', async () => {
    const before = await count();
    const res = await api('POST', '/ea/contacts', [
      person(), { firstName: 'No', lastName: 'Email' }, person({ email: 'not-an-email' }), person({ gender: 'Robot' }), person({ firstName: 'x'.repeat(31) }), person(),
    ]);
    expect(res.statusCode).toBe(207);
    const items = res.json() as BulkItem[];
    expect(items.map((i) => i.status)).toEqual([201, 400, 400, 400, 400, 201]);
    expect(items.slice(1, 5).map((i) => i.data.target)).toEqual(['email', 'email', 'gender', 'firstName']);
    expect(items[1]?.data.code).toBe(400);
    expect(await count()).toBe(before + 2);
  });

  it('refuses a malformed request as a whole: not an array, empty, more than 10 items, bad upsert', async () => {
    const before = await count();
    for (const body of [person(), [], Array.from({ length: 11 }, () => person())]) {
      const res = await api('POST', '/ea/contacts', body);
      expect(res.statusCode).toBe(400);
      expect((res.json() as { code: number }).code).toBe(400);
    }
    const badQuery = await api('POST', '/ea/contacts?upsert=maybe', [person({ email: 'bad' })]);
    expect(badQuery.statusCode).toBe(400);
    expect((badQuery.json() as { target: string }).target).toBe('upsert');
    expect(await count()).toBe(before);
  });

  it('answers 409 for an email (any case) or sourceId already held by an active contact, also within one batch', async () => {
    const [a] = await create(api, person({ email: 'dup@example.test', sourceId: 'crm-1' }));
    const res = await api('POST', '/ea/contacts', [
      person({ email: 'DUP@example.test' }), person({ sourceId: 'crm-1' }), person({ email: 'twice@example.test' }), person({ email: 'Twice@example.test' }),
    ]);
    const items = res.json() as BulkItem[];
    expect(items.map((i) => i.status)).toEqual([409, 409, 201, 409]);
    expect(items.map((i) => i.data.target)).toEqual(['email', 'sourceId', undefined, 'email']);
    const [b] = await create(api, person());
    const put = await api('PUT', `/ea/contacts/${b?.id ?? ''}`, { ...person(), email: 'dup@example.test' });
    expect(put.statusCode).toBe(409);
    // Deleting frees the email for a new contact.
    expect((await api('DELETE', `/ea/contacts/${a?.id ?? ''}`)).statusCode).toBe(204);
    await create(api, person({ email: 'dup@example.test', sourceId: 'crm-1' }));
  });

  it('upserts on email: updates only the fields sent (200) or creates (201)', async () => {
    const [c] = await create(api, person({ email: 'up@example.test', company: 'Old Co', workPhone: '1' }));
    const res = await api('POST', '/ea/contacts?upsert=true', [{ firstName: 'New', lastName: 'Name', email: 'UP@example.test', company: 'New Co' }, person()]);
    const items = res.json() as BulkItem[];
    expect(items.map((i) => i.status)).toEqual([200, 201]);
    expect(items[0]?.data).toMatchObject({ id: c?.id, firstName: 'New', company: 'New Co', workPhone: '1' });
  });
});

describe('contacts: update, patch, delete', () => {
  it('PUT replaces the writable fields and ignores read-only fields echoed back', async () => {
    const [c] = await create(api, person({ company: 'Acme', homePhone: '123' }));
    const echoed = { ...c, id: c?.id, created: '2000-01-01T00:00:00Z', purged: true, deleted: true, firstName: 'Renamed', homePhone: undefined };
    const res = await api('PUT', `/ea/contacts/${c?.id ?? ''}`, echoed);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ContactBody;
    expect(body).toMatchObject({ id: c?.id, firstName: 'Renamed', company: 'Acme', purged: false, deleted: false, created: c?.['created'] });
    expect(body['homePhone']).toBeUndefined();
    const mismatch = await api('PUT', `/ea/contacts/${c?.id ?? ''}`, { ...person(), id: '0190a1b2-0000-7000-8000-000000000000' });
    expect(mismatch.statusCode).toBe(400);
    expect((mismatch.json() as { target: string }).target).toBe('id');
    const invalid = await api('PUT', `/ea/contacts/${c?.id ?? ''}`, { firstName: 'x', email: 'x@example.test' });
    expect(invalid.statusCode).toBe(400);
    expect((invalid.json() as { target: string }).target).toBe('lastName');
    expect(((await api('GET', `/ea/contacts/${c?.id ?? ''}`)).json() as ContactBody).firstName).toBe('Renamed');
  });

  it('PATCH changes only the fields sent, merges nested objects and removes a field set to null', async () => {
    const [c] = await create(api, person({ company: 'Acme', workAddress: { city: 'Austin', postalCode: '78727' }, pager: '9' }));
    const res = await api('PATCH', `/ea/contacts/${c?.id ?? ''}`, { company: 'Beta', workAddress: { city: 'Boston', postalCode: null }, pager: null });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ContactBody;
    expect(body).toMatchObject({ firstName: c?.firstName, company: 'Beta', workAddress: { city: 'Boston' } });
    expect(body['pager']).toBeUndefined();
    expect((body['workAddress'] as Record<string, unknown>)['postalCode']).toBeUndefined();
    const removeRequired = await api('PATCH', `/ea/contacts/${c?.id ?? ''}`, { email: null });
    expect(removeRequired.statusCode).toBe(400);
    expect((removeRequired.json() as { target: string }).target).toBe('email');
    const badType = await api('PATCH', `/ea/contacts/${c?.id ?? ''}`, { gender: 'Robot' });
    expect(badType.statusCode).toBe(400);
    expect((badType.json() as { target: string }).target).toBe('gender');
  });

  it('bulk PUT and PATCH answer each item: 200, 404 for an unknown id, 400 for a bad item', async () => {
    const [a, b] = await create(api, person(), person());
    const put = await api('PUT', '/ea/contacts', [
      { ...person(), id: a?.id, company: 'Put Co' }, { ...person(), id: '0190a1b2-0000-7000-8000-000000000000' }, { id: b?.id, firstName: 'NoLast' },
    ]);
    expect(put.statusCode).toBe(207);
    const putItems = put.json() as BulkItem[];
    expect(putItems.map((i) => i.status)).toEqual([200, 404, 400]);
    expect(putItems[0]?.data).toMatchObject({ id: a?.id, company: 'Put Co' });
    const patch = await api('PATCH', '/ea/contacts', [{ id: b?.id, title: 'Chief' }, { title: 'no id' }, { id: a?.id, company: null }]);
    const patchItems = patch.json() as BulkItem[];
    expect(patchItems.map((i) => i.status)).toEqual([200, 400, 200]);
    expect(patchItems[1]?.data.target).toBe('id');
    expect(patchItems[0]?.data).toMatchObject({ id: b?.id, title: 'Chief', lastName: b?.lastName });
    expect(patchItems[2]?.data['company']).toBeUndefined();
  });

  it('DELETE marks the contact deleted: kept, out of the default list, listed with a deleted filter', async () => {
    const [c] = await create(api, person({ lastName: 'Deletable' }));
    expect((await api('DELETE', `/ea/contacts/${c?.id ?? ''}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/contacts/${c?.id ?? ''}`)).statusCode).toBe(204);
    expect((await api('GET', `/ea/contacts/${c?.id ?? ''}`)).json()).toMatchObject({ id: c?.id, deleted: true, lastName: 'Deletable' });
    expect(await byFilter("lastName eq 'Deletable'")).toEqual([]);
    expect((await byFilter("lastName eq 'Deletable' and deleted eq true")).map((x) => x.id)).toEqual([c?.id]);
    expect((await api('DELETE', '/ea/contacts/0190a1b2-0000-7000-8000-000000000000')).statusCode).toBe(404);
  });

  it('keeps a purged contact\'s id: limited shape, listed only with includePurged (filter by id only), writes refused with 409', async () => {
    const [c] = await create(api, person({ lastName: 'Purgeable' }));
    const id = c?.id ?? '';
    await t.services.db.db.updateTable('contacts').set({ purged: 1, first_name: null, last_name: null, email: null }).where('id', '=', id).execute();
    const got = (await api('GET', `/ea/contacts/${id}`)).json() as ContactBody;
    expect(got).toEqual({ id, lastModified: c?.lastModified, purged: true });
    expect((await byFilter(`id eq '${id}'`))).toEqual([]);
    const withPurged = await list(`includePurged=true&filter=${encodeURIComponent(`id eq '${id}'`)}`);
    expect(withPurged.data).toEqual([{ id, lastModified: c?.lastModified, purged: true }]);
    expect((await api('GET', `/ea/contacts?includePurged=true&filter=${encodeURIComponent("lastName eq 'x'")}`)).statusCode).toBe(400);
    expect((await api('PUT', `/ea/contacts/${id}`, person())).statusCode).toBe(409);
    expect((await api('PATCH', `/ea/contacts/${id}`, { title: 'x' })).statusCode).toBe(409);
    expect((await api('DELETE', `/ea/contacts/${id}`)).statusCode).toBe(409);
    // The includePurged choice travels in the paging token.
    const first = await list('includePurged=true&limit=1');
    let token = first.paging.nextToken;
    const ids = new Set(first.data.map((x) => x.id));
    while (token) {
      const page = (await api('GET', `/ea/contacts?token=${token}`)).json() as Page;
      for (const x of page.data) ids.add(x.id);
      token = page.paging.nextToken;
    }
    expect(ids.has(id)).toBe(true);
  });
});

describe('contacts: tenancy and scopes', () => {
  it('answers 404 for another account\'s contact on every id route and changes nothing', async () => {
    const [mine] = await create(api, person({ lastName: 'Private' }));
    const id = mine?.id ?? '';
    for (const [method, url, body] of [
      ['GET', `/ea/contacts/${id}`, undefined], ['PUT', `/ea/contacts/${id}`, person()], ['PATCH', `/ea/contacts/${id}`, { title: 'x' }], ['DELETE', `/ea/contacts/${id}`, undefined],
    ] as const) {
      const res = await apiB(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const bulk = await apiB('PATCH', '/ea/contacts', [{ id, title: 'hijack' }]);
    expect((bulk.json() as BulkItem[])[0]?.status).toBe(404);
    const put = await apiB('PUT', '/ea/contacts', [{ ...person(), id }]);
    expect((put.json() as BulkItem[])[0]?.status).toBe(404);
    expect((await api('GET', `/ea/contacts/${id}`)).json()).toMatchObject({ lastName: 'Private', deleted: false });
    expect((await api('GET', `/ea/contacts/${id}`)).json()).not.toHaveProperty('title');
  });

  it('shows none of another account\'s contacts in lists and filters, and lets it use the same email', async () => {
    const [mine] = await create(api, person({ email: 'shared@example.test', lastName: 'Secretive' }));
    for (const filter of [`id eq '${mine?.id ?? ''}'`, "email eq 'shared@example.test'", "lastName sw 'Secret'"]) {
      for (const res of [await apiB('GET', `/ea/contacts?filter=${encodeURIComponent(filter)}`), await apiB('POST', '/ea/contacts/filter', { filter })]) {
        expect((res.json() as Page).data).toEqual([]);
      }
    }
    const [theirs] = await create(apiB, person({ email: 'shared@example.test' }));
    expect(theirs?.id).not.toBe(mine?.id);
    const rows = await t.services.db.db.selectFrom('contacts').select('account_id').where('id', '=', theirs?.id ?? '').execute();
    expect(rows).toEqual([{ account_id: accountB }]);
  });

  it('finds contacts by ids for embedding, leaving out other accounts\' ids and unknown ids', async () => {
    const [mine] = await create(api, person());
    const [theirs] = await create(apiB, person());
    const rows = await t.services.contacts.findByIds(accountA, [mine?.id ?? '', (theirs?.id ?? '').toUpperCase(), '0190a1b2-0000-7000-8000-000000000000']);
    expect(rows.map((c) => c.id)).toEqual([mine?.id]);
    await expect(t.services.contacts.get(accountB, mine?.id ?? '')).rejects.toMatchObject({ status: 404 });
  });

  it('answers 403 when the token lacks the operation\'s scope', async () => {
    const tenant = await createTenant(t.services);
    const readOnly = apiClient(t.app, await tokenFor(t.app, tenant, 'event/contacts:read'));
    const noContacts = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    const noDelete = apiClient(t.app, await tokenFor(t.app, tenant, 'event/contacts:read event/contacts:write'));
    expect((await readOnly('GET', '/ea/contacts')).statusCode).toBe(200);
    expect((await noContacts('GET', '/ea/contacts')).statusCode).toBe(403);
    expect((await noContacts('POST', '/ea/contacts/filter', {})).statusCode).toBe(403);
    expect((await readOnly('POST', '/ea/contacts', [person()])).statusCode).toBe(403);
    expect((await readOnly('PUT', '/ea/contacts', [person()])).statusCode).toBe(403);
    expect((await readOnly('PATCH', '/ea/contacts/0190a1b2-0000-7000-8000-000000000000', {})).statusCode).toBe(403);
    const created = (await noDelete('POST', '/ea/contacts', [person()])).json() as BulkItem[];
    const res = await noDelete('DELETE', `/ea/contacts/${created[0]?.data.id ?? ''}`);
    expect(res.statusCode).toBe(403);
    expect(res.headers['www-authenticate']).toMatch(/insufficient_scope/);
  });
});
