import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import { QUESTIONS_LIST, choicesList } from './event-questions.filters.js';
import {
  ChoiceInputSchema, ChoicePageSchema, ChoiceParamsSchema, ChoiceSchema, ChoicesQuerySchema, QuestionInputSchema, QuestionPageSchema, QuestionParamsSchema,
  QuestionSchema, QuestionsQuerySchema,
} from './event-questions.schemas.js';
import type { QuestionsService } from './event-questions.service.js';

const NoContent = (description: string) => Type.Null({ description });
const EXTENSION = 'An eventline extension: the reference only reads event questions (DESIGN rule 11).';

export function questionsRoutes(questions: QuestionsService) {
  return operations((op) => {
    op.list('getEventQuestions', {
      description: 'The questions of the account\'s events, in creation order. Filterable (the reference\'s list): event.id (eq|ne), id (eq|ne), code (eq|ne), '
        + 'tag (eq|ne), created and lastModified (eq|ne|lt|le|gt|ge). `after` / `before` bound lastModified.',
      query: QuestionsQuerySchema, page: QuestionPageSchema, filterOperationId: null,
      filters: QUESTIONS_LIST.filters,
      list: (auth, query) => questions.list(auth.accountId, query),
    });

    op.list('getChoicesForQuestion', {
      description: 'The question\'s choices, in their order. Filterable: text (eq), combined with or.',
      params: QuestionParamsSchema, query: ChoicesQuerySchema, page: ChoicePageSchema, filterOperationId: null,
      filters: choicesList('').filters,
      list: (auth, query, params) => questions.choices(auth.accountId, params.questionId, query),
    });

    op('createEventQuestion', {
      description: `Adds a question to an event of the account (unknown event, or a session of another event: 400). ${EXTENSION}`,
      body: QuestionInputSchema, response: { 201: QuestionSchema },
    }, async ({ auth, body }) => questions.create(auth, body));

    op('updateEventQuestion', {
      description: `Replaces the question's fields; its event and type cannot change (400), its choices stay. ${EXTENSION}`,
      params: QuestionParamsSchema, body: QuestionInputSchema, response: { 200: QuestionSchema },
    }, async ({ auth, params, body }) => questions.update(auth, params.questionId, body));

    op('deleteEventQuestion', { description: `Deletes the question with its choices. ${EXTENSION}`, params: QuestionParamsSchema, response: { 204: NoContent('Deleted.') } },
      async ({ auth, params }) => questions.delete(auth, params.questionId).then(() => null));

    op('createEventQuestionChoice', {
      description: `Adds a choice at the end of a SingleChoice, MultiChoice or matrix question's choices (text unique in the question; another type: 400). ${EXTENSION}`,
      params: QuestionParamsSchema, body: ChoiceInputSchema, response: { 201: ChoiceSchema },
    }, async ({ auth, params, body }) => questions.createChoice(auth, params.questionId, body));

    op('updateEventQuestionChoice', {
      description: `Replaces the choice's text and type. ${EXTENSION}`, params: ChoiceParamsSchema, body: ChoiceInputSchema, response: { 200: ChoiceSchema },
    }, async ({ auth, params, body }) => questions.updateChoice(auth, params.questionId, params.choiceId, body));

    op('deleteEventQuestionChoice', { description: `Removes the choice. ${EXTENSION}`, params: ChoiceParamsSchema, response: { 204: NoContent('Deleted.') } },
      async ({ auth, params }) => questions.deleteChoice(auth, params.questionId, params.choiceId).then(() => null));
  });
}
