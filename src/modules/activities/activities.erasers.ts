import type { AttendeesService } from '../attendees/index.js';
import { REDACTED, redactText, setTexts, storedForms, type Eraser } from '../privacy/index.js';
import type { ActivitiesRepository } from './activities.repository.js';
import { externalDetailsColumn } from './activities.service.js';
import { EXTERNAL_TYPES, type ActivityType } from './activities.table.js';

const isExternal = (type: ActivityType): boolean => (EXTERNAL_TYPES as readonly string[]).includes(type);

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
      const ownIds = new Set(own.map((r) => r.id));
      const changed: Array<{ id: string; text: string }> = [];
      for (const r of own) {
        let details = r.details;
        if (isExternal(r.type)) {
          const data = externalDetailsColumn(r.details);
          const fields = Object.fromEntries(Object.keys(data.additionalFields ?? {}).map((k) => [k, REDACTED]));
          details = JSON.stringify({ ...data, additionalFields: fields });
        }
        details = redactText(details, forms);
        if (details !== r.details) changed.push({ id: r.id, text: details });
      }
      if (forms.length > 0) {
        for (const r of await repo.mentioning(trx, s.accountId, forms)) {
          if (ownIds.has(r.id)) continue;
          const details = redactText(r.details, forms);
          if (details !== r.details) changed.push({ id: r.id, text: details });
        }
      }
      await setTexts(trx, 'attendee_activities', 'details', s.accountId, changed);
      return changed.length;
    },
  }];
}
