import { ERASED_BY, REDACTED, type Eraser } from '../privacy/index.js';
import type { TeamRepository } from './team.repository.js';

const fold = (s: string): string => s.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');

/**
 * Exhibitor admins are people, but not linked to a contact: an admin whose
 * email, or whose full name (either order), is one of the erased contact's
 * values is that person, and all of its fields are replaced (the names by
 * `[obfuscated]`, the email by an address of the reserved `.invalid` domain
 * built from the row's id, so the response stays a valid admin and nothing maps back).
 * Booth staff rows hold ids only and are kept: the attendee they point at is
 * obfuscated by the attendees module, and leads scanned by that staff member
 * keep their booth staff.
 */
export function teamErasers(repo: TeamRepository): Eraser[] {
  return [{
    place: 'exhibitor admins',
    columns: ['exhibitor_admins.first_name', 'exhibitor_admins.last_name', 'exhibitor_admins.email', 'exhibitor_admins.email_key'],
    async erase(trx, s, now) {
      const values = new Set(s.values.map(fold).filter((v) => v.length >= 3));
      if (values.size === 0) return 0;
      let changed = 0;
      for (const a of await repo.adminsOfAccount(trx, s.accountId)) {
        const first = fold(a.first_name);
        const last = fold(a.last_name);
        const isSubject = values.has(fold(a.email)) || values.has(`${first} ${last}`) || values.has(`${last} ${first}`) || values.has(`${last}, ${first}`);
        if (!isSubject) continue;
        const email = `erased-${a.id}@obfuscated.invalid`;
        await repo.updateAdmin(s.accountId, a.id, {
          first_name: REDACTED, last_name: REDACTED, email, email_key: email, last_modified: now, last_modified_by: ERASED_BY,
        }, trx);
        changed += 1;
      }
      return changed;
    },
  }];
}
