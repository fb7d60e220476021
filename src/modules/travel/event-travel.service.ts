import type { Transaction } from 'kysely';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import type { Clock } from '../../db/time.js';
import type { Row } from '../../db/types.js';
import { FilterError, listPage, parseFilter, type FilterFields, type FilterNode, type ListQuery, type Paging } from '../../lists/index.js';
import type { AttendeesService } from '../attendees/index.js';
import type { EventsService } from '../events/index.js';
import {
  AirActualDetailFields, AirRequestDetailFields, HotelRequestDetailFields, type AirActual, type AirActualInput, type AirActualWrite, type AirRequest, type AirRequestInput,
  type AirRequestWrite, type Alternate, type AlternateInput, type HotelRequest, type HotelRequestInput, type HotelRequestWrite,
} from './event-travel.schemas.js';
import { TravelErrors } from './travel.errors.js';
import { AIR_ACTUALS_LIST, AIR_REQUESTS_LIST, ALTERNATE_ANSWERS_LIST, HOTEL_REQUESTS_LIST } from './travel.filters.js';
import type { TravelRepository } from './travel.repository.js';
import { auditOf, parsed } from './travel.service.js';

/** What the event-travel service calls in other modules. */
export interface EventTravelUses {
  readonly events: Pick<EventsService, 'find'>;
  readonly attendees: Pick<AttendeesService, 'findInEvent' | 'contactAttendeeIds'>;
}

type Page<T> = Promise<{ paging: Paging; data: T[] }>;
type Answers = Array<{ question: { id: string }; value: string[] }>;
const bad = (message: string, target: string) => TravelErrors.invalid(message, { target });

/** The keys of a request kept in its `details` JSON column. */
const AIR_REQUEST_DETAILS = Object.keys(AirRequestDetailFields);
const AIR_ACTUAL_DETAILS = Object.keys(AirActualDetailFields);
const HOTEL_REQUEST_DETAILS = Object.keys(HotelRequestDetailFields);

function pick(input: Readonly<Record<string, unknown>>, keys: readonly string[]): string {
  return JSON.stringify(Object.fromEntries(keys.filter((k) => input[k] !== undefined).map((k) => [k, input[k]])));
}

/** Consecutive rows of one attendee, as the reference's items: `{ attendee, <key>: [...] }`. */
function byAttendee<R extends { attendee_id: string }, T, K extends string>(rows: readonly R[], key: K, map: (r: R) => T): Array<{ attendee: { id: string } } & Record<K, T[]>> {
  const items: Array<{ attendee: { id: string } } & Record<K, T[]>> = [];
  let last: { id: string; list: T[] } | undefined;
  for (const r of rows) {
    if (last?.id !== r.attendee_id) {
      last = { id: r.attendee_id, list: [] };
      items.push({ attendee: { id: r.attendee_id }, [key]: last.list } as { attendee: { id: string } } & Record<K, T[]>);
    }
    last.list.push(map(r));
  }
  return items;
}

/** The reference's limit on an event-travel filter: at most 17 comparisons. */
const MAX_COMPARISONS = 17;

/**
 * An event-travel filter as the reference allows it: `attendee.id` comparisons joined by `or` (its only logical
 * operator), at most 17 of them; 400 aimed at `filter` otherwise. A filter that does not parse is left to the list,
 * which reports where.
 */
function checkTravelFilter(filter: string | undefined, fields: FilterFields): void {
  if (filter === undefined) return;
  let node: FilterNode;
  try {
    node = parseFilter(filter, fields);
  } catch (err) {
    if (err instanceof FilterError) return;
    throw err;
  }
  let comparisons = 0;
  const walk = (n: FilterNode): void => {
    if (n.kind === 'cmp') {
      comparisons += 1;
      return;
    }
    if (n.kind === 'and') throw TravelErrors.invalid('Invalid filter: combine attendee.id comparisons with or (the only logical operator of this list)', { target: 'filter' });
    walk(n.left);
    walk(n.right);
  };
  walk(node);
  if (comparisons > MAX_COMPARISONS) throw TravelErrors.invalid(`Invalid filter: at most ${MAX_COMPARISONS} comparisons (${comparisons} given)`, { target: 'filter' });
}

const nonEmpty = <K extends string>(key: K, value: string): Partial<Record<K, string>> => (value !== '' ? { [key]: value } as Record<K, string> : {});

