import type { Db } from '../../db/index.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { Row, RowPatch } from '../../db/types.js';
import { AccountRows, Repository, type Executor } from '../../db/repository.js';

/** The event-travel tables: rows of one event's attendees. */
export type TravelTable = 'travel_air_requests' | 'travel_air_actuals' | 'travel_hotel_requests' | 'travel_alternate_answers';
export const TRAVEL_TABLE_NAMES: readonly TravelTable[] = ['travel_air_requests', 'travel_air_actuals', 'travel_hotel_requests', 'travel_alternate_answers'];

/** The supplier catalogue, travel accounts and events' travel; every statement names the account. */
export class TravelRepository extends Repository {
  readonly brands = new AccountRows('travel_brands');
  readonly chains = new AccountRows('travel_chains');
  readonly properties = new AccountRows('travel_properties');
  readonly rooms = new AccountRows('travel_property_rooms');
  readonly accounts = new AccountRows('travel_accounts');
  readonly suppliers = new AccountRows('travel_supplier_accounts');
  readonly airRequests = new AccountRows('travel_air_requests');
  readonly airActuals = new AccountRows('travel_air_actuals');
  readonly hotelRequests = new AccountRows('travel_hotel_requests');
  readonly alternates = new AccountRows('travel_alternate_answers');

  constructor(db: Db) {
    super(db);
  }

  // ---- Catalogue ----

  listBrands(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('travel_brands').selectAll('travel_brands').where('travel_brands.account_id', '=', accountId), spec);
  }

  brandByCode(accountId: string, code: string, ex: Executor = this.db): Promise<Row<'travel_brands'> | undefined> {
    return ex.selectFrom('travel_brands').selectAll().where('account_id', '=', accountId).where('code', '=', code).executeTakeFirst();
  }

  listChains(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('travel_chains').selectAll('travel_chains').where('travel_chains.account_id', '=', accountId), spec);
  }

  listProperties(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('travel_properties').selectAll('travel_properties').where('travel_properties.account_id', '=', accountId), spec);
  }

  listRooms(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('travel_property_rooms').selectAll('travel_property_rooms').where('travel_property_rooms.account_id', '=', accountId), spec);
  }

  // ---- Travel accounts ----

  listAccounts(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('travel_accounts').selectAll('travel_accounts').where('travel_accounts.account_id', '=', accountId), spec);
  }

  listSuppliers(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('travel_supplier_accounts').selectAll('travel_supplier_accounts').where('travel_supplier_accounts.account_id', '=', accountId), spec);
  }

  /** Where a statement runs outside a transaction: the database. */
  get executor(): Executor {
    return this.db;
  }

  /**
   * Writes the travel account's supplier account: one per travel account, with its id. An upsert, so that two first
   * writes of the same supplier account race to one row (the later wins) rather than to a key violation.
   */
  async saveSupplier(row: Row<'travel_supplier_accounts'>, ex: Executor = this.db): Promise<void> {
    const { id: _id, account_id: _account, created: _created, created_by: _createdBy, ...patch } = row;
    await ex.insertInto('travel_supplier_accounts').values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet(patch).where('travel_supplier_accounts.account_id', '=', row.account_id)).execute();
  }

  // ---- Event travel ----

  listAirRequests(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('travel_air_requests').selectAll('travel_air_requests')
      .where('travel_air_requests.account_id', '=', accountId).where('travel_air_requests.event_id', '=', eventId), spec);
  }

  listAirActuals(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('travel_air_actuals').selectAll('travel_air_actuals')
      .where('travel_air_actuals.account_id', '=', accountId).where('travel_air_actuals.event_id', '=', eventId), spec);
  }

  listHotelRequests(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('travel_hotel_requests').selectAll('travel_hotel_requests')
      .where('travel_hotel_requests.account_id', '=', accountId).where('travel_hotel_requests.event_id', '=', eventId), spec);
  }

  listAlternates(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('travel_alternate_answers').selectAll('travel_alternate_answers')
      .where('travel_alternate_answers.account_id', '=', accountId).where('travel_alternate_answers.event_id', '=', eventId), spec);
  }

  // ---- Erasure ----

  /** The travel rows of these attendees (the erased contacts'), with the columns that hold what they asked for. */
  airRequestsOf(accountId: string, attendeeIds: readonly string[], ex: Executor) {
    return ex.selectFrom('travel_air_requests').select(['id', 'details']).where('account_id', '=', accountId).where('attendee_id', 'in', [...attendeeIds]).execute();
  }

  airActualsOf(accountId: string, attendeeIds: readonly string[], ex: Executor) {
    return ex.selectFrom('travel_air_actuals').select(['id', 'details']).where('account_id', '=', accountId).where('attendee_id', 'in', [...attendeeIds]).execute();
  }

  hotelRequestsOf(accountId: string, attendeeIds: readonly string[], ex: Executor) {
    return ex.selectFrom('travel_hotel_requests').select(['id', 'details']).where('account_id', '=', accountId).where('attendee_id', 'in', [...attendeeIds]).execute();
  }

  async eraseAirRequest(accountId: string, id: string, patch: RowPatch<'travel_air_requests'>, ex: Executor): Promise<void> {
    await this.airRequests.update(ex, accountId, id, patch);
  }

  async eraseAirActual(accountId: string, id: string, patch: RowPatch<'travel_air_actuals'>, ex: Executor): Promise<void> {
    await this.airActuals.update(ex, accountId, id, patch);
  }

  async eraseHotelRequest(accountId: string, id: string, patch: RowPatch<'travel_hotel_requests'>, ex: Executor): Promise<void> {
    await this.hotelRequests.update(ex, accountId, id, patch);
  }

  async clearAlternatesOf(accountId: string, attendeeIds: readonly string[], patch: RowPatch<'travel_alternate_answers'>, ex: Executor): Promise<number> {
    const r = await ex.updateTable('travel_alternate_answers').set(patch).where('account_id', '=', accountId).where('attendee_id', 'in', [...attendeeIds]).executeTakeFirst();
    return Number(r.numUpdatedRows);
  }
}
