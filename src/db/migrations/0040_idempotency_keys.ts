import type { Kysely } from 'kysely';
import { createTable, dropTables, owned } from './columns.js';

// Issue 35: Idempotency-Key on every POST and PUT (docs/idempotency.md). One row per key an application used:
// claimed ('running') when its first request starts, then 'done' with the answer to replay for 24 hours. A key is
// stored as its SHA-256 (key_hash), unique per account and client; `fingerprint` is the SHA-256 of the canonical
// request (method, path, query, body bytes) that a reuse of the key must match. `locked_until`: when a running
// claim whose process died may be taken over. The answer (status, the headers that matter as JSON, body) may quote
// a contact: the module's eraser deletes answers that mention an erased contact.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'idempotency_keys', {
    ...owned, client_id: 'text!', key_hash: 'text!', method: 'text!', path: 'text!', fingerprint: 'text!', state: 'text!',
    locked_until: 'text', status: 'integer', response_headers: 'text', response_body: 'text', created: 'text!', expires_at: 'text!',
  }, {
    idempotency_keys_key: 'unique: account_id, client_id, key_hash',
    idempotency_keys_expiry: 'expires_at',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'idempotency_keys');
}
