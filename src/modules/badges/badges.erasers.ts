import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import type { Eraser } from '../privacy/index.js';
import type { BadgesService } from './badges.service.js';

/** What the eraser needs of the attendees module: badges and print jobs name attendees, not contacts. */
export interface AttendeesOfContacts {
  contactAttendeeIds(accountId: string, contactIds: readonly string[], trx: Transaction<Database>): Promise<string[]>;
}

/**
 * Badges hold ids only; the personal data is the rendered PDF (names, companies). A PDF that shows an erased
 * contact's attendee is handed to that contact, so the files eraser (after this one in the module list) deletes it.
 */
export function badgesErasers(badges: BadgesService, attendees: AttendeesOfContacts): Eraser[] {
  return [{
    place: 'badge print PDFs',
    columns: [],
    async erase(trx, s) {
      const attendeeIds = await attendees.contactAttendeeIds(s.accountId, s.contactIds, trx);
      const contactId = s.contactIds[0];
      return contactId === undefined ? 0 : badges.releaseFiles(trx, s.accountId, contactId, attendeeIds);
    },
  }];
}
