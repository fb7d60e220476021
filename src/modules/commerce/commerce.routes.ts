import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import type { FilterFields } from '../../lists/index.js';
import {
  ADMISSION_ITEMS_LIST, agendaItemsList, ATTENDEE_CREDITS_LIST, discountsList, eventItemsList, feeItemsList, orderItemsList, ordersList, transactionItemsList, transactionsList,
} from './commerce.filters.js';
import {
  AdmissionItemPageSchema, AdmissionItemSchema, AgendaItemLinkPageSchema, AgendaItemParamsSchema, AssociateDiscountSchema, AttendeeCreditInputSchema, AttendeeCreditPageSchema,
  AttendeeCreditSchema, CardTokenInputSchema, CardTokenSchema, CreditsQuerySchema, DiscountInputSchema, DiscountPageSchema, DiscountParamsSchema, DiscountSchema,
  DiscountsQuerySchema, DonationItemPageSchema, DonationItemSchema, EventParamsSchema, FeeItemPageSchema, FeeItemSchema, ItemInputSchema, MembershipItemPageSchema,
  MembershipItemSchema, OrderInputSchema, OrderItemDiscountParamsSchema, OrderItemPageSchema, OrderItemSchema, OrderPageSchema, OrderSchema, OrdersQuerySchema,
  PagingFilterQuerySchema, PartialPaymentQuerySchema, QuantityItemPageSchema, QuantityItemParamsSchema, QuantityItemSchema, QuantityUpdateResponseSchema,
  QuantityUpdateSchema, TransactionInputSchema, TransactionItemPageSchema, TransactionPageSchema, TransactionSchema, WindowedQuerySchema,
} from './commerce.schemas.js';
import type { CommerceService } from './commerce.service.js';
import type { ItemKind } from './commerce.table.js';

const filters = (fields: FilterFields) => `Filterable (the reference's list): ${Object.entries(fields).map(([name, f]) => `${name} (${f.ops.join('|')})`).join(', ')}.`;
const EXTENSION = 'An eventline extension (DESIGN rule 11): the reference only reads this resource.';
const MONEY = 'Amounts are exact: kept as integer minor units of the event\'s currency (`currency`), shown as decimal numbers.';
const NOT_REG_TYPES = '`registrationTypes (in)` is not served (the filter compiler has no "any element in" for the stored array).';

