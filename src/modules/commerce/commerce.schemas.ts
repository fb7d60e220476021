import { Type, type Static, type TSchema } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

// The reference's item, discount, order, transaction, card-token and attendee-credit shapes (the fields eventline
// keeps), and eventline's create bodies for what the reference only reads (DESIGN rule 11). Amounts are decimal
// numbers of the currency, made exactly from integer minor units.

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const DateTime = (description: string) => Type.String({ format: 'date-time', description });
const Day = (description: string) => Type.String({ format: 'date', description });
const Ref = (description: string) => Type.Object({ id: Uuid(description) });
const Money = (description: string) => Type.Number({ description });
const Currency = Type.String({ minLength: 3, maxLength: 3, description: 'The ISO 4217 currency of the amounts (the event\'s).' });
const Audit = {
  created: DateTime('When this record was created.'),
  createdBy: Type.String({ description: 'Who created this record.' }),
  lastModified: DateTime('When this record was last changed.'),
  lastModifiedBy: Type.String({ description: 'Who last changed this record.' }),
};
const opt = <T extends TSchema>(s: T) => Type.Optional(s);

export const EventParamsSchema = Type.Object({ id: Uuid('Event id.') });
export const DiscountParamsSchema = Type.Object({ id: Uuid('Event id.'), discountId: Uuid('Discount id.') });
export const AgendaItemParamsSchema = Type.Object({ id: Uuid('Event id.'), discountId: Uuid('Discount id.'), agendaItemId: Uuid('Agenda item id: an admission, membership or quantity item, or a session, of the event.') });
export const OrderItemDiscountParamsSchema = Type.Object({
  id: Uuid('Event id.'), orderId: Uuid('Order id.'), orderItemId: Uuid('Order item id.'), discountCode: Type.String({ minLength: 1, maxLength: 30, description: 'The discount\'s code.' }),
});
export const QuantityItemParamsSchema = Type.Object({ quantityItemId: Uuid('Quantity item id.') });

const { limit, token, after, before, filter, sort } = listQuerySchema().properties;
export const WindowedQuerySchema = Type.Object({ limit, token, after, before, filter }, { additionalProperties: false });
export const PagingFilterQuerySchema = Type.Object({ limit, token, filter }, { additionalProperties: false });
const Deleted = Type.Optional(Type.Boolean({ default: false, description: 'Include deleted records: eventline deletes no orders, so this changes nothing.' }));
export const OrdersQuerySchema = Type.Object({ limit, token, after, before, filter, deleted: Deleted }, { additionalProperties: false });
export const DiscountsQuerySchema = Type.Object({ limit, token, after, before, filter, sort }, { additionalProperties: false });
export const CreditsQuerySchema = Type.Object({
  limit, token, after, before, filter, sort,
  expand: Type.Optional(Type.Array(Type.Literal('creditType'), { description: 'Accepted: the credit type carries only its id.' })),
}, { additionalProperties: false });
export const PartialPaymentQuerySchema = Type.Object({
  partialPayment: Type.Optional(Type.Boolean({ default: false, description: 'true: pay the amounts of `transactionItems`; false: pay (or refund) all that is due (paid).' })),
}, { additionalProperties: false });

// ---- Items ----

const RegistrationTypes = Type.Array(Uuid('A registration type of the event.'), { maxItems: 200, description: 'The registration types that may buy it (none: every one).' });

export const AdmissionItemSchema = Type.Object({
  id: Uuid('Admission item id.'), name: Type.String({ maxLength: 100 }), code: Type.String({ maxLength: 20 }), description: opt(Type.String({ maxLength: 2500 })),
  allowOptionalSessions: Type.Boolean(), event: Ref('Event id.'),
  amount: Money('Its price (an eventline addition to the reference\'s shape).'), currency: Currency,
}, { title: 'Admission item' });

