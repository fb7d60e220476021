import { ERASED_BY, quotedTextEraser, type Eraser } from '../privacy/index.js';
import type { QuestionsRepository } from './exhibitor-questions.repository.js';

/**
 * Exhibitors' answers are free text an exhibitor typed (a contact person's
 * name, email or phone in a one-line answer): the erased contact's values are
 * redacted where they appear, in any case (NFKC folding); the rest of the
 * answer stays. Choice answers hold choice ids only.
 */
export function questionsErasers(repo: QuestionsRepository): Eraser[] {
  return [quotedTextEraser({
    place: 'exhibitor answers',
    mention: 'exhibitor_answers.answers',
    find: (trx, accountId, forms) => repo.answersMentioning(trx, accountId, forms),
    text: (r) => r.answers,
    save: (trx, accountId, r, answers, now) => repo.setAnswers(accountId, r.id, { answers, last_modified: now, last_modified_by: ERASED_BY }, trx),
  })];
}
