import { Type, type Static, type TSchema } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

// The reference's Surveys tag: surveys (event chapters and standalone surveys),
// questions, large choices, respondents, responses and email templates; plus
// the eventline extensions that create what the reference only reads.

export const QUESTION_TYPES = [
  'SingleChoice', 'MultiChoice', 'MatrixSingleChoice', 'MatrixMultiChoice', 'MatrixSideBySide', 'MatrixSpreadSheet', 'DateTime', 'Number', 'Text',
  'CommentBox', 'Form', 'RankOrder', 'FileUpload', 'NetPromoter', 'Rating', 'MatrixRating', 'NumberAllocation', 'LargeChoices',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const ANSWER_TYPES = ['Choice', 'Text', 'ChoiceText', 'Comment', 'Other', 'NA', 'File'] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];
export const FIELD_TYPES = ['SingleChoice', 'MultiChoice', 'DateTime', 'Number', 'Text'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const SURVEY_STATUSES = ['Draft', 'Active', 'Closed', 'Archived'] as const;
export const EVENT_SURVEY_TYPES = ['Event Feedback', 'Session Feedback', 'Stakeholder Feedback'] as const;
export type EventSurveyType = (typeof EVENT_SURVEY_TYPES)[number];
export const AVAILABILITIES = ['Event Registrants', 'Event Participants', 'Session Registrants', 'Session Participants'] as const;
export const AUDIENCE_TYPES = ['Attendee', 'Stakeholder', 'Speaker'] as const;
export const SESSION_MATCHES = ['Only certain sessions', 'All sessions'] as const;
export const RESPONDED_THROUGH = ['Not Responded', 'API', 'Import', 'Mobile', 'Desktop'] as const;
export const RESPONDENT_STATUSES = ['No Response', 'Preloaded', 'Visited', 'Partial Response', 'Complete Response', 'Disqualified Response'] as const;
export type RespondentStatus = (typeof RESPONDENT_STATUSES)[number];

const str = (values: readonly string[], title: string, description?: string) => Type.Enum(values, { title, type: 'string', ...(description ? { description } : {}) });
const Uuid = (description = 'A UUID.') => Type.String({ format: 'uuid', description });
const Ref = (description = 'The reference to the related entity.') => Type.Object({ id: Uuid() }, { description });
const DateTime = (description: string) => Type.String({ format: 'date-time', description });
const opt = <T extends TSchema>(s: T) => Type.Optional(s);
const Text = (max: number, description: string) => Type.String({ maxLength: max, description });
/** A read-only field of the reference that a client may send back: accepted and ignored. */
const ignored = opt(Type.Unknown({ description: 'Read-only: ignored.' }));
const readOnlyAudit = { created: ignored, createdBy: ignored, lastModified: ignored, lastModifiedBy: ignored };

const audit = {
  created: DateTime('When this record was created.'),
  createdBy: Type.String({ description: 'Who created this record.' }),
  lastModified: DateTime('When this record was last updated.'),
  lastModifiedBy: Type.String({ description: 'Who last updated this record.' }),
};

// Path parameters.
const EventId = Uuid('Id of an event');
const SurveyId = Uuid('Id of a survey, or of a chapter of an event survey');
export const EventParamsSchema = Type.Object({ id: EventId });
export const EventSurveyParamsSchema = Type.Object({ id: EventId, surveyId: SurveyId });
export const EventRespondentParamsSchema = Type.Object({ id: EventId, surveyId: SurveyId, respondentId: Uuid('Id of a respondent') });
export const SurveyParamsSchema = Type.Object({ surveyId: SurveyId });
export const RespondentParamsSchema = Type.Object({ surveyId: SurveyId, respondentId: Uuid('Id of a respondent') });
export const ResponseParamsSchema = Type.Object({ surveyId: SurveyId, respondentId: Uuid('Id of a respondent'), responseId: Uuid('Id of a response') });
export const EmailParamsSchema = Type.Object({ surveyId: SurveyId, respondentId: Uuid('Id of a respondent'), emailTemplateId: Uuid('Id of an email template') });

// Queries: each list takes the reference's parameters.
const { limit, token, after, before, filter } = listQuerySchema().properties;
export const ListQuerySchema = Type.Object({ limit, token, after, before, filter }, { additionalProperties: false });
export const UnfilteredQuerySchema = Type.Object({ limit, token, after, before }, { additionalProperties: false });
export const PagedQuerySchema = Type.Object({ limit, token }, { additionalProperties: false });
export const LargeChoicesQuerySchema = Type.Object({ limit, token, filter }, { additionalProperties: false });

// Question definitions (question.json2 and its parts).
const TextFieldSchema = Type.Object({ id: Uuid('Text field ID.'), text: Type.String(), shortText: opt(Type.String()) }, { title: 'TextField' });
const ChoiceSchema = Type.Object({ id: Uuid('Text field ID.'), text: Type.String(), shortText: opt(Type.String()), label: opt(Type.String()) }, { title: 'Choice' });
const CategorySchema = Type.Object({ id: Uuid('Text field ID.'), text: Type.String(), shortText: opt(Type.String()), required: Type.Boolean() }, { title: 'Category' });
const AdditionalChoiceSchema = Type.Object({ text: Type.String(), shortText: opt(Type.String()) }, { title: 'additionalChoice' });
const FieldSchema = Type.Object({
  id: Uuid('Text field ID.'), text: Type.String(), shortText: opt(Type.String()), type: str(FIELD_TYPES, 'FieldType'),
  choices: opt(Type.Array(ChoiceSchema)), notApplicableAnswer: opt(AdditionalChoiceSchema), otherAnswer: opt(AdditionalChoiceSchema), required: Type.Boolean(),
}, { title: 'Field' });

/** What a question's details column holds: its parts, with their ids. */
export const QuestionDetailsSchema = Type.Object({
  choices: opt(Type.Array(ChoiceSchema)),
  categories: opt(Type.Array(CategorySchema)),
  subCategories: opt(Type.Array(TextFieldSchema)),
  notApplicableAnswer: opt(AdditionalChoiceSchema),
  otherAnswer: opt(AdditionalChoiceSchema),
  comments: opt(Type.String()),
  fields: opt(Type.Array(FieldSchema)),
  totalSum: opt(Type.Integer()),
});
export type QuestionDetails = Static<typeof QuestionDetailsSchema>;

const questionCommon = {
  id: Uuid('The question ID.'), text: Type.String({ description: 'The question.' }), shortText: opt(Type.String()), htmlText: opt(Type.String()), code: opt(Type.String()),
  type: str(QUESTION_TYPES, 'QuestionType'), ...QuestionDetailsSchema.properties, required: Type.Boolean(), maxScore: opt(Type.Number()), ...audit,
};
export const QuestionSchema = Type.Object({ ...questionCommon, survey: Ref(), chapter: Ref() }, { title: 'Question' });
export const EventQuestionSchema = Type.Object({ ...questionCommon, survey: Ref(), event: Ref() }, { title: 'EventSurveyQuestion' });
export type Question = Static<typeof QuestionSchema>;
export type EventQuestion = Static<typeof EventQuestionSchema>;

// eventline extension: creating a question.
const TextInput = { text: Text(2000, 'The text.'), shortText: opt(Text(200, 'The reporting value.')) };
const ChoiceInput = Type.Object({ ...TextInput, label: opt(Text(200, 'Label of the choice.')) }, { additionalProperties: false });
const AdditionalChoiceInput = Type.Object(TextInput, { additionalProperties: false });
export const QuestionInputSchema = Type.Object({
  ...TextInput,
  htmlText: opt(Text(10000, 'Html of the question.')),
  code: opt(Text(100, 'Question code.')),
  type: str(QUESTION_TYPES, 'QuestionType'),
  required: opt(Type.Boolean({ default: false })),
  choices: opt(Type.Array(ChoiceInput, { maxItems: 200 })),
  categories: opt(Type.Array(Type.Object({ ...TextInput, required: opt(Type.Boolean()) }, { additionalProperties: false }), { maxItems: 200 })),
  subCategories: opt(Type.Array(Type.Object(TextInput, { additionalProperties: false }), { maxItems: 50 })),
  notApplicableAnswer: opt(AdditionalChoiceInput),
  otherAnswer: opt(AdditionalChoiceInput),
  comments: opt(Text(500, 'Placeholder of the comments box: when set, a Comment answer is accepted.')),
  fields: opt(Type.Array(Type.Object({
    ...TextInput, type: str(FIELD_TYPES, 'FieldType'), choices: opt(Type.Array(ChoiceInput, { maxItems: 200 })),
    notApplicableAnswer: opt(AdditionalChoiceInput), otherAnswer: opt(AdditionalChoiceInput), required: opt(Type.Boolean()),
  }, { additionalProperties: false }), { maxItems: 100 })),
  maxScore: opt(Type.Number({ minimum: 0 })),
  totalSum: opt(Type.Integer({ minimum: 1 })),
  largeChoices: opt(Type.Array(Text(500, 'A choice.'), { maxItems: 5000, description: 'eventline: the choices of a LargeChoices question (listed by GET /large-choices).' })),
}, { title: 'SurveyQuestionInput', additionalProperties: false });
export type QuestionInput = Static<typeof QuestionInputSchema>;

export const LargeChoiceSchema = Type.Object({ id: Uuid('The ID of the choice.'), text: Type.String(), question: Ref() }, { title: 'LargeChoice' });
export type LargeChoice = Static<typeof LargeChoiceSchema>;

// Surveys.
const surveyCommon = {
  id: Uuid('Id of the survey, or of the chapter for an event survey.'), title: Type.String(), code: opt(Type.String()), timezone: opt(Type.String({ maxLength: 29 })),
  description: opt(Type.String()), closeAfter: opt(DateTime('The survey closes after this time.')), ...audit,
};
export const SurveySchema = Type.Object({
  ...surveyCommon, responseCount: Type.Integer({ minimum: 0 }), status: str(SURVEY_STATUSES, 'SurveyStatus'), type: str(['Standalone', 'Event', 'Assessment'], 'SurveyType'),
  activateDate: opt(DateTime('Activation time.')), events: Type.Array(Ref()),
}, { title: 'Survey' });
export const StandardSurveySchema = Type.Object({
  ...surveyCommon, responseCount: Type.Integer({ minimum: 0 }), status: str(SURVEY_STATUSES, 'SurveyStatus'), archiveAfter: opt(DateTime('Archive time.')),
}, { title: 'StandardSurvey' });
export const EventSurveySchema = Type.Object({
  ...surveyCommon, type: str(EVENT_SURVEY_TYPES, 'EventSurveyType'), availableTo: opt(str(AVAILABILITIES, 'EventSurveyAvailability')),
  audienceType: opt(str(AUDIENCE_TYPES, 'EventSurveyAudienceType')), sessionMatch: opt(str(SESSION_MATCHES, 'EventSurveySessionMatch')),
  sessions: Type.Array(Uuid('A session id.')), parentId: Uuid('Id of the parent survey.'),
}, { title: 'EventSurvey' });
export type Survey = Static<typeof SurveySchema>;
export type StandardSurvey = Static<typeof StandardSurveySchema>;
export type EventSurvey = Static<typeof EventSurveySchema>;

const surveyInput = {
  title: Text(500, 'Title of the survey.'), code: opt(Text(100, 'Survey code.')), description: opt(Text(5000, 'Survey description.')),
  timezone: opt(Type.String({ maxLength: 29 })), closeAfter: opt(DateTime('The survey closes after this time: responses are then refused (400).')),
  status: opt(str(SURVEY_STATUSES, 'SurveyStatus', 'Default Active. Only an Active survey takes respondents and responses.')),
};
export const StandardSurveyInputSchema = Type.Object({ ...surveyInput, archiveAfter: opt(DateTime('Archive time.')) }, { title: 'StandardSurveyInput', additionalProperties: false });
export const EventSurveyInputSchema = Type.Object({
  ...surveyInput, type: opt(str(EVENT_SURVEY_TYPES, 'EventSurveyType', 'Default Event Feedback.')), availableTo: opt(str(AVAILABILITIES, 'EventSurveyAvailability')),
  audienceType: opt(str(AUDIENCE_TYPES, 'EventSurveyAudienceType')), sessionMatch: opt(str(SESSION_MATCHES, 'EventSurveySessionMatch')),
  sessions: opt(Type.Array(Uuid('A session of the event.'), { maxItems: 200, uniqueItems: true })),
}, { title: 'EventSurveyInput', additionalProperties: false });
export type StandardSurveyInput = Static<typeof StandardSurveyInputSchema>;
export type EventSurveyInput = Static<typeof EventSurveyInputSchema>;

// Respondents.
const LinkSchema = Type.Object({ href: Type.String() });
const respondentCommon = {
  id: Uuid('Id of the respondent.'), responseCode: Type.String(), localeId: opt(Type.String()), respondedThrough: str(RESPONDED_THROUGH, 'RespondedThrough'),
  referenceId: opt(Type.String()), sourceId: opt(Type.String()), _links: opt(Type.Object({ surveyUrl: opt(LinkSchema) })), ...audit,
};
const ChapterRefSchema = Type.Object({ id: Uuid(), status: str(['Not Started', 'In Progress', 'Complete'], 'Status') });
export const EventRespondentSchema = Type.Object({
  ...respondentCommon, event: Ref(), attendee: opt(Ref()), contact: opt(Ref()), surveys: Type.Array(ChapterRefSchema),
}, { title: 'EventSurveyRespondent' });
export const StandardRespondentSchema = Type.Object({
  ...respondentCommon, contact: opt(Ref()), status: str(RESPONDENT_STATUSES, 'RespondentStatus'), unsubscribed: Type.Boolean(),
  invitationList: opt(Ref()), chapters: Type.Array(ChapterRefSchema), transactionId: opt(Type.String()),
  attendee: opt(Ref('eventline extension: the attendee this respondent answers as; their responses are activities of that attendee.')),
}, { title: 'StandardSurveyRespondent' });
export const RespondentSchema = Type.Object({
  ...respondentCommon, event: opt(Ref()), contact: opt(Ref()), attendee: opt(Ref()), survey: Ref(), status: str(RESPONDENT_STATUSES, 'RespondentStatus'),
  unsubscribed: Type.Boolean(), chapters: Type.Array(ChapterRefSchema), invitationList: opt(Ref()), transactionId: opt(Type.String()),
}, { title: 'Respondent' });
export type EventRespondent = Static<typeof EventRespondentSchema>;
export type StandardRespondent = Static<typeof StandardRespondentSchema>;
export type Respondent = Static<typeof RespondentSchema>;

const respondentInput = {
  id: ignored, responseCode: ignored, responseDuration: ignored, score: ignored, maxPossibleScore: ignored, percentageScore: ignored, _links: ignored, ...readOnlyAudit,
  localeId: opt(Text(35, 'Locale of the respondent (IETF language tag).')),
  respondedThrough: opt(str(RESPONDED_THROUGH, 'RespondedThrough')),
  referenceId: opt(Text(200, 'Where the response comes from.')),
  sourceId: opt(Text(200, 'The respondent in an external system.')),
};
export const EventRespondentInputSchema = Type.Object({
  ...respondentInput, event: opt(Type.Object({ id: Uuid('Must be the event of the path.') })),
  attendee: Type.Object({ id: Uuid('An attendee of the event.') }, { description: 'The attendee who responds (required by eventline: responses are their activities).' }),
  contact: ignored, surveys: ignored,
}, { title: 'EventSurveyRespondentInput', additionalProperties: false });
export const StandardRespondentInputSchema = Type.Object({
  ...respondentInput,
  contact: Type.Object({ id: Uuid('A contact of the account.') }, { description: 'The contact who responds; survey emails go to its address.' }),
  status: opt(str(RESPONDENT_STATUSES, 'RespondentStatus')),
  invitationList: opt(Type.Object({ id: Uuid('An invitation list id (kept as given).') })),
  transactionId: opt(Text(200, 'A transaction id (invoice, order) the response is about.')),
  attendee: opt(Type.Object({ id: Uuid('An attendee of the contact.') }, {
    description: 'eventline extension: the attendee (of this contact) this respondent answers as. Responses are then event.feedbackSubmitted activities of the attendee.',
  })),
  unsubscribed: ignored, unsubscribedBy: ignored, chapters: ignored,
}, { title: 'StandardSurveyRespondentInput', additionalProperties: false });
export type EventRespondentInput = Static<typeof EventRespondentInputSchema>;
export type StandardRespondentInput = Static<typeof StandardRespondentInputSchema>;

// Responses.
export const AnswerSchema = Type.Object({
  type: str(ANSWER_TYPES, 'AnswerType'),
  value: opt(Type.String({ maxLength: 10000, description: 'Text, number, date; the rank of a RankOrder choice; the amount of a NumberAllocation choice; a file id.' })),
  choice: opt(Ref()), category: opt(Ref()), subCategory: opt(Ref()), field: opt(Ref()),
}, { title: 'Answer', additionalProperties: false });
export type Answer = Static<typeof AnswerSchema>;
export const AnswersSchema = Type.Array(AnswerSchema, { minItems: 1, maxItems: 500 });

const responseCommon = {
  id: Uuid('Response ID'), respondent: Ref(), question: Ref(), answers: Type.Array(AnswerSchema), ...audit,
};
export const EventResponseSchema = Type.Object({
  ...responseCommon, event: Ref(), survey: Ref(), session: opt(Ref()), speaker: opt(Ref()),
}, { title: 'EventSurveyResponse' });
export const StandardResponseSchema = Type.Object({ ...responseCommon, survey: Ref(), loopingChoice: opt(Ref()) }, { title: 'StandardSurveyResponse' });
export const ResponseSchema = Type.Object({
  ...responseCommon, event: opt(Ref()), session: opt(Ref()), chapter: Ref(), survey: Ref(), speaker: opt(Ref()), loopingChoice: opt(Ref()), attempt: Type.Integer(),
}, { title: 'SurveyResponses' });
export type EventResponse = Static<typeof EventResponseSchema>;
export type StandardResponse = Static<typeof StandardResponseSchema>;
export type SurveyResponse = Static<typeof ResponseSchema>;

const responseInput = { id: ignored, respondent: ignored, score: ignored, ...readOnlyAudit, question: Type.Object({ id: Uuid('A question of the survey.') }), answers: AnswersSchema };
export const EventResponseInputSchema = Type.Object({
  ...responseInput, event: opt(Type.Object({ id: Uuid('Must be the event of the path.') })), survey: opt(Type.Object({ id: Uuid() })),
  session: opt(Type.Object({ id: Uuid('A session of the survey\'s event.') })), speaker: opt(Type.Object({ id: Uuid('The speaker the feedback is about.') })),
}, { title: 'EventSurveyResponseInput', additionalProperties: false });
export const StandardResponseInputSchema = Type.Object({
  ...responseInput, survey: opt(Type.Object({ id: Uuid() })), loopingChoice: opt(Type.Object({ id: Uuid() })),
}, { title: 'StandardSurveyResponseInput', additionalProperties: false });
export type EventResponseInput = Static<typeof EventResponseInputSchema>;
export type StandardResponseInput = Static<typeof StandardResponseInputSchema>;

// Email templates and the invitation.
const templateFields = {
  name: Text(200, 'Name of the email template.'), subject: Text(500, 'Subject of the email.'),
  fromName: opt(Text(200, 'Name of the sender.')), fromEmail: opt(Type.String({ format: 'email', maxLength: 254, description: 'The email address of the sender.' })),
  plaintextBody: Text(20000, 'Plain text body. {{surveyTitle}}, {{responseCode}}, {{firstName}} and {{lastName}} are replaced.'),
  htmlBody: opt(Text(100000, 'HTML body, with the same placeholders (values HTML-escaped).')),
  locale: opt(Text(35, 'Locale of the template (IETF language tag).')),
  clickTrackingEnabled: opt(Type.Boolean({ description: 'Accepted and kept; eventline does not rewrite links.' })),
  replyToName: opt(Text(200, 'Name to reply to.')), replyToEmail: opt(Type.String({ format: 'email', maxLength: 254, description: 'Address to reply to.' })),
};
export const EmailTemplateSchema = Type.Object({
  id: Uuid('Id of the email template.'), ...templateFields, clickTrackingEnabled: Type.Boolean(), active: Type.Boolean(), ...audit,
}, { title: 'StandardSurveyEmailTemplates' });
export const EmailTemplateInputSchema = Type.Object({
  ...templateFields, active: opt(Type.Boolean({ default: true, description: 'Only an active template can be sent.' })),
}, { title: 'StandardSurveyEmailTemplateInput', additionalProperties: false });
export type EmailTemplate = Static<typeof EmailTemplateSchema>;
export type EmailTemplateInput = Static<typeof EmailTemplateInputSchema>;

export const SendEmailResponseSchema = Type.Object({ survey: Ref(), respondent: Ref(), emailTemplate: Ref() }, { title: 'StandardSurveySendEmailResponse' });
export type SendEmailResponse = Static<typeof SendEmailResponseSchema>;

// Pages.
export const SurveyPageSchema = paginated(SurveySchema, 'SurveysPaginatedResponse');
export const StandardSurveyPageSchema = paginated(StandardSurveySchema, 'StandardSurveysPaginatedResponse');
export const EventSurveyPageSchema = paginated(EventSurveySchema, 'EventSurveysPaginatedResponse');
export const QuestionPageSchema = paginated(QuestionSchema, 'SurveyQuestionsPaginatedResponse');
export const EventQuestionPageSchema = paginated(EventQuestionSchema, 'SurveyQuestionPaginatedResponse');
export const LargeChoicePageSchema = paginated(LargeChoiceSchema, 'LargeChoicesPaginatedResponse');
export const RespondentPageSchema = paginated(RespondentSchema, 'SurveyRespondentsPaginatedResponse');
export const EventRespondentPageSchema = paginated(EventRespondentSchema, 'EventSurveyRespondentsPaginatedResponse');
export const StandardRespondentPageSchema = paginated(StandardRespondentSchema, 'StandardSurveyRespondentsPaginatedResponse');
export const ResponsePageSchema = paginated(ResponseSchema, 'ResponsesPaginatedResponse');
export const EventResponsePageSchema = paginated(EventResponseSchema, 'EventSurveyResponsesPaginatedResponse');
export const StandardResponsePageSchema = paginated(StandardResponseSchema, 'StandardSurveyResponsesPaginatedResponse');
export const EmailTemplatePageSchema = paginated(EmailTemplateSchema, 'StandardSurveyEmailTemplatesPaginatedResponse');
