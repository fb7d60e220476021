import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/db/ids.js';
import { apiClient, createTenant, sampleEvent, startTestApp, tokenFor, waitFor, type Api, type TestApp } from '../helpers/app.js';

interface EventBody { id: string; title: string; format: string; virtual: boolean; code: string; lastModified: string; [k: string]: unknown }
interface Page { paging: { nextToken?: string; previousToken?: string; currentToken?: string; limit: number; totalCount: number; _links: { self: { href: string }; next?: { href: string } } }; data: EventBody[] }

let t: TestApp;
let api: Api;
let token: string;
let accountId: string;

async function createViaApi(body: Record<string, unknown>): Promise<EventBody> {
  const res = await api('POST', '/ea/events/async', body);
  expect(res.statusCode).toBe(202);
  const { id } = res.json() as { id: string; status: string };
  expect(res.headers['location']).toBe(`/ea/events/async/${id}/status`);
  const status = await waitFor(async () => {
    const s = await api('GET', `/ea/events/async/${id}/status`);
    const b = s.json() as { status: string; event?: { id: string } };
    return b.status === 'Created' ? b : undefined;
  }, 10_000, 'event creation');
  const got = await api('GET', `/ea/events/${status.event?.id ?? ''}`);
  expect(got.statusCode).toBe(200);
  return got.json() as EventBody;
}

beforeAll(async () => {
  t = await startTestApp();
  const tenant = await createTenant(t.services);
  accountId = tenant.accountId;
  token = await tokenFor(t.app, tenant);
  api = apiClient(t.app, token);
});
afterAll(async () => t?.close());

