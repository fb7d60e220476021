import type { Kysely } from 'kysely';
import { audited, createTable, dropTables, owned } from './columns.js';

// The rest of the Events tag (issue 29):
// - event_copies: a copy request (POST /events/{id}/copy) and its status; the worker runs the copy steps every
//   module registers, in one transaction with the row's status change (src/modules/events/events.copy.ts).
// - event_user_groups: the account's user groups associated with an event (identity module).
// - planning_documents: files (POST /files) kept as an event's planning documents.
// - registration_paths, invitation_lists, event_emails: what the reference only lists; written through
//   eventline's extensions (DESIGN rule 11).
// List indexes end with the list's order (id); eq-filtered columns get (account_id, column, id).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'event_copies', {
    ...owned, source_event_id: 'text! -> events', event_id: 'text!', into_existing: 'integer! = 0', status: "text! = 'Processing'",
    parts: "text! = '{}'", error: 'text', attempts: 'integer! = 0', created: 'text!', created_by: 'text!', last_modified: 'text!',
  });

  await createTable(db, 'event_user_groups', { ...owned, event_id: 'text! -> events', user_group_id: 'text! -> user_groups', ...audited }, {
    event_user_groups_pair: 'unique: event_id, user_group_id',
    event_user_groups_event: 'account_id, event_id, id',
    event_user_groups_group: 'user_group_id',
  });

  await createTable(db, 'planning_documents', {
    ...owned, event_id: 'text! -> events', file_id: 'text!', name: 'text!', category: 'text', description: 'text', mime_type: 'text!',
    size: 'integer! = 0', uploaded: 'text!', uploaded_by: 'text!', ...audited,
  }, {
    planning_documents_file: 'unique: file_id',
    planning_documents_event: 'account_id, event_id, id',
    planning_documents_name: 'account_id, name, id',
    planning_documents_category: 'account_id, category, id',
    planning_documents_mime_type: 'account_id, mime_type, id',
  });

  await createTable(db, 'registration_paths', { ...owned, event_id: 'text! -> events', name: 'text!', code: 'text!', description: 'text', ...audited }, {
    registration_paths_event: 'account_id, event_id, id',
  });

  await createTable(db, 'invitation_lists', { ...owned, event_id: 'text! -> events', name: 'text!', locale: 'text!', is_default: 'integer! = 0', ...audited }, {
    invitation_lists_event: 'account_id, event_id, id',
    invitation_lists_name: 'account_id, name, id',
    invitation_lists_locale: 'account_id, locale, id',
  });

  await createTable(db, 'event_emails', {
    ...owned, event_id: 'text! -> events', invitation_list_id: 'text -> invitation_lists', name: 'text!', active: 'integer! = 1', subject: 'text!',
    from_name: 'text', from_email: 'text', reply_to_name: 'text', reply_to_email: 'text', plaintext_body: 'text', html_body: 'text',
    locale: 'text!', click_tracking: 'integer! = 0', ...audited,
  }, {
    event_emails_event: 'account_id, event_id, id',
    event_emails_name: 'account_id, name, id',
    event_emails_invitation_list: 'account_id, invitation_list_id, id',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'event_emails', 'invitation_lists', 'registration_paths', 'planning_documents', 'event_user_groups', 'event_copies');
}
