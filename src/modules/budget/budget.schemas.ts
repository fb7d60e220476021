import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';
import { CustomFieldAnswerInputSchema, CustomFieldAnswerSchema } from '../custom-fields/index.js';

// The reference's schemas of the Budget tag (budget-item, budget-allocation, budget-payment, budget-totals,
// currency-conversion-rate, card, card-transaction): its field names, lengths and enums. Amounts are JSON numbers on
// the wire, as the reference gives them, but eventline takes only as many decimals as the currency's minor unit has
// and keeps integers of that unit: the arithmetic is exact (issue 31). Fields the reference lacks are marked
// "eventline".

const opt = Type.Optional;
const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const IdRef = (description: string) => Type.Object({ id: opt(Uuid(description)) });
const ReadOnlyText = () => opt(Type.String({ description: 'Read-only: ignored.' }));
const Currency = (description: string) => Type.String({ pattern: '^[A-Z]{3}$', minLength: 3, maxLength: 3, description });
const Audit = {
  created: opt(Type.String({ format: 'date-time', description: 'When this record was created.' })),
  createdBy: opt(Type.String({ description: 'Who created this record.' })),
  lastModified: opt(Type.String({ format: 'date-time', description: 'When this record was last updated.' })),
  lastModifiedBy: opt(Type.String({ description: 'Who last updated this record.' })),
};

const { limit, token, filter, after, before } = listQuerySchema().properties;
export const PagingQuerySchema = Type.Object({ limit, token }, { additionalProperties: false });
export const FilteredQuerySchema = Type.Object({ limit, token, filter }, { additionalProperties: false });
export const WindowQuerySchema = Type.Object({ limit, token, filter, after, before }, { additionalProperties: false });
export const AccountItemsQuerySchema = Type.Object({
  limit, token, filter,
  after: Type.String({ format: 'date-time', description: 'Required: only items last modified after this time.' }),
  before: Type.String({ format: 'date-time', description: 'Required: only items last modified before this time.' }),
}, { additionalProperties: false });

export const EventParamsSchema = Type.Object({ id: Uuid('ID of an event.') });
export const ItemParamsSchema = Type.Object({ id: Uuid('ID of an event.'), budgetItemId: Uuid('ID of a budget item of the event.') });
export const PaymentParamsSchema = Type.Object({ id: Uuid('ID of an event.'), budgetItemId: Uuid('ID of a budget item of the event.'), paymentId: Uuid('ID of a payment of the item.') });
export const InvoiceParamsSchema = Type.Object({ id: Uuid('ID of an event.'), paymentId: Uuid('ID of a budget payment of the event.'), invoiceId: Uuid('ID of a file (POST /files).') });
export const ItemAnswerParamsSchema = Type.Object({ id: Uuid('ID of an event.'), budgetItemId: Uuid('ID of a budget item of the event.'), customFieldId: Uuid('ID of a Budget Item custom field.') });
export const CurrencyParamsSchema = Type.Object({ currency: Type.String({ minLength: 1, maxLength: 10, description: 'An ISO 4217 currency code.' }) });
export const RateParamsSchema = Type.Object({ currency: CurrencyParamsSchema.properties.currency, conversionRateId: Uuid('ID of a conversion rate of the currency.') });
export const TransactionParamsSchema = Type.Object({ transactionId: Type.String({ minLength: 1, maxLength: 100, description: 'ID of a card transaction.' }) });

// ---- Conversion rates ----

