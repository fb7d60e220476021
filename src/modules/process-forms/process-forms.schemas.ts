import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

// The reference's process-form-submissions-paginated-response, and eventline's create bodies (DESIGN rule 11).

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
export const QUESTION_TYPES = ['CommentBox', 'Currency', 'Decimal', 'DateTime', 'Email', 'General', 'Number', 'MultiSelect', 'SingleSelect', 'USPhoneNumber'] as const;
const QuestionType = Type.Enum(QUESTION_TYPES, { type: 'string', description: 'The reference\'s QuestionType.' });

const { token, after, before, filter } = listQuerySchema().properties;
export const SubmissionsQuerySchema = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 10, description: 'The maximum number of records to return per page (1-20).' })),
  token, after, before, filter,
  expand: Type.Optional(Type.Array(Type.Literal('process-form'), { description: '`process-form`: each submission\'s form carries its name.' })),
}, { additionalProperties: false });

export const FormSchema = Type.Object(
  {
    id: Uuid('The process form.'),
    name: Type.String(),
    questions: Type.Array(Type.Object({ id: Uuid('The question.'), name: Type.String(), type: Type.String(), choices: Type.Optional(Type.Array(Type.String())) })),
  },
  { title: 'ProcessFormDefinition' },
);
export type Form = Static<typeof FormSchema>;
export const FormInputSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    questions: Type.Array(Type.Object({
      name: Type.String({ minLength: 1, maxLength: 500 }),
      type: QuestionType,
      choices: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: 200, uniqueItems: true, description: 'For SingleSelect and MultiSelect.' })),
    }, { additionalProperties: false }), { minItems: 1, maxItems: 200 }),
  },
  { title: 'ProcessFormInput', additionalProperties: false },
);
export type FormInput = Static<typeof FormInputSchema>;

export const SubmissionSchema = Type.Object(
  {
    id: Uuid('The submission.'),
    event: Type.Object({ id: Uuid('The event.') }),
    'process-form': Type.Object({ id: Uuid('The process form.'), name: Type.Optional(Type.String({ description: 'With `expand=process-form`.' })) }, { title: 'ProcessForm' }),
    status: Type.String({ description: 'The submission\'s status (Submitted, Approved, Declined, ...).' }),
    questions: Type.Array(Type.Object({
      id: Uuid('The question.'), name: Type.Optional(Type.String()), type: Type.Optional(Type.String()), value: Type.Array(Type.String(), { uniqueItems: true }),
    }, { title: 'ProcessFormSubmissionQuestion' })),
    created: Type.String({ format: 'date-time' }), createdBy: Type.String(), lastModified: Type.String({ format: 'date-time' }), lastModifiedBy: Type.String(),
  },
  { title: 'ProcessFormSubmission' },
);
export type Submission = Static<typeof SubmissionSchema>;
export const SubmissionPageSchema = paginated(SubmissionSchema, 'ProcessFormSubmissionPaginatedResponse');
export const SubmissionInputSchema = Type.Object(
  {
    event: Type.Object({ id: Uuid('An event of the account.') }),
    'process-form': Type.Object({ id: Uuid('A process form of the account.') }),
    status: Type.Optional(Type.String({ minLength: 1, maxLength: 50, default: 'Submitted' })),
    questions: Type.Array(Type.Object({ id: Uuid('A question of the form.'), value: Type.Array(Type.String({ maxLength: 4000 }), { maxItems: 200, uniqueItems: true }) },
      { additionalProperties: false }), { maxItems: 200 }),
  },
  { title: 'ProcessFormSubmissionInput', additionalProperties: false },
);
export type SubmissionInput = Static<typeof SubmissionInputSchema>;
