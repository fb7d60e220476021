import { defineList, filterColumns, type FilterField } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators the reference's `filter` lists for each list (DESIGN rule 6). Fields answered by
// an index of migration 0037 are marked `indexed`.
const EQ_NE = { ops: ['eq', 'ne'] } as const;
const NAME = { ops: ['eq', 'ne', 'sw', 'contains'] } as const;
const DATES = { ops: ['eq', 'ne', 'lt', 'le', 'gt', 'ge'] } as const;
const indexed = (f: FilterField): FilterField => ({ ...f, indexed: true });

const brand = filterColumns('travel_brands');
/** GET /travel-suppliers/brands: a brand's id is its code. */
export const BRANDS_LIST = defineList<Row<'travel_brands'>>({
  name: 'travel-brands',
  filters: { id: brand.field('code', 'string', { ops: ['eq', 'ne', 'contains'] }), name: brand.field('name', 'string', NAME) },
  order: [{ column: 'travel_brands.id', value: (r) => r.id }],
  window: 'travel_brands.last_modified',
});

const chain = filterColumns('travel_chains');
/** GET /travel-suppliers/chains. */
export const CHAINS_LIST = defineList<Row<'travel_chains'>>({
  name: 'travel-chains',
  filters: {
    id: chain.field('id', 'uuid', EQ_NE), name: chain.field('name', 'string', NAME), code: chain.field('code', 'string', EQ_NE),
    'brand.id': chain.field('brand_code', 'string', { ops: ['eq', 'ne', 'contains'] }),
  },
  order: [{ column: 'travel_chains.id', value: (r) => r.id }],
  window: 'travel_chains.last_modified',
});

const property = filterColumns('travel_properties');
/** GET /travel-suppliers/properties. */
export const PROPERTIES_LIST = defineList<Row<'travel_properties'>>({
  name: 'travel-properties',
  filters: {
    id: property.field('id', 'uuid', EQ_NE), name: property.field('name', 'string', NAME), code: property.field('code', 'string', EQ_NE),
    'brand.id': property.field('brand_code', 'string', { ops: ['eq', 'ne', 'contains'] }),
    'chain.id': indexed(property.field('chain_id', 'uuid', EQ_NE)),
    created: property.field('created', 'datetime', DATES), lastModified: property.field('last_modified', 'datetime', DATES),
  },
  order: [{ column: 'travel_properties.id', value: (r) => r.id }],
  window: 'travel_properties.last_modified',
});

const room = filterColumns('travel_property_rooms');
/** GET /travel-suppliers/property-rooms. */
export const ROOMS_LIST = defineList<Row<'travel_property_rooms'>>({
  name: 'travel-property-rooms',
  filters: {
    id: room.field('id', 'uuid', EQ_NE), name: room.field('name', 'string', NAME), code: room.field('code', 'string', EQ_NE),
    'property.id': indexed(room.field('property_id', 'uuid', EQ_NE)),
    created: room.field('created', 'datetime', DATES), lastModified: room.field('last_modified', 'datetime', DATES),
  },
  order: [{ column: 'travel_property_rooms.id', value: (r) => r.id }],
  window: 'travel_property_rooms.last_modified',
});

const account = filterColumns('travel_accounts');
/** GET /travel-accounts. */
export const TRAVEL_ACCOUNTS_LIST = defineList<Row<'travel_accounts'>>({
  name: 'travel-accounts',
  filters: {
    id: account.field('id', 'uuid', EQ_NE), name: account.field('name', 'string', NAME),
    created: account.field('created', 'datetime', DATES), lastModified: account.field('last_modified', 'datetime', DATES),
  },
  order: [{ column: 'travel_accounts.id', value: (r) => r.id }],
  window: 'travel_accounts.last_modified',
});

const supplier = filterColumns('travel_supplier_accounts');
/** GET /travel-accounts/supplier-accounts: a supplier account's id is its travel account's. */
export const SUPPLIER_ACCOUNTS_LIST = defineList<Row<'travel_supplier_accounts'>>({
  name: 'travel-supplier-accounts',
  filters: {
    id: supplier.field('id', 'uuid', EQ_NE), name: supplier.field('name', 'string', NAME), crmId: supplier.field('crm_id', 'string', EQ_NE),
    created: supplier.field('created', 'datetime', DATES), lastModified: supplier.field('last_modified', 'datetime', DATES),
  },
  order: [{ column: 'travel_supplier_accounts.id', value: (r) => r.id }],
  window: 'travel_supplier_accounts.last_modified',
});

// ---- Event travel: one list row per request, the page's consecutive rows of an attendee grouped into one item ----

/** The reference's filter of every event-travel list: `attendee.id eq|ne`, combined with `or`. */
const attendeeFilter = (table: string) => ({ 'attendee.id': indexed(filterColumns(table).field('attendee_id', 'uuid', EQ_NE)) });

/** GET /events/{id}/event-travel/air-requests. */
export const AIR_REQUESTS_LIST = defineList<Row<'travel_air_requests'>>({
  name: 'travel-air-requests',
  filters: attendeeFilter('travel_air_requests'),
  sortable: {
    'airRequestDetails.requesterFirstName': { column: 'travel_air_requests.requester_first_name', value: (r) => r.requester_first_name },
    'airRequestDetails.requesterLastName': { column: 'travel_air_requests.requester_last_name', value: (r) => r.requester_last_name },
    'airRequestDetails.lastModified': { column: 'travel_air_requests.last_modified', value: (r) => r.last_modified },
  },
  order: [{ column: 'travel_air_requests.id', value: (r) => r.id }],
  window: 'travel_air_requests.last_modified',
});

/** GET /events/{id}/event-travel/air-actuals. */
export const AIR_ACTUALS_LIST = defineList<Row<'travel_air_actuals'>>({
  name: 'travel-air-actuals',
  filters: attendeeFilter('travel_air_actuals'),
  sortable: {
    'airActualDetails.name': { column: 'travel_air_actuals.name', value: (r) => r.name },
    'airActualDetails.lastModified': { column: 'travel_air_actuals.last_modified', value: (r) => r.last_modified },
  },
  order: [{ column: 'travel_air_actuals.id', value: (r) => r.id }],
  window: 'travel_air_actuals.last_modified',
});

/** GET /events/{id}/event-travel/hotel-requests. */
export const HOTEL_REQUESTS_LIST = defineList<Row<'travel_hotel_requests'>>({
  name: 'travel-hotel-requests',
  filters: attendeeFilter('travel_hotel_requests'),
  sortable: {
    'hotelRequestDetails.requesterFirstName': { column: 'travel_hotel_requests.requester_first_name', value: (r) => r.requester_first_name },
    'hotelRequestDetails.requesterLastName': { column: 'travel_hotel_requests.requester_last_name', value: (r) => r.requester_last_name },
    'hotelRequestDetails.lastModified': { column: 'travel_hotel_requests.last_modified', value: (r) => r.last_modified },
  },
  order: [{ column: 'travel_hotel_requests.id', value: (r) => r.id }],
  window: 'travel_hotel_requests.last_modified',
});

/** GET /events/{id}/event-travel/alternate-answers. */
export const ALTERNATE_ANSWERS_LIST = defineList<Row<'travel_alternate_answers'>>({
  name: 'travel-alternate-answers',
  filters: attendeeFilter('travel_alternate_answers'),
  order: [{ column: 'travel_alternate_answers.id', value: (r) => r.id }],
  window: 'travel_alternate_answers.last_modified',
});
