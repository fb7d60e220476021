import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/app.js';
import { ok, type Api } from '../helpers/app.js';
import { booking, contactsFor } from '../helpers/appointments.js';
import { startDiskApp, type DiskApp } from '../helpers/disk-app.js';
import { createVenue, seedPerson, type PersonData } from '../contract/obfuscation.fixtures.js';

// Issue 32: appointments hold people by id; their free text may name them: an appointment's subject, description and
// custom location name, and meeting-interest comments. Obfuscating the contact redacts them there, and the bytes leave
// the SQLite file and its WAL. This suite runs on its own SQLite file (whatever DATABASE_URL says).

let d: DiskApp;
let services: Services;
let api: Api;
let accountId: string;

beforeAll(async () => {
  d = await startDiskApp('eventline-erasure-appointments-');
  ({ services, api, accountId } = d);
}, 60_000);
afterAll(() => d?.close());

const rawBytes = (): string => d.rawBytes().toLowerCase();

describe('erasure of people named in appointments (SQLite)', () => {
  it('redacts the contact in appointment subjects, descriptions, locations and meeting-interest comments, and leaves none of their bytes on disk', async () => {
    const tag = Date.now().toString(36);
    const person: PersonData = { firstName: `Zebediah${tag}`, lastName: `Pontefract${tag}`, email: `zebediah.${tag}@erasure.example`, phone: '+1 555 0103', note: 'no note' };
    const venue = await createVenue(services, accountId);
    const { contactId } = await seedPerson(services.db.db, venue, person);
    const [host] = await contactsFor(api, 1, 'Host') as [string];
    const full = `${person.firstName} ${person.lastName}`;
    const ev = await ok<{ id: string }>(api('POST', '/ea/appointment-events', { event: { id: venue.eventId }, title: 'Meetings', timezone: 'Europe/Paris', start: '2027-03-13T00:00:00Z', end: '2027-03-14T00:00:00Z' }), 201);
    const type = await ok<{ id: string }>(api('POST', `/ea/appointment-events/${ev.id}/appointment-types`, { name: 'Chat', duration: 60, timeRanges: [{ start: '2027-03-13T09:00', end: '2027-03-13T12:00' }] }), 201);
    const attendee = await ok<{ id: string }>(api('POST', '/ea/appointment-attendees', { appointmentEvent: { id: ev.id }, contact: { id: contactId } }), 201);
    await ok(api('POST', '/ea/appointment-attendees', { appointmentEvent: { id: ev.id }, contact: { id: host } }), 201);
    const appt = await ok<{ id: string }>(api('POST', `/ea/appointment-events/${ev.id}/appointments`, booking(type.id, '2027-03-13T08:00:00Z', [host], [contactId], {
      subject: `Meeting with ${full}`, description: `Send the deck to ${person.email}`, customLocationName: `${full}'s booth`,
    })), 201);
    await ok(api('POST', '/ea/appointment-meeting-interests', { attendee: { id: attendee.id }, interests: [{ name: 'Acme', comment: `${full} asked for pricing` }] }), 201);
    const needles = [person.email, person.firstName, person.lastName].map((v) => v.toLowerCase());
    expect(needles.filter((n) => rawBytes().includes(n))).toEqual(needles);

    await d.obfuscate(contactId);
    expect(needles.filter((n) => rawBytes().includes(n))).toEqual([]);
    const shown = JSON.stringify([
      await ok(api('GET', `/ea/appointments/${appt.id}`)), await ok(api('GET', '/ea/appointment-meeting-interests')), await ok(api('GET', '/ea/appointments')),
    ]).toLowerCase();
    expect(needles.filter((n) => shown.includes(n))).toEqual([]);
    // The booking itself stays: its time and people (by id) are not personal text.
    expect(await ok(api('GET', `/ea/appointments/${appt.id}`))).toMatchObject({ start: '2027-03-13T08:00:00Z', status: 'CONFIRMED' });
  });
});