describe('events', () => {
  it('creates an event asynchronously: 202 with Location, Processing, then Created with the event id', async () => {
    const res = await api('POST', '/ea/events/async', sampleEvent({ title: 'Async Created' }));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'Processing' });
    const created = await createViaApi(sampleEvent({ title: 'Second Async', format: 'Virtual' }));
    expect(created).toMatchObject({ title: 'Second Async', format: 'Virtual', virtual: true, status: 'Active' });
    expect(created.code).toMatch(/^[A-Z0-9]{10}$/);
  });

  it('rejects an invalid event with 400 naming the field, and creates nothing', async () => {
    const before = (await api('GET', '/ea/events')).json() as Page;
    const res = await api('POST', '/ea/events/async', sampleEvent({ format: 'Online' }));
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: number; message: string; target: string };
    expect(body.code).toBe(400);
    expect(body.target).toBe('format');
    const missing = await api('POST', '/ea/events/async', { title: 'x' });
    expect(missing.statusCode).toBe(400);
    const badDates = await api('POST', '/ea/events/async', sampleEvent({ start: '2027-03-02T00:00:00Z', end: '2027-03-01T00:00:00Z' }));
    expect(badDates.statusCode).toBe(400);
    expect((badDates.json() as { target: string }).target).toBe('end');
    const notJson = await t.app.inject({ method: 'POST', url: '/ea/events/async', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: '{"title":' });
    expect(notJson.statusCode).toBe(400);
    const after = (await api('GET', '/ea/events')).json() as Page;
    expect(after.paging.totalCount).toBe(before.paging.totalCount);
  });

  it('updates an event with PUT and ignores read-only fields echoed back', async () => {
    const ev = await createViaApi(sampleEvent({ title: 'Before Update', format: 'In-person' }));
    expect(ev.virtual).toBe(false);
    const res = await api('PUT', `/ea/events/${ev.id}`, { ...ev, title: 'After Update', format: 'Hybrid', code: 'HACKED', id: '00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(200);
    const updated = res.json() as EventBody;
    expect(updated).toMatchObject({ id: ev.id, title: 'After Update', format: 'Hybrid', virtual: true, code: ev.code });
    expect(updated.lastModified >= ev.lastModified).toBe(true);
    expect(((await api('GET', `/ea/events/${ev.id}`)).json() as EventBody).title).toBe('After Update');
  });

  it('answers 404 for an unknown event and for a malformed id', async () => {
    expect((await api('GET', '/ea/events/0190a1b2-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await api('PUT', '/ea/events/0190a1b2-0000-7000-8000-000000000000', sampleEvent())).statusCode).toBe(404);
    const bad = await api('GET', '/ea/events/not-a-uuid');
    expect(bad.statusCode).toBe(404);
    expect((bad.json() as { target: string }).target).toBe('path');
  });

  it('filters with the reference grammar, in the query and in a POST body', async () => {
    await createViaApi(sampleEvent({ title: 'Filterable Gala', format: 'Virtual', planners: [{ firstName: 'Flo', lastName: "O'Hara", email: 'flo@example.test' }] }));
    const q = encodeURIComponent("title contains 'Gala' and (format eq 'Virtual' or format eq 'Hybrid')");
    const viaQuery = (await api('GET', `/ea/events?filter=${q}`)).json() as Page;
    expect(viaQuery.data.map((e) => e.title)).toEqual(['Filterable Gala']);
    const viaBody = await api('POST', '/ea/events/filter', { filter: "planner.lastName eq 'O\\'Hara'" });
    expect(viaBody.statusCode).toBe(200);
    expect((viaBody.json() as Page).data.map((e) => e.title)).toEqual(['Filterable Gala']);
    const virtual = (await api('GET', `/ea/events?filter=${encodeURIComponent("virtual eq 'false'")}`)).json() as Page;
    expect(virtual.data.every((e) => e.virtual === false)).toBe(true);
  });

  it('answers 400 with target filter and the column for a bad filter, and for an operator the field does not allow', async () => {
    const bad = await api('GET', `/ea/events?filter=${encodeURIComponent("title eq 'unterminated")}`);
    expect(bad.statusCode).toBe(400);
    const body = bad.json() as { target: string; message: string };
    expect(body.target).toBe('filter');
    expect(body.message).toMatch(/column 10/);
    const op = await api('GET', `/ea/events?filter=${encodeURIComponent("format sw 'Vir'")}`);
    expect(op.statusCode).toBe(400);
    expect((op.json() as { message: string }).message).toMatch(/sw/);
    const field = await api('POST', '/ea/events/filter', { filter: "password eq 'x'" });
    expect(field.statusCode).toBe(400);
    expect((field.json() as { message: string }).message).toMatch(/Unknown field 'password'/);
    const injection = await api('GET', `/ea/events?filter=${encodeURIComponent("title eq 'x' or 1=1 --")}`);
    expect(injection.statusCode).toBe(400);
  });

  it('rejects limit outside 1-200 and a tampered token with 400', async () => {
    for (const limit of ['0', '201', '-5', 'abc']) {
      const res = await api('GET', `/ea/events?limit=${limit}`);
      expect(res.statusCode).toBe(400);
      expect((res.json() as { target: string }).target).toBe('limit');
    }
    expect((await api('GET', '/ea/events?limit=200')).statusCode).toBe(200);
    const tampered = await api('GET', '/ea/events?token=not-a-token');
    expect(tampered.statusCode).toBe(400);
    expect((tampered.json() as { target: string }).target).toBe('token');
    const forged = Buffer.from(JSON.stringify({ v: 1, r: 'events', c: ["' or 1=1 --"], d: 'next', l: 5000 })).toString('base64url');
    expect((await api('GET', `/ea/events?token=${forged}`)).statusCode).toBe(400);
  });

  it('sorts by start descending when asked, and refuses an unsortable field', async () => {
    const res = (await api('GET', '/ea/events?sort=start:DESC&limit=200')).json() as Page;
    const starts = res.data.map((e) => String(e['start']));
    expect(starts).toEqual([...starts].sort().reverse());
    expect((await api('GET', '/ea/events?sort=title:ASC')).statusCode).toBe(400);
  });
});

describe('paging', () => {
  it('walks nextToken over 1,000 events while others are inserted and returns every pre-existing event exactly once', async () => {
    const { events } = t.services;
    const planner = { firstName: 'P', lastName: 'Q', email: 'p.q@example.test' };
    const existing = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const e = await events.createNow(accountId, 'test', { title: `Bulk ${i}`, format: 'In-person', type: 'Meeting', timezone: 'UTC', languages: ['en-US'], planners: [planner] });
      existing.add(e.id);
    }
    const all = ((await api('GET', '/ea/events?limit=200')).json() as Page).paging.totalCount;
    const seen = new Map<string, number>();
    let url: string | undefined = '/ea/events?limit=37';
    let pages = 0;
    let inserted = 0;
    while (url) {
      const page = (await api('GET', url)).json() as Page;
      pages += 1;
      for (const e of page.data) seen.set(e.id, (seen.get(e.id) ?? 0) + 1);
      // Concurrent inserts while paging: they must not shift or duplicate the walk.
      for (let k = 0; k < 3; k++) {
        await events.createNow(accountId, 'test', { title: `Late ${pages}-${k}`, format: 'Virtual', type: 'Meeting', timezone: 'UTC', languages: ['en-US'], planners: [planner] });
        inserted += 1;
      }
      url = page.paging.nextToken ? `/ea/events?token=${page.paging.nextToken}` : undefined;
      expect(page.paging.limit).toBe(37);
      if (pages > 200) throw new Error('paging did not end');
    }
    for (const id of existing) expect(seen.get(id)).toBe(1);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    expect(all).toBeGreaterThanOrEqual(1000);
    expect(inserted).toBeGreaterThan(0);
  });

  it('has no nextToken on the last page, and previousToken walks back to the same rows', async () => {
    const first = (await api('GET', '/ea/events?limit=5')).json() as Page;
    expect(first.paging.previousToken).toBeUndefined();
    const second = (await api('GET', `/ea/events?token=${first.paging.nextToken ?? ''}`)).json() as Page;
    expect(second.paging.limit).toBe(5);
    const back = (await api('GET', `/ea/events?token=${second.paging.previousToken ?? ''}`)).json() as Page;
    expect(back.data.map((e) => e.id)).toEqual(first.data.map((e) => e.id));
    const filter = encodeURIComponent("title eq 'Filterable Gala'");
    const only = (await api('GET', `/ea/events?filter=${filter}`)).json() as Page;
    expect(only.data).toHaveLength(1);
    expect(only.paging.nextToken).toBeUndefined();
    expect(only.paging.totalCount).toBe(1);
    expect(only.paging._links.self.href).toContain('/ea/events?token=');
  });

  it('the token carries the filter: a next page keeps filtering even without the filter parameter', async () => {
    const filter = encodeURIComponent("title contains 'Bulk'");
    const first = (await api('GET', `/ea/events?filter=${filter}&limit=50`)).json() as Page;
    const next = (await api('GET', `/ea/events?token=${first.paging.nextToken ?? ''}`)).json() as Page;
    expect(next.data.length).toBe(50);
    expect(next.data.every((e) => e.title.startsWith('Bulk'))).toBe(true);
    expect(next.paging.totalCount).toBe(1000);
  });
});

describe('event format and virtual sessions', () => {
  it('refuses to set an event with virtual sessions to In-person (409, target format), and allows it once none are virtual', async () => {
    const ev = await createViaApi(sampleEvent({ title: 'Going in person', format: 'Hybrid' }));
    const session = await api('POST', '/ea/sessions', { title: 'Virtual talk', event: { id: ev.id }, start: '2027-03-01T10:00:00Z', end: '2027-03-01T11:00:00Z', includedSession: true, virtual: true });
    expect(session.statusCode).toBe(201);
    const refused = await api('PUT', `/ea/events/${ev.id}`, { ...ev, format: 'In-person' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 409, target: 'format' });
    expect(((await api('GET', `/ea/events/${ev.id}`)).json() as EventBody).format).toBe('Hybrid');
    const s = session.json() as { id: string };
    const unmark = await api('PUT', `/ea/sessions/${s.id}`, { title: 'Virtual talk', event: { id: ev.id }, start: '2027-03-01T10:00:00Z', end: '2027-03-01T11:00:00Z', virtual: false });
    expect(unmark.statusCode).toBe(200);
    expect((await api('PUT', `/ea/events/${ev.id}`, { ...ev, format: 'In-person' })).statusCode).toBe(200);
  });

  it('counts a session that a webcast points at as virtual, even without the mark (sessions ask the webcasts module)', async () => {
    const ev = await createViaApi(sampleEvent({ title: 'Streamed talk', format: 'Hybrid' }));
    const session = await api('POST', '/ea/sessions', { title: 'Streamed', event: { id: ev.id }, start: '2027-03-01T10:00:00Z', end: '2027-03-01T11:00:00Z' });
    expect((session.json() as { virtual: boolean }).virtual).toBe(false);
    const now = new Date().toISOString();
    // Written directly, so only the webcast row (not the session's flags) says the session is streamed.
    await t.services.db.db.insertInto('webcasts').values({
      id: newId(), account_id: accountId, event_id: ev.id, session_id: (session.json() as { id: string }).id, title: 'Stream', type: null, format: null,
      provider: null, status: null, solution_type: null, player_type: null, meeting_id: null, source_id: null, details: null,
      created: now, last_modified: now, created_by: 'test', last_modified_by: 'test',
    }).execute();
    const refused = await api('PUT', `/ea/events/${ev.id}`, { ...ev, format: 'In-person' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 409, target: 'format' });
  });
});

describe('sort', () => {
  it('takes a priority list and refuses a bad direction or a repeated field', async () => {
    expect((await api('GET', '/ea/events?sort=start:DESC')).statusCode).toBe(200);
    expect((await api('GET', '/ea/events?sort=start:UP')).statusCode).toBe(400);
    const twice = await api('GET', '/ea/events?sort=start:ASC,start:DESC');
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ target: 'sort' });
  });
});
