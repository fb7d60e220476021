import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { sampleSession, workflowAttendee, workflowAttendees, workflowEvent } from '../helpers/workflow.js';
import { describeContract, expectMatchesReference, referenceOperation } from './reference.js';
import { expectBulkMatches, expectSessionMatches } from './sessions.shared.js';

// Every session, enrollment and attendance operation's responses, as
// eventline really sends them, validated against the reference's response
// schemas (DESIGN rule 2). eventline's 409s (documented in our OpenAPI) have
// no reference schema; they are checked against the operation's error shape.
describeContract('contract: session, enrollment and attendance operations match the reference', () => {
  const MISSING = '0190a1b2-0000-7000-8000-000000000000';
  const IN = '2027-03-01T10:02:00Z';
  let t: TestApp;
  let api: Api;
  let narrowApi: Api;
  let anonymous: Api;
  let eventId: string;
  let inPersonEvent: string;
  let sessionId: string;
  let attendees: string[];
  let accountId: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
    const tenant = await createTenant(t.services);
    accountId = tenant.accountId;
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    narrowApi = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    anonymous = apiClient(t.app, undefined);
    eventId = await workflowEvent(t.services, tenant.accountId, 'Hybrid');
    inPersonEvent = await workflowEvent(t.services, tenant.accountId, 'In-person');
    attendees = await workflowAttendees(t.db.handle.db, tenant.accountId, eventId, 4);
    // A session names a session location of its event and a session category of the account (issue 29).
    const room = (await api('POST', `/ea/events/${eventId}/session-locations`, { code: 'R', name: 'Room' })).json() as { id: string };
    const cat = (await api('POST', '/ea/session-categories', { name: 'Cat' })).json() as { id: string };
    const res = await api('POST', '/ea/sessions', sampleSession(eventId, {
      code: 'C1', description: 'd', virtual: true, capacity: 2, enableWaitlist: true, waitlistCapacity: 1, category: { id: cat.id, name: 'Cat' },
      location: { id: room.id, name: 'Room', code: 'R' }, type: { name: 'Talk' }, automaticallyOpensOn: '2027-02-01', registrationTypes: [MISSING],
      admissionItems: [MISSING], presentationType: 'Panel', dataTagCode: 'T', capacityVirtual: 5, virtualCapacityUnlimited: false,
    }));
    expect(res.statusCode, res.body).toBe(201);
    expectSessionMatches('POST', '/sessions', 201, res.json());
    sessionId = (res.json() as { id: string }).id;
  });
  afterAll(async () => t?.close());

  it('uses the reference operationIds and scopes for every operation', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/ea/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId: string; security: Array<Record<string, string[]>> }>>;
    };
    const ops: Array<[string, string]> = [
      ['GET', '/sessions'], ['POST', '/sessions'], ['POST', '/sessions/filter'], ['GET', '/sessions/{id}'], ['PUT', '/sessions/{id}'],
      ['DELETE', '/sessions/{id}'], ['GET', '/sessions/enrollment'], ['POST', '/sessions/enrollment/filter'],
      ['POST', '/sessions/{id}/enrollment/{attendeeId}'], ['DELETE', '/sessions/{id}/enrollment/{attendeeId}'],
      ['GET', '/sessions/attendance'], ['POST', '/sessions/{id}/check-in'], ['PUT', '/sessions/{id}/check-in'],
      ['DELETE', '/sessions/{id}/attendance/{attendeeId}'],
    ];
    for (const [method, path] of ops) {
      const ours = doc.paths[`/ea${path}`]?.[method.toLowerCase()];
      const ref = referenceOperation(method, path);
      expect(ours, `${method} ${path}`).toBeDefined();
      expect(ours?.operationId, `${method} ${path}`).toBe(ref?.operationId);
      expect(Object.values(ours?.security[0] ?? {}).flat().sort(), `${method} ${path}`).toEqual(ref?.scopes);
    }
  });

  it('GET /sessions 200, 400, 401, 403 and POST /sessions/filter 200, 400', async () => {
    const list = await api('GET', `/ea/sessions?filter=${encodeURIComponent("virtual eq 'true'")}&sort=start:DESC,title:ASC`);
    expect((list.json() as { data: unknown[] }).data).toHaveLength(1);
    expectSessionMatches('GET', '/sessions', 200, list.json());
    const bad = await api('GET', `/ea/sessions?filter=${encodeURIComponent("title sw 'x'")}`);
    expect(bad.statusCode).toBe(400);
    expectMatchesReference('GET', '/sessions', 400, bad.json());
    const noToken = await anonymous('GET', '/ea/sessions');
    expect(noToken.statusCode).toBe(401);
    expectMatchesReference('GET', '/sessions', 401, noToken.json());
    const forbidden = await narrowApi('GET', '/ea/sessions');
    expect(forbidden.statusCode).toBe(403);
    expectMatchesReference('GET', '/sessions', 403, forbidden.json());
    expectSessionMatches('POST', '/sessions/filter', 200, (await api('POST', '/ea/sessions/filter', { filter: `event.id eq '${eventId}'` })).json());
    const badPost = await api('POST', '/ea/sessions/filter', { filter: 'event.id eq' });
    expect(badPost.statusCode).toBe(400);
    expectMatchesReference('POST', '/sessions/filter', 400, badPost.json());
  });

  it('POST /sessions 201 (minimal), 400, 403 and 409 (virtual in an In-person event)', async () => {
    const minimal = await api('POST', '/ea/sessions', { title: 'Minimal', event: { id: eventId }, start: IN, end: IN });
    expect(minimal.statusCode).toBe(201);
    expectSessionMatches('POST', '/sessions', 201, minimal.json());
    const bad = await api('POST', '/ea/sessions', sampleSession(eventId, { status: 'Open' }));
    expect(bad.statusCode).toBe(400);
    expectMatchesReference('POST', '/sessions', 400, bad.json());
    const forbidden = await narrowApi('POST', '/ea/sessions', sampleSession(eventId));
    expect(forbidden.statusCode).toBe(403);
    expectMatchesReference('POST', '/sessions', 403, forbidden.json());
    const conflict = await api('POST', '/ea/sessions', sampleSession(inPersonEvent, { virtual: true }));
    expect(conflict.statusCode).toBe(409);
    expectMatchesReference('POST', '/sessions', 400, conflict.json());
  });

  it('GET /sessions/{id} 200, 404; PUT /sessions/{id} 200, 400, 404; DELETE /sessions/{id} 204, 404', async () => {
    const got = await api('GET', `/ea/sessions/${sessionId}`);
    expectSessionMatches('GET', '/sessions/{id}', 200, got.json());
    const missing = await api('GET', `/ea/sessions/${MISSING}`);
    expect(missing.statusCode).toBe(404);
    expectMatchesReference('GET', '/sessions/{id}', 404, missing.json());
    const put = await api('PUT', `/ea/sessions/${sessionId}`, { ...(got.json() as object), title: 'Renamed' });
    expect(put.statusCode).toBe(200);
    expectSessionMatches('PUT', '/sessions/{id}', 200, put.json());
    const badPut = await api('PUT', `/ea/sessions/${sessionId}`, { ...(got.json() as object), end: '2000-01-01T00:00:00Z' });
    expect(badPut.statusCode).toBe(400);
    expectMatchesReference('PUT', '/sessions/{id}', 400, badPut.json());
    const missingPut = await api('PUT', `/ea/sessions/${MISSING}`, sampleSession(eventId));
    expect(missingPut.statusCode).toBe(404);
    expectMatchesReference('PUT', '/sessions/{id}', 404, missingPut.json());
    const doomed = ((await api('POST', '/ea/sessions', sampleSession(eventId, { title: 'Doomed' }))).json() as { id: string }).id;
    const del = await api('DELETE', `/ea/sessions/${doomed}`);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    const delMissing = await api('DELETE', `/ea/sessions/${doomed}`);
    expect(delMissing.statusCode).toBe(404);
    expectMatchesReference('DELETE', '/sessions/{id}', 404, delMissing.json());
  });

  it('POST and DELETE /sessions/{id}/enrollment/{attendeeId} 204, 400, 403, 404, 409; enrollment lists 200, 400', async () => {
    const [a1, a2, a3, a4] = attendees;
    for (const a of [a1, a2, a3]) {
      const res = await api('POST', `/ea/sessions/${sessionId}/enrollment/${a}`);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    const full = await api('POST', `/ea/sessions/${sessionId}/enrollment/${a4}`);
    expect(full.statusCode).toBe(409);
    expectMatchesReference('POST', '/sessions/{id}/enrollment/{attendeeId}', 400, full.json());
    const badId = await api('POST', `/ea/sessions/${sessionId}/enrollment/nope`);
    expect(badId.statusCode).toBe(404);
    expectMatchesReference('POST', '/sessions/{id}/enrollment/{attendeeId}', 404, badId.json());
    const unknown = await api('POST', `/ea/sessions/${sessionId}/enrollment/${MISSING}`);
    expect(unknown.statusCode).toBe(404);
    expectMatchesReference('POST', '/sessions/{id}/enrollment/{attendeeId}', 404, unknown.json());
    const forbidden = await narrowApi('POST', `/ea/sessions/${sessionId}/enrollment/${a4}`);
    expect(forbidden.statusCode).toBe(403);
    expectMatchesReference('POST', '/sessions/{id}/enrollment/{attendeeId}', 403, forbidden.json());
    expect((await api('DELETE', `/ea/sessions/${sessionId}/enrollment/${a1}`)).statusCode).toBe(204);
    const again = await api('DELETE', `/ea/sessions/${sessionId}/enrollment/${a1}`);
    expect(again.statusCode).toBe(404);
    expectMatchesReference('DELETE', '/sessions/{id}/enrollment/{attendeeId}', 404, again.json());

    const list = await api('GET', '/ea/sessions/enrollment');
    expect((list.json() as { data: unknown[] }).data.length).toBe(3);
    expectMatchesReference('GET', '/sessions/enrollment', 200, list.json());
    const badList = await api('GET', `/ea/sessions/enrollment?filter=${encodeURIComponent("foo eq 'x'")}`);
    expect(badList.statusCode).toBe(400);
    expectMatchesReference('GET', '/sessions/enrollment', 400, badList.json());
    expectMatchesReference('POST', '/sessions/enrollment/filter', 200, (await api('POST', '/ea/sessions/enrollment/filter', { filter: "deleted eq 'true'" })).json());
    const badPost = await api('POST', '/ea/sessions/enrollment/filter', { filter: "status sw 'R'" });
    expect(badPost.statusCode).toBe(400);
    expectMatchesReference('POST', '/sessions/enrollment/filter', 400, badPost.json());
  });

  it('POST and PUT /sessions/{id}/check-in 207 (good and bad items), 400, 404; attendance list 200, 400; DELETE attendance 204, 404', async () => {
    const [a1, a2] = attendees;
    const stranger = await workflowAttendee(t.db.handle.db, accountId, inPersonEvent);
    const created = await api('POST', `/ea/sessions/${sessionId}/check-in`, [
      { id: a1, checkIn: IN, checkOut: '2027-03-01T10:30:00Z', device: 'Kiosk' }, { id: a2, checkIn: IN }, { id: MISSING, checkIn: IN },
      { id: stranger, checkIn: IN }, { id: a2, checkIn: 'soon' },
    ]);
    expect(created.statusCode).toBe(207);
    expect(expectBulkMatches('POST', '/sessions/{id}/check-in', created.json())).toBe(3);
    const updated = await api('PUT', `/ea/sessions/${sessionId}/check-in`, [{ id: a2, checkOut: '2027-03-01T11:00:00Z' }, { id: MISSING }]);
    expect(updated.statusCode).toBe(207);
    expect(expectBulkMatches('PUT', '/sessions/{id}/check-in', updated.json())).toBe(1);
    const tooMany = await api('POST', `/ea/sessions/${sessionId}/check-in`, Array.from({ length: 101 }, () => ({ id: a1, checkIn: IN })));
    expect(tooMany.statusCode).toBe(400);
    expectMatchesReference('POST', '/sessions/{id}/check-in', 400, tooMany.json());
    const notArray = await api('PUT', `/ea/sessions/${sessionId}/check-in`, { id: a1 });
    expect(notArray.statusCode).toBe(400);
    expectMatchesReference('PUT', '/sessions/{id}/check-in', 400, notArray.json());
    const missing = await api('POST', `/ea/sessions/${MISSING}/check-in`, [{ id: a1, checkIn: IN }]);
    expect(missing.statusCode).toBe(404);
    expectMatchesReference('POST', '/sessions/{id}/check-in', 404, missing.json());

    const list = await api('GET', '/ea/sessions/attendance');
    expect((list.json() as { data: unknown[] }).data).toHaveLength(2);
    expectMatchesReference('GET', '/sessions/attendance', 200, list.json());
    const badList = await api('GET', `/ea/sessions/attendance?filter=${encodeURIComponent("status eq 'x'")}`);
    expect(badList.statusCode).toBe(400);
    expectMatchesReference('GET', '/sessions/attendance', 400, badList.json());
    const del = await api('DELETE', `/ea/sessions/${sessionId}/attendance/${a1}`);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expectMatchesReference('GET', '/sessions/attendance', 200, (await api('GET', `/ea/sessions/attendance?filter=${encodeURIComponent('deleted eq true')}`)).json());
    const delAgain = await api('DELETE', `/ea/sessions/${sessionId}/attendance/${a1}`);
    expect(delAgain.statusCode).toBe(404);
    expectMatchesReference('DELETE', '/sessions/{id}/attendance/{attendeeId}', 404, delAgain.json());
  });
});
