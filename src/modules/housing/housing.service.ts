import { randomInt, randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import { isUniqueViolation } from '../../db/constraints.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import type { Clock } from '../../db/time.js';
import type { Row } from '../../db/types.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { AttendeesService } from '../attendees/index.js';
import type { ContactsService } from '../contacts/index.js';
import type { EventsService } from '../events/index.js';
import { HousingErrors } from './housing.errors.js';
import {
  availableList, eventRequestsList, hotelsList, inventoryList, reservationsList, roomTypesList, SUMMARIES_LIST,
  type NightRow, type ReservationRow, type RoomTypeRow,
} from './housing.filters.js';
import type { HousingRepository } from './housing.repository.js';
import type {
  Guest, GuestInput, Hotel, HotelInput, HousingEvent, HousingEventInput, InventoryInput, InventoryNight, Reservation, ReservationInput,
  ReservationRequest, ReservationRequestInput, RoomRates, RoomRatesInput, RoomType, RoomTypeInput,
} from './housing.schemas.js';

/** What the housing module calls in other modules. */
export interface HousingUses {
  readonly events: Pick<EventsService, 'find'>;
  readonly contacts: Pick<ContactsService, 'findActiveByEmail'>;
  readonly attendees: Pick<AttendeesService, 'findInEvent'>;
}

type Page<T> = Promise<{ paging: Paging; data: T[] }>;

const DAY_MS = 86_400_000;
/** The longest stay eventline books (nights). */
export const MAX_NIGHTS = 60;
const bad = (message: string, target: string) => HousingErrors.invalid(message, { target });
/** A night as stored: the day at midnight UTC. */
export const nightOf = (day: string): string => `${day}T00:00:00.000Z`;
const dayOf = (night: string): string => night.slice(0, 10);
const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00.000Z`) + n * DAY_MS).toISOString().slice(0, 10);
const parseJson = <T>(text: string | null): T | undefined => (text === null ? undefined : JSON.parse(text) as T);
const json = (v: unknown): string | null => (v === undefined ? null : JSON.stringify(v));
const bool = (v: boolean | undefined): number | null => (v === undefined ? null : v ? 1 : 0);
const hasAtMostTwoDecimals = (n: number): boolean => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
const money = (n: number): number => Math.round(n * 100) / 100;
/** A confirmation number: ten digits (unique in the database). */
const confirmationNumber = (): string => `${randomInt(1, 10)}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;

/** What a guest keeps (payment details are never stored). */
function keptGuest(g: GuestInput): Guest {
  const { paymentInfo: _notKept, ...rest } = g;
  return { ...rest, ...(rest.email !== undefined ? { email: rest.email.trim() } : {}) };
}

/** The stay of a reservation: the primary guest's (or the first guest's) arrival and departure, and its nights. */
interface Stay { readonly arrival: string; readonly departure: string; readonly nights: readonly string[]; readonly primary: number }

/**
 * Housing (issue 31): an event's hotel room blocks (housing events, their hotels, room types and nightly inventory),
 * reservation requests (a registrant's housing details) and reservations.
 *
 * No room is sold twice: a reservation takes one room of its room type for each night of its stay with a conditional
 * UPDATE per night (`remaining > 0`), all in one transaction that rolls back when any night has none left; a
 * cancellation gives them back in one transaction. On SQLite the transaction's first statement is such a write, so a
 * second process waits for the write lock (busy_timeout) rather than failing; on PostgreSQL the row lock of the UPDATE
 * makes a concurrent one wait and re-check `remaining`.
 */
export class HousingService {
  constructor(
    private readonly repo: HousingRepository,
    private readonly uses: HousingUses,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  private href(rest: string): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}/${rest}`;
  }

  private stamp(auth: AuthContext) {
    return auditStamp(auth, this.clock());
  }

  private now(): string {
    return this.clock().toISOString();
  }

  /** Runs the write; a code another writer took in the meantime (the unique index decides) is a 409. */
  private async codeTaken<T>(message: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw HousingErrors.conflict(message, { target: 'code' });
      throw err;
    }
  }

  // ---- Lookups ----

  private async housingEvent(accountId: string, number: number, ex?: Transaction<Database>): Promise<Row<'housing_events'>> {
    const row = await this.repo.findEvent(accountId, number, ex);
    if (!row) throw HousingErrors.housingEventNotFound(undefined, { target: 'housingEventId' });
    return row;
  }

  private async hotel(accountId: string, housingEventNumber: number, hotelNumber: number): Promise<{ he: Row<'housing_events'>; hotel: Row<'housing_hotels'> }> {
    const he = await this.housingEvent(accountId, housingEventNumber);
    const hotel = await this.repo.findHotel(accountId, he.id, hotelNumber);
    if (!hotel) throw HousingErrors.hotelNotFound(undefined, { target: 'hotelId' });
    return { he, hotel };
  }

  private async roomType(accountId: string, heNumber: number, hotelNumber: number, rtNumber: number) {
    const { he, hotel } = await this.hotel(accountId, heNumber, hotelNumber);
    const roomType = await this.repo.findRoomType(accountId, hotel.id, rtNumber);
    if (!roomType) throw HousingErrors.roomTypeNotFound(undefined, { target: 'roomTypeId' });
    return { he, hotel, roomType };
  }

  // ---- Housing events ----

  private async eventToApi(row: Row<'housing_events'>): Promise<HousingEvent> {
    const [types, event] = await Promise.all([this.repo.attendeeTypesOf(row.account_id, [row.id]), this.uses.events.find(row.account_id, row.event_id)]);
    const planners = (event?.planners ?? []).map((p) => ({
      ...(p.firstName !== undefined ? { firstName: p.firstName } : {}), ...(p.lastName !== undefined ? { lastName: p.lastName } : {}),
      ...(p.email !== undefined ? { email: p.email } : {}),
    }));
    return {
      ...this.summaryToApi(row),
      resOpen: row.created, resClose: row.cut_off, webResOpen: row.created, webResClose: row.cut_off, launchAfter: row.created, closeAfter: row.cut_off,
      defaultLocale: row.default_locale, locales: parseJson<string[]>(row.locales) ?? [],
      image: row.image ?? `${this.config.publicUrl}/`,
      reservationContact: parseJson<HousingEvent['reservationContact']>(row.reservation_contact) ?? {},
      attendeeTypes: types.map((t) => ({ id: t.number, name: t.name, codes: [t.code] })),
      planners, currency: row.currency,
      ...(row.rooms_sort_type !== null ? { roomsSortType: row.rooms_sort_type as NonNullable<HousingEvent['roomsSortType']> } : {}),
      event: { id: row.event_id }, accessCode: row.access_code, connectionStatus: row.connection_status as HousingEvent['connectionStatus'],
    };
  }

  private summaryToApi(row: Row<'housing_events'>) {
    return {
      id: row.number, name: row.name, start: row.start, end: row.end, cutOff: row.cut_off, timeZone: row.time_zone,
      venue: parseJson<HousingEvent['venue']>(row.venue) ?? {}, status: row.status as HousingEvent['status'],
    };
  }

  /** Creates an event's room block (an eventline extension): its attendee types come with it. */
  async createHousingEvent(auth: AuthContext, input: HousingEventInput): Promise<HousingEvent> {
    const event = await this.uses.events.find(auth.accountId, input.event.id.toLowerCase());
    if (!event) throw bad(`Event ${input.event.id} not found`, 'event.id');
    const start = input.start ?? event.start;
    const end = input.end ?? event.end;
    if (Date.parse(end) < Date.parse(start)) throw bad(`end ${end} is before start ${start}`, 'end');
    const cutOff = input.cutOff ?? new Date(Date.parse(start) - 30 * DAY_MS).toISOString();
    const types = input.attendeeTypes ?? [{ name: 'Attendee', codes: ['ATT'] }];
    const codes = types.map((t) => t.codes[0] ?? '');
    const dup = codes.findIndex((c, i) => codes.indexOf(c) !== i);
    if (dup >= 0) throw bad(`Attendee type code '${codes[dup] ?? ''}' is used twice`, `attendeeTypes[${dup}].codes`);
    const { created } = this.stamp(auth);
    const id = newId();
    const venue = input.venue ?? event.venues?.[0];
    const row = await this.repo.transaction(async (trx) => {
      const number = await this.repo.nextNumber('housing_event', trx);
      const row: Row<'housing_events'> = {
        id, account_id: auth.accountId, number, event_id: event.id, name: input.name ?? event.title, start: new Date(start).toISOString(), end: new Date(end).toISOString(),
        cut_off: new Date(cutOff).toISOString(), time_zone: (input.timeZone ?? event.timezone).slice(0, 29), status: input.status ?? 'Open', currency: input.currency ?? 'USD',
        default_locale: input.defaultLocale ?? 'en-US', locales: JSON.stringify(input.locales ?? [input.defaultLocale ?? 'en-US']), image: input.image ?? null,
        venue: venue === undefined ? null : JSON.stringify(venueOf(venue)), reservation_contact: json(input.reservationContact),
        rooms_sort_type: input.roomsSortType ?? null, access_code: randomUUID(), connection_status: 'NOT_CONNECTED', connected_by: null, ...created,
      };
      await this.repo.insertEvent(row, trx);
      const typeRows = [];
      for (const t of types) {
        typeRows.push({ id: newId(), account_id: auth.accountId, number: await this.repo.nextNumber('attendee_type', trx), housing_event_id: id, name: t.name, code: t.codes[0] ?? '' });
      }
      await this.repo.insertAttendeeTypes(typeRows, trx);
      return row;
    });
    return this.eventToApi(row);
  }

  async getHousingEvent(accountId: string, number: number): Promise<HousingEvent> {
    return this.eventToApi(await this.housingEvent(accountId, number));
  }

  /** Housing events, in id order; without a filter, those that have not ended (the reference: "future housing events"). */
  listSummaries(accountId: string, query: ListQuery) {
    // The page request's filter (a token's, on later pages) decides, so that every page of one list reads the same set.
    return listPage(SUMMARIES_LIST, query, (spec, req) => this.repo.listEvents(accountId, spec, req.filter === undefined ? this.now() : undefined), (r) => this.summaryToApi(r),
      this.href('housing-events/summaries'));
  }

  /** POST /connections: the access code names a housing event of the account, which the caller's application is now connected to. */
  async connect(auth: AuthContext, accessCode: string): Promise<{ eventId: number; status: 'CONNECTED'; defaultCallbacks: boolean }> {
    const row = await this.repo.findEventByCode(auth.accountId, accessCode.trim().toLowerCase());
    if (!row) throw bad('No housing event of the account has this access code', 'Cvent-Access-Code');
    const { modified } = this.stamp(auth);
    await this.repo.updateEvent(auth.accountId, row.id, { connection_status: 'CONNECTED', connected_by: auth.clientId, ...modified });
    return { eventId: row.number, status: 'CONNECTED', defaultCallbacks: false };
  }

  // ---- Hotels ----

  private hotelToApi(row: Row<'housing_hotels'>, heNumber: number): Hotel {
    const proximity = parseJson<Hotel['proximity']>(row.proximity);
    const address = parseJson<Hotel['address']>(row.address);
    return {
      id: row.number, housingEvent: { id: heNumber }, name: row.name, description: row.description,
      ...(row.child_policy !== null ? { childPolicy: row.child_policy } : {}), images: parseJson<Array<{ href: string }>>(row.images) ?? [],
      ...(proximity !== undefined ? { proximity } : {}), amenities: parseJson<string[]>(row.amenities) ?? [],
      ...(row.rating !== null ? { rating: row.rating as NonNullable<Hotel['rating']> } : {}), ...(address !== undefined ? { address } : {}), code: row.code,
    };
  }

  async createHotel(auth: AuthContext, heNumber: number, input: HotelInput): Promise<Hotel> {
    const he = await this.housingEvent(auth.accountId, heNumber);
    if (await this.repo.findHotelByCode(auth.accountId, input.code)) throw HousingErrors.conflict(`Hotel code '${input.code}' is already used in the account`, { target: 'code' });
    const { created } = this.stamp(auth);
    const row = await this.codeTaken(`Hotel code '${input.code}' is already used in the account`, () => this.repo.transaction(async (trx) => {
      const row: Row<'housing_hotels'> = {
        id: newId(), account_id: auth.accountId, number: await this.repo.nextNumber('hotel', trx), housing_event_id: he.id, code: input.code, name: input.name,
        description: input.description ?? '', child_policy: input.childPolicy ?? null, rating: input.rating ?? null, address: json(input.address),
        amenities: JSON.stringify(input.amenities ?? []), images: JSON.stringify(input.images ?? []), proximity: json(input.proximity), ...created,
      };
      await this.repo.insertHotel(row, trx);
      return row;
    }));
    return this.hotelToApi(row, he.number);
  }

  async getHotel(accountId: string, heNumber: number, hotelNumber: number): Promise<Hotel> {
    const { he, hotel } = await this.hotel(accountId, heNumber, hotelNumber);
    return this.hotelToApi(hotel, he.number);
  }

  async listHotels(accountId: string, heNumber: number, query: ListQuery): Page<Hotel> {
    const he = await this.housingEvent(accountId, heNumber);
    return listPage(hotelsList(he.number), query, (spec) => this.repo.listHotels(accountId, he.id, spec), (r) => this.hotelToApi(r, he.number),
      this.href(`housing-events/${he.number}/hotels`));
  }

  // ---- Room types ----

  private roomTypeToApi(r: RoomTypeRow): RoomType {
    return {
      id: r.number, housingEvent: { id: r.he_number }, hotel: { id: r.hotel_number }, housingAttendees: [{ id: r.at_number }],
      attendeeTypes: [{
        id: r.at_number, name: r.at_name, codes: [r.at_code], ...(r.cancel_policy !== null ? { cancelPolicy: r.cancel_policy } : {}),
        ...(r.tax_policy !== null ? { taxPolicy: r.tax_policy } : {}),
      }],
      name: r.name, description: r.description, images: parseJson<Array<{ href: string }>>(r.images) ?? [],
      ...(r.custom_order !== null ? { customOrder: r.custom_order } : {}), code: r.code, maxGuests: r.max_guests, minLengthOfStay: r.min_length_of_stay,
    };
  }

  async createRoomType(auth: AuthContext, heNumber: number, hotelNumber: number, input: RoomTypeInput): Promise<RoomType> {
    const { he, hotel } = await this.hotel(auth.accountId, heNumber, hotelNumber);
    const types = await this.repo.attendeeTypesOf(auth.accountId, [he.id]);
    const type = input.attendeeType === undefined ? types[0] : types.find((t) => t.number === input.attendeeType?.id);
    if (!type) throw bad(`Attendee type ${input.attendeeType?.id ?? ''} is not one of the housing event's`, 'attendeeType.id');
    if (await this.repo.findRoomTypeByCode(auth.accountId, hotel.id, input.code)) throw HousingErrors.conflict(`Room code '${input.code}' is already used in the hotel`, { target: 'code' });
    const { created } = this.stamp(auth);
    const id = newId();
    await this.codeTaken(`Room code '${input.code}' is already used in the hotel`, () => this.repo.transaction(async (trx) => {
      await this.repo.insertRoomType({
        id, account_id: auth.accountId, number: await this.repo.nextNumber('room_type', trx), housing_event_id: he.id, hotel_id: hotel.id, attendee_type_id: type.id,
        code: input.code, name: input.name, description: input.description ?? '', custom_order: input.customOrder ?? null, max_guests: input.maxGuests ?? 2,
        min_length_of_stay: input.minLengthOfStay ?? 1, cancel_policy: input.cancelPolicy ?? null, tax_policy: input.taxPolicy ?? null,
        images: JSON.stringify(input.images ?? []), hide_rate: input.hideRate === true ? 1 : 0, ...created,
      }, trx);
    }));
    const row = await this.repo.findRoomTypeById(auth.accountId, id);
    if (!row) throw HousingErrors.roomTypeNotFound();
    return this.roomTypeToApi(row);
  }

  async getRoomType(accountId: string, heNumber: number, hotelNumber: number, rtNumber: number): Promise<RoomType> {
    return this.roomTypeToApi((await this.roomType(accountId, heNumber, hotelNumber, rtNumber)).roomType);
  }

  async listRoomTypes(accountId: string, heNumber: number, hotelNumber: number, query: ListQuery): Page<RoomType> {
    const { he, hotel } = await this.hotel(accountId, heNumber, hotelNumber);
    return listPage(roomTypesList(hotel.number), query, (spec) => this.repo.listRoomTypes(accountId, hotel.id, spec), (r) => this.roomTypeToApi(r),
      this.href(`housing-events/${he.number}/hotels/${hotel.number}/room-types`));
  }

  // ---- Inventory ----

  private nightToApi(r: NightRow): InventoryNight {
    const counts = {
      hideRates: r.hide_rate === 1, rate: { base: r.rate, currency: r.currency }, originalBlock: r.original_block, currentBlock: r.current_block,
      pickup: r.current_block - r.remaining, minLengthOfStay: r.min_length_of_stay, maxGuests: r.max_guests, available: r.remaining,
    };
    return {
      housingEvent: { id: r.he_number }, hotel: { id: r.hotel_number }, roomType: { id: r.rt_number }, date: dayOf(r.night), ...counts,
      allocation: [{ attendeeType: { id: r.at_number }, openForReservation: true, ...counts }],
    };
  }

  /**
   * Sets the room type's block for each night given (an eventline extension): `rooms` is the night's block, sold rooms
   * included; a night with more rooms sold than `rooms` is a 400 and nothing changes.
   */
  async setInventory(auth: AuthContext, heNumber: number, hotelNumber: number, rtNumber: number, input: InventoryInput): Promise<{ data: InventoryNight[] }> {
    const { he, hotel, roomType } = await this.roomType(auth.accountId, heNumber, hotelNumber, rtNumber);
    const days = input.nights.map((n) => n.date);
    const dup = days.findIndex((d, i) => days.indexOf(d) !== i);
    if (dup >= 0) throw bad(`The night of ${days[dup] ?? ''} is given twice`, `nights[${dup}].date`);
    input.nights.forEach((n, i) => {
      if (!hasAtMostTwoDecimals(n.rate)) throw bad(`rate ${n.rate} has more than 2 decimals`, `nights[${i}].rate`);
    });
    const now = this.now();
    await this.repo.transaction(async (trx) => {
      for (const [i, n] of [...input.nights.entries()].sort((a, b) => a[1].date.localeCompare(b[1].date))) {
        const night = nightOf(n.date);
        if (await this.repo.setBlock(auth.accountId, roomType.id, night, n.rooms, n.rate, now, trx)) continue;
        const added = !(await this.repo.nightExists(auth.accountId, roomType.id, night, trx)) && await this.repo.insertNight({
          id: newId(), account_id: auth.accountId, housing_event_id: he.id, hotel_id: hotel.id, room_type_id: roomType.id, night, original_block: n.rooms,
          current_block: n.rooms, remaining: n.rooms, rate: n.rate, rate_code: null, last_modified: now,
        }, trx);
        // A night another writer added in the meantime is set like any existing night.
        if (added || await this.repo.setBlock(auth.accountId, roomType.id, night, n.rooms, n.rate, now, trx)) continue;
        const existing = await this.repo.nightExists(auth.accountId, roomType.id, night, trx);
        throw bad(`${existing ? existing.current_block - existing.remaining : 0} room(s) of the night of ${n.date} are sold: the block cannot be ${n.rooms}`, `nights[${i}].rooms`);
      }
    });
    const set = new Set(days);
    return { data: (await this.repo.nightRowsOf(auth.accountId, roomType.id)).filter((r) => set.has(dayOf(r.night))).map((r) => this.nightToApi(r)) };
  }

  async listRoomTypeInventory(accountId: string, heNumber: number, hotelNumber: number, rtNumber: number, query: ListQuery): Page<InventoryNight> {
    const { he, hotel, roomType } = await this.roomType(accountId, heNumber, hotelNumber, rtNumber);
    return listPage(inventoryList(`rt:${roomType.number}`), query, (spec) => this.repo.listNights(accountId, { roomTypeId: roomType.id }, spec), (r) => this.nightToApi(r),
      this.href(`housing-events/${he.number}/hotels/${hotel.number}/room-types/${roomType.number}/inventory`));
  }

  async listEventInventory(accountId: string, heNumber: number, query: ListQuery): Page<InventoryNight> {
    const he = await this.housingEvent(accountId, heNumber);
    return listPage(inventoryList(`he:${he.number}`), query, (spec) => this.repo.listNights(accountId, { housingEventId: he.id }, spec), (r) => this.nightToApi(r),
      this.href(`housing-events/${he.number}/inventory`));
  }

  async listAvailable(accountId: string, heNumber: number, hotelNumber: number, query: ListQuery) {
    const { he, hotel } = await this.hotel(accountId, heNumber, hotelNumber);
    return listPage(availableList(hotel.number), query, (spec) => this.repo.listNights(accountId, { hotelId: hotel.id, available: true }, spec), (r) => ({
      hotel: { id: r.hotel_number }, roomType: { id: r.rt_number }, attendeeType: { id: r.at_number, name: r.at_name, codes: [r.at_code] },
      date: dayOf(r.night), quantity: r.remaining, roomRate: r.rate, currency: r.currency, maxGuests: r.max_guests, minLengthOfStay: r.min_length_of_stay,
      hideRate: r.hide_rate === 1, waitListEnabled: false,
    }), this.href(`housing-events/${he.number}/hotels/${hotel.number}/available-nights`));
  }

  /** PUT /housing-hotels/{hotelCode}/rooms/{roomCode}/rates: the rate of the room type's nights from startDate to endDate. */
  async updateRates(auth: AuthContext, hotelCode: string, roomCode: string, input: RoomRatesInput): Promise<RoomRates> {
    const hotel = await this.repo.findHotelByCode(auth.accountId, hotelCode);
    if (!hotel) throw HousingErrors.hotelNotFound(undefined, { target: 'hotelCode' });
    const roomType = await this.repo.findRoomTypeByCode(auth.accountId, hotel.id, roomCode);
    if (!roomType) throw HousingErrors.roomTypeNotFound(undefined, { target: 'roomCode' });
    const he = await this.repo.findEventById(auth.accountId, hotel.housing_event_id);
    const currency = input.currencyCode ?? 'USD';
    if (he && currency !== he.currency) throw bad(`The housing event's rates are in ${he.currency}, not ${currency}`, 'currencyCode');
    if (input.endDate < input.startDate) throw bad(`endDate ${input.endDate} is before startDate ${input.startDate}`, 'endDate');
    if (!hasAtMostTwoDecimals(input.roomRate)) throw bad(`roomRate ${input.roomRate} has more than 2 decimals`, 'roomRate');
    const nights = await this.repo.transaction((trx) => this.repo.setRates(auth.accountId, roomType.id, nightOf(input.startDate), nightOf(input.endDate), input.roomRate,
      input.rateCode ?? null, this.now(), trx));
    if (nights === 0) throw bad(`The room has no night of the block from ${input.startDate} to ${input.endDate}`, 'startDate');
    return {
      hotelCode, roomCode, ...(input.rateCode !== undefined ? { rateCode: input.rateCode } : {}), startDate: input.startDate, endDate: input.endDate,
      roomRate: input.roomRate, currencyCode: currency, nights,
    };
  }

  // ---- Reservation requests ----

  private async requestToApi(row: Row<'housing_reservation_requests'>, ex?: Transaction<Database>): Promise<ReservationRequest> {
    const he = await this.repo.findEventById(row.account_id, row.housing_event_id, ex);
    const linked = await this.repo.linkedTo(row.account_id, row.id, ex);
    const num = (v: string | null) => (v === null ? undefined : { id: Number(v) });
    const customFields = parseJson<ReservationRequest['customFields']>(row.custom_fields);
    const rewardProgram = parseJson<ReservationRequest['rewardProgram']>(row.reward_program);
    const travelDetails = parseJson<ReservationRequest['travelDetails']>(row.travel_details);
    const attendeeType = num(row.attendee_type_id);
    const roomType = num(row.room_type_id);
    const hotel = num(row.hotel_id);
    return {
      id: row.id, status: row.status as ReservationRequest['status'], confirmationNumber: row.confirmation_number,
      ...(row.source_id !== null ? { sourceId: row.source_id } : {}), ...(row.attendee_type_code !== null ? { attendeeTypeCode: row.attendee_type_code } : {}),
      ...(row.locale !== null ? { locale: row.locale } : {}), housingEvent: { id: he?.number ?? 0 },
      ...(attendeeType ? { attendeeType } : {}), ...(roomType ? { roomType } : {}), ...(hotel ? { hotel } : {}),
      ...(row.send_acknowledgement !== null ? { sendAcknowledgement: row.send_acknowledgement === 1 } : {}),
      ...(row.split_folio !== null ? { splitFolio: row.split_folio === 1 } : {}), ...(row.redirect_url !== null ? { redirectURL: row.redirect_url } : {}),
      ...(customFields !== undefined ? { customFields } : {}), ...(row.accessible !== null ? { accessible: row.accessible === 1 } : {}),
      ...(row.special_request !== null ? { specialRequest: row.special_request } : {}), ...(rewardProgram !== undefined ? { rewardProgram } : {}),
      ...(row.membership_id !== null ? { membershipId: row.membership_id } : {}), ...(travelDetails !== undefined ? { travelDetails } : {}),
      ...(row.attendee_id !== null ? { attendee: { id: row.attendee_id } } : {}),
      guests: parseJson<Guest[]>(row.guests) ?? [], bookingSite: { href: this.bookingSite(row.id) }, callCenter: { href: this.callCenter(row.id) },
      ...(linked ? { reservation: { id: linked.id } } : {}), created: row.created, lastModified: row.last_modified,
    };
  }

  private bookingSite(id: string): string {
    return `${this.config.publicUrl}/housing/book/${id}`;
  }

  private callCenter(id: string): string {
    return `${this.config.publicUrl}/housing/call-center/${id}`;
  }

  /** The request's fields as columns, its references checked against the housing event (400 naming the field). */
  private async requestColumns(accountId: string, input: ReservationRequestInput) {
    const he = await this.repo.findEvent(accountId, input.housingEvent.id);
    if (!he) throw bad(`Housing event ${input.housingEvent.id} not found`, 'housingEvent.id');
    const types = await this.repo.attendeeTypesOf(accountId, [he.id]);
    let type: Row<'housing_attendee_types'> | undefined;
    if (input.attendeeType !== undefined) {
      type = types.find((t) => t.number === input.attendeeType?.id);
      if (!type) throw bad(`Attendee type ${input.attendeeType.id} is not one of the housing event's`, 'attendeeType.id');
    } else if (input.attendeeTypeCode !== undefined) {
      type = types.find((t) => t.code === input.attendeeTypeCode);
      if (!type) throw bad(`Attendee type code '${input.attendeeTypeCode}' is not one of the housing event's`, 'attendeeTypeCode');
    }
    let hotel: Row<'housing_hotels'> | undefined;
    if (input.hotel !== undefined) {
      hotel = await this.repo.findHotel(accountId, he.id, input.hotel.id);
      if (!hotel) throw bad(`Hotel ${input.hotel.id} is not one of the housing event's`, 'hotel.id');
    }
    if (input.roomType !== undefined) {
      if (!hotel) throw bad('A room type needs its hotel', 'hotel.id');
      if (!(await this.repo.findRoomType(accountId, hotel.id, input.roomType.id))) throw bad(`Room type ${input.roomType.id} is not one of the hotel's`, 'roomType.id');
    }
    if (input.attendee !== undefined && !(await this.uses.attendees.findInEvent(accountId, he.event_id, input.attendee.id.toLowerCase()))) {
      throw bad(`Attendee ${input.attendee.id} is not an attendee of the housing event's event`, 'attendee.id');
    }
    const guests = input.guests.map(keptGuest);
    const contactId = await this.contactOf(accountId, guests);
    return {
      he,
      columns: {
        housing_event_id: he.id, event_id: he.event_id, attendee_id: input.attendee?.id.toLowerCase() ?? null, contact_id: contactId,
        source_id: input.sourceId ?? null, attendee_type_id: type ? String(type.number) : null, attendee_type_code: type?.code ?? input.attendeeTypeCode ?? null,
        room_type_id: input.roomType ? String(input.roomType.id) : null, hotel_id: hotel ? String(hotel.number) : null, locale: input.locale ?? null,
        send_acknowledgement: bool(input.sendAcknowledgement), split_folio: bool(input.splitFolio), redirect_url: input.redirectURL ?? null,
        guests: JSON.stringify(guests), custom_fields: json(input.customFields), accessible: bool(input.accessible), special_request: input.specialRequest ?? null,
        reward_program: json(input.rewardProgram), membership_id: input.membershipId ?? null, travel_details: json(input.travelDetails),
      },
    };
  }

  /** The contact whose email is the primary guest's (or the first guest's): the person the row's personal data is erased with. */
  private async contactOf(accountId: string, guests: readonly Guest[]): Promise<string | null> {
    const primary = guests.find((g) => g.primary === true) ?? guests[0];
    if (primary?.email === undefined) return null;
    const contact = await this.uses.contacts.findActiveByEmail(accountId, primary.email);
    return contact?.id ?? null;
  }

  async createRequest(auth: AuthContext, input: ReservationRequestInput): Promise<ReservationRequest> {
    const { columns } = await this.requestColumns(auth.accountId, input);
    const { created } = this.stamp(auth);
    const row: Row<'housing_reservation_requests'> = { id: newId(), account_id: auth.accountId, status: 'Active', confirmation_number: confirmationNumber(), ...columns, ...created };
    await this.repo.transaction((trx) => this.repo.insertRequest(row, trx));
    return this.requestToApi(row);
  }

  private async request(accountId: string, id: string): Promise<Row<'housing_reservation_requests'>> {
    const row = await this.repo.findRequest(accountId, id.toLowerCase());
    if (!row) throw HousingErrors.requestNotFound(undefined, { target: 'reservationRequestsId' });
    return row;
  }

  async getRequest(accountId: string, id: string): Promise<ReservationRequest> {
    return this.requestToApi(await this.request(accountId, id));
  }

  /** Replaces the request's details; a cancelled request is a 400. A reservation already booked keeps its own details. */
  async updateRequest(auth: AuthContext, id: string, input: ReservationRequestInput): Promise<ReservationRequest> {
    const existing = await this.request(auth.accountId, id);
    const { columns } = await this.requestColumns(auth.accountId, input);
    if (columns.housing_event_id !== existing.housing_event_id) throw bad('A reservation request stays in its housing event', 'housingEvent.id');
    const { modified } = this.stamp(auth);
    const updated = await this.repo.transaction((trx) => this.repo.updateActiveRequest(auth.accountId, existing.id, { ...columns, ...modified }, trx));
    if (!updated) throw bad('The reservation request was cancelled and cannot be modified', 'reservationRequestsId');
    return this.getRequest(auth.accountId, existing.id);
  }

  /** Cancels the request; one with a live reservation is a 400 (cancel the reservation first). */
  async cancelRequest(auth: AuthContext, id: string): Promise<void> {
    const existing = await this.request(auth.accountId, id);
    const { modified } = this.stamp(auth);
    await this.repo.transaction(async (trx) => {
      // The write first: on SQLite it takes the write lock before the check reads (busy-waiting, not SQLITE_BUSY).
      const active = await this.repo.updateActiveRequest(auth.accountId, existing.id, { status: 'Cancel', ...modified }, trx);
      if (!active) return;
      const linked = await this.repo.linkedTo(auth.accountId, existing.id, trx);
      if (linked) throw bad(`Reservation ${linked.confirmation_number} exists for the reservation request: cancel it first`, 'reservationRequestsId');
    });
  }

  /** Links the reservation to the request: both of the same housing event, the request active and without another live reservation. */
  async link(auth: AuthContext, requestId: string, reservationId: string): Promise<void> {
    const request = await this.request(auth.accountId, requestId);
    const reservation = await this.reservation(auth.accountId, reservationId);
    if (reservation.housing_event_id !== request.housing_event_id) throw bad('The reservation belongs to another housing event', 'reservationId');
    if (reservation.reservation_request_id === request.id) return;
    if (reservation.reservation_request_id !== null) throw bad('The reservation is linked to another reservation request', 'reservationId');
    const { modified } = this.stamp(auth);
    await this.repo.transaction(async (trx) => {
      if (!(await this.repo.updateActiveRequest(auth.accountId, request.id, modified, trx))) throw bad('The reservation request is cancelled', 'reservationRequestsId');
      const other = await this.repo.linkedTo(auth.accountId, request.id, trx);
      if (other && other.id !== reservation.id) throw bad(`Reservation ${other.confirmation_number} is already linked to the reservation request: unlink it first`, 'reservationId');
      await this.repo.updateReservation(auth.accountId, reservation.id, { reservation_request_id: request.id, ...modified }, trx);
    });
  }

  async unlink(auth: AuthContext, requestId: string, reservationId: string): Promise<void> {
    const request = await this.request(auth.accountId, requestId);
    const reservation = await this.reservation(auth.accountId, reservationId);
    if (reservation.reservation_request_id !== request.id) throw bad('The reservation is not linked to this reservation request', 'reservationId');
    const { modified } = this.stamp(auth);
    await this.repo.transaction((trx) => this.repo.updateReservation(auth.accountId, reservation.id, { reservation_request_id: null, ...modified }, trx));
  }

  async listEventRequests(accountId: string, eventId: string, query: ListQuery) {
    const event = await this.uses.events.find(accountId, eventId.toLowerCase());
    if (!event) throw HousingErrors.eventNotFound(undefined, { target: 'id' });
    return listPage(eventRequestsList(event.id), query, (spec) => this.repo.listEventRequests(accountId, event.id, spec), (r) => ({
      ...(r.attendee_id !== null ? { attendee: { id: r.attendee_id } } : {}),
      reservationRequest: { id: r.id, bookingSite: { href: this.bookingSite(r.id) } }, lastModified: r.last_modified,
    }), this.href(`events/${event.id}/event-travel/housing-reservation-requests`));
  }

  // ---- Reservations ----

  private reservationToApi(r: ReservationRow): Reservation {
    const nights = parseJson<Array<{ night: string; rate: number }>>(r.nights) ?? [];
    const customFields = parseJson<Reservation['customFields']>(r.custom_fields);
    const rewardProgram = parseJson<Reservation['rewardProgram']>(r.reward_program);
    const travelDetails = parseJson<Reservation['travelDetails']>(r.travel_details);
    return {
      id: r.id, confirmationNumber: r.confirmation_number, created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
      ...(r.reservation_request_id !== null ? { reservationRequest: { id: r.reservation_request_id } } : {}),
      attendeeTypeCode: r.at_code, attendeeType: { id: r.at_number }, roomType: { id: r.rt_number, name: r.rt_name },
      sendAcknowledgement: r.send_acknowledgement === 1, ...(r.split_folio !== null ? { splitFolio: r.split_folio === 1 } : {}),
      startDate: nightOf(r.arrival), endDate: nightOf(r.departure), numberOfAdults: r.number_of_adults, numberOfChildren: r.number_of_children,
      nights: nights.map((n) => ({ stayDate: n.night, status: 'confirmed' as const, rate: { base: n.rate, currency: r.currency } })),
      guests: parseJson<Reservation['guests']>(r.guests) ?? [],
      ...(customFields !== undefined ? { customFields } : {}), ...(r.accessible !== null ? { accessible: r.accessible === 1 } : {}),
      ...(r.special_request !== null ? { specialRequest: r.special_request } : {}),
      isCancelled: r.canceled === 1, isCanceled: r.canceled === 1, noShow: false, isModified: r.modified === 1, isWaitListed: false,
      ...(r.cancelled_at !== null ? { cancelled: r.cancelled_at } : {}),
      ...(rewardProgram !== undefined ? { rewardProgram } : {}), ...(r.membership_id !== null ? { membershipId: r.membership_id } : {}),
      ...(travelDetails !== undefined ? { travelDetails } : {}),
      housingEvent: { id: r.he_number }, hotel: { id: r.hotel_number, name: r.hotel_name },
      totalCharges: { totalAmount: r.total, currency: r.currency },
      bookingSite: { href: this.bookingSite(r.id) }, callCenter: { href: this.callCenter(r.id) },
    };
  }

  private async reservation(accountId: string, id: string): Promise<ReservationRow> {
    const row = await this.repo.findReservation(accountId, id.trim().toLowerCase());
    if (!row) throw HousingErrors.reservationNotFound(undefined, { target: 'reservationId' });
    return row;
  }

  async getReservation(accountId: string, id: string): Promise<Reservation> {
    return this.reservationToApi(await this.reservation(accountId, id));
  }

  async listReservations(accountId: string, heNumber: number, query: ListQuery): Page<Reservation> {
    const he = await this.housingEvent(accountId, heNumber);
    return listPage(reservationsList(he.number), query, (spec) => this.repo.listReservations(accountId, he.id, spec), (r) => this.reservationToApi(r),
      this.href(`housing-events/${he.number}/reservations`));
  }

  /** The stay the guests ask for: arrival before departure, every guest within the primary guest's stay (400 naming the field). */
  private stayOf(input: ReservationInput): Stay {
    const primary = Math.max(0, input.guests.findIndex((g) => g.primary === true));
    input.guests.forEach((g, i) => {
      if (g.departure <= g.arrival) throw bad(`departure ${g.departure} is not after arrival ${g.arrival}`, `guests[${i}].departure`);
    });
    const p = input.guests[primary];
    if (!p) throw bad('A reservation needs a guest', 'guests');
    input.guests.forEach((g, i) => {
      if (g.arrival < p.arrival) throw bad(`arrival ${g.arrival} is before the stay's (${p.arrival})`, `guests[${i}].arrival`);
      if (g.departure > p.departure) throw bad(`departure ${g.departure} is after the stay's (${p.departure})`, `guests[${i}].departure`);
    });
    const nights: string[] = [];
    for (let d = p.arrival; d < p.departure; d = addDays(d, 1)) {
      nights.push(d);
      if (nights.length > MAX_NIGHTS) throw bad(`A stay is at most ${MAX_NIGHTS} nights`, `guests[${primary}].departure`);
    }
    return { arrival: p.arrival, departure: p.departure, nights, primary };
  }

  /** The housing event, hotel, room type and attendee type of a reservation body, and its stay within the block (400 naming the field). */
  private async booking(accountId: string, input: ReservationInput) {
    const he = await this.repo.findEvent(accountId, input.housingEvent.id);
    if (!he) throw bad(`Housing event ${input.housingEvent.id} not found`, 'housingEvent.id');
    if (he.status !== 'Open') throw bad(`Housing event ${he.number} is ${he.status}: it takes no reservation`, 'housingEvent.id');
    const hotel = await this.repo.findHotel(accountId, he.id, input.hotel.id);
    if (!hotel) throw bad(`Hotel ${input.hotel.id} is not one of the housing event's`, 'hotel.id');
    const roomType = await this.repo.findRoomType(accountId, hotel.id, input.roomType.id);
    if (!roomType) throw bad(`Room type ${input.roomType.id} is not one of the hotel's`, 'roomType.id');
    if (roomType.at_number !== input.attendeeType.id) {
      throw bad(`Room type ${roomType.number} is sold to attendee type ${roomType.at_number}, not ${input.attendeeType.id}`, 'attendeeType.id');
    }
    const guests = input.numberOfAdults + (input.numberOfChildren ?? 0);
    if (guests > roomType.max_guests) throw bad(`Room type ${roomType.number} sleeps at most ${roomType.max_guests}`, 'numberOfAdults');
    const stay = this.stayOf(input);
    const target = (field: 'arrival' | 'departure') => `guests[${stay.primary}].${field}`;
    if (stay.nights.length < roomType.min_length_of_stay) throw bad(`Room type ${roomType.number} is booked for at least ${roomType.min_length_of_stay} night(s)`, target('departure'));
    const inBlock = await this.repo.nightsOf(accountId, roomType.id, nightOf(stay.arrival), nightOf(stay.departure));
    if (inBlock.length < stay.nights.length) {
      const have = new Set(inBlock.map((n) => dayOf(n.night)));
      const missing = stay.nights.find((d) => !have.has(d)) ?? stay.arrival;
      const block = await this.repo.blockOf(accountId, roomType.id);
      const range = block.first === null ? 'no night yet' : `the nights of ${dayOf(block.first)} to ${dayOf(block.last ?? block.first)}`;
      throw bad(`The night of ${missing} is outside the block (room type ${roomType.number} has ${range})`,
        block.first !== null && nightOf(missing) < block.first ? target('arrival') : missing === stay.arrival ? target('arrival') : target('departure'));
    }
    const rates = new Map(inBlock.map((n) => [dayOf(n.night), n.rate]));
    return { he, hotel, roomType, stay, rates };
  }

  /** The emails of the guests, as compared for overlapping stays (lower case). */
  private static emails(guests: ReadonlyArray<{ email?: string }>): string[] {
    return guests.flatMap((g) => (g.email !== undefined ? [g.email.trim().toLowerCase()] : []));
  }

  /** A live reservation of one of the guests whose stay overlaps (400 naming the guest's email), other than `exceptId`. */
  private async assertNoOverlap(accountId: string, housingEventId: string, stay: Stay, emails: readonly string[], exceptId: string | null, trx: Transaction<Database>) {
    const others = await this.repo.overlapping(accountId, housingEventId, stay.arrival, stay.departure, exceptId, trx);
    for (const other of others) {
      const theirs = new Set(HousingService.emails(parseJson<Guest[]>(other.guests) ?? []));
      const i = emails.findIndex((e) => theirs.has(e));
      if (i >= 0) {
        throw bad(`The guest already has reservation ${other.confirmation_number} from ${other.arrival} to ${other.departure}, which overlaps this stay`, `guests[${i}].email`);
      }
    }
  }

  /**
   * Books a room: in one transaction, one room of the room type is taken for each night of the stay (a conditional
   * UPDATE per night, in date order); a night with none left rolls everything back (400 naming roomType.id).
   */
  async createReservation(auth: AuthContext, input: ReservationInput): Promise<Reservation> {
    const { he, hotel, roomType, stay, rates } = await this.booking(auth.accountId, input);
    const guests = input.guests.map((g) => keptGuest(g) as Reservation['guests'][number]);
    const emails = HousingService.emails(guests);
    const contactId = await this.contactOf(auth.accountId, guests);
    const { created } = this.stamp(auth);
    const id = newId();
    const nights = stay.nights.map((d) => ({ night: d, rate: rates.get(d) ?? 0 }));
    await this.repo.transaction(async (trx) => {
      await this.repo.lockGuests(auth.accountId, emails, trx);
      // The writes come first: on SQLite the first takes the write lock, so that another process waits for it (busy_timeout).
      for (const d of stay.nights) {
        if (!(await this.repo.takeRoom(auth.accountId, roomType.id, nightOf(d), created.created, trx))) {
          throw bad(`No room of room type ${roomType.number} is left on the night of ${d}`, 'roomType.id');
        }
      }
      await this.assertNoOverlap(auth.accountId, he.id, stay, emails, null, trx);
      await this.repo.insertReservation({
        id, account_id: auth.accountId, housing_event_id: he.id, hotel_id: hotel.id, room_type_id: roomType.id, attendee_type_id: roomType.attendee_type_id,
        reservation_request_id: null, contact_id: contactId, confirmation_number: confirmationNumber(), arrival: stay.arrival, departure: stay.departure,
        number_of_adults: input.numberOfAdults, number_of_children: input.numberOfChildren ?? 0, guests: JSON.stringify(guests), nights: JSON.stringify(nights),
        currency: he.currency, total: money(nights.reduce((sum, n) => sum + n.rate, 0)), custom_fields: json(input.customFields), accessible: bool(input.accessible),
        special_request: input.specialRequest ?? null, reward_program: json(input.rewardProgram), membership_id: input.membershipId ?? null,
        travel_details: json(input.travelDetails), send_acknowledgement: input.sendAcknowledgement === false ? 0 : 1, split_folio: bool(input.splitFolio),
        canceled: 0, cancelled_at: null, modified: 0, ...created,
      }, trx);
    });
    return this.getReservation(auth.accountId, id);
  }

  /**
   * Replaces the reservation: the rooms of the old stay are given back and those of the new one taken in one
   * transaction (each (room type, night) once, in order), or nothing changes. A cancelled reservation is a 400.
   */
  async updateReservation(auth: AuthContext, id: string, input: ReservationInput): Promise<Reservation> {
    const existing = await this.reservation(auth.accountId, id);
    const { he, hotel, roomType, stay, rates } = await this.booking(auth.accountId, input);
    if (he.id !== existing.housing_event_id) throw bad('A reservation stays in its housing event', 'housingEvent.id');
    const guests = input.guests.map((g) => keptGuest(g) as Reservation['guests'][number]);
    const emails = HousingService.emails(guests);
    const contactId = await this.contactOf(auth.accountId, guests);
    const { modified } = this.stamp(auth);
    const nights = stay.nights.map((d) => ({ night: d, rate: rates.get(d) ?? 0 }));
    await this.repo.transaction(async (trx) => {
      await this.repo.lockGuests(auth.accountId, emails, trx);
      // The write first (the SQLite write lock, and the PostgreSQL row lock that orders concurrent changes of the reservation).
      if (!(await this.repo.updateLiveReservation(auth.accountId, existing.id, modified, trx))) throw bad('The reservation is cancelled', 'reservationId');
      const current = await this.repo.findReservationById(auth.accountId, existing.id, trx);
      if (!current) throw HousingErrors.reservationNotFound(undefined, { target: 'reservationId' });
      const delta = new Map<string, { roomTypeId: string; night: string; n: number }>();
      const add = (roomTypeId: string, night: string, n: number) => {
        const key = `${roomTypeId} ${night}`;
        const d = delta.get(key) ?? { roomTypeId, night, n: 0 };
        d.n += n;
        delta.set(key, d);
      };
      for (const n of parseJson<Array<{ night: string }>>(current.nights) ?? []) add(current.room_type_id, n.night, 1);
      for (const d of stay.nights) add(roomType.id, d, -1);
      for (const [, d] of [...delta.entries()].sort(([a], [b]) => a.localeCompare(b))) {
        if (d.n > 0) await this.repo.giveRoom(auth.accountId, d.roomTypeId, nightOf(d.night), modified.last_modified, trx);
        else if (d.n < 0 && !(await this.repo.takeRoom(auth.accountId, d.roomTypeId, nightOf(d.night), modified.last_modified, trx))) {
          throw bad(`No room of room type ${roomType.number} is left on the night of ${d.night}`, 'roomType.id');
        }
      }
      await this.assertNoOverlap(auth.accountId, he.id, stay, emails, existing.id, trx);
      await this.repo.updateReservation(auth.accountId, existing.id, {
        hotel_id: hotel.id, room_type_id: roomType.id, attendee_type_id: roomType.attendee_type_id, contact_id: contactId, arrival: stay.arrival,
        departure: stay.departure, number_of_adults: input.numberOfAdults, number_of_children: input.numberOfChildren ?? 0, guests: JSON.stringify(guests),
        nights: JSON.stringify(nights), total: money(nights.reduce((sum, n) => sum + n.rate, 0)), custom_fields: json(input.customFields),
        accessible: bool(input.accessible), special_request: input.specialRequest ?? null, reward_program: json(input.rewardProgram),
        membership_id: input.membershipId ?? null, travel_details: json(input.travelDetails), send_acknowledgement: input.sendAcknowledgement === false ? 0 : 1,
        split_folio: bool(input.splitFolio), modified: 1, ...modified,
      }, trx);
    });
    return this.getReservation(auth.accountId, existing.id);
  }

  /** Cancels the reservation and gives its rooms back, in one transaction; cancelling a cancelled reservation changes nothing. */
  async cancelReservation(auth: AuthContext, id: string): Promise<void> {
    const existing = await this.reservation(auth.accountId, id);
    const { modified } = this.stamp(auth);
    await this.repo.transaction(async (trx) => {
      // The write first; then the nights as they are now (read under the write lock / the row lock): each is given back once.
      if (!(await this.repo.cancelReservation(auth.accountId, existing.id, { cancelled_at: modified.last_modified, ...modified }, trx))) return;
      const current = await this.repo.findReservationById(auth.accountId, existing.id, trx);
      if (!current) return;
      const nights = parseJson<Array<{ night: string }>>(current.nights) ?? [];
      for (const n of [...nights].sort((a, b) => a.night.localeCompare(b.night))) {
        await this.repo.giveRoom(auth.accountId, current.room_type_id, nightOf(n.night), modified.last_modified, trx);
      }
    });
  }
}

/** A venue as the housing event keeps it: the reference's name and address fields. */
function venueOf(v: { name?: string; address?: Record<string, unknown> }): HousingEvent['venue'] {
  const a = v.address ?? {};
  const pick = (k: string): string | undefined => (typeof a[k] === 'string' ? a[k] : undefined);
  const address: Record<string, string | number> = Object.fromEntries(['address1', 'address2', 'city', 'region', 'regionCode', 'postalCode', 'country', 'countryCode']
    .flatMap((k) => { const val = pick(k); return val === undefined ? [] : [[k, val]]; }));
  for (const k of ['latitude', 'longitude']) if (typeof a[k] === 'number') address[k] = a[k];
  return { ...(v.name !== undefined ? { name: v.name } : {}), ...(Object.keys(address).length > 0 ? { address } : {}) };
}
