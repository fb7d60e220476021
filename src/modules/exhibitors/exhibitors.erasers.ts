import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { ERASED_BY, redactText, storedForms, type Eraser } from '../privacy/index.js';
import { EXHIBITOR_FREE_TEXT, type ExhibitorsRepository } from './exhibitors.repository.js';
import type { RowPatch } from '../../db/types.js';

/**
 * An exhibitor is a company, but its name, address, email and phones are often
 * a person's (a sole trader): the contact's values are redacted wherever they
 * appear there, deleted exhibitors included. An email that held one is cleared
 * (a redacted email is no email address).
 */
export function exhibitorsErasers(repo: ExhibitorsRepository): Eraser[] {
  return [{
    place: 'exhibitors',
    columns: [],
    mentions: EXHIBITOR_FREE_TEXT.map((c) => `exhibitors.${c}`),
    async erase(trx: Transaction<Database>, s, now) {
      const forms = storedForms(s.values);
      if (forms.length === 0) return 0;
      let changed = 0;
      for (const row of await repo.mentioning(trx, s.accountId, forms)) {
        const patch: Record<string, string | null> = {};
        for (const column of EXHIBITOR_FREE_TEXT) {
          const value = row[column];
          if (value === null) continue;
          const redacted = redactText(value, forms);
          if (redacted !== value) patch[column] = column === 'email' ? null : redacted;
        }
        if (Object.keys(patch).length === 0) continue;
        await repo.update(s.accountId, row.id, { ...(patch as RowPatch<'exhibitors'>), last_modified: now, last_modified_by: ERASED_BY }, trx);
        changed += 1;
      }
      return changed;
    },
  }];
}