const QuantityLike = {
  id: Uuid('Item id.'), name: Type.String({ maxLength: 100 }), description: opt(Type.String({ maxLength: 2500 })), code: Type.String({ maxLength: 30 }),
  registrationTypes: RegistrationTypes, openForRegistration: Type.Boolean(),
};
export const QuantityItemSchema = Type.Object({
  ...QuantityLike, maximumItemsPerInvitee: opt(Type.Integer({ minimum: 1, maximum: 32000 })), capacity: opt(Type.Integer({ minimum: 1, maximum: 999999 })),
  amount: Money('Its unit price (an eventline addition).'), currency: Currency,
}, { title: 'Quantity item' });
export const DonationItemSchema = Type.Object({
  ...QuantityLike, minimumAmountAllowedPerInvitee: opt(Type.Number({ minimum: 0.1, maximum: 999999999 })), currency: Currency,
}, { title: 'Donation item' });
export const FeeItemSchema = Type.Object({
  id: Uuid('Fee item id.'), name: Type.String(), amount: Money('The fee.'), currency: Currency, active: Type.Boolean(), display: Type.Boolean(), default: Type.Boolean(),
  registrationTypes: Type.Array(Uuid('A registration type.'), { maxItems: 100 }), ...Audit,
}, { title: 'Fee item' });
export const MembershipItemSchema = Type.Object({
  id: Uuid('Membership item id.'), name: Type.String({ maxLength: 100 }), description: opt(Type.String({ maxLength: 2500 })), code: Type.String({ maxLength: 8 }),
  price: Money('Its price.'), currency: Type.String({ maxLength: 3 }), registrationTypes: RegistrationTypes, openForRegistration: Type.Boolean(),
  renewalType: Type.String(), duration: Type.Union([Type.Literal('OneYear'), Type.Literal('ThreeMonths'), Type.Literal('SixMonths'), Type.Literal('NoExpiration')]),
}, { title: 'Membership item' });

export const AdmissionItemPageSchema = paginated(AdmissionItemSchema, 'A page of admission items');
export const QuantityItemPageSchema = paginated(QuantityItemSchema, 'A page of quantity items');
export const DonationItemPageSchema = paginated(DonationItemSchema, 'A page of donation items');
export const FeeItemPageSchema = paginated(FeeItemSchema, 'A page of fee items');
export const MembershipItemPageSchema = paginated(MembershipItemSchema, 'A page of membership items');

export const ItemInputSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  code: opt(Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$', description: 'By default made from the name (membership codes: at most 8 characters).' })),
  description: opt(Type.String({ maxLength: 2500 })),
  amount: Type.Number({ minimum: 0, maximum: 99999999, description: 'The price (a donation\'s minimum, a fee\'s amount) in the event\'s currency, with no more decimals than the currency has.' }),
  capacity: opt(Type.Integer({ minimum: 1, maximum: 999999 })),
  maximumItemsPerInvitee: opt(Type.Integer({ minimum: 1, maximum: 32000 })),
  registrationTypes: opt(Type.Array(Uuid('A registration type of the event.'), { maxItems: 100 })),
  openForRegistration: opt(Type.Boolean()),
  allowOptionalSessions: opt(Type.Boolean()),
  renewalType: opt(Type.String({ minLength: 1, maxLength: 50 })),
  duration: opt(Type.Union([Type.Literal('OneYear'), Type.Literal('ThreeMonths'), Type.Literal('SixMonths'), Type.Literal('NoExpiration')])),
}, { additionalProperties: false, title: 'An item of the event' });

export const QuantityUpdateSchema = Type.Object({
  id: Uuid('The quantity item id (the path\'s).'),
  attendee: Type.Object({ id: Uuid('An attendee of the item\'s event.') }),
  updatedQuantity: Type.Integer({ minimum: 0, maximum: 32000 }),
  sendEmail: opt(Type.Boolean({ description: 'Accepted; eventline sends no email for it.' })),
}, { title: 'A quantity item registration' });
export const QuantityUpdateResponseSchema = Type.Object({
  id: Uuid('Quantity item id.'), attendee: Type.Object({ id: Uuid('Attendee id.') }), updatedQuantity: Type.Integer(), sendEmail: opt(Type.Boolean()),
}, { title: 'The quantity item registration' });

// ---- Discounts ----

