import { sql, type Kysely } from 'kysely';
import { audited, columns, owned } from './columns.js';

// Surveys (the reference's Surveys tag): event and standalone surveys, their
// questions (and the choices of LargeChoices questions), respondents, responses
// and the standalone surveys' email templates. All owned by the surveys module.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('surveys')
    .$call(owned)
    .$call(columns('text!', 'survey_id', 'kind'))
    .addColumn('event_id', 'text', (c) => c.references('events.id'))
    .$call(columns('text!', 'title'))
    .$call(columns('text', 'code', 'description', 'timezone'))
    .$call(columns('text!', 'status'))
    .$call(columns('text', 'event_type', 'available_to', 'audience_type', 'session_match'))
    .$call(columns('text!', 'sessions'))
    .$call(columns('text', 'close_after', 'archive_after', 'activate_date'))
    .$call(audited)
    .execute();
  await db.schema.createIndex('surveys_account_event').on('surveys').columns(['account_id', 'event_id']).execute();
  await db.schema.createIndex('surveys_account_survey').on('surveys').columns(['account_id', 'survey_id']).execute();

  await db.schema
    .createTable('survey_questions')
    .$call(owned)
    .addColumn('chapter_id', 'text', (c) => c.notNull().references('surveys.id'))
    .$call(columns('text!', 'survey_id'))
    .$call(columns('text', 'event_id'))
    .$call(columns('integer!', 'position'))
    .$call(columns('text', 'code'))
    .$call(columns('text!', 'type', 'text'))
    .$call(columns('text', 'short_text', 'html_text'))
    .$call(columns('integer!', 'required'))
    .addColumn('max_score', sql`double precision`)
    .$call(columns('text!', 'details'))
    .$call(audited)
    .execute();
  await db.schema.createIndex('survey_questions_chapter').on('survey_questions').columns(['account_id', 'chapter_id', 'position']).execute();

  await db.schema
    .createTable('survey_large_choices')
    .$call(owned)
    .addColumn('question_id', 'text', (c) => c.notNull().references('survey_questions.id'))
    .$call(columns('integer!', 'position'))
    .$call(columns('text!', 'text', 'created'))
    .execute();
  await db.schema.createIndex('survey_large_choices_question').on('survey_large_choices').columns(['account_id', 'question_id']).execute();

  await db.schema
    .createTable('survey_respondents')
    .$call(owned)
    .addColumn('chapter_id', 'text', (c) => c.notNull().references('surveys.id'))
    .$call(columns('text!', 'survey_id'))
    .$call(columns('text', 'event_id', 'attendee_id', 'contact_id'))
    .$call(columns('text!', 'response_code'))
    .$call(columns('text', 'locale_id'))
    .$call(columns('text!', 'responded_through'))
    .$call(columns('text', 'reference_id', 'source_id', 'transaction_id', 'invitation_list_id'))
    .$call(columns('text!', 'status'))
    .$call(audited)
    .execute();
  await db.schema.createIndex('survey_respondents_chapter').on('survey_respondents').columns(['account_id', 'chapter_id']).execute();
  await db.schema.createIndex('survey_respondents_contact').on('survey_respondents').columns(['account_id', 'contact_id']).execute();
  await db.schema.createIndex('survey_respondents_attendee').on('survey_respondents').columns(['account_id', 'attendee_id']).execute();

  await db.schema
    .createTable('survey_responses')
    .$call(owned)
    .addColumn('chapter_id', 'text', (c) => c.notNull().references('surveys.id'))
    .$call(columns('text!', 'survey_id'))
    .addColumn('respondent_id', 'text', (c) => c.notNull().references('survey_respondents.id'))
    .addColumn('question_id', 'text', (c) => c.notNull().references('survey_questions.id'))
    .$call(columns('text', 'event_id', 'session_id', 'speaker_id', 'looping_choice_id'))
    .$call(columns('integer!', 'attempt'))
    .$call(columns('text!', 'answers'))
    .$call(audited)
    .execute();
  await db.schema.createIndex('survey_responses_chapter').on('survey_responses').columns(['account_id', 'chapter_id']).execute();
  await db.schema.createIndex('survey_responses_respondent').on('survey_responses').columns(['account_id', 'respondent_id', 'question_id']).execute();

  await db.schema
    .createTable('survey_email_templates')
    .$call(owned)
    .addColumn('survey_id', 'text', (c) => c.notNull().references('surveys.id'))
    .$call(columns('text!', 'name', 'subject'))
    .$call(columns('text', 'from_name', 'from_email'))
    .$call(columns('text!', 'plaintext_body'))
    .$call(columns('text', 'html_body', 'locale'))
    .$call(columns('integer!', 'click_tracking'))
    .$call(columns('text', 'reply_to_name', 'reply_to_email'))
    .$call(columns('integer!', 'active'))
    .$call(audited)
    .execute();
  await db.schema.createIndex('survey_email_templates_survey').on('survey_email_templates').columns(['account_id', 'survey_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['survey_email_templates', 'survey_responses', 'survey_respondents', 'survey_large_choices', 'survey_questions', 'surveys']) {
    await db.schema.dropTable(table).execute();
  }
}
