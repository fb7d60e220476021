import { sql, type Kysely } from 'kysely';

// Contact obfuscation requests and bulk jobs. Neither table holds personal
// data: an obfuscation row names only ids, and a bulk record keeps the path
// parameters (contact ids) and the per-record outcome.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact_obfuscations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('contact_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('job_id', 'text')
    .addColumn('rows_erased', 'integer')
    .addColumn('error', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('last_modified', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  // One live (not FAILED) obfuscation per contact: the index, not a prior read, settles two concurrent requests.
  await sql`create unique index contact_obfuscations_live on contact_obfuscations (account_id, contact_id) where status <> 'FAILED'`.execute(db);

  await db.schema
    .createTable('bulk_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('ttl', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total_records', 'integer', (c) => c.notNull())
    .addColumn('successful', 'integer', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull())
    .addColumn('job_id', 'text')
    .addColumn('started', 'text')
    .addColumn('completed', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('last_modified', 'text', (c) => c.notNull())
    .addColumn('last_modified_by', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bulk_jobs_account_status').on('bulk_jobs').columns(['account_id', 'status']).execute();

  await db.schema
    .createTable('bulk_job_records')
    .addColumn('job_id', 'text', (c) => c.notNull().references('bulk_jobs.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('result_status', 'integer')
    .addColumn('result_message', 'text')
    .addColumn('result_data', 'text')
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('bulk_job_records_pk', ['job_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['bulk_job_records', 'bulk_jobs', 'contact_obfuscations']) await db.schema.dropTable(t).execute();
}
