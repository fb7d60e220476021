import type { Kysely } from 'kysely';
import { audited, createTable, dropTables, owned } from './columns.js';

// Issue 32: the Meeting Request, Travel RFPs and Proposal Draft tags.
// - mr_forms, mr_form_questions: meeting-request forms (their statuses and allowed moves as JSON) and their questions.
// - meeting_requests, meeting_request_answers, meeting_request_documents: requests made from a form, one row per answer
//   value (answers may be personal: erasers redact them by column), and the files attached to a request.
// - travel_programs, travel_program_questions, travel_proposals, travel_proposal_answers, travel_bids: the sourcing side.
// - proposal_drafts: venue proposal drafts (the draft as JSON: its contacts are people).
// List indexes end with the list's order (id); eq-filtered columns get (account_id, column, id). A meeting request's
// sourceId and event are unique per account (NULLs are distinct on both databases).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'mr_forms', {
    ...owned, name: 'text!', active: 'integer! = 1', statuses: "text! = '[]'", transitions: "text! = '{}'", ...audited,
  }, { mr_forms_active: 'account_id, active, id' });
  await createTable(db, 'mr_form_questions', {
    ...owned, form_id: 'text! -> mr_forms', position: 'integer!', name: 'text!', type: 'text!', required: 'integer! = 0', hidden: 'integer! = 0',
    min_length: 'integer', max_length: 'integer', min_choice: 'integer', max_choice: 'integer', min_date: 'text', max_date: 'text',
    choices: "text! = '[]'", answer_types: "text! = '[]'",
  }, { mr_form_questions_form: 'account_id, form_id, position' });
  await createTable(db, 'meeting_requests', {
    ...owned, form_id: 'text! -> mr_forms', name: 'text!', status: 'text!', status_note: 'text', event_id: 'text', source_id: 'text', code: 'text!',
    archive_date: 'text', ...audited,
  }, {
    meeting_requests_form: 'account_id, form_id, id',
    meeting_requests_source: 'unique: account_id, source_id',
    meeting_requests_event: 'unique: account_id, event_id',
  });
  await createTable(db, 'meeting_request_answers', {
    ...owned, request_id: 'text! -> meeting_requests', question_id: 'text!', position: 'integer!', value: 'text', answer_type: 'text', secondary_value: 'text',
  }, { meeting_request_answers_request: 'account_id, request_id, position' });
  await createTable(db, 'meeting_request_documents', {
    ...owned, request_id: 'text! -> meeting_requests', file_id: 'text!', name: 'text!', size: 'bigint! = 0', mime_type: 'text!', ...audited,
  }, { meeting_request_documents_request: 'account_id, request_id, id' });

  await createTable(db, 'travel_programs', {
    ...owned, name: 'text!', contract_period: 'integer', type: 'text!', format: 'text!', status: 'text!', travel_account_id: 'text', stay_type: 'text',
    start_date: 'text', end_date: 'text', due_date: 'text', closeout_date: 'text', ...audited,
  }, { travel_programs_account: 'account_id, travel_account_id, id', travel_programs_modified: 'account_id, last_modified, id' });
  await createTable(db, 'travel_program_questions', {
    ...owned, program_id: 'text! -> travel_programs', text: 'text!', required: 'integer! = 0', response_type: 'text!', response_data_type: 'text!',
    response_format: 'text', response_choices: "text! = '[]'", section: 'text!', sequence: 'integer!', ...audited,
  }, { travel_program_questions_program: 'account_id, program_id, id' });
  await createTable(db, 'travel_proposals', {
    ...owned, program_id: 'text! -> travel_programs', supplier_property_id: 'text!', contract_period: 'integer', status: 'text!', deleted: 'integer! = 0',
    rate_review_status: 'text', business_type: 'text', format: 'text', document_read: 'integer! = 0', reject_reason_code: 'text', reject_comment: 'text',
    submit_date: 'text', negotiation_round: 'integer', negotiation_due_date: 'text', room_night_consumption: 'integer', draft: 'integer! = 0',
    group_and_meeting: 'text', disposition: 'text', ...audited,
  }, {
    travel_proposals_program: 'account_id, program_id, id',
    travel_proposals_property: 'account_id, supplier_property_id, id',
    travel_proposals_modified: 'account_id, last_modified, id',
  });
  await createTable(db, 'travel_proposal_answers', {
    ...owned, proposal_id: 'text! -> travel_proposals', question_id: 'text!', answer: 'text!',
  }, { travel_proposal_answers_proposal: 'account_id, proposal_id, question_id' });
  await createTable(db, 'travel_bids', {
    ...owned, proposal_id: 'text! -> travel_proposals', name: 'text', stay_type: 'text!', sort_order: 'integer! = 1', status: 'text!', rate_level: 'text',
    rate_type: 'text', plan_code: 'text', tier: 'text', market_code: 'text', currency_code: 'text', weekend_days: "text! = '[]'", lra: 'integer! = 1',
    nlra: 'integer! = 1', fair_date_lra: 'integer! = 1', internal_note: 'text', details: "text! = '{}'", ...audited,
  }, { travel_bids_proposal: 'account_id, proposal_id, id' });
  await createTable(db, 'proposal_drafts', {
    ...owned, name: 'text', event_id: 'text', rfp_id: 'text', status: 'text!', proposal_code: 'text!', version: 'integer! = 1', body: "text! = '{}'", ...audited,
  }, { proposal_drafts_code: 'unique: account_id, proposal_code' });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'proposal_drafts', 'travel_bids', 'travel_proposal_answers', 'travel_proposals', 'travel_program_questions', 'travel_programs',
    'meeting_request_documents', 'meeting_request_answers', 'meeting_requests', 'mr_form_questions', 'mr_forms');
}
