import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, waitFor, type Api, type TestApp } from '../helpers/app.js';
import { createVenue, seedPerson, type PersonData } from '../contract/obfuscation.fixtures.js';

// Issue 32 on whichever database the suite runs (the raw-byte check is test/api/erasure-travel.test.ts, SQLite):
// obfuscating a traveller erases their travel through the obfuscation job, and what the API shows holds none of it.
describe('obfuscating a traveller (API, both databases)', () => {
  let t: TestApp;
  let api: Api;
  let accountId: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
    const tenant = await createTenant(t.services);
    accountId = tenant.accountId;
    await t.services.accounts.setFeature(accountId, 'contact-obfuscation', true);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('leaves none of the traveller\'s values in any event-travel list, and keeps what was booked', async () => {
    const tag = Date.now().toString(36);
    const person: PersonData = { firstName: `Octavia${tag}`, lastName: `Pemberley${tag}`, email: `octavia.${tag}@erasure.example`, phone: '+1 555 0199', note: 'no note' };
    const venue = await createVenue(t.services, accountId);
    const { contactId, attendeeId } = await seedPerson(t.services.db.db, venue, person);
    const path = (rest: string) => `/ea/events/${venue.eventId}/event-travel/${rest}`;
    await ok(api('POST', path('air-requests'), { attendee: { id: attendeeId }, knownTravelerNumber: `KTN${tag}`, specialRequest: `Window for ${person.email}` }), 201);
    await ok(api('POST', path('air-actuals'), { attendee: { id: attendeeId }, totalAmount: 99.5, currencyCode: 'USD', flightDetail: [{ flightNumber: `FL${tag}` }] }), 201);
    await ok(api('POST', path('hotel-requests'), { attendee: { id: attendeeId }, hotelCode: 'H1', rewardsCode: `RW${tag}` }), 201);
    await ok(api('POST', path('alternate-answers'), { attendee: { id: attendeeId }, travelType: 'HotelRequest', question: { id: venue.sessionId }, answer: { value: [`Ans${tag}`] } }), 201);
    const needles = [person.email, person.firstName, person.lastName, `KTN${tag}`, `FL${tag}`, `RW${tag}`, `Ans${tag}`].map((n) => n.toLowerCase());
    const shown = async () => (await Promise.all(['air-requests', 'air-actuals', 'hotel-requests', 'alternate-answers']
      .map(async (rest) => JSON.stringify(await ok(api('GET', path(rest))))))).join('').toLowerCase();
    const before = await shown();
    expect(needles.filter((n) => before.includes(n))).toEqual(needles);

    const start = await api('POST', `/ea/contacts/${contactId}/obfuscate`);
    expect(start.statusCode, start.body).toBe(202);
    const { obfuscateId } = start.json<{ obfuscateId: string }>();
    await waitFor(async () => ((await api('GET', `/ea/contacts/obfuscate/${obfuscateId}/status`)).json<{ status: string }>().status === 'COMPLETED' ? true : undefined),
      20_000, 'obfuscation to complete');
    const after = await shown();
    expect(needles.filter((n) => after.includes(n))).toEqual([]);
    expect(after).toContain('"totalamount":99.5');
    expect(after).toContain('"hotelcode":"h1"');
  });
});
