import { defineModule, type ModuleDeps } from '../module.js';
import { auditErasers } from './audit.erasers.js';
import { AuditRepository } from './audit.repository.js';
import { auditRoutes } from './audit.routes.js';
import { AuditService } from './audit.service.js';

export { AuditService, changedFields, type AuditRecord } from './audit.service.js';
export type { Executor as AuditExecutor } from './audit.repository.js';
export { AuditEntrySchema, AuditListQuerySchema, AuditPageSchema, type AuditEntry } from './audit.schemas.js';
export { AUDIT_FILTER_FIELDS } from './audit.filters.js';

/** The audit log of administrative actions (issue 36): the modules that change administrative data record into it. */
export function createAuditModule(deps: ModuleDeps) {
  const repo = new AuditRepository(deps.db.db, deps.db.dialect);
  const audit = new AuditService(repo, deps.clock);
  return defineModule({
    name: 'audit',
    services: { audit },
    routes: auditRoutes(audit, `${deps.config.publicUrl}/${deps.config.apiVersion}`),
    erasers: auditErasers(repo),
  });
}
