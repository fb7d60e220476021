import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import type { FilterFields } from '../../lists/index.js';
import { availableList, eventRequestsList, hotelsList, inventoryList, reservationsList, roomTypesList, SUMMARIES_LIST } from './housing.filters.js';
import {
  AvailabilityQuerySchema, AvailableNightPageSchema, ConnectionHeadersSchema, ConnectionSchema, EventParamsSchema, EventRequestPageSchema, FilteredQuerySchema,
  HotelInputSchema, HotelPageSchema, HotelParamsSchema, HotelSchema, HousingEventInputSchema, HousingEventParamsSchema, HousingEventSchema,
  HousingEventSummaryPageSchema, InventoryInputSchema, InventoryNightSchema, InventoryPageSchema, InventoryQuerySchema, LinkParamsSchema, LocaleQuerySchema,
  PagingQuerySchema, RatesParamsSchema, RequestParamsSchema, ReservationInputSchema, ReservationPageSchema, ReservationParamsSchema,
  ReservationRequestInputSchema, ReservationRequestSchema, ReservationSchema, RoomRatesInputSchema, RoomRatesSchema, RoomTypeInputSchema, RoomTypePageSchema,
  RoomTypeParamsSchema, RoomTypeSchema, SummariesQuerySchema, WindowQuerySchema,
} from './housing.schemas.js';
import type { HousingService } from './housing.service.js';

const NoContent = (description: string) => Type.Null({ description });
const filters = (fields: FilterFields) =>
  `Filterable (the reference's list): ${Object.entries(fields).map(([name, f]) => `${name} (${f.ops.join('|')})`).join(', ')}.`;
const EXTENSION = 'An eventline extension (DESIGN rule 11: the reference only reads housing events, hotels, room types and inventory).';
const ANY = 0;

