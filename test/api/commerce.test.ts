import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seed.js';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { luhnCard } from '../helpers/cards.js';
import { fixtureAttendee, fixtureEvent } from '../helpers/webcast-fixtures.js';

// Registration money (issue 30) through the API on a real database: items, discount codes, orders, transactions,
// quantity registrations, card tokens and credits. Amounts are read back as the API's decimals and compared in cents.

interface Page<T> { paging: { totalCount?: number; nextToken?: string }; data: T[] }
interface Detail { id: string; code: string; amount: number }
interface OrderItem { id: string; product: { id: string; type: string }; price: number; quantity: number; amountOrdered: number; amountPaid: number; amountDue: number; discounts: Detail[] }
interface Order { id: string; amountOrdered: number; amountPaid: number; amountDue: number; currency: string; discounts: Detail[]; items: OrderItem[] }
interface Discount { id: string; code: string; capacity: { total: number; used: number } }
interface Tx { id: string; amount: number; orders: Array<{ id: string }>; transactionItems: Array<{ amount: number }> }

const cents = (n: number) => Math.round(n * 100);

let t: TestApp;
let api: Api;
let event: string;
let accountId: string;
const logLines: string[] = [];

beforeAll(async () => {
  const sink = new Writable({ write(chunk: Buffer, _enc, done) { logLines.push(chunk.toString()); done(); } });
  t = await startTestApp({ env: { LOG_LEVEL: 'debug' }, build: { logger: { level: 'debug', stream: sink } } });
  const tenant = await createTenant(t.services);
  accountId = tenant.accountId;
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  event = await fixtureEvent(t.services, accountId);
});
afterAll(async () => {
  await t?.close();
});

const item = async (kind: string, body: Record<string, unknown>) => ok<{ id: string }>(api('POST', `/ea/events/${event}/${kind}`, body), 201);
const discount = async (body: Record<string, unknown>) => ok<Discount>(api('POST', `/ea/events/${event}/discounts`, { type: 'DISCOUNT_CODE', ...body }), 201);
const link = async (discountId: string, itemId: string) => {
  const res = await api('PUT', `/ea/events/${event}/discounts/${discountId}/agenda-items/${itemId}`);
  expect(res.statusCode, res.body).toBe(204);
};
const attendee = () => fixtureAttendee(t.db.handle.db, accountId, event);
const orders = async (filter?: string) => ok<Page<Order>>(api('GET', `/ea/events/${event}/orders${filter ? `?filter=${encodeURIComponent(filter)}` : ''}`));

