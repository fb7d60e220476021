import type { Static, TObject, TSchema } from 'typebox';
import { operations } from '../../http/operations.js';
import type { FilterFields, ListQuery } from '../../lists/index.js';
import type { ResponsesService } from './responses.service.js';
import type { SurveysService } from './surveys.service.js';
import * as L from './surveys.filters.js';
import * as S from './surveys.schemas.js';

// DESIGN rule 11: write operations the reference lacks are documented extensions (marked so in src/contract/extensions.json).
const EXTENSION_NOTE = 'eventline extension (the reference only reads survey definitions).';
const NEW_QUESTION = `${EXTENSION_NOTE} Appends a question; eventline gives ids to its choices, categories, sub categories and fields. `
  + 'A LargeChoices question takes its choices in `largeChoices`.';
const RESPONSE_RULES = 'The answers are checked against the question before anything is stored: answer types the question type takes, choices, categories, '
  + 'sub categories and fields that are the question\'s, numbers and dates where the question takes them, a required question or part not left empty. '
  + 'A refusal is a 400 whose message names the question and whose target names the answer. A second response to the same question is the next `attempt`. '
  + 'Each response is also an attendee activity (see docs/surveys.md).';

export function surveysRoutes(surveys: SurveysService, responses: ResponsesService) {
  return operations((op) => {
    // The lists over the whole account: each one service call for the caller's account.
    const accountList = <Q extends TObject, P extends TSchema>(operationId: string, description: string, query: Q, page: P, filters: FilterFields,
      list: (accountId: string, query: Static<Q> & ListQuery) => Promise<Static<P>>) =>
      op.list(operationId, { description, query, page, filters, list: (auth, q) => list(auth.accountId, q) });

    // Account level.
    accountList('getSurvey', 'Event and standalone surveys of the account (an event survey by its parent survey id). Filterable: id, type (eq|ne).',
      S.ListQuerySchema, S.SurveyPageSchema, L.SURVEYS_LIST.filters, (accountId, query) => surveys.listSurveys(accountId, query));
    accountList('getQuestions',
      'Questions of every event and standalone survey. Filterable: id, survey.id, code, type, chapter.id (eq|ne), maxScore (eq|ne|gt|ge|lt|le).',
      S.ListQuerySchema, S.QuestionPageSchema, L.QUESTIONS_LIST.filters, (accountId, query) => surveys.listQuestions(accountId, query));
    accountList('getLargeChoices', 'The choices of LargeChoices questions. Filterable: id, question.id (eq|ne).',
      S.LargeChoicesQuerySchema, S.LargeChoicePageSchema, L.LARGE_CHOICES_LIST.filters, (accountId, query) => surveys.listLargeChoices(accountId, query));
    accountList('getRespondents', 'Respondents of every event and standalone survey. Filterable: id, survey.id, event.id, responseCode (eq|ne). '
      + 'eventline does not score surveys: score and chapters.* filters are not offered (400).',
      S.ListQuerySchema, S.RespondentPageSchema, L.RESPONDENTS_LIST.filters, (accountId, query) => responses.listRespondents(accountId, query));
    accountList('getResponses', 'Responses of every event and standalone survey. Filterable: id, respondent.id (eq|ne); survey.id, event.id, session.id, question.id, '
      + 'chapter.id, attempt (eq).',
      S.ListQuerySchema, S.ResponsePageSchema, L.RESPONSES_LIST.filters, (accountId, query) => responses.listResponses(accountId, query));

    // Event surveys. `/events/surveys/responses` is a static path: it wins over `/events/:id/...` in the router.
    accountList('getAllEventSurveyResponses', 'Responses of every event survey. Filterable: id, respondent.id, session.id, speaker.id, question.id, event.id (eq|ne).',
      S.ListQuerySchema, S.EventResponsePageSchema, L.ALL_EVENT_RESPONSES_LIST.filters, (accountId, query) => responses.listAllEventResponses(accountId, query));
    op.list('getEventSurveys', {
      description: 'The surveys of an event: `id` is the chapter id (what the paths below take), `parentId` the survey id. Filterable: id, type (eq|ne).',
      params: S.EventParamsSchema, query: S.ListQuerySchema, page: S.EventSurveyPageSchema,
      filters: L.EVENT_SURVEYS_LIST.filters, list: (auth, query, params) => surveys.listEventSurveys(auth.accountId, params.id, query),
    });
    op('createEventSurvey', {
      description: `${EXTENSION_NOTE} Creates a survey of the event (Active unless \`status\` says otherwise); \`sessions\` must be sessions of the event (400). Add questions with POST .../questions.`,
      params: S.EventParamsSchema, body: S.EventSurveyInputSchema, response: { 201: S.EventSurveySchema },
    }, async (request) => surveys.createEventSurvey(request.auth, request.params.id, request.body));

    op.list('getEventSurveyQuestions', {
      description: 'The questions of an event survey, in their order.', params: S.EventSurveyParamsSchema, query: S.UnfilteredQuerySchema, page: S.EventQuestionPageSchema,
      filters: L.SURVEY_QUESTIONS_LIST.filters, list: (auth, query, params) => surveys.listEventQuestions(auth.accountId, params.id, params.surveyId, query),
    });
    op('createEventSurveyQuestion', { description: NEW_QUESTION, params: S.EventSurveyParamsSchema, body: S.QuestionInputSchema, response: { 201: S.EventQuestionSchema } },
      async (request) => surveys.createEventQuestion(request.auth, request.params.id, request.params.surveyId, request.body));

    op.list('getEventSurveyRespondents', {
      description: 'The respondents of an event survey. Filterable: id (eq|ne).', params: S.EventSurveyParamsSchema, query: S.ListQuerySchema, page: S.EventRespondentPageSchema,
      filters: L.CHAPTER_RESPONDENTS_LIST.filters, list: (auth, query, params) => responses.listEventRespondents(auth.accountId, params.id, params.surveyId, query),
    });
    op('createEventSurveyRespondent', {
      description: 'Creates a respondent: an attendee of the event (`attendee.id` is required by eventline, 400 when it is not the event\'s). '
        + 'The contact is the attendee\'s; the response code is made by eventline.',
      params: S.EventSurveyParamsSchema, body: S.EventRespondentInputSchema, response: { 201: S.EventRespondentSchema },
    }, async (request) => responses.createEventRespondent(request.auth, request.params.id, request.params.surveyId, request.body));
    op('updateEventSurveyRespondent', {
      description: 'Replaces the respondent\'s locale, reference, source and respondedThrough. The attendee cannot change (400).',
      params: S.EventRespondentParamsSchema, body: S.EventRespondentInputSchema, response: { 200: S.EventRespondentSchema },
    }, async (request) => responses.updateEventRespondent(request.auth, request.params.id, request.params.surveyId, request.params.respondentId, request.body));
    op('createEventSurveyResponses', {
      description: `Records the respondent's answers to one question. ${RESPONSE_RULES} \`session.id\` must be a session of the event, and one of the survey's sessions when it names any; \`speaker.id\` is kept as given.`,
      params: S.EventRespondentParamsSchema, body: S.EventResponseInputSchema, response: { 201: S.EventResponseSchema },
    }, async (request) => responses.createEventResponse(request.auth, request.params.id, request.params.surveyId, request.params.respondentId, request.body));
    op.list('getEventSurveyResponses', {
      description: 'The responses of an event survey. Filterable: id, respondent.id, session.id, speaker.id, question.id (eq|ne).',
      params: S.EventSurveyParamsSchema, query: S.ListQuerySchema, page: S.EventResponsePageSchema,
      filters: L.EVENT_RESPONSES_LIST.filters, list: (auth, query, params) => responses.listEventResponses(auth.accountId, params.id, params.surveyId, query),
    });

    // Standalone surveys.
    accountList('getStandardSurveys', 'Surveys not associated with an event. Filterable: status, title, code (eq|ne), created (eq|ne|gt|ge|lt|le).',
      S.ListQuerySchema, S.StandardSurveyPageSchema, L.STANDARD_SURVEYS_LIST.filters, (accountId, query) => surveys.listStandardSurveys(accountId, query));
    op('createStandardSurvey', {
      description: `${EXTENSION_NOTE} Creates a standalone survey (Active unless \`status\` says otherwise).`,
      body: S.StandardSurveyInputSchema, response: { 201: S.StandardSurveySchema },
    }, async (request) => surveys.createStandardSurvey(request.auth, request.body));
    accountList('getStandardSurveyResponses', 'Responses of every standalone survey. Filterable: survey.id, question.id, respondent.id (eq).',
      S.ListQuerySchema, S.StandardResponsePageSchema, L.STANDARD_RESPONSES_LIST.filters, (accountId, query) => responses.listStandardResponses(accountId, query));
    op.list('getStandardSurveyEmailTemplates', {
      description: 'The email templates of a standalone survey.', params: S.SurveyParamsSchema, query: S.PagedQuerySchema, page: S.EmailTemplatePageSchema,
      filters: L.TEMPLATES_LIST.filters, list: (auth, query, params) => surveys.listTemplates(auth.accountId, params.surveyId, query),
    });
    op('createStandardSurveyEmailTemplate', {
      description: `${EXTENSION_NOTE} Adds an invitation template. Subject and bodies may hold {{surveyTitle}}, {{responseCode}}, {{firstName}}, {{lastName}}. `
        + 'Mail leaves from the server\'s configured sender (MAIL_FROM); fromName, fromEmail and replyTo are kept, not used as the envelope sender.',
      params: S.SurveyParamsSchema, body: S.EmailTemplateInputSchema, response: { 201: S.EmailTemplateSchema },
    }, async (request) => surveys.createTemplate(request.auth, request.params.surveyId, request.body));
    op.list('getStandardSurveyQuestions', {
      description: 'The questions of a standalone survey, in their order.', params: S.SurveyParamsSchema, query: S.UnfilteredQuerySchema, page: S.QuestionPageSchema,
      filters: L.SURVEY_QUESTIONS_LIST.filters, list: (auth, query, params) => surveys.listStandardQuestions(auth.accountId, params.surveyId, query),
    });
    op('createStandardSurveyQuestion', { description: NEW_QUESTION, params: S.SurveyParamsSchema, body: S.QuestionInputSchema, response: { 201: S.QuestionSchema } },
      async (request) => surveys.createStandardQuestion(request.auth, request.params.surveyId, request.body));
    op.list('getStandardSurveyRespondents', {
      description: 'The respondents of a standalone survey. Filterable: id (eq|ne).', params: S.SurveyParamsSchema, query: S.ListQuerySchema, page: S.StandardRespondentPageSchema,
      filters: L.CHAPTER_RESPONDENTS_LIST.filters, list: (auth, query, params) => responses.listStandardRespondents(auth.accountId, params.surveyId, query),
    });
    op('createStandardSurveyRespondent', {
      description: 'Creates a respondent for a contact of the account (`contact.id`, required by eventline: invitations go to its address). '
        + 'eventline extension: `attendee.id`, an attendee of that contact, makes the respondent\'s responses activities of that attendee.',
      params: S.SurveyParamsSchema, body: S.StandardRespondentInputSchema, response: { 201: S.StandardRespondentSchema },
    }, async (request) => responses.createStandardRespondent(request.auth, request.params.surveyId, request.body));
    op('UpdateStandardSurveyRespondent', {
      description: 'Replaces the respondent\'s writable fields (contact, attendee, status, locale, reference, source, transaction, invitation list).',
      params: S.RespondentParamsSchema, body: S.StandardRespondentInputSchema, response: { 200: S.StandardRespondentSchema },
    }, async (request) => responses.updateStandardRespondent(request.auth, request.params.surveyId, request.params.respondentId, request.body));
    op('sendStandardSurveyEmail', {
      description: 'Sends the template to the respondent\'s contact through eventline\'s mail path (the outbox, or the SMTP relay), and the compliance archive '
        + 'keeps it when the account archives emails. 400 when the template is inactive, the survey not Active, or the contact has no address.',
      params: S.EmailParamsSchema, response: { 201: S.SendEmailResponseSchema },
    }, async (request) => surveys.sendEmail(request.auth, request.params.surveyId, request.params.respondentId, request.params.emailTemplateId));
    op('createStandardSurveyResponses', {
      description: `Records the respondent's answers to one question. ${RESPONSE_RULES}`,
      params: S.RespondentParamsSchema, body: S.StandardResponseInputSchema, response: { 201: S.StandardResponseSchema },
    }, async (request) => responses.createStandardResponse(request.auth, request.params.surveyId, request.params.respondentId, request.body));
    op('updateStandardSurveyResponses', {
      description: `Replaces the answers of a response; the question cannot change (400). ${RESPONSE_RULES}`,
      params: S.ResponseParamsSchema, body: S.StandardResponseInputSchema, response: { 200: S.StandardResponseSchema },
    }, async (request) => responses.updateStandardResponse(request.auth, request.params.surveyId, request.params.respondentId, request.params.responseId, request.body));
  });
}
