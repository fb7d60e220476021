import type { Kysely } from 'kysely';

// Compliance communications: what is captured, the stored mail, the secrets
// that sign email URLs and attendee tokens, planner email requests, and the
// session chat and Q&A that produce chat / session_qa messages.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('communication_settings')
    .addColumn('account_id', 'text', (c) => c.primaryKey())
    .addColumn('enabled_types', 'text', (c) => c.notNull())
    .addColumn('last_modified', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createTable('communication_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text')
    .addColumn('contact_id', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('mail_id', 'text')
    .execute();
  await db.schema.createIndex('communication_messages_account_created').on('communication_messages').columns(['account_id', 'created', 'id']).execute();
  await db.schema.createIndex('communication_messages_created').on('communication_messages').columns(['created']).execute();
  await db.schema.createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('contact_id', 'text')
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('raw', 'text', (c) => c.notNull())
    .addColumn('transport', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_outbox_account_created').on('mail_outbox').columns(['account_id', 'created']).execute();
  await db.schema.createTable('communication_secrets')
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('kid', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('communication_secrets_pk', ['purpose', 'kid'])
    .execute();
  await db.schema.createTable('email_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('email_id', 'text', (c) => c.notNull())
    .addColumn('resend', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('responses', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('last_modified', 'text', (c) => c.notNull())
    .addColumn('last_modified_by', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createTable('email_deliveries')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('email_id', 'text', (c) => c.notNull())
    .addColumn('attendee_id', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('email_deliveries_pk', ['account_id', 'email_id', 'attendee_id'])
    .execute();
  await db.schema.createTable('session_chat_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('attendee_id', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('text_html', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createTable('event_communication_settings')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('join_link_emails', 'integer', (c) => c.notNull())
    .addColumn('last_modified', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_communication_settings_pk', ['account_id', 'event_id'])
    .execute();
  await db.schema.createTable('session_questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('attendee_id', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('anonymous', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('answer', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('last_modified', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['session_questions', 'event_communication_settings', 'session_chat_messages', 'email_deliveries', 'email_requests', 'communication_secrets', 'mail_outbox', 'communication_messages', 'communication_settings']) {
    await db.schema.dropTable(t).execute();
  }
}