export function commerceRoutes(commerce: CommerceService) {
  return operations((op) => {
    // ---- Items ----
    op.list('listAdmissionItems', {
      description: `The account's admission items, in creation order. ${filters(ADMISSION_ITEMS_LIST.filters)} \`after\` / \`before\` bound lastModified. ${MONEY}`,
      query: WindowedQuerySchema, page: AdmissionItemPageSchema, filters: ADMISSION_ITEMS_LIST.filters,
      list: (auth, query) => commerce.listItems(auth.accountId, 'AdmissionItem', undefined, query) as ReturnType<typeof commerce.listItems> as never,
    });
    const eventList = (operationId: string, kind: ItemKind, page: typeof DonationItemPageSchema | typeof QuantityItemPageSchema | typeof MembershipItemPageSchema, twin: boolean) =>
      op.list(operationId, {
        description: `The event's ${kind.replace('Item', '').toLowerCase()} items, in creation order. ${filters(eventItemsList('', '').filters)} ${NOT_REG_TYPES} ${MONEY}`,
        params: EventParamsSchema, query: PagingFilterQuerySchema, page, filters: eventItemsList('', '').filters, errors: [404],
        ...(twin ? {} : { filterOperationId: null }),
        list: (auth, query, params) => commerce.listItems(auth.accountId, kind, params.id, query) as never,
      });
    eventList('listDonationItems', 'DonationItem', DonationItemPageSchema, true);
    eventList('listQuantityItems', 'QuantityItem', QuantityItemPageSchema, true);
    eventList('listMembershipItems', 'MembershipItem', MembershipItemPageSchema, false);
    op.list('listFeeItems', {
      description: `The event's fee items, in creation order. ${MONEY}`, params: EventParamsSchema, query: Type.Object({ limit: PagingFilterQuerySchema.properties.limit, token: PagingFilterQuerySchema.properties.token }, { additionalProperties: false }),
      page: FeeItemPageSchema, filters: feeItemsList('').filters, filterOperationId: null, errors: [404],
      list: (auth, query, params) => commerce.listItems(auth.accountId, 'FeeItem', params.id, query) as never,
    });
    const create = (operationId: string, kind: ItemKind, schema: typeof AdmissionItemSchema | typeof DonationItemSchema | typeof FeeItemSchema | typeof MembershipItemSchema | typeof QuantityItemSchema, what: string) =>
      op(operationId, {
        description: `Creates ${what} of the event at \`amount\` in the event's currency (no more decimals than the currency has: 400). ${EXTENSION}`,
        params: EventParamsSchema, body: ItemInputSchema, response: { 201: schema },
      }, async ({ auth, params, body }) => commerce.createItem(auth, params.id, kind, body) as never);
    create('createAdmissionItem', 'AdmissionItem', AdmissionItemSchema, 'an admission item');
    create('createDonationItem', 'DonationItem', DonationItemSchema, 'a donation item (`amount`: its minimum, 0 for none)');
    create('createFeeItem', 'FeeItem', FeeItemSchema, 'a fee item (an order line that adds to the total)');
    create('createMembershipItem', 'MembershipItem', MembershipItemSchema, 'a membership item (code of at most 8 characters)');
    create('createQuantityItem', 'QuantityItem', QuantityItemSchema, 'a quantity item (unit price, optional capacity and per-attendee maximum)');
    op('updateQuantityItemRegistrationForAttendee', {
      description: 'Sets how many of the quantity item the attendee has (the body\'s `id` is the path\'s). 400 above the item\'s per-attendee maximum or its remaining capacity, or for an attendee of another event.',
      params: QuantityItemParamsSchema, body: QuantityUpdateSchema, response: { 200: QuantityUpdateResponseSchema },
    }, async ({ auth, params, body }) => commerce.updateQuantity(auth, params.quantityItemId, body));

    // ---- Discounts ----
    op.list('listEventDiscounts', {
      description: `The event's discount codes, in creation order. ${filters(discountsList('').filters)} Sortable: name, code. ${MONEY}`,
      params: EventParamsSchema, query: DiscountsQuerySchema, page: DiscountPageSchema, filters: discountsList('').filters, filterOperationId: null,
      list: (auth, query, params) => commerce.listDiscounts(auth.accountId, params.id, query),
    });
    op('createEventDiscount', {
      description: 'Creates a discount code of the event: an amount off each unit, a percentage (at most two decimals) of the line, or a flat unit price; '
        + '`capacity.total` limits its uses (-1: unlimited). Codes are unique in the event (400). VOLUME_DISCOUNT is refused (400).',
      params: EventParamsSchema, body: DiscountInputSchema, response: { 201: DiscountSchema },
    }, async ({ auth, params, body }) => commerce.createDiscount(auth, params.id, body));
    op('updateEventDiscount', {
      description: 'Replaces the discount\'s fields; its uses so far stay (a capacity below them is 400).',
      params: DiscountParamsSchema, body: DiscountInputSchema, response: { 200: DiscountSchema },
    }, async ({ auth, params, body }) => commerce.updateDiscount(auth, params.id, params.discountId, body));
    op.list('listDiscountedAgendaItems', {
      description: `Which items and sessions of the event each discount applies to. ${filters(agendaItemsList('').filters)}`,
      params: EventParamsSchema, query: PagingFilterQuerySchema, page: AgendaItemLinkPageSchema, filters: agendaItemsList('').filters, filterOperationId: null,
      list: (auth, query, params) => commerce.listAgendaItems(auth.accountId, params.id, query),
    });
    op('linkAgendaItemToDiscount', {
      description: 'Makes the discount apply to an admission, membership or quantity item, or a session, of its event (404 otherwise); again changes nothing.',
      params: AgendaItemParamsSchema, response: { 204: Type.Null({ description: 'Linked.' }) },
    }, async ({ auth, params }) => commerce.linkAgendaItem(auth, params.id, params.discountId, params.agendaItemId).then(() => null));
    op('unlinkAgendaItemFromDiscount', {
      description: 'The discount no longer applies to the item (404 when it did not); discounts already applied to orders stay.',
      params: AgendaItemParamsSchema, response: { 204: Type.Null({ description: 'Unlinked.' }) },
    }, async ({ auth, params }) => commerce.unlinkAgendaItem(auth, params.id, params.discountId, params.agendaItemId).then(() => null));

    // ---- Orders ----
    op.list('getOrders', {
      description: `The event's orders with their items, in creation order. ${filters(ordersList('').filters)} \`amountOrdered\` is the items minus their discounts plus the fees; `
        + `\`amountPaid\` the sum of their transactions. ${MONEY}`,
      params: EventParamsSchema, query: OrdersQuerySchema, page: OrderPageSchema, filters: ordersList('').filters, filterOperationId: null,
      list: (auth, query, params) => commerce.listOrders(auth.accountId, params.id, query),
    });
    op.list('getOrderItems', {
      description: `The event's order items, in creation order. ${filters(orderItemsList('').filters)} ${MONEY}`,
      params: EventParamsSchema, query: OrdersQuerySchema, page: OrderItemPageSchema, filters: orderItemsList('').filters, filterOperationId: null,
      list: (auth, query, params) => commerce.listOrderItems(auth.accountId, params.id, query),
    });
    op('createOrder', {
      description: 'Creates an order of an attendee of the event: items of the event (a donation with its `amount`), each with an optional `discountCode`, in one '
        + `transaction. A discount that is unknown, inactive, expired, used up, or not for the item is 400 naming it, and nothing is kept. ${EXTENSION}`,
      params: EventParamsSchema, body: OrderInputSchema, response: { 201: OrderSchema },
    }, async ({ auth, params, body }) => commerce.createOrder(auth, params.id, body));
    op('associateDiscountCodeToOrderItem', {
      description: 'Applies the discount code to the order item, once: 400 naming the code when it is inactive, outside its dates, used up, already applied, or not for '
        + 'the item; 404 for an unknown code. `amountOrdered` is the item\'s amount as last read (400 when it changed). The use is counted in the same transaction.',
      params: OrderItemDiscountParamsSchema, body: AssociateDiscountSchema, response: { 200: OrderItemSchema },
    }, async ({ auth, params, body }) => commerce.associateDiscount(auth, params.id, params.orderId, params.orderItemId, params.discountCode, body));

    // ---- Transactions ----
    op.list('getTransactions', {
      description: `The event's transactions, in creation order. ${filters(transactionsList('').filters)} ${MONEY}`,
      params: EventParamsSchema, query: WindowedQuerySchema, page: TransactionPageSchema, filters: transactionsList('').filters, filterOperationId: null,
      list: (auth, query, params) => commerce.listTransactions(auth.accountId, params.id, query),
    });
    op('postTransactions', {
      description: 'Records an offline charge or refund of the attendee\'s orders (or of `orders`). partialPayment=false pays all that is due (refunds all that was paid); '
        + 'true pays (refunds) the `transactionItems` amounts, each at most what is due (paid) on an ordered item of that product. `amount` is their sum.',
      params: EventParamsSchema, querystring: PartialPaymentQuerySchema, body: TransactionInputSchema, response: { 201: TransactionSchema },
    }, async ({ auth, params, query, body }) => commerce.createTransaction(auth, params.id, query.partialPayment === true, body));
    op.list('getTransactionItems', {
      description: `The event's transaction items, in creation order. ${filters(transactionItemsList('').filters)} ${MONEY}`,
      params: EventParamsSchema, query: WindowedQuerySchema, page: TransactionItemPageSchema, filters: transactionItemsList('').filters, filterOperationId: null,
      list: (auth, query, params) => commerce.listTransactionItems(auth.accountId, params.id, query),
    });

    // ---- Card tokens and credits ----
    op('createCardTokens', {
      description: 'Checks a card number (digits, length and brand, Luhn check digit) and its expiry, and answers a token. Only the brand, last four digits and expiry '
        + 'are kept: the number is never stored or logged, and errors never repeat it.',
      body: CardTokenInputSchema, response: { 201: CardTokenSchema },
    }, async ({ auth, body }) => commerce.createCardToken(auth, body));
    op.list('getAttendeeCredits', {
      description: `Credits attendees earned, in creation order. ${filters(ATTENDEE_CREDITS_LIST.filters)} Sortable: lastModified. \`expand=creditType\` changes nothing.`,
      query: CreditsQuerySchema, page: AttendeeCreditPageSchema, filters: ATTENDEE_CREDITS_LIST.filters, filterOperationId: null,
      list: (auth, query) => commerce.listCredits(auth.accountId, query),
    });
    op('createAttendeeCredit', {
      description: `Awards an attendee credits of a credit type, for its event or one of its sessions (a Session credit). ${EXTENSION}`,
      body: AttendeeCreditInputSchema, response: { 201: AttendeeCreditSchema },
    }, async ({ auth, body }) => commerce.createCredit(auth, body));
  });
}
