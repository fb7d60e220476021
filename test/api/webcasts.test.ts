import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureAttendee, fixtureEvent, fixtureSession, sessionVirtual } from '../helpers/webcast-fixtures.js';
import type { Db } from '../../src/db/index.js';

interface Webcast {
  id: string; event: { id: string }; session?: { id: string }; title?: string; type?: string; format: string; provider?: string; status: string;
  solutionType: string; meetingId?: string; sourceId?: string; details?: string; lastModified: string; created: string;
  _links: { join?: { href?: string; code?: string }; host?: { href?: string; code?: string; key?: string }; speaker?: { href?: string; code?: string }; recording?: { href?: string; code?: string } };
}
interface Page { paging: { totalCount: number; nextToken?: string }; data: Webcast[] }
interface ErrorBody { code: number; message: string; target?: string }

let t: TestApp;
let db: Db;
let api: Api;
let accountId: string;
let hybrid: string;
let virtualEvent: string;
let inPerson: string;

const MISSING = '0190a1b2-0000-7000-8000-000000000000';

const zoom = (overrides: Record<string, unknown> = {}) => ({
  title: 'Keynote stream', type: 'Webinar', format: 'Live', provider: 'Zoom', status: 'Not Started', meetingId: '987 654 321', sourceId: 'zoom-1',
  details: 'Bring questions',
  _links: {
    join: { href: 'https://zoom.example/j/987654321', code: 'join-pass' },
    host: { href: 'https://zoom.example/s/987654321', code: 'host-pass', key: '123456' },
    speaker: { href: 'https://zoom.example/sp/987654321', code: 'spk' },
  },
  ...overrides,
});

async function webcastCount(): Promise<number> {
  return ((await api('GET', '/ea/webcasts?limit=1')).json() as Page).paging.totalCount;
}

beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
  db = t.db.handle.db;
  const tenant = await createTenant(t.services);
  accountId = tenant.accountId;
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  hybrid = await fixtureEvent(t.services, accountId, 'Hybrid');
  virtualEvent = await fixtureEvent(t.services, accountId, 'Virtual');
  inPerson = await fixtureEvent(t.services, accountId, 'In-person');
});
afterAll(async () => t?.close());

