import { redactMentions, storedForms, type Eraser } from '../privacy/index.js';

/** A question's internal note is the planners' free text: an erased contact's identifying values are redacted in it. */
export function questionsErasers(): Eraser[] {
  return [{
    place: 'event questions',
    columns: [],
    mentions: ['event_questions.internal_note'],
    erase: (trx, s, now) => redactMentions(trx, { table: 'event_questions', columns: ['internal_note'], audited: true }, s.accountId, storedForms(s.identifying), now),
  }];
}
