import type { AttendeesService } from '../attendees/index.js';
import { redactMentions, storedForms, type Eraser } from '../privacy/index.js';
import type { AttendeeLinksRepository } from './attendee-links.repository.js';

/** One eraser per place this module keeps personal data (DESIGN style 9): the join links of the contact's attendees. */
export function webcastsErasers(links: AttendeeLinksRepository, attendees: Pick<AttendeesService, 'contactAttendeeIds'>): Eraser[] {
  return [{
    place: 'attendee_links',
    columns: ['attendee_links.source_id', 'attendee_links.join_href', 'attendee_links.join_code'],
    async erase(trx, s, now) {
      const attendeeIds = await attendees.contactAttendeeIds(s.accountId, s.contactIds, trx);
      // A join href can carry a personal token: it is emptied, and the link cannot be used again.
      // The audit columns record the erasure: it is the last writer.
      return links.clearJoinLinks(trx, s.accountId, attendeeIds, now, 'obfuscation');
    },
  }, {
    // Links are a provider's or client's text: anyone's may carry these contacts' email or name (a prefilled join URL).
    place: 'attendee_links mentioning the contacts',
    columns: [],
    mentions: ['attendee_links.source_id', 'attendee_links.join_href', 'attendee_links.join_code'],
    erase: (trx, s, now) => redactMentions(trx, { table: 'attendee_links', columns: ['source_id', 'join_href', 'join_code'], audited: true }, s.accountId, storedForms(s.identifying), now),
  }];
}
