import { defineList, filterColumns, type FilterField } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators the reference's `filter` lists for each list (DESIGN rule 6). Fields answered by
// an index of migration 0032 are marked `indexed`.
const EQ = { ops: ['eq'] } as const;
const EQ_NE = { ops: ['eq', 'ne'] } as const;
const indexed = (f: FilterField): FilterField => ({ ...f, indexed: true });

const item = filterColumns('budget_items');
/** GET /events/{id}/budget-items. */
export const eventItemsList = (eventId: string) => defineList<Row<'budget_items'>>({
  name: `budget-items:${eventId}`,
  filters: {
    id: item.field('id', 'uuid', EQ),
    costType: item.field('cost_type', 'string', EQ_NE),
    'category.id': item.field('category_id', 'number', EQ_NE),
    // eventline keeps no catalogue of categories, sub-categories or vendors: their names are null and match no `eq`.
    'category.name': item.field('category_name', 'string', EQ_NE),
    'subCategory.id': item.field('sub_category_id', 'uuid', EQ_NE),
    'subCategory.name': item.field('sub_category_name', 'string', EQ_NE),
    status: item.field('status', 'string', EQ_NE),
    'vendor.id': item.field('vendor_id', 'uuid', EQ_NE),
    'vendor.name': item.field('vendor_name', 'string', EQ_NE),
    date: item.field('date', 'datetime', { ops: ['gt', 'ge', 'lt', 'le'] }),
    deleted: item.field('deleted', 'boolean', EQ_NE),
  },
  order: [{ column: 'budget_items.id', value: (r) => r.id }],
  window: 'budget_items.last_modified',
});

/** GET /budget-items (after and before required). */
export const ACCOUNT_ITEMS_LIST = defineList<Row<'budget_items'>>({
  name: 'account-budget-items',
  filters: {
    'event.id': indexed(item.field('event_id', 'uuid', EQ_NE)),
    'rfp.id': item.field('rfp_id', 'uuid', EQ_NE),
    'budgetVersion.id': item.field('budget_version_id', 'uuid', EQ_NE),
    id: item.field('id', 'uuid', EQ_NE),
    'category.id': item.field('category_id', 'number', EQ_NE),
    'category.name': item.field('category_name', 'string', EQ_NE),
    'subCategory.id': item.field('sub_category_id', 'uuid', EQ_NE),
    'subCategory.name': item.field('sub_category_name', 'string', EQ_NE),
  },
  order: [{ column: 'budget_items.id', value: (r) => r.id }],
  window: 'budget_items.last_modified',
});

const alloc = filterColumns('budget_allocations');
/** GET /events/{id}/budget-items/allocations. */
export const allocationsList = (eventId: string) => defineList<Row<'budget_allocations'>>({
  name: `budget-allocations:${eventId}`,
  filters: {
    'budgetVersion.id': alloc.field('budget_version_id', 'uuid', EQ),
    'budgetItem.id': indexed(alloc.field('budget_item_id', 'uuid', EQ)),
    'category.id': alloc.field('category_id', 'uuid', EQ_NE),
    'subcategory.id': alloc.field('subcategory_id', 'uuid', EQ_NE),
    'generalLedger.id': alloc.field('general_ledger_id', 'uuid', EQ_NE),
    value: alloc.field('value', 'number', { ops: ['lt', 'le', 'gt', 'ge', 'eq'] }),
  },
  order: [{ column: 'budget_allocations.id', value: (r) => r.id }],
  window: 'budget_allocations.last_modified',
});

const pay = filterColumns('budget_payments');
/** GET /events/{id}/budget-payments. */
export const paymentsList = (eventId: string) => defineList<Row<'budget_payments'>>({
  name: `budget-payments:${eventId}`,
  filters: {
    'budgetItem.id': indexed(pay.field('budget_item_id', 'uuid', EQ)),
    id: pay.field('id', 'uuid', EQ),
    'budgetVersion.id': pay.field('budget_version_id', 'uuid', EQ),
    lastModified: pay.field('last_modified', 'datetime', { ops: ['gt', 'ge', 'lt', 'le'] }),
  },
  order: [{ column: 'budget_payments.id', value: (r) => r.id }],
  window: 'budget_payments.last_modified',
});

const rate = filterColumns('budget_conversion_rates');
/** GET /currencies/{currency}/conversion-rates. */
export const ratesList = (currency: string) => defineList<Row<'budget_conversion_rates'>>({
  name: `conversion-rates:${currency}`,
  filters: {
    id: rate.field('id', 'uuid', EQ),
    startDate: rate.field('start_date', 'string', { ops: ['gt', 'ge', 'lt', 'le', 'eq'] }),
    endDate: rate.field('end_date', 'string', { ops: ['gt', 'ge', 'lt', 'le', 'eq'] }),
  },
  order: [{ column: 'budget_conversion_rates.id', value: (r) => r.id }],
  window: 'budget_conversion_rates.last_modified',
});

/** The event's budget versions (one: its default version), as a derived table `budget_versions`. */
export interface VersionRow { id: string; name: string; is_default: number }
const version = filterColumns('budget_versions');
export const versionsList = (eventId: string) => defineList<VersionRow>({
  name: `budget-totals:${eventId}`,
  filters: {
    'version.id': version.field('id', 'uuid', EQ),
    'version.name': version.field('name', 'string', EQ),
    'version.default': version.field('is_default', 'boolean', EQ_NE),
  },
  order: [{ column: 'budget_versions.id', value: (r) => r.id }],
});

const card = filterColumns('budget_cards');
/** GET /cards. */
export const CARDS_LIST = defineList<Row<'budget_cards'>>({
  name: 'cards',
  filters: { 'event.id': indexed(card.field('event_id', 'uuid', EQ)) },
  order: [{ column: 'budget_cards.id', value: (r) => r.id }],
});

const tx = filterColumns('budget_card_transactions');
/** GET /cards/transactions. */
export const TRANSACTIONS_LIST = defineList<Row<'budget_card_transactions'>>({
  name: 'card-transactions',
  filters: {
    'event.id': indexed(tx.field('event_id', 'uuid', EQ)),
    type: tx.field('type', 'string', EQ_NE),
    status: tx.field('reconciliation_status', 'string', EQ_NE),
    fromDate: tx.field('transaction_date', 'datetime', { ops: ['gt', 'ge'] }),
    toDate: tx.field('transaction_date', 'datetime', { ops: ['lt', 'le'] }),
    'reconciliations.reconciledDate': tx.field('reconciled_date', 'datetime', { ops: ['lt', 'le', 'gt', 'ge'] }),
  },
  order: [{ column: 'budget_card_transactions.id', value: (r) => r.id }],
  window: 'budget_card_transactions.last_modified',
});
