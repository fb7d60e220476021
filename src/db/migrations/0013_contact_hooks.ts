import type { Kysely } from 'kysely';
import { audited, columns, owned } from './columns.js';

// Contact hooks (the reference's Hooks: the attendee identification service).
// A hook's secrets are stored encrypted; a transaction is one callback about one
// contact, and its attempts are the delivery log. 0012 is kept for the SCIM
// migration that lands beside this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact_hooks')
    .$call(owned)
    .$call(columns('text!', 'name', 'callback', 'security_type'))
    .addColumn('auth_header_key', 'text')
    .addColumn('api_key_prefix', 'integer', (c) => c.notNull())
    .$call(columns('text!', 'secret_enc', 'signing_secret_enc'))
    .$call(audited)
    .execute();
  // Accounts support only one contact hook (the reference's guide): the index settles two concurrent creations.
  await db.schema.createIndex('contact_hooks_account').unique().on('contact_hooks').column('account_id').execute();

  await db.schema
    .createTable('contact_hook_transactions')
    .$call(owned)
    .addColumn('hook_id', 'text', (c) => c.notNull().references('contact_hooks.id'))
    .addColumn('contact_id', 'text')
    .$call(columns('text!', 'trigger', 'status'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('last_duration_ms', 'integer')
    .addColumn('merge_result', 'text')
    .$call(columns('text!', 'created', 'last_modified'))
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('contact_hook_transactions_hook').on('contact_hook_transactions').columns(['account_id', 'hook_id', 'id']).execute();
  await db.schema.createIndex('contact_hook_transactions_contact').on('contact_hook_transactions').columns(['account_id', 'contact_id']).execute();

  await db.schema
    .createTable('contact_hook_attempts')
    .$call(owned)
    .addColumn('transaction_id', 'text', (c) => c.notNull().references('contact_hook_transactions.id'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .$call(columns('text!', 'started', 'outcome'))
    .$call(columns('integer', 'status_code', 'duration_ms'))
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('contact_hook_attempts_transaction').on('contact_hook_attempts').columns(['transaction_id', 'attempt']).execute();

  await db.schema
    .createTable('contact_hook_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .$call(columns('text!', 'secret', 'created'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['contact_hook_keys', 'contact_hook_attempts', 'contact_hook_transactions', 'contact_hooks']) await db.schema.dropTable(t).execute();
}
