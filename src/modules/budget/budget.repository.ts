import { sql, type Transaction } from 'kysely';
import type { Database, Db, Dialect } from '../../db/index.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { NewRow, Row, RowPatch } from '../../db/types.js';
import { AccountRows, Repository, type Executor } from '../../db/repository.js';
import type { VersionRow } from './budget.filters.js';

/** The sums an event's budget totals are made of, in minor units of the base currency (bigint-safe: see sumOf). */
export interface TotalsSums {
  readonly byStatus: ReadonlyArray<{ status: string; base: unknown }>;
  readonly lines: ReadonlyArray<{ cost_detail_id: string; total: unknown; tax: unknown; gratuity: unknown }>;
  readonly paid: unknown;
  readonly allocated: unknown;
  readonly lastModified: string | null;
}

/** Budgets, payments, conversion rates, cards and card transactions; every statement names the account. */
export class BudgetRepository extends Repository {
  private readonly rates = new AccountRows('budget_conversion_rates');
  private readonly items = new AccountRows('budget_items');
  private readonly payments = new AccountRows('budget_payments');
  private readonly cards = new AccountRows('budget_cards');
  private readonly transactions = new AccountRows('budget_card_transactions');

  constructor(db: Db, private readonly dialect: Dialect) {
    super(db);
  }

