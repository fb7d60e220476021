import { redactText, storedForms, type Eraser } from '../privacy/index.js';
import type { IdempotencyRepository } from './idempotency.repository.js';

/**
 * Saved answers (an attendee's or contact's fields in a 201) may quote an erased contact. They are a 24-hour cache,
 * not an audit trail: the rows that mention the contact are deleted, so nothing replays their data (a retry of
 * such a key runs again).
 */
export function idempotencyErasers(repo: IdempotencyRepository): readonly Eraser[] {
  return [{
    place: 'idempotency keys',
    columns: [],
    mentions: ['idempotency_keys.response_body', 'idempotency_keys.response_headers'],
    async erase(trx, s) {
      const forms = storedForms(s.values);
      if (forms.length === 0) return 0;
      const rows = await repo.candidates(trx, s.accountId, forms);
      const mentioning = rows.filter((r) => [r.response_body, r.response_headers].some((text) => text !== null && redactText(text, forms) !== text));
      return repo.deleteRows(trx, s.accountId, mentioning.map((r) => r.id));
    },
  }];
}
