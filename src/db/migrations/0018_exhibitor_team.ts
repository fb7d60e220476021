import type { Kysely } from 'kysely';
import { audited, columns, owned } from './columns.js';

// Exhibitors' team, content, questions and answers (the reference's Exhibitor
// Team and Exhibitor Content tags, and the Exhibitor tag's questions):
// - exhibitor_admins: the people who manage an exhibitor's profile (names and emails: personal data).
// - exhibitor_files: uploaded files (files module) associated with an exhibitor, with a display name and order.
// - exhibitor_weblinks: links an exhibitor shows attendees.
// - exhibitor_questions: an event's profile questions for exhibitors (choices and limits as JSON).
// - exhibitor_answers: one exhibitor's answers to one question (JSON list, free text inside).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exhibitor_admins')
    .$call(owned)
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('exhibitor_id', 'text', (c) => c.notNull().references('exhibitors.id'))
    .$call(columns('text!', 'first_name', 'last_name', 'email', 'email_key'))
    .$call(audited)
    .execute();
  await db.schema.createIndex('exhibitor_admins_exhibitor').on('exhibitor_admins').columns(['account_id', 'exhibitor_id', 'id']).execute();
  // One admin per email and exhibitor (email_key: the email lower-cased).
  await db.schema.createIndex('exhibitor_admins_email').unique().on('exhibitor_admins').columns(['exhibitor_id', 'email_key']).execute();

  await db.schema
    .createTable('exhibitor_files')
    .$call(owned)
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('exhibitor_id', 'text', (c) => c.notNull().references('exhibitors.id'))
    .$call(columns('text!', 'display_name'))
    .$call(columns('integer!', 'hidden', 'display_order'))
    .$call(audited)
    .execute();
  await db.schema.createIndex('exhibitor_files_exhibitor').on('exhibitor_files').columns(['account_id', 'exhibitor_id', 'display_order']).execute();

  await db.schema
    .createTable('exhibitor_weblinks')
    .$call(owned)
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('exhibitor_id', 'text', (c) => c.notNull().references('exhibitors.id'))
    .$call(columns('text!', 'name', 'url'))
    .$call(columns('integer!', 'hidden', 'display_order'))
    .$call(audited)
    .execute();
  await db.schema.createIndex('exhibitor_weblinks_exhibitor').on('exhibitor_weblinks').columns(['account_id', 'exhibitor_id', 'display_order']).execute();

  await db.schema
    .createTable('exhibitor_questions')
    .$call(owned)
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .$call(columns('text!', 'text', 'type'))
    .$call(columns('text', 'code'))
    .$call(columns('integer!', 'required', 'display_order'))
    .$call(columns('text', 'choices', 'not_applicable_text', 'other_text', 'answer_format', 'answer_limits'))
    .$call(columns('integer', 'default_to_current_date'))
    .$call(audited)
    .execute();
  await db.schema.createIndex('exhibitor_questions_event').on('exhibitor_questions').columns(['account_id', 'event_id', 'display_order']).execute();
  // A code is unique within its event (the reference: "event level unique exhibitor question code").
  await db.schema.createIndex('exhibitor_questions_code').unique().on('exhibitor_questions').columns(['event_id', 'code']).execute();

  await db.schema
    .createTable('exhibitor_answers')
    .$call(owned)
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('exhibitor_id', 'text', (c) => c.notNull().references('exhibitors.id'))
    .addColumn('question_id', 'text', (c) => c.notNull().references('exhibitor_questions.id'))
    .$call(columns('text!', 'answers'))
    .$call(audited)
    .execute();
  await db.schema.createIndex('exhibitor_answers_exhibitor_question').unique().on('exhibitor_answers').columns(['exhibitor_id', 'question_id']).execute();
  await db.schema.createIndex('exhibitor_answers_question').on('exhibitor_answers').columns(['account_id', 'question_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('exhibitor_answers').execute();
  await db.schema.dropTable('exhibitor_questions').execute();
  await db.schema.dropTable('exhibitor_weblinks').execute();
  await db.schema.dropTable('exhibitor_files').execute();
  await db.schema.dropTable('exhibitor_admins').execute();
}
