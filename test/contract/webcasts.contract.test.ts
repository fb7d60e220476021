import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureAttendees, fixtureEvent, fixtureSession } from '../helpers/webcast-fixtures.js';
import { describeContract, expectMatchesReference, referenceOperation } from './reference.js';

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

  it('GET /webcasts/{id} 200, 400, 404; PUT /webcasts/{id} 200, 400, 404, 409; the seed\'s PUT /webcasts has the same shape', async () => {
    const got = await api('GET', `/ea/webcasts/${webcastId}`);
    expectMatchesReference('GET', '/webcasts/{id}', 200, got.json());
    const malformed = await api('GET', '/ea/webcasts/nope');
    expect(malformed.statusCode).toBe(400);
    expectMatchesReference('GET', '/webcasts/{id}', 400, malformed.json());
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
