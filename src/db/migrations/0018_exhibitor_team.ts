import type { Kysely } from 'kysely';
import { audited, createTable, dropTables, each, owned } from './columns.js';

// Exhibitors' team, content, questions and answers (the reference's Exhibitor
// Team and Exhibitor Content tags, and the Exhibitor tag's questions):
// - exhibitor_admins: the people who manage an exhibitor's profile (names and emails: personal data).
// - exhibitor_files: uploaded files (files module) associated with an exhibitor, with a display name and order.
// - exhibitor_weblinks: links an exhibitor shows attendees.
// - exhibitor_questions: an event's profile questions for exhibitors (choices and limits as JSON).
// - exhibitor_answers: one exhibitor's answers to one question (JSON list, free text inside).
export async function up(db: Kysely<unknown>): Promise<void> {
  const ofExhibitor = { ...owned, event_id: 'text! -> events', exhibitor_id: 'text! -> exhibitors' } as const;
  await createTable(db, 'exhibitor_admins', { ...ofExhibitor, ...each('text!', 'first_name', 'last_name', 'email', 'email_key'), ...audited }, {
    exhibitor_admins_exhibitor: 'account_id, exhibitor_id, id',
    // One admin per email and exhibitor (email_key: the email lower-cased).
    exhibitor_admins_email: 'unique: exhibitor_id, email_key',
  });

  await createTable(db, 'exhibitor_files', { ...ofExhibitor, display_name: 'text!', hidden: 'integer!', display_order: 'integer!', ...audited }, {
    exhibitor_files_exhibitor: 'account_id, exhibitor_id, display_order',
  });

  await createTable(db, 'exhibitor_weblinks', { ...ofExhibitor, name: 'text!', url: 'text!', hidden: 'integer!', display_order: 'integer!', ...audited }, {
    exhibitor_weblinks_exhibitor: 'account_id, exhibitor_id, display_order',
  });

  await createTable(db, 'exhibitor_questions', {
    ...owned, event_id: 'text! -> events', text: 'text!', type: 'text!', code: 'text', required: 'integer!', display_order: 'integer!',
    ...each('text', 'choices', 'not_applicable_text', 'other_text', 'answer_format', 'answer_limits'), default_to_current_date: 'integer', ...audited,
  }, {
    exhibitor_questions_event: 'account_id, event_id, display_order',
    // A code is unique within its event (the reference: "event level unique exhibitor question code").
    exhibitor_questions_code: 'unique: event_id, code',
  });

  await createTable(db, 'exhibitor_answers', { ...ofExhibitor, question_id: 'text! -> exhibitor_questions', answers: 'text!', ...audited }, {
    exhibitor_answers_exhibitor_question: 'unique: exhibitor_id, question_id',
    exhibitor_answers_question: 'account_id, question_id',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'exhibitor_answers', 'exhibitor_questions', 'exhibitor_weblinks', 'exhibitor_files', 'exhibitor_admins');
}
