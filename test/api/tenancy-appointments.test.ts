import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { appointmentSetup, booking, contactsFor, type AppointmentSetup } from '../helpers/appointments.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';

// Tenancy of the Appointments tag (issue 32): another account's appointment events, types, locations, attendees,
// availability, meeting interests and appointments are 404 to every operation (not 403), its lists never show them,
// its ids are refused in bodies, and nothing of theirs changes.
describe('tenancy: appointments', () => {
  let t: TestApp;
  let owner: Api;
  let other: Api;
  let people: string[];
  let otherPeople: string[];
  let otherEvent: string;
  let s: AppointmentSetup;
  let appt: string;
  let availability: string;
  let interest: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'eventline-tenancy-appointments-'));
  const slot = '2027-03-13T14:00:00Z';

  beforeAll(async () => {
    t = await startTestApp({ env: { DATA_DIR: dataDir, RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
    const a = await createTenant(t.services);
    const b = await createTenant(t.services);
    owner = apiClient(t.app, await tokenFor(t.app, a));
    other = apiClient(t.app, await tokenFor(t.app, b));
    const event = await fixtureEvent(t.services, a.accountId);
    otherEvent = await fixtureEvent(t.services, b.accountId);
    people = await contactsFor(owner, 2);
    otherPeople = await contactsFor(other, 1);
    s = await appointmentSetup(owner, event, people);
    const attendee = s.attendees.get(people[0] as string) ?? '';
    appt = (await ok<{ id: string }>(owner('POST', `/ea/appointment-events/${s.apptEvent}/appointments`, booking(s.type, slot, [people[0] as string], [people[1] as string], { location: s.location })), 201)).id;
    availability = (await ok<{ id: string }>(owner('POST', '/ea/appointment-availability-times', { attendee: { id: attendee }, timeRanges: [] }), 201)).id;
    interest = (await ok<{ id: string }>(owner('POST', '/ea/appointment-meeting-interests', { attendee: { id: attendee }, interests: [{ name: 'Acme' }] }), 201)).id;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 404 to another account for every appointment operation and changes nothing', async () => {
    const body = booking(s.type, '2027-03-13T15:00:00Z', [otherPeople[0] as string]);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/ea/appointment-events/${s.apptEvent}`],
      ['GET', `/ea/appointment-events/${s.apptEvent}/appointment-types`],
      ['POST', `/ea/appointment-events/${s.apptEvent}/appointment-types`, { name: 'x', timeRanges: [{ start: '2027-03-13T09:00', end: '2027-03-13T10:00' }] }],
      ['GET', `/ea/appointment-events/${s.apptEvent}/locations`],
      ['POST', `/ea/appointment-events/${s.apptEvent}/locations`, { name: 'x' }],
      ['GET', `/ea/appointment-events/${s.apptEvent}/appointment-available-times`],
      ['POST', `/ea/appointment-events/${s.apptEvent}/appointments`, body],
      ['PUT', `/ea/appointment-events/${s.apptEvent}/appointments/${appt}`, body],
      ['DELETE', `/ea/appointment-events/${s.apptEvent}/appointments/${appt}`],
      ['GET', `/ea/appointment-attendees/${s.attendees.get(people[0] as string) ?? ''}`],
      ['GET', `/ea/appointment-availability-times/${availability}`],
      ['GET', `/ea/appointment-meeting-interests/${interest}`],
      ['GET', `/ea/appointments/${appt}`],
    ];
    for (const [method, url, b] of calls) {
      const res = await other(method as 'GET', url, b);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const mine = await ok<{ status: string; start: string }>(owner('GET', `/ea/appointments/${appt}`));
    expect(mine).toMatchObject({ status: 'CONFIRMED', start: slot });
    expect((await ok<{ data: unknown[] }>(owner('GET', `/ea/appointment-events/${s.apptEvent}/appointment-types`))).data).toHaveLength(1);
    expect((await ok<{ data: unknown[] }>(owner('GET', `/ea/appointment-events/${s.apptEvent}/locations`))).data).toHaveLength(1);
  });

  it('shows another account none of the account\'s records in its lists', async () => {
    for (const path of ['/ea/appointment-events', '/ea/appointment-attendees', '/ea/appointment-availability-times', '/ea/appointment-meeting-interests', '/ea/appointments']) {
      expect((await ok<{ data: unknown[] }>(other('GET', path))).data, path).toEqual([]);
    }
    const filtered = await ok<{ data: unknown[] }>(other('GET', `/ea/appointments?filter=${encodeURIComponent(`appointmentEvent.id eq '${s.apptEvent}'`)}`));
    expect(filtered.data).toEqual([]);
  });

  it('refuses the account\'s ids in another account\'s bodies with 400', async () => {
    const attendee = s.attendees.get(people[0] as string) ?? '';
    const cases: Array<[string, unknown, string]> = [
      ['/ea/appointment-events', { event: { id: (await ok<{ data: Array<{ event: { id: string } }> }>(owner('GET', '/ea/appointment-events'))).data[0]?.event.id }, title: 'x', timezone: 'UTC', start: '2027-03-13T00:00:00Z', end: '2027-03-14T00:00:00Z' }, 'event.id'],
      ['/ea/appointment-attendees', { appointmentEvent: { id: s.apptEvent }, contact: { id: otherPeople[0] } }, 'appointmentEvent.id'],
      ['/ea/appointment-availability-times', { attendee: { id: attendee }, timeRanges: [] }, 'attendee.id'],
      ['/ea/appointment-meeting-interests', { attendee: { id: attendee }, interests: [] }, 'attendee.id'],
    ];
    for (const [url, body, target] of cases) {
      const res = await other('POST', url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ target });
    }
    // Another account's contact cannot be made an attendee of one's own appointment event, nor booked in it.
    const own = await ok<{ id: string }>(other('POST', '/ea/appointment-events', { event: { id: otherEvent }, title: 'Own', timezone: 'UTC', start: '2027-03-13T00:00:00Z', end: '2027-03-14T00:00:00Z' }), 201);
    const res = await other('POST', '/ea/appointment-attendees', { appointmentEvent: { id: own.id }, contact: { id: people[0] } });
    expect(res.json()).toMatchObject({ code: 400, target: 'contact.id' });
  });
});
