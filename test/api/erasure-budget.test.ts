import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/app.js';
import { ok, type Api } from '../helpers/app.js';
import { startDiskApp, type DiskApp } from '../helpers/disk-app.js';
import { createVenue, seedPerson, type PersonData } from '../contract/obfuscation.fixtures.js';

// Issue 31: cardholders are people. A card's holder names, a card transaction's card description and the notes of
// budget payments name them; obfuscating the contact redacts them, and the bytes leave the SQLite file and its WAL.
// This suite runs on its own SQLite file (whatever DATABASE_URL says), since it reads that file's raw bytes.

let d: DiskApp;
let services: Services;
let api: Api;
let accountId: string;

beforeAll(async () => {
  d = await startDiskApp('eventline-erasure-budget-');
  ({ services, api, accountId } = d);
}, 60_000);
afterAll(() => d?.close());

const rawBytes = (): string => d.rawBytes().toLowerCase();
const obfuscate = (contactId: string): Promise<void> => d.obfuscate(contactId);

describe('erasure of cardholders (SQLite)', () => {
  it('redacts the cardholder in cards, card transactions and payment notes, and leaves none of their bytes on disk', async () => {
    const tag = Date.now().toString(36);
    const person: PersonData = { firstName: `Xanthippe${tag}`, lastName: `Quorndale${tag}`, email: `xanthippe.${tag}@erasure.example`, phone: '+1 555 0102', note: 'no note' };
    const venue = await createVenue(services, accountId);
    const { contactId } = await seedPerson(services.db.db, venue, person);
    const full = `${person.firstName} ${person.lastName}`;
    const card = await ok<{ id: string }>(api('POST', '/ea/cards', { event: { id: venue.eventId }, last4: '4242', cardHolderName: full, fullName: `${person.lastName}, ${person.firstName}`, description: `Card of ${person.email}` }), 201);
    const tx = await ok<{ id: string }>(api('POST', '/ea/cards/transactions', {
      eventId: venue.eventId, card: { id: card.id }, cardDescription: `Visa 4242 ${full}`, transactionAmount: 12.5, transactionDate: '2027-02-02T10:00:00Z', transactionCurrency: 'USD',
    }), 201);
    const item = await ok<{ id: string }>(api('POST', `/ea/events/${venue.eventId}/budget-items`, {
      costType: 'FIXED', name: 'Taxi', category: { id: 1 }, status: 'PAID', date: '2027-02-02T00:00:00Z', costIncludesTaxGratuity: true, calculateTaxOnGratuity: false,
      gratuityType: 'AMOUNT', currency: 'USD', conversionRate: 1, internalNote: `Booked by ${person.email}`, costDetail: [{ id: card.id, units: 1, cost: 12.5 }],
    }), 201);
    await ok(api('POST', `/ea/events/${venue.eventId}/budget-items/${item.id}/budget-payments`, { name: 'Card', currency: 'USD', amount: 12.5, date: '2027-02-02', note: `Paid by ${full}` }), 201);
    const needles = [person.email, person.firstName, person.lastName].map((v) => v.toLowerCase());
    expect(needles.filter((n) => rawBytes().includes(n))).toEqual(needles);

    await obfuscate(contactId);
    expect(needles.filter((n) => rawBytes().includes(n))).toEqual([]);
    // What the API shows now: the names and email are gone from every place, the amounts stay.
    const cards = JSON.stringify(await ok(api('GET', '/ea/cards')));
    const txs = JSON.stringify(await ok(api('GET', '/ea/cards/transactions')));
    const payments = JSON.stringify(await ok(api('GET', `/ea/events/${venue.eventId}/budget-payments`)));
    const items = JSON.stringify(await ok(api('GET', `/ea/events/${venue.eventId}/budget-items`)));
    for (const text of [cards, txs, payments, items]) expect(needles.filter((n) => text.toLowerCase().includes(n))).toEqual([]);
    expect(txs).toContain(tx.id);
    expect(JSON.parse(payments)).toMatchObject({ data: [{ amount: 12.5 }] });
  });
});
