import type { Kysely } from 'kysely';
import { audited, createTable, dropTables, owned } from './columns.js';

// Housing (issue 31): an event's hotel room blocks, reservation requests and reservations.
// - housing_numbers: the counters of the reference's integer ids (housing events, attendee types, hotels, room types).
// - housing_events: an event's room block, with its access code (POST /connections) and its attendee types.
// - housing_hotels, housing_room_types: the block's hotels and their room types (one attendee type each).
// - housing_inventory: one row per room type and night: `remaining` is taken from and given back with conditional
//   UPDATEs (`remaining > 0`), so a room is never sold twice, on SQLite and PostgreSQL, whatever the processes.
// - housing_reservation_requests, housing_reservations: guests' details are personal data (housing.table.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'housing_numbers', { kind: 'text key', last: 'bigint!' });
  for (const kind of ['housing_event', 'attendee_type', 'hotel', 'room_type']) {
    await db.insertInto('housing_numbers' as never).values({ kind, last: 1000 } as never).execute();
  }

  await createTable(db, 'housing_events', {
    ...owned, number: 'integer! unique', event_id: 'text! -> events', name: 'text!', start: 'text!', end: 'text!', cut_off: 'text!', time_zone: 'text!',
    status: 'text!', currency: 'text!', default_locale: 'text!', locales: 'text!', image: 'text', venue: 'text', reservation_contact: 'text',
    rooms_sort_type: 'text', access_code: 'text! unique', connection_status: "text! = 'NOT_CONNECTED'", connected_by: 'text', ...audited,
  }, {
    housing_events_number: 'account_id, number',
    housing_events_event: 'account_id, event_id',
  });

  await createTable(db, 'housing_attendee_types', {
    ...owned, number: 'integer! unique', housing_event_id: 'text! -> housing_events', name: 'text!', code: 'text!',
  }, {
    housing_attendee_types_code: 'unique: housing_event_id, code',
  });

  await createTable(db, 'housing_hotels', {
    ...owned, number: 'integer! unique', housing_event_id: 'text! -> housing_events', code: 'text!', name: 'text!', description: 'text!', child_policy: 'text',
    rating: 'text', address: 'text', amenities: "text! = '[]'", images: "text! = '[]'", proximity: 'text', ...audited,
  }, {
    housing_hotels_code: 'unique: account_id, code',
    housing_hotels_event: 'account_id, housing_event_id, number',
  });

  await createTable(db, 'housing_room_types', {
    ...owned, number: 'integer! unique', housing_event_id: 'text! -> housing_events', hotel_id: 'text! -> housing_hotels',
    attendee_type_id: 'text! -> housing_attendee_types', code: 'text!', name: 'text!', description: 'text!', custom_order: 'integer', max_guests: 'integer! = 2',
    min_length_of_stay: 'integer! = 1', cancel_policy: 'text', tax_policy: 'text', images: "text! = '[]'", hide_rate: 'integer! = 0', ...audited,
  }, {
    housing_room_types_code: 'unique: hotel_id, code',
    housing_room_types_hotel: 'account_id, hotel_id, number',
  });

  await createTable(db, 'housing_inventory', {
    ...owned, housing_event_id: 'text! -> housing_events', hotel_id: 'text! -> housing_hotels', room_type_id: 'text! -> housing_room_types',
    night: 'text!', original_block: 'integer!', current_block: 'integer!', remaining: 'integer!', rate: 'double precision!', rate_code: 'text',
    last_modified: 'text!',
  }, {
    housing_inventory_night: 'unique: room_type_id, night',
    housing_inventory_event: 'account_id, housing_event_id, night',
  });

  await createTable(db, 'housing_reservation_requests', {
    ...owned, housing_event_id: 'text! -> housing_events', event_id: 'text!', attendee_id: 'text', contact_id: 'text', source_id: 'text', status: 'text!',
    confirmation_number: 'text!', attendee_type_id: 'text', room_type_id: 'text', hotel_id: 'text', attendee_type_code: 'text', locale: 'text',
    send_acknowledgement: 'integer', split_folio: 'integer', redirect_url: 'text', guests: 'text!', custom_fields: 'text', accessible: 'integer',
    special_request: 'text', reward_program: 'text', membership_id: 'text', travel_details: 'text', ...audited,
  }, {
    housing_reservation_requests_event: 'account_id, event_id, id',
    housing_reservation_requests_contact: 'account_id, contact_id',
  });

  await createTable(db, 'housing_reservations', {
    ...owned, housing_event_id: 'text! -> housing_events', hotel_id: 'text! -> housing_hotels', room_type_id: 'text! -> housing_room_types',
    attendee_type_id: 'text! -> housing_attendee_types', reservation_request_id: 'text', contact_id: 'text', confirmation_number: 'text! unique',
    arrival: 'text!', departure: 'text!', number_of_adults: 'integer!', number_of_children: 'integer! = 0', guests: 'text!', nights: 'text!',
    currency: 'text!', total: 'double precision!', custom_fields: 'text', accessible: 'integer', special_request: 'text', reward_program: 'text',
    membership_id: 'text', travel_details: 'text', send_acknowledgement: 'integer! = 1', split_folio: 'integer', canceled: 'integer! = 0', cancelled_at: 'text',
    modified: 'integer! = 0', ...audited,
  }, {
    housing_reservations_event: 'account_id, housing_event_id, id',
    housing_reservations_request: 'account_id, reservation_request_id',
    housing_reservations_contact: 'account_id, contact_id',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'housing_reservations', 'housing_reservation_requests', 'housing_inventory', 'housing_room_types', 'housing_hotels',
    'housing_attendee_types', 'housing_events', 'housing_numbers');
}
