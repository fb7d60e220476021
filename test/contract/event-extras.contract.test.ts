import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { pdf, uploadFile } from '../helpers/files.js';
import { fixtureAttendees, fixtureEvent } from '../helpers/webcast-fixtures.js';
import { describeContract, expectMatchesReference, referenceOperation } from './reference.js';
import { expectBulkMatches } from './sessions.shared.js';

// Issue 29, the rest of Events: event check-in, event user groups, planning documents, registration paths, invitation
// lists and event emails as eventline really answers them, validated against the reference's response schemas.
describeContract('contract: event check-in, user groups and the event\'s reference lists match the reference', () => {
  let t: TestApp;
  let api: Api;
  let anonymous: Api;
  let narrow: Api;
  let otherApi: Api;
  let token: string;
  let event: string;
  let attendees: string[];
  const MISSING = '0190a1b2-0000-7000-8000-000000000000';
  const dataDir = mkdtempSync(join(tmpdir(), 'eventline-event-extras-contract-'));
  type Res = { statusCode: number; body: string; json: () => unknown };
  const expectStatus = (method: string, path: string, status: number, res: Res): unknown => {
    expect(res.statusCode, res.body).toBe(status);
    if (status !== 204) expectMatchesReference(method, path, status, res.json());
    return status === 204 ? undefined : res.json();
  };
  const q = (filter: string) => `filter=${encodeURIComponent(filter)}`;

  beforeAll(async () => {
    t = await startTestApp({ env: { DATA_DIR: dataDir }, build: { worker: false } });
    const tenant = await createTenant(t.services);
    token = await tokenFor(t.app, tenant);
    api = apiClient(t.app, token);
    anonymous = apiClient(t.app, undefined);
    narrow = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
    event = await fixtureEvent(t.services, tenant.accountId);
    attendees = await fixtureAttendees(t.db.handle.db, tenant.accountId, event, 2);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('declares the reference scopes', () => {
    expect(referenceOperation('POST', '/events/{id}/check-in')).toEqual({ operationId: 'eventCheckIn', scopes: ['event/attendees:write'] });
    expect(referenceOperation('GET', '/events/{id}/user-groups')).toEqual({ operationId: 'listEventUserGroups', scopes: ['event/event-user-groups:read'] });
    expect(referenceOperation('GET', '/events/{id}/planning-documents')).toEqual({ operationId: 'getEventPlanningDocuments', scopes: ['event/planning-documents:read'] });
  });

  it('POST /events/{id}/copy 202 (+ Location), 400, 401, 403, 404; GET /events/copy/{eventCopyId}/status 200, 404', async () => {
    const res = await api('POST', `/ea/events/${event}/copy`, { agenda: { featureData: true } });
    const accepted = expectStatus('POST', '/events/{id}/copy', 202, res) as { id: string };
    expect(res.headers.location).toBe(`/ea/events/copy/${accepted.id}/status`);
    expectStatus('GET', '/events/copy/{eventCopyId}/status', 200, await api('GET', `/ea/events/copy/${accepted.id}/status`));
    expectStatus('GET', '/events/copy/{eventCopyId}/status', 404, await otherApi('GET', `/ea/events/copy/${accepted.id}/status`));
    expectStatus('POST', '/events/{id}/copy', 400, await api('POST', `/ea/events/${event}/copy`, { event: { id: MISSING } }));
    expectStatus('POST', '/events/{id}/copy', 401, await anonymous('POST', `/ea/events/${event}/copy`, {}));
    expectStatus('POST', '/events/{id}/copy', 403, await narrow('POST', `/ea/events/${event}/copy`, {}));
    expectStatus('POST', '/events/{id}/copy', 404, await otherApi('POST', `/ea/events/${event}/copy`, {}));
  });

  it('POST /events/{id}/check-in 207 (good and bad items), 400, 401, 403, 404; DELETE check-in 204, 404', async () => {
    const [a1, a2] = attendees as [string, string];
    const res = await api('POST', `/ea/events/${event}/check-in`, [{ id: a1, checkIn: '2027-03-01T09:00:00Z', checkOut: '2027-03-01T10:00:00Z' }, { id: a2, checkIn: 'x' }, { id: MISSING, checkIn: '2027-03-01T09:00:00Z' }]);
    expect(res.statusCode, res.body).toBe(207);
    expect(expectBulkMatches('POST', '/events/{id}/check-in', res.json())).toBe(2);
    expectStatus('POST', '/events/{id}/check-in', 400, await api('POST', `/ea/events/${event}/check-in`, Array.from({ length: 101 }, () => ({ id: a1, checkIn: '2027-03-01T09:00:00Z' }))));
    expectStatus('POST', '/events/{id}/check-in', 401, await anonymous('POST', `/ea/events/${event}/check-in`, [{ id: a1, checkIn: '2027-03-01T09:00:00Z' }]));
    expectStatus('POST', '/events/{id}/check-in', 403, await narrow('POST', `/ea/events/${event}/check-in`, [{ id: a1, checkIn: '2027-03-01T09:00:00Z' }]));
    expectStatus('POST', '/events/{id}/check-in', 404, await otherApi('POST', `/ea/events/${event}/check-in`, [{ id: a1, checkIn: '2027-03-01T09:00:00Z' }]));
    expectStatus('DELETE', '/events/{id}/check-in/{attendeeId}', 204, await api('DELETE', `/ea/events/${event}/check-in/${a1}`));
    expectStatus('DELETE', '/events/{id}/check-in/{attendeeId}', 404, await api('DELETE', `/ea/events/${event}/check-in/${a1}`));
  });

  it('event user groups: PUT 204, 404; GET 200, 400, 404; DELETE 204, 404', async () => {
    const group = (await api('POST', '/ea/account-user-groups', { name: 'Contract Crew' })).json() as { id: string };
    const one = '/events/{id}/user-groups/{userGroupId}';
    expectStatus('PUT', one, 204, await api('PUT', `/ea/events/${event}/user-groups/${group.id}`));
    expectStatus('PUT', one, 404, await api('PUT', `/ea/events/${event}/user-groups/${MISSING}`));
    expectStatus('PUT', one, 403, await narrow('PUT', `/ea/events/${event}/user-groups/${group.id}`));
    const page = expectStatus('GET', '/events/{id}/user-groups', 200, await api('GET', `/ea/events/${event}/user-groups?limit=1`)) as { data: unknown[] };
    expect(page.data).toHaveLength(1);
    expectStatus('GET', '/events/{id}/user-groups', 400, await api('GET', `/ea/events/${event}/user-groups?limit=0`));
    expectStatus('GET', '/events/{id}/user-groups', 404, await otherApi('GET', `/ea/events/${event}/user-groups`));
    expectStatus('DELETE', one, 204, await api('DELETE', `/ea/events/${event}/user-groups/${group.id}`));
    expectStatus('DELETE', one, 404, await api('DELETE', `/ea/events/${event}/user-groups/${group.id}`));
  });

  it('GET planning documents, registration paths, invitation lists and emails 200 (with rows), 400, 401, 403, 404', async () => {
    const file = await uploadFile(t.app, token, 'venue-contract.pdf', pdf());
    expect((await api('POST', `/ea/events/${event}/planning-documents`, { file: { id: file }, category: 'Contracts', description: 'Signed' })).statusCode).toBe(201);
    expect((await api('POST', `/ea/events/${event}/registration-paths`, { name: 'Speakers', description: 'For speakers' })).statusCode).toBe(201);
    const list = (await api('POST', `/ea/events/${event}/invitation-lists`, { name: 'Customers', default: true })).json() as { id: string };
    expect((await api('POST', `/ea/events/${event}/emails`, { name: 'Invite', subject: 'Join us', fromName: 'Pat', fromEmail: 'pat@example.test', plaintextBody: 'Hi', invitationList: { id: list.id } })).statusCode).toBe(201);
    const lists = [
      ['/events/{id}/planning-documents', 'planning-documents', "mimeType eq 'application/pdf'", "size eq '1'"],
      ['/events/{id}/registration-paths', 'registration-paths', undefined, undefined],
      ['/events/{id}/invitation-lists', 'invitation-lists', "default eq 'true'", "name sw 'C'"],
      ['/events/{id}/emails', 'emails', `invitationList.id eq '${list.id}'`, "subject eq 'x'"],
    ] as const;
    for (const [path, segment, good, bad] of lists) {
      const page = expectStatus('GET', path, 200, await api('GET', `/ea/events/${event}/${segment}${good ? `?${q(good)}` : ''}`)) as { data: unknown[] };
      expect(page.data, path).toHaveLength(1);
      if (bad) expectStatus('GET', path, 400, await api('GET', `/ea/events/${event}/${segment}?${q(bad)}`));
      expectStatus('GET', path, 400, await api('GET', `/ea/events/${event}/${segment}?limit=201`));
      expectStatus('GET', path, 401, await anonymous('GET', `/ea/events/${event}/${segment}`));
      expectStatus('GET', path, 403, await narrow('GET', `/ea/events/${event}/${segment}`));
      expectStatus('GET', path, 404, await otherApi('GET', `/ea/events/${event}/${segment}`));
    }
  });
});
