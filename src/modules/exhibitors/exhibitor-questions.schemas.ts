import { Type, type Static } from 'typebox';
import { ANSWER_FORMATS, ANSWER_TYPES, QUESTION_TYPES } from './exhibitor-questions.table.js';
import { AssociatedRefs, AuditSchema, EventParamsSchema, PathRefs, ReadOnlyAudit, Ref } from './team.schemas.js';

// The reference's exhibitor questions (existing-exhibitor-question, read only
// there: eventline adds create/update/delete as extensions) and answers
// (existing-exhibitor-answer.json, exhibitor-answers-request/response).

export const QuestionTypeSchema = Type.Enum(QUESTION_TYPES, { type: 'string', description: 'The type of data the question collects.' });
export const AnswerFormatSchema = Type.Enum(ANSWER_FORMATS, { type: 'string',
  description: 'SingleChoice: Dropdown or RadioButton; OpenEndedTextOneLine: General, EmailAddress or PhoneNumber; OpenEndedDateTime: DateAndTime or Date.',
});
export const AnswerTypeSchema = Type.Enum(ANSWER_TYPES, { type: 'string', description: 'Type of answer.' });

export const LimitsSchema = Type.Object({
  minLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 2000, description: 'Text questions: the shortest answer (default 1).' })),
  maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 2000, description: 'Text questions: the longest answer (default 2000).' })),
  minSelections: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'MultiChoice: the fewest choices (default 1).' })),
  maxSelections: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'MultiChoice: the most choices (default all).' })),
}, { title: 'ExhibitorAnswerLimits', additionalProperties: false });
export type Limits = Static<typeof LimitsSchema>;

const AdditionalChoice = Type.Object({ text: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }) }, { additionalProperties: false });

export const ChoiceInputSchema = Type.Object({
  id: Type.Optional(Type.String({ format: 'uuid', description: 'An existing choice of the question (on update), kept with its answers; omitted: a new choice.' })),
  text: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }),
}, { additionalProperties: false });

export const QuestionInputSchema = Type.Object({
  ...ReadOnlyAudit,
  displayOrder: Type.Optional(Type.Integer({ description: 'Read-only: ignored (questions are shown in the order they were created).' })),
  event: Type.Optional(Ref('The event: the one in the path.')),
  text: Type.String({ minLength: 1, maxLength: 2000, pattern: '\\S', description: 'The text of the question.' }),
  code: Type.Optional(Type.String({ minLength: 4, maxLength: 10, pattern: '^[A-Za-z0-9_-]+$', description: 'Unique within the event (409 otherwise).' })),
  type: QuestionTypeSchema,
  required: Type.Boolean({ description: 'Whether exhibitors must answer it (a planner may still skip it).' }),
  choices: Type.Optional(Type.Array(ChoiceInputSchema, { minItems: 1, maxItems: 100, description: 'MultiChoice and SingleChoice only (required there).' })),
  notApplicableAnswer: Type.Optional(AdditionalChoice),
  otherAnswer: Type.Optional(AdditionalChoice),
  answerFormat: Type.Optional(AnswerFormatSchema),
  answerLimits: Type.Optional(LimitsSchema),
  defaultToCurrentDate: Type.Optional(Type.Boolean({ description: 'OpenEndedDateTime only.' })),
}, { title: 'ExhibitorQuestionInput', additionalProperties: false });
export type QuestionInput = Static<typeof QuestionInputSchema>;

export const QuestionSchema = Type.Object({
  id: Type.String({ format: 'uuid', description: 'Exhibitor Question id' }),
  displayOrder: Type.Integer({ minimum: 1 }),
  event: Ref('The Associated Event.'),
  text: Type.String(),
  code: Type.Optional(Type.String()),
  type: QuestionTypeSchema,
  required: Type.Boolean(),
  choices: Type.Optional(Type.Array(Type.Object({ id: Type.String({ format: 'uuid' }), text: Type.String() }))),
  notApplicableAnswer: Type.Optional(Type.Object({ text: Type.String() })),
  otherAnswer: Type.Optional(Type.Object({ text: Type.String() })),
  answerFormat: Type.Optional(AnswerFormatSchema),
  answerLimits: Type.Optional(LimitsSchema),
  defaultToCurrentDate: Type.Optional(Type.Boolean()),
  ...AuditSchema,
}, { title: 'ExhibitorQuestion' });
export type Question = Static<typeof QuestionSchema>;
export const QuestionListSchema = Type.Object({ data: Type.Array(QuestionSchema) }, { title: 'ExhibitorQuestionsListResponse' });
export const QuestionParamsSchema = Type.Object({ ...EventParamsSchema.properties, questionId: Type.String({ format: 'uuid', description: 'ID of an exhibitor question.' }) });

export const AnswerValueSchema = Type.Object({
  type: AnswerTypeSchema,
  value: Type.Optional(Type.String({ maxLength: 2000, description: 'Text and Other: the answer. Choice: the choice\'s text (ignored in a request).' })),
  choice: Type.Optional(Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false, description: 'Choice: the choice selected.' })),
}, { title: 'Answer', additionalProperties: false });
export type AnswerValue = Static<typeof AnswerValueSchema>;

export const AnswerInputSchema = Type.Object({
  ...ReadOnlyAudit,
  question: Ref('The question answered.'),
  ...PathRefs,
  answers: Type.Array(AnswerValueSchema, { maxItems: 101, description: 'The answer (an empty list clears it).' }),
}, { title: 'ExhibitorAnswerInput', additionalProperties: false });
export type AnswerInput = Static<typeof AnswerInputSchema>;

export const AnswersRequestSchema = Type.Object({
  data: Type.Array(AnswerInputSchema, { maxItems: 500, description: 'Answers to questions of the event, one entry per question.' }),
}, { title: 'ExhibitorAnswersRequest', additionalProperties: false });
export type AnswersRequest = Static<typeof AnswersRequestSchema>;

export const AnswerSchema = Type.Object({
  id: Type.String({ format: 'uuid', description: 'Exhibitor Answer id' }),
  question: Ref('The question answered.'),
  ...AssociatedRefs,
  answers: Type.Array(AnswerValueSchema),
  ...AuditSchema,
}, { title: 'ExhibitorAnswer' });
export type Answer = Static<typeof AnswerSchema>;
export const AnswerListSchema = Type.Object({ data: Type.Array(AnswerSchema) }, { title: 'ExhibitorAnswersListResponse' });
