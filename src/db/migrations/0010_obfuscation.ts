import { sql, type Kysely } from 'kysely';
import { columns, owned } from './columns.js';

// Contact obfuscation requests and bulk jobs. Neither table holds personal
// data: an obfuscation row names only ids, and a bulk record keeps the path
// parameters (contact ids) and the per-record outcome.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact_obfuscations')
    .$call(owned)
    .$call(columns('text!', 'contact_id', 'status'))
    .addColumn('job_id', 'text')
    .addColumn('rows_erased', 'integer')
    .addColumn('error', 'text')
    .$call(columns('text!', 'created', 'last_modified'))
    .addColumn('finished_at', 'text')
    .execute();
  // One live (not FAILED) obfuscation per contact: the index, not a prior read, settles two concurrent requests.
  await sql`create unique index contact_obfuscations_live on contact_obfuscations (account_id, contact_id) where status <> 'FAILED'`.execute(db);

  await db.schema
    .createTable('bulk_jobs')
    .$call(owned)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .$call(columns('text!', 'url', 'operation', 'mode'))
    .addColumn('ttl', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .$call(columns('integer!', 'total_records', 'successful', 'failed'))
    .$call(columns('text', 'job_id', 'started', 'completed'))
    .$call(columns('text!', 'created', 'created_by', 'last_modified', 'last_modified_by'))
    .execute();
  await db.schema.createIndex('bulk_jobs_account_status').on('bulk_jobs').columns(['account_id', 'status']).execute();

  await db.schema
    .createTable('bulk_job_records')
    .addColumn('job_id', 'text', (c) => c.notNull().references('bulk_jobs.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .$call(columns('text!', 'account_id', 'data'))
    .addColumn('result_status', 'integer')
    .$call(columns('text', 'result_message', 'result_data'))
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('bulk_job_records_pk', ['job_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['bulk_job_records', 'bulk_jobs', 'contact_obfuscations']) await db.schema.dropTable(t).execute();
}
