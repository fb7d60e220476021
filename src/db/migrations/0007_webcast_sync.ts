import type { Kysely } from 'kysely';
import { columns } from './columns.js';

// Sync state of sessions held on an outside webcast platform (src/modules/sync).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webcast_sync_states')
    .$call(columns('text!', 'account_id', 'session_id', 'provider'))
    .$call(columns('text', 'meeting_id', 'webcast_id', 'snapshot'))
    .addColumn('progress', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .$call(columns('text', 'error', 'last_run'))
    .$call(columns('text!', 'created', 'last_modified'))
    .addPrimaryKeyConstraint('webcast_sync_states_pk', ['account_id', 'session_id'])
    .execute();
  await db.schema
    .createTable('webcast_sync_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .$call(columns('text!', 'account_id', 'session_id', 'field', 'kept', 'discarded_side'))
    .$call(columns('text', 'discarded_value', 'kept_value'))
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webcast_sync_log_session').on('webcast_sync_log').columns(['account_id', 'session_id', 'created']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webcast_sync_log').execute();
  await db.schema.dropTable('webcast_sync_states').execute();
}
