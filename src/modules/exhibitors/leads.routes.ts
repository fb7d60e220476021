import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import { EliteraturePageSchema, EliteratureQuerySchema, LeadPageSchema, LeadSchema, LeadScanSchema, LeadsQuerySchema } from './leads.schemas.js';
import type { LeadsService } from './leads.service.js';
import {
  AnswersInputSchema, EventExhibitorParamsSchema, LeadAnswersListSchema, LeadParamsSchema, QuestionInputSchema, QuestionListSchema, QuestionParamsSchema,
  QuestionSchema,
} from './qualification.schemas.js';
import type { QualificationService } from './qualification.service.js';
import { ELITERATURE_LIST, LEADS_LIST } from './leads.filters.js';

// DESIGN rule 11: write operations the reference lacks are documented extensions.
const EXTENSION = 'eventline extension (the reference only reads leads and qualification questions; see docs/leads.md).';

export function leadsRoutes(leads: LeadsService, qualification: QualificationService) {
  return operations((op) => {
    op('getLeadQualificationQuestions', {
      description: 'The questions the exhibitor\'s booth staff ask leads, in the order they were created. An exhibitor of another event or account is 404.',
      params: EventExhibitorParamsSchema, response: { 200: QuestionListSchema },
    }, async ({ auth, params }) => qualification.list(auth.accountId, params.id, params.exhibitorId));

    op('createLeadQualificationQuestion', {
      description: `${EXTENSION} Adds a question booth staff ask leads. MultiChoice, SingleChoice and Rating questions need choices (each gets an id); `
        + 'open-ended ones (OpenEndedTextOneLine, OpenEndedTextCommentBox, OpenEndedDateTime) have none. `notApplicableAnswer` and `otherAnswers` '
        + '(choice questions only) offer those answers. `required` questions must be answered for a lead to be `qualified`.',
      params: EventExhibitorParamsSchema, body: QuestionInputSchema, response: { 201: QuestionSchema },
    }, async ({ auth, params, body }) => qualification.create(auth, params.id, params.exhibitorId, body));

    op('updateLeadQualificationQuestion', {
      description: `${EXTENSION} Replaces the question. Send a choice with its \`id\` to keep it (answers name choices by id); a choice without one is new, `
        + 'and choices left out are gone (answers already given keep them). The type cannot change once the question has answers (409).',
      params: QuestionParamsSchema, body: QuestionInputSchema, response: { 200: QuestionSchema },
    }, async ({ auth, params, body }) => qualification.update(auth, params.id, params.exhibitorId, params.questionId, body));

    op('deleteLeadQualificationQuestion', {
      description: `${EXTENSION} Deletes the question and every lead's answers to it.`,
      params: QuestionParamsSchema, response: { 204: Type.Null({ description: 'Deleted the question.' }) },
    }, async ({ auth, params }) => qualification.delete(auth.accountId, params.id, params.exhibitorId, params.questionId).then(() => null));

    op('scanLead', {
      description: `${EXTENSION} A booth staff member of the exhibitor (\`boothStaff.id\`, from GET .../booth-staff) scans an attendee of the SAME event `
        + '(`attendee.id`; an attendee of another event is 400 and nothing is stored). The lead copies the attendee\'s contact details at the scan. '
        + 'The first scan of an attendee creates the lead (201); a later scan is another visit to the same lead (200): device and booth staff are '
        + 'updated, `comments` replaced when sent, a deleted lead restored. `answers` are checked against the exhibitor\'s qualification questions '
        + '(a wrong type or unknown choice is 400 naming the question, and nothing is stored). `eliterature.documents` records what the attendee asked '
        + 'for (GET /eliterature-requests). Each scan is a `lead.scanned` attendee activity (a booth visit); answers are a `lead.qualified` one.',
      params: EventExhibitorParamsSchema, body: LeadScanSchema, response: { 201: LeadSchema, 200: LeadSchema },
    }, async ({ auth, params, body }, reply) => {
      const { lead, created } = await leads.scan(auth, params.id, params.exhibitorId, body);
      return reply.code(created ? 201 : 200).send(lead);
    });

    op('deleteLead', {
      description: `${EXTENSION} Marks the lead deleted: GET /leads shows it with \`deleted: true\` (filter \`deleted eq 'false'\` leaves it out). `
        + 'A new scan of the attendee restores it. Obfuscating the contact is what erases its data.',
      params: LeadParamsSchema, response: { 204: Type.Null({ description: 'The lead is marked deleted.' }) },
    }, async ({ auth, params }) => leads.delete(auth, params.id, params.exhibitorId, params.leadId).then(() => null));

    op('getLeadQualificationAnswers', {
      description: 'The lead\'s answers to the exhibitor\'s qualification questions: one record per question answered.',
      params: LeadParamsSchema, response: { 200: LeadAnswersListSchema },
    }, async ({ auth, params }) => leads.answers(auth.accountId, params.id, params.exhibitorId, params.leadId));

    op('updateLeadQualificationAnswers', {
      description: `${EXTENSION} Answers after the scan: a list of \`{ question: { id }, answers: [...] }\`. Each named question's answers are replaced `
        + '(an empty list removes them); questions not named keep theirs. Checked like the scan\'s answers (400 naming the question; nothing stored). '
        + 'Answers the list of all the lead\'s answers, and records a `lead.qualified` activity.',
      params: LeadParamsSchema, body: AnswersInputSchema, response: { 200: LeadAnswersListSchema },
    }, async ({ auth, params, body }) => leads.answer(auth, params.id, params.exhibitorId, params.leadId, body));

    op.list('getLeads', {
      description: 'The leads of the account\'s exhibitors, oldest first. Filterable (eq): event.id, exhibitor.id, deleted; also id and attendee.id '
        + '(the reference\'s example for POST /leads/filter uses them). `after` / `before` bound when a lead was added or last updated.',
      query: LeadsQuerySchema, page: LeadPageSchema, filters: LEADS_LIST.filters, list: (auth, query) => leads.list(auth.accountId, query),
    });

    op.list('getEliteratureRequests', {
      description: 'The documents leads asked exhibitors for (recorded with a scan\'s `eliterature`), oldest first. Filterable (eq): event.id, exhibitor.id, '
        + 'lead.id. `after` / `before` bound when a request was added or last updated.',
      query: EliteratureQuerySchema, page: EliteraturePageSchema, filters: ELITERATURE_LIST.filters, list: (auth, query) => leads.eliterature(auth.accountId, query),
    });
  });
}
