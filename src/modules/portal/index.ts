import type { AccountsService } from '../accounts/index.js';
import type { AuditService } from '../audit/index.js';
import type { RequestLogService, SandboxControlsService } from '../sandbox/index.js';
import { defineModule, type ModuleDeps } from '../module.js';
import { PortalRepository } from './portal.repository.js';
import { portalRoutes } from './portal.routes.js';
import { PortalService } from './portal.service.js';

export { PortalService };
export { PORTAL_COOKIE } from './portal.routes.js';

/** The developer portal: a first-party cookie session outside the versioned API (DESIGN rule 10). */
export function createPortalModule(deps: ModuleDeps, uses: { accounts: AccountsService; audit?: AuditService; sandbox?: { requestLogs: RequestLogService; sandboxControls: SandboxControlsService } }) {
  const repo = new PortalRepository(deps.db.db);
  const portal = new PortalService(repo, uses.accounts, deps.clock, uses.audit, deps.config.publicUrl, uses.sandbox);
  // A deactivated or deleted user is signed out everywhere, in the same transaction.
  uses.accounts.onUserRevoked(async (event, trx) => {
    await repo.deleteSessionsOf(event.userId, trx);
  });
  const routes = portalRoutes({ portal, secureCookies: deps.config.publicUrl.startsWith('https:') });
  return defineModule({
    name: 'portal',
    services: { portal },
    rootRoutes: routes,
  });
}
