import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { pdf, uploadFile } from '../helpers/files.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';

// Tenancy of the Budget tag (issue 31): another account's events, items, payments, conversion rates and card
// transactions are 404 to every operation (not 403), its lists never show them, and nothing of theirs changes.
describe('tenancy: budgets', () => {
  let t: TestApp;
  let owner: Api;
  let other: Api;
  let otherToken: string;
  let event: string;
  let item: string;
  let payment: string;
  let rate: string;
  let tx: string;
  let field: string;
  let otherAccountId: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'eventline-tenancy-budget-'));
  const COST = '0190a1b2-0000-7000-8000-0000000000a1';
  const itemBody = { costType: 'FIXED', name: 'Venue', category: { id: 1 }, status: 'ESTIMATED', date: '2027-02-10T12:00:00Z', costIncludesTaxGratuity: false,
    calculateTaxOnGratuity: false, gratuityType: 'AMOUNT', currency: 'EUR', conversionRate: 1, costDetail: [{ id: COST, units: 1, cost: 100 }] };
  const paymentBody = { name: 'Deposit', currency: 'USD', amount: 10, date: '2027-02-01' };
  const txBody = { transactionAmount: 5, transactionDate: '2027-02-02T10:00:00Z', transactionCurrency: 'USD' };

  beforeAll(async () => {
    t = await startTestApp({ env: { DATA_DIR: dataDir, RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
    const a = await createTenant(t.services);
    const b = await createTenant(t.services);
    otherAccountId = b.accountId;
    owner = apiClient(t.app, await tokenFor(t.app, a));
    otherToken = await tokenFor(t.app, b);
    other = apiClient(t.app, otherToken);
    event = await fixtureEvent(t.services, a.accountId);
    rate = (await ok<{ id: string }>(owner('POST', '/ea/currencies/EUR/conversion-rates', { conversionRate: 1.1, startDate: '2027-01-01' }), 201)).id;
    item = (await ok<{ id: string }>(owner('POST', `/ea/events/${event}/budget-items`, itemBody), 201)).id;
    payment = (await ok<{ id: string }>(owner('POST', `/ea/events/${event}/budget-items/${item}/budget-payments`, paymentBody), 201)).id;
    await ok(owner('PUT', `/ea/events/${event}/budget-items/${item}/allocations`, { allocateBy: 'PERCENTAGE', allocations: [{ value: 50 }] }));
    await ok(owner('POST', '/ea/cards', { event: { id: event }, last4: '4242' }), 201);
    tx = (await ok<{ id: string }>(owner('POST', '/ea/cards/transactions', { ...txBody, eventId: event }), 201)).id;
    field = (await ok<{ id: string }>(other('POST', '/ea/custom-fields', { category: 'Budget Item', name: 'Code', code: 'CF-X', type: 'Open Ended Text - One Line', required: false, details: { answerFormat: 'General' } }), 201)).id;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 404 to another account for the event\'s budget operations and changes nothing', async () => {
    const file = await uploadFile(t.app, otherToken, 'invoice.pdf', pdf());
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/ea/events/${event}/budget-items`],
      ['POST', `/ea/events/${event}/budget-items`, itemBody],
      ['PUT', `/ea/events/${event}/budget-items/${item}`, itemBody],
      ['GET', `/ea/events/${event}/budget-items/allocations`],
      ['PUT', `/ea/events/${event}/budget-items/${item}/allocations`, { allocateBy: 'PERCENTAGE', allocations: [] }],
      ['DELETE', `/ea/events/${event}/budget-items/${item}/allocations`],
      ['POST', `/ea/events/${event}/budget-items/${item}/budget-payments`, paymentBody],
      ['PUT', `/ea/events/${event}/budget-items/${item}/budget-payments/${payment}`, paymentBody],
      ['DELETE', `/ea/events/${event}/budget-items/${item}/budget-payments/${payment}`],
      ['PUT', `/ea/events/${event}/budget-items/${item}/custom-fields/${field}/answers`, { value: ['x'] }],
      ['GET', `/ea/events/${event}/budget-payments`],
      ['PUT', `/ea/events/${event}/budget-payments/${payment}/invoices/${file}`],
      ['GET', `/ea/events/${event}/budget-totals`],
      ['PUT', `/ea/currencies/EUR/conversion-rates/${rate}`, { conversionRate: 2, startDate: '2027-01-01' }],
      ['DELETE', `/ea/currencies/EUR/conversion-rates/${rate}`],
      ['PUT', `/ea/cards/transactions/${tx}`, txBody],
      ['DELETE', `/ea/cards/transactions/${tx}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await other(method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const totals = await ok<{ data: Array<{ paid: number; allocated: number; planned: number }> }>(owner('GET', `/ea/events/${event}/budget-totals`));
    expect(totals.data[0]).toMatchObject({ paid: 10, planned: 110, allocated: 55 });
    const rates = await ok<{ data: Array<{ conversionRate: number }> }>(owner('GET', '/ea/currencies/EUR/conversion-rates'));
    expect(rates.data.map((r) => r.conversionRate)).toEqual([1.1]);
  });

  it('shows another account none of the account\'s rates, items, cards or transactions', async () => {
    const window = 'after=2000-01-01T00:00:00Z&before=2100-01-01T00:00:00Z';
    expect((await ok<{ data: unknown[] }>(other('GET', '/ea/currencies/EUR/conversion-rates'))).data).toEqual([]);
    expect((await ok<{ data: unknown[] }>(other('GET', `/ea/budget-items?${window}`))).data).toEqual([]);
    expect((await ok<{ data: unknown[] }>(other('GET', '/ea/cards'))).data).toEqual([]);
    expect((await ok<{ data: unknown[] }>(other('GET', '/ea/cards/transactions'))).data).toEqual([]);
    // The account's rates do not price another account's items: without a EUR rate of its own, the item is refused.
    const own = await fixtureEvent(t.services, otherAccountId);
    const res = await other('POST', `/ea/events/${own}/budget-items`, itemBody);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toContain('EUR');
  });

  it('refuses another account\'s event on a card transaction and another account\'s card', async () => {
    expect((await other('POST', '/ea/cards/transactions', { ...txBody, eventId: event })).statusCode).toBe(400);
    const cards = await ok<{ data: Array<{ id: string }> }>(owner('GET', '/ea/cards'));
    expect((await other('POST', '/ea/cards/transactions', { ...txBody, card: { id: cards.data[0]?.id } })).statusCode).toBe(400);
    expect((await other('POST', '/ea/cards', { event: { id: event } })).statusCode).toBe(400);
  });
});