const MethodType = Type.Union([Type.Literal('BY_AMOUNT'), Type.Literal('BY_PERCENTAGE'), Type.Literal('FLAT_PRICE')]);
export const DiscountSchema = Type.Object({
  id: Uuid('Discount id.'), type: Type.Literal('DISCOUNT_CODE'), level: Type.Literal('EVENT'), name: Type.String({ maxLength: 50 }), code: Type.String({ maxLength: 30 }),
  active: Type.Boolean(), stackable: Type.Boolean(), method: Type.Object({ type: MethodType, value: Type.Number() }),
  effectiveFrom: opt(Day('First day it applies (inclusive).')), effectiveTo: opt(Day('Last day it applies (inclusive).')), note: opt(Type.String({ maxLength: 300 })),
  audienceType: Type.Union([Type.Literal('PRIMARY'), Type.Literal('GUEST'), Type.Literal('ALL')]),
  capacity: Type.Object({ total: Type.Integer({ description: '-1: unlimited.' }), used: Type.Integer() }),
  applyToAllAgendaItems: Type.Boolean(), currency: Currency, ...Audit,
}, { title: 'Discount' });
export const DiscountPageSchema = paginated(DiscountSchema, 'A page of discounts');
export const DiscountInputSchema = Type.Object({
  type: Type.Union([Type.Literal('DISCOUNT_CODE'), Type.Literal('VOLUME_DISCOUNT')], { description: 'DISCOUNT_CODE; volume discounts are refused (400).' }),
  name: Type.String({ minLength: 1, maxLength: 50 }), code: opt(Type.String({ minLength: 1, maxLength: 30 })),
  active: opt(Type.Boolean({ default: true })), stackable: opt(Type.Boolean({ default: true })),
  method: Type.Object({ type: opt(MethodType), value: Type.Number({ minimum: 0 }) }),
  effectiveFrom: opt(Day('First day.')), effectiveTo: opt(Day('Last day.')), note: opt(Type.String({ maxLength: 300 })),
  audienceType: opt(Type.Union([Type.Literal('PRIMARY'), Type.Literal('GUEST'), Type.Literal('ALL')])),
  capacity: opt(Type.Object({ total: opt(Type.Integer({ minimum: -1, maximum: 32767, default: -1 })) })),
  applyToAllAgendaItems: opt(Type.Boolean({ default: false })),
}, { title: 'A discount code' });
export const AgendaItemLinkSchema = Type.Object({
  id: Uuid('The agenda item id.'),
  type: Type.Union([Type.Literal('AdmissionItem'), Type.Literal('MembershipItem'), Type.Literal('QuantityItem'), Type.Literal('Session'), Type.Literal('SessionBundle')]),
  discount: Ref('Discount id.'),
}, { title: 'A discounted agenda item' });
export const AgendaItemLinkPageSchema = paginated(AgendaItemLinkSchema, 'A page of discounted agenda items');

// ---- Orders ----

const OrderType = Type.Union([Type.Literal('Authorization'), Type.Literal('Online Charge'), Type.Literal('Online Refund'), Type.Literal('Offline Charge'), Type.Literal('Offline Refund')]);
const ProductType = Type.Union([Type.Literal('AdmissionItem'), Type.Literal('QuantityItem'), Type.Literal('DonationItem'), Type.Literal('MembershipItem'), Type.Literal('RegistrantTypeServiceFee')]);
export const DiscountDetailSchema = Type.Object({
  id: Uuid('Discount id.'), name: Type.String({ maxLength: 50 }), code: Type.String({ maxLength: 30 }),
  type: Type.Union([Type.Literal('Amount'), Type.Literal('Percentage'), Type.Literal('FlatPrice')]), value: Type.Number(), amount: Money('What it took off.'),
});
export const OrderItemSchema = Type.Object({
  id: Uuid('Order item id.'), order: Type.Object({ id: Uuid('Order id.'), type: OrderType }), event: Ref('Event id.'), attendee: Ref('Attendee id.'),
  guest: Type.Boolean(), product: Type.Object({ id: Uuid('The item bought.'), type: ProductType }), fee: opt(Type.Object({ id: Uuid('Fee item id.'), name: Type.String() })),
  active: Type.Boolean(), name: Type.String({ maxLength: 100 }), price: Money('Unit price.'), quantity: Type.Integer(),
  amountOrdered: Money('price × quantity minus its discounts.'), amountPaid: Money('What transactions paid of it.'), amountDue: Money('amountOrdered − amountPaid.'),
  discounts: Type.Array(DiscountDetailSchema), deleted: Type.Boolean(), currency: Currency, ...Audit,
}, { title: 'Order item' });
export const OrderSchema = Type.Object({
  id: Uuid('Order id.'), event: Ref('Event id.'), attendee: Ref('Attendee id.'), number: Type.String({ maxLength: 18 }), cancelled: Type.Boolean(), type: OrderType,
  amountOrdered: Money('Its items minus their discounts plus its fees.'), amountPaid: Money('What transactions paid.'), amountDue: Money('amountOrdered − amountPaid.'),
  discounts: Type.Array(DiscountDetailSchema), referenceNumber: opt(Type.String({ maxLength: 30 })), deleted: Type.Boolean(), currency: Currency,
  items: Type.Array(OrderItemSchema, { description: 'Its items (an eventline addition).' }), ...Audit,
}, { title: 'Order' });
export const OrderPageSchema = paginated(OrderSchema, 'A page of orders');
export const OrderItemPageSchema = paginated(OrderItemSchema, 'A page of order items');
export const OrderInputSchema = Type.Object({
  attendee: Type.Object({ id: Uuid('An attendee of the event.') }),
  items: Type.Array(Type.Object({
    product: Type.Object({ id: Uuid('An item of the event (admission, donation, fee, membership or quantity).') }),
    quantity: opt(Type.Integer({ minimum: 1, maximum: 32000, default: 1 })),
    amount: opt(Type.Number({ minimum: 0, description: 'A donation\'s amount (at least the item\'s minimum); other items have their price.' })),
    discountCode: opt(Type.String({ minLength: 1, maxLength: 30, description: 'A discount code of the event to apply to this item.' })),
  }, { additionalProperties: false }), { minItems: 1, maxItems: 50 }),
  referenceNumber: opt(Type.String({ maxLength: 30 })),
}, { additionalProperties: false, title: 'An order' });
export const AssociateDiscountSchema = Type.Object({
  event: Ref('Event id (the path\'s).'), order: Ref('Order id (the path\'s).'), item: Ref('Order item id (the path\'s).'),
  amountOrdered: Type.Number({ description: 'The item\'s amountOrdered as the client last read it; a different amount is 400 (the item changed since).' }),
}, { title: 'A discount code for an order item' });

