import type { Kysely } from 'kysely';
import { audited, createTable, dropTables, owned } from './columns.js';

// Registration money (issue 30): items attendees buy, discount codes, orders with their items and applied discounts,
// transactions with their items, quantity-item registrations, card tokens and attendee credits. Amounts are integer
// minor units with their currency (never floats). List indexes end with the list's order (id); eq-filtered columns
// get (account_id, column, id).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'commerce_items', {
    ...owned, event_id: 'text! -> events', kind: 'text!', name: 'text!', code: 'text!', description: 'text', amount_minor: 'bigint! = 0', currency: 'text!',
    capacity: 'integer', max_per_invitee: 'integer', registration_types: "text! = '[]'", open_for_registration: 'integer! = 1',
    allow_optional_sessions: 'integer! = 0', renewal_type: 'text', duration: 'text', ...audited,
  }, {
    commerce_items_event: 'account_id, event_id, kind, id',
    commerce_items_kind: 'account_id, kind, id',
  });

  await createTable(db, 'commerce_discounts', {
    ...owned, event_id: 'text! -> events', kind: "text! = 'DISCOUNT_CODE'", level: "text! = 'EVENT'", name: 'text!', code: 'text!', method_type: 'text!', method_value: 'bigint! = 0', currency: 'text!',
    active: 'integer! = 1', stackable: 'integer! = 1', effective_from: 'text', effective_to: 'text', note: 'text', audience_type: "text! = 'ALL'",
    capacity_total: 'integer! = -1', capacity_used: 'integer! = 0', apply_to_all_items: 'integer! = 0', ...audited,
  }, {
    commerce_discounts_code: 'unique: event_id, code',
    commerce_discounts_event: 'account_id, event_id, id',
  });

  await createTable(db, 'commerce_discount_items', {
    ...owned, event_id: 'text! -> events', discount_id: 'text! -> commerce_discounts', item_id: 'text!', item_type: 'text!', ...audited,
  }, {
    commerce_discount_items_pair: 'unique: discount_id, item_id',
    commerce_discount_items_event: 'account_id, event_id, id',
  });

  await createTable(db, 'commerce_orders', {
    ...owned, event_id: 'text! -> events', attendee_id: 'text!', number: 'text!', type: 'text!', currency: 'text!', cancelled: 'integer! = 0',
    reference_number: 'text', ...audited,
  }, {
    commerce_orders_event: 'account_id, event_id, id',
    commerce_orders_attendee: 'account_id, attendee_id, id',
  });

  await createTable(db, 'commerce_order_items', {
    ...owned, event_id: 'text! -> events', order_id: 'text! -> commerce_orders', attendee_id: 'text!', item_id: 'text! -> commerce_items', item_kind: 'text!',
    product_type: 'text!', name: 'text!', price_minor: 'bigint! = 0', quantity: 'integer! = 1', discount_minor: 'bigint! = 0', paid_minor: 'bigint! = 0', ...audited,
  }, {
    commerce_order_items_event: 'account_id, event_id, id',
    commerce_order_items_order: 'account_id, order_id, id',
  });

  await createTable(db, 'commerce_order_item_discounts', {
    ...owned, event_id: 'text! -> events', order_id: 'text!', order_item_id: 'text! -> commerce_order_items', discount_id: 'text! -> commerce_discounts',
    amount_minor: 'bigint! = 0', created: 'text!',
  }, {
    commerce_order_item_discounts_pair: 'unique: order_item_id, discount_id',
    commerce_order_item_discounts_order: 'account_id, order_id',
  });

  await createTable(db, 'commerce_transactions', {
    ...owned, event_id: 'text! -> events', attendee_id: 'text!', order_ids: "text! = '[]'", journal_number: 'text!', processor_transaction_id: 'text', payment_type: 'text!', payment_method: 'text!',
    success: 'integer! = 1', date: 'text!', batch_number: 'text', reference_number: 'text', amount_minor: 'bigint! = 0', currency: 'text!', payment_note: 'text', ...audited,
  }, {
    commerce_transactions_event: 'account_id, event_id, id',
    commerce_transactions_attendee: 'account_id, attendee_id, id',
  });

  await createTable(db, 'commerce_transaction_items', {
    ...owned, event_id: 'text! -> events', transaction_id: 'text! -> commerce_transactions', attendee_id: 'text!', order_item_id: 'text! -> commerce_order_items',
    item_id: 'text!', item_kind: 'text!', processor_transaction_id: 'text', unique_id: 'text!', name: 'text!', amount_minor: 'bigint! = 0', currency: 'text!', ...audited,
  }, {
    commerce_transaction_items_event: 'account_id, event_id, id',
    commerce_transaction_items_transaction: 'account_id, transaction_id, id',
  });

  await createTable(db, 'commerce_quantity_registrations', {
    ...owned, event_id: 'text! -> events', item_id: 'text! -> commerce_items', attendee_id: 'text!', quantity: 'integer! = 0', ...audited,
  }, {
    commerce_quantity_registrations_pair: 'unique: item_id, attendee_id',
  });

  await createTable(db, 'card_tokens', {
    ...owned, card_type: 'text!', last4: 'text!', exp_month: 'integer!', exp_year: 'integer!', created: 'text!', created_by: 'text!',
  });

  await createTable(db, 'attendee_credits', {
    ...owned, event_id: 'text! -> events', attendee_id: 'text!', session_id: 'text', type: 'text!', credit_type_id: 'text!', amount_hundredths: 'integer! = 0', ...audited,
  }, {
    attendee_credits_list: 'account_id, id',
    attendee_credits_attendee: 'account_id, attendee_id, id',
    attendee_credits_event: 'account_id, event_id, id',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'attendee_credits', 'card_tokens', 'commerce_quantity_registrations', 'commerce_transaction_items', 'commerce_transactions',
    'commerce_order_item_discounts', 'commerce_order_items', 'commerce_orders', 'commerce_discount_items', 'commerce_discounts', 'commerce_items');
}