export const ConversionRateInputSchema = Type.Object({
  conversionRate: Type.Number({ exclusiveMinimum: 0, description: 'How many units of the base currency one unit of the currency is worth (at most 10 decimals).' }),
  startDate: Type.String({ format: 'date', description: 'The first day the rate is in force.' }),
  endDate: opt(Type.String({ format: 'date', description: 'The last day the rate is in force; open-ended when left out.' })),
  id: opt(Uuid('The rate (PUT: must be the path\'s).')),
  baseCurrency: ReadOnlyText(), currency: ReadOnlyText(), lastModified: ReadOnlyText(), currentConversionRate: opt(Type.Boolean({ description: 'Read-only: ignored.' })),
}, { title: 'ConversionRate', additionalProperties: false });
export type ConversionRateInput = Static<typeof ConversionRateInputSchema>;
export const ConversionRateSchema = Type.Object({
  id: Uuid('The conversion rate.'),
  conversionRate: Type.Number({ description: 'Base-currency units per unit of the currency.' }),
  startDate: Type.String({ format: 'date' }),
  endDate: opt(Type.String({ format: 'date' })),
  baseCurrency: Currency('The account\'s base currency (eventline: USD).'),
  currency: Currency('The currency converted.'),
  lastModified: Type.String({ format: 'date-time' }),
  currentConversionRate: opt(Type.Boolean({ description: 'True when the rate is in force today.' })),
}, { title: 'ConversionRate' });
export type ConversionRate = Static<typeof ConversionRateSchema>;
export const ConversionRatePageSchema = paginated(ConversionRateSchema, 'ConversionRatePaginatedResponse');

// ---- Budget items ----

