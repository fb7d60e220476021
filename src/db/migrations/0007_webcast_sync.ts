import type { Kysely } from 'kysely';
import { createTable, dropTables, each } from './columns.js';

// Sync state of sessions held on an outside webcast platform (src/modules/sync).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'webcast_sync_states', {
    ...each('text!', 'account_id', 'session_id', 'provider'), ...each('text', 'meeting_id', 'webcast_id', 'snapshot'),
    progress: "text! = '{}'", outcome: 'text!', error: 'text', last_run: 'text', created: 'text!', last_modified: 'text!',
  }, { webcast_sync_states_pk: 'primary key: account_id, session_id' });
  await createTable(db, 'webcast_sync_log', {
    id: 'text key', ...each('text!', 'account_id', 'session_id', 'field', 'kept', 'discarded_side'),
    discarded_value: 'text', kept_value: 'text', created: 'text!',
  }, { webcast_sync_log_session: 'account_id, session_id, created' });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'webcast_sync_log', 'webcast_sync_states');
}
