import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

// Money is kept exact: every amount is an integer count of the currency's minor units (cents for USD, yen for JPY),
// with the currency beside it; the API's decimal numbers are made from them and parsed into them without floats
// (commerce.money.ts).

/** What an attendee can buy at an event: admission, donation, fee, membership and quantity items. */
export type ItemKind = 'AdmissionItem' | 'DonationItem' | 'FeeItem' | 'MembershipItem' | 'QuantityItem';

export interface CommerceItemsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  kind: ItemKind;
  name: string;
  code: string;
  description: string | null;
  amount_minor: number; // the price (a donation's minimum); a fee's amount
  currency: string;
  capacity: number | null;
  max_per_invitee: number | null;
  registration_types: string; // JSON array of registration type ids of the event
  open_for_registration: number; // 0 | 1
  allow_optional_sessions: number; // 0 | 1
  renewal_type: string | null; // membership items
  duration: string | null; // membership items
}

/** A discount code of an event. `capacity_used` only grows by a conditional UPDATE in the order's transaction. */
export interface CommerceDiscountsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  kind: 'DISCOUNT_CODE'; // the only kind eventline keeps (volume discounts are refused)
  level: 'EVENT';
  name: string;
  code: string;
  method_type: 'BY_AMOUNT' | 'BY_PERCENTAGE' | 'FLAT_PRICE';
  method_value: number; // minor units (BY_AMOUNT, FLAT_PRICE) or hundredths of a percent (BY_PERCENTAGE)
  currency: string;
  active: number;
  stackable: number;
  effective_from: string | null; // YYYY-MM-DD, inclusive
  effective_to: string | null; // YYYY-MM-DD, inclusive
  note: string | null;
  audience_type: string;
  capacity_total: number; // -1: unlimited
  capacity_used: number;
  apply_to_all_items: number;
}

/** An item (or a session) a discount applies to. */
export interface CommerceDiscountItemsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  discount_id: string;
  item_id: string;
  item_type: string; // AdmissionItem | MembershipItem | QuantityItem | Session | SessionBundle
}

export interface CommerceOrdersTable extends OwnedColumns, AuditColumns {
  event_id: string;
  attendee_id: string;
  number: string;
  type: string; // the reference's order type
  currency: string;
  cancelled: number;
  reference_number: string | null;
}

export interface CommerceOrderItemsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  order_id: string;
  attendee_id: string;
  item_id: string;
  item_kind: ItemKind;
  product_type: string; // the reference's product type: the kind, a fee's is RegistrantTypeServiceFee
  name: string;
  price_minor: number; // per unit
  quantity: number;
  discount_minor: number; // the sum of its applied discounts
  paid_minor: number; // what transactions have paid of it (refunds subtract)
}

/** A discount applied to an order item: one row per pair (never applied twice). */
export interface CommerceOrderItemDiscountsTable extends OwnedColumns {
  event_id: string;
  order_id: string;
  order_item_id: string;
  discount_id: string;
  amount_minor: number;
  created: string;
}

export interface CommerceTransactionsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  attendee_id: string;
  order_ids: string; // JSON array
  journal_number: string;
  processor_transaction_id: string | null; // offline transactions have none
  payment_type: string;
  payment_method: string;
  success: number;
  date: string;
  batch_number: string | null;
  reference_number: string | null;
  amount_minor: number; // signed: a refund is negative
  currency: string;
  payment_note: string | null;
}

export interface CommerceTransactionItemsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  transaction_id: string;
  attendee_id: string;
  order_item_id: string;
  item_id: string;
  item_kind: ItemKind;
  processor_transaction_id: string | null;
  unique_id: string;
  name: string;
  amount_minor: number; // signed
  currency: string;
}

/** How many of a quantity item an attendee registered for (PUT /quantity-items/{id}). */
export interface CommerceQuantityRegistrationsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  item_id: string;
  attendee_id: string;
  quantity: number;
}

/** A card token: only what the reference returns of the card (brand, last four digits, expiry). Never the number. */
export interface CardTokensTable extends OwnedColumns {
  card_type: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  created: string;
  created_by: string;
}

/** Credits (continuing education and the like) an attendee earned at an event or one of its sessions. */
export interface AttendeeCreditsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  attendee_id: string;
  session_id: string | null;
  type: 'Event' | 'Session';
  credit_type_id: string;
  amount_hundredths: number;
}

// Items, discounts, orders and transactions are the planner's catalogue and ids; free text a client wrote
// (descriptions, a discount's note, a transaction's payment note, reference numbers) may quote a person, so the
// commerce eraser redacts a contact's values there. Card tokens hold no card number and no holder name.
export const COMMERCE_TABLES = declareTables('commerce', {
  commerce_items: {
    personal: { description: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'kind', 'name', 'code', 'currency', 'registration_types', 'renewal_type', 'duration'],
  },
  commerce_discounts: {
    personal: { note: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'kind', 'level', 'name', 'code', 'method_type', 'currency', 'effective_from', 'effective_to', 'audience_type'],
  },
  commerce_discount_items: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'discount_id', 'item_id', 'item_type'] },
  commerce_orders: {
    personal: { reference_number: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'attendee_id', 'number', 'type', 'currency'],
  },
  commerce_order_items: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'order_id', 'attendee_id', 'item_id', 'item_kind', 'product_type', 'name'] },
  commerce_order_item_discounts: { none: [...OWNED_COLUMNS, 'event_id', 'order_id', 'order_item_id', 'discount_id', 'created'] },
  commerce_transactions: {
    personal: { payment_note: 'free-text', reference_number: 'free-text', batch_number: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'attendee_id', 'order_ids', 'journal_number', 'processor_transaction_id', 'payment_type', 'payment_method', 'date', 'currency'],
  },
  commerce_transaction_items: {
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'transaction_id', 'attendee_id', 'order_item_id', 'item_id', 'item_kind', 'processor_transaction_id', 'unique_id', 'name', 'currency'],
  },
  commerce_quantity_registrations: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'item_id', 'attendee_id'] },
  card_tokens: { none: [...OWNED_COLUMNS, 'card_type', 'last4', 'created', 'created_by'] },
  attendee_credits: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'attendee_id', 'session_id', 'type', 'credit_type_id'] },
});
