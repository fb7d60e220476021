import { Type } from 'typebox';
import { oauth, requireAuth } from '../../http/auth.js';
import { registerList } from '../../http/lists.js';
import { errorResponses } from '../../http/responses.js';
import { typedRoutes } from '../../http/routes.js';
import { EliteraturePageSchema, EliteratureQuerySchema, LeadPageSchema, LeadSchema, LeadScanSchema, LeadsQuerySchema } from './leads.schemas.js';
import type { LeadsService } from './leads.service.js';
import {
  AnswersInputSchema, EventExhibitorParamsSchema, LeadAnswersListSchema, LeadParamsSchema, QuestionInputSchema, QuestionListSchema, QuestionParamsSchema,
  QuestionSchema,
} from './qualification.schemas.js';
import type { QualificationService } from './qualification.service.js';

const tags = ['Leads'];
const exhibitorTags = ['Exhibitor'];
// DESIGN rule 11: write operations the reference lacks are documented extensions.
const extension = { 'x-eventline-extension': true };
const EXTENSION = 'eventline extension (the reference only reads leads and qualification questions; see docs/leads.md).';

export function leadsRoutes(leads: LeadsService, qualification: QualificationService) {
  return typedRoutes((app) => {
    app.get('/events/:id/exhibitors/:exhibitorId/questions', {
      schema: {
        tags: exhibitorTags, operationId: 'getLeadQualificationQuestions', summary: 'List Qualification Questions',
        security: oauth('exhibitor/lead-qualification-questions:read'),
        description: 'Retrieves a list of lead qualification questions associated with a single exhibitor at the given event, in the order they were created. '
          + 'An exhibitor of another event or account is 404.',
        params: EventExhibitorParamsSchema, response: { 200: QuestionListSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => qualification.list(requireAuth(request).accountId, request.params.id, request.params.exhibitorId));

    app.post('/events/:id/exhibitors/:exhibitorId/questions', {
      schema: {
        tags: exhibitorTags, operationId: 'createLeadQualificationQuestion', summary: 'Create Qualification Question (eventline extension)',
        security: oauth('exhibitor/lead-qualification-questions:write'),
        description: `${EXTENSION} Adds a question booth staff ask leads. MultiChoice, SingleChoice and Rating questions need choices (each gets an id); `
          + 'open-ended ones (OpenEndedTextOneLine, OpenEndedTextCommentBox, OpenEndedDateTime) have none. `notApplicableAnswer` and `otherAnswers` '
          + '(choice questions only) offer those answers. `required` questions must be answered for a lead to be `qualified`.',
        ...extension, params: EventExhibitorParamsSchema, body: QuestionInputSchema, response: { 201: QuestionSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await qualification.create(requireAuth(request), request.params.id, request.params.exhibitorId, request.body)));

    app.put('/events/:id/exhibitors/:exhibitorId/questions/:questionId', {
      schema: {
        tags: exhibitorTags, operationId: 'updateLeadQualificationQuestion', summary: 'Update Qualification Question (eventline extension)',
        security: oauth('exhibitor/lead-qualification-questions:write'),
        description: `${EXTENSION} Replaces the question. Send a choice with its \`id\` to keep it (answers name choices by id); a choice without one is new, `
          + 'and choices left out are gone (answers already given keep them). The type cannot change once the question has answers (409).',
        ...extension, params: QuestionParamsSchema, body: QuestionInputSchema, response: { 200: QuestionSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    }, async (request) => qualification.update(requireAuth(request), request.params.id, request.params.exhibitorId, request.params.questionId, request.body));

    app.delete('/events/:id/exhibitors/:exhibitorId/questions/:questionId', {
      schema: {
        tags: exhibitorTags, operationId: 'deleteLeadQualificationQuestion', summary: 'Delete Qualification Question (eventline extension)',
        security: oauth('exhibitor/lead-qualification-questions:write'),
        description: `${EXTENSION} Deletes the question and every lead's answers to it.`,
        ...extension, params: QuestionParamsSchema,
        response: { 204: Type.Null({ description: 'Deleted the question.' }), ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => {
      await qualification.delete(requireAuth(request).accountId, request.params.id, request.params.exhibitorId, request.params.questionId);
      return reply.code(204).send(null);
    });

    app.post('/events/:id/exhibitors/:exhibitorId/leads', {
      schema: {
        tags, operationId: 'scanLead', summary: 'Scan a Lead (eventline extension)', security: oauth('exhibitor/leads:write'),
        description: `${EXTENSION} A booth staff member of the exhibitor (\`boothStaff.id\`, from GET .../booth-staff) scans an attendee of the SAME event `
          + '(`attendee.id`; an attendee of another event is 400 and nothing is stored). The lead copies the attendee\'s contact details at the scan. '
          + 'The first scan of an attendee creates the lead (201); a later scan is another visit to the same lead (200): device and booth staff are '
          + 'updated, `comments` replaced when sent, a deleted lead restored. `answers` are checked against the exhibitor\'s qualification questions '
          + '(a wrong type or unknown choice is 400 naming the question, and nothing is stored). `eliterature.documents` records what the attendee asked '
          + 'for (GET /eliterature-requests). Each scan is a `lead.scanned` attendee activity (a booth visit); answers are a `lead.qualified` one.',
        ...extension, params: EventExhibitorParamsSchema, body: LeadScanSchema,
        response: { 201: LeadSchema, 200: LeadSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    }, async (request, reply) => {
      const { lead, created } = await leads.scan(requireAuth(request), request.params.id, request.params.exhibitorId, request.body);
      return reply.code(created ? 201 : 200).send(lead);
    });

    app.delete('/events/:id/exhibitors/:exhibitorId/leads/:leadId', {
      schema: {
        tags, operationId: 'deleteLead', summary: 'Delete a Lead (eventline extension)', security: oauth('exhibitor/leads:write'),
        description: `${EXTENSION} Marks the lead deleted: GET /leads shows it with \`deleted: true\` (filter \`deleted eq 'false'\` leaves it out). `
          + 'A new scan of the attendee restores it. Obfuscating the contact is what erases its data.',
        ...extension, params: LeadParamsSchema,
        response: { 204: Type.Null({ description: 'The lead is marked deleted.' }), ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => {
      await leads.delete(requireAuth(request), request.params.id, request.params.exhibitorId, request.params.leadId);
      return reply.code(204).send(null);
    });

    app.get('/events/:id/exhibitors/:exhibitorId/leads/:leadId/answers', {
      schema: {
        tags, operationId: 'getLeadQualificationAnswers', summary: 'List Qualification Answers', security: oauth('exhibitor/lead-qualification-answers:read'),
        description: 'Gets a list of answers to lead qualification questions for a given lead id: one record per question answered.',
        params: LeadParamsSchema, response: { 200: LeadAnswersListSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => leads.answers(requireAuth(request).accountId, request.params.id, request.params.exhibitorId, request.params.leadId));

    app.put('/events/:id/exhibitors/:exhibitorId/leads/:leadId/answers', {
      schema: {
        tags, operationId: 'updateLeadQualificationAnswers', summary: 'Answer Qualification Questions (eventline extension)',
        security: oauth('exhibitor/lead-qualification-answers:write'),
        description: `${EXTENSION} Answers after the scan: a list of \`{ question: { id }, answers: [...] }\`. Each named question's answers are replaced `
          + '(an empty list removes them); questions not named keep theirs. Checked like the scan\'s answers (400 naming the question; nothing stored). '
          + 'Answers the list of all the lead\'s answers, and records a `lead.qualified` activity.',
        ...extension, params: LeadParamsSchema, body: AnswersInputSchema, response: { 200: LeadAnswersListSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => leads.answer(requireAuth(request), request.params.id, request.params.exhibitorId, request.params.leadId, request.body));

    registerList(app, {
      path: '/leads', tags, operationId: 'getLeads', filterOperationId: 'getLeadsPostFiltersData', summary: 'List Leads', scope: 'exhibitor/leads:read',
      description: 'The leads of the account\'s exhibitors, oldest first. Filterable (eq): event.id, exhibitor.id, deleted; also id and attendee.id '
        + '(the reference\'s example for POST /leads/filter uses them). `after` / `before` bound when a lead was added or last updated.',
      query: LeadsQuerySchema, page: LeadPageSchema, errors: [404], list: (auth, query) => leads.list(auth.accountId, query),
    });

    registerList(app, {
      path: '/eliterature-requests', tags, operationId: 'getEliteratureRequests', summary: 'List E-literature Requests', scope: 'exhibitor/eliterature-requests:read',
      description: 'The documents leads asked exhibitors for (recorded with a scan\'s `eliterature`), oldest first. Filterable (eq): event.id, exhibitor.id, '
        + 'lead.id. `after` / `before` bound when a request was added or last updated.',
      query: EliteratureQuerySchema, page: EliteraturePageSchema, list: (auth, query) => leads.eliterature(auth.accountId, query),
    });
  });
}
