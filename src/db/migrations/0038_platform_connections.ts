import type { Kysely } from 'kysely';
import { addColumns, audited, createTable, dropTables, owned } from './columns.js';

// Issue 33 (parts 3 and 4): the webcast platforms an account connects (Zoom, GoToWebinar, Teams, the simulator).
// - platform_connections: one row per connected platform account. `settings` is JSON text of the non-secret values the
//   connector's factory takes (account id or tenant, client id, default host, API base URLs); the client secret and the
//   webhook secret (and GoToWebinar's refresh token, replaced by the connector when GoTo rotates it) are sealed with the contact hooks' key ring (AES-256-GCM, the row id and the column bound in) and are
//   never returned. `secrets_rotated` is when either was last replaced.
// - webcast_sync_states.connection_id: the connection a session is held on (null: the process-wide SYNC_PROVIDER sync).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'platform_connections', {
    ...owned, platform: 'text!', name: 'text!', settings: "text! = '{}'", client_secret_enc: 'text', webhook_secret_enc: 'text', refresh_token_enc: 'text', secrets_rotated: 'text',
    last_test: 'text', ...audited,
  }, {
    platform_connections_list: 'account_id, id',
  });
  await addColumns(db, 'webcast_sync_states', { connection_id: 'text' });
  await db.schema.createIndex('webcast_sync_states_connection').on('webcast_sync_states').columns(['connection_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webcast_sync_states_connection').execute();
  await db.schema.alterTable('webcast_sync_states').dropColumn('connection_id').execute();
  await dropTables(db, 'platform_connections');
}
