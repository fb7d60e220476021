import type { Kysely } from 'kysely';
import { audited, createTable, dropTables, each, owned } from './columns.js';

// Leads (the reference's Leads tag and the exhibitor's lead qualification questions), exhibitors module.
// - lead_qualification_questions: what an exhibitor's booth staff ask a lead (choices as JSON).
// - leads: an attendee of the event scanned at an exhibitor's booth, with a copy of the attendee's
//   contact details at the scan (what the exhibitor took away), notes and the device.
// - lead_qualification_answers: one row per lead and question, the answers as JSON.
// - eliterature_requests: the documents a lead asked the exhibitor for.
export async function up(db: Kysely<unknown>): Promise<void> {
  const ofExhibitor = { ...owned, event_id: 'text! -> events', exhibitor_id: 'text! -> exhibitors' } as const;
  await createTable(db, 'lead_qualification_questions', {
    ...ofExhibitor, type: 'text!', text: 'text!', code: 'text', choices: 'text!', not_applicable_text: 'text', other_text: 'text', required: 'integer!',
    ...audited,
  }, { lead_qualification_questions_exhibitor: 'account_id, exhibitor_id, created, id' });

  await createTable(db, 'leads', {
    ...ofExhibitor, attendee_id: 'text!', ...each('text', 'contact_id', 'booth_staff_id', 'device_id', 'device_name'),
    ...each('text', 'title', 'first_name', 'last_name', 'email', 'company', 'mobile_phone', 'home_address', 'home_phone', 'work_address', 'work_phone'),
    ...each('text!', 'type', 'application', 'source'), deleted: 'integer!', qualified: 'integer!', comments: 'text', license_code: 'text', ...audited,
  }, {
    // GET /leads walks the account's leads in (created, id) order; after/before bound last_modified.
    leads_account_created: 'account_id, created, id',
    // One lead per attendee and exhibitor: a second scan is a visit to the same lead.
    leads_exhibitor_attendee: 'unique: exhibitor_id, attendee_id',
    leads_contact: 'account_id, contact_id',
  });

  await createTable(db, 'lead_qualification_answers', {
    ...ofExhibitor, lead_id: 'text! -> leads', question_id: 'text! -> lead_qualification_questions', answers: 'text!', ...audited,
  }, {
    lead_qualification_answers_lead: 'unique: lead_id, question_id',
    lead_qualification_answers_question: 'question_id',
  });

  await createTable(db, 'eliterature_requests', { ...ofExhibitor, lead_id: 'text! -> leads', documents: 'text!', ...audited }, {
    eliterature_requests_account_created: 'account_id, created, id',
    eliterature_requests_lead: 'lead_id',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'eliterature_requests', 'lead_qualification_answers', 'leads', 'lead_qualification_questions');
}
