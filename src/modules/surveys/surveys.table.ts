import type { Insertable, Selectable } from 'kysely';
import type { AuditColumns, OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/types.js';

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

const audit = { created: 'none', last_modified: 'none', created_by: 'none', last_modified_by: 'none' } as const;

// Survey definitions and email templates are the planner's content; the sender names of a
// template are the organiser's staff, not contacts. Respondents and responses are contacts' data.
export const SURVEYS_TABLES = declareTables<Database>('surveys', {
  surveys: {
    id: 'none', account_id: 'none', survey_id: 'none', kind: 'none', event_id: 'none', title: 'none', code: 'none', description: 'none', timezone: 'none',
    status: 'none', event_type: 'none', available_to: 'none', audience_type: 'none', session_match: 'none', sessions: 'none', close_after: 'none',
    archive_after: 'none', activate_date: 'none', ...audit,
  },
  survey_questions: {
    id: 'none', account_id: 'none', chapter_id: 'none', survey_id: 'none', event_id: 'none', code: 'none', type: 'none', text: 'none', short_text: 'none',
    html_text: 'none', details: 'none', ...audit,
  },
  survey_large_choices: { id: 'none', account_id: 'none', question_id: 'none', text: 'none', created: 'none' },
  survey_respondents: {
    id: 'none', account_id: 'none', chapter_id: 'none', survey_id: 'none', event_id: 'none', attendee_id: 'none', contact_id: 'none', response_code: 'none',
    locale_id: 'none', responded_through: 'none', reference_id: 'cleared', source_id: 'cleared', transaction_id: 'cleared', invitation_list_id: 'none', status: 'none', ...audit,
  },
  // What a respondent wrote (Text, Comment, Other values) is free text about them and may quote anyone.
  survey_responses: {
    id: 'none', account_id: 'none', chapter_id: 'none', survey_id: 'none', respondent_id: 'none', question_id: 'none', event_id: 'none', session_id: 'none',
    speaker_id: 'none', looping_choice_id: 'none', answers: 'free-text', ...audit,
  },
  survey_email_templates: {
    id: 'none', account_id: 'none', survey_id: 'none', name: 'none', subject: 'none', from_name: 'none', from_email: 'none', plaintext_body: 'none',
    html_body: 'none', locale: 'none', reply_to_name: 'none', reply_to_email: 'none', ...audit,
  },
});

export type SurveyRow = Selectable<SurveysTable>;
export type QuestionRow = Selectable<SurveyQuestionsTable>;
export type LargeChoiceRow = Selectable<SurveyLargeChoicesTable>;
export type RespondentRow = Selectable<SurveyRespondentsTable>;
export type ResponseRow = Selectable<SurveyResponsesTable>;
export type EmailTemplateRow = Selectable<SurveyEmailTemplatesTable>;
export type NewSurveyRow = Insertable<SurveysTable>;
export type NewQuestionRow = Insertable<SurveyQuestionsTable>;
export type NewRespondentRow = Insertable<SurveyRespondentsTable>;
export type NewResponseRow = Insertable<SurveyResponsesTable>;
