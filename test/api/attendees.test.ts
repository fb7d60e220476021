import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventInput } from '../../src/modules/events/index.js';
import { apiClient, createTenant, sampleEvent, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';

interface AttendeeBody {
  id: string; event: { id: string }; status: string; confirmationNumber: string; checkedIn: boolean; lastModified: string; attendeeLastModified: string;
  registeredAt?: string; contact: { id: string; firstName?: string; lastName?: string; email?: string; [k: string]: unknown }; [k: string]: unknown;
}
interface Page { paging: { nextToken?: string; totalCount: number; limit: number }; data: AttendeeBody[] }
interface BulkItem { status: number; message?: string; data: { id: string | null; code?: number; message?: string; target?: string } }

let t: TestApp;
let api: Api;
let apiB: Api;
let accountA: string;
let accountB: string;
let eventA: string;
let eventA2: string;
let eventB: string;
let seq = 0;

const UNKNOWN = '0190a1b2-0000-7000-8000-000000000000';
const person = (overrides: Record<string, unknown> = {}) => {
  seq += 1;
  return { firstName: 'Ada', lastName: `Guest${seq}`, email: `ada${seq}@example.test`, ...overrides };
};

async function newEvent(accountId: string, title: string): Promise<string> {
  return (await t.services.events.createNow(accountId, 'test', sampleEvent({ title }) as EventInput)).id;
}

async function newContact(api_: Api, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await api_('POST', '/ea/contacts', [person(fields)]);
  const [item] = res.json() as Array<{ status: number; data: { id: string } }>;
  expect(item?.status).toBe(201);
  return item?.data.id ?? '';
}

async function add(api_: Api, ...items: unknown[]): Promise<BulkItem[]> {
  const res = await api_('POST', '/ea/attendees', items);
  expect(res.statusCode, res.body).toBe(207);
  return res.json() as BulkItem[];
}

async function addOne(item: Record<string, unknown>): Promise<AttendeeBody> {
  const [r] = await add(api, item);
  expect(r?.status, JSON.stringify(r)).toBe(201);
  return (await api('GET', `/ea/attendees/${r?.data.id ?? ''}`)).json() as AttendeeBody;
}

const filterA = async (filter: string, extra = ''): Promise<AttendeeBody[]> => {
  const res = await api('GET', `/ea/attendees?limit=200&filter=${encodeURIComponent(filter)}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Page).data;
};
const attendeeCount = async (accountId: string): Promise<number> =>
  Number((await t.services.db.db.selectFrom('attendees').select((eb) => eb.fn.countAll().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow()).n);
const contactCount = async (accountId: string): Promise<number> =>
  Number((await t.services.db.db.selectFrom('contacts').select((eb) => eb.fn.countAll().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
  const a = await createTenant(t.services);
  const b = await createTenant(t.services);
  accountA = a.accountId;
  accountB = b.accountId;
  api = apiClient(t.app, await tokenFor(t.app, a));
  apiB = apiClient(t.app, await tokenFor(t.app, b));
  eventA = await newEvent(accountA, 'A Conference');
  eventA2 = await newEvent(accountA, 'A Workshop');
  eventB = await newEvent(accountB, 'B Summit');
});
afterAll(async () => t?.close());

describe('attendees: add (207 per item) and read', () => {
  it('adds an existing contact by id and embeds the contact in GET /attendees/{id}', async () => {
    const contactId = await newContact(api, { firstName: 'Henry', lastName: 'Potterfield', company: 'Cvent', workPhone: '555' });
    const attendee = await addOne({ event: { id: eventA }, contact: { id: contactId.toUpperCase() }, status: 'Accepted', note: 'front row' });
    expect(attendee).toMatchObject({
      event: { id: eventA }, status: 'Accepted', checkedIn: false, guest: false, note: 'front row', invitedBy: 'API Invited', responseMethod: 'API-Responded',
      contact: { id: contactId, firstName: 'Henry', lastName: 'Potterfield', company: 'Cvent', workPhone: '555', deleted: false },
    });
    expect(attendee.confirmationNumber).toMatch(/^[A-Z0-9]{11}$/);
    expect(attendee.registeredAt).toBeDefined();
    await expect(t.services.attendees.findInEvent(accountA, eventA, attendee.id)).resolves.toMatchObject({ id: attendee.id });
    expect(await t.services.attendees.findInEvent(accountA, eventA2, attendee.id)).toBeUndefined();
    expect(await t.services.attendees.findInEvent(accountB, eventA, attendee.id)).toBeUndefined();
  });

  it('adds a new contact from its fields, reusing the active contact with the same email', async () => {
    const contactsBefore = await contactCount(accountA);
    const first = await addOne({ event: { id: eventA }, contact: person({ email: 'walkin@example.test', lastName: 'Walkin' }) });
    expect(first).toMatchObject({ status: 'No Response', responseMethod: 'No Response', contact: { email: 'walkin@example.test', lastName: 'Walkin' } });
    expect(first.registeredAt).toBeUndefined();
    const second = await addOne({ event: { id: eventA2 }, contact: person({ email: 'WALKIN@example.test' }) });
    expect(second.contact.id).toBe(first.contact.id);
    expect(await contactCount(accountA)).toBe(contactsBefore + 1);
  });

  it('stores the good items of a batch of 100 and reports each bad one: unknown event, bad email, duplicate', async () => {
    const event = await newEvent(accountA, 'Big Batch');
    const already = await newContact(api);
    await add(api, { event: { id: event }, contact: { id: already } });
    const attendeesBefore = await attendeeCount(accountA);
    const contactsBefore = await contactCount(accountA);
    const expected: number[] = [];
    const items: unknown[] = [];
    for (let i = 0; i < 100; i++) {
      if (i % 10 === 3) { items.push({ event: { id: UNKNOWN }, contact: person() }); expected.push(404); }
      else if (i % 10 === 5) { items.push({ event: { id: eventB }, contact: person() }); expected.push(404); }
      else if (i % 10 === 7) { items.push({ event: { id: event }, contact: person({ email: `bad-${i}` }) }); expected.push(400); }
      else if (i === 9) { items.push({ event: { id: event }, contact: { id: already } }); expected.push(409); }
      else if (i === 19) { items.push({ event: { id: event }, contact: { id: UNKNOWN } }); expected.push(404); }
      else if (i === 29) { items.push({ event: { id: event }, contact: person(), status: 'Waitlisted' }); expected.push(400); }
      else if (i === 39) { items.push({ contact: person() }); expected.push(400); }
      else { items.push({ event: { id: event }, contact: person(), status: i % 2 === 0 ? 'Accepted' : 'No Response' }); expected.push(201); }
    }
    // The same new person twice in one batch: the second is a duplicate.
    const twice = person();
    items[98] = { event: { id: event }, contact: twice };
    items[99] = { event: { id: event }, contact: { ...twice, email: twice.email.toUpperCase() } };
    expected[98] = 201;
    expected[99] = 409;
    const result = await add(api, ...items);
    expect(result.map((r) => r.status)).toEqual(expected);
    const good = expected.filter((s) => s === 201).length;
    expect(good).toBe(65);
    for (const [i, r] of result.entries()) {
      if (r.status === 201) expect(r.data.id).toMatch(/^[0-9a-f-]{36}$/);
      else expect(r.data, `item ${i}`).toMatchObject({ id: null, code: r.status, message: expect.any(String) as string });
    }
    expect(result[3]?.data.target).toBe('event.id');
    expect(result[5]?.data.target).toBe('event.id');
    expect(result[7]?.data.target).toBe('contact.email');
    expect(result[9]?.data.target).toBe('contact');
    expect(result[19]?.data.target).toBe('contact.id');
    expect(result[29]?.data.target).toBe('status');
    expect(result[39]?.data.target).toBe('event');
    expect(await attendeeCount(accountA)).toBe(attendeesBefore + good);
    // Only the good items' new contacts were created (the bad ones left nothing behind).
    expect(await contactCount(accountA)).toBe(contactsBefore + good);
    expect(await attendeeCount(accountB)).toBe(0);
    const listed = await filterA(`event.id eq '${event}'`);
    expect(listed).toHaveLength(good + 1);
  });

  it('refuses a malformed batch as a whole: not an array, empty, more than 100 items', async () => {
    const before = await attendeeCount(accountA);
    for (const body of [{ event: { id: eventA } }, [], Array.from({ length: 101 }, () => ({ event: { id: eventA }, contact: person() }))]) {
      const res = await api('POST', '/ea/attendees', body);
      expect(res.statusCode).toBe(400);
    }
    const notObjects = await add(api, null, 7, 'x', { event: null, contact: {} });
    expect(notObjects.map((r) => [r.status, r.data.target])).toEqual([[400, 'body'], [400, 'body'], [400, 'body'], [400, 'event']]);
    expect(await attendeeCount(accountA)).toBe(before);
  });

  it('reports another account\'s event or contact as 404 per item, and does not add a deleted contact', async () => {
    const theirContact = await newContact(apiB);
    const deleted = await newContact(api);
    expect((await api('DELETE', `/ea/contacts/${deleted}`)).statusCode).toBe(204);
    const res = await add(api, { event: { id: eventB }, contact: person() }, { event: { id: eventA }, contact: { id: theirContact } }, { event: { id: eventA }, contact: { id: deleted } });
    expect(res.map((r) => r.status)).toEqual([404, 404, 409]);
    const guest = await add(api, { event: { id: eventA2 }, contact: person(), guest: true, primaryId: UNKNOWN });
    expect(guest[0]).toMatchObject({ status: 404, data: { target: 'primaryId' } });
  });
});

describe('attendees: lists and filters', () => {
  it('filters by event, contact email (case-insensitive), name prefix, status and checkedIn, in the query and a POST body', async () => {
    const event = await newEvent(accountA, 'Filter Fest');
    const smith = await addOne({ event: { id: event }, contact: person({ lastName: 'Smith', email: 'Smith.F@Example.test' }), status: 'Accepted' });
    const smythe = await addOne({ event: { id: event }, contact: person({ lastName: 'Smythe' }) });
    await addOne({ event: { id: event }, contact: person({ lastName: "O'Neil" }), status: 'Pending Approval' });
    const inEvent = `event.id eq '${event}'`;
    expect((await filterA(`${inEvent} and contact.email eq 'smith.f@example.test'`)).map((a) => a.id)).toEqual([smith.id]);
    expect((await filterA(`${inEvent} and contact.lastName sw 'Sm'`)).map((a) => a.id).sort()).toEqual([smith.id, smythe.id].sort());
    expect((await filterA(`${inEvent} and contact.lastName eq 'O\\'Neil'`)).map((a) => a.contact.lastName)).toEqual(["O'Neil"]);
    expect((await filterA(`${inEvent} and status eq 'Accepted'`)).map((a) => a.id)).toEqual([smith.id]);
    expect((await filterA(`${inEvent} and checkedIn eq false`))).toHaveLength(3);
    expect((await filterA(`${inEvent} and contact.id eq '${smythe.contact.id}'`)).map((a) => a.id)).toEqual([smythe.id]);
    expect((await filterA(`${inEvent} and created ge '2000-01-01' and registrationType.id is null`))).toHaveLength(3);
    const post = await api('POST', '/ea/attendees/filter?limit=2', { filter: `${inEvent} and (status eq 'Accepted' or status eq 'No Response')` });
    expect(post.statusCode).toBe(200);
    expect((post.json() as Page).paging.totalCount).toBe(2);
  });

  it('sorts by the reference\'s sortable fields and pages through a sorted list', async () => {
    const event = await newEvent(accountA, 'Sorted');
    for (const [lastName, company] of [['Delta', 'Zed'], ['Alpha', 'Acme'], ['Charlie', 'Zed'], ['Bravo', 'Acme'], ['Echo', 'Zed']]) {
      await addOne({ event: { id: event }, contact: person({ lastName, company }) });
    }
    const url = (q: string) => `/ea/attendees?filter=${encodeURIComponent(`event.id eq '${event}'`)}&${q}`;
    const names: string[] = [];
    let next: string | undefined = url('sort=contact.company:DESC,contact.lastName:ASC&limit=2');
    while (next) {
      const page = (await api('GET', next)).json() as Page;
      names.push(...page.data.map((a) => a.contact.lastName ?? ''));
      next = page.paging.nextToken ? `/ea/attendees?token=${page.paging.nextToken}` : undefined;
    }
    expect(names).toEqual(['Charlie', 'Delta', 'Echo', 'Alpha', 'Bravo']);
    for (const bad of ['sort=contact.email:ASC', 'sort=registeredAt:UP', 'sort=checkIn:ASC:x']) {
      const res = await api('GET', url(bad));
      expect(res.statusCode, bad).toBe(400);
      expect((res.json() as { target: string }).target).toBe('sort');
    }
  });

  it('answers 400 with target filter for a field or operator the reference does not list', async () => {
    for (const filter of ["contact.email contains 'x'", "password eq 'x'", "status sw 'Acc'", "checkedIn eq 'maybe'"]) {
      const res = await api('GET', `/ea/attendees?filter=${encodeURIComponent(filter)}`);
      expect(res.statusCode, filter).toBe(400);
      expect((res.json() as { target: string }).target).toBe('filter');
    }
  });

  it('moves lastModified (not attendeeLastModified) when the contact changes', async () => {
    const a = await addOne({ event: { id: eventA2 }, contact: person() });
    await new Promise((r) => setTimeout(r, 5));
    expect((await api('PATCH', `/ea/contacts/${a.contact.id}`, { title: 'Director' })).statusCode).toBe(200);
    const after = (await api('GET', `/ea/attendees/${a.id}`)).json() as AttendeeBody;
    expect(after.contact['title']).toBe('Director');
    expect(after.attendeeLastModified).toBe(a.attendeeLastModified);
    expect(after.lastModified > a.lastModified).toBe(true);
    expect((await filterA(`id eq '${a.id}'`, `&after=${encodeURIComponent(a.lastModified)}`)).map((x) => x.id)).toEqual([a.id]);
  });
});

