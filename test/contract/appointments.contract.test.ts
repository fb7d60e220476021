import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { appointmentSetup, booking, contactsFor, type AppointmentSetup } from '../helpers/appointments.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';
import { describeContract, expectMatchesReference, expectReferenceAnswer, referenceOperation } from './reference.js';

// The Appointments tag (issue 32) as eventline really answers it: every served operation's success and error statuses
// validated against the reference's response schemas (DESIGN rule 2), on whichever database the suite runs. The
// write extensions (appointment events, types, locations, attendees, availability, meeting interests) have no
// reference schema: the API test covers them. A booking conflict (409, which the reference does not list) is checked
// against the reference's error schema of the operation's 400.
describeContract('contract: the Appointments tag matches the reference', () => {
  let t: TestApp;
  let api: Api;
  let anonymous: Api;
  let narrow: Api;
  let otherApi: Api;
  let people: string[];
  let s: AppointmentSetup;
  const MISSING = '0190a1b2-0000-7000-8000-000000000000';
  const dataDir = mkdtempSync(join(tmpdir(), 'eventline-appointments-contract-'));
  const check = expectReferenceAnswer;
  const f = (filter: string) => `filter=${encodeURIComponent(filter)}`;

  beforeAll(async () => {
    t = await startTestApp({ env: { DATA_DIR: dataDir, RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
    const tenant = await createTenant(t.services);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    anonymous = apiClient(t.app, undefined);
    narrow = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
    const event = await fixtureEvent(t.services, tenant.accountId);
    people = await contactsFor(api, 4);
    s = await appointmentSetup(api, event, people);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('declares the reference scopes', () => {
    expect(referenceOperation('POST', '/appointment-events/{id}/appointments')).toEqual({ operationId: 'createAppointment', scopes: ['appointments/appointments:write'] });
    expect(referenceOperation('GET', '/appointment-events/{id}/appointment-available-times')).toEqual({ operationId: 'listAvailableTimes', scopes: ['appointments/available-times:read'] });
  });

  it('appointment events: GET list 200, 400, 401, 403; GET one 200, 404', async () => {
    check('GET', '/appointment-events', 200, await api('GET', `/ea/appointment-events?${f(`event.id eq '${MISSING}'`)}`));
    check('GET', '/appointment-events', 200, await api('GET', '/ea/appointment-events'));
    check('GET', '/appointment-events', 400, await api('GET', `/ea/appointment-events?${f("title eq 'x'")}`));
    check('GET', '/appointment-events', 401, await anonymous('GET', '/ea/appointment-events'));
    check('GET', '/appointment-events', 403, await narrow('GET', '/ea/appointment-events'));
    check('GET', '/appointment-events/{id}', 200, await api('GET', `/ea/appointment-events/${s.apptEvent}`));
    check('GET', '/appointment-events/{id}', 404, await otherApi('GET', `/ea/appointment-events/${s.apptEvent}`));
  });

  it('appointment types and locations: GET 200, 400, 404', async () => {
    for (const path of ['appointment-types', 'locations']) {
      const ref = `/appointment-events/{id}/${path}`;
      check('GET', ref, 200, await api('GET', `/ea/appointment-events/${s.apptEvent}/${path}`));
      check('GET', ref, 400, await api('GET', `/ea/appointment-events/${s.apptEvent}/${path}?token=nope`));
      check('GET', ref, 404, await otherApi('GET', `/ea/appointment-events/${s.apptEvent}/${path}`));
      check('GET', ref, 401, await anonymous('GET', `/ea/appointment-events/${s.apptEvent}/${path}`));
    }
  });

  it('available times: GET 200, 400, 404', async () => {
    const ref = '/appointment-events/{id}/appointment-available-times';
    const page = check('GET', ref, 200, await api('GET', `/ea/appointment-events/${s.apptEvent}/appointment-available-times?limit=2&${f(`appointmentType.id eq '${s.type}'`)}`)) as { paging: { nextToken?: string } };
    check('GET', ref, 200, await api('GET', `/ea/appointment-events/${s.apptEvent}/appointment-available-times?token=${page.paging.nextToken ?? ''}`));
    check('GET', ref, 400, await api('GET', `/ea/appointment-events/${s.apptEvent}/appointment-available-times?${f("type eq 'DEFINED'")}`));
    check('GET', ref, 404, await otherApi('GET', `/ea/appointment-events/${s.apptEvent}/appointment-available-times`));
    check('GET', ref, 403, await narrow('GET', `/ea/appointment-events/${s.apptEvent}/appointment-available-times`));
  });

  it('appointment attendees, availability and meeting interests: GET list 200, 400; GET one 200, 404', async () => {
    const [a] = people as [string];
    const attendee = s.attendees.get(a) ?? '';
    await api('POST', '/ea/appointment-availability-times', { attendee: { id: attendee }, timeRanges: [{ start: '2027-03-13T09:00', end: '2027-03-13T12:00', type: 'AVAILABLE' }] });
    await api('POST', '/ea/appointment-meeting-interests', { attendee: { id: attendee }, interests: [{ name: 'Acme', exhibitor: { id: MISSING }, ranking: '1', meetingType: 'Demo', comment: 'Keen' }] });
    for (const [path, filter] of [
      ['/appointment-attendees', `contact.id eq '${a}' and appointmentEvent.id eq '${s.apptEvent}' and deleted eq false`],
      ['/appointment-availability-times', `attendee.id eq '${attendee}'`],
      ['/appointment-meeting-interests', `appointmentEvent.id eq '${s.apptEvent}'`],
    ] as const) {
      const page = check('GET', path, 200, await api('GET', `/ea${path}?${f(filter)}`)) as { data: Array<{ id: string }> };
      expect(page.data).toHaveLength(1);
      check('GET', path, 400, await api('GET', `/ea${path}?${f("id eq 'x'")}`));
      check('GET', path, 401, await anonymous('GET', `/ea${path}`));
      check('GET', `${path}/{id}`, 200, await api('GET', `/ea${path}/${page.data[0]?.id ?? ''}`));
      check('GET', `${path}/{id}`, 404, await otherApi('GET', `/ea${path}/${page.data[0]?.id ?? ''}`));
    }
  });

  it('appointments: POST 201, 400, 404, 422 (409 against the error schema); PUT 200, 400, 404, 422; DELETE 204, 400, 404; GET 200, 400, 404', async () => {
    const [a, b, c] = people as [string, string, string];
    const post = '/appointment-events/{id}/appointments';
    const one = '/appointment-events/{id}/appointments/{apptId}';
    const url = `/ea/appointment-events/${s.apptEvent}/appointments`;
    const appt = check('POST', post, 201, await api('POST', `${url}?suppressNotifications=true`, booking(s.type, '2027-03-13T14:00:00Z', [a], [b], { location: s.location, code: 'APPT-1', description: 'Intro' }))) as { id: string };
    check('POST', post, 400, await api('POST', url, booking(s.type, '2027-03-13T15:00:00Z', [a], [a])));
    check('POST', post, 404, await otherApi('POST', url, booking(s.type, '2027-03-13T15:00:00Z', [a])));
    check('POST', post, 422, await api('POST', url, booking(s.type, '2027-03-13T15:30:00Z', [a])));
    check('POST', post, 403, await narrow('POST', url, booking(s.type, '2027-03-13T15:00:00Z', [a])));
    const conflict = await api('POST', url, booking(s.type, '2027-03-13T14:00:00Z', [c], [b]));
    expect(conflict.statusCode).toBe(409);
    expectMatchesReference('POST', post, 400, conflict.json());
    check('PUT', one, 200, await api('PUT', `${url}/${appt.id}`, booking(s.type, '2027-03-13T15:00:00Z', [a], [b], { id: appt.id, customLocationName: 'Lobby' })));
    check('PUT', one, 400, await api('PUT', `${url}/${appt.id}`, booking(s.type, '2027-03-13T15:00:00Z', [a], [], { id: MISSING })));
    check('PUT', one, 404, await api('PUT', `${url}/${MISSING}`, booking(s.type, '2027-03-13T15:00:00Z', [a])));
    check('PUT', one, 422, await api('PUT', `${url}/${appt.id}`, booking(s.type, '2027-03-13T15:10:00Z', [a])));
    check('GET', '/appointments', 200, await api('GET', `/ea/appointments?${f(`participants.attendee.contact.id eq '${b}' and appointmentEvent.id eq '${s.apptEvent}'`)}`));
    const byCode = check('GET', '/appointments', 200, await api('GET', `/ea/appointments?${f("code eq 'APPT-1'")}`)) as { data: unknown[] };
    expect(byCode.data).toHaveLength(1);
    check('GET', '/appointments', 400, await api('GET', `/ea/appointments?${f("status eq 'CONFIRMED'")}`));
    check('GET', '/appointments/{id}', 200, await api('GET', `/ea/appointments/${appt.id}`));
    check('GET', '/appointments/{id}', 404, await otherApi('GET', `/ea/appointments/${appt.id}`));
    check('DELETE', one, 204, await api('DELETE', `${url}/${appt.id}`));
    check('DELETE', one, 404, await api('DELETE', `${url}/${MISSING}`));
    check('DELETE', one, 400, await api('DELETE', `${url}/${appt.id}?suppressNotifications=maybe`));
    check('DELETE', one, 401, await anonymous('DELETE', `${url}/${appt.id}`));
    check('GET', '/appointments/{id}', 200, await api('GET', `/ea/appointments/${appt.id}`));
  });
});
