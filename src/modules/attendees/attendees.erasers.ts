import { ERASED_BY, redactMentions, redactText, setTexts, storedForms, type Eraser } from '../privacy/index.js';
import type { AttendeesRepository } from './attendees.repository.js';

/** The places the attendees module keeps personal data (pretix's shredder model, DESIGN style 9). */
export function attendeesErasers(repo: AttendeesRepository): readonly Eraser[] {
  return [{
    place: 'attendees',
    columns: ['attendees.reference_id', 'attendees.note'],
    async erase(trx, s, now) {
      // The embedded contact is read from the contacts row; the attendee's own free text goes.
      const rows = await repo.extrasOfContacts(s.accountId, s.contactIds, trx);
      const forms = storedForms(s.values);
      await setTexts(trx, 'attendees', 'extra', s.accountId, rows.map((r) => ({ id: r.id, text: redactText(r.extra, forms) })),
        { note: null, reference_id: null, last_modified: now, last_modified_by: ERASED_BY });
      return rows.length;
    },
  }, {
    place: 'attendees mentioning the contacts',
    columns: [],
    mentions: ['attendees.extra', 'attendees.note', 'attendees.reference_id'],
    // Anyone's attendee record may quote the contacts (a greeting, a companion's name, a planner's note, a reference typed by hand).
    erase: (trx, s, now) => redactMentions(trx, { table: 'attendees', columns: ['extra', 'note', 'reference_id'] }, s.accountId, storedForms(s.identifying), now),
  }];
}
