import type { OwnedColumns } from '../../db/columns.js';
import type { Generated, Insertable, Selectable } from 'kysely';
import type { SyncOutcome, SyncSide } from './sync.schemas.js';
import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/types.js';

/** One row per synced session: where it lives on the provider and how the last run went. */
export interface WebcastSyncStatesTable {
  account_id: string;
  session_id: string;
  provider: string;
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

// Snapshots and the conflict log hold session fields (title, times, access codes), not contacts' values.
export const SYNC_TABLES = declareTables<Database>('sync', {
  webcast_sync_states: {
    account_id: 'none', session_id: 'none', provider: 'none', meeting_id: 'none', webcast_id: 'none', snapshot: 'none', progress: 'none',
    outcome: 'none', error: 'none', last_run: 'none', created: 'none', last_modified: 'none',
  },
  webcast_sync_log: {
    id: 'none', account_id: 'none', session_id: 'none', field: 'none', kept: 'none', discarded_side: 'none', discarded_value: 'none',
    kept_value: 'none', created: 'none',
  },
});

// The rows the repositories read and write, in Kysely's Selectable / Insertable / Updateable forms.
export type SyncStateRow = Selectable<WebcastSyncStatesTable>;
export type NewSyncState = Insertable<WebcastSyncStatesTable>;
export type SyncLogRow = Selectable<WebcastSyncLogTable>;
export type NewSyncLogEntry = Insertable<WebcastSyncLogTable>;
