import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { redactMentions, storedForms, type Eraser } from '../privacy/index.js';

// A contact's change history holds its former and current values: cleared in its own rows (the rows stay: which
// field changed, when and by whom). Another contact's history may hold them too: redacted where they appear. The
// profile-picture row goes (the files eraser deletes the file itself).
export function contactHistoryErasers(): Eraser[] {
  return [
    {
      place: 'contact history',
      columns: ['contact_history.old_value', 'contact_history.new_value'],
      async erase(trx: Transaction<Database>, s) {
        const result = await trx.updateTable('contact_history').set({ old_value: null, new_value: null }).where('account_id', '=', s.accountId)
          .where('contact_id', 'in', [...s.contactIds]).where((w) => w.or([w('old_value', 'is not', null), w('new_value', 'is not', null)])).executeTakeFirst();
        return Number(result.numUpdatedRows);
      },
    },
    {
      place: 'contact history mentioning the contacts',
      columns: [],
      mentions: ['contact_history.old_value', 'contact_history.new_value'],
      erase: (trx, s, now) => redactMentions(trx, { table: 'contact_history', columns: ['old_value', 'new_value'] }, s.accountId, storedForms(s.identifying), now),
    },
    {
      place: 'contact profile pictures',
      columns: [],
      async erase(trx: Transaction<Database>, s) {
        const result = await trx.deleteFrom('contact_profile_images').where('account_id', '=', s.accountId).where('contact_id', 'in', [...s.contactIds]).executeTakeFirst();
        return Number(result.numDeletedRows);
      },
    },
  ];
}
