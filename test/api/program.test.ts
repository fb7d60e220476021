import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seed.js';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { pdf, uploadFile } from '../helpers/files.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';

// The program of an event (issue 29): session locations and categories, which sessions name; program items (breaks,
// meals, receptions inside a session) with their documents and speakers; session documents and session segments.

interface Page<T> { data: T[]; paging: { totalCount?: number; limit: number; nextToken?: string } }
interface Session { id: string; location?: { id?: string; code?: string; name?: string }; category?: { id?: string; name?: string } }
interface Item { id: string; event: { id: string }; session: { id: string }; name: string; duration: number; description?: string }
interface ItemDoc { id: string; document: { id: string }; programItem: { id: string }; session: { id: string }; event: { id: string } }
interface ItemSpeaker { id: string; speaker: { id: string }; programItem: { id: string }; session: { id: string }; event: { id: string } }

const MISSING = '0190a1b2-0000-7000-8000-000000000000';
// Sessions are shown to the account's audience segments (made in beforeAll).
let SEGMENT_A: string;
let SEGMENT_B: string;

let t: TestApp;
let token: string;
let api: Api;
let accountId: string;
let event: string;
let otherEvent: string;
const dataDir = mkdtempSync(join(tmpdir(), 'eventline-program-'));

const q = (path: string, filter: string) => `${path}${path.includes('?') ? '&' : '?'}filter=${encodeURIComponent(filter)}`;
const session = (overrides: Record<string, unknown> = {}) => ok<Session>(api('POST', '/ea/sessions', {
  title: 'Talk', event: { id: event }, start: '2027-03-01T10:00:00Z', end: '2027-03-01T11:00:00Z', ...overrides,
}), 201);
const item = (sessionId: string, overrides: Record<string, unknown> = {}) =>
  ok<Item>(api('POST', '/ea/program-items', { event: { id: event }, session: { id: sessionId }, name: 'Coffee break', duration: 15, ...overrides }), 201);
const upload = (name: string): Promise<string> => uploadFile(t.app, token, name, pdf());

