import { declareTables } from '../../db/declare.js';
import type { AuditActorType } from '../../audit-scope.js';

export interface AuditLogTable {
  id: string;
  account_id: string;
  at: string;
  actor_type: AuditActorType;
  actor_id: string;
  actor_display: string | null;
  /** A dotted verb: `application.scopes.changed`. */
  action: string;
  target_type: string;
  target_id: string;
  target_display: string | null;
  /** JSON: `{ field: { before, after } }` of the administrative fields the action changed; a secret only as "issued" / "rotated". */
  changes: string;
  address: string | null;
  request_id: string | null;
}

// The displays and the changes may name people (a user's email, a SCIM user's name): free text that obfuscation
// searches for the erased contacts' values and redacts in place (the entry stays, DESIGN style 9).
export const AUDIT_TABLES = declareTables('audit', {
  audit_log: {
    personal: { actor_display: 'free-text', target_display: 'free-text', changes: 'free-text' },
    none: ['id', 'account_id', 'at', 'actor_type', 'actor_id', 'action', 'target_type', 'target_id', 'address', 'request_id'],
  },
});
