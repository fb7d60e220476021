import type { Generated } from 'kysely';
import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables, ownOnly } from '../../db/declare.js';

/** The account's contact hook (the reference's Hook): where eventline asks for a contact's details. */
export interface ContactHooksTable extends OwnedColumns, AuditColumns {
  name: string;
  callback: string;
  security_type: 'apiKey' | 'basic';
  /** apiKey only: the header carrying the key (NULL: Authorization). */
  auth_header_key: string | null;
  /** apiKey only: 1 when the value is prefixed with `api_key ` (the reference's default). */
  api_key_prefix: number;
  /** The far side's API key or Basic credentials, encrypted (secrets.ts): it must be sent, so it cannot be hashed. */
  secret_enc: string;
  /** The Standard Webhooks signing secret (`whsec_...`), encrypted: eventline signs with it. */
  signing_secret_enc: string;
}

export type TransactionStatus = 'queued' | 'delivering' | 'retrying' | 'merged' | 'unchanged' | 'rejected' | 'failed' | 'cancelled';
export type TransactionTrigger = 'contact.created' | 'contact.updated' | 'identify';

/** One contact transaction: a callback about one contact, delivered at least once and merged at most once. */
export interface ContactHookTransactionsTable extends OwnedColumns {
  hook_id: string;
  /** NULL once the contact is obfuscated (the log keeps the delivery, not whose it was). */
  contact_id: string | null;
  trigger: TransactionTrigger;
  status: TransactionStatus;
  attempts: Generated<number>;
  last_status_code: number | null;
  /** eventline's own words for the last failure (never the answer's body). */
  last_error: string | null;
  last_duration_ms: number | null;
  /** JSON {"merged":[field names],"ignored":[{field,reason}]}: what the answer changed, by name, never values. */
  merge_result: string | null;
  created: string;
  last_modified: string;
  finished_at: string | null;
}

export type AttemptOutcome = 'started' | 'answered' | 'timeout' | 'network' | 'refused';

/** One HTTP attempt of a transaction, written before the call (`started`), completed after it. */
export interface ContactHookAttemptsTable extends OwnedColumns {
  transaction_id: string;
  attempt: number;
  started: string;
  outcome: AttemptOutcome;
  status_code: number | null;
  duration_ms: number | null;
  error: string | null;
}

/** The key that encrypts the hooks' secrets when HOOKS_ENCRYPTION_KEYS is not set (one row, made once). */
export interface ContactHookKeysTable {
  kid: string;
  secret: string;
  created: string;
}

// Hooks hold no personal data; a transaction names its contact (cleared by the
// eraser) and its errors and attempts' errors are eventline's own words, which
// the erasers still search for the contact's values (free text).
export const CONTACT_HOOKS_TABLES = declareTables('contact-hooks', {
  contact_hooks: {
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'name', 'callback', 'security_type', 'auth_header_key', 'secret_enc', 'signing_secret_enc'],
  },
  contact_hook_transactions: {
    personal: { contact_id: ownOnly('cleared', 'the id of the contact the callback is about, written by eventline, never text from a client'),
      last_error: 'free-text', merge_result: 'free-text' },
    none: [...OWNED_COLUMNS, 'hook_id', 'trigger', 'status', 'created', 'last_modified', 'finished_at'],
  },
  contact_hook_attempts: { personal: { error: 'free-text' }, none: [...OWNED_COLUMNS, 'transaction_id', 'started', 'outcome'] },
  contact_hook_keys: { none: ['kid', 'secret', 'created'] },
});
