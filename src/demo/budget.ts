import type { Services } from '../app.js';
import type { AuthContext } from '../actor.js';
import { ALL_SCOPES } from '../modules/oauth/index.js';

const COST = { venue: '0190d000-0000-7000-8000-00000000b001', catering: '0190d000-0000-7000-8000-00000000b002', av: '0190d000-0000-7000-8000-00000000b003' };
const VAT = '0190d000-0000-7000-8000-00000000b101';

/**
 * The demo event's budget (issue 31): a EUR conversion rate, items in USD and EUR with taxes and gratuity, an
 * allocation, payments in two currencies (one with an invoice-less bank transfer), a budget-item custom-field answer,
 * and a purchase card with a transaction.
 */
export async function seedDemoBudget(services: Services, input: { accountId: string; plannerId: string; eventId: string; start: Date }): Promise<void> {
  const auth: AuthContext = {
    accountId: input.accountId, clientId: 'demo-seed', applicationId: null, userId: input.plannerId, scopes: new Set(ALL_SCOPES), tokenId: 'demo-seed',
  };
  const budget = services.budget;
  const day = (offsetDays: number) => new Date(input.start.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  await budget.createRate(auth, 'EUR', { conversionRate: 1.0842, startDate: day(-400) });
  const common = { costType: 'FIXED' as const, costIncludesTaxGratuity: false, calculateTaxOnGratuity: false, conversionRate: 1 };
  const venue = await budget.createItem(auth, input.eventId, {
    ...common, name: 'Harbor Convention Center hire', code: 'VENUE', category: { id: 1 }, status: 'CONFIRMED', date: `${day(-20)}T12:00:00.000Z`,
    gratuityType: 'AMOUNT', currency: 'USD', costDetail: [{ id: COST.venue, units: 2, cost: 18_500 }],
  });
  const catering = await budget.createItem(auth, input.eventId, {
    ...common, name: 'Lunch and coffee (Paris caterer)', code: 'CATER', category: { id: 2 }, status: 'INVOICED', date: `${day(-10)}T12:00:00.000Z`,
    gratuityType: 'PERCENTAGE', currency: 'EUR', internalNote: 'Menu confirmed; allergens listed per session.',
    costDetail: [{ id: COST.catering, units: 450, cost: 32.5, gratuityDetail: { gratuity: 10 }, taxDetail: [{ id: VAT, taxType: 'PERCENTAGE', tax: 10 }] }],
  });
  await budget.createItem(auth, input.eventId, {
    ...common, costType: 'VARIABLE', name: 'Streaming and AV crew', code: 'AV', category: { id: 3 }, status: 'ESTIMATED', date: `${day(-5)}T12:00:00.000Z`,
    gratuityType: 'AMOUNT', currency: 'USD', costDetail: [{ id: COST.av, units: 3, cost: 4_200 }],
  });
  await budget.setAllocations(auth, input.eventId, venue.id, { allocateBy: 'PERCENTAGE', allocations: [{ value: 70, note: 'Main hall' }, { value: 30, note: 'Breakout rooms' }] });
  await budget.createPayment(auth, input.eventId, venue.id, { name: 'Venue deposit', referenceNumber: 'HCC-0042', currency: 'USD', amount: 10_000, date: day(-30), type: 'BANK_TRANSFER' });
  await budget.createPayment(auth, input.eventId, catering.id, { name: 'Catering advance', referenceNumber: 'TR-2231', currency: 'EUR', amount: 8_000, date: day(-12), type: 'BANK_TRANSFER' });
  const costCentre = await services.customFields.create(auth, {
    category: 'Budget Item', name: 'Cost centre', code: 'COST-CENTRE', type: 'Open Ended Text - One Line', required: false, details: { answerFormat: 'General', maximum: 20 },
  });
  await budget.answer(auth, input.eventId, venue.id, costCentre.id, { value: ['MKT-EVENTS'] });
  const card = await budget.createCard(auth, { event: { id: input.eventId }, last4: '4242', type: 'Virtual', status: 'Active', issuer: 'Demo Bank', spendLimit: 5_000, company: 'eventline Demo' });
  await budget.createTransaction(auth, {
    eventId: input.eventId, card: { id: card.id }, cardDescription: 'Virtual card 4242', transactionAmount: 286.4, transactionDate: `${day(-3)}T15:30:00.000Z`,
    transactionCurrency: 'USD', transactionMerchant: 'Harbor Print & Sign', type: 'Approved',
  });
}