const COST_TYPES = ['FIXED', 'VARIABLE'] as const;
export const ITEM_STATUSES = ['ESTIMATED', 'REQUESTED', 'PENDING', 'CONFIRMED', 'INVOICED', 'PAID'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
const AMOUNT_OR_PERCENTAGE = ['AMOUNT', 'PERCENTAGE'] as const;

const TaxInput = Type.Object({
  id: Uuid('The tax.'), name: ReadOnlyText(), taxType: Type.Enum(AMOUNT_OR_PERCENTAGE, { type: 'string' }),
  tax: Type.Number({ minimum: 0, description: 'An amount in the item\'s currency, or a percentage (at most 2 decimals) of the line\'s cost.' }),
  appliedTaxValue: opt(Type.Number({ description: 'Read-only: ignored.' })),
});
const CostLineInput = Type.Object({
  id: Uuid('The cost detail (a cost type of the account).'), name: ReadOnlyText(),
  units: Type.Number({ minimum: 0, description: 'eventline: a whole number of units.' }),
  cost: Type.Number({ minimum: 0, description: 'The cost of one unit, in the item\'s currency (at most its minor unit\'s decimals).' }),
  gratuityDetail: opt(Type.Object({
    gratuity: Type.Number({ minimum: 0, description: 'An amount, or a percentage of the line\'s cost (the item\'s gratuityType).' }),
    appliedGratuityValue: opt(Type.Number({ description: 'Read-only: ignored.' })),
  })),
  taxDetail: opt(Type.Array(TaxInput, { maxItems: 20 })),
  totalCost: opt(Type.Number({ description: 'Read-only: ignored.' })),
});

const ItemFields = {
  costType: Type.Enum(COST_TYPES, { type: 'string' }),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  code: opt(Type.String({ maxLength: 60 })),
  category: Type.Object({ id: Type.Integer({ description: 'A budget category of the account.' }), name: ReadOnlyText() }),
  subCategory: opt(Type.Object({ id: opt(Uuid('A budget sub-category.')), name: ReadOnlyText() })),
  status: Type.Enum(ITEM_STATUSES, { type: 'string', description: 'ESTIMATED, REQUESTED, PENDING: planned; CONFIRMED: committed; INVOICED, PAID: actual (and committed).' }),
  vendor: opt(Type.Object({ id: opt(Uuid('A vendor.')), name: ReadOnlyText(), type: ReadOnlyText() })),
  rfp: opt(IdRef('An RFP.')),
  date: Type.String({ format: 'date-time', description: 'The item\'s date: its currency converts at the rate in force on this day (UTC).' }),
  generalLedger: opt(Type.Object({ id: opt(Uuid('A general ledger code.')), code: ReadOnlyText(), name: ReadOnlyText() })),
  costAvoidance: opt(Type.Object({ amount: opt(Type.Number({ minimum: 0 })), description: opt(Type.String({ maxLength: 5000 })) })),
  costIncludesTaxGratuity: Type.Boolean({ description: 'True: the lines\' costs already include tax and gratuity (their applied values are shown, not added).' }),
  calculateTaxOnGratuity: Type.Boolean({ description: 'True: a percentage tax applies to the cost plus the gratuity.' }),
  gratuityType: Type.Enum(AMOUNT_OR_PERCENTAGE, { type: 'string' }),
  internalNote: opt(Type.String({ maxLength: 5000 })),
  currency: Currency('The item\'s currency (ISO 4217).'),
  conversionRateLocked: opt(Type.Boolean({ description: 'True: the item keeps the conversionRate sent. Otherwise eventline uses the currency\'s rate in force on the item\'s date (400 naming the currency when there is none).' })),
  conversionRate: Type.Number({ exclusiveMinimum: 0, description: 'Base-currency units per unit of the item\'s currency: read unless conversionRateLocked.' }),
  associatedSession: opt(Uuid('A session.')),
};
export const BudgetItemInputSchema = Type.Object({
  ...ItemFields,
  event: opt(IdRef('Read-only: the path\'s event (400 when another).')),
  id: opt(Uuid('Read-only: ignored.')),
  lastModifiedDate: ReadOnlyText(),
  costDetail: opt(Type.Array(CostLineInput, { minItems: 1, maxItems: 5 })),
  savings: opt(Type.Array(Type.Object({}, { additionalProperties: true }), { description: 'Read-only: ignored.' })),
  associatedRegistrants: opt(Type.Array(Type.Object({}, { additionalProperties: true }), { description: 'Read-only: ignored.' })),
}, { title: 'BudgetItem', additionalProperties: false });
export type BudgetItemInput = Static<typeof BudgetItemInputSchema>;

const CostLine = Type.Object({
  id: Uuid('The cost detail.'), units: Type.Number(), cost: Type.Number(),
  gratuityDetail: opt(Type.Object({ gratuity: Type.Number(), appliedGratuityValue: opt(Type.Number()) })),
  taxDetail: opt(Type.Array(Type.Object({ id: Uuid('The tax.'), taxType: Type.Enum(AMOUNT_OR_PERCENTAGE, { type: 'string' }), tax: Type.Number(), appliedTaxValue: opt(Type.Number()) }))),
  totalCost: opt(Type.Number({ description: 'units x cost, plus gratuity and taxes unless the cost includes them; in the item\'s currency.' })),
});
export const BudgetItemSchema = Type.Object({
  id: Uuid('The budget item.'),
  event: Type.Object({ id: Uuid('The event.') }),
  ...ItemFields,
  lastModifiedDate: Type.String({ format: 'date-time' }),
  costDetail: opt(Type.Array(CostLine)),
  customFields: opt(Type.Array(CustomFieldAnswerSchema)),
  deleted: Type.Boolean(),
  conversionRateId: opt(Uuid('eventline: the conversion rate the item was converted with (absent when locked or in the base currency).')),
  totalCost: Type.Number({ description: 'eventline: the item\'s total in its currency.' }),
  baseCurrency: Currency('eventline: the account\'s base currency.'),
  baseTotalCost: Type.Number({ description: 'eventline: the item\'s total in the base currency (each line converted, then added).' }),
}, { title: 'BudgetItem' });
export type BudgetItem = Static<typeof BudgetItemSchema>;
export const BudgetItemPageSchema = paginated(BudgetItemSchema, 'BudgetItemsPaginatedResponse');

export const AccountBudgetItemSchema = Type.Object({
  id: Uuid('The budget item.'), event: Type.Object({ id: Uuid('The event.') }), rfp: opt(IdRef('An RFP.')),
  budgetVersion: Type.Object({ id: Uuid('The event\'s budget version.') }),
  name: Type.String({ maxLength: 100, description: 'The item\'s name (its first 100 characters).' }),
  code: opt(Type.String({ maxLength: 30, description: 'The item\'s code (its first 30 characters).' })),
  category: Type.Object({ id: Type.Integer() }), subCategory: opt(IdRef('A budget sub-category.')), deleted: Type.Boolean(), ...Audit,
}, { title: 'AccountBudgetItemListResponse' });
export type AccountBudgetItem = Static<typeof AccountBudgetItemSchema>;
export const AccountBudgetItemPageSchema = paginated(AccountBudgetItemSchema, 'AccountBudgetItemsPaginatedResponse');

// ---- Allocations ----

const AllocationFields = {
  category: opt(IdRef('A budget category.')), subcategory: opt(IdRef('A budget sub-category.')), generalLedger: opt(IdRef('A general ledger code.')),
  value: Type.Number({ minimum: 0, description: 'A percentage (at most 2 decimals) or an amount in the item\'s currency.' }),
  note: opt(Type.String({ maxLength: 2000 })),
};
export const AllocationsInputSchema = Type.Object({
  allocateBy: Type.Enum(AMOUNT_OR_PERCENTAGE, { type: 'string', description: 'PERCENTAGE: values add up to at most 100; AMOUNT: to at most the item\'s total.' }),
  allocations: Type.Array(Type.Object(AllocationFields, { additionalProperties: false }), { maxItems: 120 }),
}, { title: 'BudgetAllocations', additionalProperties: false });
export type AllocationsInput = Static<typeof AllocationsInputSchema>;
export const AllocationsSchema = Type.Object({
  allocateBy: AllocationsInputSchema.properties.allocateBy,
  allocations: Type.Array(Type.Object({ ...AllocationFields, baseAmount: opt(Type.Number({ description: 'eventline: the allocated amount in the base currency.' })) })),
}, { title: 'BudgetAllocations' });
export type Allocations = Static<typeof AllocationsSchema>;
export const AllocationSchema = Type.Object({
  budgetVersion: Type.Object({ id: Uuid('The budget version.') }), budgetItem: Type.Object({ id: Uuid('The budget item.') }),
  category: opt(IdRef('A budget category.')), subcategory: opt(IdRef('A budget sub-category.')), generalLedger: opt(IdRef('A general ledger code.')),
  method: Type.Enum(AMOUNT_OR_PERCENTAGE, { type: 'string' }), value: Type.Number(), note: opt(Type.String()),
  baseAmount: Type.Number({ description: 'eventline: the allocated amount in the base currency.' }),
}, { title: 'BudgetAllocation' });
export type Allocation = Static<typeof AllocationSchema>;
export const AllocationPageSchema = paginated(AllocationSchema, 'BudgetAllocationsPaginatedResponse');

// ---- Payments ----

const PAYMENT_TYPES = [
  'AIRPLUS', 'AMERICAN_EXPRESS', 'AURORA', 'AURORE', 'AUTHORIZE_NET_SIM', 'BANK_TRANSFER', 'BCMC', 'BILLY', 'CASH', 'CB', 'CHECK', 'COFINOGA', 'CORPORATE_CARD',
  'CREDIT', 'CYBERSOURCE_HOSTED_ORDER_PAGE', 'CYBERSOURCE_SECURE_ACCEPTANCE', 'DANKORT', 'DINERS_CLUB', 'DIRECT_BILL', 'DISCOVER', 'EUROCARD_MASTERCARD', 'INVOICE',
  'JCB', 'LASER', 'MAESTRO', 'MAESTROUK', 'MASTERCARD', 'MASTERCARD_DEBIT', 'MONEY_ORDER', 'NETRESERVE', 'OTHER', 'OTHER_2', 'OTHER_3', 'PAY_GOV', 'PAYMENT_CREDITS',
  'PAYPAL', 'P_CARD', 'PRIVILEGE', 'PURCHASE_ORDER', 'SOLO', 'TOUCHNET', 'UATP', 'UNIONPAY', 'VISA', 'VISA_DEBIT', 'VISA_ELECTRON', 'WPM',
] as const;
const PaymentFields = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  referenceNumber: opt(Type.String({ maxLength: 30 })),
  currency: Currency('The payment\'s currency (ISO 4217); it converts at the rate in force on the payment\'s date.'),
  amount: Type.Number({ description: 'In the payment\'s currency, with at most its minor unit\'s decimals.' }),
  date: Type.String({ format: 'date' }),
  note: opt(Type.String({ maxLength: 300 })),
  type: opt(Type.Enum(PAYMENT_TYPES, { type: 'string' })),
};
export const PaymentInputSchema = Type.Object({ ...PaymentFields, id: opt(Uuid('Read-only (PUT: must be the path\'s).')), lastModified: ReadOnlyText() },
  { title: 'BudgetPayment', additionalProperties: false });
