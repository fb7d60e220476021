import type { Kysely } from 'kysely';
import { columns } from './columns.js';

// Compliance communications: what is captured, the stored mail, the secrets
// that sign email URLs and attendee tokens, planner email requests, and the
// session chat and Q&A that produce chat / session_qa messages.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('communication_settings')
    .addColumn('account_id', 'text', (c) => c.primaryKey())
    .$call(columns('text!', 'enabled_types', 'last_modified'))
    .execute();
  await db.schema.createTable('communication_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .$call(columns('text!', 'account_id', 'type', 'created'))
    .$call(columns('text', 'event_id', 'contact_id'))
    .$call(columns('text!', 'payload', 'tags'))
    .addColumn('mail_id', 'text')
    .execute();
  await db.schema.createIndex('communication_messages_account_created').on('communication_messages').columns(['account_id', 'created', 'id']).execute();
  await db.schema.createIndex('communication_messages_created').on('communication_messages').columns(['created']).execute();
  await db.schema.createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .$call(columns('text!', 'account_id', 'created'))
    .addColumn('contact_id', 'text')
    .$call(columns('text!', 'recipient', 'subject', 'raw', 'transport'))
    .execute();
  await db.schema.createIndex('mail_outbox_account_created').on('mail_outbox').columns(['account_id', 'created']).execute();
  await db.schema.createTable('communication_secrets')
    .$call(columns('text!', 'purpose', 'kid', 'secret', 'created'))
    .addPrimaryKeyConstraint('communication_secrets_pk', ['purpose', 'kid'])
    .execute();
  await db.schema.createTable('email_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .$call(columns('text!', 'account_id', 'event_id', 'email_id'))
    .addColumn('resend', 'integer', (c) => c.notNull())
    .$call(columns('text!', 'status', 'responses', 'created', 'created_by', 'last_modified', 'last_modified_by'))
    .execute();
  await db.schema.createTable('email_deliveries')
    .$call(columns('text!', 'account_id', 'email_id', 'attendee_id', 'request_id', 'created'))
    .addPrimaryKeyConstraint('email_deliveries_pk', ['account_id', 'email_id', 'attendee_id'])
    .execute();
  await db.schema.createTable('session_chat_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .$call(columns('text!', 'account_id', 'event_id', 'session_id', 'attendee_id'))
    .addColumn('parent_id', 'text')
    .$call(columns('text!', 'text_html', 'created'))
    .execute();
  await db.schema.createTable('event_communication_settings')
    .$call(columns('text!', 'account_id', 'event_id'))
    .addColumn('join_link_emails', 'integer', (c) => c.notNull())
    .addColumn('last_modified', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_communication_settings_pk', ['account_id', 'event_id'])
    .execute();
  await db.schema.createTable('session_questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .$call(columns('text!', 'account_id', 'event_id', 'session_id', 'attendee_id', 'text'))
    .addColumn('anonymous', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('answer', 'text')
    .$call(columns('text!', 'created', 'last_modified'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['session_questions', 'event_communication_settings', 'session_chat_messages', 'email_deliveries', 'email_requests', 'communication_secrets', 'mail_outbox', 'communication_messages', 'communication_settings']) {
    await db.schema.dropTable(t).execute();
  }
}
