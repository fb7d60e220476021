import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/app.js';
import { ok, type Api } from '../helpers/app.js';
import { startDiskApp, type DiskApp } from '../helpers/disk-app.js';
import { createBlock, reservationBody } from '../helpers/housing.js';
import { createVenue, seedPerson, type PersonData } from '../contract/obfuscation.fixtures.js';

// Issue 31: hotel guests are people. A reservation request or reservation is linked to the contact whose email is its
// primary guest's; obfuscating the contact erases its guests, special request, membership number and travel details,
// erases it as a secondary guest of other people's reservations (by email), and the bytes leave the SQLite file and WAL.
// This suite runs on its own SQLite file (whatever DATABASE_URL says), since it reads that file's raw bytes.

let d: DiskApp;
let services: Services;
let api: Api;
let accountId: string;

beforeAll(async () => {
  d = await startDiskApp('eventline-erasure-housing-');
  ({ services, api, accountId } = d);
}, 60_000);
afterAll(() => d?.close());

const rawBytes = (): string => d.rawBytes().toLowerCase();

describe('erasure of hotel guests (SQLite)', () => {
  it('erases the guest from requests and reservations (theirs and others\'), and leaves none of their bytes on disk; the rooms stay sold', async () => {
    const tag = Date.now().toString(36);
    const person: PersonData = { firstName: `Hermione${tag}`, lastName: `Quillfeather${tag}`, email: `hermione.${tag}@erasure.example`, phone: '+1 555 0177', note: 'no note' };
    const venue = await createVenue(services, accountId);
    const { contactId } = await seedPerson(services.db.db, venue, person);
    const b = await createBlock(api, venue.eventId, { rooms: 3, days: ['2027-03-01', '2027-03-02'] });
    const guest = { firstName: person.firstName, lastName: person.lastName, email: person.email, arrival: '2027-03-01', departure: '2027-03-03' };
    const own = await ok<{ id: string }>(api('POST', '/ea/reservations', {
      ...reservationBody(b, guest), specialRequest: `Late arrival, call ${person.firstName}`, membershipId: `M-${tag}`,
      travelDetails: { additionalInformation: `Flying with ${person.lastName}` },
    }));
    // Another block (the same guest may not hold two overlapping stays in one housing event).
    const b2 = await createBlock(api, venue.eventId, { rooms: 3, days: ['2027-03-01', '2027-03-02'] });
    await ok(api('POST', '/ea/reservations', {
      ...reservationBody(b2, { email: 'partner@example.test', firstName: 'Pat', lastName: 'Partner', arrival: '2027-03-01', departure: '2027-03-02' }),
      numberOfAdults: 2, guests: [
        { firstName: 'Pat', lastName: 'Partner', email: 'partner@example.test', arrival: '2027-03-01', departure: '2027-03-02', primary: true },
        { ...guest, departure: '2027-03-02', homePhone: person.phone },
      ],
    }));
    const request = await ok<{ id: string }>(api('POST', '/ea/reservation-requests', {
      housingEvent: { id: b.housingEventId }, guests: [{ firstName: person.firstName, lastName: person.lastName, email: person.email }], specialRequest: `For ${person.email}`,
    }));
    const needles = [person.email, person.firstName, person.lastName, `m-${tag}`].map((v) => v.toLowerCase());
    expect(needles.filter((n) => rawBytes().includes(n))).toEqual(needles);

    await d.obfuscate(contactId);
    expect(needles.filter((n) => rawBytes().includes(n))).toEqual([]);
    const shown = JSON.stringify([
      await ok(api('GET', `/ea/housing-events/${b.housingEventId}/reservations`)), await ok(api('GET', `/ea/housing-events/${b2.housingEventId}/reservations`)),
      await ok(api('GET', `/ea/reservation-requests/${request.id}`)),
    ]).toLowerCase();
    expect(needles.filter((n) => shown.includes(n))).toEqual([]);
    expect(shown).toContain('partner@example.test');
    // The reservations stand (the hotel's inventory is not personal data).
    expect(await ok(api('GET', `/ea/reservations/${own.id}`))).toMatchObject({ isCanceled: false, nights: [{ stayDate: '2027-03-01' }, { stayDate: '2027-03-02' }] });
  });
});
