import type { AttendeesService } from '../attendees/index.js';
import type { Eraser } from '../privacy/index.js';
import type { AttendeeLinksRepository } from './attendee-links.repository.js';

// Audit columns name the erasure as the last writer.
const ERASED_BY = 'obfuscation';

/** One eraser per place this module keeps personal data (DESIGN style 9): the join links of the contact's attendees. */
export function webcastsErasers(links: AttendeeLinksRepository, attendees: Pick<AttendeesService, 'contactAttendeeIds'>): Eraser[] {
  return [
    {
      place: 'attendee_links',
      // A join href can carry a personal token: it is emptied, and the link cannot be used again.
      async erase(trx, s, now) {
        return links.clearJoinLinks(trx, s.accountId, await attendees.contactAttendeeIds(s.accountId, s.contactId, trx), now, ERASED_BY);
      },
    },
  ];
}
