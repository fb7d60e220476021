import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

// JSON columns hold the reference's objects as given (venue, address, images...). Booleans are 0/1. Nights are
// 'YYYY-MM-DDT00:00:00.000Z' (the night's date at midnight UTC: the form the lists' date filters compare with).

export interface HousingNumbersTable {
  kind: string;
  last: number;
}

export interface HousingEventsTable extends OwnedColumns, AuditColumns {
  number: number; // the reference's integer id
  event_id: string;
  name: string;
  start: string;
  end: string;
  cut_off: string;
  time_zone: string;
  status: string;
  currency: string;
  default_locale: string;
  locales: string; // JSON string[]
  image: string | null;
  venue: string | null; // JSON venue
  reservation_contact: string | null; // JSON { phone, fax, tollFree, email } of the hotel desk (not a person)
  rooms_sort_type: string | null;
  access_code: string; // what POST /connections takes (Cvent-Access-Code)
  connection_status: string;
  connected_by: string | null;
}

export interface HousingAttendeeTypesTable extends OwnedColumns {
  number: number;
  housing_event_id: string;
  name: string;
  code: string;
}

export interface HousingHotelsTable extends OwnedColumns, AuditColumns {
  number: number;
  housing_event_id: string;
  code: string;
  name: string;
  description: string;
  child_policy: string | null;
  rating: string | null;
  address: string | null; // JSON
  amenities: string; // JSON string[]
  images: string; // JSON [{ href }]
  proximity: string | null; // JSON
}

export interface HousingRoomTypesTable extends OwnedColumns, AuditColumns {
  number: number;
  housing_event_id: string;
  hotel_id: string;
  attendee_type_id: string;
  code: string;
  name: string;
  description: string;
  custom_order: number | null;
  max_guests: number;
  min_length_of_stay: number;
  cancel_policy: string | null;
  tax_policy: string | null;
  images: string; // JSON [{ href }]
  hide_rate: number;
}

export interface HousingInventoryTable extends OwnedColumns {
  housing_event_id: string;
  hotel_id: string;
  room_type_id: string;
  night: string;
  original_block: number; // rooms of the first block of the night
  current_block: number; // rooms of the block now
  remaining: number; // rooms not sold: current_block - pickup, never below 0
  rate: number; // the night's room rate, in the housing event's currency
  rate_code: string | null;
  last_modified: string;
}

export interface HousingReservationRequestsTable extends OwnedColumns, AuditColumns {
  housing_event_id: string;
  event_id: string;
  attendee_id: string | null;
  contact_id: string | null; // the contact whose email is the primary guest's (erasure)
  source_id: string | null;
  status: string;
  confirmation_number: string;
  attendee_type_id: string | null;
  room_type_id: string | null;
  hotel_id: string | null;
  attendee_type_code: string | null;
  locale: string | null;
  send_acknowledgement: number | null;
  split_folio: number | null;
  redirect_url: string | null;
  guests: string; // JSON guests (personal)
  custom_fields: string | null;
  accessible: number | null;
  special_request: string | null;
  reward_program: string | null;
  membership_id: string | null;
  travel_details: string | null;
}

export interface HousingReservationsTable extends OwnedColumns, AuditColumns {
  housing_event_id: string;
  hotel_id: string;
  room_type_id: string;
  attendee_type_id: string;
  reservation_request_id: string | null;
  contact_id: string | null;
  confirmation_number: string;
  arrival: string; // YYYY-MM-DD
  departure: string; // YYYY-MM-DD (the morning after the last night)
  number_of_adults: number;
  number_of_children: number;
  guests: string; // JSON guests (personal)
  nights: string; // JSON [{ night: YYYY-MM-DD, rate }] as sold
  currency: string;
  total: number;
  custom_fields: string | null;
  accessible: number | null;
  special_request: string | null;
  reward_program: string | null;
  membership_id: string | null;
  travel_details: string | null;
  send_acknowledgement: number;
  split_folio: number | null;
  canceled: number;
  cancelled_at: string | null;
  modified: number;
}

// Guests are people: their names, emails, phones, addresses, special requests, membership numbers, travel details and
// the custom fields of a request or reservation are personal. A row is linked to the contact whose email is its primary
// guest's (contact_id): erasing the contact empties those columns in its rows, and redacts its values wherever else they appear.
const GUEST_COLUMNS = {
  guests: 'free-text', custom_fields: 'free-text', special_request: 'free-text', reward_program: 'free-text', membership_id: 'free-text', travel_details: 'free-text',
} as const;

export const HOUSING_TABLES = declareTables('housing', {
  housing_numbers: { none: ['kind'] },
  housing_events: {
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'name', 'start', 'end', 'cut_off', 'time_zone', 'status', 'currency', 'default_locale', 'locales', 'image',
      'venue', 'reservation_contact', 'rooms_sort_type', 'access_code', 'connection_status', 'connected_by'],
  },
  housing_attendee_types: { none: [...OWNED_COLUMNS, 'housing_event_id', 'name', 'code'] },
  housing_hotels: {
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'housing_event_id', 'code', 'name', 'description', 'child_policy', 'rating', 'address', 'amenities', 'images', 'proximity'],
  },
  housing_room_types: {
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'housing_event_id', 'hotel_id', 'attendee_type_id', 'code', 'name', 'description', 'cancel_policy', 'tax_policy', 'images'],
  },
  housing_inventory: { none: [...OWNED_COLUMNS, 'housing_event_id', 'hotel_id', 'room_type_id', 'night', 'rate_code', 'last_modified'] },
  housing_reservation_requests: {
    personal: GUEST_COLUMNS,
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'housing_event_id', 'event_id', 'attendee_id', 'contact_id', 'source_id', 'status', 'confirmation_number',
      'attendee_type_id', 'room_type_id', 'hotel_id', 'attendee_type_code', 'locale', 'redirect_url'],
  },
  housing_reservations: {
    personal: GUEST_COLUMNS,
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'housing_event_id', 'hotel_id', 'room_type_id', 'attendee_type_id', 'reservation_request_id', 'contact_id',
      'confirmation_number', 'arrival', 'departure', 'nights', 'currency', 'cancelled_at'],
  },
});
