import type { Kysely } from 'kysely';
import { audited, createTable, dropTables, owned } from './columns.js';

// Issue 32: the Travel Suppliers, Travel Accounts and Event Travel tags. The reference only reads them; eventline's
// write extensions (DESIGN rule 11) fill these tables.
// - travel_brands, travel_chains, travel_properties, travel_property_rooms: the account's supplier catalogue. A brand's
//   API id is a short code (`code`, at most 16 characters, unique per account); chains, properties and rooms have UUIDs.
// - travel_accounts, travel_supplier_accounts: travel accounts and, one per travel account (same id), its supplier account.
// - travel_air_requests, travel_air_actuals, travel_hotel_requests, travel_alternate_answers: an event's travel, per
//   attendee. The traveller's names and everything they asked for (`details`, `answers`) are personal data, erased with
//   the attendee's contact; names are NOT NULL ('' when none) so that they can be keyset sort keys.
// Nested values the lists never filter on (addresses, external codes, legs, flights, rates) are JSON text.
// List indexes end with the list's order (id); eq-filtered columns get (account_id, column, id).
export async function up(db: Kysely<unknown>): Promise<void> {
  const catalogue = { address: "text! = '{}'", deleted: 'integer! = 0' } as const;
  await createTable(db, 'travel_brands', { ...owned, code: 'text!', name: 'text!', ...catalogue, ...audited }, {
    travel_brands_code: 'unique: account_id, code',
    travel_brands_list: 'account_id, id',
  });
  await createTable(db, 'travel_chains', { ...owned, name: 'text!', code: 'text!', brand_code: 'text', ...catalogue, ...audited }, {
    travel_chains_list: 'account_id, id',
  });
  await createTable(db, 'travel_properties', {
    ...owned, name: 'text!', code: 'text!', chain_id: 'text -> travel_chains', brand_code: 'text', currency_code: "text! = 'USD'", external_codes: "text! = '[]'",
    ...catalogue, ...audited,
  }, {
    travel_properties_list: 'account_id, id',
    travel_properties_chain: 'account_id, chain_id, id',
  });
  await createTable(db, 'travel_property_rooms', {
    ...owned, property_id: 'text! -> travel_properties', name: 'text!', code: 'text!', bed_type_code: 'text', number_of_beds: 'integer', capacity: 'integer',
    external_codes: "text! = '[]'", deleted: 'integer! = 0', ...audited,
  }, {
    travel_property_rooms_list: 'account_id, id',
    travel_property_rooms_property: 'account_id, property_id, id',
  });

  await createTable(db, 'travel_accounts', { ...owned, name: 'text!', type: 'text!', certified: 'integer! = 0', addresses: "text! = '[]'", ...audited }, {
    travel_accounts_list: 'account_id, id',
  });
  await createTable(db, 'travel_supplier_accounts', {
    ...owned, name: 'text!', management_level: 'text', active: 'integer! = 1', crm_id: 'text', chain_defined_id: 'text', chain_defined_type: 'text', ...audited,
  }, {
    travel_supplier_accounts_list: 'account_id, id',
  });

  const traveller = {
    ...owned, event_id: 'text! -> events', attendee_id: 'text! -> attendees', requester_id: 'text!', requester_type: 'text!',
  } as const;
  const perEvent = (table: string) => ({ [`${table}_event`]: 'account_id, event_id, id', [`${table}_attendee`]: 'account_id, event_id, attendee_id, id' });
  await createTable(db, 'travel_air_requests', {
    ...traveller, status: 'text!', requester_first_name: "text! = ''", requester_last_name: "text! = ''", details: "text! = '{}'", answers: "text! = '[]'", ...audited,
  }, perEvent('travel_air_requests'));
  await createTable(db, 'travel_air_actuals', {
    ...traveller, status: 'text!', name: "text! = ''", details: "text! = '{}'", answers: "text! = '[]'", ...audited,
  }, perEvent('travel_air_actuals'));
  await createTable(db, 'travel_hotel_requests', {
    ...traveller, status: 'text!', requester_first_name: "text! = ''", requester_last_name: "text! = ''", details: "text! = '{}'", answers: "text! = '[]'", ...audited,
  }, perEvent('travel_hotel_requests'));
  await createTable(db, 'travel_alternate_answers', {
    ...traveller, travel_type: 'text!', question_id: 'text!', question_text: 'text', answer: "text! = '[]'", ...audited,
  }, perEvent('travel_alternate_answers'));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'travel_alternate_answers', 'travel_hotel_requests', 'travel_air_actuals', 'travel_air_requests', 'travel_supplier_accounts', 'travel_accounts',
    'travel_property_rooms', 'travel_properties', 'travel_chains', 'travel_brands');
}
