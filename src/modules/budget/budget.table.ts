import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

// Money columns (`*_minor`) are integers of the currency's minor unit; rates are decimal strings ("1.0845").

export interface BudgetConversionRatesTable extends OwnedColumns, AuditColumns {
  currency: string;
  base_currency: string;
  rate: string; // how many base-currency units one unit of `currency` is worth, an exact decimal
  start_date: string; // YYYY-MM-DD
  end_date: string | null; // YYYY-MM-DD, inclusive; null: open-ended
}

export interface BudgetItemsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  budget_version_id: string;
  name: string;
  code: string | null;
  cost_type: string;
  category_id: number;
  category_name: string | null; // eventline keeps no catalogue of categories, sub-categories or vendors: their names are null
  sub_category_id: string | null;
  sub_category_name: string | null;
  status: string;
  vendor_id: string | null;
  vendor_name: string | null;
  rfp_id: string | null;
  date: string;
  general_ledger_id: string | null;
  cost_avoidance_minor: number | null;
  cost_avoidance_description: string | null;
  cost_includes_tax_gratuity: number;
  calculate_tax_on_gratuity: number;
  gratuity_type: string;
  internal_note: string | null;
  currency: string;
  conversion_rate_locked: number;
  conversion_rate: string;
  conversion_rate_id: string | null; // the budget_conversion_rates row the rate came from (null: locked, or the base currency)
  associated_session: string | null;
  total_minor: number; // in the item's currency
  base_total_minor: number; // in the base currency: the sum of its lines' base totals
  deleted: number;
}

export interface BudgetItemLinesTable extends OwnedColumns {
  budget_item_id: string;
  event_id: string;
  position: number;
  cost_detail_id: string;
  units: number;
  cost_minor: number;
  gratuity: string | null; // the gratuity as given: an amount in minor units or a percentage in hundredths, as text
  taxes: string; // JSON [{ id, taxType, tax (minor units or hundredths of a percent), applied (minor units) }]
  total_minor: number;
  tax_minor: number;
  gratuity_minor: number;
  base_total_minor: number;
  base_tax_minor: number;
  base_gratuity_minor: number;
}

export interface BudgetAllocationsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  budget_item_id: string;
  budget_version_id: string;
  position: number;
  method: string;
  category_id: string | null;
  subcategory_id: string | null;
  general_ledger_id: string | null;
  value: number; // as given, for the list's filter (`value gt 10`); arithmetic uses value_scaled
  value_scaled: number; // value x 1000, exact
  note: string | null;
  base_minor: number; // the allocated amount in the base currency, recomputed with the item
}

export interface BudgetPaymentsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  budget_item_id: string;
  budget_version_id: string;
  name: string;
  reference_number: string | null;
  currency: string;
  amount_minor: number;
  date: string; // YYYY-MM-DD
  note: string | null;
  type: string | null;
  conversion_rate: string;
  conversion_rate_id: string | null;
  base_minor: number;
  invoice_file_id: string | null;
}

export interface BudgetCardsTable extends OwnedColumns, AuditColumns {
  event_id: string | null;
  first6: string | null;
  last4: string | null;
  last7: string | null;
  type: string;
  status: string;
  issuer: string | null;
  currency: string;
  spend_limit_minor: number | null;
  description: string | null;
  company: string | null;
  purchase_template: string | null;
  start: string | null;
  end: string | null;
  billing_account_id: string | null;
  full_name: string | null;
  card_holder_name: string | null;
}

export interface BudgetCardTransactionsTable extends OwnedColumns, AuditColumns {
  event_id: string | null;
  card_id: string | null;
  card_description: string | null;
  type: string;
  transaction_date: string;
  currency: string;
  amount_minor: number;
  merchant: string | null;
  reconciliation_status: string;
  reconciled_date: string | null;
}

// Cardholders are people: a card's holder names and a transaction's card description (which names the card's holder)
// are erased by mention when a contact is obfuscated. Notes and descriptions are the planner's free text and may
// quote a person too.
export const BUDGET_TABLES = declareTables('budget', {
  budget_conversion_rates: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'currency', 'base_currency', 'rate', 'start_date', 'end_date'] },
  budget_items: {
    personal: { internal_note: 'free-text', cost_avoidance_description: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'budget_version_id', 'name', 'code', 'cost_type', 'category_name', 'sub_category_id', 'sub_category_name', 'status', 'vendor_id', 'vendor_name', 'rfp_id',
      'date', 'general_ledger_id', 'gratuity_type', 'currency', 'conversion_rate', 'conversion_rate_id', 'associated_session'],
  },
  budget_item_lines: { none: [...OWNED_COLUMNS, 'budget_item_id', 'event_id', 'cost_detail_id', 'gratuity', 'taxes'] },
  budget_allocations: {
    personal: { note: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'budget_item_id', 'budget_version_id', 'method', 'category_id', 'subcategory_id', 'general_ledger_id'],
  },
  budget_payments: {
    personal: { note: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'budget_item_id', 'budget_version_id', 'name', 'reference_number', 'currency', 'date', 'type',
      'conversion_rate', 'conversion_rate_id', 'invoice_file_id'],
  },
  budget_cards: {
    personal: { full_name: 'free-text', card_holder_name: 'free-text', description: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'first6', 'last4', 'last7', 'type', 'status', 'issuer', 'currency', 'company', 'purchase_template',
      'start', 'end', 'billing_account_id'],
  },
  budget_card_transactions: {
    personal: { card_description: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'card_id', 'type', 'transaction_date', 'currency', 'merchant', 'reconciliation_status', 'reconciled_date'],
  },
});
