import { defineList, filterColumns, RANGE, type FilterField, type ListKey } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators the reference's `filter` lists for each list (DESIGN rule 6), for what eventline
// stores. Not served: `registrationTypes (in)` of the item lists (the filter compiler has no "any element in" for the
// JSON array; the sessions list leaves it out for the same reason). An `indexed` field is answered from an
// (account_id, column, id) index of migration 0029.
const indexed = (f: FilterField): FilterField => ({ ...f, indexed: true });
const IN = { ops: ['in'] } as const;
const EQ_IN = { ops: ['eq', 'in'] } as const;
const byId = <R extends { id: string }>(table: string): ListKey<R> => ({ column: `${table}.id`, value: (r) => r.id });

const item = filterColumns('commerce_items');
/** GET /admission-items: id, event.id, name, code, allowOptionalSessions (eq|ne); after/before bound lastModified. */
export const ADMISSION_ITEMS_LIST = defineList<Row<'commerce_items'>>({
  name: 'admission-items',
  filters: {
    id: item.field('id', 'uuid'), 'event.id': item.field('event_id', 'uuid'), name: item.field('name', 'string'), code: item.field('code', 'string'),
    allowOptionalSessions: item.field('allow_optional_sessions', 'boolean'),
  },
  order: [byId('commerce_items')],
  window: 'commerce_items.last_modified',
});

/** The donation, membership and quantity item lists of an event: `id (in)`. */
export const eventItemsList = (kind: string, eventId: string) => defineList<Row<'commerce_items'>>({
  name: `${kind}:${eventId}`,
  filters: { id: item.field('id', 'uuid', IN) },
  order: [byId('commerce_items')],
});

/** GET /events/{id}/fee-items: the reference lists no filter. */
export const feeItemsList = (eventId: string) => defineList<Row<'commerce_items'>>({
  name: `fee-items:${eventId}`,
  filters: {},
  order: [byId('commerce_items')],
});

const discount = filterColumns('commerce_discounts');
/** GET /events/{id}/discounts: id (in), method.type (eq), type (eq), level (eq); sortable by name and code (of the reference's sort fields, the ones that are never empty). */
export const discountsList = (eventId: string) => defineList<Row<'commerce_discounts'>>({
  name: `discounts:${eventId}`,
  filters: {
    id: discount.field('id', 'uuid', IN), 'method.type': discount.field('method_type', 'string', { ops: ['eq'] }),
    type: discount.field('kind', 'string', { ops: ['eq'] }), level: discount.field('level', 'string', { ops: ['eq'] }),
  },
  sortable: {
    name: { column: 'commerce_discounts.name', value: (r) => r.name }, code: { column: 'commerce_discounts.code', value: (r) => r.code },
  },
  order: [byId('commerce_discounts')],
  window: 'commerce_discounts.last_modified',
});

const link = filterColumns('commerce_discount_items');
/** GET /events/{id}/discounts/agenda-items: discount.id (eq|in), type (eq|in). */
export const agendaItemsList = (eventId: string) => defineList<Row<'commerce_discount_items'>>({
  name: `discount-agenda-items:${eventId}`,
  filters: { 'discount.id': link.field('discount_id', 'uuid', EQ_IN), type: link.field('item_type', 'string', EQ_IN) },
  order: [byId('commerce_discount_items')],
});

const order = filterColumns('commerce_orders');
/** GET /events/{id}/orders: id, attendee.id, event.id, type (eq|ne), created, lastModified (range). */
export const ordersList = (eventId: string) => defineList<Row<'commerce_orders'>>({
  name: `orders:${eventId}`,
  filters: {
    id: order.field('id', 'uuid'), 'attendee.id': indexed(order.field('attendee_id', 'uuid')), 'event.id': order.field('event_id', 'uuid'), type: order.field('type', 'string'),
    created: order.field('created', 'datetime', { ops: RANGE }), lastModified: order.field('last_modified', 'datetime', { ops: RANGE }),
  },
  order: [byId('commerce_orders')],
  window: 'commerce_orders.last_modified',
});

const oi = filterColumns('commerce_order_items');
/** GET /events/{id}/orders/items: id, attendee.id, event.id, order.id, product.id, product.type (eq|ne), created, lastModified. */
export const orderItemsList = (eventId: string) => defineList<Row<'commerce_order_items'>>({
  name: `order-items:${eventId}`,
  filters: {
    id: oi.field('id', 'uuid'), 'attendee.id': oi.field('attendee_id', 'uuid'), 'event.id': oi.field('event_id', 'uuid'), 'order.id': indexed(oi.field('order_id', 'uuid')),
    'product.id': oi.field('item_id', 'uuid'), 'product.type': oi.field('product_type', 'string'),
    created: oi.field('created', 'datetime'), lastModified: oi.field('last_modified', 'datetime'),
  },
  order: [byId('commerce_order_items')],
  window: 'commerce_order_items.last_modified',
});

const tx = filterColumns('commerce_transactions');
/** GET /events/{id}/transactions. Offline transactions have no processor id (null): `processorTransactionId eq` matches none of them. */
export const transactionsList = (eventId: string) => defineList<Row<'commerce_transactions'>>({
  name: `transactions:${eventId}`,
  filters: {
    id: tx.field('id', 'uuid'), processorTransactionId: tx.field('processor_transaction_id', 'string'),
    'attendee.id': indexed(tx.field('attendee_id', 'uuid')), 'event.id': tx.field('event_id', 'uuid'), success: tx.field('success', 'boolean'),
    paymentType: tx.field('payment_type', 'string'), created: tx.field('created', 'datetime'), lastModified: tx.field('last_modified', 'datetime'),
  },
  order: [byId('commerce_transactions')],
  window: 'commerce_transactions.last_modified',
});

const ti = filterColumns('commerce_transaction_items');
/** GET /events/{id}/transactions/items. */
export const transactionItemsList = (eventId: string) => defineList<Row<'commerce_transaction_items'>>({
  name: `transaction-items:${eventId}`,
  filters: {
    id: ti.field('id', 'uuid'), 'attendee.id': ti.field('attendee_id', 'uuid'), 'event.id': ti.field('event_id', 'uuid'),
    'transaction.id': indexed(ti.field('transaction_id', 'uuid')), 'transaction.processorTransactionId': ti.field('processor_transaction_id', 'string'),
    uniqueId: ti.field('unique_id', 'string'), created: ti.field('created', 'datetime'), lastModified: ti.field('last_modified', 'datetime'),
  },
  order: [byId('commerce_transaction_items')],
  window: 'commerce_transaction_items.last_modified',
});

const credit = filterColumns('attendee_credits');
/** GET /attendee-credits: attendee.id, event.id, session.id, creditType.id (eq|ne), type (eq); sortable by lastModified. */
export const ATTENDEE_CREDITS_LIST = defineList<Row<'attendee_credits'>>({
  name: 'attendee-credits',
  filters: {
    'attendee.id': indexed(credit.field('attendee_id', 'uuid')), 'event.id': indexed(credit.field('event_id', 'uuid')), 'session.id': credit.field('session_id', 'uuid'),
    'creditType.id': credit.field('credit_type_id', 'uuid'), type: credit.field('type', 'string', { ops: ['eq'] }),
  },
  sortable: { lastModified: { column: 'attendee_credits.last_modified', value: (r) => r.last_modified } },
  order: [byId('attendee_credits')],
  window: 'attendee_credits.last_modified',
});
