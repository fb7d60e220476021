import { Type } from 'typebox';
import { oauth, requireAuth } from '../../http/auth.js';
import { errorResponses } from '../../http/responses.js';
import type { TypedApp } from '../../http/routes.js';
import type { ExhibitorQuestionsService } from './exhibitor-questions.service.js';
import { AnswerListSchema, AnswersRequestSchema, QuestionInputSchema, QuestionListSchema, QuestionParamsSchema, QuestionSchema } from './exhibitor-questions.schemas.js';
import { EventParamsSchema, ExhibitorParamsSchema } from './team.schemas.js';

const tags = ['Exhibitor'];
const lc = (s: string): string => s.toLowerCase();
// DESIGN rule 11: the reference only reads exhibitor questions; writing them is a documented extension.
const extension = { 'x-eventline-extension': true };
const EXTENSION_NOTE = 'eventline extension (the reference only reads exhibitor questions).';

/** Exhibitor questions of an event, and an exhibitor's answers (the Exhibitor tag). */
export function declareQuestionRoutes(app: TypedApp, questions: ExhibitorQuestionsService): void {
  app.get('/events/:id/exhibitor-questions', {
    schema: {
      tags, operationId: 'getExhibitorQuestions', summary: 'List Exhibitor Questions', security: oauth('exhibitor/exhibitor-questions:read'),
      description: 'The exhibitor questions of the event, by displayOrder (the order they were created). An event of another account is 404.',
      params: EventParamsSchema, response: { 200: QuestionListSchema, ...errorResponses(400, 401, 403, 404, 429) },
    },
  }, async (request) => questions.listQuestions(requireAuth(request).accountId, lc(request.params.id)));

  app.post('/events/:id/exhibitor-questions', {
    schema: {
      tags, ...extension, operationId: 'createExhibitorQuestion', summary: 'Create Exhibitor Question (eventline extension)',
      security: oauth('exhibitor/exhibitor-questions:write'),
      description: `${EXTENSION_NOTE} Adds a question at the end of the event's list. Choice questions (MultiChoice, SingleChoice) need choices and may `
        + 'have otherAnswer and notApplicableAnswer; answerFormat and answerLimits must suit the type (400 otherwise, naming the field). '
        + 'A code is unique within the event (409).',
      params: EventParamsSchema, body: QuestionInputSchema, response: { 201: QuestionSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
    },
  }, async (request, reply) => reply.code(201).send(await questions.createQuestion(requireAuth(request), lc(request.params.id), request.body)));

  app.put('/events/:id/exhibitor-questions/:questionId', {
    schema: {
      tags, ...extension, operationId: 'updateExhibitorQuestion', summary: 'Update Exhibitor Question (eventline extension)',
      security: oauth('exhibitor/exhibitor-questions:write'),
      description: `${EXTENSION_NOTE} Replaces the question (the same rules as creating one). A choice sent with its id keeps it, and the answers that `
        + 'chose it; an id the question does not have is 400. A change that exhibitors\' stored answers would no longer satisfy (a removed choice '
        + 'they chose, a new type, tighter limits) is 409: change or clear those answers first.',
      params: QuestionParamsSchema, body: QuestionInputSchema, response: { 200: QuestionSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
    },
  }, async (request) => questions.updateQuestion(requireAuth(request), lc(request.params.id), lc(request.params.questionId), request.body));

  app.delete('/events/:id/exhibitor-questions/:questionId', {
    schema: {
      tags, ...extension, operationId: 'deleteExhibitorQuestion', summary: 'Delete Exhibitor Question (eventline extension)',
      security: oauth('exhibitor/exhibitor-questions:write'),
      description: `${EXTENSION_NOTE} Deletes the question and every exhibitor's answer to it.`,
      params: QuestionParamsSchema,
      response: { 204: Type.Null({ description: 'Deleted the exhibitor question.' }), ...errorResponses(400, 401, 403, 404, 429) },
    },
  }, async (request, reply) => {
    await questions.deleteQuestion(requireAuth(request).accountId, lc(request.params.id), lc(request.params.questionId));
    return reply.code(204).send(null);
  });

  app.get('/events/:id/exhibitors/:exhibitorId/exhibitor-answers', {
    schema: {
      tags, operationId: 'getExhibitorAnswers', summary: 'List Exhibitor Answers', security: oauth('exhibitor/exhibitor-answers:read'),
      description: 'The exhibitor\'s answers, in the questions\' order (unanswered questions are not listed). A Choice answer carries the choice\'s text as `value`.',
      params: ExhibitorParamsSchema, response: { 200: AnswerListSchema, ...errorResponses(400, 401, 403, 404, 429) },
    },
  }, async (request) => questions.listAnswers(requireAuth(request).accountId, lc(request.params.id), lc(request.params.exhibitorId)));

  app.put('/events/:id/exhibitors/:exhibitorId/exhibitor-answers', {
    schema: {
      tags, operationId: 'updateExhibitorAnswers', summary: 'Update Exhibitor Answers', security: oauth('exhibitor/exhibitor-answers:write'),
      description: 'Sets the answers to the questions listed in `data` (one entry per question; an empty `answers` clears it; questions not listed keep '
        + 'their answers) and returns all of the exhibitor\'s answers. Each answer is checked against its question: Choice answers name one of its '
        + 'choices (SingleChoice: one; MultiChoice: within minSelections-maxSelections), Other and NA only where the question offers them, Text only for '
        + 'open-ended questions, within minLength-maxLength (one-line: 250 unless less), in the answerFormat (EmailAddress, PhoneNumber, Date, '
        + 'DateAndTime). A wrong answer is 400 naming the question, and nothing is stored. Required questions may be skipped, as the reference says.',
      params: ExhibitorParamsSchema, body: AnswersRequestSchema, response: { 200: AnswerListSchema, ...errorResponses(400, 401, 403, 404, 429) },
    },
  }, async (request) => questions.putAnswers(requireAuth(request), lc(request.params.id), lc(request.params.exhibitorId), request.body));
}
