import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type Tenant, type TestApp } from '../helpers/app.js';
import { ALL_SCOPES } from '../../src/modules/oauth/index.js';
import { fixtureAttendee, fixtureAttendees, fixtureEvent, fixtureSession } from '../helpers/webcast-fixtures.js';
import type { Db } from '../../src/db/index.js';

interface Link {
  id: string; webcast: { id: string }; event: { id: string }; session?: { id: string }; attendee: { id: string }; sourceId?: string;
  join: { href: string; code?: string }; created: string; lastModified: string;
}
interface ErrorBody { code: number; message: string; target?: string }
interface Item { status: number; message?: string; data: Link | ErrorBody }
interface Page { data: Link[]; paging: { totalCount: number; nextToken?: string } }

let t: TestApp;
let db: Db;
let api: Api;
let tenant: Tenant;
let accountId: string;
let event: string;
let session: string;
let webcast: string;

const MISSING = '0190a1b2-0000-7000-8000-000000000000';
const join = (n: number | string) => ({ href: `https://zoom.example/j/personal-${n}`, code: `pw-${n}` });

async function newWebcast(eventId = event, sessionId?: string): Promise<string> {
  const res = await api('POST', '/ea/webcasts', { event: { id: eventId }, ...(sessionId ? { session: { id: sessionId } } : {}), provider: 'Zoom' });
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: string }).id;
}

