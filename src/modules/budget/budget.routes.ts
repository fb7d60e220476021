import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import type { FilterFields } from '../../lists/index.js';
import {
  ACCOUNT_ITEMS_LIST, allocationsList, CARDS_LIST, eventItemsList, paymentsList, ratesList, TRANSACTIONS_LIST, versionsList,
} from './budget.filters.js';
import {
  AccountBudgetItemPageSchema, AccountItemsQuerySchema, AllocationPageSchema, AllocationsInputSchema, AllocationsSchema, AnswerInputSchema, AnswerSchema,
  BudgetItemInputSchema, BudgetItemPageSchema, BudgetItemSchema, BudgetTotalsPageSchema, CardInputSchema, CardPageSchema, CardSchema, ConversionRateInputSchema,
  ConversionRatePageSchema, ConversionRateSchema, CurrencyParamsSchema, EventParamsSchema, FilteredQuerySchema, InvoiceParamsSchema, InvoiceSchema,
  ItemAnswerParamsSchema, ItemParamsSchema, PaymentInputSchema, PaymentPageSchema, PaymentParamsSchema, PaymentSchema, RateParamsSchema,
  TransactionInputSchema, TransactionPageSchema, TransactionParamsSchema, TransactionWriteSchema, WindowQuerySchema,
} from './budget.schemas.js';
import type { BudgetService } from './budget.service.js';

const NoContent = (description: string) => Type.Null({ description });
const filters = (fields: FilterFields) =>
  `Filterable (the reference's list): ${Object.entries(fields).map(([name, f]) => `${name} (${f.ops.join('|')})`).join(', ')}.`;
const EXACT = 'Amounts are exact: at most as many decimals as the currency\'s minor unit (400 otherwise), kept as integers of it.';
const RATES = 'A currency other than the base currency (USD) converts at the rate in force on the date (400 naming the currency when there is none).';
// Lists of one event carry its id in the name of the list, so their filter fields are the same for every event.
const ANY = '00000000-0000-0000-0000-000000000000';