// ---- Transactions ----

const PaymentMethod = Type.String({ minLength: 1, maxLength: 50, description: 'One of the reference\'s payment methods (Cash, Check, Visa...).' });
export const TransactionItemSchema = Type.Object({
  id: Uuid('Transaction item id.'), uniqueId: Type.String(), transaction: Type.Object({ id: Uuid('Transaction id.') }), event: Ref('Event id.'), attendee: Ref('Attendee id.'),
  product: Type.Object({ id: Uuid('The item.'), type: ProductType }), orderItem: Ref('Order item id.'), name: Type.String({ maxLength: 100 }),
  amount: Money('Paid (negative: refunded).'), currency: Currency, ...Audit,
}, { title: 'Transaction item' });
export const TransactionSchema = Type.Object({
  id: Uuid('Transaction id.'), event: Ref('Event id.'), attendee: Ref('Attendee id.'), orders: Type.Array(Ref('Order id.')), journalNumber: Type.String({ maxLength: 18 }),
  paymentType: OrderType, paymentMethod: Type.String(), success: Type.Boolean(), date: DateTime('When it was paid.'),
  batchNumber: opt(Type.String({ maxLength: 30 })), referenceNumber: opt(Type.String({ maxLength: 30 })), amount: Money('Paid (negative: refunded).'), currency: Currency,
  paymentNote: opt(Type.String()), transactionItems: opt(Type.Array(Type.Object({ product: Type.Object({ id: Uuid('Item.'), type: ProductType }), amount: Money('Amount.') }))),
  ...Audit,
}, { title: 'Transaction' });
export const TransactionPageSchema = paginated(TransactionSchema, 'A page of transactions');
export const TransactionItemPageSchema = paginated(TransactionItemSchema, 'A page of transaction items');
export const TransactionInputSchema = Type.Object({
  attendee: Type.Object({ id: Uuid('The attendee whose orders it pays.') }),
  orders: opt(Type.Array(Ref('One of the attendee\'s orders.'), { maxItems: 20, description: 'Only these orders (by default all the attendee\'s orders in the event).' })),
  paymentType: Type.Union([Type.Literal('Offline Charge'), Type.Literal('Offline Refund')]),
  paymentMethod: PaymentMethod,
  date: DateTime('When it was paid.'),
  batchNumber: opt(Type.String({ maxLength: 30 })), referenceNumber: opt(Type.String({ maxLength: 30 })), paymentNote: opt(Type.String({ maxLength: 1000 })),
  amount: opt(Type.Number({ description: 'Ignored: the amount is the sum of what it pays.' })),
  transactionItems: opt(Type.Array(Type.Object({ product: Type.Object({ id: Uuid('An item the attendee ordered.'), type: opt(Type.String()) }), amount: Type.Number({ exclusiveMinimum: 0 }) }), { minItems: 1, maxItems: 100 })),
}, { title: 'An offline transaction' });

