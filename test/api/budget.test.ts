import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seed.js';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { pdf, uploadFile } from '../helpers/files.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';

// Issue 31, the Budget tag: exact money, conversion at the rate in force on the item's (or payment's) date and named
// in the answer, a missing rate is a 400 naming the currency, totals that are sums of the items, allocations and
// payments; cards and card transactions; invoices; budget items' custom-field answers.

interface Item { id: string; totalCost: number; baseTotalCost: number; conversionRate: number; conversionRateId?: string; costDetail?: Array<{ totalCost: number; taxDetail?: Array<{ appliedTaxValue: number }>; gratuityDetail?: { appliedGratuityValue: number } }>; customFields?: Array<{ id: string; value: string[] }> }
interface Payment { id: string; amount: number; baseAmount: number; conversionRate: number; conversionRateId?: string; invoice?: { id: string } }
interface Totals { currency: string; planned: number; committed: number; actual: number; paid: number; allocated: number; totalHighLevelEstimate: { amount: number }; minorUnits: Record<string, string>; costDetail: Array<{ id: string; totalCostValue: number; totalAppliedTax: number; totalAppliedGratuity: number }>; version: { id: string } }
interface Page<T> { data: T[]; paging: { totalCount?: number; nextToken?: string } }

const COST_AV = '0190a1b2-0000-7000-8000-0000000000a1';
const COST_FOOD = '0190a1b2-0000-7000-8000-0000000000a2';
const TAX = '0190a1b2-0000-7000-8000-0000000000b1';
const MISSING = '0190a1b2-0000-7000-8000-000000000000';

const itemBody = (overrides: Record<string, unknown> = {}) => ({
  costType: 'FIXED', name: 'Stage lighting', category: { id: 3 }, status: 'ESTIMATED', date: '2027-02-10T12:00:00Z',
  costIncludesTaxGratuity: false, calculateTaxOnGratuity: false, gratuityType: 'PERCENTAGE', currency: 'USD', conversionRate: 1,
  costDetail: [{ id: COST_AV, units: 1, cost: 100 }], ...overrides,
});

