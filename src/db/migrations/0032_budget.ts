import type { Kysely } from 'kysely';
import { audited, createTable, dropTables, owned } from './columns.js';

// The Budget tag (issue 31). Money is exact: amounts are integers of the currency's minor unit (bigint), conversion
// rates decimal strings; `base_*` columns hold an amount converted into the account's base currency with the rate
// named beside it, written in the same transaction as the row, so the event's totals are sums of stored integers.
// - budget_conversion_rates: a currency's rate to the base currency over a date range (no overlaps per currency).
// - budget_items, budget_item_lines: an event's budget items and their cost lines (costDetail).
// - budget_allocations: how an item's cost is split over categories / ledgers (percentage or amount).
// - budget_payments: payments against an item, each with an optional invoice (a file).
// - budget_cards, budget_card_transactions: purchase cards and their transactions (cardholder fields are personal).
// List indexes end with the list's order (id); eq-filtered columns get (account_id, column, id).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'budget_conversion_rates', {
    ...owned, currency: 'text!', base_currency: 'text!', rate: 'text!', start_date: 'text!', end_date: 'text', ...audited,
  }, {
    budget_conversion_rates_currency: 'account_id, currency, start_date',
  });

  await createTable(db, 'budget_items', {
    ...owned, event_id: 'text! -> events', budget_version_id: 'text!', name: 'text!', code: 'text', cost_type: 'text!', category_id: 'integer!', category_name: 'text',
    sub_category_id: 'text', sub_category_name: 'text', status: 'text!', vendor_id: 'text', vendor_name: 'text', rfp_id: 'text', date: 'text!', general_ledger_id: 'text',
    cost_avoidance_minor: 'bigint', cost_avoidance_description: 'text', cost_includes_tax_gratuity: 'integer! = 0', calculate_tax_on_gratuity: 'integer! = 0',
    gratuity_type: 'text!', internal_note: 'text', currency: 'text!', conversion_rate_locked: 'integer! = 0', conversion_rate: 'text!',
    conversion_rate_id: 'text', associated_session: 'text', total_minor: 'bigint! = 0', base_total_minor: 'bigint! = 0', deleted: 'integer! = 0', ...audited,
  }, {
    budget_items_event: 'account_id, event_id, id',
    budget_items_modified: 'account_id, last_modified, id',
  });

  await createTable(db, 'budget_item_lines', {
    ...owned, budget_item_id: 'text! -> budget_items', event_id: 'text!', position: 'integer!', cost_detail_id: 'text!', units: 'bigint!', cost_minor: 'bigint!',
    gratuity: 'text', taxes: "text! = '[]'", total_minor: 'bigint!', tax_minor: 'bigint!', gratuity_minor: 'bigint!',
    base_total_minor: 'bigint!', base_tax_minor: 'bigint!', base_gratuity_minor: 'bigint!',
  }, {
    budget_item_lines_item: 'account_id, budget_item_id, position',
    budget_item_lines_event: 'account_id, event_id',
  });

  await createTable(db, 'budget_allocations', {
    ...owned, event_id: 'text!', budget_item_id: 'text! -> budget_items', budget_version_id: 'text!', position: 'integer!', method: 'text!',
    category_id: 'text', subcategory_id: 'text', general_ledger_id: 'text', value: 'double precision!', value_scaled: 'bigint!', note: 'text',
    base_minor: 'bigint!', ...audited,
  }, {
    budget_allocations_event: 'account_id, event_id, id',
    budget_allocations_item: 'account_id, budget_item_id, id',
  });

  await createTable(db, 'budget_payments', {
    ...owned, event_id: 'text!', budget_item_id: 'text! -> budget_items', budget_version_id: 'text!', name: 'text!', reference_number: 'text',
    currency: 'text!', amount_minor: 'bigint!', date: 'text!', note: 'text', type: 'text', conversion_rate: 'text!', conversion_rate_id: 'text',
    base_minor: 'bigint!', invoice_file_id: 'text', ...audited,
  }, {
    budget_payments_event: 'account_id, event_id, id',
    budget_payments_item: 'account_id, budget_item_id, id',
  });

  await createTable(db, 'budget_cards', {
    ...owned, event_id: 'text', first6: 'text', last4: 'text', last7: 'text', type: "text! = 'Virtual'", status: "text! = 'Active'", issuer: 'text',
    currency: 'text!', spend_limit_minor: 'bigint', description: 'text', company: 'text', purchase_template: 'text', start: 'text', end: 'text',
    billing_account_id: 'text', full_name: 'text', card_holder_name: 'text', ...audited,
  }, {
    budget_cards_event: 'account_id, event_id, id',
  });

  await createTable(db, 'budget_card_transactions', {
    ...owned, event_id: 'text', card_id: 'text -> budget_cards', card_description: 'text', type: "text! = 'Authorized'", transaction_date: 'text!',
    currency: 'text!', amount_minor: 'bigint!', merchant: 'text', reconciliation_status: "text! = 'Not Reconciled'", reconciled_date: 'text', ...audited,
  }, {
    budget_card_transactions_event: 'account_id, event_id, id',
    budget_card_transactions_card: 'account_id, card_id, id',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'budget_card_transactions', 'budget_cards', 'budget_payments', 'budget_allocations', 'budget_item_lines', 'budget_items', 'budget_conversion_rates');
}
