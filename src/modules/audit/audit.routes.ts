import { operations } from '../../http/operations.js';
import type { AuditService } from './audit.service.js';
import { AUDIT_FILTER_FIELDS } from './audit.filters.js';
import { AuditListQuerySchema, AuditPageSchema } from './audit.schemas.js';

/** Read only: there is no operation that changes or deletes an entry (test/api/audit-log.test.ts walks the routes). */
export function auditRoutes(audit: AuditService, base: string) {
  return operations((op) => {
    op.list('listAuditLog', {
      description: 'eventline extension (not in the reference): the account\'s audit log of administrative actions (users and roles, workspaces, '
        + 'applications and their scopes and secrets, account features, SCIM, contact hooks, the operator\'s CLI commands), oldest first '
        + '(`sort=at:DESC` for the newest first). Each entry says who acted, what changed (before and after; secrets only as "rotated"), when, '
        + 'from which address and in which request (X-Request-Id). Append-only: no operation changes or deletes an entry; obfuscating a contact '
        + 'redacts its values in them. Filterable: action (eq|ne|sw|in), actor.type, actor.id, target.type, target.id (eq|ne|in), requestId (eq|ne); '
        + 'at (eq|ne|lt|le|gt|ge); `after` and `before` bound `at`.',
      query: AuditListQuerySchema, page: AuditPageSchema, filters: AUDIT_FILTER_FIELDS, filterOperationId: null,
      list: (auth, query) => audit.list(auth.accountId, query, `${base}/audit-log`),
    });
  });
}
