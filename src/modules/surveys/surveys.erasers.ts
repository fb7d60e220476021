import type { AttendeesService } from '../attendees/index.js';
import { REDACTED, redactMentions, redactedTexts, setTexts, storedForms, type Eraser } from '../privacy/index.js';
import type { SurveysRepository } from './surveys.repository.js';
import type { Answer } from './surveys.schemas.js';

/** What a respondent wrote themselves: every value but the rank or amount of a Choice. */
function redactOwn(answers: string): string {
  const parsed = JSON.parse(answers) as Answer[];
  return JSON.stringify(parsed.map((a) => (a.value !== undefined && a.type !== 'Choice' ? { ...a, value: REDACTED } : a)));
}

/**
 * One eraser per place (DESIGN style 9). The contact's respondents (as the
 * contact, or as one of its attendees) lose their reference, source and
 * transaction ids; every value they typed in a response is replaced (choices,
 * ids, counts stay, so results stay right); and anyone's answers that quote
 * the contact are redacted where they do.
 */
export function surveysErasers(repo: SurveysRepository, attendees: Pick<AttendeesService, 'contactAttendeeIds'>): Eraser[] {
  return [
    {
      place: 'survey_respondents',
      columns: ['survey_respondents.reference_id', 'survey_respondents.source_id', 'survey_respondents.transaction_id'],
      async erase(trx, s, now) {
        const attendeeIds = await attendees.contactAttendeeIds(s.accountId, s.contactIds, trx);
        return (await repo.clearRespondentsOf(trx, s.accountId, s.contactIds, attendeeIds, now)).length;
      },
    },
    {
      // A respondent's ids are a client's text: anyone's may carry these contacts' email (an id typed by hand).
      place: 'survey_respondents mentioning the contacts',
      columns: [],
      mentions: ['survey_respondents.reference_id', 'survey_respondents.source_id', 'survey_respondents.transaction_id'],
      erase: (trx, s, now) => redactMentions(trx, { table: 'survey_respondents', columns: ['reference_id', 'source_id', 'transaction_id'], audited: true }, s.accountId, storedForms(s.identifying), now),
    },
    {
      place: 'survey_responses',
      columns: [],
      mentions: ['survey_responses.answers'],
      async erase(trx, s, now) {
        const forms = storedForms(s.values);
        const attendeeIds = await attendees.contactAttendeeIds(s.accountId, s.contactIds, trx);
        // Idempotent: clearing the respondents again changes nothing new, and yields their ids.
        const respondents = await repo.clearRespondentsOf(trx, s.accountId, s.contactIds, attendeeIds, now);
        const own = await repo.responsesOfRespondents(trx, s.accountId, respondents);
        const changed = await redactedTexts(forms, { rows: own, text: (r) => r.answers, redactOwn: (r) => redactOwn(r.answers) }, {
          mentioning: () => repo.responsesMentioning(trx, s.accountId, forms), text: (r) => r.answers,
        });
        await setTexts(trx, 'survey_responses', 'answers', s.accountId, changed);
        return changed.length;
      },
    },
  ];
}
