import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureAttendee, fixtureEvent } from '../helpers/webcast-fixtures.js';

// Another account's items, discounts, orders and transactions are 404 (never 403), and its rows never appear in this
// account's lists; writes naming them change nothing.

let t: TestApp;
let mine: Api;
let theirs: Api;
let event: string;
let attendee: string;
let item: string;
let quantity: string;
let discount: string;
let order: { id: string; items: Array<{ id: string }> };

beforeAll(async () => {
  t = await startTestApp();
  const a = await createTenant(t.services);
  mine = apiClient(t.app, await tokenFor(t.app, a));
  theirs = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
  event = await fixtureEvent(t.services, a.accountId);
  attendee = await fixtureAttendee(t.db.handle.db, a.accountId, event);
  item = (await ok<{ id: string }>(mine('POST', `/ea/events/${event}/admission-items`, { name: 'Pass', amount: 10 }), 201)).id;
  quantity = (await ok<{ id: string }>(mine('POST', `/ea/events/${event}/quantity-items`, { name: 'Lunch', amount: 10 }), 201)).id;
  discount = (await ok<{ id: string }>(mine('POST', `/ea/events/${event}/discounts`, { type: 'DISCOUNT_CODE', name: 'Ten', code: 'TEN', method: { value: 1 }, applyToAllAgendaItems: true }), 201)).id;
  order = await ok(mine('POST', `/ea/events/${event}/orders`, { attendee: { id: attendee }, items: [{ product: { id: item } }] }), 201);
});
afterAll(async () => {
  await t?.close();
});

it('answers 404 for another account\'s event, discount, order and quantity item', async () => {
  const reads = ['donation-items', 'fee-items', 'membership-items', 'quantity-items', 'discounts', 'discounts/agenda-items', 'orders', 'orders/items', 'transactions', 'transactions/items'];
  for (const path of reads) expect((await theirs('GET', `/ea/events/${event}/${path}`)).statusCode, path).toBe(404);
  const writes: Array<[string, string, unknown]> = [
    ['POST', `/ea/events/${event}/admission-items`, { name: 'X', amount: 1 }],
    ['POST', `/ea/events/${event}/discounts`, { type: 'DISCOUNT_CODE', name: 'X', method: { value: 1 } }],
    ['PUT', `/ea/events/${event}/discounts/${discount}`, { type: 'DISCOUNT_CODE', name: 'X', method: { value: 1 } }],
    ['PUT', `/ea/events/${event}/discounts/${discount}/agenda-items/${item}`, undefined],
    ['DELETE', `/ea/events/${event}/discounts/${discount}/agenda-items/${item}`, undefined],
    ['POST', `/ea/events/${event}/orders`, { attendee: { id: attendee }, items: [{ product: { id: item } }] }],
    ['PUT', `/ea/events/${event}/orders/${order.id}/items/${order.items[0]?.id ?? ''}/discounts/TEN`, { event: { id: event }, order: { id: order.id }, item: { id: order.items[0]?.id }, amountOrdered: 10 }],
    ['POST', `/ea/events/${event}/transactions`, { attendee: { id: attendee }, paymentType: 'Offline Charge', paymentMethod: 'Cash', date: '2026-01-01T00:00:00Z' }],
    ['PUT', `/ea/quantity-items/${quantity}`, { id: quantity, attendee: { id: attendee }, updatedQuantity: 1 }],
  ];
  for (const [method, url, body] of writes) expect((await theirs(method as 'POST', url, body)).statusCode, `${method} ${url}`).toBe(404);
  // Nothing changed: still one order, unpaid, without a discount; the discount unused.
  const orders = await ok<{ data: Array<{ amountPaid: number; discounts: unknown[] }> }>(mine('GET', `/ea/events/${event}/orders`));
  expect(orders.data).toEqual([expect.objectContaining({ amountPaid: 0, discounts: [] })]);
  const discounts = await ok<{ data: Array<{ name: string; capacity: { used: number } }> }>(mine('GET', `/ea/events/${event}/discounts`));
  expect(discounts.data).toEqual([expect.objectContaining({ name: 'Ten', capacity: { total: -1, used: 0 } })]);
});

it('keeps another account\'s rows out of the account-wide lists, and refuses its attendees', async () => {
  expect((await ok<{ data: unknown[] }>(theirs('GET', '/ea/admission-items'))).data).toEqual([]);
  expect((await ok<{ data: unknown[] }>(mine('GET', '/ea/admission-items'))).data).toHaveLength(1);
  expect((await theirs('POST', '/ea/attendee-credits', { attendee: { id: attendee }, creditType: { id: discount }, amount: 1 })).statusCode).toBe(400);
  expect((await ok<{ data: unknown[] }>(theirs('GET', '/ea/attendee-credits'))).data).toEqual([]);
});
