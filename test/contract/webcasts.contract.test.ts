import { readFileSync } from 'node:fs';
import YAML from 'yaml';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureAttendees, fixtureEvent, fixtureSession } from '../helpers/webcast-fixtures.js';
import { describeContract, expectMatchesReference, referenceOperation, referencePath } from './reference.js';

// Every webcast and attendee-link operation's responses, as eventline really
// sends them, validated against the reference's response schemas (DESIGN rule 2).
describeContract('contract: webcast and attendee-link operations match the reference', () => {
  const MISSING = '0190a1b2-0000-7000-8000-000000000000';
  let t: TestApp;
  let api: Api;
  let narrowApi: Api;
  let event: string;
  let inPersonSession: string;
  let session: string;
  let webcastId: string;
  let attendees: string[];

  const fullWebcast = (extra: Record<string, unknown>) => ({
    title: 'Contract stream', type: 'Webinar', format: 'Pre-recorded', provider: 'Microsoft Teams', status: 'Started', playerType: 'Weblink',
    simulatedLive: true, recordLiveStream: false, autoAddToLibrary: true, onDemandVideo: false, sourceId: 'teams-1', meetingId: 'meet-1', details: 'Details',
    _links: {
      join: { href: 'https://teams.example/j/1', code: 'j' }, speaker: { href: 'https://teams.example/s/1', code: 's' },
      host: { href: 'https://teams.example/h/1', code: 'h', key: 'k' }, recording: { href: 'https://teams.example/r/1', code: 'r' },
    },
    ...extra,
  });

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
    const tenant = await createTenant(t.services);
    const db = t.db.handle.db;
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    narrowApi = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    event = await fixtureEvent(t.services, tenant.accountId, 'Virtual');
    session = await fixtureSession(db, tenant.accountId, event);
    inPersonSession = await fixtureSession(db, tenant.accountId, await fixtureEvent(t.services, tenant.accountId, 'In-person'));
    attendees = await fixtureAttendees(db, tenant.accountId, event, 3);
    const res = await api('POST', '/ea/webcasts', fullWebcast({ event: { id: event }, session: { id: session } }));
    expect(res.statusCode).toBe(200);
    expectMatchesReference('POST', '/webcasts', 200, res.json());
    webcastId = (res.json() as { id: string }).id;
  });
  afterAll(async () => t?.close());

  it('uses the reference operationIds, and at least the reference scopes, for every operation', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/ea/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId: string; security: Array<Record<string, string[]>> }>>;
    };
    const ops: Array<[string, string]> = [
      ['GET', '/webcasts'], ['POST', '/webcasts'], ['GET', '/webcasts/{id}'], ['PUT', '/webcasts/{id}'], ['DELETE', '/webcasts/{id}'],
      ['GET', '/webcasts/attendee-links'], ['POST', '/webcasts/{id}/attendee-links'], ['PUT', '/webcasts/{id}/attendee-links'],
      ['GET', '/webcasts/{id}/attendee-links'], ['DELETE', '/webcasts/{id}/attendee-links/{attendeeLinkId}'],
    ];
    for (const [method, path] of ops) {
      const ours = doc.paths[`/ea${path}`]?.[method.toLowerCase()];
      const ref = referenceOperation(method, path);
      expect(ours, `${method} ${path}`).toBeDefined();
      expect(ours?.operationId).toBe(ref?.operationId);
      const scopes = Object.values(ours?.security[0] ?? {}).flat();
      for (const s of ref?.scopes ?? []) expect(scopes, `${method} ${path}`).toContain(s);
    }
    // The seed's form is ours alone and says so.
    expect(referenceOperation('PUT', '/webcasts')).toBeUndefined();
    expect(doc.paths['/ea/webcasts']?.['put']?.operationId).toBe('updateWebcastByBodyId');
  });

  it('GET /webcasts 200, 400, 401, 403', async () => {
    expectMatchesReference('GET', '/webcasts', 200, (await api('GET', `/ea/webcasts?filter=${encodeURIComponent(`event.id eq '${event}'`)}`)).json());
    const bad = await api('GET', `/ea/webcasts?filter=${encodeURIComponent("provider sw 'Z'")}`);
    expect(bad.statusCode).toBe(400);
    expectMatchesReference('GET', '/webcasts', 400, bad.json());
    const noToken = await apiClient(t.app, undefined)('GET', '/ea/webcasts');
    expect(noToken.statusCode).toBe(401);
    expectMatchesReference('GET', '/webcasts', 401, noToken.json());
    const forbidden = await narrowApi('GET', '/ea/webcasts');
    expect(forbidden.statusCode).toBe(403);
    expectMatchesReference('GET', '/webcasts', 403, forbidden.json());
  });

  it('POST /webcasts 200 (event-level, minimal), 400, 403, 409', async () => {
    const minimal = await api('POST', '/ea/webcasts', { event: { id: event } });
    expect(minimal.statusCode).toBe(200);
    expectMatchesReference('POST', '/webcasts', 200, minimal.json());
    const bad = await api('POST', '/ea/webcasts', { event: { id: event }, type: 'Party' });
    expect(bad.statusCode).toBe(400);
    expectMatchesReference('POST', '/webcasts', 400, bad.json());
    const forbidden = await narrowApi('POST', '/ea/webcasts', { event: { id: event } });
    expect(forbidden.statusCode).toBe(403);
    expectMatchesReference('POST', '/webcasts', 403, forbidden.json());
    const second = await api('POST', '/ea/webcasts', { session: { id: session } });
    expect(second.statusCode).toBe(409);
    expectMatchesReference('POST', '/webcasts', 409, second.json());
    const inPerson = await api('POST', '/ea/webcasts', { session: { id: inPersonSession } });
    expect(inPerson.statusCode).toBe(409);
    expectMatchesReference('POST', '/webcasts', 409, inPerson.json());
  });

  it('refuses a join, host, speaker or recording URL that is not an absolute http(s) URL: 400 naming the field, nothing stored', async () => {
    const count = async () => ((await api('GET', `/ea/webcasts?filter=${encodeURIComponent(`event.id eq '${event}'`)}`)).json() as { paging: { totalCount: number } }).paging.totalCount;
    const before = await count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ join: { href: 'not a url at all' } }, '_links.join.href'],
      [{ join: { href: 'javascript:alert(document.cookie)' } }, '_links.join.href'],
      [{ join: { href: 'JavaScript:alert(1)' } }, '_links.join.href'],
      [{ host: { href: 'data:text/html,<script>alert(1)</script>' } }, '_links.host.href'],
      [{ speaker: { href: '/relative/path' } }, '_links.speaker.href'],
      [{ recording: { href: 'ftp://files.example/rec.mp4' } }, '_links.recording.href'],
      [{ recording: { href: 'https://user:secret@teams.example/r/1' } }, '_links.recording.href'],
      [{ join: { href: ' https://teams.example/j/1' } }, '_links.join.href'],
    ];
    for (const [links, target] of cases) {
      const res = await api('POST', '/ea/webcasts', { event: { id: event }, _links: links });
      expect(res.statusCode, JSON.stringify(links)).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, target });
      expect((res.json() as { message: string }).message).toContain(target);
      expectMatchesReference('POST', '/webcasts', 400, res.json());
    }
    expect(await count()).toBe(before);

    const put = await api('PUT', `/ea/webcasts/${webcastId}`, { event: { id: event }, session: { id: session }, _links: { recording: { href: 'javascript:void(0)' } } });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toMatchObject({ target: '_links.recording.href' });
    expectMatchesReference('PUT', '/webcasts/{id}', 400, put.json());
    const seedPut = await api('PUT', '/ea/webcasts', { id: webcastId, event: { id: event }, session: { id: session }, _links: { join: { href: 'not a url at all' } } });
    expect(seedPut.statusCode).toBe(400);
    expect(((await api('GET', `/ea/webcasts/${webcastId}`)).json() as { _links: { join?: { href?: string } } })._links.join?.href).toBe('https://teams.example/j/1');

    // http and https are both fine (a local webcast platform may serve plain http).
    const ok = await api('POST', '/ea/webcasts', { event: { id: event }, _links: { join: { href: 'http://127.0.0.1:4010/j/1?pwd=abc' }, recording: { href: 'https://rec.example/r/1' } } });
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as { _links: { join: { href: string } } })._links.join.href).toBe('http://127.0.0.1:4010/j/1?pwd=abc');
    await api('DELETE', `/ea/webcasts/${(ok.json() as { id: string }).id}`);

    // An attendee's personal join URL follows the same rule, item by item.
    const links = await api('POST', `/ea/webcasts/${webcastId}/attendee-links`, [{ attendee: { id: attendees[0] }, join: { href: 'javascript:alert(1)' } }]);
    expect(links.statusCode).toBe(207);
    expectMatchesReference('POST', '/webcasts/{id}/attendee-links', 207, links.json());
    expect(links.json()).toMatchObject([{ status: 400, data: { code: 400, target: 'join.href' } }]);
  });

  it('GET /webcasts/{id} 200, 400, 404; PUT /webcasts/{id} 200, 400, 404, 409; the seed\'s PUT /webcasts has the same shape', async () => {
    const got = await api('GET', `/ea/webcasts/${webcastId}`);
    expectMatchesReference('GET', '/webcasts/{id}', 200, got.json());
    const malformed = await api('GET', '/ea/webcasts/nope');
    expect(malformed.statusCode).toBe(404);
    expectMatchesReference('GET', '/webcasts/{id}', 404, malformed.json());
    const missing = await api('GET', `/ea/webcasts/${MISSING}`);
    expect(missing.statusCode).toBe(404);
    expectMatchesReference('GET', '/webcasts/{id}', 404, missing.json());

    const put = await api('PUT', `/ea/webcasts/${webcastId}`, { ...(got.json() as object), status: 'Finished' });
    expect(put.statusCode).toBe(200);
    expectMatchesReference('PUT', '/webcasts/{id}', 200, put.json());
    const badPut = await api('PUT', `/ea/webcasts/${webcastId}`, { status: 'Over' });
    expect(badPut.statusCode).toBe(400);
    expectMatchesReference('PUT', '/webcasts/{id}', 400, badPut.json());
    const missingPut = await api('PUT', `/ea/webcasts/${MISSING}`, { event: { id: event } });
    expect(missingPut.statusCode).toBe(404);
    expectMatchesReference('PUT', '/webcasts/{id}', 404, missingPut.json());
    const other = (await api('POST', '/ea/webcasts', { event: { id: event } })).json() as { id: string };
    const conflict = await api('PUT', `/ea/webcasts/${other.id}`, { session: { id: session } });
    expect(conflict.statusCode).toBe(409);
    expectMatchesReference('PUT', '/webcasts/{id}', 409, conflict.json());

    const seed = await api('PUT', '/ea/webcasts', { ...(put.json() as object), title: 'Seed form' });
    expect(seed.statusCode).toBe(200);
    expectMatchesReference('PUT', '/webcasts/{id}', 200, seed.json());
  });

  it('POST and PUT /webcasts/{id}/attendee-links 207 (good and bad items), 400, 403, 404', async () => {
    const created = await api('POST', `/ea/webcasts/${webcastId}/attendee-links`, [
      { attendee: { id: attendees[0] }, join: { href: 'https://teams.example/p/0', code: 'p0' }, sourceId: 'l-0' },
      { attendee: { id: attendees[1] }, join: { href: 'https://teams.example/p/1' } },
      { attendee: { id: MISSING }, join: { href: 'https://teams.example/p/x' } },
      { attendee: { id: attendees[2] } },
    ]);
    expect(created.statusCode).toBe(207);
    expectMatchesReference('POST', '/webcasts/{id}/attendee-links', 207, created.json());
    expect((created.json() as Array<{ status: number }>).map((i) => i.status)).toEqual([201, 201, 404, 400]);
    const link = (created.json() as Array<{ data: { id: string; attendee: { id: string } } }>)[0]!.data;

    const updated = await api('PUT', `/ea/webcasts/${webcastId}/attendee-links`, [
      { id: link.id, attendee: link.attendee, join: { href: 'https://teams.example/p/0b' } },
      { id: MISSING, attendee: link.attendee, join: { href: 'https://teams.example/p/none' } },
    ]);
    expect(updated.statusCode).toBe(207);
    expectMatchesReference('PUT', '/webcasts/{id}/attendee-links', 207, updated.json());

    const tooMany = await api('POST', `/ea/webcasts/${webcastId}/attendee-links`, []);
    expect(tooMany.statusCode).toBe(400);
    expectMatchesReference('POST', '/webcasts/{id}/attendee-links', 400, tooMany.json());
    const forbidden = await narrowApi('PUT', `/ea/webcasts/${webcastId}/attendee-links`, []);
    expect(forbidden.statusCode).toBe(403);
    expectMatchesReference('PUT', '/webcasts/{id}/attendee-links', 403, forbidden.json());
    const missing = await api('POST', `/ea/webcasts/${MISSING}/attendee-links`, [{ attendee: { id: attendees[2] }, join: { href: 'https://x' } }]);
    expect(missing.statusCode).toBe(404);
    expectMatchesReference('POST', '/webcasts/{id}/attendee-links', 404, missing.json());
  });

  it('PUT /webcasts/{id}/attendee-links takes items without id (the reference marks it read-only), matched by webcast and attendee', async () => {
    // What the reference says, so this test fails if that changes: id is required and read-only at once.
    const reference = YAML.parse(readFileSync(referencePath, 'utf8')) as { components: { schemas: Record<string, { required?: string[]; properties?: Record<string, { readOnly?: boolean }> }> } };
    const item = reference.components.schemas['existing-attendee-link'];
    expect(item?.required).toContain('id');
    expect(item?.properties?.['id']?.readOnly).toBe(true);

    const created = await api('POST', `/ea/webcasts/${webcastId}/attendee-links`, [{ attendee: { id: attendees[2] }, join: { href: 'https://teams.example/p/2' } }]);
    expect((created.json() as Array<{ status: number }>).map((i) => i.status)).toEqual([201]);
    const linkId = (created.json() as Array<{ data: { id: string } }>)[0]!.data.id;
    // As a client generated from the reference sends it: webcast and attendee, no id.
    const updated = await api('PUT', `/ea/webcasts/${webcastId}/attendee-links`, [
      { webcast: { id: webcastId }, attendee: { id: attendees[2] }, sourceId: 'l-2', join: { href: 'https://teams.example/p/2b', code: 'c2' } },
      { webcast: { id: webcastId }, attendee: { id: MISSING }, join: { href: 'https://teams.example/p/none' } },
    ]);
    expect(updated.statusCode).toBe(207);
    expectMatchesReference('PUT', '/webcasts/{id}/attendee-links', 207, updated.json());
    const results = updated.json() as Array<{ status: number; data: { id?: string; sourceId?: string; join?: { href: string }; target?: string } }>;
    expect(results.map((r) => r.status)).toEqual([200, 404]);
    expect(results[0]?.data).toMatchObject({ id: linkId, sourceId: 'l-2', join: { href: 'https://teams.example/p/2b' } });
    expect(results[1]?.data).toMatchObject({ code: 404, target: 'attendee.id' });
    const stored = (await api('GET', `/ea/webcasts/${webcastId}/attendee-links`)).json() as { data: Array<{ id: string; join: { href: string } }> };
    expect(stored.data.filter((l) => l.id === linkId).map((l) => l.join.href)).toEqual(['https://teams.example/p/2b']);
  });

  it('GET /webcasts/attendee-links and GET /webcasts/{id}/attendee-links 200, 400, 404', async () => {
    const list = await api('GET', `/ea/webcasts/attendee-links?filter=${encodeURIComponent(`webcast.id eq '${webcastId}'`)}`);
    expect((list.json() as { data: unknown[] }).data.length).toBeGreaterThan(0);
    expectMatchesReference('GET', '/webcasts/attendee-links', 200, list.json());
    const bad = await api('GET', `/ea/webcasts/attendee-links?filter=${encodeURIComponent(`event.id eq '${event}'`)}`);
    expect(bad.statusCode).toBe(400);
    expectMatchesReference('GET', '/webcasts/attendee-links', 400, bad.json());
    expectMatchesReference('GET', '/webcasts/{id}/attendee-links', 200, (await api('GET', `/ea/webcasts/${webcastId}/attendee-links`)).json());
    const missing = await api('GET', `/ea/webcasts/${MISSING}/attendee-links`);
    expect(missing.statusCode).toBe(404);
    expectMatchesReference('GET', '/webcasts/{id}/attendee-links', 404, missing.json());
  });

  it('DELETE /webcasts/{id}/attendee-links/{attendeeLinkId} and DELETE /webcasts/{id}: 204 without a body, then 404', async () => {
    const links = (await api('GET', `/ea/webcasts/${webcastId}/attendee-links`)).json() as { data: Array<{ id: string }> };
    const linkId = links.data[0]!.id;
    const del = await api('DELETE', `/ea/webcasts/${webcastId}/attendee-links/${linkId}`);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    const again = await api('DELETE', `/ea/webcasts/${webcastId}/attendee-links/${linkId}`);
    expect(again.statusCode).toBe(404);
    expectMatchesReference('DELETE', '/webcasts/{id}/attendee-links/{attendeeLinkId}', 404, again.json());
    const forbidden = await narrowApi('DELETE', `/ea/webcasts/${webcastId}`);
    expect(forbidden.statusCode).toBe(403);
    expectMatchesReference('DELETE', '/webcasts/{id}', 403, forbidden.json());
    const delWebcast = await api('DELETE', `/ea/webcasts/${webcastId}`);
    expect(delWebcast.statusCode).toBe(204);
    expect(delWebcast.body).toBe('');
    const gone = await api('DELETE', `/ea/webcasts/${webcastId}`);
    expect(gone.statusCode).toBe(404);
    expectMatchesReference('DELETE', '/webcasts/{id}', 404, gone.json());
  });
});
