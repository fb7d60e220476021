import type { AttendeesService } from '../attendees/index.js';
import { REDACTED, redactedTexts, setTexts, storedForms, type Eraser } from '../privacy/index.js';
import type { ActivitiesRepository } from './activities.repository.js';
import { externalDetailsColumn } from './activities.service.js';
import { EXTERNAL_TYPES, type ActivityType } from './activities.table.js';

const isExternal = (type: ActivityType): boolean => (EXTERNAL_TYPES as readonly string[]).includes(type);

/** An activity of the contact's own as the eraser leaves it: an external one's additional fields are all replaced. */
function ownDetails(r: { type: ActivityType; details: string }): string {
  if (!isExternal(r.type)) return r.details;
  const data = externalDetailsColumn(r.details);
  const fields = Object.fromEntries(Object.keys(data.additionalFields ?? {}).map((k) => [k, REDACTED]));
  return JSON.stringify({ ...data, additionalFields: fields });
}

/**
 * One eraser for the journal (DESIGN style 9). Activities name people by ids
 * only, which stay (counts and scores stay right; the ids lead to the erased
 * contact). What a client wrote into an external activity's additional fields
 * is free text: for the contact's own activities every value is replaced, and
 * in anyone's activities the contact's values are redacted where they appear.
 */
export function activitiesErasers(repo: ActivitiesRepository, attendees: Pick<AttendeesService, 'contactAttendeeIds'>): Eraser[] {
  return [{
    place: 'attendee_activities',
    columns: [],
    mentions: ['attendee_activities.details'],
    async erase(trx, s) {
      const forms = storedForms(s.values);
      const own = await repo.ofContacts(trx, s.accountId, s.contactIds, await attendees.contactAttendeeIds(s.accountId, s.contactIds, trx));
      const changed = await redactedTexts(forms, { rows: own, text: (r) => r.details, redactOwn: ownDetails }, {
        mentioning: () => repo.mentioning(trx, s.accountId, forms), text: (r) => r.details,
      });
      await setTexts(trx, 'attendee_activities', 'details', s.accountId, changed);
      return changed.length;
    },
  }];
}
