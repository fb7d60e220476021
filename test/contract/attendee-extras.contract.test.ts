import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureAttendee, fixtureEvent, fixtureSession } from '../helpers/webcast-fixtures.js';
import { describeContract, expectReferenceAnswer, referenceOperation } from './reference.js';

// Attendance durations and email subscriptions (issue 30, the Attendees tag) as eventline answers them, validated
// against the reference's response schemas (DESIGN rule 2).
describeContract('contract: attendance durations and email subscriptions match the reference', () => {
  let t: TestApp;
  let api: Api;
  let narrow: Api;
  let anonymous: Api;
  let attendee: string;
  const MISSING = '0190a1b2-0000-7000-8000-000000000000';
  const ok = expectReferenceAnswer;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
    const tenant = await createTenant(t.services);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    narrow = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    anonymous = apiClient(t.app, undefined);
    const event = await fixtureEvent(t.services, tenant.accountId, 'Hybrid');
    const session = await fixtureSession(t.db.handle.db, tenant.accountId, event);
    attendee = await fixtureAttendee(t.db.handle.db, tenant.accountId, event);
    await api('POST', `/ea/sessions/${session}/check-in`, [{ id: attendee, checkIn: '2027-03-01T10:00:00.000Z', checkOut: '2027-03-01T10:20:00.000Z' }]);
  });
  afterAll(async () => t?.close());

  it('declares the reference scopes', () => {
    expect(referenceOperation('GET', '/attendance-durations')).toEqual({ operationId: 'listDurations', scopes: ['event/attendance-durations:read'] });
    expect(referenceOperation('PUT', '/attendees/{id}/email-subscriptions')).toEqual({ operationId: 'updateAttendeeSubscriptionStatus', scopes: ['event/attendees:write'] });
  });

  it('durations: GET 200, 400, 401, 403', async () => {
    const page = ok('GET', '/attendance-durations', 200, await api('GET', '/ea/attendance-durations')) as { data: unknown[] };
    expect(page.data).toHaveLength(1);
    ok('GET', '/attendance-durations', 400, await api('GET', `/ea/attendance-durations?filter=${encodeURIComponent("nope eq 'x'")}`));
    ok('GET', '/attendance-durations', 401, await anonymous('GET', '/ea/attendance-durations'));
    ok('GET', '/attendance-durations', 403, await narrow('GET', '/ea/attendance-durations'));
  });

  it('internal information: PUT 200, 400, 404', async () => {
    const event = (await t.services.attendees.recipient((await t.services.db.db.selectFrom('attendees').select('account_id').where('id', '=', attendee).executeTakeFirstOrThrow()).account_id, attendee))?.eventId ?? '';
    expect((await api('POST', '/ea/event-questions', { event: { id: event }, text: 'Notes', code: 'NOTES', type: 'OpenEndedTextOneLine' })).statusCode).toBe(201);
    ok('PUT', '/attendees/{id}/internal-information-questions', 200, await api('PUT', `/ea/attendees/${attendee}/internal-information-questions`, { question: { code: 'NOTES' }, value: ['Prefers aisle'] }));
    ok('PUT', '/attendees/{id}/internal-information-questions', 400, await api('PUT', `/ea/attendees/${attendee}/internal-information-questions`, { question: { code: 'NONE' }, value: ['x'] }));
    ok('PUT', '/attendees/{id}/internal-information-questions', 404, await api('PUT', `/ea/attendees/${MISSING}/internal-information-questions`, { question: { code: 'NOTES' }, value: ['x'] }));
  });

  it('email subscriptions: PUT 200, 400, 404', async () => {
    ok('PUT', '/attendees/{id}/email-subscriptions', 200, await api('PUT', `/ea/attendees/${attendee}/email-subscriptions`, { unsubscribed: true }));
    ok('PUT', '/attendees/{id}/email-subscriptions', 400, await api('PUT', `/ea/attendees/${attendee}/email-subscriptions`, { unsubscribed: 1 }));
    ok('PUT', '/attendees/{id}/email-subscriptions', 404, await api('PUT', `/ea/attendees/${MISSING}/email-subscriptions`, { unsubscribed: true }));
  });
});
