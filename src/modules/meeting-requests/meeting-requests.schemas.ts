import { Type, type Static } from 'typebox';
import { paginated } from '../../http/paging.js';

// The reference's schemas of the Meeting Request tag (meeting-request-form, meeting-request-custom-field,
// meeting-request, meeting-request-create / -update, meeting-request-bulk-response, meeting-request-document): field
// names and types as it gives them; eventline's write extensions (forms, documents) follow the same shapes.

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const Text = (max: number, description: string) => Type.String({ minLength: 1, maxLength: max, description });

const Audit = {
  created: Type.String({ format: 'date-time', description: 'The ISO 8601 zoned date time when this record was created.' }),
  createdBy: Type.String({ description: 'The identifier of the user that created this record.' }),
  lastModified: Type.String({ format: 'date-time', description: 'The ISO 8601 zoned date time when this record was updated.' }),
  lastModifiedBy: Type.String({ description: 'The identifier of the user that last updated this record.' }),
};

/** The reference limits these lists to 20 a page (10 by default). */
const Limit = Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 10, description: 'The maximum number of records to return per page (1-20).' }));
const Token = Type.Optional(Type.String({ minLength: 1, maxLength: 8192, description: 'The continuation token returned by a previous call. It overrides every other paging parameter.' }));
const Filter = Type.Optional(Type.String({ maxLength: 4000, description: 'A filter expression.' }));
const Window = (side: string) => Type.Optional(Type.String({ format: 'date-time', description: `Only requests last modified ${side} this time.` }));
export const FormsQuerySchema = Type.Object({ limit: Limit, token: Token, filter: Filter }, { additionalProperties: false });
export const RequestsQuerySchema = Type.Object({ limit: Limit, token: Token, after: Window('after'), before: Window('before'), filter: Filter }, { additionalProperties: false });
export const DocumentsQuerySchema = Type.Object({
  limit: Limit, token: Token, filter: Filter,
  includeReferenceLink: Type.Optional(Type.Boolean({ default: true, description: 'Set to `false` to leave out `referenceLink`.' })),
}, { additionalProperties: false });
export const BulkQuerySchema = Type.Object({
  skipRequiredQuestionValidation: Type.Optional(Type.Boolean({ description: '`true` skips the required-question check (choices and types are still checked).' })),
}, { additionalProperties: false });

export const FormParamsSchema = Type.Object({ id: Uuid('ID of a meeting request form.') });
export const RequestParamsSchema = Type.Object({ id: Uuid('ID of a meeting request form.'), requestId: Uuid('ID of a meeting request.') });
export const DocumentParamsSchema = Type.Object({ requestId: Uuid('ID of a meeting request.') });
export const EventParamsSchema = Type.Object({ id: Uuid('ID of an event.') });

// ---- Forms ----

/** The form question types a meeting request answers (CustomFieldType values that are also QuestionType values). */
export const FORM_QUESTION_TYPES = [
  'ConsentQuestion', 'Currency', 'Decimal', 'Date', 'DateTime', 'Email', 'FileUpload', 'FreeText', 'General', 'MultiSelect', 'Number', 'SingleSelect', 'USPhoneNumber',
] as const;
export type FormQuestionType = (typeof FORM_QUESTION_TYPES)[number];
const AnswerType = Type.Union([Type.Literal('Other'), Type.Literal('NA')], { description: 'A non-default answer type: Other (with secondaryValue) or NA (no value).' });
const IsoDate = (description: string) => Type.String({ format: 'date', description });

const FormQuestionFields = {
  name: Text(500, 'The text of the question.'),
  type: Type.Enum(FORM_QUESTION_TYPES, { type: 'string', description: 'The type of data the question collects.' }),
  required: Type.Optional(Type.Boolean({ description: 'True: a request must answer it (unless skipRequiredQuestionValidation).' })),
  hidden: Type.Optional(Type.Boolean({ description: 'True: hidden from the person filling out the form.' })),
  minLength: Type.Optional(Type.Integer({ minimum: 0, maximum: 4000, description: 'The minimum length of a text answer.' })),
  maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 4000, description: 'The maximum length of a text answer.' })),
  minChoice: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'The minimum number of choices of a MultiSelect answer.' })),
  maxChoice: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'The maximum number of choices of a MultiSelect answer.' })),
  minDate: Type.Optional(IsoDate('The earliest date of a Date answer.')),
  maxDate: Type.Optional(IsoDate('The latest date of a Date answer.')),
  answerTypes: Type.Optional(Type.Array(AnswerType, { uniqueItems: true, maxItems: 2, description: 'Non-default answer types the question accepts.' })),
};
export const FormQuestionInputSchema = Type.Object({
  id: Type.Optional(Uuid('The question\'s ID (generated when absent).')),
  ...FormQuestionFields,
  value: Type.Optional(Type.Array(Text(500, 'A choice.'), { uniqueItems: true, maxItems: 200, description: 'The choices of a SingleSelect / MultiSelect question (required for those).' })),
}, { additionalProperties: false });
export type FormQuestionInput = Static<typeof FormQuestionInputSchema>;

