import { redactMentions, storedForms, type Eraser } from '../privacy/index.js';

/**
 * Cardholders are people: a card's holder names and description, and a transaction's card description, have an
 * erased contact's names and email redacted; so do the planner's notes on items, allocations and payments.
 */
export function budgetErasers(): Eraser[] {
  const place = (name: string, table: 'budget_cards' | 'budget_card_transactions' | 'budget_items' | 'budget_allocations' | 'budget_payments', columns: string[]): Eraser => ({
    place: name,
    columns: [],
    mentions: columns.map((c) => `${table}.${c}`),
    erase: (trx, s, now) => redactMentions(trx, { table, columns, audited: true }, s.accountId, storedForms(s.identifying), now),
  });
  return [
    place('card holders', 'budget_cards', ['full_name', 'card_holder_name', 'description']),
    place('card transaction descriptions', 'budget_card_transactions', ['card_description']),
    place('budget item notes', 'budget_items', ['internal_note', 'cost_avoidance_description']),
    place('budget allocation notes', 'budget_allocations', ['note']),
    place('budget payment notes', 'budget_payments', ['note']),
  ];
}
