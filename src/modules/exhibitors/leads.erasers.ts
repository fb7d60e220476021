import type { AttendeesService } from '../attendees/index.js';
import { ERASED_BY, REDACTED, redactMentions, redactText, storedForms, type Eraser } from '../privacy/index.js';
import type { LeadsRepository } from './leads.repository.js';
import { documentsColumn } from './leads.service.js';
import type { Answer } from './qualification.schemas.js';
import { answersColumn } from './qualification.service.js';

/** A lead's copy of the scanned person's contact details. */
const CONTACT_COPY = ['title', 'first_name', 'last_name', 'email', 'company', 'mobile_phone', 'home_address', 'home_phone', 'work_address', 'work_phone'] as const;

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** An answer with its written text replaced: the choice made stays (the exhibitor's own words), what the lead said goes. */
const withoutText = (a: Answer): Answer => (a.value !== undefined ? { ...a, value: REDACTED } : a);

/**
 * One eraser per place leads keep personal data (DESIGN style 9). The erased
 * contact's own leads (one typed in by hand with the contact's email too) lose the contact copy (cleared), their notes and the
 * text of their answers (replaced); the lead, its choices and its ids stay, so
 * the exhibitor's counts stay right. Anywhere else in the account (other
 * leads' notes, answers, device names, requested documents' names) the
 * contact's values are redacted where they appear; in other leads' contact
 * details (a lead typed in by hand, not linked to the contact) its identifying
 * values (email, full name, phones) are.
 */
export function leadsErasers(repo: LeadsRepository, attendees: Pick<AttendeesService, 'contactAttendeeIds'>): Eraser[] {
  return [
    {
      place: 'leads of the contact',
      columns: CONTACT_COPY.map((c) => `leads.${c}`),
      async erase(trx, s, now) {
        // A lead typed in by hand with one of the contacts' email addresses is theirs too.
        const emails = s.identifying.filter((v) => EMAIL.test(v));
        const own = await repo.leadsOfContacts(trx, s.accountId, s.contactIds, await attendees.contactAttendeeIds(s.accountId, s.contactIds, trx), emails);
        for (const lead of own) {
          await repo.updateLead(s.accountId, lead.id, {
            contact_id: null, title: null, first_name: null, last_name: null, email: null, company: null, mobile_phone: null,
            home_address: null, home_phone: null, work_address: null, work_phone: null,
            comments: lead.comments !== null ? REDACTED : null, device_name: lead.device_name !== null ? redactText(lead.device_name, storedForms(s.values)) : null,
            last_modified: now, last_modified_by: ERASED_BY,
          }, trx);
        }
        let changed = own.length;
        for (const r of await repo.answersOfLeads(trx, s.accountId, own.map((l) => l.id))) {
          const answers = JSON.stringify(answersColumn(r.answers).map(withoutText));
          if (answers !== r.answers) {
            await repo.setAnswers(trx, r.id, answers, now);
            changed += 1;
          }
        }
        return changed;
      },
    },
    {
      // Identifying values only: another lead's first name may well be the contact's first name.
      place: 'lead contact details mentioning the contact',
      columns: [],
      mentions: CONTACT_COPY.map((c) => `leads.${c}`),
      erase: (trx, s, now) => redactMentions(trx, { table: 'leads', columns: CONTACT_COPY, audited: true }, s.accountId, storedForms(s.identifying), now),
    },
    {
      place: 'lead notes, answers and e-literature mentioning the contact',
      columns: [],
      mentions: ['leads.comments', 'leads.device_name', 'lead_qualification_answers.answers', 'eliterature_requests.documents'],
      async erase(trx, s, now) {
        const forms = storedForms(s.values);
        if (forms.length === 0) return 0;
        let changed = 0;
        for (const r of await repo.leadsMentioning(trx, s.accountId, forms)) {
          const comments = r.comments !== null ? redactText(r.comments, forms) : null;
          const deviceName = r.device_name !== null ? redactText(r.device_name, forms) : null;
          if (comments === r.comments && deviceName === r.device_name) continue;
          await repo.updateLead(s.accountId, r.id, { comments, device_name: deviceName, last_modified: now, last_modified_by: ERASED_BY }, trx);
          changed += 1;
        }
        for (const r of await repo.answersMentioning(trx, s.accountId, forms)) {
          const answers = JSON.stringify(answersColumn(r.answers).map((a) => (a.value !== undefined ? { ...a, value: redactText(a.value, forms) } : a)));
          if (answers === r.answers) continue;
          await repo.setAnswers(trx, r.id, answers, now);
          changed += 1;
        }
        for (const r of await repo.eliteratureMentioning(trx, s.accountId, forms)) {
          const documents = JSON.stringify(documentsColumn(r.documents).map((d) => ({ ...d, displayName: redactText(d.displayName, forms) })));
          if (documents === r.documents) continue;
          await repo.setDocuments(trx, r.id, documents, now);
          changed += 1;
        }
        return changed;
      },
    },
  ];
}
