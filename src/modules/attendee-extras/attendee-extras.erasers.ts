import { redactMentions, storedForms, type Eraser } from '../privacy/index.js';
import type { AttendeeExtrasRepository } from './attendee-extras.repository.js';

// Internal-information answers are written about the attendee: cleared with its contact; another attendee's answer
// that quotes the contact is redacted where the contact's values appear.
export function attendeeExtrasErasers(repo: AttendeeExtrasRepository): Eraser[] {
  return [
    { place: 'attendee internal information', columns: ['attendee_internal_answers.value'], erase: (trx, s, now) => repo.clearAnswersOf(s.accountId, s.contactIds, now, trx) },
    {
      place: 'attendee internal information mentioning the contacts',
      columns: [],
      mentions: ['attendee_internal_answers.value'],
      erase: (trx, s, now) => redactMentions(trx, { table: 'attendee_internal_answers', columns: ['value'], audited: true }, s.accountId, storedForms(s.identifying), now),
    },
  ];
}
