import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import type { FilterFields } from '../../lists/index.js';
import {
  AirActualInputSchema, AirActualPageSchema, AirActualParamsSchema, AirActualQuerySchema, AirActualWriteSchema, AirRequestInputSchema, AirRequestParamsSchema,
  AirRequestQuerySchema, AirRequestWriteSchema, AirReservationPageSchema, AlternateInputSchema, AlternatePageSchema, AlternateParamsSchema, AlternateQuerySchema,
  AlternateSchema, EventParamsSchema, HotelRequestInputSchema, HotelRequestParamsSchema, HotelRequestQuerySchema, HotelRequestWriteSchema, HotelReservationPageSchema,
} from './event-travel.schemas.js';
import type { EventTravelService } from './event-travel.service.js';
import {
  AIR_ACTUALS_LIST, AIR_REQUESTS_LIST, ALTERNATE_ANSWERS_LIST, BRANDS_LIST, CHAINS_LIST, HOTEL_REQUESTS_LIST, PROPERTIES_LIST, ROOMS_LIST, SUPPLIER_ACCOUNTS_LIST,
  TRAVEL_ACCOUNTS_LIST,
} from './travel.filters.js';
import {
  BrandInputSchema, BrandPageSchema, BrandParamsSchema, BrandSchema, ChainInputSchema, ChainPageSchema, ChainParamsSchema, ChainSchema, ListQuerySchema,
  PropertyInputSchema, PropertyPageSchema, PropertyParamsSchema, PropertySchema, RoomInputSchema, RoomPageSchema, RoomParamsSchema, RoomSchema,
  SupplierAccountInputSchema, SupplierAccountPageSchema, SupplierAccountSchema, TravelAccountInputSchema, TravelAccountPageSchema, TravelAccountParamsSchema,
  TravelAccountSchema,
} from './travel.schemas.js';
import type { TravelService } from './travel.service.js';

const NoContent = (description: string) => Type.Null({ description });
const filters = (fields: FilterFields) =>
  `Filterable (the reference's list): ${Object.entries(fields).map(([name, f]) => `${name} (${f.ops.join('|')})`).join(', ')}.`;
const EXTENSION = 'An eventline extension (DESIGN rule 11): the reference only reads this resource.';
const WINDOW = '`after` / `before` bound lastModified.';
const GROUPED = 'Requests are read in keyset pages (in the `sort` order asked, then by id); each item is an attendee with its consecutive requests '
  + 'on the page (with the default order, all of them unless they span two pages).';
const PERSONAL = 'The traveller\'s names and what they asked for are personal data, erased when the attendee\'s contact is obfuscated.';