  /** A read of one moment (PostgreSQL: repeatable read; SQLite: a transaction reads one snapshot). */
  snapshot<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const t = this.db.transaction();
    return (this.dialect === 'postgres' ? t.setIsolationLevel('repeatable read') : t).execute(fn);
  }

  /**
   * Locks the item's row until the transaction ends (PostgreSQL; SQLite runs one write transaction at a time), so
   * that an item's new total and its allocations' amounts are written from the same state.
   */
  async lockItem(accountId: string, id: string, ex: Executor): Promise<void> {
    if (this.dialect !== 'postgres') return;
    await ex.selectFrom('budget_items').select('id').where('account_id', '=', accountId).where('id', '=', id).forUpdate().execute();
  }

  /** Serialises the writes of one currency's rates (PostgreSQL), so that two overlapping rates cannot both be added. */
  async lockCurrency(accountId: string, currency: string, ex: Executor): Promise<void> {
    if (this.dialect !== 'postgres') return;
    await sql`select pg_advisory_xact_lock(hashtext(${`budget-rates:${accountId}:${currency}`}))`.execute(ex);
  }

  // ---- Conversion rates ----

  listRates(accountId: string, currency: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('budget_conversion_rates').selectAll('budget_conversion_rates')
      .where('budget_conversion_rates.account_id', '=', accountId).where('budget_conversion_rates.currency', '=', currency), spec);
  }

  async findRate(accountId: string, currency: string, id: string, ex: Executor = this.db): Promise<Row<'budget_conversion_rates'> | undefined> {
    const row = await this.rates.get(ex, accountId, id);
    return row?.currency === currency ? row : undefined;
  }

  /** A rate of the currency whose dates overlap [start, end] (end null: open-ended), other than `exceptId`. */
  overlapping(accountId: string, currency: string, start: string, end: string | null, exceptId: string | null, ex: Executor = this.db) {
    let q = ex.selectFrom('budget_conversion_rates').selectAll().where('account_id', '=', accountId).where('currency', '=', currency)
      .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', start)]));
    if (end !== null) q = q.where('start_date', '<=', end);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return q.executeTakeFirst();
  }

  /** The currency's rate in force on `day` (YYYY-MM-DD). */
  rateOn(accountId: string, currency: string, day: string, ex: Executor = this.db): Promise<Row<'budget_conversion_rates'> | undefined> {
    return ex.selectFrom('budget_conversion_rates').selectAll().where('account_id', '=', accountId).where('currency', '=', currency)
      .where('start_date', '<=', day).where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', day)]))
      .orderBy('start_date', 'desc').executeTakeFirst();
  }

  insertRate(row: NewRow<'budget_conversion_rates'>, ex: Executor = this.db): Promise<void> {
    return this.rates.insert(ex, row);
  }

  updateRate(accountId: string, id: string, patch: RowPatch<'budget_conversion_rates'>, ex: Executor = this.db): Promise<void> {
    return this.rates.update(ex, accountId, id, patch);
  }

  deleteRate(accountId: string, id: string, ex: Executor = this.db): Promise<void> {
    return this.rates.delete(ex, accountId, id);
  }

  // ---- Items ----

  listEventItems(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('budget_items').selectAll('budget_items')
      .where('budget_items.account_id', '=', accountId).where('budget_items.event_id', '=', eventId), spec);
  }

  listAccountItems(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('budget_items').selectAll('budget_items').where('budget_items.account_id', '=', accountId), spec);
  }

  async findItem(accountId: string, eventId: string, id: string, ex: Executor = this.db): Promise<Row<'budget_items'> | undefined> {
    const row = await this.items.get(ex, accountId, id);
    return row?.event_id === eventId ? row : undefined;
  }

  findAnyItem(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'budget_items'> | undefined> {
    return this.items.get(ex, accountId, id);
  }

  linesOf(accountId: string, itemIds: readonly string[], ex: Executor = this.db): Promise<Array<Row<'budget_item_lines'>>> {
    if (itemIds.length === 0) return Promise.resolve([]);
    return ex.selectFrom('budget_item_lines').selectAll().where('account_id', '=', accountId).where('budget_item_id', 'in', [...itemIds])
      .orderBy('budget_item_id').orderBy('position').execute();
  }

  /** Writes the item (insert or replace) with its cost lines. */
  async saveItem(row: Row<'budget_items'>, lines: ReadonlyArray<NewRow<'budget_item_lines'>>, isNew: boolean, ex: Executor = this.db): Promise<void> {
    if (isNew) await this.items.insert(ex, row);
    else {
      const { id, account_id: accountId, ...patch } = row;
      await this.items.update(ex, accountId, id, patch);
      await ex.deleteFrom('budget_item_lines').where('account_id', '=', accountId).where('budget_item_id', '=', id).execute();
    }
    for (let i = 0; i < lines.length; i += 100) await ex.insertInto('budget_item_lines').values(lines.slice(i, i + 100)).execute();
  }

  /** Many new items with their lines in few statements (the bulk path of the service). */
  async insertItems(rows: ReadonlyArray<Row<'budget_items'>>, lines: ReadonlyArray<NewRow<'budget_item_lines'>>, ex: Executor = this.db): Promise<void> {
    for (let i = 0; i < rows.length; i += 50) await ex.insertInto('budget_items').values(rows.slice(i, i + 50)).execute();
    for (let i = 0; i < lines.length; i += 100) await ex.insertInto('budget_item_lines').values(lines.slice(i, i + 100)).execute();
  }

  // ---- Allocations ----

  listAllocations(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('budget_allocations').selectAll('budget_allocations')
      .where('budget_allocations.account_id', '=', accountId).where('budget_allocations.event_id', '=', eventId), spec);
  }

  allocationsOf(accountId: string, itemId: string, ex: Executor = this.db): Promise<Array<Row<'budget_allocations'>>> {
    return ex.selectFrom('budget_allocations').selectAll().where('account_id', '=', accountId).where('budget_item_id', '=', itemId).orderBy('position').execute();
  }

  async replaceAllocations(accountId: string, itemId: string, rows: ReadonlyArray<NewRow<'budget_allocations'>>, ex: Executor = this.db): Promise<void> {
    await ex.deleteFrom('budget_allocations').where('account_id', '=', accountId).where('budget_item_id', '=', itemId).execute();
    for (let i = 0; i < rows.length; i += 50) await ex.insertInto('budget_allocations').values(rows.slice(i, i + 50)).execute();
  }

  async setAllocationBase(accountId: string, id: string, baseMinor: number, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('budget_allocations').set({ base_minor: baseMinor }).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  // ---- Payments ----

  listPayments(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('budget_payments').selectAll('budget_payments')
      .where('budget_payments.account_id', '=', accountId).where('budget_payments.event_id', '=', eventId), spec);
  }

  async findPayment(accountId: string, eventId: string, id: string, ex: Executor = this.db): Promise<Row<'budget_payments'> | undefined> {
    const row = await this.payments.get(ex, accountId, id);
    return row?.event_id === eventId ? row : undefined;
  }

  async insertPayments(rows: ReadonlyArray<NewRow<'budget_payments'>>, ex: Executor = this.db): Promise<void> {
    for (let i = 0; i < rows.length; i += 50) await ex.insertInto('budget_payments').values(rows.slice(i, i + 50)).execute();
  }

  updatePayment(accountId: string, id: string, patch: RowPatch<'budget_payments'>, ex: Executor = this.db): Promise<void> {
    return this.payments.update(ex, accountId, id, patch);
  }

  deletePayment(accountId: string, id: string, ex: Executor = this.db): Promise<void> {
    return this.payments.delete(ex, accountId, id);
  }

  // ---- Totals ----

  /** The event's default budget version as a one-row derived table, for the totals list's filter and paging. */
  listVersions(version: VersionRow, spec: ListSpec) {
    const row = this.db.selectNoFrom([
      sql<string>`cast(${version.id} as text)`.as('id'), sql<string>`cast(${version.name} as text)`.as('name'), sql<number>`cast(${version.is_default} as integer)`.as('is_default'),
    ]);
    return fetchPage(this.db.selectFrom(row.as('budget_versions')).selectAll('budget_versions'), spec);
  }

  /** Sums over the event's items that are not deleted, their lines, allocations and payments, in one snapshot (the caller's transaction). */
  async totals(accountId: string, eventId: string, ex: Executor = this.db): Promise<TotalsSums> {
    const live = (q: Executor) => q.selectFrom('budget_items').select('id').where('account_id', '=', accountId).where('event_id', '=', eventId).where('deleted', '=', 0);
    const byStatus = await ex.selectFrom('budget_items').select(['status', sql<unknown>`sum(base_total_minor)`.as('base')])
      .where('account_id', '=', accountId).where('event_id', '=', eventId).where('deleted', '=', 0).groupBy('status').execute();
    const lines = await ex.selectFrom('budget_item_lines')
      .select(['cost_detail_id', sql<unknown>`sum(base_total_minor)`.as('total'), sql<unknown>`sum(base_tax_minor)`.as('tax'), sql<unknown>`sum(base_gratuity_minor)`.as('gratuity')])
      .where('account_id', '=', accountId).where('event_id', '=', eventId).where('budget_item_id', 'in', live(ex)).groupBy('cost_detail_id').orderBy('cost_detail_id').execute();
    const paid = await ex.selectFrom('budget_payments').select(sql<unknown>`sum(base_minor)`.as('n'))
      .where('account_id', '=', accountId).where('event_id', '=', eventId).where('budget_item_id', 'in', live(ex)).executeTakeFirst();
    const allocated = await ex.selectFrom('budget_allocations').select(sql<unknown>`sum(base_minor)`.as('n'))
      .where('account_id', '=', accountId).where('event_id', '=', eventId).where('budget_item_id', 'in', live(ex)).executeTakeFirst();
    const last = await ex.selectFrom('budget_items').select(sql<string | null>`max(last_modified)`.as('at'))
      .where('account_id', '=', accountId).where('event_id', '=', eventId).executeTakeFirst();
    return { byStatus, lines, paid: paid?.n, allocated: allocated?.n, lastModified: last?.at ?? null };
  }

  // ---- Cards ----

  listCards(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('budget_cards').selectAll('budget_cards').where('budget_cards.account_id', '=', accountId), spec);
  }

  findCard(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'budget_cards'> | undefined> {
    return this.cards.get(ex, accountId, id);
  }

  insertCard(row: NewRow<'budget_cards'>, ex: Executor = this.db): Promise<void> {
    return this.cards.insert(ex, row);
  }

  /** Each card's transactions as (card, type, currency, sum of minor units). */
  cardSums(accountId: string, cardIds: readonly string[], ex: Executor = this.db) {
    if (cardIds.length === 0) return Promise.resolve([]);
    return ex.selectFrom('budget_card_transactions').select(['card_id', 'type', 'currency', sql<unknown>`sum(amount_minor)`.as('n')])
      .where('account_id', '=', accountId).where('card_id', 'in', [...cardIds]).groupBy(['card_id', 'type', 'currency']).execute();
  }

  // ---- Card transactions ----

  listTransactions(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('budget_card_transactions').selectAll('budget_card_transactions').where('budget_card_transactions.account_id', '=', accountId), spec);
  }

  findTransaction(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'budget_card_transactions'> | undefined> {
    return this.transactions.get(ex, accountId, id);
  }

  insertTransaction(row: NewRow<'budget_card_transactions'>, ex: Executor = this.db): Promise<void> {
    return this.transactions.insert(ex, row);
  }

  updateTransaction(accountId: string, id: string, patch: RowPatch<'budget_card_transactions'>, ex: Executor = this.db): Promise<void> {
    return this.transactions.update(ex, accountId, id, patch);
  }

  deleteTransaction(accountId: string, id: string, ex: Executor = this.db): Promise<void> {
    return this.transactions.delete(ex, accountId, id);
  }
}
