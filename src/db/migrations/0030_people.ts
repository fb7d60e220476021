import type { Kysely } from 'kysely';
import { audited, createTable, dropTables, owned } from './columns.js';

// People (issue 30, the Contacts tag):
// - contact_groups / contact_group_members: the account's groups of contacts and who is in them (one row per pair).
// - contact_types: the account's contact types (the reference lists them; eventline's extension creates them).
// - contact_history: a contact's change history, append-only, one row per changed field, written in the transaction
//   of the change; old and new values are the contact's personal data (its eraser clears them).
// - contact_relationships: related contacts, one row per direction so a contact's related ids page by keyset.
// - contact_profile_images: a contact's profile picture, a file from POST /files.
// - attendee_email_subscriptions: an attendee's email subscription status for its event (PUT .../email-subscriptions).
// - attendee_internal_answers: planners' internal-information answers about an attendee, to one of its event's questions.
// - event_roles / event_role_assignments: the account's event roles and which user holds which role on which event
//   (the reference lists assignments; eventline's extensions create roles and assignments).
// - attendee_signatures: an attendee's check-in (and check-out) signature at an event or a session, images from POST /files
//   (the reference lists them; eventline's extension records them).
// - hubs / hub_members: the account's Events+ hubs and their members (the reference lists them; eventline's extensions
//   create them). A member is linked to the account's contact of the same email, whose erasure deletes the member.
// - process_forms / process_form_submissions: the account's process forms (their questions as JSON) and the forms
//   submitted for events (answers as JSON); the reference lists submissions, eventline's extensions write both.
// List indexes end with the list's order (id).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'contact_groups', {
    ...owned, name: 'text!', short_description: 'text', description: 'text', type: "text! = 'STANDARD'", note: 'text',
    security_type: 'text', internal_note: 'text', ...audited,
  }, {
    contact_groups_account: 'account_id, id',
    contact_groups_name: 'unique: account_id, name',
  });
  await createTable(db, 'contact_group_members', {
    ...owned, group_id: 'text! -> contact_groups', contact_id: 'text! -> contacts', created: 'text!', created_by: 'text!',
  }, {
    contact_group_members_pair: 'unique: group_id, contact_id',
    contact_group_members_group: 'account_id, group_id, id',
    contact_group_members_contact: 'account_id, contact_id',
  });
  await createTable(db, 'contact_types', {
    ...owned, code: 'text!', name: 'text!', description: 'text', active: 'integer! = 1', ...audited,
  }, {
    contact_types_account: 'account_id, id',
    contact_types_code: 'unique: account_id, code',
  });
  await createTable(db, 'contact_history', {
    ...owned, contact_id: 'text! -> contacts', field: 'text!', old_value: 'text', new_value: 'text', through: 'text!', updated: 'text!', updated_by: 'text!',
  }, {
    contact_history_contact: 'account_id, contact_id, id',
  });
  await createTable(db, 'contact_relationships', {
    ...owned, contact_id: 'text! -> contacts', related_contact_id: 'text! -> contacts', created: 'text!', created_by: 'text!',
  }, {
    contact_relationships_pair: 'unique: contact_id, related_contact_id',
    contact_relationships_contact: 'account_id, contact_id, id',
    contact_relationships_related: 'account_id, related_contact_id',
  });
  await createTable(db, 'contact_profile_images', {
    ...owned, contact_id: 'text! -> contacts', file_id: 'text!', ...audited,
  }, {
    contact_profile_images_contact: 'unique: contact_id',
    contact_profile_images_file: 'unique: file_id',
  });
  await createTable(db, 'attendee_email_subscriptions', {
    ...owned, attendee_id: 'text!', event_id: 'text!', contact_id: 'text!', unsubscribed: 'integer! = 0', ...audited,
  }, {
    attendee_email_subscriptions_attendee: 'unique: attendee_id',
    attendee_email_subscriptions_contact: 'account_id, contact_id',
  });
  await createTable(db, 'attendee_internal_answers', {
    ...owned, attendee_id: 'text!', event_id: 'text!', contact_id: 'text!', question_id: 'text!', value: "text! = '[]'", ...audited,
  }, {
    attendee_internal_answers_pair: 'unique: attendee_id, question_id',
    attendee_internal_answers_contact: 'account_id, contact_id',
  });
  await createTable(db, 'event_roles', { ...owned, name: 'text!', description: 'text', ...audited }, {
    event_roles_name: 'unique: account_id, name',
  });
  await createTable(db, 'event_role_assignments', {
    ...owned, event_id: 'text! -> events', user_id: 'text! -> users', role_id: 'text! -> event_roles', assigned: 'text!', assigned_by: 'text!',
  }, {
    event_role_assignments_triple: 'unique: event_id, user_id, role_id',
    event_role_assignments_account: 'account_id, id',
  });
  await createTable(db, 'attendee_signatures', {
    ...owned, event_id: 'text! -> events', session_id: 'text', attendee_id: 'text!', contact_id: 'text!', type: 'text!', checkin_file_id: 'text!',
    checkout_file_id: 'text', ...audited,
  }, {
    attendee_signatures_account: 'account_id, last_modified, id',
    attendee_signatures_contact: 'account_id, contact_id',
  });
  await createTable(db, 'hubs', {
    ...owned, title: 'text!', owner_first_name: 'text', owner_last_name: 'text', owner_email: 'text', status: "text! = 'Active'", settings: "text! = '{}'", ...audited,
  }, {
    hubs_account: 'account_id, id',
  });
  await createTable(db, 'hub_members', {
    ...owned, hub_id: 'text! -> hubs', contact_id: 'text', first_name: 'text!', last_name: 'text!', email: 'text!', job_title: "text! = ''",
    company_name: "text! = ''", designation: "text! = ''", work_city: "text! = ''", work_state: "text! = ''", work_country: "text! = ''",
    profile: "text! = '{}'", registration_date: 'text!', last_login_date: 'text', ...audited,
  }, {
    hub_members_hub: 'account_id, hub_id, id',
    hub_members_email: 'unique: hub_id, email',
    hub_members_contact: 'account_id, contact_id',
  });
  await createTable(db, 'process_forms', { ...owned, name: 'text!', questions: "text! = '[]'", ...audited }, {
    process_forms_account: 'account_id, id',
  });
  await createTable(db, 'process_form_submissions', {
    ...owned, event_id: 'text! -> events', form_id: 'text! -> process_forms', status: 'text!', answers: "text! = '[]'", ...audited,
  }, {
    process_form_submissions_account: 'account_id, id',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'process_form_submissions', 'process_forms', 'hub_members', 'hubs', 'attendee_signatures', 'event_role_assignments', 'event_roles', 'attendee_internal_answers', 'attendee_email_subscriptions', 'contact_profile_images', 'contact_relationships', 'contact_history', 'contact_types', 'contact_group_members', 'contact_groups');
}