export type PaymentInput = Static<typeof PaymentInputSchema>;
export const PaymentSchema = Type.Object({
  id: Uuid('The payment.'), ...PaymentFields, lastModified: Type.String({ format: 'date-time' }),
  budgetVersion: Type.Object({ id: Uuid('The budget version.') }), budgetItem: Type.Object({ id: Uuid('The budget item.') }),
  conversionRate: Type.Number({ description: 'eventline: the rate the payment converted with (1 in the base currency).' }),
  conversionRateId: opt(Uuid('eventline: the conversion rate used (absent in the base currency).')),
  baseAmount: Type.Number({ description: 'eventline: the amount in the base currency.' }),
  invoice: opt(Type.Object({ id: Uuid('eventline: the invoice file.') })),
}, { title: 'BudgetPayment' });
export type Payment = Static<typeof PaymentSchema>;
export const PaymentPageSchema = paginated(PaymentSchema, 'BudgetPaymentsPaginatedResponse');
export const InvoiceSchema = Type.Object({ file: Type.Object({ id: Uuid('The invoice file.') }), href: Type.String({ format: 'uri', description: 'A signed, expiring URL of the file.' }) },
  { title: 'BudgetPaymentInvoice' });
export type Invoice = Static<typeof InvoiceSchema>;

// ---- Totals ----