async function linksOf(webcastId: string): Promise<Link[]> {
  const res = await api('GET', `/ea/webcasts/attendee-links?limit=200&filter=${encodeURIComponent(`webcast.id eq '${webcastId}'`)}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as Page).data;
}

async function allLinkRows() {
  return db.selectFrom('attendee_links').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
}

beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
  db = t.db.handle.db;
  tenant = await createTenant(t.services);
  accountId = tenant.accountId;
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  event = await fixtureEvent(t.services, accountId, 'Hybrid');
  session = await fixtureSession(db, accountId, event);
  webcast = await newWebcast(event, session);
});
afterAll(async () => t?.close());

describe('attendee links: create (POST, 207)', () => {
  it('creates personalized join links: 207 with a 201 result per item, carrying the webcast, event and session', async () => {
    const [a1, a2] = await fixtureAttendees(db, accountId, event, 2);
    const res = await api('POST', `/ea/webcasts/${webcast}/attendee-links`, [
      { webcast: { id: webcast }, attendee: { id: a1 }, join: join(1), sourceId: 'reg-1' },
      { attendee: { id: a2 }, join: { href: 'https://zoom.example/j/personal-2' } },
    ]);
    expect(res.statusCode).toBe(207);
    const items = res.json() as Item[];
    expect(items.map((i) => i.status)).toEqual([201, 201]);
    expect(items[0]!.data).toMatchObject({ webcast: { id: webcast }, event: { id: event }, session: { id: session }, attendee: { id: a1 }, join: join(1), sourceId: 'reg-1' });
    expect((items[1]!.data as Link).join).toEqual({ href: 'https://zoom.example/j/personal-2' });
    const listed = await linksOf(webcast);
    expect(listed.map((l) => l.attendee.id).sort()).toEqual([a1, a2].sort());
    const viaPath = (await api('GET', `/ea/webcasts/${webcast}/attendee-links`)).json() as Page;
    expect(viaPath.data).toEqual(listed);
  });

  it('reports 409 for an attendee that already has a link (POST never overwrites) and 404 for an attendee outside the event', async () => {
    const a = await fixtureAttendee(db, accountId, event);
    expect(((await api('POST', `/ea/webcasts/${webcast}/attendee-links`, [{ attendee: { id: a }, join: join('first') }])).json() as Item[])[0]!.status).toBe(201);
    const otherEvent = await fixtureEvent(t.services, accountId, 'Virtual');
    const outsider = await fixtureAttendee(db, accountId, otherEvent);
    const res = await api('POST', `/ea/webcasts/${webcast}/attendee-links`, [
      { attendee: { id: a }, join: join('second') },
      { attendee: { id: outsider }, join: join('x') },
      { attendee: { id: MISSING }, join: join('y') },
    ]);
    expect(res.statusCode).toBe(207);
    const items = res.json() as Item[];
    expect(items.map((i) => i.status)).toEqual([409, 404, 404]);
    expect(items[0]!.data).toMatchObject({ code: 409, target: 'attendee.id' });
    expect(items[1]!.data).toMatchObject({ code: 404, target: 'attendee.id' });
    const mine = (await linksOf(webcast)).filter((l) => l.attendee.id === a);
    expect(mine.map((l) => l.join.href)).toEqual([join('first').href]);
  });

  it('stores one link when the same attendee is posted concurrently; the other calls get a 409 item, never a 5xx', async () => {
    const w = await newWebcast();
    const a = await fixtureAttendee(db, accountId, event);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => api('POST', `/ea/webcasts/${w}/attendee-links`, [{ attendee: { id: a }, join: join(`race-${i}`) }])));
    expect(results.map((r) => r.statusCode)).toEqual([207, 207, 207, 207, 207]);
    expect(results.map((r) => (r.json() as Item[])[0]!.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await linksOf(w)).toHaveLength(1);
  });

  it('stores the good items of a batch of 100 with bad items mixed in, reports each bad one, and changes nothing else', async () => {
    const w = await newWebcast();
    const attendees = await fixtureAttendees(db, accountId, event, 92);
    const existing = attendees[0]!;
    const seeded = (await api('POST', `/ea/webcasts/${w}/attendee-links`, [{ attendee: { id: existing }, join: join('seed'), sourceId: 'seed' }])).json() as Item[];
    const seededLink = seeded[0]!.data as Link;
    const before = await allLinkRows();
    const outsider = await fixtureAttendee(db, accountId, await fixtureEvent(t.services, accountId, 'Virtual'));
    const good = attendees.slice(1).map((id, i) => ({ attendee: { id }, join: join(`good-${i}`), sourceId: `s-${i}` })); // 91 items
    const bad: Array<[unknown, number, string | undefined]> = [
      [{ attendee: { id: existing }, join: join('dup-existing') }, 409, 'attendee.id'],
      [{ attendee: { id: attendees[1] }, join: join('dup-in-batch') }, 409, 'attendee.id'],
      [{ attendee: { id: outsider }, join: join('outsider') }, 404, 'attendee.id'],
      [{ attendee: { id: 'not-a-uuid' }, join: join('bad-id') }, 400, 'attendee.id'],
      [{ attendee: { id: attendees[5] } }, 400, 'join'],
      [{ attendee: { id: attendees[6] }, join: { code: 'no-href' } }, 400, 'join.href'],
      [{ webcast: { id: webcast }, attendee: { id: attendees[7] }, join: join('wrong-webcast') }, 400, 'webcast.id'],
      [{ attendee: { id: attendees[8] }, join: join('long'), sourceId: 'x'.repeat(51) }, 400, 'sourceId'],
      ['not an object', 400, undefined],
    ];
    // Bad items spread through the batch: good ones before and after each.
    const body: unknown[] = [...good];
    bad.forEach(([item], i) => body.splice(i * 11 + 5, 0, item));
    expect(body).toHaveLength(100);
    const res = await api('POST', `/ea/webcasts/${w}/attendee-links`, body);
    expect(res.statusCode).toBe(207);
    const items = res.json() as Item[];
    expect(items).toHaveLength(100);
    bad.forEach(([item, status, target], i) => {
      const idx = body.indexOf(item);
      const result = items[idx]!;
      expect(result.status, JSON.stringify(item)).toBe(status);
      expect((result.data as ErrorBody).code).toBe(status);
      if (target) expect((result.data as ErrorBody).target, `bad item ${i}`).toBe(target);
    });
    // The in-batch duplicate of attendees[1] is the bad one: the good item for attendees[1] came first.
    const created = items.filter((i) => i.status === 201).map((i) => i.data as Link);
    expect(created).toHaveLength(91);
    const stored = await linksOf(w);
    expect(stored).toHaveLength(92);
    for (const [i, id] of attendees.slice(1).entries()) {
      const link = stored.find((l) => l.attendee.id === id);
      expect(link?.join).toEqual(join(`good-${i}`));
      expect(link?.sourceId).toBe(`s-${i}`);
    }
    expect(stored.find((l) => l.id === seededLink.id)).toEqual(seededLink);
    const after = await allLinkRows();
    const createdIds = new Set(created.map((l) => l.id));
    expect(after.filter((r) => !createdIds.has(r.id))).toEqual(before);
  });

  it('answers 400 for the whole request when the body is not an array of 1-100 items, and stores nothing', async () => {
    const before = await allLinkRows();
    const attendees = await fixtureAttendees(db, accountId, event, 101);
    const tooMany = attendees.map((id, i) => ({ attendee: { id }, join: join(`many-${i}`) }));
    const many = await api('POST', `/ea/webcasts/${webcast}/attendee-links`, tooMany);
    expect(many.statusCode).toBe(400);
    expect((many.json() as ErrorBody).message).toMatch(/100/);
    for (const body of [[], { attendee: { id: attendees[0] }, join: join(0) }, 'x']) {
      const res = await api('POST', `/ea/webcasts/${webcast}/attendee-links`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api('PUT', `/ea/webcasts/${webcast}/attendee-links`, tooMany.map((x) => ({ ...x, id: MISSING })))).statusCode).toBe(400);
    const badPath = await api('POST', '/ea/webcasts/not-a-uuid/attendee-links', [{ attendee: { id: attendees[0] }, join: join(0) }]);
    expect(badPath.statusCode).toBe(404);
    expect((badPath.json() as ErrorBody).target).toBe('path');
    const missing = await api('POST', `/ea/webcasts/${MISSING}/attendee-links`, [{ attendee: { id: attendees[0] }, join: join(0) }]);
    expect(missing.statusCode).toBe(404);
    expect(await allLinkRows()).toEqual(before);
  });
});

describe('attendee links: update (PUT, 207), list, delete', () => {
  it('updates join and sourceId of existing links by id, or by attendee when the item has no id, item by item', async () => {
    const w = await newWebcast();
    const [a1, a2, a3] = await fixtureAttendees(db, accountId, event, 3);
    const created = ((await api('POST', `/ea/webcasts/${w}/attendee-links`, [
      { attendee: { id: a1 }, join: join('old-1'), sourceId: 'old' }, { attendee: { id: a2 }, join: join('old-2') },
    ])).json() as Item[]).map((i) => i.data as Link);
    const otherWebcastLink = ((await api('POST', `/ea/webcasts/${webcast}/attendee-links`, [{ attendee: { id: a1 }, join: join('elsewhere') }])).json() as Item[])[0]!.data as Link;
    const res = await api('PUT', `/ea/webcasts/${w}/attendee-links`, [
      { ...created[0], join: join('new-1'), sourceId: 'new' },
      { id: created[1]!.id, attendee: { id: a1 }, join: join('steal') },
      { id: otherWebcastLink.id, attendee: { id: a1 }, join: join('other') },
      { id: MISSING, attendee: { id: a1 }, join: join('missing') },
      // The reference's SDK cannot send the read-only id: the link is the item's attendee's.
      { attendee: { id: a2 }, join: join('no-id') },
      { attendee: { id: a3 }, join: join('no-link') },
    ]);
    expect(res.statusCode).toBe(207);
    const items = res.json() as Item[];
    expect(items.map((i) => i.status)).toEqual([200, 400, 404, 404, 200, 404]);
    expect(items[0]!.data).toMatchObject({ id: created[0]!.id, join: join('new-1'), sourceId: 'new', attendee: { id: a1 } });
    expect((items[1]!.data as ErrorBody).target).toBe('attendee.id');
    expect(items[4]!.data).toMatchObject({ id: created[1]!.id, join: join('no-id'), attendee: { id: a2 } });
    expect((items[5]!.data as ErrorBody).target).toBe('attendee.id');
    const stored = await linksOf(w);
    expect(stored.map((l) => l.attendee.id).sort()).toEqual([a1, a2].sort());
    expect(stored.find((l) => l.id === created[0]!.id)?.join).toEqual(join('new-1'));
    expect(stored.find((l) => l.id === created[1]!.id)).toMatchObject({ ...created[1], join: join('no-id'), lastModified: expect.any(String) });
    expect((await linksOf(webcast)).find((l) => l.id === otherWebcastLink.id)).toEqual(otherWebcastLink);
  });

  it('filters with the reference fields, and refuses the others', async () => {
    const w = await newWebcast();
    const [a1, a2] = await fixtureAttendees(db, accountId, event, 2);
    const [l1, l2] = ((await api('POST', `/ea/webcasts/${w}/attendee-links`, [
      { attendee: { id: a1 }, join: join('f1'), sourceId: 'f-1' }, { attendee: { id: a2 }, join: join('f2'), sourceId: 'f-2' },
    ])).json() as Item[]).map((i) => i.data as Link);
    const q = async (filter: string, path = '/ea/webcasts/attendee-links') => {
      const res = await api('GET', `${path}?filter=${encodeURIComponent(filter)}`);
      return res;
    };
    const ids = async (filter: string, path?: string) => ((await q(filter, path)).json() as Page).data.map((l) => l.id);
    expect(await ids(`webcast.id eq '${w}'`)).toEqual([l1!.id, l2!.id]);
    expect(await ids(`webcast.id eq '${w}' and attendee.id eq '${a2}'`)).toEqual([l2!.id]);
    expect(await ids(`webcast.id eq '${w}' and sourceId ne 'f-2'`)).toEqual([l1!.id]);
    expect(await ids(`id eq '${l1!.id}'`)).toEqual([l1!.id]);
    expect(await ids(`webcast.id eq '${w}' and created ge '${l1!.created}'`)).toEqual([l1!.id, l2!.id]);
    expect(await ids(`webcast.id eq '${w}' and lastModified lt '2000-01-01'`)).toEqual([]);
    expect(await ids(`sourceId eq 'f-1'`, `/ea/webcasts/${w}/attendee-links`)).toEqual([l1!.id]);
    for (const [filter, path] of [
      [`event.id eq '${event}'`, undefined], ["sourceId contains 'f'", undefined], ["join.href eq 'x'", undefined],
      [`webcast.id eq '${w}'`, `/ea/webcasts/${w}/attendee-links`],
    ] as const) {
      const res = await q(filter, path);
      expect(res.statusCode, filter).toBe(400);
      expect((res.json() as ErrorBody).target).toBe('filter');
    }
    expect((await api('GET', `/ea/webcasts/${MISSING}/attendee-links`)).statusCode).toBe(404);
  });

  it('deletes one link with 204 (then 404), and only under its own webcast', async () => {
    const w = await newWebcast();
    const a = await fixtureAttendee(db, accountId, event);
    const link = ((await api('POST', `/ea/webcasts/${w}/attendee-links`, [{ attendee: { id: a }, join: join('del') }])).json() as Item[])[0]!.data as Link;
    expect((await api('DELETE', `/ea/webcasts/${webcast}/attendee-links/${link.id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/ea/webcasts/${MISSING}/attendee-links/${link.id}`)).statusCode).toBe(404);
    const del = await api('DELETE', `/ea/webcasts/${w}/attendee-links/${link.id}`);
    expect(del.statusCode).toBe(204);
    expect((await api('DELETE', `/ea/webcasts/${w}/attendee-links/${link.id}`)).statusCode).toBe(404);
    expect(await linksOf(w)).toEqual([]);
    // The attendee can get a new link now.
    expect(((await api('POST', `/ea/webcasts/${w}/attendee-links`, [{ attendee: { id: a }, join: join('again') }])).json() as Item[])[0]!.status).toBe(201);
  });

  it("links follow their webcast's session when the webcast moves", async () => {
    const s1 = await fixtureSession(db, accountId, event);
    const s2 = await fixtureSession(db, accountId, event);
    const w = await newWebcast(event, s1);
    const a = await fixtureAttendee(db, accountId, event);
    await api('POST', `/ea/webcasts/${w}/attendee-links`, [{ attendee: { id: a }, join: join('move') }]);
    expect((await linksOf(w))[0]!.session).toEqual({ id: s1 });
    expect((await api('PUT', `/ea/webcasts/${w}`, { session: { id: s2 } })).statusCode).toBe(200);
    expect((await linksOf(w))[0]!.session).toEqual({ id: s2 });
    expect((await api('PUT', `/ea/webcasts/${w}`, { event: { id: event } })).statusCode).toBe(200);
    expect((await linksOf(w))[0]!.session).toBeUndefined();
  });
});

describe('attendee links: scopes', () => {
  const without = (...scopes: string[]) => ALL_SCOPES.filter((s) => !scopes.includes(s));
  /** Another application of the same account and workspace, so only the scopes differ. */
  const clientWith = async (name: string, scopes: readonly string[]) => {
    const { application, clientSecret } = await t.services.accounts.createApplication({ accountId, workspaceId: tenant.workspaceId, name, scopes });
    return { clientId: application.clientId, clientSecret };
  };

  it('POST and PUT need both event/attendee-links:read and :write on the client; write alone is 403', async () => {
    const a = await fixtureAttendee(db, accountId, event);
    const item = [{ attendee: { id: a }, join: join('scoped') }];
    const writeOnlyClient = await clientWith('write-only', without('event/attendee-links:read'));
    const writeOnly = apiClient(t.app, await tokenFor(t.app, writeOnlyClient));
    const before = await allLinkRows();
    for (const method of ['POST', 'PUT'] as const) {
      const res = await writeOnly(method, `/ea/webcasts/${webcast}/attendee-links`, method === 'PUT' ? [{ ...item[0], id: MISSING }] : item);
      expect(res.statusCode, method).toBe(403);
      expect((res.json() as ErrorBody).message).toContain('event/attendee-links:read');
      expect(res.headers['www-authenticate']).toContain('insufficient_scope');
    }
    expect((await writeOnly('GET', '/ea/webcasts/attendee-links')).statusCode).toBe(403);
    expect(await allLinkRows()).toEqual(before);

    // A full client whose token asks for write only is refused the same way.
    const fullToken = apiClient(t.app, await tokenFor(t.app, tenant, 'event/attendee-links:write event/webcasts:read'));
    expect((await fullToken('POST', `/ea/webcasts/${webcast}/attendee-links`, item)).statusCode).toBe(403);
    const readOnly = apiClient(t.app, await tokenFor(t.app, await clientWith('read-only', ['event/attendee-links:read'])));
    expect((await readOnly('POST', `/ea/webcasts/${webcast}/attendee-links`, item)).statusCode).toBe(403);
    expect(await allLinkRows()).toEqual(before);
  });

  it('DELETE needs event/attendee-links:delete; lists need :read', async () => {
    const w = await newWebcast();
    const a = await fixtureAttendee(db, accountId, event);
    const link = ((await api('POST', `/ea/webcasts/${w}/attendee-links`, [{ attendee: { id: a }, join: join('d') }])).json() as Item[])[0]!.data as Link;
    const noDeleteClient = await clientWith('no-delete', without('event/attendee-links:delete'));
    const noDelete = apiClient(t.app, await tokenFor(t.app, noDeleteClient));
    expect((await noDelete('DELETE', `/ea/webcasts/${w}/attendee-links/${link.id}`)).statusCode).toBe(403);
    expect((await noDelete('GET', `/ea/webcasts/${w}/attendee-links`)).statusCode).toBe(200);
    const noRead = apiClient(t.app, await tokenFor(t.app, noDeleteClient, 'event/attendee-links:write'));
    expect((await noRead('GET', `/ea/webcasts/${w}/attendee-links`)).statusCode).toBe(403);
    expect((await noRead('GET', '/ea/webcasts/attendee-links')).statusCode).toBe(403);
    expect(await linksOf(w)).toHaveLength(1);
  });
});
