import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

export interface EventQuestionsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  text: string;
  code: string | null;
  tag: string | null;
  type: string; // the reference's Question Type: SingleChoice, MultiChoice, OpenEndedTextOneLine...
  session_id: string | null;
  admission_item_id: string | null;
  internal_note: string | null;
}

export interface EventQuestionChoicesTable extends OwnedColumns, AuditColumns {
  question_id: string;
  text: string;
  type: string; // StandardChoice | OtherChoice | NotApplicableChoice
  sort_order: number;
}

// The questions an event asks: the planners' words. The internal note is free text that may name anyone.
export const EVENT_QUESTIONS_TABLES = declareTables('event-questions', {
  event_questions: {
    personal: { internal_note: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'text', 'code', 'tag', 'type', 'session_id', 'admission_item_id'],
  },
  event_question_choices: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'question_id', 'text', 'type'] },
});