describe('the money path', () => {
  it('an order of three items with a discount, paid by one transaction, reads back totals equal to a recomputation', async () => {
    const admission = await item('admission-items', { name: 'Full pass', amount: 250 });
    const workshop = await item('quantity-items', { name: 'Workshop seat', amount: 12.5, maximumItemsPerInvitee: 4 });
    const fee = await item('fee-items', { name: 'Service fee', amount: 5.99 });
    const early = await discount({ name: 'Early bird', code: 'EARLY10', method: { type: 'BY_PERCENTAGE', value: 10 }, capacity: { total: 100 } });
    await link(early.id, admission.id);
    const who = await attendee();

    const order = await ok<Order>(api('POST', `/ea/events/${event}/orders`, {
      attendee: { id: who },
      items: [{ product: { id: admission.id }, discountCode: 'EARLY10' }, { product: { id: workshop.id }, quantity: 2 }, { product: { id: fee.id } }],
    }), 201);
    expect(order.items).toHaveLength(3);
    expect(order.currency).toBe('USD');
    // 250.00 − 10% + 2 × 12.50 + 5.99
    expect(order.amountOrdered).toBe(255.99);
    expect(order.discounts).toEqual([expect.objectContaining({ code: 'EARLY10', amount: 25 })]);

    const tx = await ok<Tx>(api('POST', `/ea/events/${event}/transactions`, {
      attendee: { id: who }, paymentType: 'Offline Charge', paymentMethod: 'Check', date: '2026-03-01T10:00:00Z', referenceNumber: 'CHK-1001',
    }), 201);
    expect(tx.amount).toBe(255.99);
    expect(tx.orders).toEqual([{ id: order.id }]);
    expect(tx.transactionItems.reduce((s, i) => s + cents(i.amount), 0)).toBe(cents(tx.amount));

    // Read back and recompute from the parts: items at their prices, minus their discounts, plus the fees.
    const [read] = (await orders(`id eq '${order.id}'`)).data;
    expect(read).toBeDefined();
    const lines = read?.items ?? [];
    const fees = lines.filter((l) => l.product.type === 'RegistrantTypeServiceFee').reduce((s, l) => s + cents(l.price) * l.quantity, 0);
    const goods = lines.filter((l) => l.product.type !== 'RegistrantTypeServiceFee').reduce((s, l) => s + cents(l.price) * l.quantity, 0);
    const discounts = lines.flatMap((l) => l.discounts).reduce((s, d) => s + cents(d.amount), 0);
    expect(cents(read?.amountOrdered ?? 0)).toBe(goods - discounts + fees);
    expect(goods - discounts + fees).toBe(25599);
    for (const l of lines) expect(cents(l.amountOrdered)).toBe(cents(l.price) * l.quantity - l.discounts.reduce((s, d) => s + cents(d.amount), 0));
    expect(read?.amountPaid).toBe(read?.amountOrdered);
    expect(read?.amountDue).toBe(0);

    // Transactions balance the order: what its transaction items paid is what the order shows paid.
    const items = await ok<Page<{ amount: number; orderItem: { id: string }; transaction: { id: string } }>>(api('GET', `/ea/events/${event}/transactions/items?filter=${encodeURIComponent(`transaction.id eq '${tx.id}'`)}`));
    expect(items.data.reduce((s, i) => s + cents(i.amount), 0)).toBe(cents(read?.amountPaid ?? -1));
    const orderItems = await ok<Page<OrderItem>>(api('GET', `/ea/events/${event}/orders/items?filter=${encodeURIComponent(`order.id eq '${order.id}'`)}`));
    expect(orderItems.data.map((i) => i.amountDue)).toEqual([0, 0, 0]);
    const list = await ok<Page<{ id: string; amount: number }>>(api('GET', `/ea/events/${event}/transactions?filter=${encodeURIComponent(`attendee.id eq '${who}'`)}`));
    expect(list.data).toEqual([expect.objectContaining({ id: tx.id, amount: 255.99 })]);

    // Nothing more is due: a second full payment is refused and changes nothing.
    const again = await api('POST', `/ea/events/${event}/transactions`, { attendee: { id: who }, paymentType: 'Offline Charge', paymentMethod: 'Cash', date: '2026-03-02T10:00:00Z' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: expect.stringContaining('Nothing is due') });
  });

  it('20 concurrent orders using a discount limited to 5 apply it exactly 5 times', async () => {
    const pass = await item('admission-items', { name: 'Day pass', amount: 80 });
    const limited = await discount({ name: 'First five', code: 'FIRST5', method: { type: 'BY_AMOUNT', value: 20 }, capacity: { total: 5 } });
    await link(limited.id, pass.id);
    const who = await Promise.all(Array.from({ length: 20 }, () => attendee()));
    const results = await Promise.all(who.map((a) => api('POST', `/ea/events/${event}/orders`, { attendee: { id: a }, items: [{ product: { id: pass.id }, discountCode: 'FIRST5' }] })));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 400)).toHaveLength(15);
    for (const r of results.filter((x) => x.statusCode === 400)) expect((r.json() as { message: string }).message).toBe("Discount code 'FIRST5' is used up (5 uses)");
    const after = (await ok<Page<Discount>>(api('GET', `/ea/events/${event}/discounts?filter=${encodeURIComponent(`id in ('${limited.id}')`)}`))).data[0];
    expect(after?.capacity).toEqual({ total: 5, used: 5 });
    // A refused order keeps nothing: exactly five orders of the pass exist, each 60.00.
    const items = (await ok<Page<OrderItem>>(api('GET', `/ea/events/${event}/orders/items?limit=200&filter=${encodeURIComponent(`product.id eq '${pass.id}'`)}`))).data;
    expect(items).toHaveLength(5);
    expect(items.every((i) => i.amountOrdered === 60 && i.discounts.length === 1)).toBe(true);
  });
});