export const FormInputSchema = Type.Object({
  name: Text(200, 'User-defined name of the meeting request form.'),
  active: Type.Optional(Type.Boolean({ default: true, description: 'True: the form takes new requests.' })),
  statuses: Type.Optional(Type.Array(Text(100, 'A status.'), {
    minItems: 1, maxItems: 20, uniqueItems: true,
    description: 'The form\'s statuses in workflow order; a request starts in the first. Default: Submitted, In Review, Approved, Declined.',
  })),
  statusTransitions: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String({ maxLength: 100 }), { uniqueItems: true, maxItems: 20 }), {
    description: 'For each status, the statuses a request may move to (eventline). Default: any later status of the list (forward only); with the default statuses, Approved and Declined are final.',
  })),
  questions: Type.Array(FormQuestionInputSchema, { maxItems: 100, description: 'The questions a request from this form answers.' }),
  id: Type.Optional(Type.String({ description: 'Read-only: ignored.' })),
}, { additionalProperties: false, title: 'MeetingRequestForm' });
export type FormInput = Static<typeof FormInputSchema>;

export const FormQuestionSchema = Type.Object({
  id: Uuid('The question.'),
  ...FormQuestionFields,
  value: Type.Array(Type.String(), { description: 'The possible answers (choices) of the question.' }),
  order: Type.Integer({ description: 'The order of the question on the form.' }),
});
export type FormQuestion = Static<typeof FormQuestionSchema>;
export const FormSchema = Type.Object({
  id: Uuid('The ID of the meeting request form.'),
  name: Type.String(),
  statuses: Type.Array(Type.String(), { description: 'The form\'s statuses, in workflow order.' }),
  statusTransitions: Type.Record(Type.String(), Type.Array(Type.String()), { description: 'eventline: the moves each status allows.' }),
  active: Type.Boolean(),
  questions: Type.Array(FormQuestionSchema),
}, { title: 'MeetingRequestForm' });
export type Form = Static<typeof FormSchema>;
export const FormPageSchema = paginated(FormSchema, 'MeetingRequestFormResponse');

// ---- Requests ----

const AnswerInputSchema = Type.Object({
  id: Uuid('The question (of the form, or one of the well-known questions).'),
  value: Type.Array(Type.String({ maxLength: 4000 }), { uniqueItems: true, maxItems: 100, description: 'The answer values; complex questions take JSON-serialized objects.' }),
  answerType: Type.Optional(AnswerType),
  secondaryValue: Type.Optional(Type.String({ maxLength: 4000, description: 'The text of an Other answer.' })),
  name: Type.Optional(Type.String({ description: 'Read-only: ignored.' })),
  type: Type.Optional(Type.String({ description: 'Read-only: ignored.' })),
}, { additionalProperties: false });
export type AnswerInput = Static<typeof AnswerInputSchema>;
const EventRef = Type.Object({ id: Uuid('An event of the account (eventline: connects the request to the event; one request per event).') }, { additionalProperties: false });
const RequestFields = {
  name: Text(200, 'The name of the meeting request.'),
  sourceId: Type.Optional(Text(100, 'The ID of the request in an external system, unique in the account (409 otherwise).')),
  statusNote: Type.Optional(Type.String({ maxLength: 2000, description: 'A note about the status.' })),
  event: Type.Optional(EventRef),
};
export const RequestCreateSchema = Type.Object({
  ...RequestFields,
  questions: Type.Array(AnswerInputSchema, { maxItems: 200 }),
  meetingRequestForm: Type.Optional(Type.Object({ id: Type.Optional(Uuid('The form: the path\'s (400 when another).')), name: Type.Optional(Type.String()) })),
  status: Type.Optional(Text(100, 'The first status of the form (where every request starts).')),
}, { additionalProperties: false, title: 'MeetingRequestCreate' });
export type RequestCreate = Static<typeof RequestCreateSchema>;
export const RequestUpdateSchema = Type.Object({
  id: Uuid('The meeting request.'),
  name: Type.Optional(RequestFields.name), sourceId: RequestFields.sourceId, statusNote: RequestFields.statusNote, event: RequestFields.event,
  questions: Type.Optional(Type.Array(AnswerInputSchema, { maxItems: 200, description: 'Answers to add or replace (by question id); an empty value clears one.' })),
  status: Type.Optional(Text(100, 'The new status: one the current status may move to (409 otherwise).')),
}, { additionalProperties: false, title: 'MeetingRequestUpdate' });
export type RequestUpdate = Static<typeof RequestUpdateSchema>;
export const MAX_BULK = 5;
export const BulkCreateSchema = Type.Array(RequestCreateSchema, { minItems: 1, maxItems: MAX_BULK });
export const BulkUpdateSchema = Type.Array(RequestUpdateSchema, { minItems: 1, maxItems: MAX_BULK });

