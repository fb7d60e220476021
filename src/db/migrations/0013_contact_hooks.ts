import type { Kysely } from 'kysely';
import { audited, createTable, dropTables, owned } from './columns.js';

// Contact hooks (the reference's Hooks: the attendee identification service).
// A hook's secrets are stored encrypted; a transaction is one callback about one
// contact, and its attempts are the delivery log. 0012 is kept for the SCIM
// migration that lands beside this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'contact_hooks', {
    ...owned, name: 'text!', callback: 'text!', security_type: 'text!', auth_header_key: 'text', api_key_prefix: 'integer!',
    secret_enc: 'text!', signing_secret_enc: 'text!', ...audited,
  }, {
    // Accounts support only one contact hook (the reference's guide): the index settles two concurrent creations.
    contact_hooks_account: 'unique: account_id',
  });

  await createTable(db, 'contact_hook_transactions', {
    ...owned, hook_id: 'text! -> contact_hooks', contact_id: 'text', trigger: 'text!', status: 'text!', attempts: 'integer! = 0',
    last_status_code: 'integer', last_error: 'text', last_duration_ms: 'integer', merge_result: 'text',
    created: 'text!', last_modified: 'text!', finished_at: 'text',
  }, {
    contact_hook_transactions_hook: 'account_id, hook_id, id',
    contact_hook_transactions_contact: 'account_id, contact_id',
  });

  await createTable(db, 'contact_hook_attempts', {
    ...owned, transaction_id: 'text! -> contact_hook_transactions', attempt: 'integer!', started: 'text!', outcome: 'text!',
    status_code: 'integer', duration_ms: 'integer', error: 'text',
  }, { contact_hook_attempts_transaction: 'transaction_id, attempt' });

  await createTable(db, 'contact_hook_keys', { kid: 'text key', secret: 'text!', created: 'text!' });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'contact_hook_keys', 'contact_hook_attempts', 'contact_hook_transactions', 'contact_hooks');
}