export const BudgetTotalsSchema = Type.Object({
  event: Type.Object({ id: Uuid('The event.') }),
  version: Type.Object({ id: Uuid('The budget version.'), name: Type.String(), default: Type.Boolean() }),
  lastModifiedDate: opt(Type.String({ format: 'date-time' })),
  currency: Currency('The base currency every total is in.'),
  totalHighLevelEstimate: Type.Object({ amount: Type.Number({ description: 'The planned total.' }) }),
  costDetail: Type.Array(Type.Object({
    id: Uuid('A cost detail.'), totalCostValue: Type.Number(), totalAppliedTax: Type.Number(), totalAppliedGratuity: Type.Number(),
  })),
  planned: Type.Number({ description: 'eventline: every item that is not deleted.' }),
  committed: Type.Number({ description: 'eventline: items CONFIRMED, INVOICED or PAID.' }),
  actual: Type.Number({ description: 'eventline: items INVOICED or PAID.' }),
  paid: Type.Number({ description: 'eventline: the payments of items that are not deleted.' }),
  allocated: Type.Number({ description: 'eventline: the allocations of items that are not deleted.' }),
  minorUnits: Type.Object({
    planned: Type.String(), committed: Type.String(), actual: Type.String(), paid: Type.String(), allocated: Type.String(),
  }, { description: 'eventline: the same totals as exact integers of the base currency\'s minor unit (decimal strings).' }),
}, { title: 'BudgetTotals' });
export type BudgetTotals = Static<typeof BudgetTotalsSchema>;
export const BudgetTotalsPageSchema = paginated(BudgetTotalsSchema, 'BudgetTotalsPaginatedResponse');

// ---- Cards ----

