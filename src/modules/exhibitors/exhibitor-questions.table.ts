import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AuditColumns, OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/types.js';

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
export const EXHIBITOR_QUESTIONS_TABLES = declareTables<Database>('exhibitors', {
  exhibitor_questions: {
    id: 'none', account_id: 'none', event_id: 'none', text: 'none', type: 'none', code: 'none', choices: 'none', not_applicable_text: 'none',
    other_text: 'none', answer_format: 'none', answer_limits: 'none',
    created: 'none', last_modified: 'none', created_by: 'none', last_modified_by: 'none',
  },
  exhibitor_answers: {
    id: 'none', account_id: 'none', event_id: 'none', exhibitor_id: 'none', question_id: 'none', answers: 'free-text',
    created: 'none', last_modified: 'none', created_by: 'none', last_modified_by: 'none',
  },
});

export type QuestionRow = Selectable<ExhibitorQuestionsTable>;
export type NewQuestionRow = Insertable<ExhibitorQuestionsTable>;
export type QuestionPatch = Updateable<ExhibitorQuestionsTable>;
export type AnswerRow = Selectable<ExhibitorAnswersTable>;
export type NewAnswerRow = Insertable<ExhibitorAnswersTable>;
