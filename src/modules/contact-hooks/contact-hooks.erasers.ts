import { redactText, storedForms, type Eraser } from '../privacy/index.js';
import { FINAL_STATUSES, type ContactHooksRepository } from './contact-hooks.repository.js';

/**
 * The places this module keeps personal data (DESIGN style 9): a transaction
 * names its contact, and its errors and merge result are free text. The log
 * keeps its rows (status, attempts, durations) but not whose they were. The
 * attempts' eraser comes first: it finds them through the transactions' contact.
 */
export function contactHooksErasers(repo: ContactHooksRepository): readonly Eraser[] {
  return [
    {
      place: 'contact hook delivery attempts',
      async erase(trx, s) {
        const forms = storedForms(s.values);
        const rows = await repo.attemptsOfContact(trx, s.accountId, s.contactId);
        for (const r of rows) if (r.error !== null) await repo.setAttemptError(trx, s.accountId, r.id, redactText(r.error, forms));
        return rows.length;
      },
    },
    {
      place: 'contact hook transactions',
      async erase(trx, s, now) {
        const forms = storedForms(s.values);
        const rows = await repo.transactionsOfContact(trx, s.accountId, s.contactId);
        for (const r of rows) {
          const open = !FINAL_STATUSES.includes(r.status);
          await repo.forgetContact(trx, s.accountId, r.id, {
            last_error: open ? 'cancelled: the contact was obfuscated' : r.last_error === null ? null : redactText(r.last_error, forms),
            merge_result: r.merge_result === null ? null : redactText(r.merge_result, forms),
            // A callback not yet made is never made: its job finds no contact.
            ...(open ? { status: 'cancelled', finished_at: now } : {}),
            last_modified: now,
          });
        }
        return rows.length;
      },
    },
  ];
}
