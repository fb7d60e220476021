import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/app.js';
import { ok, type Api } from '../helpers/app.js';
import { startDiskApp, type DiskApp } from '../helpers/disk-app.js';
import { fixtureAttendee } from '../helpers/webcast-fixtures.js';
import { createVenue, seedPerson, type PersonData } from '../contract/obfuscation.fixtures.js';

// Issue 32: an event's travel is its travellers'. Obfuscating a traveller (the attendee's contact) clears their names,
// flight details, requests and answers from their air requests, air actuals, hotel requests and alternate answers,
// redacts them where another traveller's request quotes them, and leaves none of their values in the SQLite file or
// its WAL. This suite runs on its own SQLite file (whatever DATABASE_URL says), since it reads that file's raw bytes.

let d: DiskApp;
let services: Services;
let api: Api;
let accountId: string;

beforeAll(async () => {
  d = await startDiskApp('eventline-erasure-travel-');
  ({ services, api, accountId } = d);
}, 60_000);
afterAll(() => d?.close());

const rawBytes = (): string => d.rawBytes().toLowerCase();

describe('erasure of travellers (SQLite)', () => {
  it('clears the traveller\'s requests, redacts them in a roommate\'s request, and leaves none of their bytes on disk', async () => {
    const tag = Date.now().toString(36);
    const person: PersonData = { firstName: `Philomena${tag}`, lastName: `Wrexhamby${tag}`, email: `philomena.${tag}@erasure.example`, phone: '+1 555 0177', note: 'no note' };
    const venue = await createVenue(services, accountId);
    const { contactId, attendeeId } = await seedPerson(services.db.db, venue, person);
    const roommate = await fixtureAttendee(services.db.db, accountId, venue.eventId);
    const full = `${person.firstName} ${person.lastName}`;
    // Values only this traveller's travel holds: a known-traveller number, a flight, a seat, a request, a record locator.
    const ktn = `KTN${tag}X`;
    const flight = `ZQ${tag}`;
    const request = `Kosher meal for ${tag}`;
    const locator = `LOC${tag}`;
    const path = (rest: string) => `/ea/events/${venue.eventId}/event-travel/${rest}`;

    await ok(api('POST', path('air-requests'), {
      attendee: { id: attendeeId }, requesterMiddleName: `Mid${tag}`, fullName: full, knownTravelerNumber: ktn, redressNumber: `RDR${tag}`, dateOfBirth: '1979-04-05',
      outgoingLeg: { origin: `Origin${tag}`, destination: 'Lisbon' }, specialRequest: request, plannerMemo: `Call ${person.email}`,
      airRequestAnswers: [{ question: { id: venue.sessionId }, value: [`Answer${tag}`] }],
    }), 201);
    await ok(api('POST', path('air-actuals'), {
      attendee: { id: attendeeId }, confirmationNumber: `CNF${tag}`, totalAmount: 812.4, currencyCode: 'EUR', recordLocatorGDS: locator, note: `Booked for ${person.email}`,
      flightDetail: [{ airline: 'TAP', flightNumber: flight, originCode: 'BOS', destinationCode: 'LIS', seatNumber: `S${tag}`, flightConfirmationNumber: `FCN${tag}` }],
    }), 201);
    await ok(api('POST', path('hotel-requests'), {
      attendee: { id: attendeeId }, hotelName: 'Harbour Lisbon', hotelCode: 'LIS01', quantity: 1, totalAmount: 360, currencyCode: 'EUR',
      specialRequest: `Late arrival ${tag}`, rewardsCode: `RWD${tag}`, roommateRequested: 'Anyone', checkinDate: '2027-03-01T15:00:00Z', checkoutDate: '2027-03-03T11:00:00Z',
    }), 201);
    await ok(api('POST', path('alternate-answers'), {
      attendee: { id: attendeeId }, travelType: 'AirRequest', question: { id: venue.sessionId, text: 'Preferred airport?' }, answer: { value: [`Airport${tag}`] },
    }), 201);
    // A roommate's hotel request quotes the traveller by name and email.
    await ok(api('POST', path('hotel-requests'), {
      attendee: { id: roommate }, hotelName: 'Harbour Lisbon', roommateRequested: full, specialRequest: `Share with ${person.email}`,
    }), 201);

    const needles = [person.email, person.firstName, person.lastName, ktn, flight, request, locator, `RWD${tag}`, `Airport${tag}`, `Answer${tag}`, `Mid${tag}`, `Origin${tag}`]
      .map((v) => v.toLowerCase());
    expect(needles.filter((n) => rawBytes().includes(n))).toEqual(needles);

    await d.obfuscate(contactId);
    expect(needles.filter((n) => rawBytes().includes(n))).toEqual([]);

    // What the API shows now: none of the traveller's values anywhere; what was booked and its price stay.
    const lists = await Promise.all(['air-requests', 'air-actuals', 'hotel-requests', 'alternate-answers'].map(async (rest) => JSON.stringify(await ok(api('GET', path(rest))))));
    for (const text of lists) expect(needles.filter((n) => text.toLowerCase().includes(n))).toEqual([]);
    const actuals = JSON.parse(lists[1] ?? '{}') as { data: Array<{ airActualDetails: Array<Record<string, unknown>> }> };
    expect(actuals.data[0]?.airActualDetails[0]).toMatchObject({ totalAmount: 812.4, currencyCode: 'EUR', lastModifiedBy: 'obfuscation' });
    expect(actuals.data[0]?.airActualDetails[0]).not.toHaveProperty('flightDetail');
    const hotels = JSON.parse(lists[2] ?? '{}') as { data: Array<{ attendee: { id: string }; hotelRequestDetails: Array<Record<string, unknown>> }> };
    const theirs = hotels.data.find((h) => h.attendee.id === attendeeId)?.hotelRequestDetails[0];
    expect(theirs).toMatchObject({ hotelName: 'Harbour Lisbon', totalAmount: 360 });
    expect(theirs).not.toHaveProperty('checkinDate');
    const roommates = hotels.data.find((h) => h.attendee.id === roommate)?.hotelRequestDetails[0];
    expect(roommates).toMatchObject({ hotelName: 'Harbour Lisbon', roommateRequested: '[obfuscated]', specialRequest: 'Share with [obfuscated]' });
  });
});
