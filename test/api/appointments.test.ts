import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { appointmentSetup, booking, contactsFor, type AppointmentSetup } from '../helpers/appointments.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';
import { seedDemo } from '../../src/demo/seed.js';

// The Appointments tag (issue 32) through the API on a real database (SQLite, or PostgreSQL with DATABASE_URL):
// nobody, no location and no slot is booked twice, even by concurrent requests; available times follow the appointment
// event's time zone across the March 2027 change of the clocks in New York.
interface AvailableTime { id: string; startTime: string; endTime: string; type: string; appointmentType: { id: string }; location?: { id: string } }
interface Page<T> { paging: { nextToken?: string; totalCount?: number }; data: T[] }
interface Appointment { id: string; status: string; start: string; end: string; participants: Array<{ type: string; attendee: { id: string; contact: { id: string } } }> }

describe('appointments', () => {
  let t: TestApp;
  let api: Api;
  let event: string;
  let people: string[];
  let s: AppointmentSetup;
  const dataDir = mkdtempSync(join(tmpdir(), 'eventline-appointments-'));
  const f = (filter: string) => `filter=${encodeURIComponent(filter)}`;
  const available = async (apptEvent: string, query = ''): Promise<AvailableTime[]> => {
    const out: AvailableTime[] = [];
    let url = `/ea/appointment-events/${apptEvent}/appointment-available-times?limit=200${query}`;
    for (;;) {
      const page = await ok<Page<AvailableTime>>(api('GET', url));
      out.push(...page.data);
      if (page.paging.nextToken === undefined) return out;
      url = `/ea/appointment-events/${apptEvent}/appointment-available-times?token=${page.paging.nextToken}`;
    }
  };

  beforeAll(async () => {
    t = await startTestApp({ env: { DATA_DIR: dataDir, RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
    const tenant = await createTenant(t.services);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    event = await fixtureEvent(t.services, tenant.accountId);
    people = await contactsFor(api, 5);
    s = await appointmentSetup(api, event, people);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists the available times in UTC from the schedule in New York time, across the spring-forward night', async () => {
    const times = await available(s.apptEvent);
    expect(times.map((x) => x.startTime)).toEqual([
      // 13 March (EST, UTC-5): 09:00, 10:00, 11:00
      '2027-03-13T14:00:00Z', '2027-03-13T15:00:00Z', '2027-03-13T16:00:00Z',
      // 14 March 00:00 EST to 05:00 EDT: four real hours (02:00 does not exist), so four slots, the last two in EDT
      '2027-03-14T05:00:00Z', '2027-03-14T06:00:00Z', '2027-03-14T07:00:00Z', '2027-03-14T08:00:00Z',
      // 15 March (EDT, UTC-4): 09:00, 10:00, 11:00
      '2027-03-15T13:00:00Z', '2027-03-15T14:00:00Z', '2027-03-15T15:00:00Z',
    ]);
    for (const x of times) {
      expect(new Date(x.endTime).getTime() - new Date(x.startTime).getTime()).toBe(3_600_000);
      expect(x).toMatchObject({ type: 'DEFINED', appointmentType: { id: s.type }, location: { id: s.location } });
    }
    // Ids are stable (the same slot, the same id on every read) and unique.
    expect(new Set(times.map((x) => x.id)).size).toBe(times.length);
    expect((await available(s.apptEvent)).map((x) => x.id)).toEqual(times.map((x) => x.id));
  });

  it('pages the available times by keyset and filters them exactly', async () => {
    const all = await available(s.apptEvent);
    const seen: string[] = [];
    let url = `/ea/appointment-events/${s.apptEvent}/appointment-available-times?limit=3`;
    for (;;) {
      const page = await ok<Page<AvailableTime>>(api('GET', url));
      expect(page.paging.totalCount).toBe(all.length);
      seen.push(...page.data.map((x) => x.id));
      if (page.paging.nextToken === undefined) break;
      url = `/ea/appointment-events/${s.apptEvent}/appointment-available-times?token=${page.paging.nextToken}`;
    }
    expect(seen).toEqual(all.map((x) => x.id));
    expect(await available(s.apptEvent, `&${f(`location.id eq '${s.location}'`)}`)).toHaveLength(all.length);
    expect(await available(s.apptEvent, `&${f("location.id eq '00000000-0000-4000-8000-000000000000'")}`)).toHaveLength(0);
    const bad = await api('GET', `/ea/appointment-events/${s.apptEvent}/appointment-available-times?${f("startTime gt '2027-01-01'")}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ target: 'filter' });
  });

  it('books a slot, which leaves the available times; cancelling frees it', async () => {
    const [a, b] = people as [string, string];
    const slot = '2027-03-14T07:00:00Z'; // 03:00 EDT, the first slot after the clocks changed
    const appt = await ok<Appointment>(api('POST', `/ea/appointment-events/${s.apptEvent}/appointments`, booking(s.type, slot, [a], [b], { location: s.location })), 201);
    expect(appt).toMatchObject({ status: 'CONFIRMED', start: slot, end: '2027-03-14T08:00:00Z' });
    expect(appt.participants.map((p) => [p.type, p.attendee.contact.id, p.attendee.id])).toEqual([['Host', a, s.attendees.get(a)], ['Attendee', b, s.attendees.get(b)]]);
    expect((await available(s.apptEvent)).map((x) => x.startTime)).not.toContain(slot);

    const again = await api('POST', `/ea/appointment-events/${s.apptEvent}/appointments`, booking(s.type, slot, [people[2] as string], [], { location: s.location }));
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ code: 409, target: 'location' });

    const cancel = await api('DELETE', `/ea/appointment-events/${s.apptEvent}/appointments/${appt.id}`);
    expect(cancel.statusCode).toBe(204);
    expect((await ok<Appointment>(api('GET', `/ea/appointments/${appt.id}`))).status).toBe('CANCELLED');
    expect((await available(s.apptEvent)).map((x) => x.startTime)).toContain(slot);
    // The freed slot, location and people can be booked again.
    await ok(api('POST', `/ea/appointment-events/${s.apptEvent}/appointments`, booking(s.type, slot, [a], [b], { location: s.location })), 201);
    expect((await api('DELETE', `/ea/appointment-events/${s.apptEvent}/appointments/${appt.id}`)).statusCode).toBe(204);
  });

  it('returns 409 naming the attendee when a booking overlaps their existing appointment', async () => {
    const [, , c, d, e] = people as [string, string, string, string, string];
    await ok(api('POST', `/ea/appointment-events/${s.apptEvent}/appointments`, booking(s.type, '2027-03-13T14:00:00Z', [c], [d])), 201);
    // Another slot, another host, no location: only D's time is in the way (14:30 to 15:30 overlaps 14:00 to 15:00).
    const res = await api('POST', `/ea/appointment-events/${s.apptEvent}/appointments`,
      booking(s.type, '2027-03-13T14:30:00Z', [e], [d], { enforceScheduleRule: false }));
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json() as { message: string; target: string };
    expect(body.target).toBe('attendees[0]');
    expect(body.message).toContain(d);
    // The host's own time counts too.
    const host = await api('POST', `/ea/appointment-events/${s.apptEvent}/appointments`, booking(s.type, '2027-03-13T14:00:00Z', [c], [], { enforceScheduleRule: false }));
    expect(host.statusCode).toBe(409);
    expect(host.json()).toMatchObject({ target: 'hosts[0]' });
    // Nothing was written by the refused bookings.
    const mine = await ok<Page<Appointment>>(api('GET', `/ea/appointments?${f(`participants.attendee.contact.id eq '${d}'`)}`));
    expect(mine.data).toHaveLength(1);
    // Back to back is not an overlap.
    await ok(api('POST', `/ea/appointment-events/${s.apptEvent}/appointments`, booking(s.type, '2027-03-13T15:00:00Z', [e], [d])), 201);
  });

  it('moves an appointment with PUT, checked against others but not itself', async () => {
    const [a, b] = people as [string, string];
    const appt = await ok<Appointment>(api('POST', `/ea/appointment-events/${s.apptEvent}/appointments`, booking(s.type, '2027-03-15T13:00:00Z', [a], [b])), 201);
    const moved = await ok<Appointment>(api('PUT', `/ea/appointment-events/${s.apptEvent}/appointments/${appt.id}`, booking(s.type, '2027-03-15T14:00:00Z', [a], [b], { id: appt.id })));
    expect(moved).toMatchObject({ id: appt.id, start: '2027-03-15T14:00:00Z' });
    expect((await available(s.apptEvent, `&${f(`appointmentType.id eq '${s.type}'`)}`)).map((x) => x.startTime)).toContain('2027-03-15T13:00:00Z');
    // Onto D's appointment of 13 March 14:00: 409 naming D.
    const d = people[3] as string;
    const clash = await api('PUT', `/ea/appointment-events/${s.apptEvent}/appointments/${appt.id}`, booking(s.type, '2027-03-13T14:00:00Z', [a], [d]));
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json()).toMatchObject({ target: 'attendees[0]' });
    expect((await ok<Appointment>(api('GET', `/ea/appointments/${appt.id}`))).start).toBe('2027-03-15T14:00:00Z');
  });

  it('keeps to the schedule and people\'s availability unless told not to (422), and refuses bad input with 400', async () => {
    const [a, b] = people as [string, string];
    const off = await api('POST', `/ea/appointment-events/${s.apptEvent}/appointments`, booking(s.type, '2027-03-15T13:30:00Z', [a], [b]));
    expect(off.statusCode).toBe(422);
    expect(off.json()).toMatchObject({ target: 'startTime' });
    await ok(api('POST', '/ea/appointment-availability-times', { attendee: { id: s.attendees.get(b) }, timeRanges: [{ start: '2027-03-15T11:00', end: '2027-03-15T12:00', type: 'UNAVAILABLE' }] }), 201);
    const away = await api('POST', `/ea/appointment-events/${s.apptEvent}/appointments`, booking(s.type, '2027-03-15T15:00:00Z', [a], [b]));
    expect(away.statusCode, away.body).toBe(422);
    expect(away.json()).toMatchObject({ target: 'attendees[0]' });
    const cases: Array<[unknown, string]> = [
      [booking(s.type, '2027-03-15T15:00:00Z', [a], [a]), 'attendees[0]'],
      [booking(s.type, '2027-03-15T15:00:00Z', []), 'hosts'],
      [booking('00000000-0000-4000-8000-000000000000', '2027-03-15T15:00:00Z', [a]), 'appointmentTypeId'],
      [booking(s.type, '2027-03-15T15:00:00Z', ['00000000-0000-4000-8000-000000000001']), 'hosts[0]'],
      [{ ...booking(s.type, '2027-03-15T15:00:00Z', [a]), endTime: '2027-03-15T14:00:00Z' }, 'endTime'],
    ];
    for (const [body, target] of cases) {
      const res = await api('POST', `/ea/appointment-events/${s.apptEvent}/appointments`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ target });
    }
    const tz = await api('POST', '/ea/appointment-events', { event: { id: event }, title: 'x', timezone: 'Mars/Olympus', start: '2027-03-13T00:00:00Z', end: '2027-03-14T00:00:00Z' });
    expect(tz.json()).toMatchObject({ code: 400, target: 'timezone' });
    const range = await api('POST', `/ea/appointment-events/${s.apptEvent}/appointment-types`, { name: 'x', timeRanges: [{ start: '2027-02-30T09:00', end: '2027-03-13T10:00' }] });
    expect(range.json()).toMatchObject({ code: 400, target: 'timeRanges[0].start' });
    const twice = await api('POST', '/ea/appointment-attendees', { appointmentEvent: { id: s.apptEvent }, contact: { id: a } });
    expect(twice.json()).toMatchObject({ code: 409, target: 'contact.id' });
  });

  it('filters the lists exactly', async () => {
    const [a] = people as [string];
    const atts = await ok<Page<{ id: string; contact: { id: string } }>>(api('GET', `/ea/appointment-attendees?${f(`contact.id eq '${a}' and appointmentEvent.id eq '${s.apptEvent}'`)}`));
    expect(atts.data.map((x) => x.contact.id)).toEqual([a]);
    expect((await ok<Page<unknown>>(api('GET', `/ea/appointment-attendees?${f("deleted eq 'true'")}`))).data).toHaveLength(0);
    const events = await ok<Page<{ id: string }>>(api('GET', `/ea/appointment-events?${f(`event.id eq '${event}'`)}`));
    expect(events.data.map((x) => x.id)).toEqual([s.apptEvent]);
    const byEvent = await ok<Page<Appointment>>(api('GET', `/ea/appointments?${f(`appointmentEvent.id eq '${s.apptEvent}'`)}&limit=2`));
    expect(byEvent.paging.nextToken).toBeDefined();
    const next = await ok<Page<Appointment>>(api('GET', `/ea/appointments?token=${byEvent.paging.nextToken ?? ''}`));
    expect(next.data.length).toBeGreaterThan(0);
    expect(next.data.map((x) => x.id)).not.toContain(byEvent.data[0]?.id);
    for (const [url, target] of [
      [`/ea/appointments?${f("name eq 'x'")}`, 'filter'],
      [`/ea/appointments?${f(`participants.attendee.contact.id eq '${a}' or code eq 'x'`)}`, 'filter'],
      [`/ea/appointment-events?${f("title eq 'x'")}`, 'filter'],
      [`/ea/appointment-meeting-interests?${f("attendee.id ne 'x'")}`, 'filter'],
    ] as const) {
      const res = await api('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ target });
    }
  });

  it('gives one appointment out of 30 concurrent bookings of one slot (with a location, and without)', async () => {
    const hosts = await contactsFor(api, 60, 'Racer');
    for (const [withLocation, group] of [[true, hosts.slice(0, 30)], [false, hosts.slice(30)]] as const) {
      const race = await appointmentSetup(api, event, group, { location: withLocation });
      const slot = '2027-03-14T06:00:00Z'; // 01:00 EST, the last slot before the clocks change
      const results = await Promise.all(group.map((h) => api('POST', `/ea/appointment-events/${race.apptEvent}/appointments`,
        booking(race.type, slot, [h], [], withLocation ? { location: race.location } : {}))));
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((x) => x === 201), JSON.stringify(results.filter((r) => r.statusCode !== 409 && r.statusCode !== 201).map((r) => r.body))).toHaveLength(1);
      expect(statuses.filter((x) => x === 409)).toHaveLength(29);
      const booked = await ok<Page<Appointment>>(api('GET', `/ea/appointments?${f(`appointmentEvent.id eq '${race.apptEvent}'`)}`));
      expect(booked.data).toHaveLength(1);
      expect((await available(race.apptEvent)).map((x) => x.startTime)).not.toContain(slot);
    }
  });

  it('books one person once out of 30 concurrent, overlapping bookings that hold no slot', async () => {
    const group = await contactsFor(api, 31, 'Busy');
    const guest = group[30] as string;
    const race = await appointmentSetup(api, event, group, { location: false });
    // Thirty different hosts, one guest, start times a minute apart: every two overlap, none is a slot of the schedule,
    // so only the serialised check of the guest's time can refuse them.
    const results = await Promise.all(group.slice(0, 30).map((h, i) => api('POST', `/ea/appointment-events/${race.apptEvent}/appointments`,
      booking(race.type, new Date(Date.parse('2027-03-15T13:00:00Z') + i * 60_000).toISOString(), [h], [guest], { enforceScheduleRule: false }))));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json()).toMatchObject({ target: 'attendees[0]' });
    }
    const booked = await ok<Page<Appointment>>(api('GET', `/ea/appointments?${f(`participants.attendee.contact.id eq '${guest}'`)}`));
    expect(booked.data).toHaveLength(1);
  });

  it('serves meeting interests and availability by id, and 404s unknown ids', async () => {
    const [, b] = people as [string, string];
    const mi = await ok<{ id: string }>(api('POST', '/ea/appointment-meeting-interests', { attendee: { id: s.attendees.get(b) }, interests: [{ name: 'Acme', ranking: 'HIGH', comment: 'Wants a demo' }] }), 201);
    expect(await ok(api('GET', `/ea/appointment-meeting-interests/${mi.id}`))).toMatchObject({ interests: [{ name: 'Acme', comment: 'Wants a demo' }] });
    const list = await ok<Page<{ id: string }>>(api('GET', `/ea/appointment-meeting-interests?${f(`attendee.id eq '${s.attendees.get(b) ?? ''}'`)}`));
    expect(list.data.map((x) => x.id)).toEqual([mi.id]);
    const avail = await ok<Page<{ id: string }>>(api('GET', `/ea/appointment-availability-times?${f(`attendee.id eq '${s.attendees.get(b) ?? ''}'`)}`));
    expect(avail.data).toHaveLength(1);
    await ok(api('GET', `/ea/appointment-availability-times/${avail.data[0]?.id ?? ''}`));
    for (const url of ['/ea/appointment-meeting-interests/nope', '/ea/appointment-availability-times/nope', '/ea/appointment-attendees/nope', '/ea/appointments/nope',
      '/ea/appointment-events/00000000-0000-4000-8000-000000000000', '/ea/appointment-events/00000000-0000-4000-8000-000000000000/locations']) {
      expect((await api('GET', url)).statusCode, url).toBe(404);
    }
  });

  it('seeds the demo account with an appointment event, its schedule, people and a booked meeting', async () => {
    const { credentials } = await seedDemo(t.services, t.config);
    if (!credentials) throw new Error('the demo was not seeded');
    const demo = apiClient(t.app, await tokenFor(t.app, credentials));
    const events = await ok<Page<{ id: string; timezone: string }>>(demo('GET', '/ea/appointment-events'));
    expect(events.data).toHaveLength(1);
    const ev = events.data[0] as { id: string; timezone: string };
    expect(ev.timezone).toBe('America/New_York');
    const times = await ok<Page<AvailableTime>>(demo('GET', `/ea/appointment-events/${ev.id}/appointment-available-times`));
    // Two days of 11:00 to 13:00 in 30-minute slots at two tables, one slot booked.
    expect(times.data).toHaveLength(2 * 4 * 2 - 1);
    const booked = await ok<Page<Appointment>>(demo('GET', `/ea/appointments?filter=${encodeURIComponent("code eq 'DEMO-APPT-1'")}`));
    expect(booked.data).toHaveLength(1);
    expect((await ok<Page<unknown>>(demo('GET', '/ea/appointment-availability-times'))).data).toHaveLength(1);
    expect((await ok<Page<unknown>>(demo('GET', '/ea/appointment-meeting-interests'))).data).toHaveLength(1);
  });
});
