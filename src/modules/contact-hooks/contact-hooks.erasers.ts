import { redactMentions, redactText, storedForms, type Eraser } from '../privacy/index.js';
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
      columns: [],
      async erase(trx, s) {
        const forms = storedForms(s.values);
        const rows = await repo.attemptsOfContacts(trx, s.accountId, s.contactIds);
        for (const r of rows) if (r.error !== null) await repo.setAttemptError(trx, s.accountId, r.id, redactText(r.error, forms));
        return rows.length;
      },
    },
    {
      place: 'contact hook transactions',
      columns: ['contact_hook_transactions.contact_id'],
      async erase(trx, s, now) {
        const forms = storedForms(s.values);
        const rows = await repo.transactionsOfContacts(trx, s.accountId, s.contactIds);
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
    {
      // Errors and merge results of other contacts' callbacks (notifications to a hook) may quote these contacts:
      // every form of their values, name parts included, as in copies of their words elsewhere.
      place: 'contact hook logs mentioning the contacts',
      columns: [],
      mentions: ['contact_hook_transactions.last_error', 'contact_hook_transactions.merge_result', 'contact_hook_attempts.error'],
      async erase(trx, s, now) {
        const forms = storedForms(s.values);
        return (await redactMentions(trx, { table: 'contact_hook_transactions', columns: ['last_error', 'merge_result'] }, s.accountId, forms, now))
          + (await redactMentions(trx, { table: 'contact_hook_attempts', columns: ['error'] }, s.accountId, forms, now));
      },
    },
  ];
}
