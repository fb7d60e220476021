import { redactMentions, storedForms, type Eraser } from '../privacy/index.js';

/**
 * Requests are people asking for an event: their answers (names, emails, phones, what they wrote) are searched for all
 * of an erased contact's values, as places that quote what people wrote; a request's name and status note, and its
 * documents' names, for the values that point at one person.
 */
export function meetingRequestErasers(): Eraser[] {
  return [
    {
      place: 'meeting request answers',
      columns: [],
      mentions: ['meeting_request_answers.value', 'meeting_request_answers.secondary_value'],
      erase: (trx, s) => redactMentions(trx, { table: 'meeting_request_answers', columns: ['value', 'secondary_value'] }, s.accountId, storedForms(s.values), ''),
    },
    {
      place: 'meeting requests',
      columns: [],
      mentions: ['meeting_requests.name', 'meeting_requests.status_note'],
      erase: (trx, s, now) => redactMentions(trx, { table: 'meeting_requests', columns: ['name', 'status_note'], audited: true }, s.accountId, storedForms(s.identifying), now),
    },
    {
      place: 'meeting request documents',
      columns: [],
      mentions: ['meeting_request_documents.name'],
      erase: (trx, s, now) => redactMentions(trx, { table: 'meeting_request_documents', columns: ['name'], audited: true }, s.accountId, storedForms(s.identifying), now),
    },
  ];
}
