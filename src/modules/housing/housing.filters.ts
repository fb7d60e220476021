import { defineList, filterColumns } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators the reference's `filter` lists for each list (DESIGN rule 6). Lists over joins
// read a derived table (housing.repository.ts) whose columns carry the reference's integer ids.
const EQ = { ops: ['eq'] } as const;
const EQ_NE = { ops: ['eq', 'ne'] } as const;
const DATES = { ops: ['eq', 'le', 'ge', 'lt', 'gt'] } as const;

const he = filterColumns('housing_events');
/** GET /housing-events/summaries. */
export const SUMMARIES_LIST = defineList<Row<'housing_events'>>({
  name: 'housing-events',
  filters: { start: he.field('start', 'datetime', DATES), end: he.field('end', 'datetime', DATES) },
  order: [{ column: 'housing_events.number', value: (r) => r.number }],
});

/** GET /housing-events/{housingEventId}/hotels (no filter). */
export const hotelsList = (housingEventId: number) => defineList<Row<'housing_hotels'>>({
  name: `housing-hotels:${housingEventId}`,
  filters: {},
  order: [{ column: 'housing_hotels.number', value: (r) => r.number }],
});

/** A room type with its attendee type's id and code (the derived table `room_types`). */
export type RoomTypeRow = Row<'housing_room_types'> & { at_number: number; at_name: string; at_code: string; hotel_number: number; he_number: number };
const rt = filterColumns('room_types');
/** GET /housing-events/{housingEventId}/hotels/{hotelId}/room-types. */
export const roomTypesList = (hotelId: number) => defineList<RoomTypeRow>({
  name: `housing-room-types:${hotelId}`,
  filters: { 'attendeeTypes.id': rt.field('at_number', 'number', EQ), 'attendeeTypes.codes': rt.field('at_code', 'string', EQ) },
  order: [{ column: 'room_types.number', value: (r) => r.number }],
});

/** A night of a room type's inventory with the reference's ids of what it belongs to (the derived table `nights`). */
export interface NightRow {
  id: string;
  night: string;
  original_block: number;
  current_block: number;
  remaining: number;
  rate: number;
  rt_number: number;
  rt_name: string;
  max_guests: number;
  min_length_of_stay: number;
  hide_rate: number;
  hotel_number: number;
  he_number: number;
  currency: string;
  at_number: number;
  at_name: string;
  at_code: string;
}
const night = filterColumns('nights');
/** GET .../room-types/{roomTypeId}/inventory and GET /housing-events/{housingEventId}/inventory: by date. */
export const inventoryList = (scope: string) => defineList<NightRow>({
  name: `housing-inventory:${scope}`,
  filters: { date: night.field('night', 'datetime', DATES) },
  order: [{ column: 'nights.night', value: (r) => r.night }, { column: 'nights.rt_number', value: (r) => r.rt_number }],
});
/** GET .../hotels/{hotelId}/available-nights: nights with a room left. */
export const availableList = (hotelId: number) => defineList<NightRow>({
  name: `housing-available-nights:${hotelId}`,
  filters: {
    'attendeeType.codes': night.field('at_code', 'string', EQ),
    'attendeeType.id': night.field('at_number', 'number', EQ),
    'roomType.id': night.field('rt_number', 'number', EQ),
    date: night.field('night', 'datetime', DATES),
  },
  order: [{ column: 'nights.night', value: (r) => r.night }, { column: 'nights.rt_number', value: (r) => r.rt_number }],
  maxLimit: 50,
});

/** A reservation with the reference's ids and names of its hotel, room type and attendee type (the derived table `reservations`). */
export type ReservationRow = Row<'housing_reservations'> & {
  he_number: number; hotel_number: number; hotel_name: string; rt_number: number; rt_name: string; at_number: number; at_code: string;
};
const res = filterColumns('reservations');
/** GET /housing-events/{housingEventId}/reservations. */
export const reservationsList = (housingEventId: number) => defineList<ReservationRow>({
  name: `housing-reservations:${housingEventId}`,
  filters: { 'attendeeType.id': res.field('at_number', 'number', EQ), 'hotel.id': res.field('hotel_number', 'number', EQ) },
  order: [{ column: 'reservations.id', value: (r) => r.id }],
  window: 'reservations.last_modified',
});

const req = filterColumns('housing_reservation_requests');
/** GET /events/{id}/event-travel/housing-reservation-requests. */
export const eventRequestsList = (eventId: string) => defineList<Row<'housing_reservation_requests'>>({
  name: `housing-reservation-requests:${eventId}`,
  filters: { 'attendee.id': req.field('attendee_id', 'uuid', EQ_NE) },
  order: [{ column: 'housing_reservation_requests.id', value: (r) => r.id }],
  window: 'housing_reservation_requests.last_modified',
});
