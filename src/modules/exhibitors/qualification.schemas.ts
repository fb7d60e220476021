import { Type, type Static } from 'typebox';
import { AuditSchemas, Uuid } from './exhibitors.schemas.js';
import { QUESTION_TYPES } from './leads.table.js';

// The reference's lead qualification questions and answers (Exhibitor and Leads tags).

const IdRef = (description: string, title: string) => Type.Object({ id: Uuid(description) }, { title });
export const EventRef = IdRef('Event id', 'Event');
export const ExhibitorRef = IdRef('Exhibitor id', 'Exhibitor');
export const LeadRef = IdRef('Lead id', 'Lead');

export const EventExhibitorParamsSchema = Type.Object({ id: Uuid('ID of an event.'), exhibitorId: Uuid('ID of an exhibitor.') });
export const QuestionParamsSchema = Type.Object({ ...EventExhibitorParamsSchema.properties, questionId: Uuid('ID of a lead qualification question.') });
export const LeadParamsSchema = Type.Object({ ...EventExhibitorParamsSchema.properties, leadId: Uuid('ID of a lead.') });

export const QuestionTypeSchema = Type.Enum(QUESTION_TYPES, { type: 'string', description: 'Type of question' });
export const ANSWER_TYPES = ['Choice', 'Text', 'ChoiceText', 'Other', 'NA'] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];

const ChoiceSchema = Type.Object(
  {
    id: Uuid('Unique identifier for the choice'),
    text: Type.String({ description: 'Text value of the field' }),
    label: Type.Optional(Type.String({ description: 'Label of choice' })),
  },
  { title: 'Choice' },
);
const AdditionalChoiceSchema = Type.Object({ text: Type.String({ description: 'Text Value of additional choice' }) }, { title: 'Additional Choice' });

export const QuestionSchema = Type.Object(
  {
    id: Uuid('Lead Qualification Question id'),
    event: EventRef,
    exhibitor: ExhibitorRef,
    type: QuestionTypeSchema,
    code: Type.Optional(Type.String({ description: 'question code' })),
    choices: Type.Array(ChoiceSchema, { description: 'List of available choices for the question (empty for open-ended questions)' }),
    notApplicableAnswer: Type.Optional(AdditionalChoiceSchema),
    otherAnswers: Type.Optional(AdditionalChoiceSchema),
    required: Type.Boolean({ description: 'A boolean indicating whether the question is mandatory or not' }),
    text: Type.String({ description: 'text of the question' }),
    ...AuditSchemas,
  },
  { title: 'Lead Qualification Question' },
);
export type Question = Static<typeof QuestionSchema>;
export const QuestionListSchema = Type.Object({ data: Type.Array(QuestionSchema) }, { title: 'Lead Qualification Questions List Response' });

const readOnly = (description = 'Read-only: ignored.') => Type.Optional(Type.Unknown({ description }));
const ChoiceInputSchema = Type.Object(
  {
    id: Type.Optional(Uuid('A choice the question already has, to keep its id (answers name choices by id); without one the choice is new.')),
    text: Type.String({ minLength: 1, maxLength: 250 }),
    label: Type.Optional(Type.String({ maxLength: 250 })),
  },
  { title: 'ChoiceInput', additionalProperties: false },
);
const AdditionalChoiceInputSchema = Type.Object({ text: Type.String({ minLength: 1, maxLength: 250 }) }, { additionalProperties: false });

/** eventline extension: the body of POST and PUT .../questions (the reference's question without its read-only fields). */
export const QuestionInputSchema = Type.Object(
  {
    type: QuestionTypeSchema,
    text: Type.String({ minLength: 1, maxLength: 500, description: 'text of the question' }),
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'question code' })),
    choices: Type.Optional(Type.Array(ChoiceInputSchema, {
      maxItems: 100, description: 'MultiChoice, SingleChoice and Rating questions need at least one; open-ended questions have none.',
    })),
    notApplicableAnswer: Type.Optional(AdditionalChoiceInputSchema),
    otherAnswers: Type.Optional(AdditionalChoiceInputSchema),
    required: Type.Optional(Type.Boolean({ default: false })),
    id: readOnly(), event: readOnly(), exhibitor: readOnly(), created: readOnly(), createdBy: readOnly(), lastModified: readOnly(), lastModifiedBy: readOnly(),
  },
  { title: 'LeadQualificationQuestionInput', additionalProperties: false },
);
export type QuestionInput = Static<typeof QuestionInputSchema>;

export const AnswerSchema = Type.Object(
  {
    type: Type.Enum(ANSWER_TYPES, { type: 'string', title: 'AnswerType' }),
    value: Type.Optional(Type.String({ maxLength: 2000, description: 'The text of a Text, ChoiceText or Other answer.' })),
    choice: Type.Optional(Type.Object({ id: Uuid('A choice of the question.') }, { title: 'UUID', additionalProperties: false })),
  },
  { title: 'Answer', additionalProperties: false },
);
export type Answer = Static<typeof AnswerSchema>;

export const QuestionAnswersInputSchema = Type.Object(
  {
    question: Type.Object({ id: Uuid('A qualification question of the exhibitor.') }, { additionalProperties: false }),
    answers: Type.Array(AnswerSchema, { maxItems: 100, description: 'The answers to the question; an empty list removes its answers.' }),
  },
  { title: 'LeadQualificationAnswersInput', additionalProperties: false },
);
export type QuestionAnswersInput = Static<typeof QuestionAnswersInputSchema>;
export const AnswersInputSchema = Type.Array(QuestionAnswersInputSchema, { maxItems: 100 });

export const LeadAnswersSchema = Type.Object(
  {
    id: Uuid('The id of the answer record.'),
    question: Type.Object({ id: Uuid('The question.') }, { title: 'UUID' }),
    event: EventRef,
    exhibitor: ExhibitorRef,
    lead: LeadRef,
    answers: Type.Array(AnswerSchema),
    ...AuditSchemas,
  },
  { title: 'Lead Qualification Answers' },
);
export type LeadAnswers = Static<typeof LeadAnswersSchema>;
export const LeadAnswersListSchema = Type.Object({ data: Type.Array(LeadAnswersSchema) }, { title: 'Lead Qualification Answers List Response' });
