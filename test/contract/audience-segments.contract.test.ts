import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureAttendee, fixtureEvent } from '../helpers/webcast-fixtures.js';
import { describeContract, expectMatchesReference, referenceOperation } from './reference.js';

// The Audience Segments tag as eventline answers it, success and error statuses, validated against the reference's
// response schemas (DESIGN rule 2).
describeContract('contract: Audience Segments operations match the reference', () => {
  let t: TestApp;
  let api: Api;
  let anonymous: Api;
  let narrow: Api;
  let otherApi: Api;
  let event: string;
  let otherEvent: string;
  let attendee: string;
  let stranger: string;
  let segment: string;
  const MISSING = '0190a1b2-0000-7000-8000-000000000000';
  type Res = { statusCode: number; body: string; json: () => unknown };
  const expectStatus = (method: string, path: string, status: number, res: Res) => {
    expect(res.statusCode, res.body).toBe(status);
    if (status !== 204) expectMatchesReference(method, path, status, res.json());
    return status === 204 ? undefined : res.json();
  };

  beforeAll(async () => {
    t = await startTestApp({ build: { worker: false } });
    const tenant = await createTenant(t.services);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    anonymous = apiClient(t.app, undefined);
    narrow = apiClient(t.app, await tokenFor(t.app, tenant, 'event/audience-segments:read'));
    otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
    event = await fixtureEvent(t.services, tenant.accountId);
    otherEvent = await fixtureEvent(t.services, tenant.accountId, 'Virtual', 'Other');
    attendee = await fixtureAttendee(t.db.handle.db, tenant.accountId, event);
    stranger = await fixtureAttendee(t.db.handle.db, tenant.accountId, otherEvent);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('declares the reference scopes', () => {
    expect(referenceOperation('GET', '/audience-segments')).toEqual({ operationId: 'listAudienceSegments', scopes: ['event/audience-segments:read'] });
    expect(referenceOperation('DELETE', '/attendees/{attendeeId}/audience-segments')).toEqual({ operationId: 'disassociateAttendeeFromAudienceSegments', scopes: ['event/audience-segments:write'] });
  });

  it('POST /audience-segments 201, 400, 401, 403, 422', async () => {
    const body = { event: { id: event }, name: 'VIP', description: 'Front rows', creationType: 'MANUAL' };
    segment = (expectStatus('POST', '/audience-segments', 201, await api('POST', '/ea/audience-segments', body)) as { id: string }).id;
    expectStatus('POST', '/audience-segments', 400, await api('POST', '/ea/audience-segments', { ...body, name: 'x'.repeat(101) }));
    expectStatus('POST', '/audience-segments', 401, await anonymous('POST', '/ea/audience-segments', body));
    expectStatus('POST', '/audience-segments', 403, await narrow('POST', '/ea/audience-segments', body));
    expectStatus('POST', '/audience-segments', 422, await api('POST', '/ea/audience-segments', body));
  });

  it('GET /audience-segments and POST /audience-segments/filter 200, 400, 401, 403', async () => {
    expectStatus('GET', '/audience-segments', 200, await api('GET', `/ea/audience-segments?filter=${encodeURIComponent(`event.id eq '${event}'`)}&sort=name:ASC`));
    expectStatus('GET', '/audience-segments', 200, await narrow('GET', '/ea/audience-segments'));
    expectStatus('GET', '/audience-segments', 400, await api('GET', `/ea/audience-segments?filter=${encodeURIComponent("name eq 'VIP'")}`));
    expectStatus('GET', '/audience-segments', 401, await anonymous('GET', '/ea/audience-segments'));
    expectStatus('GET', '/audience-segments', 403, await apiClient(t.app, await tokenFor(t.app, await createTenant(t.services), 'event/events:read'))('GET', '/ea/audience-segments'));
    expectStatus('POST', '/audience-segments/filter', 200, await api('POST', '/ea/audience-segments/filter', { filter: "creationType in ('MANUAL')" }));
    expectStatus('POST', '/audience-segments/filter', 400, await api('POST', '/ea/audience-segments/filter', { filter: "deleted eq 'false' or deleted eq 'true'" }));
  });

  it('GET and PUT /audience-segments/{id} 200, 400, 404, 422', async () => {
    const path = '/audience-segments/{audienceSegmentId}';
    expectStatus('GET', path, 200, await api('GET', `/ea/audience-segments/${segment}`));
    expectStatus('GET', path, 404, await otherApi('GET', `/ea/audience-segments/${segment}`));
    expectStatus('PUT', path, 200, await api('PUT', `/ea/audience-segments/${segment}`, { event: { id: event }, name: 'VIPs' }));
    expectStatus('PUT', path, 400, await api('PUT', `/ea/audience-segments/${segment}`, { event: { id: otherEvent }, name: 'VIPs' }));
    expectStatus('PUT', path, 404, await api('PUT', `/ea/audience-segments/${MISSING}`, { event: { id: event }, name: 'VIPs' }));
    const other = (await api('POST', '/ea/audience-segments', { event: { id: event }, name: 'Press' })).json() as { id: string };
    expectStatus('PUT', path, 422, await api('PUT', `/ea/audience-segments/${other.id}`, { event: { id: event }, name: 'vips' }));
  });

  it('members: PUT 204, 404, 422; GET 200, 400, 404; DELETE one 204, 404; DELETE all 204, 404', async () => {
    const one = '/audience-segments/{audienceSegmentId}/attendees/{attendeeId}';
    expectStatus('PUT', one, 204, await api('PUT', `/ea/audience-segments/${segment}/attendees/${attendee}`));
    expectStatus('PUT', one, 404, await api('PUT', `/ea/audience-segments/${segment}/attendees/${MISSING}`));
    expectStatus('PUT', one, 422, await api('PUT', `/ea/audience-segments/${segment}/attendees/${stranger}`));
    const list = '/audience-segments/{audienceSegmentId}/attendees';
    const page = expectStatus('GET', list, 200, await api('GET', `/ea/audience-segments/${segment}/attendees`)) as { data: unknown[] };
    expect(page.data).toHaveLength(1);
    expectStatus('GET', list, 400, await api('GET', `/ea/audience-segments/${segment}/attendees?filter=${encodeURIComponent("disassociated eq 'true'")}`));
    expectStatus('GET', list, 404, await otherApi('GET', `/ea/audience-segments/${segment}/attendees`));
    expectStatus('DELETE', one, 204, await api('DELETE', `/ea/audience-segments/${segment}/attendees/${attendee}`));
    expectStatus('DELETE', one, 404, await api('DELETE', `/ea/audience-segments/${segment}/attendees/${attendee}`));
    expectStatus('GET', list, 200, await api('GET', `/ea/audience-segments/${segment}/attendees?includeDisassociated=true&filter=${encodeURIComponent("disassociated eq 'true'")}`));
    const all = '/attendees/{attendeeId}/audience-segments';
    expectStatus('DELETE', all, 204, await api('DELETE', `/ea/attendees/${attendee}/audience-segments`));
    expectStatus('DELETE', all, 404, await otherApi('DELETE', `/ea/attendees/${attendee}/audience-segments`));
  });

  it('DELETE /audience-segments/{id} 204, 404', async () => {
    const path = '/audience-segments/{audienceSegmentId}';
    expectStatus('DELETE', path, 204, await api('DELETE', `/ea/audience-segments/${segment}`));
    expectStatus('DELETE', path, 404, await api('DELETE', `/ea/audience-segments/${segment}`));
    expectStatus('GET', path, 200, await api('GET', `/ea/audience-segments/${segment}`));
  });
});
