import type { AccountsService } from '../accounts/index.js';
import { defineModule, type ModuleDeps } from '../module.js';
import { RequestLogsRepository, SandboxControlsRepository } from './sandbox.repository.js';
import { sandboxRoutes } from './sandbox.routes.js';
import { RequestLogService, SandboxControlsService } from './sandbox.service.js';

export { RequestLogService, SandboxControlsService };
export { PRUNE_JOB, type RequestRecord, type SandboxDecision } from './sandbox.service.js';
export { redactMessage, REDACTED } from './sandbox.redact.js';
export { REQUEST_LOG_FILTER_FIELDS } from './sandbox.filters.js';
export { ControlsSchema, RequestLogPageSchema, RequestLogQuerySchema, type Controls, type RequestLogQuery } from './sandbox.schemas.js';

/**
 * The integrator's sandbox (issue 35 parts 4 and 5, docs/sandbox.md): the request log of each application and the
 * sandbox controls (forced 429s, latency, 503s, a moved clock). The HTTP layer (src/http/sandbox.ts) applies the
 * controls and records each request; this module stores both.
 */
export function createSandboxModule(deps: ModuleDeps, uses: { accounts: AccountsService }) {
  const settings = deps.config.sandbox;
  const requestLogs = new RequestLogService(new RequestLogsRepository(deps.db.db), deps.jobs, deps.clock, {
    size: settings.requestLogSize, ttlMs: settings.requestLogTtlHours * 3_600_000, flushMs: settings.requestLogFlushMs,
  });
  const sandboxControls = new SandboxControlsService(new SandboxControlsRepository(deps.db.db), deps.clock, settings.controls, settings.controlsCacheMs);
  const applicationOf = async (auth: { accountId: string; clientId: string }, clientId: string | undefined): Promise<string> => {
    if (clientId === undefined || clientId === auth.clientId) return auth.clientId;
    // Another application of the same account; another account's (or none) is a 404.
    return (await uses.accounts.getApplication(auth.accountId, clientId)).clientId;
  };
  return defineModule({
    name: 'sandbox',
    services: { requestLogs, sandboxControls },
    routes: sandboxRoutes({ logs: requestLogs, controls: sandboxControls, applicationOf, base: `${deps.config.publicUrl}/${deps.config.apiVersion}` }),
    jobHandlers: requestLogs.pruneJob.handlers,
    start: requestLogs.pruneJob.schedule,
    // Entries still buffered are written before the database closes.
    close: () => requestLogs.close(),
  });
}
