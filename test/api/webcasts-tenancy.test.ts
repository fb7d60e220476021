import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureAttendee, fixtureEvent, fixtureSession, sessionVirtual } from '../helpers/webcast-fixtures.js';
import type { Db } from '../../src/db/index.js';

interface Webcast { id: string; title?: string; session?: { id: string } }
interface Link { id: string; join: { href: string } }
interface Page<T> { data: T[]; paging: { totalCount: number } }

let t: TestApp;
let db: Db;
let apiA: Api;
let apiB: Api;
let eventA: string;
let sessionA: string;
let attendeeA: string;
let webcastA: Webcast;
let linkA: Link;
let eventB: string;

beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
  db = t.db.handle.db;
  const a = await createTenant(t.services, { name: 'Tenant A' });
  const b = await createTenant(t.services, { name: 'Tenant B' });
  apiA = apiClient(t.app, await tokenFor(t.app, a));
  apiB = apiClient(t.app, await tokenFor(t.app, b));
  eventA = await fixtureEvent(t.services, a.accountId, 'Hybrid');
  sessionA = await fixtureSession(db, a.accountId, eventA);
  attendeeA = await fixtureAttendee(db, a.accountId, eventA);
  webcastA = (await apiA('POST', '/ea/webcasts', { session: { id: sessionA }, title: 'A secret stream', _links: { join: { href: 'https://a.example/j', code: 'a-pass' } } })).json() as Webcast;
  linkA = ((await apiA('POST', `/ea/webcasts/${webcastA.id}/attendee-links`, [{ attendee: { id: attendeeA }, join: { href: 'https://a.example/p/1' } }])).json() as Array<{ data: Link }>)[0]!.data;
  eventB = await fixtureEvent(t.services, b.accountId, 'Hybrid');
  await apiB('POST', '/ea/webcasts', { event: { id: eventB }, title: 'B own stream' });
});
afterAll(async () => t?.close());

describe("webcast tenancy: one account never sees or changes another account's webcasts or links", () => {
  it("answers 404 for every one of account A's ids when called by account B", async () => {
    const calls: Array<[string, string, unknown]> = [
      ['GET', `/ea/webcasts/${webcastA.id}`, undefined],
      ['PUT', `/ea/webcasts/${webcastA.id}`, { event: { id: eventA }, title: 'Hijacked' }],
      ['PUT', '/ea/webcasts', { id: webcastA.id, title: 'Hijacked' }],
      ['DELETE', `/ea/webcasts/${webcastA.id}`, undefined],
      ['GET', `/ea/webcasts/${webcastA.id}/attendee-links`, undefined],
      ['POST', `/ea/webcasts/${webcastA.id}/attendee-links`, [{ attendee: { id: attendeeA }, join: { href: 'https://evil.example' } }]],
      ['PUT', `/ea/webcasts/${webcastA.id}/attendee-links`, [{ id: linkA.id, attendee: { id: attendeeA }, join: { href: 'https://evil.example' } }]],
      ['DELETE', `/ea/webcasts/${webcastA.id}/attendee-links/${linkA.id}`, undefined],
    ];
    for (const [method, url, body] of calls) {
      const res = await apiB(method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect((res.json() as { code: number }).code).toBe(404);
    }
    const still = (await apiA('GET', `/ea/webcasts/${webcastA.id}`)).json() as Webcast;
    expect(still.title).toBe('A secret stream');
    const links = (await apiA('GET', `/ea/webcasts/attendee-links?filter=${encodeURIComponent(`webcast.id eq '${webcastA.id}'`)}`)).json() as Page<Link>;
    expect(links.data.map((l) => l.join.href)).toEqual(['https://a.example/p/1']);
  });

  it("does not let account B place webcasts or links on account A's events, sessions or attendees", async () => {
    const onSession = await apiB('POST', '/ea/webcasts', { session: { id: sessionA } });
    expect(onSession.statusCode).toBe(400);
    expect((onSession.json() as { target: string }).target).toBe('session.id');
    const onEvent = await apiB('POST', '/ea/webcasts', { event: { id: eventA } });
    expect(onEvent.statusCode).toBe(400);
    const ownWebcast = ((await apiB('GET', '/ea/webcasts')).json() as Page<Webcast>).data[0]!;
    const res = await apiB('POST', `/ea/webcasts/${ownWebcast.id}/attendee-links`, [{ attendee: { id: attendeeA }, join: { href: 'https://b.example' } }]);
    expect(res.statusCode).toBe(207);
    expect((res.json() as Array<{ status: number }>)[0]!.status).toBe(404);
    const bWebcastB = await apiB('PUT', `/ea/webcasts/${ownWebcast.id}`, { event: { id: eventB }, session: { id: sessionA } });
    expect(bWebcastB.statusCode).toBe(400);
    expect(await sessionVirtual(db, sessionA)).toBe(1);
    expect((await db.selectFrom('webcasts').select('id').where('session_id', '=', sessionA).execute()).map((r) => r.id)).toEqual([webcastA.id]);
  });

  it("shows none of account A's rows in account B's lists and filters", async () => {
    for (const filter of ['', `id eq '${webcastA.id}'`, `event.id eq '${eventA}'`, `session.id eq '${sessionA}'`, 'session.id is not empty', "provider ne 'Zoom'"]) {
      const res = (await apiB('GET', `/ea/webcasts${filter ? `?filter=${encodeURIComponent(filter)}` : ''}`)).json() as Page<Webcast>;
      expect(res.data.map((w) => w.id), filter).not.toContain(webcastA.id);
      expect(res.data.some((w) => w.title === 'A secret stream')).toBe(false);
    }
    for (const filter of ['', `webcast.id eq '${webcastA.id}'`, `attendee.id eq '${attendeeA}'`, `id eq '${linkA.id}'`, "created gt '2000-01-01'"]) {
      const res = (await apiB('GET', `/ea/webcasts/attendee-links${filter ? `?filter=${encodeURIComponent(filter)}` : ''}`)).json() as Page<Link>;
      expect(res.data, filter).toEqual([]);
      expect(res.paging.totalCount).toBe(0);
    }
    const own = (await apiB('GET', '/ea/webcasts')).json() as Page<Webcast>;
    expect(own.paging.totalCount).toBe(1);
  });

  it("does not let account B walk account A's list with A's paging token", async () => {
    const pageA = (await apiA('GET', '/ea/webcasts?limit=1')).json() as { paging: { currentToken: string } };
    const res = await apiB('GET', `/ea/webcasts?token=${pageA.paging.currentToken}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Page<Webcast>).data.map((w) => w.id)).not.toContain(webcastA.id);
  });
});
