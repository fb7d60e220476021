import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { pdf, uploadFile } from '../helpers/files.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';
import { describeContract, expectReferenceAnswer, referenceOperation } from './reference.js';

// The Budget tag (issue 31) as eventline really answers it: every served operation's success and error statuses
// validated against the reference's response schemas (DESIGN rule 2), on whichever database the suite runs.
// POST /cards is an extension with no reference schema: the API test covers it.
describeContract('contract: the Budget tag matches the reference', () => {
  let t: TestApp;
  let token: string;
  let api: Api;
  let anonymous: Api;
  let narrow: Api;
  let otherApi: Api;
  let event: string;
  let item: string;
  let payment: string;
  const MISSING = '0190a1b2-0000-7000-8000-000000000000';
  const COST = '0190a1b2-0000-7000-8000-0000000000a1';
  const dataDir = mkdtempSync(join(tmpdir(), 'eventline-budget-contract-'));
  const check = expectReferenceAnswer;
  const f = (filter: string) => `filter=${encodeURIComponent(filter)}`;
  const itemBody = (overrides: Record<string, unknown> = {}) => ({
    costType: 'FIXED', name: 'Venue hire', code: 'VEN-1', category: { id: 2 }, status: 'CONFIRMED', date: '2027-02-10T12:00:00Z', costIncludesTaxGratuity: false,
    calculateTaxOnGratuity: true, gratuityType: 'PERCENTAGE', currency: 'EUR', conversionRate: 1, internalNote: 'Deposit due in January',
    costDetail: [{ id: COST, units: 2, cost: 1250.5, gratuityDetail: { gratuity: 10 }, taxDetail: [{ id: COST, taxType: 'PERCENTAGE', tax: 19 }] }], ...overrides,
  });

  beforeAll(async () => {
    t = await startTestApp({ env: { DATA_DIR: dataDir, RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
    const tenant = await createTenant(t.services);
    token = await tokenFor(t.app, tenant);
    api = apiClient(t.app, token);
    anonymous = apiClient(t.app, undefined);
    narrow = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
    event = await fixtureEvent(t.services, tenant.accountId);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('declares the reference scopes', () => {
    expect(referenceOperation('POST', '/events/{id}/budget-items')).toEqual({ operationId: 'createBudgetItem', scopes: ['budget/budget-items:write'] });
    expect(referenceOperation('GET', '/events/{id}/budget-totals')).toEqual({ operationId: 'getEventBudgetTotals', scopes: ['budget/budget-totals:read'] });
    expect(referenceOperation('POST', '/cards/transactions')).toEqual({ operationId: 'createCardTransaction', scopes: ['budget/transactions:write'] });
  });

  it('conversion rates: POST 201, 400, 401, 403; GET 200, 400; PUT 200, 400, 404; DELETE 204, 404', async () => {
    const list = '/currencies/{currency}/conversion-rates';
    const one = '/currencies/{currency}/conversion-rates/{conversionRateId}';
    const rate = check('POST', list, 201, await api('POST', '/ea/currencies/EUR/conversion-rates', { conversionRate: 1.085, startDate: '2027-01-01' })) as { id: string };
    check('POST', list, 400, await api('POST', '/ea/currencies/EUR/conversion-rates', { conversionRate: 1.2, startDate: '2027-06-01' }));
    check('POST', list, 401, await anonymous('POST', '/ea/currencies/EUR/conversion-rates', { conversionRate: 1.2, startDate: '2027-06-01' }));
    check('POST', list, 403, await narrow('POST', '/ea/currencies/EUR/conversion-rates', { conversionRate: 1.2, startDate: '2027-06-01' }));
    check('GET', list, 200, await api('GET', `/ea/currencies/EUR/conversion-rates?${f("startDate ge '2026-01-01'")}`));
    check('GET', list, 400, await api('GET', `/ea/currencies/EUR/conversion-rates?${f("rate eq '1'")}`));
    check('PUT', one, 200, await api('PUT', `/ea/currencies/EUR/conversion-rates/${rate.id}`, { id: rate.id, conversionRate: 1.0851, startDate: '2027-01-01' }));
    check('PUT', one, 400, await api('PUT', `/ea/currencies/EUR/conversion-rates/${rate.id}`, { conversionRate: -1, startDate: '2027-01-01' }));
    check('PUT', one, 404, await otherApi('PUT', `/ea/currencies/EUR/conversion-rates/${rate.id}`, { conversionRate: 1, startDate: '2027-01-01' }));
    const gbp = check('POST', list, 201, await api('POST', '/ea/currencies/GBP/conversion-rates', { conversionRate: 1.27, startDate: '2027-01-01', endDate: '2027-12-31' })) as { id: string };
    check('DELETE', one, 204, await api('DELETE', `/ea/currencies/GBP/conversion-rates/${gbp.id}`));
    check('DELETE', one, 404, await api('DELETE', `/ea/currencies/GBP/conversion-rates/${gbp.id}`));
  });

  it('budget items: POST 201, 400, 404; PUT 200, 400, 404; GET event 200, 400, 404; GET account 200, 400', async () => {
    const list = '/events/{id}/budget-items';
    const one = '/events/{id}/budget-items/{budgetItemId}';
    item = (check('POST', list, 201, await api('POST', `/ea/events/${event}/budget-items`, itemBody())) as { id: string }).id;
    check('POST', list, 400, await api('POST', `/ea/events/${event}/budget-items`, itemBody({ currency: 'CAD' })));
    check('POST', list, 404, await otherApi('POST', `/ea/events/${event}/budget-items`, itemBody()));
    check('POST', list, 403, await narrow('POST', `/ea/events/${event}/budget-items`, itemBody()));
    check('PUT', one, 200, await api('PUT', `/ea/events/${event}/budget-items/${item}`, itemBody({ status: 'INVOICED' })));
    check('PUT', one, 400, await api('PUT', `/ea/events/${event}/budget-items/${item}`, itemBody({ costDetail: [{ id: COST, units: 1, cost: 0.001 }] })));
    check('PUT', one, 404, await api('PUT', `/ea/events/${event}/budget-items/${MISSING}`, itemBody()));
    check('GET', list, 200, await api('GET', `/ea/events/${event}/budget-items?${f("status eq 'INVOICED' and date ge '2027-01-01T00:00:00Z'")}`));
    check('GET', list, 400, await api('GET', `/ea/events/${event}/budget-items?${f("name eq 'x'")}`));
    check('GET', list, 404, await otherApi('GET', `/ea/events/${event}/budget-items`));
    const window = 'after=2000-01-01T00:00:00Z&before=2100-01-01T00:00:00Z';
    const page = check('GET', '/budget-items', 200, await api('GET', `/ea/budget-items?${window}&${f(`event.id eq '${event}'`)}`)) as { data: unknown[] };
    expect(page.data).toHaveLength(1);
    check('GET', '/budget-items', 400, await api('GET', '/ea/budget-items'));
    check('GET', '/budget-items', 401, await anonymous('GET', `/ea/budget-items?${window}`));
  });

  it('budget item custom-field answers: PUT 200, 400, 404', async () => {
    const path = '/events/{id}/budget-items/{budgetItemId}/custom-fields/{customFieldId}/answers';
    const field = (await api('POST', '/ea/custom-fields', { category: 'Budget Item', name: 'PO number', code: 'CF-PO', type: 'Open Ended Text - One Line', required: false, details: { answerFormat: 'General', maximum: 12 } })).json() as { id: string };
    check('PUT', path, 200, await api('PUT', `/ea/events/${event}/budget-items/${item}/custom-fields/${field.id}/answers`, { id: field.id, value: ['PO-2027-01'] }));
    check('PUT', path, 400, await api('PUT', `/ea/events/${event}/budget-items/${item}/custom-fields/${field.id}/answers`, { value: ['x'.repeat(13)] }));
    check('PUT', path, 404, await api('PUT', `/ea/events/${event}/budget-items/${MISSING}/custom-fields/${field.id}/answers`, { value: ['x'] }));
    check('GET', '/events/{id}/budget-items', 200, await api('GET', `/ea/events/${event}/budget-items`));
  });

  it('allocations: PUT 200, 400, 404; GET 200, 400, 404; DELETE 204, 404', async () => {
    const put = '/events/{id}/budget-items/{budgetItemId}/allocations';
    check('PUT', put, 200, await api('PUT', `/ea/events/${event}/budget-items/${item}/allocations`, { allocateBy: 'PERCENTAGE', allocations: [{ value: 70, category: { id: COST }, note: 'Hall' }, { value: 30 }] }));
    check('PUT', put, 400, await api('PUT', `/ea/events/${event}/budget-items/${item}/allocations`, { allocateBy: 'PERCENTAGE', allocations: [{ value: 101 }] }));
    check('PUT', put, 404, await otherApi('PUT', `/ea/events/${event}/budget-items/${item}/allocations`, { allocateBy: 'PERCENTAGE', allocations: [] }));
    const list = '/events/{id}/budget-items/allocations';
    check('GET', list, 200, await api('GET', `/ea/events/${event}/budget-items/allocations?${f(`budgetItem.id eq '${item}' and value gt 10`)}`));
    check('GET', list, 400, await api('GET', `/ea/events/${event}/budget-items/allocations?${f("note eq 'x'")}`));
    check('GET', list, 404, await api('GET', `/ea/events/${MISSING}/budget-items/allocations`));
    check('DELETE', put, 204, await api('DELETE', `/ea/events/${event}/budget-items/${item}/allocations`));
    check('DELETE', put, 404, await api('DELETE', `/ea/events/${event}/budget-items/${MISSING}/allocations`));
    expect((await api('PUT', `/ea/events/${event}/budget-items/${item}/allocations`, { allocateBy: 'AMOUNT', allocations: [{ value: 500 }] })).statusCode).toBe(200);
  });

  it('payments: POST 201, 400, 404; PUT 200, 400, 404; GET 200, 400, 404; DELETE 204, 404; invoice PUT 200, 404', async () => {
    const post = '/events/{id}/budget-items/{budgetItemId}/budget-payments';
    const one = '/events/{id}/budget-items/{budgetItemId}/budget-payments/{paymentId}';
    const body = { name: 'Deposit', referenceNumber: 'INV-1', currency: 'EUR', amount: 500, date: '2027-02-01', note: 'By wire', type: 'BANK_TRANSFER' };
    payment = (check('POST', post, 201, await api('POST', `/ea/events/${event}/budget-items/${item}/budget-payments`, body)) as { id: string }).id;
    check('POST', post, 400, await api('POST', `/ea/events/${event}/budget-items/${item}/budget-payments`, { ...body, currency: 'CAD' }));
    check('POST', post, 404, await api('POST', `/ea/events/${event}/budget-items/${MISSING}/budget-payments`, body));
    check('PUT', one, 200, await api('PUT', `/ea/events/${event}/budget-items/${item}/budget-payments/${payment}`, { ...body, id: payment, amount: 600 }));
    check('PUT', one, 400, await api('PUT', `/ea/events/${event}/budget-items/${item}/budget-payments/${payment}`, { ...body, amount: 1.001 }));
    check('PUT', one, 404, await otherApi('PUT', `/ea/events/${event}/budget-items/${item}/budget-payments/${payment}`, body));
    const list = '/events/{id}/budget-payments';
    check('GET', list, 200, await api('GET', `/ea/events/${event}/budget-payments?${f(`budgetItem.id eq '${item}'`)}`));
    check('GET', list, 400, await api('GET', `/ea/events/${event}/budget-payments?${f("amount gt 1")}`));
    check('GET', list, 404, await otherApi('GET', `/ea/events/${event}/budget-payments`));
    const invoice = '/events/{id}/budget-payments/{paymentId}/invoices/{invoiceId}';
    const file = await uploadFile(t.app, token, 'invoice.pdf', pdf());
    check('PUT', invoice, 200, await api('PUT', `/ea/events/${event}/budget-payments/${payment}/invoices/${file}`));
    check('PUT', invoice, 404, await api('PUT', `/ea/events/${event}/budget-payments/${payment}/invoices/${MISSING}`));
    check('PUT', invoice, 401, await anonymous('PUT', `/ea/events/${event}/budget-payments/${payment}/invoices/${file}`));
    const extra = (await api('POST', `/ea/events/${event}/budget-items/${item}/budget-payments`, { ...body, currency: 'USD' })).json() as { id: string };
    check('DELETE', one, 204, await api('DELETE', `/ea/events/${event}/budget-items/${item}/budget-payments/${extra.id}`));
    check('DELETE', one, 404, await api('DELETE', `/ea/events/${event}/budget-items/${item}/budget-payments/${extra.id}`));
  });

  it('budget totals: GET 200, 400, 404', async () => {
    const list = '/events/{id}/budget-totals';
    const page = check('GET', list, 200, await api('GET', `/ea/events/${event}/budget-totals`)) as { data: Array<{ paid: number }> };
    expect(page.data[0]?.paid).toBeGreaterThan(0);
    check('GET', list, 200, await api('GET', `/ea/events/${event}/budget-totals?${f("version.default eq 'true'")}`));
    check('GET', list, 400, await api('GET', `/ea/events/${event}/budget-totals?${f("currency eq 'USD'")}`));
    check('GET', list, 404, await otherApi('GET', `/ea/events/${event}/budget-totals`));
    check('GET', list, 403, await narrow('GET', `/ea/events/${event}/budget-totals`));
  });

  it('cards and card transactions: GET 200, 400; POST 201, 400; PUT 200, 400, 404; DELETE 204, 404', async () => {
    const card = (await api('POST', '/ea/cards', { event: { id: event }, last4: '4242', cardHolderName: 'Dana Cardholder', spendLimit: 1000 })).json() as { id: string };
    check('GET', '/cards', 200, await api('GET', `/ea/cards?${f(`event.id eq '${event}'`)}`));
    check('GET', '/cards', 400, await api('GET', `/ea/cards?${f("last4 eq '4242'")}`));
    check('GET', '/cards', 403, await narrow('GET', '/ea/cards'));
    const body = { eventId: event, cardDescription: 'Visa 4242', transactionAmount: 42.5, transactionDate: '2027-02-02T10:00:00Z', transactionCurrency: 'USD', transactionMerchant: 'Cafe', card: { id: card.id } };
    const tx = check('POST', '/cards/transactions', 201, await api('POST', '/ea/cards/transactions', body)) as { id: string };
    check('POST', '/cards/transactions', 400, await api('POST', '/ea/cards/transactions', { ...body, transactionAmount: 0.001 }));
    const one = '/cards/transactions/{transactionId}';
    check('PUT', one, 200, await api('PUT', `/ea/cards/transactions/${tx.id}`, { ...body, transactionAmount: 40 }));
    check('PUT', one, 400, await api('PUT', `/ea/cards/transactions/${tx.id}`, { ...body, transactionCurrency: 'XX' }));
    check('PUT', one, 404, await otherApi('PUT', `/ea/cards/transactions/${tx.id}`, body));
    check('GET', '/cards/transactions', 200, await api('GET', `/ea/cards/transactions?${f(`event.id eq '${event}' and status eq 'Not Reconciled'`)}`));
    check('GET', '/cards/transactions', 400, await api('GET', `/ea/cards/transactions?${f("merchant eq 'Cafe'")}`));
    check('DELETE', one, 204, await api('DELETE', `/ea/cards/transactions/${tx.id}`));
    check('DELETE', one, 404, await api('DELETE', `/ea/cards/transactions/${tx.id}`));
  });
});
