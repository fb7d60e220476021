import type { Services } from '../app.js';
import type { AuthContext } from '../actor.js';
import { ALL_SCOPES } from '../modules/oauth/index.js';

/**
 * The demo's travel (issue 32): a small supplier catalogue (a brand, two chains, three properties with rooms), a
 * corporate travel account with its supplier account, and the demo event's travel for its first two attendees (air
 * requests, an air actual, hotel requests and an alternate travel answer).
 */
export async function seedDemoTravel(services: Services, input: { accountId: string; plannerId: string; eventId: string; start: Date }): Promise<void> {
  const auth: AuthContext = {
    accountId: input.accountId, clientId: 'demo-seed', applicationId: null, userId: input.plannerId, scopes: new Set(ALL_SCOPES), tokenId: 'demo-seed',
  };
  const { travel, eventTravel } = services;
  const at = (offsetDays: number, hour = 0) => new Date(input.start.getTime() + offsetDays * 86_400_000 + hour * 3_600_000).toISOString();

  await travel.createBrand(auth, { id: 'HARBOR', name: 'Harbor Hospitality', address: { address1: '200 Seaport Blvd', city: 'Boston', regionCode: 'MA', countryCode: 'US' } });
  const waterfront = await travel.createChain(auth, { name: 'Waterfront Hotels', code: 'WFH', brand: { id: 'HARBOR' } });
  const urban = await travel.createChain(auth, { name: 'Urban Stay', code: 'UST', address: { city: 'Chicago', regionCode: 'IL', countryCode: 'US' } });
  const properties = [
    { chain: waterfront, name: 'Waterfront Seaport Boston', code: 'BOSSEA', address: { address1: '1 Seaport Ln', city: 'Boston', regionCode: 'MA', postalCode: '02210', countryCode: 'US' } },
    { chain: waterfront, name: 'Waterfront Back Bay', code: 'BOSBBY', address: { address1: '40 Dalton St', city: 'Boston', regionCode: 'MA', postalCode: '02115', countryCode: 'US' } },
    { chain: urban, name: 'Urban Stay Cambridge', code: 'CAMUST', address: { address1: '5 Kendall Sq', city: 'Cambridge', regionCode: 'MA', postalCode: '02142', countryCode: 'US' } },
  ];
  const made = [];
  for (const p of properties) {
    const property = await travel.createProperty(auth, {
      name: p.name, code: p.code, chain: { id: p.chain.id }, ...(p.chain.brand ? { brand: p.chain.brand } : {}), currencyCode: 'USD', address: p.address,
      externalCodes: [{ type: 'sabre_gds', chainCode: p.chain.code, propertyCode: p.code }],
    });
    made.push(property);
    await travel.createRoom(auth, { name: 'King Deluxe', code: 'KD', property: { id: property.id }, bedTypeCode: 'king', numberOfBeds: 1, capacity: 2 });
    await travel.createRoom(auth, { name: 'Double Queen', code: 'DQ', property: { id: property.id }, bedTypeCode: 'queen', numberOfBeds: 2, capacity: 4 });
  }

  const account = await travel.createAccount(auth, { name: 'Northwind Traders', type: 'corporate', certified: true, addresses: [{ address1: '77 Summer St', city: 'Boston', countryCode: 'US' }] });
  await travel.setSupplier(auth, account.id, { name: 'Northwind Traders (Waterfront)', managementLevel: 'national', active: true, crmId: 'CRM-NW-001', chainDefinedId: 'WFH-NW' });

  const people = (await services.attendees.list(input.accountId, { filter: `event.id eq '${input.eventId}'`, limit: 2 })).data;
  const [first, second] = people;
  if (first === undefined) return;
  await eventTravel.createAirRequest(auth, input.eventId, {
    attendee: { id: first.id }, outgoingLeg: { origin: 'San Francisco (SFO)', destination: 'Boston (BOS)', date: at(-1), time: '08:00' },
    incomingLeg: { origin: 'Boston (BOS)', destination: 'San Francisco (SFO)', date: at(3), time: '17:00' }, seatType: 'Aisle', ticketType: 'Economy/Coach', status: 'APPROVED',
  });
  await eventTravel.createAirActual(auth, input.eventId, {
    attendee: { id: first.id }, status: 'TICKETED', confirmationNumber: 'DEMO42', totalAmount: 512.3, currencyCode: 'USD', journeyType: 'RoundTrip',
    flightDetail: [
      { airline: 'Demo Air', flightNumber: 'DA100', originCode: 'SFO', destinationCode: 'BOS', departing: at(-1, 8), arriving: at(-1, 16), journeySegment: 'GoingToEvent' },
      { airline: 'Demo Air', flightNumber: 'DA101', originCode: 'BOS', destinationCode: 'SFO', departing: at(3, 17), arriving: at(3, 23), journeySegment: 'LeavingEvent' },
    ],
  });
  const hotel = made[0];
  await eventTravel.createHotelRequest(auth, input.eventId, {
    attendee: { id: first.id }, hotelName: hotel?.name ?? 'Waterfront Seaport Boston', hotelCode: hotel?.code ?? 'BOSSEA', roomName: 'King Deluxe', roomCode: 'KD', quantity: 1,
    checkinDate: at(-1, 1), checkoutDate: at(3), smoking: false, status: 'RESERVED', totalAmount: 876, currencyCode: 'USD',
    hotelRoomRates: [0, 1, 2, 3].map((n) => ({ roomNight: at(n - 1), roomRate: 219 })),
  });
  await eventTravel.createAlternate(auth, input.eventId, {
    attendee: { id: first.id }, travelType: 'AirRequest', question: { id: '0190d000-0000-7000-8000-00000000c001', text: 'Preferred departure airport?' }, answer: { value: ['SFO'] },
  });
  if (second === undefined) return;
  await eventTravel.createHotelRequest(auth, input.eventId, {
    attendee: { id: second.id }, hotelName: 'Urban Stay Cambridge', hotelCode: 'CAMUST', roomName: 'Double Queen', roomCode: 'DQ', quantity: 1,
    checkinDate: at(0), checkoutDate: at(2), shareRoom: true, status: 'SUBMITTED',
  });
}