describe('attendees: update', () => {
  it('PUT changes status along the reference\'s transitions and replaces the writable fields', async () => {
    const a = await addOne({ event: { id: eventA2 }, contact: person(), note: 'old', referenceId: 'ref-1' });
    const put = (body: Record<string, unknown>) => api('PUT', `/ea/attendees/${a.id}`, { event: { id: eventA2 }, contact: { id: a.contact.id }, ...body });
    const accepted = await put({ status: 'Accepted', note: 'new', visibility: 'Public' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const body = accepted.json() as AttendeeBody;
    expect(body).toMatchObject({ id: a.id, status: 'Accepted', note: 'new', visibility: 'Public' });
    expect(body['referenceId']).toBeUndefined();
    expect(body.registeredAt).toBeDefined();
    const declined = await put({ status: 'Declined' });
    expect(declined.statusCode).toBe(400);
    expect((declined.json() as { target: string; message: string }).target).toBe('status');
    const cancelled = (await put({ status: 'Cancelled' })).json() as AttendeeBody;
    expect(cancelled).toMatchObject({ status: 'Cancelled', registrationCancelledAt: expect.any(String) as string });
    const moved = await put({ status: 'Cancelled', event: { id: eventA } });
    expect(moved.statusCode).toBe(400);
    expect((moved.json() as { target: string }).target).toBe('event.id');
    const otherContact = await put({ status: 'Cancelled', contact: { id: UNKNOWN } });
    expect((otherContact.json() as { target: string }).target).toBe('contact.id');
    const invalid = await api('PUT', `/ea/attendees/${a.id}`, { event: { id: eventA2 }, contact: {}, status: 'Waitlisted' });
    expect(invalid.statusCode).toBe(400);
    expect((invalid.json() as { target: string }).target).toBe('status');
    expect((await api('PUT', `/ea/attendees/${UNKNOWN}`, { event: { id: eventA2 }, contact: {}, status: 'Accepted' })).statusCode).toBe(404);
  });
});

describe('attendees: tenancy and scopes', () => {
  it('answers 404 for another account\'s attendee and shows none of its rows in lists', async () => {
    const a = await addOne({ event: { id: eventA }, contact: person({ lastName: 'Hidden' }) });
    expect((await apiB('GET', `/ea/attendees/${a.id}`)).statusCode).toBe(404);
    expect((await apiB('PUT', `/ea/attendees/${a.id}`, { event: { id: eventA }, contact: {}, status: 'Accepted' })).statusCode).toBe(404);
    expect(((await api('GET', `/ea/attendees/${a.id}`)).json() as AttendeeBody).status).toBe('No Response');
    for (const filter of [`id eq '${a.id}'`, `event.id eq '${eventA}'`, "contact.lastName eq 'Hidden'", `id ne '${UNKNOWN}'`]) {
      const viaGet = (await apiB('GET', `/ea/attendees?filter=${encodeURIComponent(filter)}`)).json() as Page;
      const viaPost = (await apiB('POST', '/ea/attendees/filter', { filter })).json() as Page;
      expect(viaGet.data).toEqual([]);
      expect(viaPost.data).toEqual([]);
    }
  });

  it('answers 403 when the token lacks the operation\'s scope', async () => {
    const tenant = await createTenant(t.services);
    const readOnly = apiClient(t.app, await tokenFor(t.app, tenant, 'event/attendees:read'));
    const contactsOnly = apiClient(t.app, await tokenFor(t.app, tenant, 'event/contacts:read event/contacts:write'));
    expect((await readOnly('GET', '/ea/attendees')).statusCode).toBe(200);
    expect((await readOnly('POST', '/ea/attendees', [{ event: { id: eventA }, contact: person() }])).statusCode).toBe(403);
    expect((await readOnly('PUT', `/ea/attendees/${UNKNOWN}`, { event: { id: eventA }, contact: {}, status: 'Accepted' })).statusCode).toBe(403);
    expect((await contactsOnly('GET', '/ea/attendees')).statusCode).toBe(403);
    expect((await contactsOnly('POST', '/ea/attendees/filter', {})).statusCode).toBe(403);
    expect((await contactsOnly('GET', `/ea/attendees/${UNKNOWN}`)).statusCode).toBe(403);
  });
});
