import type { Kysely } from 'kysely';

// Sync state of sessions held on an outside webcast platform (src/modules/sync).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webcast_sync_states')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('meeting_id', 'text')
    .addColumn('webcast_id', 'text')
    .addColumn('snapshot', 'text')
    .addColumn('progress', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('last_run', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('last_modified', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('webcast_sync_states_pk', ['account_id', 'session_id'])
    .execute();
  await db.schema
    .createTable('webcast_sync_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('kept', 'text', (c) => c.notNull())
    .addColumn('discarded_side', 'text', (c) => c.notNull())
    .addColumn('discarded_value', 'text')
    .addColumn('kept_value', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webcast_sync_log_session').on('webcast_sync_log').columns(['account_id', 'session_id', 'created']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webcast_sync_log').execute();
  await db.schema.dropTable('webcast_sync_states').execute();
}