describe('webcasts: create', () => {
  it('creates a webcast for a session with 200, and the session becomes virtual in the same write', async () => {
    const session = await fixtureSession(db, accountId, hybrid);
    expect(await sessionVirtual(db, session)).toBe(0);
    const res = await api('POST', '/ea/webcasts', zoom({ event: { id: hybrid }, session: { id: session } }));
    expect(res.statusCode).toBe(200);
    const w = res.json() as Webcast;
    expect(w).toMatchObject({
      event: { id: hybrid }, session: { id: session }, title: 'Keynote stream', type: 'Webinar', format: 'Live', provider: 'Zoom',
      status: 'Not Started', solutionType: 'External Platform', meetingId: '987 654 321', sourceId: 'zoom-1', details: 'Bring questions',
      _links: {
        join: { href: 'https://zoom.example/j/987654321', code: 'join-pass' },
        host: { href: 'https://zoom.example/s/987654321', code: 'host-pass', key: '123456' },
        speaker: { href: 'https://zoom.example/sp/987654321', code: 'spk' },
      },
    });
    expect(w.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await sessionVirtual(db, session)).toBe(1);
    const row = await db.selectFrom('sessions').select(['last_modified']).where('id', '=', session).executeTakeFirstOrThrow();
    expect(row.last_modified >= w.created).toBe(true);
    expect(((await api('GET', `/ea/webcasts/${w.id}`)).json() as Webcast)._links.host?.key).toBe('123456');
    const viaSessions = await api('GET', `/ea/sessions/${session}`);
    expect(viaSessions.statusCode).toBe(200);
    expect((viaSessions.json() as { virtual: boolean }).virtual).toBe(true);
  });

  it('takes the event from the session when only session.id is given, and accepts an event-level webcast', async () => {
    const session = await fixtureSession(db, accountId, virtualEvent);
    const bySession = await api('POST', '/ea/webcasts', { session: { id: session }, type: 'Meeting' });
    expect(bySession.statusCode).toBe(200);
    expect(bySession.json()).toMatchObject({ event: { id: virtualEvent }, session: { id: session }, format: 'Live', status: 'Not Started' });
    const eventLevel = await api('POST', '/ea/webcasts', { event: { id: virtualEvent }, title: 'Whole event' });
    expect(eventLevel.statusCode).toBe(200);
    expect((eventLevel.json() as Webcast).session).toBeUndefined();
  });

  it('answers 409 for a second webcast on the same session and changes nothing', async () => {
    const session = await fixtureSession(db, accountId, hybrid);
    const first = (await api('POST', '/ea/webcasts', zoom({ session: { id: session } }))).json() as Webcast;
    const before = await webcastCount();
    const second = await api('POST', '/ea/webcasts', zoom({ session: { id: session }, title: 'Duplicate' }));
    expect(second.statusCode).toBe(409);
    const body = second.json() as ErrorBody;
    expect(body).toMatchObject({ code: 409, target: 'session.id' });
    expect(body.message).toContain(first.id);
    expect(await webcastCount()).toBe(before);
    expect(((await api('GET', `/ea/webcasts/${first.id}`)).json() as Webcast).title).toBe('Keynote stream');
  });

  it('lets exactly one of several concurrent creates for one session win; the others are 409, never 5xx', async () => {
    const session = await fixtureSession(db, accountId, hybrid);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => api('POST', '/ea/webcasts', zoom({ session: { id: session }, title: `Racer ${i}` }))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const listed = (await api('GET', `/ea/webcasts?filter=${encodeURIComponent(`session.id eq '${session}'`)}`)).json() as Page;
    expect(listed.data).toHaveLength(1);
  });

  it('answers 409 naming the event format for a session of an In-person event, and the session stays not virtual', async () => {
    const session = await fixtureSession(db, accountId, inPerson);
    const before = await webcastCount();
    const res = await api('POST', '/ea/webcasts', zoom({ session: { id: session } }));
    expect(res.statusCode).toBe(409);
    const body = res.json() as ErrorBody;
    expect(body.message).toMatch(/In-person/);
    expect(body.message).toMatch(/Virtual or Hybrid/);
    expect(body.target).toBe('session.id');
    expect(await sessionVirtual(db, session)).toBe(0);
    expect(await webcastCount()).toBe(before);
    const eventLevel = await api('POST', '/ea/webcasts', zoom({ event: { id: inPerson } }));
    expect(eventLevel.statusCode).toBe(409);
    expect((eventLevel.json() as ErrorBody).target).toBe('event.id');
  });

  it('refuses bad placements and bad fields with 400 naming the field, creating nothing', async () => {
    const before = await webcastCount();
    const otherSession = await fixtureSession(db, accountId, virtualEvent);
    const cases: Array<[Record<string, unknown>, string]> = [
      [zoom(), 'event.id'],
      [zoom({ event: { id: MISSING } }), 'event.id'],
      [zoom({ session: { id: MISSING } }), 'session.id'],
      [zoom({ event: { id: hybrid }, session: { id: otherSession } }), 'session.id'],
      [zoom({ event: { id: hybrid }, appointment: { id: MISSING } }), 'appointment'],
      [zoom({ event: { id: hybrid }, provider: 'Skype' }), 'provider'],
      [zoom({ event: { id: hybrid }, type: 'Party' }), 'type'],
      [zoom({ event: { id: hybrid }, status: 'Done' }), 'status'],
      [zoom({ event: { id: 'not-a-uuid' } }), 'event.id'],
      [zoom({ event: { id: hybrid }, sourceId: 'x'.repeat(51) }), 'sourceId'],
      [zoom({ event: { id: hybrid }, _links: { join: { href: 'h'.repeat(2001) } } }), '_links.join.href'],
    ];
    for (const [body, target] of cases) {
      const res = await api('POST', '/ea/webcasts', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect((res.json() as ErrorBody).target).toBe(target);
    }
    expect((await api('POST', '/ea/webcasts', [])).statusCode).toBe(400);
    expect(await webcastCount()).toBe(before);
    expect(await sessionVirtual(db, otherSession)).toBe(0);
  });
});

describe('webcasts: read, update, delete', () => {
  it('gets a webcast by id; 404 for an unknown id and for a malformed one', async () => {
    const w = (await api('POST', '/ea/webcasts', zoom({ event: { id: hybrid } }))).json() as Webcast;
    expect((await api('GET', `/ea/webcasts/${w.id}`)).json()).toEqual(w);
    const missing = await api('GET', `/ea/webcasts/${MISSING}`);
    expect(missing.statusCode).toBe(404);
    expect((missing.json() as ErrorBody).code).toBe(404);
    const bad = await api('GET', '/ea/webcasts/nope');
    expect(bad.statusCode).toBe(404);
    expect((bad.json() as ErrorBody).target).toBe('path');
  });

  it('PUT /webcasts/{id} replaces the fields: recording details after the session, read-only fields ignored', async () => {
    const session = await fixtureSession(db, accountId, hybrid);
    const w = (await api('POST', '/ea/webcasts', zoom({ session: { id: session } }))).json() as Webcast;
    const res = await api('PUT', `/ea/webcasts/${w.id}`, {
      ...w, status: 'Finished', solutionType: 'Cvent Studio', created: '2000-01-01T00:00:00Z',
      _links: { ...w._links, recording: { href: 'https://zoom.example/rec/1', code: 'rec-pass' } },
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json() as Webcast;
    expect(updated).toMatchObject({ id: w.id, status: 'Finished', solutionType: 'External Platform', created: w.created, session: { id: session } });
    expect(updated._links.recording).toEqual({ href: 'https://zoom.example/rec/1', code: 'rec-pass' });
    expect(updated._links.join).toEqual(w._links.join);
    expect(updated.lastModified >= w.lastModified).toBe(true);
    const replaced = (await api('PUT', `/ea/webcasts/${w.id}`, { session: { id: session }, title: 'Only title' })).json() as Webcast;
    expect(replaced.title).toBe('Only title');
    expect(replaced.provider).toBeUndefined();
    expect(replaced._links).toEqual({});
  });

  it('moves a webcast to another session of its event: the new one becomes virtual, the old one is virtual no more, and taken sessions are 409', async () => {
    const [s1, s2, s3] = [await fixtureSession(db, accountId, hybrid), await fixtureSession(db, accountId, hybrid), await fixtureSession(db, accountId, hybrid)];
    const w = (await api('POST', '/ea/webcasts', zoom({ session: { id: s1 } }))).json() as Webcast;
    const taken = (await api('POST', '/ea/webcasts', zoom({ session: { id: s3 } }))).json() as Webcast;
    const moved = await api('PUT', `/ea/webcasts/${w.id}`, zoom({ session: { id: s2 } }));
    expect(moved.statusCode).toBe(200);
    expect((moved.json() as Webcast).session).toEqual({ id: s2 });
    expect(await sessionVirtual(db, s2)).toBe(1);
    expect(await sessionVirtual(db, s1)).toBe(0);
    // s1 is free again
    const again = await api('POST', '/ea/webcasts', zoom({ session: { id: s1 } }));
    expect(again.statusCode).toBe(200);
    const clash = await api('PUT', `/ea/webcasts/${w.id}`, zoom({ session: { id: s3 } }));
    expect(clash.statusCode).toBe(409);
    expect((clash.json() as ErrorBody).message).toContain(taken.id);
    expect(((await api('GET', `/ea/webcasts/${w.id}`)).json() as Webcast).session).toEqual({ id: s2 });
  });

  it('refuses to move a webcast to another event, or onto a session of an In-person event', async () => {
    const w = (await api('POST', '/ea/webcasts', zoom({ event: { id: hybrid } }))).json() as Webcast;
    const otherEvent = await api('PUT', `/ea/webcasts/${w.id}`, zoom({ event: { id: virtualEvent } }));
    expect(otherEvent.statusCode).toBe(400);
    expect((otherEvent.json() as ErrorBody).target).toBe('event.id');
    const viaSession = await api('PUT', `/ea/webcasts/${w.id}`, zoom({ session: { id: await fixtureSession(db, accountId, virtualEvent) } }));
    expect(viaSession.statusCode).toBe(400);
    expect((viaSession.json() as ErrorBody).target).toBe('session.id');
    expect(((await api('GET', `/ea/webcasts/${w.id}`)).json() as Webcast).event.id).toBe(hybrid);
  });

  it("serves the seed's PUT /webcasts with the id in the body", async () => {
    const w = (await api('POST', '/ea/webcasts', zoom({ event: { id: hybrid } }))).json() as Webcast;
    const res = await api('PUT', '/ea/webcasts', { ...w, _links: { ...w._links, join: { href: 'https://zoom.example/j/new', code: 'new-pass' } } });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Webcast)._links.join).toEqual({ href: 'https://zoom.example/j/new', code: 'new-pass' });
    expect(((await api('GET', `/ea/webcasts/${w.id}`)).json() as Webcast)._links.join?.code).toBe('new-pass');
    expect((await api('PUT', '/ea/webcasts', { ...w, id: MISSING })).statusCode).toBe(404);
    const noId = await api('PUT', '/ea/webcasts', zoom({ event: { id: hybrid } }));
    expect(noId.statusCode).toBe(400);
    expect((noId.json() as ErrorBody).target).toBe('id');
  });

  it('deletes a webcast with 204 (then 404) with its links; the session is virtual no more and can take a new webcast', async () => {
    const session = await fixtureSession(db, accountId, hybrid);
    const w = (await api('POST', '/ea/webcasts', zoom({ session: { id: session } }))).json() as Webcast;
    const attendee = await fixtureAttendee(db, accountId, hybrid);
    const link = await api('POST', `/ea/webcasts/${w.id}/attendee-links`, [{ attendee: { id: attendee }, join: { href: 'https://zoom.example/j/p1' } }]);
    expect(link.statusCode).toBe(207);
    const del = await api('DELETE', `/ea/webcasts/${w.id}`);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await api('GET', `/ea/webcasts/${w.id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/ea/webcasts/${w.id}`)).statusCode).toBe(404);
    expect(await db.selectFrom('attendee_links').select('id').where('webcast_id', '=', w.id).execute()).toEqual([]);
    expect(await sessionVirtual(db, session)).toBe(0);
    expect((await api('POST', '/ea/webcasts', zoom({ session: { id: session } }))).statusCode).toBe(200);
    expect(await sessionVirtual(db, session)).toBe(1);
  });

  it('leaves a session that a planner marked virtual virtual when its webcast goes', async () => {
    const session = await fixtureSession(db, accountId, hybrid, { virtual: 1, virtual_marked: 1 });
    const w = (await api('POST', '/ea/webcasts', zoom({ session: { id: session } }))).json() as Webcast;
    expect((await api('PUT', `/ea/webcasts/${w.id}`, zoom({ event: { id: hybrid } }))).statusCode).toBe(200);
    expect(await sessionVirtual(db, session)).toBe(1);
    expect((await api('PUT', `/ea/webcasts/${w.id}`, zoom({ session: { id: session } }))).statusCode).toBe(200);
    expect((await api('DELETE', `/ea/webcasts/${w.id}`)).statusCode).toBe(204);
    expect(await sessionVirtual(db, session)).toBe(1);
  });

  it('accepts ids in upper case', async () => {
    const session = await fixtureSession(db, accountId, hybrid);
    const res = await api('POST', '/ea/webcasts', zoom({ event: { id: hybrid.toUpperCase() }, session: { id: session.toUpperCase() } }));
    expect(res.statusCode).toBe(200);
    expect((res.json() as Webcast).session).toEqual({ id: session });
  });
});

