import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

// Nested values (addresses, external codes, legs, flights, rates, answers) are JSON text; booleans are 0 / 1.

export interface TravelBrandsTable extends OwnedColumns, AuditColumns {
  code: string; // the brand's API id (at most 16 characters), unique per account
  name: string;
  address: string; // JSON Address
  deleted: number;
}

export interface TravelChainsTable extends OwnedColumns, AuditColumns {
  name: string;
  code: string;
  brand_code: string | null;
  address: string;
  deleted: number;
}

export interface TravelPropertiesTable extends OwnedColumns, AuditColumns {
  name: string;
  code: string;
  chain_id: string | null;
  brand_code: string | null;
  currency_code: string;
  external_codes: string; // JSON [{ type, chainCode, propertyCode }]
  address: string;
  deleted: number;
}

export interface TravelPropertyRoomsTable extends OwnedColumns, AuditColumns {
  property_id: string;
  name: string;
  code: string;
  bed_type_code: string | null;
  number_of_beds: number | null;
  capacity: number | null;
  external_codes: string; // JSON [{ type, roomCode }]
  deleted: number;
}

export interface TravelAccountsTable extends OwnedColumns, AuditColumns {
  name: string;
  type: string;
  certified: number;
  addresses: string; // JSON Address[]
}

/** A travel account's supplier account: one per travel account, with the travel account's id. */
export interface TravelSupplierAccountsTable extends OwnedColumns, AuditColumns {
  name: string;
  management_level: string | null;
  active: number;
  crm_id: string | null;
  chain_defined_id: string | null;
  chain_defined_type: string | null;
}

interface TravellerColumns extends OwnedColumns, AuditColumns {
  event_id: string;
  attendee_id: string;
  requester_id: string;
  requester_type: string;
}

export interface TravelAirRequestsTable extends TravellerColumns {
  status: string;
  requester_first_name: string;
  requester_last_name: string;
  details: string; // JSON: the rest of the AirRequest (names, travel documents, legs, preferences, memo)
  answers: string; // JSON AttendeeAnswer[]
}

export interface TravelAirActualsTable extends TravellerColumns {
  status: string;
  name: string;
  details: string; // JSON: the rest of the AirActual (confirmation, amounts, notes, flights)
  answers: string;
}

export interface TravelHotelRequestsTable extends TravellerColumns {
  status: string;
  requester_first_name: string;
  requester_last_name: string;
  details: string; // JSON: the rest of the HotelRequest (hotel, room, dates, roommate, requests, billing, rates)
  answers: string;
}

export interface TravelAlternateAnswersTable extends TravellerColumns {
  travel_type: string;
  question_id: string;
  question_text: string | null;
  answer: string; // JSON string[]
}

const TRAVELLER = [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'attendee_id', 'requester_id', 'requester_type'] as const;

// The supplier catalogue and travel accounts describe companies and hotels, not people. An event's travel is a
// traveller's: their names and everything they asked for or were booked (details, answers) are the attendee's contact's
// personal data, cleared with it; another traveller's request may quote them (a roommate, a memo), so every one of
// these columns is also searched for an erased contact's values.
export const TRAVEL_TABLES = declareTables('travel', {
  travel_brands: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'code', 'name', 'address'] },
  travel_chains: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'name', 'code', 'brand_code', 'address'] },
  travel_properties: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'name', 'code', 'chain_id', 'brand_code', 'currency_code', 'external_codes', 'address'] },
  travel_property_rooms: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'property_id', 'name', 'code', 'bed_type_code', 'external_codes'] },
  travel_accounts: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'name', 'type', 'addresses'] },
  travel_supplier_accounts: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'name', 'management_level', 'crm_id', 'chain_defined_id', 'chain_defined_type'] },
  travel_air_requests: {
    personal: { requester_first_name: 'cleared', requester_last_name: 'cleared', details: 'replaced', answers: 'cleared' },
    none: [...TRAVELLER, 'status'],
  },
  travel_air_actuals: { personal: { name: 'cleared', details: 'replaced', answers: 'cleared' }, none: [...TRAVELLER, 'status'] },
  travel_hotel_requests: {
    personal: { requester_first_name: 'cleared', requester_last_name: 'cleared', details: 'replaced', answers: 'cleared' },
    none: [...TRAVELLER, 'status'],
  },
  travel_alternate_answers: { personal: { answer: 'cleared' }, none: [...TRAVELLER, 'travel_type', 'question_id', 'question_text'] },
});