// ---- Card tokens ----

export const CardTypes = ['AMERICAN_EXPRESS', 'CHINA_UNIONPAY', 'DINERS_CLUB_INTERNATIONAL', 'DISCOVER', 'JCB', 'MAESTRO', 'MASTERCARD', 'VISA'] as const;
export const CardTokenInputSchema = Type.Object({
  creditCard: Type.Object({
    number: Type.String({ minLength: 10, maxLength: 100, description: 'The card number (spaces and dashes allowed). Checked (length, brand, Luhn) and never stored.' }),
    expMonth: Type.Integer({ minimum: 1, maximum: 12 }), expYear: Type.Integer({ minimum: 0, maximum: 9980 }),
    accountHolderName: Type.String({ minLength: 1, maxLength: 255, description: 'Echoed in the answer, not stored.' }),
    cvv: opt(Type.Union([Type.String({ pattern: '^(|\\w{3,4})$' }), Type.Null()])),
  }),
}, { title: 'A card to tokenize' });
export const CardTokenSchema = Type.Object({
  id: Uuid('The token.'),
  creditCard: Type.Object({
    cardType: Type.Union([
      Type.Literal('AMERICAN_EXPRESS'), Type.Literal('CHINA_UNIONPAY'), Type.Literal('DINERS_CLUB_INTERNATIONAL'), Type.Literal('DISCOVER'), Type.Literal('JCB'),
      Type.Literal('MAESTRO'), Type.Literal('MASTERCARD'), Type.Literal('VISA'),
    ]), last4Digits: Type.String(), accountHolderName: Type.String(),
    expMonth: Type.Integer({ minimum: 1, maximum: 12 }), expYear: Type.Integer({ minimum: 0, maximum: 9980 }),
  }),
}, { title: 'A card token' });

// ---- Attendee credits ----

export const AttendeeCreditSchema = Type.Object({
  id: Uuid('Credit id.'), type: Type.Union([Type.Literal('Event'), Type.Literal('Session')]), creditType: Ref('Credit type id.'), amount: Type.Number(),
  attendee: Ref('Attendee id.'), event: Ref('Event id.'), session: opt(Ref('Session id.')), created: DateTime('Awarded.'), lastModified: DateTime('Last changed.'),
}, { title: 'Attendee credit' });
export const AttendeeCreditPageSchema = paginated(AttendeeCreditSchema, 'A page of attendee credits');
export const AttendeeCreditInputSchema = Type.Object({
  attendee: Type.Object({ id: Uuid('An attendee.') }), session: opt(Type.Object({ id: Uuid('A session of the attendee\'s event (a Session credit).') })),
  creditType: Type.Object({ id: Uuid('The credit type (a client-chosen id).') }), amount: Type.Number({ exclusiveMinimum: 0, maximum: 10000, description: 'At most two decimals.' }),
}, { additionalProperties: false, title: 'An attendee credit' });

export type AdmissionItem = Static<typeof AdmissionItemSchema>;
export type QuantityItem = Static<typeof QuantityItemSchema>;
export type DonationItem = Static<typeof DonationItemSchema>;
export type FeeItem = Static<typeof FeeItemSchema>;
export type MembershipItem = Static<typeof MembershipItemSchema>;
export type ItemInput = Static<typeof ItemInputSchema>;
export type Discount = Static<typeof DiscountSchema>;
export type DiscountInput = Static<typeof DiscountInputSchema>;
export type AgendaItemLink = Static<typeof AgendaItemLinkSchema>;
export type DiscountDetail = Static<typeof DiscountDetailSchema>;
export type Order = Static<typeof OrderSchema>;
export type OrderItem = Static<typeof OrderItemSchema>;
export type OrderInput = Static<typeof OrderInputSchema>;
export type AssociateDiscount = Static<typeof AssociateDiscountSchema>;
export type Transaction = Static<typeof TransactionSchema>;
export type TransactionItem = Static<typeof TransactionItemSchema>;
export type TransactionInput = Static<typeof TransactionInputSchema>;
export type CardTokenInput = Static<typeof CardTokenInputSchema>;
export type CardToken = Static<typeof CardTokenSchema>;
export type AttendeeCredit = Static<typeof AttendeeCreditSchema>;
export type AttendeeCreditInput = Static<typeof AttendeeCreditInputSchema>;
export type QuantityUpdate = Static<typeof QuantityUpdateSchema>;
