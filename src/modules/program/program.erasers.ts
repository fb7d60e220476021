import { redactMentions, storedForms, type Eraser } from '../privacy/index.js';

/** The program's free text (descriptions of program items and session categories) may quote a contact: mentions are redacted. */
export function programErasers(): Eraser[] {
  return [
    {
      place: 'program item descriptions',
      columns: [],
      mentions: ['program_items.description', 'program_items.rte_description'],
      erase: (trx, s, now) => redactMentions(trx, { table: 'program_items', columns: ['description', 'rte_description'], audited: true }, s.accountId, storedForms(s.identifying), now),
    },
    {
      place: 'session category descriptions',
      columns: [],
      mentions: ['session_categories.description'],
      erase: (trx, s, now) => redactMentions(trx, { table: 'session_categories', columns: ['description'], audited: true }, s.accountId, storedForms(s.identifying), now),
    },
  ];
}