const CARD_TYPES = ['Virtual', 'Plastic'] as const;
const CARD_STATUSES = ['Pending', 'Active', 'Inactive', 'Expired', 'Cancelled'] as const;
const CardFields = {
  first6: opt(Type.String({ pattern: '^[0-9]{6}$' })), last4: opt(Type.String({ pattern: '^[0-9]{4}$' })), last7: opt(Type.String({ minLength: 7, maxLength: 7 })),
  type: opt(Type.Enum(CARD_TYPES, { type: 'string' })), status: opt(Type.Enum(CARD_STATUSES, { type: 'string' })), issuer: opt(Type.String({ maxLength: 100 })),
  spendLimit: opt(Type.Number({ minimum: 0 })), description: opt(Type.String({ maxLength: 500 })), company: opt(Type.String({ minLength: 1, maxLength: 200 })),
  purchaseTemplate: opt(Type.String({ maxLength: 200 })), start: opt(Type.String({ format: 'date-time' })), end: opt(Type.String({ format: 'date-time' })),
  billingAccountId: opt(Type.String({ maxLength: 100 })), fullName: opt(Type.String({ maxLength: 200 })), cardHolderName: opt(Type.String({ minLength: 1, maxLength: 50 })),
};
export const CardInputSchema = Type.Object({
  ...CardFields, event: opt(IdRef('The event the card pays for.')), currency: opt(Currency('eventline: the card\'s currency (default USD).')),
}, { title: 'Card', additionalProperties: false });
export type CardInput = Static<typeof CardInputSchema>;
export const CardSchema = Type.Object({
  id: Uuid('The card.'), event: opt(IdRef('The event.')), ...CardFields,
  totalTransactionAmount: Type.Number({ description: 'The card\'s transactions in its currency (refunds subtract).' }),
  availableBalance: opt(Type.Number({ description: 'spendLimit less totalTransactionAmount.' })),
  reportingFields: Type.Array(Type.Object({ name: opt(Type.String()), value: opt(Type.String()) }), { maxItems: 20 }),
  currency: Currency('eventline: the card\'s currency.'),
}, { title: 'Card' });
export type Card = Static<typeof CardSchema>;
export const CardPageSchema = paginated(CardSchema, 'CardsPaginatedResponse');

const TRANSACTION_TYPES = ['Payments', 'Refunds', 'Authorized', 'Approved', 'Declined'] as const;
export const TransactionInputSchema = Type.Object({
  id: opt(Type.String({ maxLength: 100, description: 'Read-only (PUT: must be the path\'s).' })),
  eventId: opt(Uuid('The event the transaction is for.')),
  cardDescription: opt(Type.String({ maxLength: 500, description: 'The card as the issuer describes it (personal: it names the cardholder).' })),
  transactionAmount: Type.Number({ description: 'In transactionCurrency, with at most its minor unit\'s decimals.' }),
  transactionDate: Type.String({ format: 'date-time' }),
  transactionCurrency: Currency('ISO 4217.'),
  transactionMerchant: opt(Type.String({ maxLength: 200 })),
  card: opt(Type.Object({ id: Uuid('eventline: a card of the account (GET /cards).') })),
  type: opt(Type.Enum(TRANSACTION_TYPES, { type: 'string', description: 'eventline: default Authorized.' })),
}, { title: 'CardTransaction', additionalProperties: false });
export type TransactionInput = Static<typeof TransactionInputSchema>;
export const TransactionWriteSchema = Type.Object({
  id: Type.String(), eventId: opt(Uuid('The event.')), cardDescription: opt(Type.String()), transactionAmount: Type.Number(),
  transactionDate: Type.String({ format: 'date-time' }), transactionCurrency: Currency('ISO 4217.'), transactionMerchant: opt(Type.String()),
  card: opt(Type.Object({ id: Uuid('eventline: the card.') })), type: Type.Enum(TRANSACTION_TYPES, { type: 'string' }),
}, { title: 'CardTransaction' });
export type TransactionWrite = Static<typeof TransactionWriteSchema>;
const Reconciliation = Type.Object({
  budgetItem: opt(IdRef('A budget item.')), status: Type.Enum(['Reconciled', 'Not Reconciled'] as const, { type: 'string' }),
  amount: opt(Type.Number()), reconciledBy: opt(Type.String()), reconciledDate: opt(Type.String({ format: 'date-time' })),
});
export const TransactionSchema = Type.Object({
  id: Type.String(), event: opt(IdRef('The event.')), card: opt(IdRef('The card.')), transactionDate: Type.String({ format: 'date-time' }),
  type: Type.Enum(TRANSACTION_TYPES, { type: 'string' }), amount: Type.Number(), currency: Currency('ISO 4217.'), merchant: opt(Type.String()),
  reconciliation: Reconciliation, reconciliations: Type.Array(Reconciliation), descriptions: Type.Array(Type.String(), { maxItems: 5 }),
}, { title: 'CardTransactionListItem' });
export type Transaction = Static<typeof TransactionSchema>;
export const TransactionPageSchema = paginated(TransactionSchema, 'CardTransactionsPaginatedResponse');

export { CustomFieldAnswerInputSchema as AnswerInputSchema, CustomFieldAnswerSchema as AnswerSchema };
