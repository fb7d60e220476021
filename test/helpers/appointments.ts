// Set-up shared by the Appointments suites (issue 32): contacts through the API, an appointment event in
// America/New_York over the March 2027 change of the clocks (2027-03-14: 02:00 -> 03:00), a DEFINED type of one-hour
// slots, a location, and the contacts as appointment attendees.
import { expect } from 'vitest';
import { ok, type Api } from './app.js';

let seq = 0;

/** Contacts created through the API (bulk 207, ten a request); their ids, in order. */
export async function contactsFor(api: Api, n: number, name = 'Person'): Promise<string[]> {
  const people = Array.from({ length: n }, () => {
    seq += 1;
    return { firstName: `${name}${seq}`, lastName: `Appt${seq}`, email: `appt.${name.toLowerCase()}.${seq}.${Date.now()}@example.test` };
  });
  const ids: string[] = [];
  for (let i = 0; i < people.length; i += 10) {
    const res = await ok<Array<{ status: number; data: { id: string } }>>(api('POST', '/ea/contacts', people.slice(i, i + 10)), 207);
    for (const r of res) {
      expect(r.status).toBe(201);
      ids.push(r.data.id);
    }
  }
  return ids;
}

export const NY_SCHEDULE = [
  { start: '2027-03-13T09:00', end: '2027-03-13T12:00' },
  // The night the clocks spring forward: 00:00 to 05:00 on the wall is four real hours.
  { start: '2027-03-14T00:00', end: '2027-03-14T05:00' },
  { start: '2027-03-15T09:00', end: '2027-03-15T12:00' },
];

export interface AppointmentSetup {
  apptEvent: string;
  type: string;
  location: string;
  /** contact id -> appointment attendee id */
  attendees: Map<string, string>;
}

/** An appointment event of `eventId` in New York with a DEFINED one-hour type, a location and the contacts as attendees. */
export async function appointmentSetup(api: Api, eventId: string, contacts: readonly string[], opts: { location?: boolean } = {}): Promise<AppointmentSetup> {
  const ev = await ok<{ id: string }>(api('POST', '/ea/appointment-events', {
    event: { id: eventId }, title: 'Partner meetings', timezone: 'America/New_York', start: '2027-03-13T00:00:00Z', end: '2027-03-17T00:00:00Z',
  }), 201);
  const type = await ok<{ id: string }>(api('POST', `/ea/appointment-events/${ev.id}/appointment-types`, {
    name: 'One-to-one', timeRangeType: 'DEFINED', duration: 60, timeRanges: NY_SCHEDULE,
  }), 201);
  const location = opts.location === false ? '' : (await ok<{ id: string }>(api('POST', `/ea/appointment-events/${ev.id}/locations`, { name: 'Table 1', capacity: 2 }), 201)).id;
  const attendees = new Map<string, string>();
  for (const c of contacts) {
    const a = await ok<{ id: string }>(api('POST', '/ea/appointment-attendees', { appointmentEvent: { id: ev.id }, contact: { id: c } }), 201);
    attendees.set(c, a.id);
  }
  return { apptEvent: ev.id, type: type.id, location, attendees };
}

/** A booking body for the slot starting at `start` (UTC), one hour long. */
export function booking(type: string, start: string, hosts: string[], attendees: string[] = [], extra: Record<string, unknown> = {}) {
  const end = new Date(new Date(start).getTime() + 3_600_000).toISOString();
  return { subject: 'Partner meeting', startTime: start, endTime: end, hosts, attendees, appointmentTypeId: type, ...extra };
}