describe('webcasts: list and filter', () => {
  let event: string;
  let withSession: Webcast;
  let eventOnly: Webcast;

  beforeAll(async () => {
    event = await fixtureEvent(t.services, accountId, 'Virtual', 'Filter event');
    withSession = (await api('POST', '/ea/webcasts', zoom({ session: { id: await fixtureSession(db, accountId, event) }, provider: 'ON24', type: 'Meeting', meetingId: 'm-42', sourceId: 'src-42' }))).json() as Webcast;
    eventOnly = (await api('POST', '/ea/webcasts', { event: { id: event }, provider: 'Cisco Webex', status: 'Started', playerType: 'Weblink' })).json() as Webcast;
  });

  const ids = async (filter: string): Promise<string[]> => {
    const res = await api('GET', `/ea/webcasts?filter=${encodeURIComponent(filter)}`);
    expect(res.statusCode, filter).toBe(200);
    return (res.json() as Page).data.map((w) => w.id);
  };

  it('filters by event and session, including session.id is empty / is not empty', async () => {
    expect(await ids(`event.id eq '${event}'`)).toEqual([withSession.id, eventOnly.id]);
    expect(await ids(`event.id eq '${event}' and session.id is empty`)).toEqual([eventOnly.id]);
    expect(await ids(`event.id eq '${event}' and session.id is not empty`)).toEqual([withSession.id]);
    expect(await ids(`session.id eq '${withSession.session?.id ?? ''}'`)).toEqual([withSession.id]);
    expect(await ids(`event.id eq '${event}' and sourceId is empty`)).toEqual([eventOnly.id]);
  });

  it('filters by provider, type, status, meetingId, sourceId, solutionType, playerType, id and dates', async () => {
    const scoped = (f: string) => ids(`event.id eq '${event}' and (${f})`);
    expect(await scoped("provider eq 'ON24'")).toEqual([withSession.id]);
    expect(await scoped("provider ne 'ON24'")).toEqual([eventOnly.id]);
    expect(await scoped("type eq 'Meeting'")).toEqual([withSession.id]);
    expect(await scoped("status eq 'Started'")).toEqual([eventOnly.id]);
    expect(await scoped("meetingId eq 'm-42'")).toEqual([withSession.id]);
    expect(await scoped("sourceId eq 'src-42'")).toEqual([withSession.id]);
    expect(await scoped("solutionType eq 'External Platform'")).toEqual([withSession.id, eventOnly.id]);
    expect(await scoped("playerType eq 'Weblink'")).toEqual([eventOnly.id]);
    expect(await scoped(`id eq '${eventOnly.id}'`)).toEqual([eventOnly.id]);
    expect(await scoped(`created ge '${withSession.created}'`)).toEqual([withSession.id, eventOnly.id]);
    expect(await scoped("lastModified lt '2000-01-01T00:00:00Z'")).toEqual([]);
  });

  it('answers 400 at the filter for fields and operators the reference does not list, and for sort', async () => {
    for (const filter of ["provider contains 'Zo'", "title eq 'Keynote stream'", `appointment.id eq '${MISSING}'`, "meetingId is empty", "event.id eq 'x'"]) {
      const res = await api('GET', `/ea/webcasts?filter=${encodeURIComponent(filter)}`);
      expect(res.statusCode, filter).toBe(400);
      expect((res.json() as ErrorBody).target).toBe('filter');
    }
    expect((await api('GET', '/ea/webcasts?sort=created:DESC')).statusCode).toBe(400);
  });

  it('pages with nextToken and keeps the filter in the token', async () => {
    const filter = encodeURIComponent(`event.id eq '${event}'`);
    const first = (await api('GET', `/ea/webcasts?filter=${filter}&limit=1`)).json() as Page;
    expect(first.data.map((w) => w.id)).toEqual([withSession.id]);
    expect(first.paging.totalCount).toBe(2);
    const second = (await api('GET', `/ea/webcasts?token=${first.paging.nextToken ?? ''}`)).json() as Page;
    expect(second.data.map((w) => w.id)).toEqual([eventOnly.id]);
    expect(second.paging.nextToken).toBeUndefined();
  });
});

