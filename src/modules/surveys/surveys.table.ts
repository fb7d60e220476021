import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

export type SurveyKind = 'Standalone' | 'Event';

/**
 * One survey. A standalone survey is one row (`survey_id` = `id`). An event
 * survey is the reference's chapter: `id` is the chapter id the event paths
 * name, `survey_id` the parent survey id (`parentId`, and the id GET /surveys lists).
 */
export interface SurveysTable extends OwnedColumns, AuditColumns {
  survey_id: string;
  kind: SurveyKind;
  event_id: string | null;
  title: string;
  code: string | null;
  description: string | null;
  timezone: string | null;
  status: string; // survey-status.json
  event_type: string | null; // event-survey-type.json
  available_to: string | null;
  audience_type: string | null;
  session_match: string | null;
  sessions: string; // JSON array of session ids
  close_after: string | null;
  archive_after: string | null;
  activate_date: string | null;
}

/** A question of a survey (chapter); `details` holds the reference's choices, categories, fields... as JSON. */
export interface SurveyQuestionsTable extends OwnedColumns, AuditColumns {
  chapter_id: string;
  survey_id: string;
  event_id: string | null;
  position: number;
  code: string | null;
  type: string; // question-type.json2
  text: string;
  short_text: string | null;
  html_text: string | null;
  required: number;
  max_score: number | null;
  details: string;
}

/** The choices of a LargeChoices question (listed by GET /large-choices, not inline). */
export interface SurveyLargeChoicesTable extends OwnedColumns {
  question_id: string;
  position: number;
  text: string;
  created: string;
}

export interface SurveyRespondentsTable extends OwnedColumns, AuditColumns {
  chapter_id: string;
  survey_id: string;
  event_id: string | null;
  attendee_id: string | null;
  contact_id: string | null;
  response_code: string;
  locale_id: string | null;
  responded_through: string;
  reference_id: string | null;
  source_id: string | null;
  transaction_id: string | null;
  invitation_list_id: string | null;
  status: string; // respondent-status.json
}

/** One respondent's answers to one question (the reference's response); a second answer to a question is the next attempt. */
export interface SurveyResponsesTable extends OwnedColumns, AuditColumns {
  chapter_id: string;
  survey_id: string;
  respondent_id: string;
  question_id: string;
  event_id: string | null;
  session_id: string | null;
  speaker_id: string | null;
  looping_choice_id: string | null;
  attempt: number;
  answers: string; // JSON: the reference's answers
}

export interface SurveyEmailTemplatesTable extends OwnedColumns, AuditColumns {
  survey_id: string;
  name: string;
  subject: string;
  from_name: string | null;
  from_email: string | null;
  plaintext_body: string;
  html_body: string | null;
  locale: string | null;
  click_tracking: number;
  reply_to_name: string | null;
  reply_to_email: string | null;
  active: number;
}

// Survey definitions and email templates are the planner's content; the sender names of a
// template are the organiser's staff, not contacts. Respondents and responses are contacts' data.
export const SURVEYS_TABLES = declareTables('surveys', {
  surveys: {
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'survey_id', 'kind', 'event_id', 'title', 'code', 'description', 'timezone', 'status', 'event_type',
      'available_to', 'audience_type', 'session_match', 'sessions', 'close_after', 'archive_after', 'activate_date'],
  },
  survey_questions: {
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'chapter_id', 'survey_id', 'event_id', 'code', 'type', 'text', 'short_text', 'html_text', 'details'],
  },
  survey_large_choices: { none: [...OWNED_COLUMNS, 'question_id', 'text', 'created'] },
  survey_respondents: {
    personal: { reference_id: 'cleared', source_id: 'cleared', transaction_id: 'cleared' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'chapter_id', 'survey_id', 'event_id', 'attendee_id', 'contact_id', 'response_code', 'locale_id',
      'responded_through', 'invitation_list_id', 'status'],
  },
  survey_responses: {
    // What a respondent wrote (Text, Comment, Other values) is free text about them and may quote anyone.
    personal: { answers: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'chapter_id', 'survey_id', 'respondent_id', 'question_id', 'event_id', 'session_id', 'speaker_id',
      'looping_choice_id'],
  },
  survey_email_templates: {
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'survey_id', 'name', 'subject', 'from_name', 'from_email', 'plaintext_body', 'html_body', 'locale',
      'reply_to_name', 'reply_to_email'],
  },
});
