import { OWNED_COLUMNS } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

/** What a forced refusal answers: the daily quota's 429 or the rate's. */
export type ForcedRefusal = 'limit-exceeded' | 'too-many-requests';

export interface RequestLogsTable {
  id: string;
  account_id: string;
  /** The application's client id. */
  client_id: string;
  at: string;
  method: string;
  /** The route's pattern (`/ea/events/{id}`), never the raw path or query. */
  route: string;
  status: number;
  latency_ms: number;
  request_id: string;
  /** The contract error's message with quoted values and email addresses redacted (redactMessage). */
  message: string | null;
  /** What a sandbox control did to the call, as the Eventline-Sandbox header said it. */
  sandbox: string | null;
}

export interface SandboxControlsTable {
  id: string;
  account_id: string;
  client_id: string;
  force: ForcedRefusal | null;
  /** Forced for this many calls (null: until force_until). */
  force_calls: number | null;
  /** Forced calls spent so far (counted in the row: every process spends from the same count). */
  force_used: number;
  force_until: string | null;
  latency_ms: number;
  failure_rate: number;
  failure_seed: number | null;
  clock_offset_ms: number;
  created: string;
  last_modified: string;
}

// No personal data by construction: the route is the pattern, the message is redacted before it is stored
// (redactMessage: quoted values and email addresses), and bodies, queries and raw paths are never written.
export const SANDBOX_TABLES = declareTables('sandbox', {
  request_logs: {
    none: [...OWNED_COLUMNS, 'client_id', 'at', 'method', 'route', 'request_id', 'message', 'sandbox'],
  },
  sandbox_controls: {
    none: [...OWNED_COLUMNS, 'client_id', 'force', 'force_until', 'created', 'last_modified'],
  },
});
