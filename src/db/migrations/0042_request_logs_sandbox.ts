import type { Kysely } from 'kysely';
import { createTable, dropTables, owned } from './columns.js';

// Issue 35, parts 4 and 5 (docs/sandbox.md). `request_logs`: the last N requests of each application (method, the
// route's pattern, status, latency, request id, the error's message with quoted values redacted, and the sandbox
// control that acted on it); never a body, a query string or a raw path. Pruned to N per application and by age.
// `sandbox_controls`: at most one row per application (account, client id): a forced 429 for the next N calls or
// until a time, added latency, a share of 503s, and the offset of the application's clock. Rows, not process memory,
// so every process applies the same controls and a count of forced calls is spent once across them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'request_logs', {
    ...owned, client_id: 'text!', at: 'text!', method: 'text!', route: 'text!', status: 'integer!', latency_ms: 'double precision!',
    request_id: 'text!', message: 'text', sandbox: 'text',
  }, {
    request_logs_app: 'account_id, client_id, at, id',
    request_logs_at: 'at',
  });
  await createTable(db, 'sandbox_controls', {
    ...owned, client_id: 'text!', force: 'text', force_calls: 'integer', force_used: 'integer! = 0', force_until: 'text',
    latency_ms: 'integer! = 0', failure_rate: 'double precision! = 0', failure_seed: 'integer', clock_offset_ms: 'double precision! = 0',
    created: 'text!', last_modified: 'text!',
  }, {
    sandbox_controls_app: 'unique: account_id, client_id',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'sandbox_controls', 'request_logs');
}
