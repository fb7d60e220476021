import { oauth, requireAuth } from '../../http/auth.js';
import { registerList } from '../../http/lists.js';
import { errorResponses } from '../../http/responses.js';
import { typedRoutes } from '../../http/routes.js';
import type { ResponsesService } from './responses.service.js';
import type { SurveysService } from './surveys.service.js';
import * as S from './surveys.schemas.js';

const tags = ['Surveys'];
// DESIGN rule 11: write operations the reference lacks are documented extensions.
const extension = { 'x-eventline-extension': true };
const EXTENSION_NOTE = 'eventline extension (the reference only reads survey definitions).';
const RESPONSE_RULES = 'The answers are checked against the question before anything is stored: answer types the question type takes, choices, categories, '
  + 'sub categories and fields that are the question\'s, numbers and dates where the question takes them, a required question or part not left empty. '
  + 'A refusal is a 400 whose message names the question and whose target names the answer. A second response to the same question is the next `attempt`. '
  + 'Each response is also an attendee activity (see docs/surveys.md).';

export function surveysRoutes(surveys: SurveysService, responses: ResponsesService) {
  return typedRoutes((app) => {
    // Account level.
    registerList(app, {
      path: '/surveys', tags, operationId: 'getSurvey', summary: 'List Surveys', scope: 'survey/surveys:read',
      description: 'Event and standalone surveys of the account (an event survey by its parent survey id). Filterable: id, type (eq|ne).',
      query: S.ListQuerySchema, page: S.SurveyPageSchema, list: (auth, query) => surveys.listSurveys(auth.accountId, query),
    });
    registerList(app, {
      path: '/questions', tags, operationId: 'getQuestions', summary: 'List Questions', scope: 'survey/questions:read',
      description: 'Questions of every event and standalone survey. Filterable: id, survey.id, code, type, chapter.id (eq|ne), maxScore (eq|ne|gt|ge|lt|le).',
      query: S.ListQuerySchema, page: S.QuestionPageSchema, list: (auth, query) => surveys.listQuestions(auth.accountId, query),
    });
    registerList(app, {
      path: '/large-choices', tags, operationId: 'getLargeChoices', summary: 'List Large Choices', scope: 'survey/questions:read',
      description: 'The choices of LargeChoices questions. Filterable: id, question.id (eq|ne).',
      query: S.LargeChoicesQuerySchema, page: S.LargeChoicePageSchema, list: (auth, query) => surveys.listLargeChoices(auth.accountId, query),
    });
    registerList(app, {
      path: '/respondents', tags, operationId: 'getRespondents', summary: 'List Respondents', scope: 'survey/respondents:read',
      description: 'Respondents of every event and standalone survey. Filterable: id, survey.id, event.id, responseCode (eq|ne). '
        + 'eventline does not score surveys: score and chapters.* filters are not offered (400).',
      query: S.ListQuerySchema, page: S.RespondentPageSchema, list: (auth, query) => responses.listRespondents(auth.accountId, query),
    });
    registerList(app, {
      path: '/responses', tags, operationId: 'getResponses', summary: 'List Responses', scope: 'survey/responses:read',
      description: 'Responses of every event and standalone survey. Filterable: id, respondent.id (eq|ne); survey.id, event.id, session.id, question.id, '
        + 'chapter.id, attempt (eq).',
      query: S.ListQuerySchema, page: S.ResponsePageSchema, list: (auth, query) => responses.listResponses(auth.accountId, query),
    });

    // Event surveys. `/events/surveys/responses` is a static path: it wins over `/events/:id/...` in the router.
    registerList(app, {
      path: '/events/surveys/responses', tags, operationId: 'getAllEventSurveyResponses', summary: 'List All Event Survey Responses', errors: [404],
      scope: 'survey/survey-responses:read',
      description: 'Responses of every event survey. Filterable: id, respondent.id, session.id, speaker.id, question.id, event.id (eq|ne).',
      query: S.ListQuerySchema, page: S.EventResponsePageSchema, list: (auth, query) => responses.listAllEventResponses(auth.accountId, query),
    });
    registerList(app, {
      path: '/events/:id/surveys', params: S.EventParamsSchema, errors: [404], tags, operationId: 'getEventSurveys', summary: 'List Event Surveys',
      scope: 'survey/surveys:read',
      description: 'The surveys of an event: `id` is the chapter id (what the paths below take), `parentId` the survey id. Filterable: id, type (eq|ne).',
      query: S.ListQuerySchema, page: S.EventSurveyPageSchema, list: (auth, query, params) => surveys.listEventSurveys(auth.accountId, params.id, query),
    });
    app.post('/events/:id/surveys', {
      schema: {
        tags, operationId: 'createEventSurvey', summary: 'Create Event Survey (eventline extension)', security: oauth('survey/surveys:write'),
        description: `${EXTENSION_NOTE} Creates a survey of the event (Active unless \`status\` says otherwise); \`sessions\` must be sessions of the event (400). Add questions with POST .../questions.`,
        ...extension, params: S.EventParamsSchema, body: S.EventSurveyInputSchema, response: { 201: S.EventSurveySchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await surveys.createEventSurvey(requireAuth(request), request.params.id, request.body)));

    registerList(app, {
      path: '/events/:id/surveys/:surveyId/questions', params: S.EventSurveyParamsSchema, errors: [404], tags, operationId: 'getEventSurveyQuestions',
      summary: 'List Event Survey Questions', scope: 'survey/survey-questions:read', description: 'The questions of an event survey, in their order.',
      query: S.UnfilteredQuerySchema, page: S.EventQuestionPageSchema,
      list: (auth, query, params) => surveys.listEventQuestions(auth.accountId, params.id, params.surveyId, query),
    });
    app.post('/events/:id/surveys/:surveyId/questions', {
      schema: {
        tags, operationId: 'createEventSurveyQuestion', summary: 'Create Event Survey Question (eventline extension)', security: oauth('survey/survey-questions:write'),
        description: `${EXTENSION_NOTE} Appends a question; eventline gives ids to its choices, categories, sub categories and fields. `
          + 'A LargeChoices question takes its choices in `largeChoices`.',
        ...extension, params: S.EventSurveyParamsSchema, body: S.QuestionInputSchema, response: { 201: S.EventQuestionSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await surveys.createEventQuestion(requireAuth(request), request.params.id, request.params.surveyId, request.body)));

    registerList(app, {
      path: '/events/:id/surveys/:surveyId/respondents', params: S.EventSurveyParamsSchema, errors: [404], tags, operationId: 'getEventSurveyRespondents',
      summary: 'List Event Survey Respondents', scope: 'survey/survey-respondents:read', description: 'The respondents of an event survey. Filterable: id (eq|ne).',
      query: S.ListQuerySchema, page: S.EventRespondentPageSchema,
      list: (auth, query, params) => responses.listEventRespondents(auth.accountId, params.id, params.surveyId, query),
    });
    app.post('/events/:id/surveys/:surveyId/respondents', {
      schema: {
        tags, operationId: 'createEventSurveyRespondent', summary: 'Create Event Survey Respondent', security: oauth('survey/survey-respondents:write'),
        description: 'Creates a respondent: an attendee of the event (`attendee.id` is required by eventline, 400 when it is not the event\'s). '
          + 'The contact is the attendee\'s; the response code is made by eventline.',
        params: S.EventSurveyParamsSchema, body: S.EventRespondentInputSchema, response: { 201: S.EventRespondentSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await responses.createEventRespondent(requireAuth(request), request.params.id, request.params.surveyId, request.body)));
    app.put('/events/:id/surveys/:surveyId/respondents/:respondentId', {
      schema: {
        tags, operationId: 'updateEventSurveyRespondent', summary: 'Update Event Survey Respondent', security: oauth('survey/survey-respondents:write'),
        description: 'Replaces the respondent\'s locale, reference, source and respondedThrough. The attendee cannot change (400).',
        params: S.EventRespondentParamsSchema, body: S.EventRespondentInputSchema, response: { 200: S.EventRespondentSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => responses.updateEventRespondent(requireAuth(request), request.params.id, request.params.surveyId, request.params.respondentId, request.body));
    app.post('/events/:id/surveys/:surveyId/respondents/:respondentId/responses', {
      schema: {
        tags, operationId: 'createEventSurveyResponses', summary: 'Create Event Survey Responses', security: oauth('survey/survey-responses:write'),
        description: `Records the respondent's answers to one question. ${RESPONSE_RULES} \`session.id\` must be a session of the event, and one of the survey's sessions when it names any; \`speaker.id\` is kept as given.`,
        params: S.EventRespondentParamsSchema, body: S.EventResponseInputSchema, response: { 201: S.EventResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await responses.createEventResponse(
      requireAuth(request), request.params.id, request.params.surveyId, request.params.respondentId, request.body)));
    registerList(app, {
      path: '/events/:id/surveys/:surveyId/responses', params: S.EventSurveyParamsSchema, errors: [404], tags, operationId: 'getEventSurveyResponses',
      summary: 'List Event Survey Responses', scope: 'survey/survey-responses:read',
      description: 'The responses of an event survey. Filterable: id, respondent.id, session.id, speaker.id, question.id (eq|ne).',
      query: S.ListQuerySchema, page: S.EventResponsePageSchema,
      list: (auth, query, params) => responses.listEventResponses(auth.accountId, params.id, params.surveyId, query),
    });

    // Standalone surveys.
    registerList(app, {
      path: '/standard-surveys', tags, operationId: 'getStandardSurveys', summary: 'List Standalone Surveys', scope: 'survey/standard-surveys:read',
      description: 'Surveys not associated with an event. Filterable: status, title, code (eq|ne), created (eq|ne|gt|ge|lt|le).',
      query: S.ListQuerySchema, page: S.StandardSurveyPageSchema, list: (auth, query) => surveys.listStandardSurveys(auth.accountId, query),
    });
    app.post('/standard-surveys', {
      schema: {
        tags, operationId: 'createStandardSurvey', summary: 'Create Standalone Survey (eventline extension)', security: oauth('survey/standard-surveys:write'),
        description: `${EXTENSION_NOTE} Creates a standalone survey (Active unless \`status\` says otherwise).`,
        ...extension, body: S.StandardSurveyInputSchema, response: { 201: S.StandardSurveySchema, ...errorResponses(400, 401, 403, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await surveys.createStandardSurvey(requireAuth(request), request.body)));
    registerList(app, {
      path: '/standard-surveys/responses', tags, operationId: 'getStandardSurveyResponses', summary: 'List Standalone Survey Responses',
      scope: 'survey/standard-survey-responses:read', description: 'Responses of every standalone survey. Filterable: survey.id, question.id, respondent.id (eq).',
      query: S.ListQuerySchema, page: S.StandardResponsePageSchema, list: (auth, query) => responses.listStandardResponses(auth.accountId, query),
    });
    registerList(app, {
      path: '/standard-surveys/:surveyId/email-templates', params: S.SurveyParamsSchema, errors: [404], tags, operationId: 'getStandardSurveyEmailTemplates',
      summary: 'List Standalone Survey Email Templates', scope: 'survey/standard-survey-email-templates:read', description: 'The email templates of a standalone survey.',
      query: S.PagedQuerySchema, page: S.EmailTemplatePageSchema, list: (auth, query, params) => surveys.listTemplates(auth.accountId, params.surveyId, query),
    });
    app.post('/standard-surveys/:surveyId/email-templates', {
      schema: {
        tags, operationId: 'createStandardSurveyEmailTemplate', summary: 'Create Standalone Survey Email Template (eventline extension)',
        security: oauth('survey/standard-survey-email-templates:write'),
        description: `${EXTENSION_NOTE} Adds an invitation template. Subject and bodies may hold {{surveyTitle}}, {{responseCode}}, {{firstName}}, {{lastName}}. `
          + 'Mail leaves from the server\'s configured sender (MAIL_FROM); fromName, fromEmail and replyTo are kept, not used as the envelope sender.',
        ...extension, params: S.SurveyParamsSchema, body: S.EmailTemplateInputSchema, response: { 201: S.EmailTemplateSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await surveys.createTemplate(requireAuth(request), request.params.surveyId, request.body)));
    registerList(app, {
      path: '/standard-surveys/:surveyId/questions', params: S.SurveyParamsSchema, errors: [404], tags, operationId: 'getStandardSurveyQuestions',
      summary: 'List Standalone Survey Questions', scope: 'survey/standard-survey-questions:read', description: 'The questions of a standalone survey, in their order.',
      query: S.UnfilteredQuerySchema, page: S.QuestionPageSchema, list: (auth, query, params) => surveys.listStandardQuestions(auth.accountId, params.surveyId, query),
    });
    app.post('/standard-surveys/:surveyId/questions', {
      schema: {
        tags, operationId: 'createStandardSurveyQuestion', summary: 'Create Standalone Survey Question (eventline extension)',
        security: oauth('survey/standard-survey-questions:write'),
        description: `${EXTENSION_NOTE} Appends a question; eventline gives ids to its choices, categories, sub categories and fields. `
          + 'A LargeChoices question takes its choices in `largeChoices`.',
        ...extension, params: S.SurveyParamsSchema, body: S.QuestionInputSchema, response: { 201: S.QuestionSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await surveys.createStandardQuestion(requireAuth(request), request.params.surveyId, request.body)));
    registerList(app, {
      path: '/standard-surveys/:surveyId/respondents', params: S.SurveyParamsSchema, errors: [404], tags, operationId: 'getStandardSurveyRespondents',
      summary: 'List Standalone Survey Respondents', scope: 'survey/standard-survey-respondents:read',
      description: 'The respondents of a standalone survey. Filterable: id (eq|ne).',
      query: S.ListQuerySchema, page: S.StandardRespondentPageSchema, list: (auth, query, params) => responses.listStandardRespondents(auth.accountId, params.surveyId, query),
    });
    app.post('/standard-surveys/:surveyId/respondents', {
      schema: {
        tags, operationId: 'createStandardSurveyRespondent', summary: 'Create Standalone Survey Respondent', security: oauth('survey/standard-survey-respondents:write'),
        description: 'Creates a respondent for a contact of the account (`contact.id`, required by eventline: invitations go to its address). '
          + 'eventline extension: `attendee.id`, an attendee of that contact, makes the respondent\'s responses activities of that attendee.',
        params: S.SurveyParamsSchema, body: S.StandardRespondentInputSchema, response: { 201: S.StandardRespondentSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await responses.createStandardRespondent(requireAuth(request), request.params.surveyId, request.body)));
    app.put('/standard-surveys/:surveyId/respondents/:respondentId', {
      schema: {
        tags, operationId: 'UpdateStandardSurveyRespondent', summary: 'Update Standalone Survey Respondent', security: oauth('survey/standard-survey-respondents:write'),
        description: 'Replaces the respondent\'s writable fields (contact, attendee, status, locale, reference, source, transaction, invitation list).',
        params: S.RespondentParamsSchema, body: S.StandardRespondentInputSchema, response: { 200: S.StandardRespondentSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => responses.updateStandardRespondent(requireAuth(request), request.params.surveyId, request.params.respondentId, request.body));
    app.post('/standard-surveys/:surveyId/respondents/:respondentId/email-templates/:emailTemplateId/email', {
      schema: {
        tags, operationId: 'sendStandardSurveyEmail', summary: 'Send Standalone Survey Email', security: oauth('survey/standard-survey-email:write'),
        description: 'Sends the template to the respondent\'s contact through eventline\'s mail path (the outbox, or the SMTP relay), and the compliance archive '
          + 'keeps it when the account archives emails. 400 when the template is inactive, the survey not Active, or the contact has no address.',
        params: S.EmailParamsSchema, response: { 201: S.SendEmailResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await surveys.sendEmail(
      requireAuth(request), request.params.surveyId, request.params.respondentId, request.params.emailTemplateId)));
    app.post('/standard-surveys/:surveyId/respondents/:respondentId/responses', {
      schema: {
        tags, operationId: 'createStandardSurveyResponses', summary: 'Create Standalone Survey Responses', security: oauth('survey/standard-survey-responses:write'),
        description: `Records the respondent's answers to one question. ${RESPONSE_RULES}`,
        params: S.RespondentParamsSchema, body: S.StandardResponseInputSchema, response: { 201: S.StandardResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await responses.createStandardResponse(requireAuth(request), request.params.surveyId, request.params.respondentId, request.body)));
    app.put('/standard-surveys/:surveyId/respondents/:respondentId/responses/:responseId', {
      schema: {
        tags, operationId: 'updateStandardSurveyResponses', summary: 'Update Standalone Survey Responses', security: oauth('survey/standard-survey-responses:write'),
        description: `Replaces the answers of a response; the question cannot change (400). ${RESPONSE_RULES}`,
        params: S.ResponseParamsSchema, body: S.StandardResponseInputSchema, response: { 200: S.StandardResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => responses.updateStandardResponse(
      requireAuth(request), request.params.surveyId, request.params.respondentId, request.params.responseId, request.body));
  });
}