export const QUESTION_TYPES = [...FORM_QUESTION_TYPES, 'Country', 'MeetingRoomRequirements', 'SleepingRoomRequirements', 'BudgetEstimates'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
const AnswerSchema = Type.Object({
  id: Uuid('The question.'),
  name: Type.String(),
  type: Type.Enum(QUESTION_TYPES, { type: 'string' }),
  value: Type.Array(Type.String()),
  answerType: Type.Optional(AnswerType),
  secondaryValue: Type.Optional(Type.String()),
});
export type Answer = Static<typeof AnswerSchema>;
export const RequestSchema = Type.Object({
  id: Uuid('The meeting request.'),
  name: Type.String(),
  status: Type.String(),
  statusNote: Type.Optional(Type.String()),
  meetingRequestForm: Type.Object({ id: Uuid('The form.'), name: Type.String() }),
  questions: Type.Array(AnswerSchema),
  event: Type.Optional(Type.Object({ id: Uuid('The event.') })),
  sourceId: Type.Optional(Type.String()),
  code: Type.String({ description: 'The request\'s code for reference.' }),
  archiveDate: Type.Optional(Type.String()),
  ...Audit,
}, { title: 'MeetingRequest' });
export type MeetingRequest = Static<typeof RequestSchema>;
export const RequestPageSchema = paginated(RequestSchema, 'MeetingRequestPaginatedResponse');
export const BulkResponseSchema = Type.Array(Type.Object({
  status: Type.Integer({ description: 'The item\'s status: 201 created, 200 updated.' }),
  message: Type.String(),
  data: RequestSchema,
}, { additionalProperties: false }), { title: 'MeetingRequestBulkResponse' });
export type BulkResponse = Static<typeof BulkResponseSchema>;

// ---- Documents ----

export const DocumentInputSchema = Type.Object({
  file: Type.Object({ id: Uuid('A file uploaded with POST /files, not attached elsewhere.') }, { additionalProperties: false }),
  name: Type.Optional(Text(255, 'The document\'s name (default: the file\'s name).')),
}, { additionalProperties: false, title: 'MeetingRequestDocumentCreate' });
export type DocumentInput = Static<typeof DocumentInputSchema>;
export const DocumentSchema = Type.Object({
  id: Uuid('The document.'),
  name: Type.String(),
  size: Type.Integer(),
  uploaded: Type.String({ format: 'date-time' }),
  uploadedBy: Type.String(),
  lastModified: Type.String({ format: 'date-time' }),
  lastModifiedBy: Type.String(),
  mimeType: Type.String(),
  referenceLink: Type.Optional(Type.Object({ url: Type.String({ format: 'uri' }), expiration: Type.String({ format: 'date-time' }) })),
  meetingRequest: Type.Object({ id: Uuid('The meeting request.') }),
}, { title: 'MeetingRequestDocument' });
export type MeetingRequestDocument = Static<typeof DocumentSchema>;
export const DocumentPageSchema = paginated(DocumentSchema, 'MeetingRequestDocumentPaginatedResponse');
