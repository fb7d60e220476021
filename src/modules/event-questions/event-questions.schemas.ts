import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

// The reference's event-question.json and event-question-choice.json: field names, enums and lengths as it gives them.
// The reference only reads questions; eventline's extensions write them (DESIGN rule 11).

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const opt = Type.Optional;
const DateTime = (description: string) => Type.String({ format: 'date-time', description });

export const QUESTION_TYPES = [
  'SingleChoice', 'MultiChoice', 'OpenEndedDateTime', 'OpenEndedTextOneLine', 'OpenEndedTextCommentBox', 'OpenEndedNumeric', 'FileUpload', 'MatrixSinglePerRow', 'MatrixMultiPerRow',
] as const;
export const CHOICE_QUESTION_TYPES: ReadonlySet<string> = new Set(['SingleChoice', 'MultiChoice', 'MatrixSinglePerRow', 'MatrixMultiPerRow']);
export const CHOICE_TYPES = ['StandardChoice', 'OtherChoice', 'NotApplicableChoice'] as const;

const writable = {
  event: Type.Object({ id: Uuid('The event asking the question (400 when unknown). Cannot change.') }, { title: 'UUID' }),
  text: Type.String({ minLength: 1, maxLength: 300, description: 'The question.' }),
  code: opt(Type.String({ maxLength: 30, description: 'The question\'s code (read-only in the reference; eventline\'s extension writes it).' })),
  tag: opt(Type.String({ maxLength: 25, description: 'The question\'s tag (read-only in the reference; eventline\'s extension writes it).' })),
  session: opt(Type.Object({ id: Uuid('A session of the event the question belongs to (400 otherwise).') })),
  admissionItem: opt(Type.Object({ id: Uuid('The admission item the question belongs to (stored as given).') })),
  type: Type.Enum(QUESTION_TYPES, { type: 'string', description: 'The question type. Cannot change. Choices are for SingleChoice, MultiChoice and the matrix types.' }),
  internalNote: opt(Type.String({ maxLength: 300, description: 'The planners\' note.' })),
};
const Audit = {
  created: DateTime('When this record was created.'), createdBy: Type.String({ description: 'Who created this record.' }),
  lastModified: DateTime('When this record was last changed.'), lastModifiedBy: Type.String({ description: 'Who last changed this record.' }),
};
const ReadOnlyAudit = Object.fromEntries(Object.keys(Audit).map((k) => [k, opt(Type.String({ description: 'Read-only: ignored.' }))])) as Record<keyof typeof Audit, ReturnType<typeof opt<ReturnType<typeof Type.String>>>>;

export const QuestionInputSchema = Type.Object({ ...writable, id: opt(Uuid('Read-only: ignored.')), ...ReadOnlyAudit }, { title: 'EventQuestion', additionalProperties: false });
export type QuestionInput = Static<typeof QuestionInputSchema>;
export const QuestionSchema = Type.Object({ id: Uuid('The question.'), ...writable, ...Audit }, { title: 'EventQuestion' });
export type Question = Static<typeof QuestionSchema>;
export const QuestionPageSchema = paginated(QuestionSchema, 'EventQuestionsPaginatedResponse');

export const ChoiceInputSchema = Type.Object({
  text: Type.String({ minLength: 1, maxLength: 300, description: 'The text for the question choice: unique in the question (400 otherwise).' }),
  type: opt(Type.Enum(CHOICE_TYPES, { type: 'string', default: 'StandardChoice', description: 'The type of the choice.' })),
  id: opt(Uuid('Read-only: ignored.')),
}, { title: 'Choice', additionalProperties: false });
export type ChoiceInput = Static<typeof ChoiceInputSchema>;
export const ChoiceSchema = Type.Object({
  id: Uuid('The choice.'), text: Type.String({ minLength: 1 }), type: Type.Enum(CHOICE_TYPES, { type: 'string' }),
}, { title: 'Choice' });
export type Choice = Static<typeof ChoiceSchema>;
export const ChoicePageSchema = paginated(ChoiceSchema, 'EventQuestionChoicesResponse');

export const QuestionParamsSchema = Type.Object({ questionId: Uuid('ID of an event question.') });
export const ChoiceParamsSchema = Type.Object({ questionId: Uuid('ID of an event question.'), choiceId: Uuid('ID of a choice of the question.') });
const { limit, token, filter, after, before } = listQuerySchema().properties;
export const QuestionsQuerySchema = Type.Object({ limit, token, filter, after, before }, { additionalProperties: false });
export const ChoicesQuerySchema = Type.Object({ limit, token, filter }, { additionalProperties: false });