describe('budget', () => {
  let t: TestApp;
  let api: Api;
  let otherApi: Api;
  let event: string;
  let token: string;
  let accountId: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'eventline-budget-'));

  beforeAll(async () => {
    t = await startTestApp({ env: { DATA_DIR: dataDir, RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
    const tenant = await createTenant(t.services);
    accountId = tenant.accountId;
    token = await tokenFor(t.app, tenant);
    api = apiClient(t.app, token);
    otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
    event = await fixtureEvent(t.services, tenant.accountId);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const items = `/ea/events/${'{event}'}/budget-items`;
  const path = (p: string) => p.replace('{event}', event);
  const totals2 = async (e: string) => (await ok<Page<Totals>>(api('GET', `/ea/events/${e}/budget-totals`))).data[0] as Totals;

  it('answers 400 naming the currency when no conversion rate is in force, and writes nothing', async () => {
    const before = await ok<Page<Item>>(api('GET', path(items)));
    const res = await api('POST', path(items), itemBody({ currency: 'EUR', conversionRate: 1.1 }));
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; target: string };
    expect(body.target).toBe('currency');
    expect(body.message).toContain('EUR');
    expect(body.message).toContain('2027-02-10');
    expect((await ok<Page<Item>>(api('GET', path(items)))).data).toHaveLength(before.data.length);
  });

  it('keeps conversion rates per currency without overlaps', async () => {
    const a = await ok<{ id: string; conversionRate: number; baseCurrency: string; currency: string }>(
      api('POST', '/ea/currencies/EUR/conversion-rates', { conversionRate: 1.085, startDate: '2027-01-01', endDate: '2027-03-31' }), 201);
    expect(a).toMatchObject({ conversionRate: 1.085, baseCurrency: 'USD', currency: 'EUR' });
    const overlap = await api('POST', '/ea/currencies/EUR/conversion-rates', { conversionRate: 1.2, startDate: '2027-03-31' });
    expect(overlap.statusCode).toBe(400);
    expect((overlap.json() as { target: string }).target).toBe('startDate');
    await ok(api('POST', '/ea/currencies/EUR/conversion-rates', { conversionRate: 1.1, startDate: '2027-04-01' }), 201);
    expect((await api('POST', '/ea/currencies/USD/conversion-rates', { conversionRate: 1, startDate: '2027-01-01' })).statusCode).toBe(400);
    expect((await api('POST', '/ea/currencies/XYZ/conversion-rates', { conversionRate: 1, startDate: '2027-01-01' })).statusCode).toBe(400);
    expect((await api('POST', '/ea/currencies/GBP/conversion-rates', { conversionRate: 1.123456789012, startDate: '2027-01-01' })).statusCode).toBe(400);
    expect((await api('POST', '/ea/currencies/GBP/conversion-rates', { conversionRate: 1.25, startDate: '2027-02-01', endDate: '2027-01-01' })).statusCode).toBe(400);
    const list = await ok<Page<{ id: string }>>(api('GET', '/ea/currencies/EUR/conversion-rates'));
    expect(list.data).toHaveLength(2);
    const filtered = await ok<Page<{ id: string }>>(api('GET', `/ea/currencies/EUR/conversion-rates?filter=${encodeURIComponent("startDate ge '2027-04-01'")}`));
    expect(filtered.data).toHaveLength(1);
    // Update and delete; another account sees none of it.
    const jpy = await ok<{ id: string }>(api('POST', '/ea/currencies/JPY/conversion-rates', { conversionRate: 0.0067, startDate: '2027-01-01' }), 201);
    expect((await otherApi('PUT', `/ea/currencies/JPY/conversion-rates/${jpy.id}`, { conversionRate: 0.007, startDate: '2027-01-01' })).statusCode).toBe(404);
    const updated = await ok<{ conversionRate: number }>(api('PUT', `/ea/currencies/JPY/conversion-rates/${jpy.id}`, { id: jpy.id, conversionRate: 0.0068, startDate: '2027-01-01' }));
    expect(updated.conversionRate).toBe(0.0068);
    expect((await api('PUT', `/ea/currencies/JPY/conversion-rates/${MISSING}`, { conversionRate: 0.007, startDate: '2027-01-01' })).statusCode).toBe(404);
    const gbp = await ok<{ id: string }>(api('POST', '/ea/currencies/GBP/conversion-rates', { conversionRate: 1.27, startDate: '2026-01-01' }), 201);
    expect((await api('DELETE', `/ea/currencies/GBP/conversion-rates/${gbp.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/currencies/GBP/conversion-rates/${gbp.id}`)).statusCode).toBe(404);
  });

  it('prices an item exactly: lines, gratuity and taxes in minor units, converted with the rate in force on its date, which it names', async () => {
    // 3 x 19.99 = 59.97; gratuity 18% = 10.7946 -> 10.79; tax 8.25% of 59.97 = 4.947525 -> 4.95; total 75.71 EUR.
    const item = await ok<Item>(api('POST', path(items), itemBody({
      currency: 'EUR', conversionRate: 99, costDetail: [{ id: COST_FOOD, units: 3, cost: 19.99, gratuityDetail: { gratuity: 18 }, taxDetail: [{ id: TAX, taxType: 'PERCENTAGE', tax: 8.25 }] }],
    })), 201);
    expect(item.totalCost).toBe(75.71);
    expect(item.costDetail?.[0]).toMatchObject({ totalCost: 75.71, gratuityDetail: { appliedGratuityValue: 10.79 }, taxDetail: [{ appliedTaxValue: 4.95 }] });
    // The rate in force on 2027-02-10 is 1.085 (not the 99 sent): 75.71 x 1.085 = 82.14535 -> 82.15 USD.
    expect(item.conversionRate).toBe(1.085);
    expect(item.conversionRateId).toMatch(/^[0-9a-f-]{36}$/);
    expect(item.baseTotalCost).toBe(82.15);
    // After 2027-04-01 the other rate is in force: 75.71 x 1.1 = 83.281 -> 83.28.
    const later = await ok<Item>(api('PUT', path(`${items}/${item.id}`), itemBody({
      currency: 'EUR', conversionRate: 1, date: '2027-05-01T00:00:00Z',
      costDetail: [{ id: COST_FOOD, units: 3, cost: 19.99, gratuityDetail: { gratuity: 18 }, taxDetail: [{ id: TAX, taxType: 'PERCENTAGE', tax: 8.25 }] }],
    })));
    expect(later).toMatchObject({ conversionRate: 1.1, baseTotalCost: 83.28 });
    expect(later.conversionRateId).not.toBe(item.conversionRateId);
    // Locked: the rate sent is kept, and no table rate is named.
    const locked = await ok<Item>(api('POST', path(items), itemBody({ currency: 'CHF', conversionRate: 1.12, conversionRateLocked: true })), 201);
    expect(locked).toMatchObject({ conversionRate: 1.12, baseTotalCost: 112, conversionRateLocked: true });
    expect(locked.conversionRateId).toBeUndefined();
  });

  it('refuses amounts with more decimals than the currency has, naming the field', async () => {
    const cents = await api('POST', path(items), itemBody({ costDetail: [{ id: COST_AV, units: 1, cost: 10.005 }] }));
    expect(cents.statusCode).toBe(400);
    expect((cents.json() as { target: string }).target).toBe('costDetail[0].cost');
    const yen = await api('POST', path(items), itemBody({ currency: 'JPY', costDetail: [{ id: COST_AV, units: 1, cost: 1500.5 }] }));
    expect(yen.statusCode).toBe(400);
    const units = await api('POST', path(items), itemBody({ costDetail: [{ id: COST_AV, units: 1.5, cost: 10 }] }));
    expect((units.json() as { target: string }).target).toBe('costDetail[0].units');
    expect((await api('POST', path(items), itemBody({ currency: 'usd' }))).statusCode).toBe(400);
    // Totals beyond what stays exact are refused, not stored rounded (nor a 500 from the database).
    const huge = await api('POST', path(items), itemBody({ costDetail: [{ id: COST_AV, units: 1_000_000_000, cost: 999_999_999_999 }] }));
    expect(huge.statusCode).toBe(400);
    expect((huge.json() as { target: string }).target).toBe('costDetail[0].units');
    const locked = await api('POST', path(items), itemBody({ currency: 'CHF', conversionRateLocked: true, conversionRate: 999_999_999_999, costDetail: [{ id: COST_AV, units: 1000, cost: 99_999 }] }));
    expect(locked.statusCode).toBe(400);
    expect((locked.json() as { target: string }).target).toBe('costDetail[0].units');
    expect((await api('POST', path(items), itemBody({ event: { id: MISSING } }))).statusCode).toBe(400);
  });

  it('keeps the totals equal to the items, allocations and payments, in two currencies', async () => {
    const e = await fixtureEvent(t.services, accountId, 'Virtual', 'Budget totals');
    const base = `/ea/events/${e}/budget-items`;
    const empty = (await ok<Page<Totals>>(api('GET', `/ea/events/${e}/budget-totals`))).data[0] as Totals;
    expect(empty).toMatchObject({ currency: 'USD', planned: 0, committed: 0, actual: 0, paid: 0, allocated: 0, costDetail: [] });
    // USD 1,000.00 CONFIRMED; EUR 500.00 (x 1.085 = 542.50 USD) INVOICED; USD 0.10 x 3 ESTIMATED.
    const venue = await ok<Item>(api('POST', base, itemBody({ name: 'Venue', status: 'CONFIRMED', costDetail: [{ id: COST_AV, units: 1, cost: 1000 }] })), 201);
    const catering = await ok<Item>(api('POST', base, itemBody({ name: 'Catering', status: 'INVOICED', currency: 'EUR', costDetail: [{ id: COST_FOOD, units: 10, cost: 50 }] })), 201);
    await ok<Item>(api('POST', base, itemBody({ name: 'Pens', costDetail: [{ id: COST_AV, units: 3, cost: 0.1 }] })), 201);
    let sum = await ok<Page<Totals>>(api('GET', `/ea/events/${e}/budget-totals`)).then((p) => p.data[0] as Totals);
    expect(sum).toMatchObject({ planned: 1542.8, committed: 1542.5, actual: 542.5, paid: 0, totalHighLevelEstimate: { amount: 1542.8 } });
    expect(sum.minorUnits).toMatchObject({ planned: '154280', committed: '154250', actual: '54250' });
    expect(sum.costDetail).toEqual(expect.arrayContaining([
      { id: COST_AV, totalCostValue: 1000.3, totalAppliedTax: 0, totalAppliedGratuity: 0 }, { id: COST_FOOD, totalCostValue: 542.5, totalAppliedTax: 0, totalAppliedGratuity: 0 },
    ]));
    // Payments in two currencies: 250.00 EUR on 2027-02-15 (271.25 USD) and 400.00 USD.
    const eur = await ok<Payment>(api('POST', `${base}/${catering.id}/budget-payments`, { name: 'Deposit', currency: 'EUR', amount: 250, date: '2027-02-15', type: 'BANK_TRANSFER' }), 201);
    expect(eur).toMatchObject({ amount: 250, baseAmount: 271.25, conversionRate: 1.085 });
    expect(eur.conversionRateId).toMatch(/^[0-9a-f-]{36}$/);
    const usd = await ok<Payment>(api('POST', `${base}/${venue.id}/budget-payments`, { name: 'First instalment', currency: 'USD', amount: 400, date: '2027-02-01' }), 201);
    expect(usd).toMatchObject({ baseAmount: 400, conversionRate: 1 });
    // A payment on a day without a EUR rate is refused, naming the currency.
    const early = await api('POST', `${base}/${catering.id}/budget-payments`, { name: 'Early', currency: 'EUR', amount: 1, date: '2026-06-01' });
    expect(early.statusCode).toBe(400);
    expect((early.json() as { message: string }).message).toContain('EUR');
    expect((await api('POST', `${base}/${catering.id}/budget-payments`, { name: 'Bad', currency: 'EUR', amount: 1.001, date: '2027-02-15' })).statusCode).toBe(400);
    sum = await totals2(e);
    expect(sum.paid).toBe(671.25);
    // Allocations: 60% + 40% of the venue; then amounts of the catering (EUR).
    expect((await api('PUT', `${base}/${venue.id}/allocations`, { allocateBy: 'PERCENTAGE', allocations: [{ value: 60.5 }, { value: 40 }] })).statusCode).toBe(400);
    const split = await ok<{ allocations: Array<{ value: number; baseAmount: number }> }>(api('PUT', `${base}/${venue.id}/allocations`, {
      allocateBy: 'PERCENTAGE', allocations: [{ value: 60, category: { id: COST_AV }, note: 'AV' }, { value: 40 }],
    }));
    expect(split.allocations.map((a) => a.baseAmount)).toEqual([600, 400]);
    expect((await api('PUT', `${base}/${catering.id}/allocations`, { allocateBy: 'AMOUNT', allocations: [{ value: 400 }, { value: 100.01 }] })).statusCode).toBe(400);
    await ok(api('PUT', `${base}/${catering.id}/allocations`, { allocateBy: 'AMOUNT', allocations: [{ value: 100 }] }));
    expect((await totals2(e)).allocated).toBe(1108.5); // 600 + 400 + 100 EUR x 1.085
    // Changing the venue's cost recomputes its allocations in the same transaction.
    await ok(api('PUT', `${base}/${venue.id}`, itemBody({ name: 'Venue', status: 'PAID', costDetail: [{ id: COST_AV, units: 1, cost: 2000 }] })));
    sum = await totals2(e);
    expect(sum).toMatchObject({ planned: 2542.8, committed: 2542.5, actual: 2542.5, allocated: 2108.5 });
    const allocations = await ok<Page<{ value: number; baseAmount: number; budgetItem: { id: string } }>>(api('GET', `/ea/events/${e}/budget-items/allocations?filter=${encodeURIComponent(`budgetItem.id eq '${venue.id}'`)}`));
    expect(allocations.data.map((a) => a.baseAmount)).toEqual([1200, 800]);
    const big = await ok<Page<unknown>>(api('GET', `/ea/events/${e}/budget-items/allocations?filter=${encodeURIComponent('value gt 50')}`));
    expect(big.data).toHaveLength(2); // 60% and 100 EUR
    // Lowering the catering below its allocated amount is refused.
    expect((await api('PUT', `${base}/${catering.id}`, itemBody({ name: 'Catering', currency: 'EUR', costDetail: [{ id: COST_FOOD, units: 1, cost: 50 }] }))).statusCode).toBe(400);
    // Deleting allocations and payments changes the totals back.
    expect((await api('DELETE', `${base}/${catering.id}/allocations`)).statusCode).toBe(204);
    expect((await api('DELETE', `${base}/${catering.id}/budget-payments/${eur.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `${base}/${catering.id}/budget-payments/${eur.id}`)).statusCode).toBe(404);
    sum = await totals2(e);
    expect(sum).toMatchObject({ paid: 400, allocated: 2000 });
    // Updating a payment converts it again.
    const moved = await ok<Payment>(api('PUT', `${base}/${venue.id}/budget-payments/${usd.id}`, { name: 'First instalment', currency: 'EUR', amount: 100, date: '2027-05-01' }));
    expect(moved).toMatchObject({ baseAmount: 110, conversionRate: 1.1 });
    expect((await api('PUT', `${base}/${catering.id}/budget-payments/${usd.id}`, { name: 'x', currency: 'USD', amount: 1, date: '2027-05-01' })).statusCode).toBe(404);
    const payments = await ok<Page<Payment>>(api('GET', `/ea/events/${e}/budget-payments?filter=${encodeURIComponent(`budgetItem.id eq '${venue.id}'`)}`));
    expect(payments.data.map((p) => p.id)).toEqual([usd.id]);
    // Totals filter by version.
    expect((await ok<Page<Totals>>(api('GET', `/ea/events/${e}/budget-totals?filter=${encodeURIComponent(`version.id eq '${sum.version.id}'`)}`))).data).toHaveLength(1);
    expect((await ok<Page<Totals>>(api('GET', `/ea/events/${e}/budget-totals?filter=${encodeURIComponent("version.default eq 'false'")}`))).data).toHaveLength(0);
  });

  it('lists items of the event and of the account, with the reference\'s filters', async () => {
    await ok(api('POST', path(items), itemBody({ name: 'Projector', costType: 'VARIABLE' })), 201);
    const list = await ok<Page<Item & { status: string }>>(api('GET', `${path(items)}?filter=${encodeURIComponent("status eq 'ESTIMATED' and costType eq 'FIXED'")}`));
    expect((await ok<Page<Item>>(api('GET', `${path(items)}?filter=${encodeURIComponent("costType eq 'VARIABLE'")}`))).data).toHaveLength(1);
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((i) => i.status === 'ESTIMATED')).toBe(true);
    expect((await api('GET', `${path(items)}?filter=${encodeURIComponent("title eq 'x'")}`)).statusCode).toBe(400);
    expect((await ok<Page<Item>>(api('GET', `${path(items)}?filter=${encodeURIComponent("category.name eq 'Food'")}`))).data).toHaveLength(0);
    const window = 'after=2000-01-01T00:00:00Z&before=2100-01-01T00:00:00Z';
    const all = await ok<Page<{ event: { id: string }; budgetVersion: { id: string } }>>(api('GET', `/ea/budget-items?${window}&filter=${encodeURIComponent(`event.id eq '${event}'`)}`));
    const unfiltered = await ok<Page<Item>>(api('GET', path(items)));
    expect(all.data.map((i) => (i as unknown as Item).id).sort()).toEqual(unfiltered.data.map((i) => i.id).sort());
    expect((await ok<Page<Item>>(api('GET', `${path(items)}?filter=${encodeURIComponent("status ne 'ESTIMATED'")}`))).data).toHaveLength(0);
    expect(all.data.every((i) => i.event.id === event)).toBe(true);
    expect((await api('GET', '/ea/budget-items')).statusCode).toBe(400); // after and before are required
  });

  it('answers Budget Item custom fields about an item of the event', async () => {
    const field = await ok<{ id: string }>(api('POST', '/ea/custom-fields', { category: 'Budget Item', name: 'Cost centre', code: 'CF-CC', type: 'Open Ended Text - One Line', required: false, details: { answerFormat: 'General', maximum: 10 } }), 201);
    const sessionField = await ok<{ id: string }>(api('POST', '/ea/custom-fields', { category: 'Session', name: 'Track', code: 'CF-TR', type: 'Open Ended Text - One Line', required: false, details: { answerFormat: 'General' } }), 201);
    const item = await ok<Item>(api('POST', path(items), itemBody({ name: 'Signage' })), 201);
    const answer = await ok<{ id: string; value: string[] }>(api('PUT', path(`${items}/${item.id}/custom-fields/${field.id}/answers`), { id: field.id, value: ['CC-42'] }));
    expect(answer.value).toEqual(['CC-42']);
    expect((await api('PUT', path(`${items}/${item.id}/custom-fields/${field.id}/answers`), { value: ['x'.repeat(11)] })).statusCode).toBe(400);
    expect((await api('PUT', path(`${items}/${item.id}/custom-fields/${sessionField.id}/answers`), { value: ['x'] })).statusCode).toBe(400);
    expect((await api('PUT', path(`${items}/${MISSING}/custom-fields/${field.id}/answers`), { value: ['x'] })).statusCode).toBe(404);
    const listed = await ok<Page<Item>>(api('GET', `${path(items)}?filter=${encodeURIComponent(`id eq '${item.id}'`)}`));
    expect(listed.data[0]?.customFields).toEqual([expect.objectContaining({ id: field.id, value: ['CC-42'] })]);
  });

  it('attaches an uploaded file to a payment as its invoice', async () => {
    const item = await ok<Item>(api('POST', path(items), itemBody({ name: 'Printing' })), 201);
    const payment = await ok<Payment>(api('POST', path(`${items}/${item.id}/budget-payments`), { name: 'Print run', currency: 'USD', amount: 100, date: '2027-02-01' }), 201);
    const file = await uploadFile(t.app, token, 'invoice.pdf', pdf());
    const invoice = await ok<{ file: { id: string }; href: string }>(api('PUT', `/ea/events/${event}/budget-payments/${payment.id}/invoices/${file}`));
    expect(invoice.file.id).toBe(file);
    expect(invoice.href).toContain(`/files/${file}/content?`);
    const again = await ok<{ file: { id: string } }>(api('PUT', `/ea/events/${event}/budget-payments/${payment.id}/invoices/${file}`));
    expect(again.file.id).toBe(file);
    // The file is this payment's now: another payment cannot take it.
    const other = await ok<Payment>(api('POST', path(`${items}/${item.id}/budget-payments`), { name: 'Second', currency: 'USD', amount: 1, date: '2027-02-01' }), 201);
    expect((await api('PUT', `/ea/events/${event}/budget-payments/${other.id}/invoices/${file}`)).statusCode).toBe(404);
    expect((await api('PUT', `/ea/events/${event}/budget-payments/${payment.id}/invoices/${MISSING}`)).statusCode).toBe(404);
    const listed = await ok<Page<Payment>>(api('GET', `/ea/events/${event}/budget-payments?filter=${encodeURIComponent(`id eq '${payment.id}'`)}`));
    expect(listed.data[0]?.invoice).toEqual({ id: file });
  });

  it('keeps cards and their transactions, with what each card spent', async () => {
    const card = await ok<{ id: string; totalTransactionAmount: number; availableBalance: number }>(api('POST', '/ea/cards', {
      event: { id: event }, last4: '4242', type: 'Virtual', cardHolderName: 'Dana Cardholder', fullName: 'Dana Q. Cardholder', spendLimit: 5000, company: 'Eventline',
    }), 201);
    expect(card).toMatchObject({ totalTransactionAmount: 0, availableBalance: 5000 });
    const tx = await ok<{ id: string; transactionAmount: number; type: string }>(api('POST', '/ea/cards/transactions', {
      eventId: event, cardDescription: 'Visa ending 4242 (Dana Cardholder)', transactionAmount: 120.55, transactionDate: '2027-02-02T10:00:00Z',
      transactionCurrency: 'USD', transactionMerchant: 'Print Shop', card: { id: card.id },
    }), 201);
    expect(tx).toMatchObject({ transactionAmount: 120.55, type: 'Authorized' });
    await ok(api('POST', '/ea/cards/transactions', { transactionAmount: 20.55, transactionDate: '2027-02-03T10:00:00Z', transactionCurrency: 'USD', card: { id: card.id }, type: 'Refunds' }), 201);
    const cards = await ok<Page<{ id: string; totalTransactionAmount: number; availableBalance: number }>>(api('GET', `/ea/cards?filter=${encodeURIComponent(`event.id eq '${event}'`)}`));
    expect(cards.data).toEqual([expect.objectContaining({ id: card.id, totalTransactionAmount: 100, availableBalance: 4900 })]);
    expect((await api('POST', '/ea/cards/transactions', { transactionAmount: 1.234, transactionDate: '2027-02-03T10:00:00Z', transactionCurrency: 'USD' })).statusCode).toBe(400);
    expect((await api('POST', '/ea/cards/transactions', { transactionAmount: 1, transactionDate: '2027-02-03T10:00:00Z', transactionCurrency: 'USD', eventId: MISSING })).statusCode).toBe(400);
    const updated = await ok<{ transactionAmount: number; transactionMerchant: string }>(api('PUT', `/ea/cards/transactions/${tx.id}`, {
      transactionAmount: 99.99, transactionDate: '2027-02-02T10:00:00Z', transactionCurrency: 'USD', transactionMerchant: 'Copy Shop', card: { id: card.id },
    }));
    expect(updated).toMatchObject({ transactionAmount: 99.99, transactionMerchant: 'Copy Shop' });
    const list = await ok<Page<{ id: string; amount: number; reconciliation: { status: string } }>>(api('GET', `/ea/cards/transactions?filter=${encodeURIComponent("type eq 'Authorized' and fromDate ge '2027-02-01T00:00:00Z'")}`));
    expect(list.data).toEqual([expect.objectContaining({ id: tx.id, amount: 99.99, reconciliation: { status: 'Not Reconciled' } })]);
    expect((await api('DELETE', `/ea/cards/transactions/${tx.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/cards/transactions/${tx.id}`)).statusCode).toBe(404);
    expect((await api('PUT', `/ea/cards/transactions/${tx.id}`, { transactionAmount: 1, transactionDate: '2027-02-02T10:00:00Z', transactionCurrency: 'USD' })).statusCode).toBe(404);
  });

  it('keeps the totals equal to what the lists show under concurrent writes', async () => {
    const e = await fixtureEvent(t.services, accountId, 'Hybrid', 'Concurrent budget');
    const base = `/ea/events/${e}/budget-items`;
    await ok(api('POST', '/ea/currencies/CAD/conversion-rates', { conversionRate: 0.7311, startDate: '2027-01-01' }), 201);
    const created = await Promise.all([0, 1, 2, 3].map((i) => ok<Item>(api('POST', base, itemBody({ name: `Item ${i}`, currency: i % 2 === 0 ? 'USD' : 'CAD', status: 'CONFIRMED' })), 201)));
    // Payments, re-pricings and re-allocations of the same items, all at once.
    const writes = created.flatMap((item, i) => [
      ...[1, 2, 3, 4, 5].map((n) => api('POST', `${base}/${item.id}/budget-payments`, { name: `P${n}`, currency: n % 2 === 0 ? 'CAD' : 'USD', amount: n * 10.01, date: '2027-02-15' })),
      ...[1, 2, 3].map((n) => api('PUT', `${base}/${item.id}`, itemBody({ name: `Item ${i}`, currency: i % 2 === 0 ? 'USD' : 'CAD', status: 'CONFIRMED', costDetail: [{ id: COST_AV, units: n, cost: 333.33 }] }))),
      ...[10, 20, 30].map((pct) => api('PUT', `${base}/${item.id}/allocations`, { allocateBy: 'PERCENTAGE', allocations: [{ value: pct }, { value: 33.33 }] })),
    ]);
    const answers = await Promise.all(writes);
    expect(answers.filter((r) => r.statusCode >= 300).map((r) => r.body)).toEqual([]);
    const [sum, itemsPage, payments, allocations] = await Promise.all([
      totals2(e), ok<Page<Item>>(api('GET', base)), ok<Page<Payment>>(api('GET', `/ea/events/${e}/budget-payments`)),
      ok<Page<{ baseAmount: number }>>(api('GET', `/ea/events/${e}/budget-items/allocations`)),
    ]);
    const cents = (xs: number[]) => String(xs.reduce((s, x) => s + Math.round(x * 100), 0));
    expect(payments.data).toHaveLength(20);
    expect(allocations.data).toHaveLength(8);
    expect(sum.minorUnits).toMatchObject({
      planned: cents(itemsPage.data.map((i) => i.baseTotalCost)), committed: cents(itemsPage.data.map((i) => i.baseTotalCost)),
      paid: cents(payments.data.map((p) => p.baseAmount)), allocated: cents(allocations.data.map((a) => a.baseAmount)),
    });
    // Each item's 33.33% allocation was computed from the item's final USD total.
    const shares = allocations.data.map((a) => a.baseAmount);
    for (const item of itemsPage.data) expect(shares).toContain(Math.round(Math.round(item.baseTotalCost * 100) * 3333 / 10_000) / 100);
  });

  it('seeds the demo account with a budget paid in two currencies', async () => {
    const { credentials } = await seedDemo(t.services, t.config);
    if (!credentials) throw new Error('the demo was not seeded');
    const demo = apiClient(t.app, await tokenFor(t.app, credentials));
    const demoEvent = (await ok<{ data: Array<{ id: string }> }>(demo('GET', '/ea/events'))).data[0]?.id ?? '';
    const payments = await ok<Page<Payment & { currency: string }>>(demo('GET', `/ea/events/${demoEvent}/budget-payments`));
    expect(new Set(payments.data.map((p) => p.currency))).toEqual(new Set(['USD', 'EUR']));
    const sum = (await ok<Page<Totals>>(demo('GET', `/ea/events/${demoEvent}/budget-totals`))).data[0] as Totals;
    // 10,000 USD + 8,000 EUR x 1.0842 = 18,673.60 USD paid.
    expect(sum.paid).toBe(18673.6);
    expect(sum.planned).toBeGreaterThan(sum.committed);
    expect((await ok<Page<unknown>>(demo('GET', '/ea/cards'))).data).toHaveLength(1);
  });
});
