import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

export const QUESTION_TYPES = ['MultiChoice', 'SingleChoice', 'OpenEndedTextOneLine', 'OpenEndedTextCommentBox', 'OpenEndedDateTime'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const ANSWER_FORMATS = ['Date', 'DateAndTime', 'Dropdown', 'EmailAddress', 'General', 'PhoneNumber', 'RadioButton'] as const;
export type AnswerFormat = (typeof ANSWER_FORMATS)[number];
export const ANSWER_TYPES = ['Choice', 'Text', 'Other', 'NA'] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];

export interface ExhibitorQuestionsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  text: string;
  type: QuestionType;
  code: string | null;
  required: number;
  display_order: number;
  choices: string | null; // JSON: [{ id, text }]
  not_applicable_text: string | null;
  other_text: string | null;
  answer_format: AnswerFormat | null;
  answer_limits: string | null; // JSON: the reference's exhibitor-answer-limits
  default_to_current_date: number | null;
}

export interface ExhibitorAnswersTable extends OwnedColumns, AuditColumns {
  event_id: string;
  exhibitor_id: string;
  question_id: string;
  answers: string; // JSON: [{ type, value?, choice?: { id } }]
}

// Questions are the planner's settings. Answers hold what an exhibitor typed:
// free text that may name a person (matched by exhibitor-questions.erasers.ts).
export const EXHIBITOR_QUESTIONS_TABLES = declareTables('exhibitors', {
  exhibitor_questions: {
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'text', 'type', 'code', 'choices', 'not_applicable_text', 'other_text', 'answer_format',
      'answer_limits'],
  },
  exhibitor_answers: { personal: { answers: 'free-text' }, none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'exhibitor_id', 'question_id'] },
});
