import { expect } from 'vitest';
import type { Api } from './app.js';

// A hotel block for the housing tests: a housing event of the event, one hotel, one room type and its nights.

export interface Block {
  readonly housingEventId: number;
  readonly hotelId: number;
  readonly roomTypeId: number;
  readonly attendeeTypeId: number;
  readonly accessCode: string;
  readonly hotelCode: string;
  readonly roomCode: string;
}

let seq = 0;

/** The nights of `days` (YYYY-MM-DD) with `rooms` rooms each at `rate`. */
export async function createBlock(api: Api, eventId: string, opts: { rooms: number; days: readonly string[]; rate?: number; minLengthOfStay?: number }): Promise<Block> {
  seq += 1;
  const he = await api('POST', '/ea/housing-events', { event: { id: eventId }, currency: 'USD', attendeeTypes: [{ name: 'Attendee', codes: ['ATT'] }, { name: 'Speaker', codes: ['SPK'] }] });
  expect(he.statusCode, he.body).toBe(201);
  const event = he.json() as { id: number; accessCode: string; attendeeTypes: Array<{ id: number }> };
  const hotelCode = `HOTEL-${seq}-${Date.now().toString(36)}`;
  const hotel = await api('POST', `/ea/housing-events/${event.id}/hotels`, { code: hotelCode, name: 'Harbor Hotel', description: 'By the venue', rating: '4 Star' });
  expect(hotel.statusCode, hotel.body).toBe(201);
  const hotelId = (hotel.json() as { id: number }).id;
  const attendeeTypeId = event.attendeeTypes[0]?.id ?? 0;
  const room = await api('POST', `/ea/housing-events/${event.id}/hotels/${hotelId}/room-types`, {
    code: 'KING', name: 'King room', description: 'One king bed', attendeeType: { id: attendeeTypeId }, maxGuests: 2, minLengthOfStay: opts.minLengthOfStay ?? 1,
  });
  expect(room.statusCode, room.body).toBe(201);
  const roomTypeId = (room.json() as { id: number }).id;
  const inv = await api('PUT', `/ea/housing-events/${event.id}/hotels/${hotelId}/room-types/${roomTypeId}/inventory`, {
    nights: opts.days.map((date) => ({ date, rooms: opts.rooms, rate: opts.rate ?? 189 })),
  });
  expect(inv.statusCode, inv.body).toBe(200);
  return { housingEventId: event.id, hotelId, roomTypeId, attendeeTypeId, accessCode: event.accessCode, hotelCode, roomCode: 'KING' };
}

/** A reservation body for the block: one guest staying from arrival to departure. */
export function reservationBody(b: Block, guest: { email: string; arrival: string; departure: string; firstName?: string; lastName?: string }, extra: Record<string, unknown> = {}) {
  return {
    housingEvent: { id: b.housingEventId }, hotel: { id: b.hotelId }, roomType: { id: b.roomTypeId }, attendeeType: { id: b.attendeeTypeId }, numberOfAdults: 1,
    guests: [{ firstName: guest.firstName ?? 'Grace', lastName: guest.lastName ?? 'Guest', email: guest.email, arrival: guest.arrival, departure: guest.departure, primary: true }],
    ...extra,
  };
}

/** The room type's nights: date → available. */
export async function availability(api: Api, b: Block): Promise<Record<string, number>> {
  const res = await api('GET', `/ea/housing-events/${b.housingEventId}/hotels/${b.hotelId}/room-types/${b.roomTypeId}/inventory`);
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries((res.json() as { data: Array<{ date: string; available: number }> }).data.map((n) => [n.date, n.available]));
}
