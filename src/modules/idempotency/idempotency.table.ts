import { OWNED_COLUMNS } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

export type IdempotencyState = 'running' | 'done';

export interface IdempotencyKeysTable {
  id: string;
  account_id: string;
  /** The application's client id (the key's namespace within the account). */
  client_id: string;
  /** SHA-256 of the Idempotency-Key header's value (hex). */
  key_hash: string;
  method: string;
  path: string;
  /** SHA-256 of the canonical request: method, path, query, body bytes (hex). */
  fingerprint: string;
  state: IdempotencyState;
  locked_until: string | null;
  status: number | null;
  /** JSON object of the saved headers (content-type, location). */
  response_headers: string | null;
  response_body: string | null;
  created: string;
  expires_at: string;
}

// A saved answer may quote a contact (an attendee's email in a 201): the eraser deletes every answer of the account
// that mentions an erased contact (a cache, not an audit trail; a retry of that key then runs again).
export const IDEMPOTENCY_TABLES = declareTables('idempotency', {
  idempotency_keys: {
    personal: { response_body: 'free-text', response_headers: 'free-text' },
    none: [...OWNED_COLUMNS, 'client_id', 'key_hash', 'method', 'path', 'fingerprint', 'state', 'locked_until', 'created', 'expires_at'],
  },
});
