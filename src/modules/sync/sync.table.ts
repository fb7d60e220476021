import { OWNED_COLUMNS, type OwnedColumns } from '../../db/columns.js';
import type { Generated } from 'kysely';
import type { SyncOutcome, SyncSide } from './sync.schemas.js';
import { declareTables } from '../../db/declare.js';

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
export const SYNC_TABLES = declareTables('sync', {
  webcast_sync_states: {
    none: ['account_id', 'session_id', 'provider', 'meeting_id', 'webcast_id', 'snapshot', 'progress', 'outcome', 'error', 'last_run', 'created',
      'last_modified'],
  },
  webcast_sync_log: { none: [...OWNED_COLUMNS, 'session_id', 'field', 'kept', 'discarded_side', 'discarded_value', 'kept_value', 'created'] },
});
