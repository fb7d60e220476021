import type { Kysely } from 'kysely';
import { createTable, dropTables, each } from './columns.js';

// Compliance communications: what is captured, the stored mail, the secrets
// that sign email URLs and attendee tokens, planner email requests, and the
// session chat and Q&A that produce chat / session_qa messages.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'communication_settings', { account_id: 'text key', enabled_types: 'text!', last_modified: 'text!' });
  await createTable(db, 'communication_messages', {
    id: 'text key', ...each('text!', 'account_id', 'type', 'created'), event_id: 'text', contact_id: 'text', payload: 'text!', tags: 'text!', mail_id: 'text',
  }, {
    communication_messages_account_created: 'account_id, created, id',
    communication_messages_created: 'created',
  });
  await createTable(db, 'mail_outbox', {
    id: 'text key', account_id: 'text!', created: 'text!', contact_id: 'text', ...each('text!', 'recipient', 'subject', 'raw', 'transport'),
  }, { mail_outbox_account_created: 'account_id, created' });
  await createTable(db, 'communication_secrets', each('text!', 'purpose', 'kid', 'secret', 'created'), {
    communication_secrets_pk: 'primary key: purpose, kid',
  });
  await createTable(db, 'email_requests', {
    id: 'text key', ...each('text!', 'account_id', 'event_id', 'email_id'), resend: 'integer!',
    ...each('text!', 'status', 'responses', 'created', 'created_by', 'last_modified', 'last_modified_by'),
  });
  await createTable(db, 'email_deliveries', each('text!', 'account_id', 'email_id', 'attendee_id', 'request_id', 'created'), {
    email_deliveries_pk: 'primary key: account_id, email_id, attendee_id',
  });
  await createTable(db, 'session_chat_messages', {
    id: 'text key', ...each('text!', 'account_id', 'event_id', 'session_id', 'attendee_id'), parent_id: 'text', text_html: 'text!', created: 'text!',
  });
  await createTable(db, 'event_communication_settings', { account_id: 'text!', event_id: 'text!', join_link_emails: 'integer!', last_modified: 'text!' }, {
    event_communication_settings_pk: 'primary key: account_id, event_id',
  });
  await createTable(db, 'session_questions', {
    id: 'text key', ...each('text!', 'account_id', 'event_id', 'session_id', 'attendee_id', 'text'), anonymous: 'integer!', status: 'text!',
    answer: 'text', created: 'text!', last_modified: 'text!',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db,
    'session_questions', 'event_communication_settings', 'session_chat_messages', 'email_deliveries', 'email_requests',
    'communication_secrets', 'mail_outbox', 'communication_messages', 'communication_settings',
  );
}