export function budgetRoutes(budget: BudgetService) {
  return operations((op) => {
    // ---- Conversion rates ----
    op.list('getCurrencyConversionRate', {
      description: `The currency's conversion rates into the base currency (USD), in creation order. ${filters(ratesList('X').filters)} \`after\` / \`before\` bound lastModified.`,
      params: CurrencyParamsSchema, query: WindowQuerySchema, page: ConversionRatePageSchema, filterOperationId: null, filters: ratesList('X').filters,
      list: (auth, query, params) => budget.listRates(auth.accountId, params.currency, query),
    });
    op('createCurrencyConversionRate', {
      description: 'Adds a rate of the currency: how many USD one unit is worth from startDate to endDate (open-ended without one), at most 10 decimals. '
        + 'Rates of a currency may not overlap (400). Items and payments keep the rate they were priced with: PUT them again to price them anew.',
      params: CurrencyParamsSchema, body: ConversionRateInputSchema, response: { 201: ConversionRateSchema },
    }, async ({ auth, params, body }) => budget.createRate(auth, params.currency, body));
    op('updateCurrencyConversionRate', {
      description: 'Replaces the rate and its dates (no overlap with another rate of the currency: 400).',
      params: RateParamsSchema, body: ConversionRateInputSchema, response: { 200: ConversionRateSchema },
    }, async ({ auth, params, body }) => budget.updateRate(auth, params.currency, params.conversionRateId, body));
    op('deleteCurrencyConversionRate', {
      description: 'Deletes the rate; what was priced with it keeps it.', params: RateParamsSchema, response: { 204: NoContent('Deleted.') },
    }, async ({ auth, params }) => budget.deleteRate(auth, params.currency, params.conversionRateId).then(() => null));

    // ---- Budget items ----
    op.list('getAccountBudgetItems', {
      description: `The account's budget items across events, last modified between \`after\` and \`before\` (both required), in creation order. ${filters(ACCOUNT_ITEMS_LIST.filters)}`,
      query: AccountItemsQuerySchema, page: AccountBudgetItemPageSchema, filterOperationId: null, filters: ACCOUNT_ITEMS_LIST.filters,
      list: (auth, query) => budget.listAccountItems(auth.accountId, query),
    });
    op.list('getBudgetItems', {
      description: `The event's budget items with their cost lines and custom-field answers, in creation order. ${filters(eventItemsList(ANY).filters)} `
        + '`after` / `before` bound lastModifiedDate.',
      params: EventParamsSchema, query: WindowQuerySchema, page: BudgetItemPageSchema, filterOperationId: null, errors: [404], filters: eventItemsList(ANY).filters,
      list: (auth, query, params) => budget.listItems(auth.accountId, params.id, query),
    });
    op('createBudgetItem', {
      description: `Adds a budget item to the event, priced exactly: each cost line is units x cost plus gratuity and taxes (unless included). ${EXACT} ${RATES} `
        + 'With conversionRateLocked the item keeps the conversionRate sent. The answer names the rate used (conversionRate, conversionRateId) and the total in USD.',
      params: EventParamsSchema, body: BudgetItemInputSchema, response: { 201: BudgetItemSchema },
    }, async ({ auth, params, body }) => budget.createItem(auth, params.id, body));
    op('updateBudgetItem', {
      description: `Replaces the item and prices it again (${RATES}); its allocations are recomputed in the same transaction (400 when amounts allocated would exceed the new total).`,
      params: ItemParamsSchema, body: BudgetItemInputSchema, response: { 200: BudgetItemSchema },
    }, async ({ auth, params, body }) => budget.updateItem(auth, params.id, params.budgetItemId, body));
    op('answerBudgetCustomField', {
      description: 'The item\'s answer to a Budget Item custom field, checked against the field (400 naming the field and the answer). An empty `value` removes it.',
      params: ItemAnswerParamsSchema, body: AnswerInputSchema, response: { 200: AnswerSchema },
    }, async ({ auth, params, body }) => budget.answer(auth, params.id, params.budgetItemId, params.customFieldId, body));

    // ---- Allocations ----
    op.list('getBudgetAllocations', {
      description: `The allocations of the event's budget items, with each allocated amount in USD. ${filters(allocationsList(ANY).filters)}`,
      params: EventParamsSchema, query: WindowQuerySchema, page: AllocationPageSchema, filterOperationId: null, errors: [404], filters: allocationsList(ANY).filters,
      list: (auth, query, params) => budget.listAllocations(auth.accountId, params.id, query),
    });
    op('updateBudgetAllocations', {
      description: 'Replaces the item\'s allocations: by PERCENTAGE (at most 2 decimals, adding up to at most 100) or by AMOUNT of the item\'s currency (adding up to at most '
        + 'its total). Each allocation\'s amount in USD is kept and recomputed whenever the item changes.',
      params: ItemParamsSchema, body: AllocationsInputSchema, response: { 200: AllocationsSchema },
    }, async ({ auth, params, body }) => budget.setAllocations(auth, params.id, params.budgetItemId, body));
    op('deleteBudgetAllocations', {
      description: 'Removes the item\'s allocations.', params: ItemParamsSchema, response: { 204: NoContent('Deleted.') },
    }, async ({ auth, params }) => budget.deleteAllocations(auth, params.id, params.budgetItemId).then(() => null));

    // ---- Payments ----
    op.list('getPayments', {
      description: `The event's budget payments, in creation order. ${filters(paymentsList(ANY).filters)} \`after\` / \`before\` bound lastModified.`,
      params: EventParamsSchema, query: WindowQuerySchema, page: PaymentPageSchema, filterOperationId: null, errors: [404], filters: paymentsList(ANY).filters,
      list: (auth, query, params) => budget.listPayments(auth.accountId, params.id, query),
    });
    op('createPayment', {
      description: `Records a payment of the item, in any currency. ${EXACT} ${RATES} The answer names the rate (conversionRate, conversionRateId) and the amount in USD.`,
      params: ItemParamsSchema, body: PaymentInputSchema, response: { 201: PaymentSchema },
    }, async ({ auth, params, body }) => budget.createPayment(auth, params.id, params.budgetItemId, body));
    op('updatePayment', {
      description: `Replaces the payment (converted again at the rate in force on its date). ${EXACT}`,
      params: PaymentParamsSchema, body: PaymentInputSchema, response: { 200: PaymentSchema },
    }, async ({ auth, params, body }) => budget.updatePayment(auth, params.id, params.budgetItemId, params.paymentId, body));
    op('deletePayment', {
      description: 'Deletes the payment; its invoice file expires as an unattached file.', params: PaymentParamsSchema, response: { 204: NoContent('Deleted.') },
    }, async ({ auth, params }) => budget.deletePayment(auth, params.id, params.budgetItemId, params.paymentId).then(() => null));
    op('attachInvoiceToPayment', {
      description: 'Makes an uploaded file (POST /files) the payment\'s invoice, replacing any previous one; answers a signed, expiring URL of it. '
        + 'A file attached to something else is 404: upload it again.',
      params: InvoiceParamsSchema, response: { 200: InvoiceSchema },
    }, async ({ auth, params }) => budget.attachInvoice(auth, params.id, params.paymentId, params.invoiceId));

    // ---- Totals ----
    op.list('getEventBudgetTotals', {
      description: 'The event\'s budget totals per budget version (eventline keeps one: the default), in USD, read in one snapshot: totalHighLevelEstimate and planned '
        + '(items not deleted), committed (CONFIRMED, INVOICED, PAID), actual (INVOICED, PAID), paid and allocated, each also as exact minor units; costDetail sums the '
        + `lines of each cost detail. ${filters(versionsList(ANY).filters)}`,
      params: EventParamsSchema, query: WindowQuerySchema, page: BudgetTotalsPageSchema, filterOperationId: null, errors: [404], filters: versionsList(ANY).filters,
      list: (auth, query, params) => budget.totals(auth.accountId, params.id, query),
    });

    // ---- Cards ----
    op.list('getCards', {
      description: `The account's purchase cards, with what their transactions spent. ${filters(CARDS_LIST.filters)}`,
      query: FilteredQuerySchema, page: CardPageSchema, filterOperationId: null, filters: CARDS_LIST.filters,
      list: (auth, query) => budget.listCards(auth.accountId, query),
    });
    op('createCard', {
      description: 'Registers a purchase card (an eventline extension, DESIGN rule 11: the reference only reads cards). The holder\'s names are personal data.',
      body: CardInputSchema, response: { 201: CardSchema },
    }, async ({ auth, body }) => budget.createCard(auth, body));

    // ---- Card transactions ----
    op.list('getCardTransactions', {
      description: `The account's card transactions, in creation order. ${filters(TRANSACTIONS_LIST.filters)} \`after\` / \`before\` bound lastModified.`,
      query: WindowQuerySchema, page: TransactionPageSchema, filterOperationId: null, filters: TRANSACTIONS_LIST.filters,
      list: (auth, query) => budget.listTransactions(auth.accountId, query),
    });
    op('createCardTransaction', {
      description: `Records a card transaction (\`card.id\` and \`type\` are eventline's additions). ${EXACT} The card description is personal data.`,
      body: TransactionInputSchema, response: { 201: TransactionWriteSchema },
    }, async ({ auth, body }) => budget.createTransaction(auth, body));
    op('updateCardTransaction', {
      description: `Replaces the transaction. ${EXACT}`, params: TransactionParamsSchema, body: TransactionInputSchema, response: { 200: TransactionWriteSchema },
    }, async ({ auth, params, body }) => budget.updateTransaction(auth, params.transactionId, body));
    op('deleteCardTransaction', {
      description: 'Deletes the transaction.', params: TransactionParamsSchema, response: { 204: NoContent('Deleted.') },
    }, async ({ auth, params }) => budget.deleteTransaction(auth, params.transactionId).then(() => null));
  });
}
