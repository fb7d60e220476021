import { sql } from 'kysely';
import { AccountRows, Repository, type Executor } from '../../db/repository.js';
import type { NewRow, Row, RowPatch } from '../../db/types.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { ItemKind } from './commerce.table.js';

/** An applied discount with what the order shows of it. */
export type AppliedDiscount = Row<'commerce_order_item_discounts'> & Pick<Row<'commerce_discounts'>, 'name' | 'code' | 'method_type' | 'method_value'>;

/** Items, discounts, orders, transactions, quantity registrations, card tokens and credits; every statement names the account. */
export class CommerceRepository extends Repository {
  private readonly items = new AccountRows('commerce_items');
  private readonly discounts = new AccountRows('commerce_discounts');
  private readonly orders = new AccountRows('commerce_orders');
  private readonly orderItems = new AccountRows('commerce_order_items');

  // ---- Items ----

  listItems(accountId: string, kind: ItemKind, eventId: string | undefined, spec: ListSpec) {
    let q = this.db.selectFrom('commerce_items').selectAll('commerce_items').where('commerce_items.account_id', '=', accountId).where('commerce_items.kind', '=', kind);
    if (eventId !== undefined) q = q.where('commerce_items.event_id', '=', eventId);
    return fetchPage(q, spec);
  }

  findItem(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'commerce_items'> | undefined> {
    return this.items.get(ex, accountId, id);
  }

  insertItem(row: NewRow<'commerce_items'>, ex: Executor = this.db): Promise<void> {
    return this.items.insert(ex, row);
  }

  // ---- Discounts ----

  listDiscounts(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('commerce_discounts').selectAll('commerce_discounts')
      .where('commerce_discounts.account_id', '=', accountId).where('commerce_discounts.event_id', '=', eventId), spec);
  }

  findDiscount(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'commerce_discounts'> | undefined> {
    return this.discounts.get(ex, accountId, id);
  }

  findDiscountByCode(accountId: string, eventId: string, code: string, ex: Executor = this.db): Promise<Row<'commerce_discounts'> | undefined> {
    return ex.selectFrom('commerce_discounts').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).where('code', '=', code).executeTakeFirst();
  }

  insertDiscount(row: NewRow<'commerce_discounts'>, ex: Executor = this.db): Promise<void> {
    return this.discounts.insert(ex, row);
  }

  updateDiscount(accountId: string, id: string, patch: RowPatch<'commerce_discounts'>, ex: Executor = this.db): Promise<void> {
    return this.discounts.update(ex, accountId, id, patch);
  }