export function travelRoutes(travel: TravelService, eventTravel: EventTravelService) {
  return operations((op) => {
    // ---- Brands ----
    op.list('PropertyApiListBrands', {
      description: `The account's supplier brands, in creation order. A brand's id is its code. ${filters(BRANDS_LIST.filters)} ${WINDOW}`,
      query: ListQuerySchema, page: BrandPageSchema, filterOperationId: null, filters: BRANDS_LIST.filters,
      list: (auth, query) => travel.listBrands(auth.accountId, query),
    });
    op('PropertyApiGetBrand', { description: 'One brand of the account, by its id (code).', params: BrandParamsSchema, response: { 200: BrandSchema } },
      async ({ auth, params }) => travel.getBrand(auth.accountId, params.brandId));
    op('createTravelBrand', {
      description: `Adds a brand. Its id is the \`id\` sent (a code of at most 16 letters, digits, - or _), or one eventline makes; 409 when the account has it. ${EXTENSION}`,
      body: BrandInputSchema, response: { 201: BrandSchema },
    }, async ({ auth, body }) => travel.createBrand(auth, body));
    op('updateTravelBrand', {
      description: `Replaces the brand's name, address and deleted flag (its id stays). ${EXTENSION}`, params: BrandParamsSchema, body: BrandInputSchema, response: { 200: BrandSchema },
    }, async ({ auth, params, body }) => travel.updateBrand(auth, params.brandId, body));

    // ---- Chains ----
    op.list('PropertyApiListChains', {
      description: `The account's hotel chains, in creation order. ${filters(CHAINS_LIST.filters)} ${WINDOW}`,
      query: ListQuerySchema, page: ChainPageSchema, filterOperationId: null, filters: CHAINS_LIST.filters,
      list: (auth, query) => travel.listChains(auth.accountId, query),
    });
    op('PropertyApiGetChain', { description: 'One chain of the account.', params: ChainParamsSchema, response: { 200: ChainSchema } },
      async ({ auth, params }) => travel.getChain(auth.accountId, params.chainId));
    op('createTravelChain', {
      description: `Adds a chain; \`brand.id\`, when sent, names a brand of the account (400 otherwise). ${EXTENSION}`, body: ChainInputSchema, response: { 201: ChainSchema },
    }, async ({ auth, body }) => travel.createChain(auth, body));
    op('updateTravelChain', {
      description: `Replaces the chain. ${EXTENSION}`, params: ChainParamsSchema, body: ChainInputSchema, response: { 200: ChainSchema },
    }, async ({ auth, params, body }) => travel.updateChain(auth, params.chainId, body));

    // ---- Properties ----
    op.list('PropertyApiListProperties', {
      description: `The account's properties (hotels), in creation order. ${filters(PROPERTIES_LIST.filters)} ${WINDOW}`,
      query: ListQuerySchema, page: PropertyPageSchema, filterOperationId: null, filters: PROPERTIES_LIST.filters,
      list: (auth, query) => travel.listProperties(auth.accountId, query),
    });
    op('PropertyApiGetProperty', { description: 'One property of the account.', params: PropertyParamsSchema, response: { 200: PropertySchema } },
      async ({ auth, params }) => travel.getProperty(auth.accountId, params.propertyId));
    op('createTravelProperty', {
      description: `Adds a property; \`chain.id\` and \`brand.id\`, when sent, name the account's chain and brand (400 otherwise). ${EXTENSION}`,
      body: PropertyInputSchema, response: { 201: PropertySchema },
    }, async ({ auth, body }) => travel.createProperty(auth, body));
    op('updateTravelProperty', {
      description: `Replaces the property. ${EXTENSION}`, params: PropertyParamsSchema, body: PropertyInputSchema, response: { 200: PropertySchema },
    }, async ({ auth, params, body }) => travel.updateProperty(auth, params.propertyId, body));

    // ---- Property rooms ----
    op.list('BtApiGetPropertyRooms', {
      description: `The rooms of the account's properties, in creation order. ${filters(ROOMS_LIST.filters)} ${WINDOW}`,
      query: ListQuerySchema, page: RoomPageSchema, filterOperationId: null, filters: ROOMS_LIST.filters,
      list: (auth, query) => travel.listRooms(auth.accountId, query),
    });
    op('PropertyApiGetPropertyRoom', { description: 'One property room of the account.', params: RoomParamsSchema, response: { 200: RoomSchema } },
      async ({ auth, params }) => travel.getRoom(auth.accountId, params.roomId));
    op('createTravelPropertyRoom', {
      description: `Adds a room to a property of the account (\`property.id\`: 400 when unknown). ${EXTENSION}`, body: RoomInputSchema, response: { 201: RoomSchema },
    }, async ({ auth, body }) => travel.createRoom(auth, body));
    op('updateTravelPropertyRoom', {
      description: `Replaces the room. ${EXTENSION}`, params: RoomParamsSchema, body: RoomInputSchema, response: { 200: RoomSchema },
    }, async ({ auth, params, body }) => travel.updateRoom(auth, params.roomId, body));

    // ---- Travel accounts ----
    op.list('ListTravelAccounts', {
      description: `The account's travel accounts (the companies whose travel is managed), in creation order. ${filters(TRAVEL_ACCOUNTS_LIST.filters)} ${WINDOW}`,
      query: ListQuerySchema, page: TravelAccountPageSchema, filterOperationId: null, filters: TRAVEL_ACCOUNTS_LIST.filters,
      list: (auth, query) => travel.listAccounts(auth.accountId, query),
    });
    op('getTravelAccount', { description: 'One travel account.', params: TravelAccountParamsSchema, response: { 200: TravelAccountSchema } },
      async ({ auth, params }) => travel.getAccount(auth.accountId, params.travelAccountId));
    op('createTravelAccount', {
      description: `Adds a travel account. ${EXTENSION}`, body: TravelAccountInputSchema, response: { 201: TravelAccountSchema },
    }, async ({ auth, body }) => travel.createAccount(auth, body));
    op('updateTravelAccount', {
      description: `Replaces the travel account. ${EXTENSION}`, params: TravelAccountParamsSchema, body: TravelAccountInputSchema, response: { 200: TravelAccountSchema },
    }, async ({ auth, params, body }) => travel.updateAccount(auth, params.travelAccountId, body));

    // ---- Supplier accounts ----
    op.list('ListSupplierAccounts', {
      description: `The supplier accounts of the account's travel accounts (one per travel account; its id is the travel account's), in creation order of the travel accounts. `
        + `${filters(SUPPLIER_ACCOUNTS_LIST.filters)} ${WINDOW}`,
      query: ListQuerySchema, page: SupplierAccountPageSchema, filterOperationId: null, filters: SUPPLIER_ACCOUNTS_LIST.filters,
      list: (auth, query) => travel.listSuppliers(auth.accountId, query),
    });
    op('getSupplierAccount', {
      description: 'The travel account\'s supplier account. 404 when the travel account is not the account\'s, or has no supplier account yet.',
      params: TravelAccountParamsSchema, response: { 200: SupplierAccountSchema },
    }, async ({ auth, params }) => travel.getSupplier(auth.accountId, params.travelAccountId));
    op('setSupplierAccount', {
      description: `Sets (creates or replaces) the travel account's supplier account. ${EXTENSION}`,
      params: TravelAccountParamsSchema, body: SupplierAccountInputSchema, response: { 200: SupplierAccountSchema },
    }, async ({ auth, params, body }) => travel.setSupplier(auth, params.travelAccountId, body));

    // ---- Air requests ----
    op.list('getAirRequests', {
      description: `The event's air requests by attendee. ${GROUPED} ${filters(AIR_REQUESTS_LIST.filters)} ${WINDOW} 404 when the event is not the account's.`,
      params: EventParamsSchema, query: AirRequestQuerySchema, page: AirReservationPageSchema, filterOperationId: null, errors: [404], filters: AIR_REQUESTS_LIST.filters,
      list: (auth, query, params) => eventTravel.listAirRequests(auth.accountId, params.id, query),
    });
    op('createAirRequest', {
      description: `Adds an attendee's air request (\`attendee.id\`: an attendee of the event, 400 otherwise). The requester is the attendee's contact unless `
        + `\`requesterId\` / \`requesterType\` say otherwise; a contact's names are its own unless sent. ${PERSONAL} ${EXTENSION}`,
      params: EventParamsSchema, body: AirRequestInputSchema, response: { 201: AirRequestWriteSchema },
    }, async ({ auth, params, body }) => eventTravel.createAirRequest(auth, params.id, body));
    op('updateAirRequest', {
      description: `Replaces the air request. ${EXTENSION}`, params: AirRequestParamsSchema, body: AirRequestInputSchema, response: { 200: AirRequestWriteSchema },
    }, async ({ auth, params, body }) => eventTravel.updateAirRequest(auth, params.id, params.airRequestId, body));
    op('deleteAirRequest', {
      description: `Deletes the air request. ${EXTENSION}`, params: AirRequestParamsSchema, response: { 204: NoContent('Deleted.') },
    }, async ({ auth, params }) => eventTravel.deleteAirRequest(auth, params.id, params.airRequestId).then(() => null));

    // ---- Air actuals ----
    op.list('getAirActualDetail', {
      description: `The event's air actuals (flights booked) by attendee. ${GROUPED} ${filters(AIR_ACTUALS_LIST.filters)} ${WINDOW} 404 when the event is not the account's.`,
      params: EventParamsSchema, query: AirActualQuerySchema, page: AirActualPageSchema, filterOperationId: null, errors: [404], filters: AIR_ACTUALS_LIST.filters,
      list: (auth, query, params) => eventTravel.listAirActuals(auth.accountId, params.id, query),
    });
    op('createAirActual', {
      description: `Records an attendee's air actual (what was booked, with its flights). \`name\` is the contact's name unless sent. ${PERSONAL} ${EXTENSION}`,
      params: EventParamsSchema, body: AirActualInputSchema, response: { 201: AirActualWriteSchema },
    }, async ({ auth, params, body }) => eventTravel.createAirActual(auth, params.id, body));
    op('updateAirActual', {
      description: `Replaces the air actual. ${EXTENSION}`, params: AirActualParamsSchema, body: AirActualInputSchema, response: { 200: AirActualWriteSchema },
    }, async ({ auth, params, body }) => eventTravel.updateAirActual(auth, params.id, params.airActualId, body));
    op('deleteAirActual', {
      description: `Deletes the air actual. ${EXTENSION}`, params: AirActualParamsSchema, response: { 204: NoContent('Deleted.') },
    }, async ({ auth, params }) => eventTravel.deleteAirActual(auth, params.id, params.airActualId).then(() => null));

    // ---- Hotel requests ----
    op.list('getHotelRequests', {
      description: `The event's hotel requests by attendee. ${GROUPED} ${filters(HOTEL_REQUESTS_LIST.filters)} ${WINDOW} 404 when the event is not the account's.`,
      params: EventParamsSchema, query: HotelRequestQuerySchema, page: HotelReservationPageSchema, filterOperationId: null, errors: [404], filters: HOTEL_REQUESTS_LIST.filters,
      list: (auth, query, params) => eventTravel.listHotelRequests(auth.accountId, params.id, query),
    });
    op('createHotelRequest', {
      description: `Adds an attendee's hotel request (checkoutDate not before checkinDate). ${PERSONAL} ${EXTENSION}`,
      params: EventParamsSchema, body: HotelRequestInputSchema, response: { 201: HotelRequestWriteSchema },
    }, async ({ auth, params, body }) => eventTravel.createHotelRequest(auth, params.id, body));
    op('updateHotelRequest', {
      description: `Replaces the hotel request. ${EXTENSION}`, params: HotelRequestParamsSchema, body: HotelRequestInputSchema, response: { 200: HotelRequestWriteSchema },
    }, async ({ auth, params, body }) => eventTravel.updateHotelRequest(auth, params.id, params.hotelRequestId, body));
    op('deleteHotelRequest', {
      description: `Deletes the hotel request. ${EXTENSION}`, params: HotelRequestParamsSchema, response: { 204: NoContent('Deleted.') },
    }, async ({ auth, params }) => eventTravel.deleteHotelRequest(auth, params.id, params.hotelRequestId).then(() => null));

    // ---- Alternate travel answers ----
    op.list('getAlternateTravelAnswers', {
      description: `The event's answers to alternate travel questions, in creation order (each with an \`id\`, eventline's addition). `
        + `${filters(ALTERNATE_ANSWERS_LIST.filters)} ${WINDOW} 404 when the event is not the account's.`,
      params: EventParamsSchema, query: AlternateQuerySchema, page: AlternatePageSchema, filterOperationId: null, errors: [404], filters: ALTERNATE_ANSWERS_LIST.filters,
      list: (auth, query, params) => eventTravel.listAlternates(auth.accountId, params.id, query),
    });
    op('createAlternateTravelAnswer', {
      description: `Records an attendee's (or its guest's: \`requesterType\` Guest with \`requesterId\`) answer to an alternate travel question. ${PERSONAL} ${EXTENSION}`,
      params: EventParamsSchema, body: AlternateInputSchema, response: { 201: AlternateSchema },
    }, async ({ auth, params, body }) => eventTravel.createAlternate(auth, params.id, body));
    op('updateAlternateTravelAnswer', {
      description: `Replaces the answer. ${EXTENSION}`, params: AlternateParamsSchema, body: AlternateInputSchema, response: { 200: AlternateSchema },
    }, async ({ auth, params, body }) => eventTravel.updateAlternate(auth, params.id, params.answerId, body));
    op('deleteAlternateTravelAnswer', {
      description: `Deletes the answer. ${EXTENSION}`, params: AlternateParamsSchema, response: { 204: NoContent('Deleted.') },
    }, async ({ auth, params }) => eventTravel.deleteAlternate(auth, params.id, params.answerId).then(() => null));
  });
}
