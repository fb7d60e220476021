import { ERASED_BY, redactEach, redactText, storedForms, type Eraser } from '../privacy/index.js';
import type { QuestionsRepository } from './exhibitor-questions.repository.js';

/**
 * Exhibitors' answers are free text an exhibitor typed (a contact person's
 * name, email or phone in a one-line answer): the erased contact's values are
 * redacted where they appear, in any case (NFKC folding); the rest of the
 * answer stays. Choice answers hold choice ids only.
 */
export function questionsErasers(repo: QuestionsRepository): Eraser[] {
  return [{
    place: 'exhibitor answers',
    columns: [],
    mentions: ['exhibitor_answers.answers'],
    async erase(trx, s, now) {
      const forms = storedForms(s.values);
      return redactEach(forms, () => repo.answersMentioning(trx, s.accountId, forms), (r) => {
        const answers = redactText(r.answers, forms);
        return answers === r.answers ? undefined : answers;
      }, (r, answers) => repo.setAnswers(s.accountId, r.id, { answers, last_modified: now, last_modified_by: ERASED_BY }, trx));
    },
  }];
}