describe('webcasts: scopes', () => {
  it('answers 403 when the webcast scope of the operation is missing, and 401 without a token', async () => {
    const tenant = await createTenant(t.services, { appScopes: ['event/webcasts:read'] });
    const readOnly = apiClient(t.app, await tokenFor(t.app, tenant));
    const event = await fixtureEvent(t.services, tenant.accountId, 'Hybrid');
    const noWrite = await readOnly('POST', '/ea/webcasts', zoom({ event: { id: event } }));
    expect(noWrite.statusCode).toBe(403);
    expect(noWrite.headers['www-authenticate']).toContain('insufficient_scope');
    expect((await readOnly('GET', '/ea/webcasts')).statusCode).toBe(200);
    expect((await readOnly('PUT', `/ea/webcasts/${MISSING}`, zoom())).statusCode).toBe(403);
    expect((await readOnly('PUT', '/ea/webcasts', { id: MISSING })).statusCode).toBe(403);
    expect((await readOnly('DELETE', `/ea/webcasts/${MISSING}`)).statusCode).toBe(403);
    const writer = createTenant(t.services, { appScopes: ['event/webcasts:write'] });
    const writeOnly = apiClient(t.app, await tokenFor(t.app, await writer));
    expect((await writeOnly('GET', '/ea/webcasts')).statusCode).toBe(403);
    expect((await writeOnly('GET', `/ea/webcasts/${MISSING}`)).statusCode).toBe(403);
    expect((await apiClient(t.app, undefined)('GET', '/ea/webcasts')).statusCode).toBe(401);
  });
});