describe('discounts are refused when they cannot apply', () => {
  let pass: string;
  let donation: string;
  let who: string;
  beforeAll(async () => {
    pass = (await item('admission-items', { name: 'Evening pass', amount: 40 })).id;
    donation = (await item('donation-items', { name: 'Scholarship fund', amount: 1 })).id;
    who = await attendee();
  });

  it('names an expired code, and keeps no order', async () => {
    const old = await discount({ name: 'Last year', code: 'OLD', method: { type: 'BY_AMOUNT', value: 5 }, effectiveTo: '2020-12-31', applyToAllAgendaItems: true });
    const before = (await orders(`attendee.id eq '${who}'`)).data.length;
    const res = await api('POST', `/ea/events/${event}/orders`, { attendee: { id: who }, items: [{ product: { id: pass }, discountCode: 'OLD' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: "Discount code 'OLD' expired on 2020-12-31", target: 'items[0].discountCode' });
    expect((await orders(`attendee.id eq '${who}'`)).data.length).toBe(before);
    expect((await ok<Page<Discount>>(api('GET', `/ea/events/${event}/discounts?filter=${encodeURIComponent(`id in ('${old.id}')`)}`))).data[0]?.capacity.used).toBe(0);
  });

  it('names a code that is not for the item, one not yet effective, and an unknown one', async () => {
    await discount({ name: 'Pass only', code: 'PASSONLY', method: { type: 'FLAT_PRICE', value: 30 } });
    const res = await api('POST', `/ea/events/${event}/orders`, { attendee: { id: who }, items: [{ product: { id: pass }, discountCode: 'PASSONLY' }] });
    expect(res.json()).toMatchObject({ code: 400, message: "Discount code 'PASSONLY' is not for 'Evening pass'" });
    await discount({ name: 'All', code: 'ALLITEMS', method: { type: 'BY_AMOUNT', value: 1 }, applyToAllAgendaItems: true });
    const gift = await api('POST', `/ea/events/${event}/orders`, { attendee: { id: who }, items: [{ product: { id: donation }, amount: 10, discountCode: 'ALLITEMS' }] });
    expect(gift.json()).toMatchObject({ code: 400, message: "Discount code 'ALLITEMS' is not for 'Scholarship fund'" });
    await discount({ name: 'Next year', code: 'FUTURE', method: { type: 'BY_AMOUNT', value: 1 }, effectiveFrom: '2999-01-01', applyToAllAgendaItems: true });
    const future = await api('POST', `/ea/events/${event}/orders`, { attendee: { id: who }, items: [{ product: { id: pass }, discountCode: 'FUTURE' }] });
    expect(future.json()).toMatchObject({ code: 400, message: "Discount code 'FUTURE' is not effective before 2999-01-01" });
    const unknown = await api('POST', `/ea/events/${event}/orders`, { attendee: { id: who }, items: [{ product: { id: pass }, discountCode: 'NOPE' }] });
    expect(unknown.json()).toMatchObject({ code: 400, message: "Discount code 'NOPE' does not exist for this event" });
  });

  it('applies a code to an order item once: the second time is refused, and the use is counted once', async () => {
    const once = await discount({ name: 'Once', code: 'ONCE', method: { type: 'BY_AMOUNT', value: 2.5 }, applyToAllAgendaItems: true });
    const order = await ok<Order>(api('POST', `/ea/events/${event}/orders`, { attendee: { id: who }, items: [{ product: { id: pass } }] }), 201);
    const line = order.items[0] as OrderItem;
    const path = `/ea/events/${event}/orders/${order.id}/items/${line.id}/discounts/ONCE`;
    const body = { event: { id: event }, order: { id: order.id }, item: { id: line.id }, amountOrdered: 40 };
    const applied = await ok<OrderItem>(api('PUT', path, body));
    expect(applied.amountOrdered).toBe(37.5);
    expect(applied.discounts).toEqual([expect.objectContaining({ code: 'ONCE', amount: 2.5, type: 'Amount' })]);
    const twice = await api('PUT', path, { ...body, amountOrdered: 37.5 });
    expect(twice.json()).toMatchObject({ code: 400, message: "Discount code 'ONCE' is already applied to 'Evening pass'" });
    const stale = await api('PUT', path, body);
    expect(stale.json()).toMatchObject({ code: 400, target: 'amountOrdered' });
    expect((await ok<Page<Discount>>(api('GET', `/ea/events/${event}/discounts?filter=${encodeURIComponent(`id in ('${once.id}')`)}`))).data[0]?.capacity.used).toBe(1);
    expect((await api('PUT', `/ea/events/${event}/orders/${order.id}/items/${line.id}/discounts/MISSING`, { ...body, amountOrdered: 37.5 })).statusCode).toBe(404);
  });

  it('refuses amounts with more decimals than the currency, and volume discounts', async () => {
    expect((await api('POST', `/ea/events/${event}/admission-items`, { name: 'Odd', amount: 10.005 })).json()).toMatchObject({ code: 400, target: 'amount' });
    expect((await api('POST', `/ea/events/${event}/discounts`, { type: 'VOLUME_DISCOUNT', name: 'Bulk', method: { value: 1 }, thresholdLimit: 5 })).json()).toMatchObject({ code: 400, target: 'type' });
    expect((await api('POST', `/ea/events/${event}/discounts`, { type: 'DISCOUNT_CODE', name: 'Too much', method: { type: 'BY_PERCENTAGE', value: 101 } })).json()).toMatchObject({ code: 400, target: 'method.value' });
  });
});

describe('partial payments and refunds', () => {
  it('pays part of an item, refunds it, and never pays more than is due', async () => {
    const seat = await item('quantity-items', { name: 'Dinner seat', amount: 33.33 });
    const who = await attendee();
    const order = await ok<Order>(api('POST', `/ea/events/${event}/orders`, { attendee: { id: who }, items: [{ product: { id: seat.id }, quantity: 3 }] }), 201);
    expect(order.amountOrdered).toBe(99.99);
    const pay = (amount: number, type = 'Offline Charge') => api('POST', `/ea/events/${event}/transactions?partialPayment=true`, {
      attendee: { id: who }, paymentType: type, paymentMethod: 'Cash', date: '2026-03-01T10:00:00Z', transactionItems: [{ product: { id: seat.id }, amount }],
    });
    expect((await pay(50.01)).statusCode).toBe(201);
    const over = await pay(50);
    expect(over.json()).toMatchObject({ code: 400, target: 'transactionItems[0].product.id' });
    let read = (await orders(`id eq '${order.id}'`)).data[0];
    expect([read?.amountPaid, read?.amountDue]).toEqual([50.01, 49.98]);
    const refund = await ok<Tx>(pay(20, 'Offline Refund'), 201);
    expect(refund.amount).toBe(-20);
    read = (await orders(`id eq '${order.id}'`)).data[0];
    expect([read?.amountPaid, read?.amountDue]).toEqual([30.01, 69.98]);
    const all = await ok<Page<{ amount: number }>>(api('GET', `/ea/events/${event}/transactions?filter=${encodeURIComponent(`attendee.id eq '${who}'`)}`));
    expect(all.data.reduce((s, x) => s + cents(x.amount), 0)).toBe(cents(read?.amountPaid ?? 0));
  });
});

describe('items, quantities and credits', () => {
  it('lists each kind of item with its filters', async () => {
    const member = await item('membership-items', { name: 'Annual membership', code: 'ANNUAL', amount: 120, duration: 'OneYear' });
    expect((await ok<Page<{ id: string; price: number }>>(api('GET', `/ea/events/${event}/membership-items`))).data).toEqual([expect.objectContaining({ id: member.id, price: 120 })]);
    const fees = await ok<Page<{ amount: number }>>(api('GET', `/ea/events/${event}/fee-items`));
    expect(fees.data.length).toBeGreaterThan(0);
    const admission = await ok<Page<{ id: string }>>(api('POST', '/ea/admission-items/filter', { filter: `event.id eq '${event}' and name eq 'Full pass'` }));
    expect(admission.data).toHaveLength(1);
    const bad = await api('GET', `/ea/events/${event}/quantity-items?filter=${encodeURIComponent("name eq 'x'")}`);
    expect(bad.statusCode).toBe(400);
    expect((await api('POST', `/ea/events/${event}/membership-items`, { name: 'Long', code: 'TOOLONGCODE', amount: 1 })).statusCode).toBe(400);
  });

  it('sets an attendee\'s quantity of an item within its maximum and capacity', async () => {
    const shirt = await item('quantity-items', { name: 'T-shirt', amount: 15, capacity: 3, maximumItemsPerInvitee: 2 });
    const [a, b] = [await attendee(), await attendee()];
    const put = (who: string, n: number) => api('PUT', `/ea/quantity-items/${shirt.id}`, { id: shirt.id, attendee: { id: who }, updatedQuantity: n });
    expect((await ok(put(a, 2))) as object).toEqual({ id: shirt.id, attendee: { id: a }, updatedQuantity: 2 });
    expect((await put(a, 3)).json()).toMatchObject({ code: 400, target: 'updatedQuantity' });
    expect((await put(b, 2)).json()).toMatchObject({ code: 400, message: "'T-shirt' has 1 left" });
    expect((await put(b, 1)).statusCode).toBe(200);
    expect((await put(a, 1)).statusCode).toBe(200);
    expect((await put(b, 2)).statusCode).toBe(200);
  });

  it('awards and lists attendee credits', async () => {
    const who = await attendee();
    const type = '0190a1b2-0000-7000-8000-00000000c0de';
    const credit = await ok<{ id: string; amount: number; type: string }>(api('POST', '/ea/attendee-credits', { attendee: { id: who }, creditType: { id: type }, amount: 1.5 }), 201);
    expect(credit).toMatchObject({ amount: 1.5, type: 'Event' });
    const list = await ok<Page<{ id: string }>>(api('GET', `/ea/attendee-credits?filter=${encodeURIComponent(`attendee.id eq '${who}' and type eq 'Event'`)}`));
    expect(list.data.map((c) => c.id)).toEqual([credit.id]);
    expect((await api('POST', '/ea/attendee-credits', { attendee: { id: who }, creditType: { id: type }, amount: 1.555 })).statusCode).toBe(400);
  });
});

describe('card tokens', () => {
  const card = (number: string, extra: Record<string, unknown> = {}) => api('POST', '/ea/card-tokens', { creditCard: { number, expMonth: 12, expYear: 2099, accountHolderName: 'Ada Lovelace', ...extra } });

  it('checks the number and answers only its brand, last four digits and expiry', async () => {
    const visa = luhnCard('4', 16);
    const res = await card(visa);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(String), creditCard: { cardType: 'VISA', last4Digits: visa.slice(-4), accountHolderName: 'Ada Lovelace', expMonth: 12, expYear: 2099 } });
    expect(res.body).not.toContain(visa);
    expect((await ok<{ creditCard: { cardType: string } }>(card(luhnCard('37', 15)), 201)).creditCard.cardType).toBe('AMERICAN_EXPRESS');
    expect((await ok<{ creditCard: { cardType: string } }>(card(luhnCard('2221', 16)), 201)).creditCard.cardType).toBe('MASTERCARD');
  });

  it('refuses a bad check digit, a wrong length, an unknown brand and an expired card without repeating the number', async () => {
    const good = luhnCard('4', 16);
    const badLuhn = `${good.slice(0, 15)}${(Number(good[15]) + 1) % 10}`;
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [badLuhn, {}, 'Luhn'], [luhnCard('4', 15), {}, 'digits'], [luhnCard('9', 16), {}, 'no known card brand'], [luhnCard('4', 16), { expYear: 2001 }, 'expired'],
      ['4111-1111-abcd-1111', {}, 'digits only'],
    ];
    for (const [number, extra, why] of cases) {
      const res = await card(number, extra);
      expect(res.statusCode, number).toBe(400);
      expect((res.json() as { message: string }).message).toContain(why);
      expect(res.body).not.toContain(number.replace(/-/g, ''));
    }
  });

  it('never writes a card number to the log', async () => {
    const numbers = [luhnCard('4', 16), luhnCard('51', 16), `${luhnCard('4', 16).slice(0, 15)}0`];
    for (const n of numbers) await card(n);
    await card(luhnCard('4', 16), { expMonth: 13 }); // fails schema validation
    const log = logLines.join('');
    expect(log).toContain('card-tokens'); // the requests were logged...
    for (const n of numbers) expect(log).not.toContain(n); // ...without their numbers
    expect(log).not.toMatch(/\b4\d{15}\b/);
  });
});

