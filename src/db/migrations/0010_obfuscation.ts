import { sql, type Kysely } from 'kysely';
import { createTable, dropTables, each, owned } from './columns.js';

// Contact obfuscation requests and bulk jobs. Neither table holds personal
// data: an obfuscation row names only ids, and a bulk record keeps the path
// parameters (contact ids) and the per-record outcome.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'contact_obfuscations', {
    ...owned, contact_id: 'text!', status: 'text!', job_id: 'text', rows_erased: 'integer', error: 'text',
    created: 'text!', last_modified: 'text!', finished_at: 'text',
  });
  // One live (not FAILED) obfuscation per contact: the index, not a prior read, settles two concurrent requests.
  await sql`create unique index contact_obfuscations_live on contact_obfuscations (account_id, contact_id) where status <> 'FAILED'`.execute(db);

  await createTable(db, 'bulk_jobs', {
    ...owned, name: 'text!', description: 'text', ...each('text!', 'url', 'operation', 'mode'), ttl: 'integer!', status: 'text!',
    ...each('integer!', 'total_records', 'successful', 'failed'), ...each('text', 'job_id', 'started', 'completed'),
    ...each('text!', 'created', 'created_by', 'last_modified', 'last_modified_by'),
  }, { bulk_jobs_account_status: 'account_id, status' });

  await createTable(db, 'bulk_job_records', {
    job_id: 'text! -> bulk_jobs', seq: 'integer!', account_id: 'text!', data: 'text!', result_status: 'integer',
    result_message: 'text', result_data: 'text', processed: 'integer! = 0',
  }, { bulk_job_records_pk: 'primary key: job_id, seq' });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'bulk_job_records', 'bulk_jobs', 'contact_obfuscations');
}