/**
 * An event's travel (issue 32): its attendees' air requests, air actuals (what was booked), hotel requests and answers
 * to alternate travel questions. The reference only reads them; creating, replacing and deleting them one at a time
 * are eventline's extensions (DESIGN rule 11). Each names an attendee of the event; the traveller's names and what
 * they asked for are personal data, erased with the attendee's contact (travel.erasers.ts).
 *
 * A list reads the event's requests in keyset pages (sorted as asked, then by id) and gives each run of one
 * attendee's consecutive requests as one item: with the default order an attendee's requests are one item, unless
 * they span two pages.
 */
export class EventTravelService {
  constructor(
    private readonly repo: TravelRepository,
    private readonly uses: EventTravelUses,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  private href(eventId: string, rest: string): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}/events/${eventId}/event-travel/${rest}`;
  }

  private async event(accountId: string, id: string, trx?: Transaction<Database>): Promise<string> {
    const event = await this.uses.events.find(accountId, id.toLowerCase(), trx);
    if (!event) throw TravelErrors.eventNotFound(undefined, { target: 'id' });
    return event.id;
  }

  /** The attendee the request names, which must be the event's (400 naming attendee.id); and its contact. */
  private async attendee(accountId: string, eventId: string, id: string, trx: Transaction<Database>) {
    const attendee = await this.uses.attendees.findInEvent(accountId, eventId, id, trx);
    if (!attendee) throw bad(`${id} is not an attendee of the event`, 'attendee.id');
    return attendee;
  }

  /** The row's owner columns, the requester (by default the attendee's contact) and the audit fields of a new or replaced row. */
  private async traveller(auth: AuthContext, eventId: string, input: { attendee: { id: string }; requesterId?: string; requesterType?: string }, trx: Transaction<Database>) {
    const attendee = await this.attendee(auth.accountId, eventId, input.attendee.id, trx);
    return {
      attendee,
      columns: {
        account_id: auth.accountId, event_id: eventId, attendee_id: attendee.id,
        requester_id: (input.requesterId ?? attendee.contact.id).toLowerCase(), requester_type: input.requesterType ?? 'Contact',
      },
    };
  }

  private stamp(auth: AuthContext) {
    return auditStamp(auth, this.clock());
  }

  /** Runs a write of one event's travel: the event must be the account's (404). */
  private write<T>(auth: AuthContext, eventId: string, fn: (eventId: string, trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.repo.transaction(async (trx) => fn(await this.event(auth.accountId, eventId, trx), trx));
  }

  // ---- Air requests ----

  private airRequestToApi(r: Row<'travel_air_requests'>): AirRequest {
    return {
      ...parsed<Partial<AirRequest>>(r.details), airRequestId: r.id, requesterId: r.requester_id, requesterType: r.requester_type as AirRequest['requesterType'] & string,
      ...nonEmpty('requesterFirstName', r.requester_first_name), ...nonEmpty('requesterLastName', r.requester_last_name), status: r.status as AirRequest['status'] & string,
      airRequestAnswers: parsed<Answers>(r.answers), ...auditOf(r),
    };
  }

  async listAirRequests(accountId: string, eventId: string, query: ListQuery) {
    checkTravelFilter(query.filter, AIR_REQUESTS_LIST.filters);
    const id = await this.event(accountId, eventId);
    const page = await listPage(AIR_REQUESTS_LIST, query, (spec) => this.repo.listAirRequests(accountId, id, spec), (r) => r, this.href(id, 'air-requests'));
    return { paging: page.paging, data: byAttendee(page.data, 'airRequestDetails', (r) => this.airRequestToApi(r)) };
  }

  private async airRequestRow(auth: AuthContext, eventId: string, input: AirRequestInput, trx: Transaction<Database>) {
    const { attendee, columns } = await this.traveller(auth, eventId, input, trx);
    const own = columns.requester_type === 'Contact' && columns.requester_id === attendee.contact.id;
    return {
      ...columns, status: input.status ?? 'SUBMITTED',
      requester_first_name: input.requesterFirstName ?? (own ? attendee.contact.firstName ?? '' : ''),
      requester_last_name: input.requesterLastName ?? (own ? attendee.contact.lastName ?? '' : ''),
      details: pick(input, AIR_REQUEST_DETAILS), answers: JSON.stringify(input.airRequestAnswers ?? []),
    };
  }

  private airRequestWrite(r: Row<'travel_air_requests'>): AirRequestWrite {
    return { attendee: { id: r.attendee_id }, ...this.airRequestToApi(r) };
  }

  createAirRequest(auth: AuthContext, eventId: string, input: AirRequestInput): Promise<AirRequestWrite> {
    return this.write(auth, eventId, async (id, trx) => {
      const row: Row<'travel_air_requests'> = { id: newId(), ...(await this.airRequestRow(auth, id, input, trx)), ...this.stamp(auth).created };
      await this.repo.airRequests.insert(trx, row);
      return this.airRequestWrite(row);
    });
  }

  private async found<R extends { event_id: string }>(row: R | undefined, eventId: string, notFound: () => Error): Promise<R> {
    if (row?.event_id !== eventId) throw notFound();
    return row;
  }

  updateAirRequest(auth: AuthContext, eventId: string, requestId: string, input: AirRequestInput): Promise<AirRequestWrite> {
    return this.write(auth, eventId, async (id, trx) => {
      const row = await this.found(await this.repo.airRequests.get(trx, auth.accountId, requestId.toLowerCase()), id,
        () => TravelErrors.airRequestNotFound(undefined, { target: 'airRequestId' }));
      const patch = { ...(await this.airRequestRow(auth, id, input, trx)), ...this.stamp(auth).modified };
      await this.repo.airRequests.update(trx, auth.accountId, row.id, patch);
      return this.airRequestWrite({ ...row, ...patch });
    });
  }

  deleteAirRequest(auth: AuthContext, eventId: string, requestId: string): Promise<void> {
    return this.write(auth, eventId, async (id, trx) => {
      const row = await this.found(await this.repo.airRequests.get(trx, auth.accountId, requestId.toLowerCase()), id,
        () => TravelErrors.airRequestNotFound(undefined, { target: 'airRequestId' }));
      await this.repo.airRequests.delete(trx, auth.accountId, row.id);
    });
  }

  // ---- Air actuals ----

  private airActualToApi(r: Row<'travel_air_actuals'>): AirActual {
    return {
      ...parsed<Partial<AirActual>>(r.details), airActualId: r.id, requesterId: r.requester_id, requesterType: r.requester_type as AirActual['requesterType'] & string,
      status: r.status as AirActual['status'] & string, ...nonEmpty('name', r.name), airActualAnswers: parsed<Answers>(r.answers), ...auditOf(r),
    };
  }

  async listAirActuals(accountId: string, eventId: string, query: ListQuery) {
    checkTravelFilter(query.filter, AIR_ACTUALS_LIST.filters);
    const id = await this.event(accountId, eventId);
    const page = await listPage(AIR_ACTUALS_LIST, query, (spec) => this.repo.listAirActuals(accountId, id, spec), (r) => r, this.href(id, 'air-actuals'));
    return { paging: page.paging, data: byAttendee(page.data, 'airActualDetails', (r) => this.airActualToApi(r)) };
  }

  private async airActualRow(auth: AuthContext, eventId: string, input: AirActualInput, trx: Transaction<Database>) {
    const { attendee, columns } = await this.traveller(auth, eventId, input, trx);
    const own = columns.requester_type === 'Contact' && columns.requester_id === attendee.contact.id;
    const contactName = [attendee.contact.firstName, attendee.contact.lastName].filter((p) => p !== undefined && p !== '').join(' ');
    return {
      ...columns, status: input.status ?? 'RESERVED', name: input.name ?? (own ? contactName : ''),
      details: pick(input, AIR_ACTUAL_DETAILS), answers: JSON.stringify(input.airActualAnswers ?? []),
    };
  }

  private airActualWrite(r: Row<'travel_air_actuals'>): AirActualWrite {
    return { attendee: { id: r.attendee_id }, ...this.airActualToApi(r) };
  }

  createAirActual(auth: AuthContext, eventId: string, input: AirActualInput): Promise<AirActualWrite> {
    return this.write(auth, eventId, async (id, trx) => {
      const row: Row<'travel_air_actuals'> = { id: newId(), ...(await this.airActualRow(auth, id, input, trx)), ...this.stamp(auth).created };
      await this.repo.airActuals.insert(trx, row);
      return this.airActualWrite(row);
    });
  }

  updateAirActual(auth: AuthContext, eventId: string, actualId: string, input: AirActualInput): Promise<AirActualWrite> {
    return this.write(auth, eventId, async (id, trx) => {
      const row = await this.found(await this.repo.airActuals.get(trx, auth.accountId, actualId.toLowerCase()), id,
        () => TravelErrors.airActualNotFound(undefined, { target: 'airActualId' }));
      const patch = { ...(await this.airActualRow(auth, id, input, trx)), ...this.stamp(auth).modified };
      await this.repo.airActuals.update(trx, auth.accountId, row.id, patch);
      return this.airActualWrite({ ...row, ...patch });
    });
  }

  deleteAirActual(auth: AuthContext, eventId: string, actualId: string): Promise<void> {
    return this.write(auth, eventId, async (id, trx) => {
      const row = await this.found(await this.repo.airActuals.get(trx, auth.accountId, actualId.toLowerCase()), id,
        () => TravelErrors.airActualNotFound(undefined, { target: 'airActualId' }));
      await this.repo.airActuals.delete(trx, auth.accountId, row.id);
    });
  }

  // ---- Hotel requests ----

  private hotelRequestToApi(r: Row<'travel_hotel_requests'>): HotelRequest {
    return {
      ...parsed<Partial<HotelRequest>>(r.details), hotelRequestId: r.id, requesterId: r.requester_id, requesterType: r.requester_type as HotelRequest['requesterType'] & string,
      ...nonEmpty('requesterFirstName', r.requester_first_name), ...nonEmpty('requesterLastName', r.requester_last_name), status: r.status as HotelRequest['status'] & string,
      hotelRequestAnswers: parsed<Answers>(r.answers), ...auditOf(r),
    };
  }

  async listHotelRequests(accountId: string, eventId: string, query: ListQuery) {
    checkTravelFilter(query.filter, HOTEL_REQUESTS_LIST.filters);
    const id = await this.event(accountId, eventId);
    const page = await listPage(HOTEL_REQUESTS_LIST, query, (spec) => this.repo.listHotelRequests(accountId, id, spec), (r) => r, this.href(id, 'hotel-requests'));
    return { paging: page.paging, data: byAttendee(page.data, 'hotelRequestDetails', (r) => this.hotelRequestToApi(r)) };
  }

  private async hotelRequestRow(auth: AuthContext, eventId: string, input: HotelRequestInput, trx: Transaction<Database>) {
    const { attendee, columns } = await this.traveller(auth, eventId, input, trx);
    if (input.checkinDate !== undefined && input.checkoutDate !== undefined && Date.parse(input.checkoutDate) < Date.parse(input.checkinDate)) {
      throw bad('checkoutDate is before checkinDate', 'checkoutDate');
    }
    const own = columns.requester_type === 'Contact' && columns.requester_id === attendee.contact.id;
    return {
      ...columns, status: input.status ?? 'SUBMITTED',
      requester_first_name: input.requesterFirstName ?? (own ? attendee.contact.firstName ?? '' : ''),
      requester_last_name: input.requesterLastName ?? (own ? attendee.contact.lastName ?? '' : ''),
      details: pick(input, HOTEL_REQUEST_DETAILS), answers: JSON.stringify(input.hotelRequestAnswers ?? []),
    };
  }

  private hotelRequestWrite(r: Row<'travel_hotel_requests'>): HotelRequestWrite {
    return { attendee: { id: r.attendee_id }, ...this.hotelRequestToApi(r) };
  }

  createHotelRequest(auth: AuthContext, eventId: string, input: HotelRequestInput): Promise<HotelRequestWrite> {
    return this.write(auth, eventId, async (id, trx) => {
      const row: Row<'travel_hotel_requests'> = { id: newId(), ...(await this.hotelRequestRow(auth, id, input, trx)), ...this.stamp(auth).created };
      await this.repo.hotelRequests.insert(trx, row);
      return this.hotelRequestWrite(row);
    });
  }

  updateHotelRequest(auth: AuthContext, eventId: string, requestId: string, input: HotelRequestInput): Promise<HotelRequestWrite> {
    return this.write(auth, eventId, async (id, trx) => {
      const row = await this.found(await this.repo.hotelRequests.get(trx, auth.accountId, requestId.toLowerCase()), id,
        () => TravelErrors.hotelRequestNotFound(undefined, { target: 'hotelRequestId' }));
      const patch = { ...(await this.hotelRequestRow(auth, id, input, trx)), ...this.stamp(auth).modified };
      await this.repo.hotelRequests.update(trx, auth.accountId, row.id, patch);
      return this.hotelRequestWrite({ ...row, ...patch });
    });
  }

  deleteHotelRequest(auth: AuthContext, eventId: string, requestId: string): Promise<void> {
    return this.write(auth, eventId, async (id, trx) => {
      const row = await this.found(await this.repo.hotelRequests.get(trx, auth.accountId, requestId.toLowerCase()), id,
        () => TravelErrors.hotelRequestNotFound(undefined, { target: 'hotelRequestId' }));
      await this.repo.hotelRequests.delete(trx, auth.accountId, row.id);
    });
  }

  // ---- Alternate travel answers ----

  private alternateToApi(r: Row<'travel_alternate_answers'>): Alternate {
    return {
      id: r.id, attendee: { id: r.attendee_id }, requesterId: r.requester_id, requesterType: r.requester_type as Alternate['requesterType'] & string,
      travelType: r.travel_type as Alternate['travelType'], question: { id: r.question_id, ...(r.question_text !== null ? { text: r.question_text } : {}) },
      answer: { value: parsed<string[]>(r.answer) }, ...auditOf(r),
    };
  }

  async listAlternates(accountId: string, eventId: string, query: ListQuery): Page<Alternate> {
    checkTravelFilter(query.filter, ALTERNATE_ANSWERS_LIST.filters);
    const id = await this.event(accountId, eventId);
    return listPage(ALTERNATE_ANSWERS_LIST, query, (spec) => this.repo.listAlternates(accountId, id, spec), (r) => this.alternateToApi(r), this.href(id, 'alternate-answers'));
  }

  private async alternateRow(auth: AuthContext, eventId: string, input: AlternateInput, trx: Transaction<Database>) {
    if (input.requesterType === 'Guest' && input.requesterId === undefined) throw bad('A guest\'s answer names the guest (requesterId)', 'requesterId');
    const { columns } = await this.traveller(auth, eventId, input, trx);
    return {
      ...columns, travel_type: input.travelType, question_id: input.question.id.toLowerCase(), question_text: input.question.text ?? null,
      answer: JSON.stringify(input.answer.value),
    };
  }

  createAlternate(auth: AuthContext, eventId: string, input: AlternateInput): Promise<Alternate> {
    return this.write(auth, eventId, async (id, trx) => {
      const row: Row<'travel_alternate_answers'> = { id: newId(), ...(await this.alternateRow(auth, id, input, trx)), ...this.stamp(auth).created };
      await this.repo.alternates.insert(trx, row);
      return this.alternateToApi(row);
    });
  }

  updateAlternate(auth: AuthContext, eventId: string, answerId: string, input: AlternateInput): Promise<Alternate> {
    return this.write(auth, eventId, async (id, trx) => {
      const row = await this.found(await this.repo.alternates.get(trx, auth.accountId, answerId.toLowerCase()), id,
        () => TravelErrors.alternateNotFound(undefined, { target: 'answerId' }));
      const patch = { ...(await this.alternateRow(auth, id, input, trx)), ...this.stamp(auth).modified };
      await this.repo.alternates.update(trx, auth.accountId, row.id, patch);
      return this.alternateToApi({ ...row, ...patch });
    });
  }

  deleteAlternate(auth: AuthContext, eventId: string, answerId: string): Promise<void> {
    return this.write(auth, eventId, async (id, trx) => {
      const row = await this.found(await this.repo.alternates.get(trx, auth.accountId, answerId.toLowerCase()), id,
        () => TravelErrors.alternateNotFound(undefined, { target: 'answerId' }));
      await this.repo.alternates.delete(trx, auth.accountId, row.id);
    });
  }

  /** The ids of the contacts' attendees, for the erasers. */
  attendeesOf(accountId: string, contactIds: readonly string[], trx: Transaction<Database>): Promise<string[]> {
    return this.uses.attendees.contactAttendeeIds(accountId, contactIds, trx);
  }
}