beforeAll(async () => {
  t = await startTestApp({ env: { DATA_DIR: dataDir, RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
  const tenant = await createTenant(t.services);
  accountId = tenant.accountId;
  token = await tokenFor(t.app, tenant);
  api = apiClient(t.app, token);
  event = await fixtureEvent(t.services, accountId);
  otherEvent = await fixtureEvent(t.services, accountId, 'Virtual', 'Second event');
  const segment = async (name: string) => (await ok<{ id: string }>(api('POST', '/ea/audience-segments', { event: { id: event }, name }), 201)).id;
  SEGMENT_A = await segment('Members');
  SEGMENT_B = await segment('Press');
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('session locations', () => {
  it('creates, lists by keyset, reads, renames (sessions follow) and deletes a location; 409 while a session is in it', async () => {
    const hall = await ok<{ id: string; code: string; name: string }>(api('POST', `/ea/events/${event}/session-locations`, { code: 'HA', name: 'Hall A' }), 201);
    expect(hall).toEqual({ id: hall.id, code: 'HA', name: 'Hall A' });
    for (const code of ['R1', 'R2']) await ok(api('POST', `/ea/events/${event}/session-locations`, { code, name: `Room ${code}` }), 201);
    const first = await ok<Page<{ id: string }>>(api('GET', `/ea/events/${event}/session-locations?limit=2`));
    expect(first.paging.totalCount).toBe(3);
    const second = await ok<Page<{ id: string }>>(api('GET', `/ea/events/${event}/session-locations?token=${encodeURIComponent(first.paging.nextToken ?? '')}`));
    expect([...first.data, ...second.data].map((l) => l.id)).toContain(hall.id);
    expect(second.paging.nextToken).toBeUndefined();
    expect((await ok<Page<unknown>>(api('GET', `/ea/events/${otherEvent}/session-locations`))).data).toEqual([]);
    expect((await api('GET', `/ea/events/${MISSING}/session-locations`)).statusCode).toBe(404);
    expect((await api('POST', `/ea/events/${MISSING}/session-locations`, { code: 'X', name: 'X' })).statusCode).toBe(404);
    expect((await api('POST', `/ea/events/${event}/session-locations`, { code: 'x'.repeat(31), name: 'X' })).statusCode).toBe(400);
    expect((await api('POST', `/ea/events/${event}/session-locations`, { name: 'No code' })).statusCode).toBe(400);

    // A session in the location takes its code and name, whatever the client sent.
    const s = await session({ location: { id: hall.id, code: 'nope', name: 'Wrong' } });
    expect(s.location).toEqual({ id: hall.id, code: 'HA', name: 'Hall A' });
    await ok(api('PUT', `/ea/events/${event}/session-locations/${hall.id}`, { code: 'HB', name: 'Hall B' }));
    expect(await ok(api('GET', `/ea/events/${event}/session-locations/${hall.id}`))).toEqual({ id: hall.id, code: 'HB', name: 'Hall B' });
    expect((await ok<Session>(api('GET', `/ea/sessions/${s.id}`))).location).toEqual({ id: hall.id, code: 'HB', name: 'Hall B' });
    const byName = await ok<Page<Session>>(api('GET', q('/ea/sessions', `location.name eq 'Hall B'`)));
    expect(byName.data.map((x) => x.id)).toEqual([s.id]);
    // Another event's location is no location of this session's event.
    expect((await api('GET', `/ea/events/${otherEvent}/session-locations/${hall.id}`)).statusCode).toBe(404);
    const wrong = await api('POST', '/ea/sessions', { title: 'X', event: { id: otherEvent }, start: '2027-03-01T10:00:00Z', end: '2027-03-01T11:00:00Z', location: { id: hall.id } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 400, target: 'location.id' });

    const busy = await api('DELETE', `/ea/events/${event}/session-locations/${hall.id}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 409 });
    await ok(api('PUT', `/ea/sessions/${s.id}`, { title: 'Talk', event: { id: event }, start: '2027-03-01T10:00:00Z', end: '2027-03-01T11:00:00Z' }));
    expect((await api('DELETE', `/ea/events/${event}/session-locations/${hall.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/events/${event}/session-locations/${hall.id}`)).statusCode).toBe(404);
  });
});

describe('session categories', () => {
  it('creates, lists, reads, renames (sessions follow) and deletes a category; 409 while a session is under it', async () => {
    const cat = await ok<{ id: string; name: string; description?: string }>(api('POST', '/ea/session-categories', { name: 'Keynotes', description: 'Main stage' }), 201);
    expect(cat).toEqual({ id: cat.id, name: 'Keynotes', description: 'Main stage' });
    const page = await ok<Page<{ id: string }>>(api('GET', '/ea/session-categories?limit=200'));
    expect(page.data.map((c) => c.id)).toContain(cat.id);
    // The reference lists no filter for session categories.
    expect((await api('GET', q('/ea/session-categories', "name eq 'Keynotes'"))).statusCode).toBe(400);

    const s = await session({ category: { id: cat.id } });
    expect(s.category).toEqual({ id: cat.id, name: 'Keynotes' });
    expect((await api('POST', '/ea/sessions', { title: 'X', event: { id: event }, start: '2027-03-01T10:00:00Z', end: '2027-03-01T11:00:00Z', category: { id: MISSING } })).statusCode).toBe(400);
    const renamed = await ok<{ name: string; description?: string }>(api('PUT', `/ea/session-categories/${cat.id}`, { name: 'Plenaries' }));
    expect(renamed).toEqual({ id: cat.id, name: 'Plenaries' });
    expect((await ok<Session>(api('GET', `/ea/sessions/${s.id}`))).category).toEqual({ id: cat.id, name: 'Plenaries' });
    expect((await api('DELETE', `/ea/session-categories/${cat.id}`)).statusCode).toBe(409);
    expect((await api('DELETE', `/ea/sessions/${s.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/session-categories/${cat.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/ea/session-categories/${cat.id}`)).statusCode).toBe(404);
  });
});

describe('program items', () => {
  it('creates, filters by the reference\'s fields (GET and POST /program-items/filter), replaces and deletes program items', async () => {
    const morning = await session({ title: 'Morning block' });
    const afternoon = await session({ title: 'Afternoon block' });
    const coffee = await item(morning.id, { description: 'Coffee and pastries' });
    expect(coffee).toMatchObject({ event: { id: event }, session: { id: morning.id }, name: 'Coffee break', duration: 15, description: 'Coffee and pastries' });
    const lunch = await item(afternoon.id, { name: 'Lunch', duration: 60 });
    const reception = await item(afternoon.id, { name: 'Reception' });

    const names = async (filter: string) => (await ok<Page<Item>>(api('GET', q('/ea/program-items', filter)))).data.map((i) => i.name).sort();
    expect(await names(`session.id eq '${afternoon.id}'`)).toEqual(['Lunch', 'Reception']);
    expect(await names(`id in ('${coffee.id}', '${reception.id}')`)).toEqual(['Coffee break', 'Reception']);
    expect(await names(`event.id eq '${event}' and (session.id eq '${morning.id}' or id eq '${lunch.id}')`)).toEqual(['Coffee break', 'Lunch']);
    const viaPost = await ok<Page<Item>>(api('POST', '/ea/program-items/filter?limit=1', { filter: `session.id in ('${afternoon.id}')` }));
    expect(viaPost.paging.totalCount).toBe(2);
    expect(viaPost.paging.nextToken).toBeDefined();
    for (const bad of ["name eq 'Lunch'", `event.id ne '${event}'`]) {
      const res = await api('GET', q('/ea/program-items', bad));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ target: 'filter' });
    }

    const replaced = await ok<Item>(api('PUT', `/ea/program-items/${lunch.id}`, { id: lunch.id, event: { id: event }, session: { id: afternoon.id }, name: 'Buffet lunch' }));
    expect(replaced).toMatchObject({ name: 'Buffet lunch', duration: 0 });
    expect(replaced.description).toBeUndefined();
    expect((await api('PUT', `/ea/program-items/${lunch.id}`, { event: { id: event }, session: { id: morning.id }, name: 'Moved' })).statusCode).toBe(400);
    expect((await api('PUT', `/ea/program-items/${MISSING}`, { event: { id: event }, session: { id: morning.id }, name: 'X' })).statusCode).toBe(404);
    expect((await api('DELETE', `/ea/program-items/${lunch.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/program-items/${lunch.id}`)).statusCode).toBe(404);
    expect(await names(`session.id eq '${afternoon.id}'`)).toEqual(['Reception']);
  });

  it('refuses bad input with 400, and changes nothing', async () => {
    const s = await session();
    for (const body of [
      { event: { id: event }, session: { id: MISSING }, name: 'X' },
      { event: { id: otherEvent }, session: { id: s.id }, name: 'X' },
      { event: { id: event }, session: { id: s.id }, name: '' },
      { event: { id: event }, session: { id: s.id }, name: 'X', duration: -5 },
      { event: { id: event }, session: { id: s.id }, name: 'X', unknown: 1 },
    ]) {
      const res = await api('POST', '/ea/program-items', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await ok<Page<Item>>(api('GET', q('/ea/program-items', `session.id eq '${s.id}'`)))).data).toEqual([]);
  });
});

describe('documents', () => {
  it('keeps session documents from uploaded files, relates them to program items, and filters the relations', async () => {
    const s = await session({ title: 'Workshop' });
    const slides = await upload('slides.pdf');
    const added = await ok<{ file: { id: string }; href: string; friendlyName: string }>(api('PUT', `/ea/sessions/${s.id}/docs/${slides}`));
    expect(added).toMatchObject({ file: { id: slides }, friendlyName: 'slides.pdf' });
    expect((await api('PUT', `/ea/sessions/${s.id}/docs/${slides}`)).statusCode).toBe(200);
    const docs = await ok<Page<{ file: { id: string } }>>(api('GET', q(`/ea/sessions/${s.id}/docs`, `file.id eq '${slides}'`)));
    expect(docs.data.map((d) => d.file.id)).toEqual([slides]);
    expect((await ok<{ file: { id: string } }>(api('GET', `/ea/sessions/${s.id}/docs/${slides}`))).file.id).toBe(slides);

    const break1 = await item(s.id, { name: 'Hands-on break' });
    const related = await ok<ItemDoc>(api('PUT', `/ea/program-items/${break1.id}/docs/${slides}`));
    expect(related).toMatchObject({ document: { id: slides }, programItem: { id: break1.id }, session: { id: s.id }, event: { id: event } });
    expect((await ok<ItemDoc>(api('PUT', `/ea/program-items/${break1.id}/docs/${slides}`))).id).toBe(related.id);
    // A file not yet the session's becomes its document when related to one of its program items.
    const handout = await upload('handout.pdf');
    await ok(api('PUT', `/ea/program-items/${break1.id}/docs/${handout}`));
    expect((await ok<Page<unknown>>(api('GET', `/ea/sessions/${s.id}/docs`))).data).toHaveLength(2);
    expect((await ok<{ data: ItemDoc[] }>(api('GET', `/ea/program-items/${break1.id}/docs`))).data.map((d) => d.document.id)).toEqual([slides, handout]);
    expect((await ok<ItemDoc>(api('GET', `/ea/program-items/${break1.id}/docs/${handout}`))).document.id).toBe(handout);
    const filtered = await ok<Page<ItemDoc>>(api('POST', '/ea/program-items/docs/filter', { filter: `programItem.id eq '${break1.id}' and document.id in ('${handout}')` }));
    expect(filtered.data.map((d) => d.document.id)).toEqual([handout]);
    expect((await api('POST', '/ea/program-items/docs/filter', { filter: "name eq 'x'" })).statusCode).toBe(400);

    // A file in use elsewhere is refused (409 for a program item, 404 for a session: the reference documents no 400 there).
    const other = await session({ title: 'Other' });
    expect((await api('PUT', `/ea/sessions/${other.id}/docs/${slides}`)).statusCode).toBe(404);
    const otherItem = await item(other.id);
    expect((await api('PUT', `/ea/program-items/${otherItem.id}/docs/${slides}`)).statusCode).toBe(409);

    // Removing the session's document removes it from its program items.
    expect((await api('DELETE', `/ea/program-items/${break1.id}/docs/${handout}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/program-items/${break1.id}/docs/${handout}`)).statusCode).toBe(404);
    expect((await api('GET', `/ea/sessions/${s.id}/docs/${handout}`)).statusCode).toBe(200);
    expect((await api('DELETE', `/ea/sessions/${s.id}/docs/${slides}`)).statusCode).toBe(204);
    expect((await ok<{ data: unknown[] }>(api('GET', `/ea/program-items/${break1.id}/docs`))).data).toEqual([]);
    expect((await api('GET', `/ea/sessions/${s.id}/docs/${slides}`)).statusCode).toBe(404);
    expect((await api('PUT', `/ea/sessions/${MISSING}/docs/${handout}`)).statusCode).toBe(404);
  });

  it('holds at most ten documents per program item (409 for the eleventh)', async () => {
    const s = await session();
    const it1 = await item(s.id);
    for (let i = 0; i < 10; i++) await ok(api('PUT', `/ea/program-items/${it1.id}/docs/${await upload(`d${i}.pdf`)}`));
    const eleventh = await api('PUT', `/ea/program-items/${it1.id}/docs/${await upload('d10.pdf')}`);
    expect(eleventh.statusCode).toBe(409);
    expect((await ok<{ data: unknown[] }>(api('GET', `/ea/program-items/${it1.id}/docs`))).data).toHaveLength(10);
  });
});

describe('program item speakers', () => {
  it('puts speakers on a program item, lists and filters them, and unlinks them when the item or the speaker goes', async () => {
    const s = await session({ title: 'Evening' });
    const reception = await item(s.id, { name: 'Reception' });
    const dinner = await item(s.id, { name: 'Dinner' });
    const ana = await ok<{ id: string }>(api('POST', '/ea/speakers', { event: { id: event }, firstName: 'Ana', lastName: 'Okafor' }), 201);
    const ravi = await ok<{ id: string }>(api('POST', '/ea/speakers', { event: { id: event }, firstName: 'Ravi', lastName: 'Menon' }), 201);
    const link = await ok<ItemSpeaker>(api('PUT', `/ea/program-items/${reception.id}/speakers/${ana.id}`));
    expect(link).toMatchObject({ speaker: { id: ana.id }, programItem: { id: reception.id }, session: { id: s.id }, event: { id: event } });
    expect((await ok<ItemSpeaker>(api('PUT', `/ea/program-items/${reception.id}/speakers/${ana.id}`))).id).toBe(link.id);
    await ok(api('PUT', `/ea/program-items/${reception.id}/speakers/${ravi.id}`));
    await ok(api('PUT', `/ea/program-items/${dinner.id}/speakers/${ravi.id}`));
    expect((await ok<ItemSpeaker>(api('GET', `/ea/program-items/${reception.id}/speakers/${ana.id}`))).id).toBe(link.id);

    const speakersOf = async (filter: string) => (await ok<Page<ItemSpeaker>>(api('GET', q('/ea/program-items/speakers', filter)))).data.map((l) => `${l.programItem.id === reception.id ? 'R' : 'D'}:${l.speaker.id === ana.id ? 'ana' : 'ravi'}`).sort();
    expect(await speakersOf(`programItem.id eq '${reception.id}'`)).toEqual(['R:ana', 'R:ravi']);
    expect(await speakersOf(`session.id in ('${s.id}')`)).toEqual(['D:ravi', 'R:ana', 'R:ravi']);
    const viaPost = await ok<Page<ItemSpeaker>>(api('POST', '/ea/program-items/speakers/filter', { filter: `programItem.id eq '${dinner.id}'` }));
    expect(viaPost.data.map((l) => l.speaker.id)).toEqual([ravi.id]);
    expect((await api('GET', q('/ea/program-items/speakers', `speaker.id eq '${ana.id}'`))).statusCode).toBe(400);

    const stranger = await ok<{ id: string }>(api('POST', '/ea/speakers', { event: { id: otherEvent }, firstName: 'Other', lastName: 'Event' }), 201);
    expect((await api('PUT', `/ea/program-items/${reception.id}/speakers/${stranger.id}`)).statusCode).toBe(409);
    expect((await api('PUT', `/ea/program-items/${MISSING}/speakers/${ana.id}`)).statusCode).toBe(404);
    expect((await api('PUT', `/ea/program-items/${reception.id}/speakers/${MISSING}`)).statusCode).toBe(404);

    expect((await api('DELETE', `/ea/program-items/${reception.id}/speakers/${ana.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/program-items/${reception.id}/speakers/${ana.id}`)).statusCode).toBe(404);
    expect((await api('GET', `/ea/program-items/${reception.id}/speakers/${ana.id}`)).statusCode).toBe(404);
    // Deleting the program item takes its speakers; deleting a speaker takes its program items.
    expect((await api('DELETE', `/ea/program-items/${reception.id}`)).statusCode).toBe(204);
    expect(await speakersOf(`session.id eq '${s.id}'`)).toEqual(['D:ravi']);
    expect((await api('DELETE', `/ea/speakers/${ravi.id}`)).statusCode).toBe(204);
    expect(await speakersOf(`session.id eq '${s.id}'`)).toEqual([]);
  });
});

describe('session segments', () => {
  it('shows a session to segments (409 for the same pair), filters, changes active and deletes', async () => {
    const s = await session({ title: 'Members only' });
    const seg = await ok<{ id: string; event: { id: string }; session: { id: string }; segment: { id: string }; active: boolean }>(
      api('POST', '/ea/session-segments', { session: { id: s.id }, segment: { id: SEGMENT_A } }), 201);
    expect(seg).toMatchObject({ event: { id: event }, session: { id: s.id }, segment: { id: SEGMENT_A }, active: true });
    expect((await api('POST', '/ea/session-segments', { session: { id: s.id }, segment: { id: SEGMENT_A } })).statusCode).toBe(409);
    expect((await api('POST', '/ea/session-segments', { session: { id: MISSING }, segment: { id: SEGMENT_A } })).statusCode).toBe(400);
    // A segment the account does not have, or has deleted, is refused and nothing is shown.
    expect((await api('POST', '/ea/session-segments', { session: { id: s.id }, segment: { id: MISSING } })).statusCode).toBe(400);
    const gone = await ok<{ id: string }>(api('POST', '/ea/audience-segments', { event: { id: event }, name: 'Retired' }), 201);
    expect((await api('DELETE', `/ea/audience-segments/${gone.id}`)).statusCode).toBe(204);
    expect((await api('POST', '/ea/session-segments', { session: { id: s.id }, segment: { id: gone.id } })).statusCode).toBe(400);
    expect((await api('POST', '/ea/session-segments', { session: { id: s.id }, segment: { id: SEGMENT_B }, event: { id: otherEvent } })).statusCode).toBe(400);
    await ok(api('POST', '/ea/session-segments', { session: { id: s.id }, segment: { id: SEGMENT_B }, active: false }), 201);
    const segs = async (filter: string) => (await ok<Page<{ segment: { id: string }; active: boolean }>>(api('GET', q('/ea/session-segments', filter)))).data;
    expect((await segs(`session.id eq '${s.id}'`)).map((x) => x.segment.id).sort()).toEqual([SEGMENT_A, SEGMENT_B]);
    expect((await segs(`segment.id in ('${SEGMENT_B}') and session.id eq '${s.id}'`)).map((x) => x.active)).toEqual([false]);
    expect((await api('GET', q('/ea/session-segments', `active eq 'true'`))).statusCode).toBe(400);
    const updated = await ok<{ active: boolean }>(api('PUT', `/ea/session-segments/${seg.id}`, { session: { id: s.id }, segment: { id: SEGMENT_A }, active: false }));
    expect(updated.active).toBe(false);
    expect((await api('PUT', `/ea/session-segments/${seg.id}`, { session: { id: MISSING }, segment: { id: SEGMENT_A } })).statusCode).toBe(400);
    expect((await api('DELETE', `/ea/session-segments/${seg.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/session-segments/${seg.id}`)).statusCode).toBe(404);
  });
});

describe('a deleted session', () => {
  it('takes its program items, their speakers and documents, its documents and segments with it', async () => {
    const s = await session({ title: 'Doomed' });
    const it1 = await item(s.id);
    const sp = await ok<{ id: string }>(api('POST', '/ea/speakers', { event: { id: event }, firstName: 'Gone', lastName: 'Soon' }), 201);
    await ok(api('PUT', `/ea/program-items/${it1.id}/speakers/${sp.id}`));
    const file = await upload('doomed.pdf');
    await ok(api('PUT', `/ea/program-items/${it1.id}/docs/${file}`));
    await ok(api('POST', '/ea/session-segments', { session: { id: s.id }, segment: { id: SEGMENT_A } }), 201);
    expect((await api('DELETE', `/ea/sessions/${s.id}`)).statusCode).toBe(204);
    expect((await ok<Page<unknown>>(api('GET', q('/ea/program-items', `session.id eq '${s.id}'`)))).data).toEqual([]);
    expect((await ok<Page<unknown>>(api('GET', q('/ea/program-items/speakers', `session.id eq '${s.id}'`)))).data).toEqual([]);
    expect((await ok<Page<unknown>>(api('POST', '/ea/program-items/docs/filter', { filter: `session.id eq '${s.id}'` }))).data).toEqual([]);
    expect((await ok<Page<unknown>>(api('GET', q('/ea/session-segments', `session.id eq '${s.id}'`)))).data).toEqual([]);
    // The file is no one's any more: it expires as an unattached upload.
    const info = await ok<{ id: string }>(api('GET', `/ea/files/${file}`));
    expect(info.id).toBe(file);
  });
});

describe('scopes', () => {
  it('answers 403 without the operation\'s scope', async () => {
    const tenant = await createTenant(t.services);
    const readOnly = apiClient(t.app, await tokenFor(t.app, tenant, 'event/program-items:read event/session-categories:read'));
    expect((await readOnly('GET', '/ea/program-items')).statusCode).toBe(200);
    expect((await readOnly('GET', '/ea/session-categories')).statusCode).toBe(200);
    const res = await readOnly('POST', '/ea/session-categories', { name: 'X' });
    expect(res.statusCode).toBe(403);
    expect(res.headers['www-authenticate']).toContain('insufficient_scope');
    expect((await readOnly('GET', '/ea/session-segments')).statusCode).toBe(403);
  });
});

describe('the demo account', () => {
  it('has a real program: twelve sessions, each in a location and a category, breaks and a reception with a speaker', async () => {
    const { credentials } = await seedDemo(t.services, t.config);
    if (!credentials) throw new Error('the demo was not seeded');
    const demo = apiClient(t.app, await tokenFor(t.app, credentials));
    const sessions = await ok<Page<Session & { title: string; start: string }>>(demo('GET', '/ea/sessions?limit=200&sort=start:ASC'));
    expect(sessions.data).toHaveLength(12);
    for (const s of sessions.data) {
      expect(s.location?.id, s.title).toBeDefined();
      expect(s.category?.name, s.title).toBeDefined();
    }
    const eventId = ((await ok<Page<{ id: string }>>(demo('GET', '/ea/events'))).data[0]?.id) ?? '';
    expect((await ok<Page<unknown>>(demo('GET', `/ea/events/${eventId}/session-locations`))).data).toHaveLength(5);
    expect((await ok<Page<{ name: string }>>(demo('GET', '/ea/session-categories'))).data.map((c) => c.name)).toEqual(['Keynote', 'Breakout', 'Workshop', 'Social']);
    const items = await ok<Page<Item>>(demo('GET', `/ea/program-items?filter=${encodeURIComponent(`event.id eq '${eventId}'`)}`));
    expect(items.data.map((i) => i.name).sort()).toEqual(['Buffet lunch', 'Coffee break', 'Farewell reception', 'Stretch break']);
    const reception = items.data.find((i) => i.name === 'Farewell reception');
    const hosts = await ok<Page<ItemSpeaker>>(demo('GET', `/ea/program-items/speakers?filter=${encodeURIComponent(`programItem.id eq '${reception?.id ?? ''}'`)}`));
    expect(hosts.data).toHaveLength(1);
  });
});
