import { redactMentions, storedForms, type Eraser } from '../privacy/index.js';

// Free text a client wrote about items, discounts, orders and payments (descriptions, notes, reference and batch
// numbers) may quote a contact: the contact's identifying values are redacted where they appear (DESIGN style 9).
const PLACES = [
  { table: 'commerce_items', columns: ['description'] },
  { table: 'commerce_discounts', columns: ['note'] },
  { table: 'commerce_orders', columns: ['reference_number'] },
  { table: 'commerce_transactions', columns: ['payment_note', 'reference_number', 'batch_number'] },
] as const;

export function commerceErasers(): Eraser[] {
  return PLACES.map((place) => ({
    place: place.table,
    columns: [],
    mentions: place.columns.map((c) => `${place.table}.${c}`),
    erase: (trx, s, now) => redactMentions(trx, { table: place.table, columns: [...place.columns], audited: true }, s.accountId, storedForms(s.identifying), now),
  }));
}