  /**
   * Takes one use of a discount, if it has one left: a conditional UPDATE, so concurrent orders cannot both take the
   * last use (PostgreSQL re-checks the condition on the row it waited for; SQLite runs one writer at a time).
   */
  async claimUse(accountId: string, id: string, ex: Executor): Promise<boolean> {
    const r = await ex.updateTable('commerce_discounts').set({ capacity_used: sql<number>`capacity_used + 1` })
      .where('account_id', '=', accountId).where('id', '=', id)
      .where((eb) => eb.or([eb('capacity_total', '=', -1), eb('capacity_used', '<', eb.ref('capacity_total'))]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  // ---- Discounted agenda items ----

  listLinks(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('commerce_discount_items').selectAll('commerce_discount_items')
      .where('commerce_discount_items.account_id', '=', accountId).where('commerce_discount_items.event_id', '=', eventId), spec);
  }

  findLink(accountId: string, discountId: string, itemId: string, ex: Executor = this.db): Promise<Row<'commerce_discount_items'> | undefined> {
    return ex.selectFrom('commerce_discount_items').selectAll().where('account_id', '=', accountId).where('discount_id', '=', discountId).where('item_id', '=', itemId).executeTakeFirst();
  }

  /** Linking twice is harmless (the unique pair decides). */
  async insertLink(row: NewRow<'commerce_discount_items'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('commerce_discount_items').values(row).onConflict((oc) => oc.columns(['discount_id', 'item_id']).doNothing()).execute();
  }

  async deleteLink(accountId: string, discountId: string, itemId: string, ex: Executor = this.db): Promise<boolean> {
    const r = await ex.deleteFrom('commerce_discount_items').where('account_id', '=', accountId).where('discount_id', '=', discountId).where('item_id', '=', itemId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  // ---- Orders ----

  listOrders(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('commerce_orders').selectAll('commerce_orders')
      .where('commerce_orders.account_id', '=', accountId).where('commerce_orders.event_id', '=', eventId), spec);
  }

  findOrder(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'commerce_orders'> | undefined> {
    return this.orders.get(ex, accountId, id);
  }

  ordersOfAttendee(accountId: string, eventId: string, attendeeId: string, ex: Executor = this.db): Promise<Array<Row<'commerce_orders'>>> {
    return ex.selectFrom('commerce_orders').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).where('attendee_id', '=', attendeeId)
      .where('cancelled', '=', 0).orderBy('id').execute();
  }

  async countOrders(accountId: string, eventId: string, ex: Executor = this.db): Promise<number> {
    const r = await ex.selectFrom('commerce_orders').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId).where('event_id', '=', eventId).executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  insertOrder(row: NewRow<'commerce_orders'>, ex: Executor = this.db): Promise<void> {
    return this.orders.insert(ex, row);
  }

  touchOrder(accountId: string, id: string, patch: RowPatch<'commerce_orders'>, ex: Executor = this.db): Promise<void> {
    return this.orders.update(ex, accountId, id, patch);
  }

  listOrderItems(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('commerce_order_items').selectAll('commerce_order_items')
      .where('commerce_order_items.account_id', '=', accountId).where('commerce_order_items.event_id', '=', eventId), spec);
  }

  findOrderItem(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'commerce_order_items'> | undefined> {
    return this.orderItems.get(ex, accountId, id);
  }

  itemsOfOrders(accountId: string, orderIds: readonly string[], ex: Executor = this.db): Promise<Array<Row<'commerce_order_items'>>> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return ex.selectFrom('commerce_order_items').selectAll().where('account_id', '=', accountId).where('order_id', 'in', [...orderIds]).orderBy('id').execute();
  }

  insertOrderItem(row: NewRow<'commerce_order_items'>, ex: Executor = this.db): Promise<void> {
    return this.orderItems.insert(ex, row);
  }

  updateOrderItem(accountId: string, id: string, patch: RowPatch<'commerce_order_items'>, ex: Executor = this.db): Promise<void> {
    return this.orderItems.update(ex, accountId, id, patch);
  }

  /** Records a discount on an order item; false when it is already applied to it (the unique pair). */
  async insertAppliedDiscount(row: NewRow<'commerce_order_item_discounts'>, ex: Executor): Promise<boolean> {
    const r = await ex.insertInto('commerce_order_item_discounts').values(row).onConflict((oc) => oc.columns(['order_item_id', 'discount_id']).doNothing()).executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  appliedDiscounts(accountId: string, orderItemIds: readonly string[], ex: Executor = this.db): Promise<AppliedDiscount[]> {
    if (orderItemIds.length === 0) return Promise.resolve([]);
    return ex.selectFrom('commerce_order_item_discounts as a').innerJoin('commerce_discounts as d', 'd.id', 'a.discount_id')
      .selectAll('a').select(['d.name', 'd.code', 'd.method_type', 'd.method_value'])
      .where('a.account_id', '=', accountId).where('a.order_item_id', 'in', [...orderItemIds]).orderBy('a.id').execute();
  }

  // ---- Transactions ----

  listTransactions(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('commerce_transactions').selectAll('commerce_transactions')
      .where('commerce_transactions.account_id', '=', accountId).where('commerce_transactions.event_id', '=', eventId), spec);
  }

  async countTransactions(accountId: string, ex: Executor): Promise<number> {
    const r = await ex.selectFrom('commerce_transactions').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId).executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async insertTransaction(row: NewRow<'commerce_transactions'>, items: ReadonlyArray<NewRow<'commerce_transaction_items'>>, ex: Executor): Promise<void> {
    await ex.insertInto('commerce_transactions').values(row).execute();
    if (items.length > 0) await ex.insertInto('commerce_transaction_items').values([...items]).execute();
  }

  listTransactionItems(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('commerce_transaction_items').selectAll('commerce_transaction_items')
      .where('commerce_transaction_items.account_id', '=', accountId).where('commerce_transaction_items.event_id', '=', eventId), spec);
  }

  itemsOfTransactions(accountId: string, ids: readonly string[], ex: Executor = this.db): Promise<Array<Row<'commerce_transaction_items'>>> {
    if (ids.length === 0) return Promise.resolve([]);
    return ex.selectFrom('commerce_transaction_items').selectAll().where('account_id', '=', accountId).where('transaction_id', 'in', [...ids]).orderBy('id').execute();
  }

  // ---- Quantity item registrations ----

  findRegistration(accountId: string, itemId: string, attendeeId: string, ex: Executor = this.db): Promise<Row<'commerce_quantity_registrations'> | undefined> {
    return ex.selectFrom('commerce_quantity_registrations').selectAll().where('account_id', '=', accountId).where('item_id', '=', itemId).where('attendee_id', '=', attendeeId).executeTakeFirst();
  }

  async registeredQuantity(accountId: string, itemId: string, ex: Executor = this.db): Promise<number> {
    const r = await ex.selectFrom('commerce_quantity_registrations').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), sql<number>`0`).as('n'))
      .where('account_id', '=', accountId).where('item_id', '=', itemId).executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async saveRegistration(row: NewRow<'commerce_quantity_registrations'>, ex: Executor): Promise<void> {
    await ex.insertInto('commerce_quantity_registrations').values(row)
      .onConflict((oc) => oc.columns(['item_id', 'attendee_id']).doUpdateSet({ quantity: row.quantity, last_modified: row.last_modified, last_modified_by: row.last_modified_by }))
      .execute();
  }

  // ---- Card tokens and credits ----

  async insertCardToken(row: NewRow<'card_tokens'>): Promise<void> {
    await this.db.insertInto('card_tokens').values(row).execute();
  }

  listCredits(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('attendee_credits').selectAll('attendee_credits').where('attendee_credits.account_id', '=', accountId), spec);
  }

  async insertCredit(row: NewRow<'attendee_credits'>): Promise<void> {
    await this.db.insertInto('attendee_credits').values(row).execute();
  }
}