export function housingRoutes(housing: HousingService) {
  return operations((op) => {
    // ---- Housing events ----
    op('createHousingEvent', {
      description: `Creates an event's hotel room block (a housing event) with its attendee types. ${EXTENSION} The answer carries the access code `
        + 'an integration connects with (POST /connections).',
      body: HousingEventInputSchema, response: { 201: HousingEventSchema },
    }, async ({ auth, body }) => housing.createHousingEvent(auth, body));
    op.list('getHousingEventsSummaries', {
      description: `The account's housing events, in id order; without a filter, those that have not ended. ${filters(SUMMARIES_LIST.filters)}`,
      query: SummariesQuerySchema, page: HousingEventSummaryPageSchema, filterOperationId: null, filters: SUMMARIES_LIST.filters,
      list: (auth, query) => housing.listSummaries(auth.accountId, query),
    });
    op('getHousingEventInfo', {
      description: 'The housing event, its attendee types and the event\'s planners.', params: HousingEventParamsSchema, response: { 200: HousingEventSchema },
    }, async ({ auth, params }) => housing.getHousingEvent(auth.accountId, params.housingEventId));
    op('createConnection', {
      description: 'Connects the calling integration to the housing event whose access code is given (Cvent-Access-Code; a housing event\'s accessCode). '
        + 'An unknown code is a 400 naming the header.',
      headers: ConnectionHeadersSchema, response: { 200: ConnectionSchema },
    }, async ({ auth, headers }) => housing.connect(auth, headers['cvent-access-code']));

    // ---- Hotels ----
    op('createHousingEventHotel', {
      description: `Adds a hotel to the housing event. ${EXTENSION} Its code is unique in the account (409 otherwise): PUT /housing-hotels/{hotelCode}/... names it.`,
      params: HousingEventParamsSchema, body: HotelInputSchema, response: { 201: HotelSchema },
    }, async ({ auth, params, body }) => housing.createHotel(auth, params.housingEventId, body));
    op.list('getHousingEventHotels', {
      description: 'The housing event\'s hotels, in id order.', params: HousingEventParamsSchema,
      query: PagingQuerySchema, page: HotelPageSchema, filterOperationId: null, errors: [404], filters: hotelsList(ANY).filters,
      list: (auth, query, params) => housing.listHotels(auth.accountId, params.housingEventId, query),
    });
    op('getHousingEventHotel', {
      description: 'A hotel of the housing event.', params: HotelParamsSchema, querystring: LocaleQuerySchema, response: { 200: HotelSchema },
    }, async ({ auth, params }) => housing.getHotel(auth.accountId, params.housingEventId, params.hotelId));
    op.list('getHousingEventHotelAvailability', {
      description: `The hotel's nights with a room left, by date then room type: one per room type and night, with its attendee type. ${filters(availableList(ANY).filters)}`,
      params: HotelParamsSchema, query: AvailabilityQuerySchema, page: AvailableNightPageSchema, filterOperationId: null, errors: [404], filters: availableList(ANY).filters,
      list: (auth, query, params) => housing.listAvailable(auth.accountId, params.housingEventId, params.hotelId, query),
    });

    // ---- Room types ----
    op('createHousingEventRoomType', {
      description: `Adds a room type to the hotel, sold to one attendee type of the housing event (the first when none is named). ${EXTENSION} `
        + 'Its code is unique in the hotel (409 otherwise).',
      params: HotelParamsSchema, body: RoomTypeInputSchema, response: { 201: RoomTypeSchema },
    }, async ({ auth, params, body }) => housing.createRoomType(auth, params.housingEventId, params.hotelId, body));
    op.list('getHousingEventRoomTypes', {
      description: `The hotel's room types, in id order. ${filters(roomTypesList(ANY).filters)}`,
      params: HotelParamsSchema, query: FilteredQuerySchema, page: RoomTypePageSchema, filterOperationId: null, errors: [404], filters: roomTypesList(ANY).filters,
      list: (auth, query, params) => housing.listRoomTypes(auth.accountId, params.housingEventId, params.hotelId, query),
    });
    op('getRoomTypeDetails', {
      description: 'A room type of the hotel.', params: RoomTypeParamsSchema, querystring: LocaleQuerySchema, response: { 200: RoomTypeSchema },
    }, async ({ auth, params }) => housing.getRoomType(auth.accountId, params.housingEventId, params.hotelId, params.roomTypeId));

    // ---- Inventory ----
    op('setRoomTypeInventory', {
      description: `Sets the room type's block for each night given: \`rooms\` (sold rooms included) and the night's rate. ${EXTENSION} `
        + 'A night with more rooms sold than `rooms` is a 400 naming it, and nothing changes. Answers the nights set.',
      params: RoomTypeParamsSchema, body: InventoryInputSchema, response: { 200: Type.Object({ data: Type.Array(InventoryNightSchema) }, { title: 'RoomTypeInventorySet' }) },
    }, async ({ auth, params, body }) => housing.setInventory(auth, params.housingEventId, params.hotelId, params.roomTypeId, body));
    op.list('getRoomTypeInventory', {
      description: `The room type's nights, by date: currentBlock, pickup (rooms sold) and available. ${filters(inventoryList('').filters)}`,
      params: RoomTypeParamsSchema, query: InventoryQuerySchema, page: InventoryPageSchema, filterOperationId: null, errors: [404], filters: inventoryList('').filters,
      list: (auth, query, params) => housing.listRoomTypeInventory(auth.accountId, params.housingEventId, params.hotelId, params.roomTypeId, query),
    });
    op.list('getHousingEventInventory', {
      description: `Every room type's nights of the housing event, by date then room type. ${filters(inventoryList('').filters)}`,
      params: HousingEventParamsSchema, query: InventoryQuerySchema, page: InventoryPageSchema, filterOperationId: null, errors: [404], filters: inventoryList('').filters,
      list: (auth, query, params) => housing.listEventInventory(auth.accountId, params.housingEventId, query),
    });
    op('updateHotelRoomRates', {
      description: 'Sets the rate of the room type\'s nights from startDate to endDate (inclusive), in the housing event\'s currency. Reservations keep the rates they '
        + 'were booked at. No night of the block in the range is a 400.',
      params: RatesParamsSchema, body: RoomRatesInputSchema, response: { 200: RoomRatesSchema },
    }, async ({ auth, params, body }) => housing.updateRates(auth, params.hotelCode, params.roomCode, body));

    // ---- Reservation requests ----
    op('createReservationRequest', {
      description: 'Records a registrant\'s housing request (guests, preferences). Guests are personal data, linked to the contact whose email is the primary guest\'s. '
        + 'Payment details are not kept. `attendee.id` (eventline) names the event\'s attendee it is for.',
      body: ReservationRequestInputSchema, response: { 200: ReservationRequestSchema },
    }, async ({ auth, body }) => housing.createRequest(auth, body));
    op('getReservationRequest', {
      description: 'The reservation request, with the reservation linked to it.', params: RequestParamsSchema, response: { 200: ReservationRequestSchema },
    }, async ({ auth, params }) => housing.getRequest(auth.accountId, params.reservationRequestsId));
    op('updateReservationRequest', {
      description: 'Replaces the request\'s details (a cancelled request is a 400). A reservation already booked keeps its own details.',
      params: RequestParamsSchema, body: ReservationRequestInputSchema, response: { 200: ReservationRequestSchema },
    }, async ({ auth, params, body }) => housing.updateRequest(auth, params.reservationRequestsId, body));
    op('cancelReservationRequest', {
      description: 'Cancels the request; one with a live reservation linked is a 400.', params: RequestParamsSchema, response: { 204: NoContent('Cancelled.') },
    }, async ({ auth, params }) => housing.cancelRequest(auth, params.reservationRequestsId).then(() => null));
    op('linkReservation', {
      description: 'Links a reservation (its id or confirmation number) of the same housing event to the request; a request holds one live reservation.',
      params: LinkParamsSchema, response: { 204: NoContent('Linked.') },
    }, async ({ auth, params }) => housing.link(auth, params.reservationRequestsId, params.reservationId).then(() => null));
    op('unlinkReservation', {
      description: 'Removes the link between the reservation and the request.', params: LinkParamsSchema, response: { 204: NoContent('Unlinked.') },
    }, async ({ auth, params }) => housing.unlink(auth, params.reservationRequestsId, params.reservationId).then(() => null));
    op.list('getHousingReservationRequests', {
      description: `The event's housing reservation requests (from its housing events). ${filters(eventRequestsList('').filters)} \`after\` / \`before\` bound lastModified.`,
      params: EventParamsSchema, query: WindowQuerySchema, page: EventRequestPageSchema, filterOperationId: null, errors: [404], filters: eventRequestsList('').filters,
      list: (auth, query, params) => housing.listEventRequests(auth.accountId, params.id, query),
    });

    // ---- Reservations ----
    op('createReservation', {
      description: 'Books one room of the room type for each night of the stay (the primary guest\'s arrival to departure), in one transaction: a night with no room '
        + 'left, a night outside the block, arrival not before departure, or a stay overlapping another reservation of a guest (same email) is a 400 naming the field, '
        + 'and nothing is taken. No wait list.',
      body: ReservationInputSchema, response: { 200: ReservationSchema },
    }, async ({ auth, body }) => housing.createReservation(auth, body));
    op('getReservation', {
      description: 'The reservation (by id or confirmation number).', params: ReservationParamsSchema, response: { 200: ReservationSchema },
    }, async ({ auth, params }) => housing.getReservation(auth.accountId, params.reservationId));
    op('updateReservationSync', {
      description: 'Replaces the reservation: the old stay\'s rooms are given back and the new one\'s taken in one transaction, or nothing changes (400 naming the field). '
        + 'A cancelled reservation is a 400.',
      params: ReservationParamsSchema, body: ReservationInputSchema, response: { 200: ReservationSchema },
    }, async ({ auth, params, body }) => housing.updateReservation(auth, params.reservationId, body));
    op('cancelReservation', {
      description: 'Cancels the reservation and gives its rooms back (once: cancelling again changes nothing).', params: ReservationParamsSchema, response: { 204: NoContent('Cancelled.') },
    }, async ({ auth, params }) => housing.cancelReservation(auth, params.reservationId).then(() => null));
    op.list('getHousingEventReservations', {
      description: `The housing event's reservations, cancelled ones included. ${filters(reservationsList(ANY).filters)} \`after\` / \`before\` bound lastModified.`,
      params: HousingEventParamsSchema, query: WindowQuerySchema, page: ReservationPageSchema, filterOperationId: null, errors: [404], filters: reservationsList(ANY).filters,
      list: (auth, query, params) => housing.listReservations(auth.accountId, params.housingEventId, query),
    });
  });
}
