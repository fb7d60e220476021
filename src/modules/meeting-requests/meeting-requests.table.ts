import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

export interface MrFormsTable extends OwnedColumns, AuditColumns {
  name: string;
  active: number; // 0 | 1: an inactive form takes no new requests, only updates
  statuses: string; // JSON string[]: the form's statuses, in workflow order (the first is where a request starts)
  transitions: string; // JSON { [status]: string[] }: the statuses a request in each status may move to
}

export interface MrFormQuestionsTable extends OwnedColumns {
  form_id: string;
  position: number;
  name: string;
  type: string; // a CustomFieldType that is also a meeting-request QuestionType
  required: number;
  hidden: number;
  min_length: number | null;
  max_length: number | null;
  min_choice: number | null;
  max_choice: number | null;
  min_date: string | null;
  max_date: string | null;
  choices: string; // JSON string[]: the choices of a SingleSelect / MultiSelect question
  answer_types: string; // JSON ('Other' | 'NA')[]
}

export interface MeetingRequestsTable extends OwnedColumns, AuditColumns {
  form_id: string;
  name: string;
  status: string;
  status_note: string | null;
  event_id: string | null;
  source_id: string | null;
  code: string;
  archive_date: string | null;
}

export interface MeetingRequestAnswersTable extends OwnedColumns {
  request_id: string;
  question_id: string;
  position: number; // the value's place in the answer's `value` array; -1: an answer with no value (answerType NA)
  value: string | null;
  answer_type: string | null;
  secondary_value: string | null;
}

export interface MeetingRequestDocumentsTable extends OwnedColumns, AuditColumns {
  request_id: string;
  file_id: string; // attached as 'meeting-request-document:<request id>'
  name: string;
  size: number;
  mime_type: string;
}

// Requests are how staff ask for an event: the answers carry the requester's name, email, phone and whatever they
// wrote, so every answer value is personal free text; a request's name and status note, and a document's name, may
// name a person too. Forms and their questions are the planners' catalogue.
export const MEETING_REQUESTS_TABLES = declareTables('meeting-requests', {
  mr_forms: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'name', 'statuses', 'transitions'] },
  mr_form_questions: {
    none: [...OWNED_COLUMNS, 'form_id', 'name', 'type', 'min_date', 'max_date', 'choices', 'answer_types'],
  },
  meeting_requests: {
    personal: { name: 'free-text', status_note: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'form_id', 'status', 'event_id', 'source_id', 'code', 'archive_date'],
  },
  meeting_request_answers: {
    personal: { value: 'free-text', secondary_value: 'free-text' },
    none: [...OWNED_COLUMNS, 'request_id', 'question_id', 'answer_type'],
  },
  meeting_request_documents: {
    personal: { name: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'request_id', 'file_id', 'mime_type'],
  },
});
