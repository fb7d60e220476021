import type { Kysely } from 'kysely';
import { audited, columns, owned } from './columns.js';

// Leads (the reference's Leads tag and the exhibitor's lead qualification questions), exhibitors module.
// - lead_qualification_questions: what an exhibitor's booth staff ask a lead (choices as JSON).
// - leads: an attendee of the event scanned at an exhibitor's booth, with a copy of the attendee's
//   contact details at the scan (what the exhibitor took away), notes and the device.
// - lead_qualification_answers: one row per lead and question, the answers as JSON.
// - eliterature_requests: the documents a lead asked the exhibitor for.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lead_qualification_questions')
    .$call(owned)
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('exhibitor_id', 'text', (c) => c.notNull().references('exhibitors.id'))
    .$call(columns('text!', 'type', 'text'))
    .$call(columns('text', 'code'))
    .$call(columns('text!', 'choices'))
    .$call(columns('text', 'not_applicable_text', 'other_text'))
    .$call(columns('integer!', 'required'))
    .$call(audited)
    .execute();
  await db.schema.createIndex('lead_qualification_questions_exhibitor').on('lead_qualification_questions').columns(['account_id', 'exhibitor_id', 'created', 'id']).execute();

  await db.schema
    .createTable('leads')
    .$call(owned)
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('exhibitor_id', 'text', (c) => c.notNull().references('exhibitors.id'))
    .$call(columns('text!', 'attendee_id'))
    .$call(columns('text', 'contact_id', 'booth_staff_id', 'device_id', 'device_name'))
    .$call(columns('text', 'title', 'first_name', 'last_name', 'email', 'company', 'mobile_phone', 'home_address', 'home_phone', 'work_address', 'work_phone'))
    .$call(columns('text!', 'type', 'application', 'source'))
    .$call(columns('integer!', 'deleted', 'qualified'))
    .$call(columns('text', 'comments', 'license_code'))
    .$call(audited)
    .execute();
  // GET /leads walks the account's leads in (created, id) order; after/before bound last_modified.
  await db.schema.createIndex('leads_account_created').on('leads').columns(['account_id', 'created', 'id']).execute();
  // One lead per attendee and exhibitor: a second scan is a visit to the same lead.
  await db.schema.createIndex('leads_exhibitor_attendee').unique().on('leads').columns(['exhibitor_id', 'attendee_id']).execute();
  await db.schema.createIndex('leads_contact').on('leads').columns(['account_id', 'contact_id']).execute();

  await db.schema
    .createTable('lead_qualification_answers')
    .$call(owned)
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('exhibitor_id', 'text', (c) => c.notNull().references('exhibitors.id'))
    .addColumn('lead_id', 'text', (c) => c.notNull().references('leads.id'))
    .addColumn('question_id', 'text', (c) => c.notNull().references('lead_qualification_questions.id'))
    .$call(columns('text!', 'answers'))
    .$call(audited)
    .execute();
  await db.schema.createIndex('lead_qualification_answers_lead').unique().on('lead_qualification_answers').columns(['lead_id', 'question_id']).execute();
  await db.schema.createIndex('lead_qualification_answers_question').on('lead_qualification_answers').columns(['question_id']).execute();

  await db.schema
    .createTable('eliterature_requests')
    .$call(owned)
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('exhibitor_id', 'text', (c) => c.notNull().references('exhibitors.id'))
    .addColumn('lead_id', 'text', (c) => c.notNull().references('leads.id'))
    .$call(columns('text!', 'documents'))
    .$call(audited)
    .execute();
  await db.schema.createIndex('eliterature_requests_account_created').on('eliterature_requests').columns(['account_id', 'created', 'id']).execute();
  await db.schema.createIndex('eliterature_requests_lead').on('eliterature_requests').columns(['lead_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('eliterature_requests').execute();
  await db.schema.dropTable('lead_qualification_answers').execute();
  await db.schema.dropTable('leads').execute();
  await db.schema.dropTable('lead_qualification_questions').execute();
}
