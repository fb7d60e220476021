import { Type } from 'typebox';
import type { Operations } from '../../http/operations.js';
import type { ExhibitorQuestionsService } from './exhibitor-questions.service.js';
import { AnswerListSchema, AnswersRequestSchema, QuestionInputSchema, QuestionListSchema, QuestionParamsSchema, QuestionSchema } from './exhibitor-questions.schemas.js';
import { EventParamsSchema, ExhibitorParamsSchema } from './team.schemas.js';

const lc = (s: string): string => s.toLowerCase();
// DESIGN rule 11: the reference only reads exhibitor questions; writing them is a documented extension.
const EXTENSION_NOTE = 'eventline extension (the reference only reads exhibitor questions).';

/** Exhibitor questions of an event, and an exhibitor's answers (the Exhibitor tag). */
export function declareQuestionOperations(op: Operations, questions: ExhibitorQuestionsService): void {
  op('getExhibitorQuestions', {
    description: 'The exhibitor questions of the event, by displayOrder (the order they were created). An event of another account is 404.',
    params: EventParamsSchema, response: { 200: QuestionListSchema },
  }, async ({ auth, params }) => questions.listQuestions(auth.accountId, lc(params.id)));

  op('createExhibitorQuestion', {
    description: `${EXTENSION_NOTE} Adds a question at the end of the event's list. Choice questions (MultiChoice, SingleChoice) need choices and may `
      + 'have otherAnswer and notApplicableAnswer; answerFormat and answerLimits must suit the type (400 otherwise, naming the field). '
      + 'A code is unique within the event (409).',
    params: EventParamsSchema, body: QuestionInputSchema, response: { 201: QuestionSchema },
  }, async ({ auth, params, body }) => questions.createQuestion(auth, lc(params.id), body));

  op('updateExhibitorQuestion', {
    description: `${EXTENSION_NOTE} Replaces the question (the same rules as creating one). A choice sent with its id keeps it, and the answers that `
      + 'chose it; an id the question does not have is 400. A change that exhibitors\' stored answers would no longer satisfy (a removed choice '
      + 'they chose, a new type, tighter limits) is 409: change or clear those answers first.',
    params: QuestionParamsSchema, body: QuestionInputSchema, response: { 200: QuestionSchema },
  }, async ({ auth, params, body }) => questions.updateQuestion(auth, lc(params.id), lc(params.questionId), body));

  op('deleteExhibitorQuestion', {
    description: `${EXTENSION_NOTE} Deletes the question and every exhibitor's answer to it.`,
    params: QuestionParamsSchema, response: { 204: Type.Null({ description: 'Deleted the exhibitor question.' }) },
  }, async ({ auth, params }) => questions.deleteQuestion(auth.accountId, lc(params.id), lc(params.questionId)).then(() => null));

  op('getExhibitorAnswers', {
    description: 'The exhibitor\'s answers, in the questions\' order (unanswered questions are not listed). A Choice answer carries the choice\'s text as `value`.',
    params: ExhibitorParamsSchema, response: { 200: AnswerListSchema },
  }, async ({ auth, params }) => questions.listAnswers(auth.accountId, lc(params.id), lc(params.exhibitorId)));

  op('updateExhibitorAnswers', {
    description: 'Sets the answers to the questions listed in `data` (one entry per question; an empty `answers` clears it; questions not listed keep '
      + 'their answers) and returns all of the exhibitor\'s answers. Each answer is checked against its question: Choice answers name one of its '
      + 'choices (SingleChoice: one; MultiChoice: within minSelections-maxSelections), Other and NA only where the question offers them, Text only for '
      + 'open-ended questions, within minLength-maxLength (one-line: 250 unless less), in the answerFormat (EmailAddress, PhoneNumber, Date, '
      + 'DateAndTime). A wrong answer is 400 naming the question, and nothing is stored. Required questions may be skipped, as the reference says.',
    params: ExhibitorParamsSchema, body: AnswersRequestSchema, response: { 200: AnswerListSchema },
  }, async ({ auth, params, body }) => questions.putAnswers(auth, lc(params.id), lc(params.exhibitorId), body));
}
