import { ERASED_BY, REDACTED, redactText, storedForms, type Eraser } from '../privacy/index.js';
import type { TeamRepository } from './team.repository.js';

const fold = (s: string): string => s.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');

/**
 * Exhibitor admins are people, but not linked to a contact: an admin whose
 * email, or whose full name (either order), is one of the erased contact's
 * values is that person, and all of its fields are replaced (the names by
 * `[obfuscated]`, the email by an address of the reserved `.invalid` domain
 * built from the row's id, so the response stays a valid admin and nothing maps back).
 * In any other admin, the contact's identifying values (email, full name,
 * phones) are redacted where they appear, and an email that held one is
 * replaced the same way.
 * Booth staff rows hold ids only and are kept: the attendee they point at is
 * obfuscated by the attendees module, and leads scanned by that staff member
 * keep their booth staff.
 */
export function teamErasers(repo: TeamRepository): Eraser[] {
  return [{
    place: 'exhibitor admins',
    columns: ['exhibitor_admins.first_name', 'exhibitor_admins.last_name', 'exhibitor_admins.email', 'exhibitor_admins.email_key'],
    // email_key is the email folded: searched (and replaced) with it.
    mentions: ['exhibitor_admins.first_name', 'exhibitor_admins.last_name', 'exhibitor_admins.email', 'exhibitor_admins.email_key'],
    async erase(trx, s, now) {
      const values = new Set(s.values.map(fold).filter((v) => v.length >= 3));
      const forms = storedForms(s.identifying);
      if (values.size === 0 && forms.length === 0) return 0;
      let changed = 0;
      for (const a of await repo.adminsOfAccount(trx, s.accountId)) {
        const first = fold(a.first_name);
        const last = fold(a.last_name);
        const isSubject = values.has(fold(a.email)) || values.has(`${first} ${last}`) || values.has(`${last} ${first}`) || values.has(`${last}, ${first}`);
        const erased = `erased-${a.id}@obfuscated.invalid`;
        if (isSubject) {
          await repo.updateAdmin(s.accountId, a.id, {
            first_name: REDACTED, last_name: REDACTED, email: erased, email_key: erased, last_modified: now, last_modified_by: ERASED_BY,
          }, trx);
          changed += 1;
          continue;
        }
        const firstName = redactText(a.first_name, forms);
        const lastName = redactText(a.last_name, forms);
        const email = redactText(a.email, forms) === a.email ? a.email : erased;
        if (firstName === a.first_name && lastName === a.last_name && email === a.email) continue;
        await repo.updateAdmin(s.accountId, a.id, {
          first_name: firstName, last_name: lastName, ...(email !== a.email ? { email, email_key: email } : {}), last_modified: now, last_modified_by: ERASED_BY,
        }, trx);
        changed += 1;
      }
      return changed;
    },
  }];
}