describe('the demo account', () => {
  it('carries items, an early-bird discount, orders and payments on the demo event, whose totals balance', async () => {
    const { credentials } = await seedDemo(t.services, t.config);
    if (!credentials) throw new Error('the demo was not seeded');
    const demo = apiClient(t.app, await tokenFor(t.app, credentials));
    const demoEvent = (await ok<Page<{ id: string }>>(demo('GET', '/ea/events'))).data[0]?.id ?? '';
    const discounts = await ok<Page<Discount>>(demo('GET', `/ea/events/${demoEvent}/discounts`));
    expect(discounts.data).toEqual([expect.objectContaining({ code: 'EARLYBIRD', capacity: { total: 50, used: 2 } })]);
    const demoOrders = (await ok<Page<Order>>(demo('GET', `/ea/events/${demoEvent}/orders`))).data;
    expect(demoOrders).toHaveLength(3);
    // 499 − 15% + 2 × 75 + 4.99 = 579.14, paid in full by check.
    expect(demoOrders.map((o) => [o.amountOrdered, o.amountPaid])).toEqual([[579.14, 579.14], [528.99, 250], [424.15, 0]]);
    const txs = (await ok<Page<{ amount: number }>>(demo('GET', `/ea/events/${demoEvent}/transactions`))).data;
    expect(txs.reduce((s, x) => s + cents(x.amount), 0)).toBe(demoOrders.reduce((s, o) => s + cents(o.amountPaid), 0));
    for (const kind of ['donation-items', 'fee-items', 'membership-items', 'quantity-items']) {
      expect((await ok<Page<unknown>>(demo('GET', `/ea/events/${demoEvent}/${kind}`))).data, kind).toHaveLength(1);
    }
    expect((await ok<Page<unknown>>(demo('GET', '/ea/attendee-credits'))).data).toHaveLength(1);
  });
});
