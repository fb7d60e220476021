import type { Kysely } from 'kysely';
import { audited, createTable, dropTables, each, owned } from './columns.js';

// Surveys (the reference's Surveys tag): event and standalone surveys, their
// questions (and the choices of LargeChoices questions), respondents, responses
// and the standalone surveys' email templates. All owned by the surveys module.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'surveys', {
    ...owned, survey_id: 'text!', kind: 'text!', event_id: 'text -> events', title: 'text!', ...each('text', 'code', 'description', 'timezone'),
    status: 'text!', ...each('text', 'event_type', 'available_to', 'audience_type', 'session_match'), sessions: 'text!',
    ...each('text', 'close_after', 'archive_after', 'activate_date'), ...audited,
  }, {
    surveys_account_event: 'account_id, event_id',
    surveys_account_survey: 'account_id, survey_id',
  });

  await createTable(db, 'survey_questions', {
    ...owned, chapter_id: 'text! -> surveys', survey_id: 'text!', event_id: 'text', position: 'integer!', code: 'text', type: 'text!', text: 'text!',
    short_text: 'text', html_text: 'text', required: 'integer!', max_score: 'double precision', details: 'text!', ...audited,
  }, { survey_questions_chapter: 'account_id, chapter_id, position' });

  await createTable(db, 'survey_large_choices', {
    ...owned, question_id: 'text! -> survey_questions', position: 'integer!', text: 'text!', created: 'text!',
  }, { survey_large_choices_question: 'account_id, question_id' });

  await createTable(db, 'survey_respondents', {
    ...owned, chapter_id: 'text! -> surveys', survey_id: 'text!', ...each('text', 'event_id', 'attendee_id', 'contact_id'), response_code: 'text!',
    locale_id: 'text', responded_through: 'text!', ...each('text', 'reference_id', 'source_id', 'transaction_id', 'invitation_list_id'), status: 'text!',
    ...audited,
  }, {
    survey_respondents_chapter: 'account_id, chapter_id',
    survey_respondents_contact: 'account_id, contact_id',
    survey_respondents_attendee: 'account_id, attendee_id',
  });

  await createTable(db, 'survey_responses', {
    ...owned, chapter_id: 'text! -> surveys', survey_id: 'text!', respondent_id: 'text! -> survey_respondents', question_id: 'text! -> survey_questions',
    ...each('text', 'event_id', 'session_id', 'speaker_id', 'looping_choice_id'), attempt: 'integer!', answers: 'text!', ...audited,
  }, {
    survey_responses_chapter: 'account_id, chapter_id',
    survey_responses_respondent: 'account_id, respondent_id, question_id',
  });

  await createTable(db, 'survey_email_templates', {
    ...owned, survey_id: 'text! -> surveys', name: 'text!', subject: 'text!', from_name: 'text', from_email: 'text', plaintext_body: 'text!',
    html_body: 'text', locale: 'text', click_tracking: 'integer!', reply_to_name: 'text', reply_to_email: 'text', active: 'integer!', ...audited,
  }, { survey_email_templates_survey: 'account_id, survey_id' });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'survey_email_templates', 'survey_responses', 'survey_respondents', 'survey_large_choices', 'survey_questions', 'surveys');
}
