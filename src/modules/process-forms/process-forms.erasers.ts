import { redactMentions, storedForms, type Eraser } from '../privacy/index.js';

/** Submitted answers are free text that may name a contact: redacted where the contact's values appear. */
export function processFormsErasers(): Eraser[] {
  return [{
    place: 'process form answers',
    columns: [],
    mentions: ['process_form_submissions.answers'],
    erase: (trx, s, now) => redactMentions(trx, { table: 'process_form_submissions', columns: ['answers'], audited: true }, s.accountId, storedForms(s.identifying), now),
  }];
}
