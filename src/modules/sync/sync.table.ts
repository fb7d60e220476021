import { OWNED_COLUMNS, type OwnedColumns } from '../../db/columns.js';
import type { Generated } from 'kysely';
import type { SyncOutcome, SyncSide } from './sync.schemas.js';
import { declareTables } from '../../db/declare.js';

/** One row per synced session: where it lives on the provider and how the last run went. */
export interface WebcastSyncStatesTable {
  account_id: string;
  session_id: string;
  provider: string;
  /** The platform connection the session is held on (null: the process-wide SYNC_PROVIDER sync). */
  connection_id: string | null;
  meeting_id: string | null;
  webcast_id: string | null;
  /** JSON: the field values both sides last agreed on (two-way edits compare against it). */
  snapshot: string | null;
  /** JSON: counters of what the runs wrote (links, check-ins, recording); '{}' by default. */
  progress: Generated<string>;
  outcome: SyncOutcome;
  error: string | null;
  last_run: string | null;
  created: string;
  last_modified: string;
}

/** Conflicting edits: the side that lost, kept for the planner to review. */
export interface WebcastSyncLogTable extends OwnedColumns {
  session_id: string;
  field: string;
  kept: SyncSide;
  discarded_side: SyncSide;
  discarded_value: string | null;
  kept_value: string | null;
  created: string;
}

/** A webcast platform account connected by an administrator (migration 0038). */
export interface PlatformConnectionsTable extends OwnedColumns {
  platform: string;
  name: string;
  /** JSON: the non-secret settings the platform's connector factory takes. */
  settings: Generated<string>;
  /** Sealed with the contact hooks' key ring (context: row id and column); never returned or logged. */
  client_secret_enc: string | null;
  webhook_secret_enc: string | null;
  /** GoToWebinar: the organizer's refresh token, sealed; GoTo may replace it on each use and the newest is stored here. */
  refresh_token_enc: string | null;
  secrets_rotated: string | null;
  /** JSON: the last "test connection" answer ({ at, ok, status, message }). */
  last_test: string | null;
  created: string;
  last_modified: string;
  created_by: string;
  last_modified_by: string;
}

// Snapshots and the conflict log hold session fields (title, times, access codes), not contacts' values.
export const SYNC_TABLES = declareTables('sync', {
  webcast_sync_states: {
    none: ['account_id', 'session_id', 'provider', 'connection_id', 'meeting_id', 'webcast_id', 'snapshot', 'progress', 'outcome', 'error', 'last_run', 'created',
      'last_modified'],
  },
  webcast_sync_log: { none: [...OWNED_COLUMNS, 'session_id', 'field', 'kept', 'discarded_side', 'discarded_value', 'kept_value', 'created'] },
  // The account's own configuration: platform ids, the host user of the account's platform (a staff member, not a
  // contact) and sealed secrets; no contact's data is ever written here.
  platform_connections: {
    none: [...OWNED_COLUMNS, 'platform', 'name', 'settings', 'client_secret_enc', 'webhook_secret_enc', 'refresh_token_enc', 'secrets_rotated', 'last_test', 'created', 'last_modified',
      'created_by', 'last_modified_by'],
  },
});
