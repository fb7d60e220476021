import { operations } from '../../http/operations.js';
import type { FilterFields } from '../../lists/index.js';
import { documentsList, FORMS_LIST, requestsList } from './meeting-requests.filters.js';
import {
  BulkCreateSchema, BulkQuerySchema, BulkResponseSchema, BulkUpdateSchema, DocumentInputSchema, DocumentParamsSchema, DocumentPageSchema, DocumentSchema,
  DocumentsQuerySchema, EventParamsSchema, FormInputSchema, FormPageSchema, FormParamsSchema, FormSchema, FormsQuerySchema, RequestPageSchema, RequestParamsSchema,
  RequestSchema, RequestsQuerySchema,
} from './meeting-requests.schemas.js';
import type { MeetingRequestsService } from './meeting-requests.service.js';

const filters = (fields: FilterFields) =>
  `Filterable (the reference's list): ${Object.entries(fields).map(([name, f]) => `${name} (${f.ops.join('|')})`).join(', ')}.`;
const ANY = '00000000-0000-0000-0000-000000000000';
const RULES = 'Answers keep the form\'s rules: a question that is not the form\'s (nor a well-known one), a value that is not one of a select question\'s choices, '
  + 'a value of the wrong type (number, date within minDate/maxDate, email, US phone, lengths, choice counts), and (unless skipRequiredQuestionValidation) an '
  + 'unanswered required question are 400 naming the item and question (`target: "[i].questions.<question id>"`). The batch is all or none: when any item '
  + 'fails, the call answers the first problem\'s status with every problem in `details`, and nothing is stored.';
const TRANSITIONS = 'Statuses are the form\'s (`statuses`, in workflow order); a request starts in the first and moves only along the form\'s '
  + '`statusTransitions` (an eventline field: by default any later status; with the default statuses Submitted → In Review → Approved | Declined, '
  + 'Approved and Declined final). A status not of the form is 400; a move the form does not allow is 409 naming both statuses.';

export function meetingRequestRoutes(mr: MeetingRequestsService) {
  return operations((op) => {
    // ---- Forms ----
    op.list('listMRF', {
      description: `The account's meeting request forms with their questions and statuses, in creation order (at most 20 a page). ${filters(FORMS_LIST.filters)}`,
      query: FormsQuerySchema, page: FormPageSchema, filterOperationId: null, filters: FORMS_LIST.filters,
      list: (auth, query) => mr.listForms(auth.accountId, query),
    });
    op('getMRFById', {
      description: 'A meeting request form with its questions (`value` holds a select question\'s choices) and statuses.', params: FormParamsSchema, response: { 200: FormSchema },
    }, async ({ auth, params }) => mr.getForm(auth.accountId, params.id));
    op('createMRF', {
      description: 'Creates a meeting request form with its questions and status workflow (an eventline extension, DESIGN rule 11: the reference only reads forms). '
        + 'Select questions need their choices in `value`; question types are the custom-field types a request answers. Without `statuses` the form has '
        + 'Submitted, In Review, Approved, Declined; `statusTransitions` names the moves each status allows (default: any later status).',
      body: FormInputSchema, response: { 201: FormSchema },
    }, async ({ auth, body }) => mr.createForm(auth, body));

    // ---- Requests ----
    op.list('listMeetingRequest', {
      description: `The form's meeting requests with their answers, in creation order (at most 20 a page). ${filters(requestsList(ANY).filters)} \`after\` / \`before\` bound lastModified.`,
      params: FormParamsSchema, query: RequestsQuerySchema, page: RequestPageSchema, filterOperationId: null, errors: [404], filters: requestsList(ANY).filters,
      list: (auth, query, params) => mr.listRequests(auth.accountId, params.id, query),
    });
    op('getMeetingRequestById', {
      description: 'A meeting request of the form (404 when it is another form\'s).', params: RequestParamsSchema, response: { 200: RequestSchema },
    }, async ({ auth, params }) => mr.getRequest(auth.accountId, params.id, params.requestId));
    op('createMeetingRequest', {
      description: `Creates up to 5 meeting requests from an active form (an inactive form is 409). ${RULES} ${TRANSITIONS} \`event.id\` (eventline) connects a request to an `
        + 'event of the account (one request per event); `sourceId` is unique in the account (409). The 207 body has one result per item, in order: 201 with the request.',
      params: FormParamsSchema, querystring: BulkQuerySchema, body: BulkCreateSchema, response: { 207: BulkResponseSchema }, errors: [409],
    }, async ({ auth, params, query, body }) => mr.createRequests(auth, params.id, body, query.skipRequiredQuestionValidation === true));
    op('updateMeetingRequest', {
      description: `Updates up to 5 requests of the form: fields given replace theirs, answers given replace those questions' answers (an empty one clears it). ${RULES} `
        + `${TRANSITIONS} The 207 body has one result per item, in order: 200 with the request.`,
      params: FormParamsSchema, querystring: BulkQuerySchema, body: BulkUpdateSchema, response: { 207: BulkResponseSchema }, errors: [409],
    }, async ({ auth, params, query, body }) => mr.updateRequests(auth, params.id, body, query.skipRequiredQuestionValidation === true));
    op('getMeetingRequestByEventId', {
      description: 'The meeting request connected to the event (by its `event.id`); 404 when the event is not the account\'s or no request is connected to it.',
      params: EventParamsSchema, response: { 200: RequestSchema },
    }, async ({ auth, params }) => mr.requestOfEvent(auth.accountId, params.id));

    // ---- Documents ----
    op.list('listMeetingRequestDocuments', {
      description: `The request's documents, with a signed, expiring download link (\`includeReferenceLink=false\` leaves it out). ${filters(documentsList(ANY).filters)}`,
      params: DocumentParamsSchema, query: DocumentsQuerySchema, page: DocumentPageSchema, filterOperationId: null, errors: [404], filters: documentsList(ANY).filters,
      list: (auth, query, params) => mr.listDocuments(auth.accountId, params.requestId, query),
    });
    op('createMeetingRequestDocument', {
      description: 'Attaches an uploaded file (POST /files) to the meeting request as a document (an eventline extension, DESIGN rule 11). '
        + 'A file attached to something else is 409: upload it again. The name defaults to the file\'s.',
      params: DocumentParamsSchema, body: DocumentInputSchema, response: { 201: DocumentSchema },
    }, async ({ auth, params, body }) => mr.addDocument(auth, params.requestId, body));
  });
}
