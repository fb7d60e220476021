import type { Kysely } from 'kysely';
import { audited, createTable, dropTables, owned } from './columns.js';

// Custom fields, their answers, event questions and audience segments (issue 29):
// - custom_fields: the account's field definitions, per category (Contact, Event, Session...); `details` is the
//   type's settings as JSON (answer format, bounds, date range), `advanced_logic` the reference's advanced logic.
// - custom_field_choices: a choice field's choices, in order; answers name them by id.
// - custom_field_translations: one per field and language.
// - custom_field_answers: the answer of one contact, event or session (`subject` and `subject_id`) to one field,
//   a JSON array of strings (choice ids for choice fields). Contacts' answers are personal data.
// - event_questions / event_question_choices: an event's registration questions (read by the reference, written
//   by eventline's extensions).
// - audience_segments / audience_segment_members: an event's segments and which attendees are in them; a
//   disassociated member is kept (flagged) for 30 days, as the reference lists them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'custom_fields', {
    ...owned, category: 'text!', name: 'text!', code: 'text!', code_key: 'text!', type: 'text!', required: 'integer! = 1', details: "text! = '{}'",
    display_type: 'text', help_text: 'text', display_in_data_tag: "text! = 'No'", default_tag_text: 'text', consent_field: 'integer! = 0',
    active: 'integer! = 1', display_in_event_creation_wizard: 'integer! = 0', page_visibility: 'text', advanced_logic: 'text', sort_order: 'integer! = 0', ...audited,
  }, {
    custom_fields_category: 'account_id, category, id',
    custom_fields_code: 'unique: account_id, code_key',
  });

  await createTable(db, 'custom_field_choices', {
    ...owned, custom_field_id: 'text! -> custom_fields', text: 'text!', sort_order: 'integer! = 0', ...audited,
  }, {
    custom_field_choices_field: 'custom_field_id, sort_order',
  });

  await createTable(db, 'custom_field_translations', {
    ...owned, custom_field_id: 'text! -> custom_fields', language: 'text!', name_translation: 'text', help_text_translation: 'text',
    choice_translations: "text! = '[]'", ...audited,
  }, {
    custom_field_translations_language: 'unique: custom_field_id, language',
  });

  await createTable(db, 'custom_field_answers', {
    ...owned, custom_field_id: 'text! -> custom_fields', subject: 'text!', subject_id: 'text!', value: "text! = '[]'", ...audited,
  }, {
    custom_field_answers_pair: 'unique: subject_id, custom_field_id',
    custom_field_answers_field: 'custom_field_id, id',
  });

  await createTable(db, 'event_questions', {
    ...owned, event_id: 'text! -> events', text: 'text!', code: 'text', tag: 'text', type: 'text!', session_id: 'text', admission_item_id: 'text',
    internal_note: 'text', ...audited,
  }, {
    event_questions_event: 'account_id, event_id, id',
  });

  await createTable(db, 'event_question_choices', {
    ...owned, question_id: 'text! -> event_questions', text: 'text!', type: "text! = 'StandardChoice'", sort_order: 'integer! = 0', ...audited,
  }, {
    event_question_choices_question: 'question_id, id',
  });

  await createTable(db, 'audience_segments', {
    ...owned, event_id: 'text! -> events', name: 'text!', description: 'text', creation_type: "text! = 'MANUAL'", deleted: 'integer! = 0', ...audited,
  }, {
    audience_segments_event: 'account_id, event_id, id',
    audience_segments_modified: 'account_id, last_modified, id',
  });

  await createTable(db, 'audience_segment_members', {
    ...owned, segment_id: 'text! -> audience_segments', attendee_id: 'text!', disassociated: 'integer! = 0', disassociated_at: 'text', ...audited,
  }, {
    audience_segment_members_pair: 'unique: segment_id, attendee_id',
    audience_segment_members_attendee: 'account_id, attendee_id',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'audience_segment_members', 'audience_segments', 'event_question_choices', 'event_questions',
    'custom_field_answers', 'custom_field_translations', 'custom_field_choices', 'custom_fields');
}
