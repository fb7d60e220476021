import type { Services } from '../app.js';
import type { AuthContext } from '../actor.js';
import { ALL_SCOPES } from '../modules/oauth/index.js';

/**
 * The demo event's hotel block (issue 31): a housing event with two attendee types, two hotels with room types and a
 * block of rooms for the nights around the event, a reservation request and two reservations (rooms taken from the block).
 */
export async function seedDemoHousing(services: Services, input: { accountId: string; plannerId: string; eventId: string; start: Date }): Promise<void> {
  const auth: AuthContext = {
    accountId: input.accountId, clientId: 'demo-seed', applicationId: null, userId: input.plannerId, scopes: new Set(ALL_SCOPES), tokenId: 'demo-seed',
  };
  const housing = services.housing;
  const day = (offsetDays: number) => new Date(input.start.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  const nights = [-1, 0, 1, 2].map(day);
  const he = await housing.createHousingEvent(auth, {
    event: { id: input.eventId }, currency: 'USD', reservationContact: { phone: '+1 617 555 0100', email: 'housing@demo.eventline.test' },
    attendeeTypes: [{ name: 'Attendee', codes: ['ATT'] }, { name: 'Speaker', codes: ['SPK'] }],
  });
  const [attendee, speaker] = he.attendeeTypes;
  const harbor = await housing.createHotel(auth, he.id, {
    code: 'DEMO-HARBOR', name: 'Harbor Point Hotel', description: 'Across the street from the convention center.', rating: '4 Star',
    amenities: ['Wi-Fi', 'Fitness center', 'Restaurant'], address: { address1: '10 Harbor Way', city: 'Boston', regionCode: 'MA', postalCode: '02210', countryCode: 'US' },
    proximity: { distance: { distance: 0.2, distanceUnit: 'Miles' }, mapMessage: 'Two minutes on foot' },
  });
  const inn = await housing.createHotel(auth, he.id, {
    code: 'DEMO-SEAPORT-INN', name: 'Seaport Inn', description: 'A quieter option by the water.', rating: '3 Star',
    address: { address1: '88 Seaport Blvd', city: 'Boston', regionCode: 'MA', postalCode: '02210', countryCode: 'US' },
  });
  const king = await housing.createRoomType(auth, he.id, harbor.id, { code: 'KING', name: 'King room', description: 'One king bed, city view', attendeeType: { id: attendee?.id ?? 0 }, maxGuests: 2 });
  const suite = await housing.createRoomType(auth, he.id, harbor.id, { code: 'SUITE', name: 'Speaker suite', description: 'Suite with a desk', attendeeType: { id: speaker?.id ?? 0 }, maxGuests: 2 });
  const queen = await housing.createRoomType(auth, he.id, inn.id, { code: 'QUEEN', name: 'Queen room', description: 'One queen bed', attendeeType: { id: attendee?.id ?? 0 }, maxGuests: 2 });
  await housing.setInventory(auth, he.id, harbor.id, king.id, { nights: nights.map((date) => ({ date, rooms: 40, rate: 249 })) });
  await housing.setInventory(auth, he.id, harbor.id, suite.id, { nights: nights.map((date) => ({ date, rooms: 6, rate: 389 })) });
  await housing.setInventory(auth, he.id, inn.id, queen.id, { nights: nights.map((date) => ({ date, rooms: 25, rate: 179.5 })) });
  await housing.createRequest(auth, {
    housingEvent: { id: he.id }, attendeeTypeCode: 'ATT', hotel: { id: harbor.id }, roomType: { id: king.id },
    guests: [{ firstName: 'Robin', lastName: 'Demo', email: 'robin.demo@demo.eventline.test', arrival: nights[0], departure: day(3) }], specialRequest: 'High floor',
  });
  const stay = (email: string, firstName: string, roomType: number, hotel: number, type: number) => ({
    housingEvent: { id: he.id }, hotel: { id: hotel }, roomType: { id: roomType }, attendeeType: { id: type }, numberOfAdults: 1,
    guests: [{ firstName, lastName: 'Demo', email, arrival: day(-1), departure: day(2), primary: true }],
  });
  await housing.createReservation(auth, stay('sam.demo@demo.eventline.test', 'Sam', king.id, harbor.id, attendee?.id ?? 0));
  await housing.createReservation(auth, stay('kai.demo@demo.eventline.test', 'Kai', suite.id, harbor.id, speaker?.id ?? 0));
}
