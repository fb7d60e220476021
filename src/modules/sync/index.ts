import type { AuditService } from '../audit/index.js';
import { defineModule, type ModuleDeps } from '../module.js';
import { resolveCallback, type ContactHooksService } from '../contact-hooks/index.js';
import type { OAuthService } from '../oauth/index.js';
import type { SessionsService } from '../sessions/index.js';
import { connectionJobHandlers, enqueueConnectionSync, scheduleConnectionsPass } from './connection.job.js';
import { ConnectionsRepository } from './connections.repository.js';
import { connectionsRoutes } from './connections.routes.js';
import { ConnectionsService } from './connections.service.js';
import { platformHookRoutes } from './hooks.routes.js';
import { scheduleSync, syncJobHandlers } from './sync.job.js';
import { SyncRepository } from './sync.repository.js';
import { syncRoutes } from './sync.routes.js';
import { SyncService } from './sync.service.js';

export { SyncService, ConnectionsService };
export { SyncEngine, silentLogger, type SessionSyncResult, type SyncEngineOptions, type SyncLogger } from './engine.js';
export { EventlineApi } from './eventline-api.js';
export {
  connectionProviderSettings, createProvider, providerNames, SimProvider, TeamsProvider, teamsRegistrantKey, ZoomProvider, zoomSignature, GoToWebinarProvider,
  type ProviderSettings, type SimProviderOptions, type TeamsProviderOptions, type TeamsSettings, type ZoomProviderOptions, type ZoomSettings,
  type GoToWebinarProviderOptions, type GoToWebinarSettings,
} from './providers/index.js';
export { ProviderHttpError } from './provider.js';
export type * from './provider.js';
export type { SyncState, SyncStateInput, SyncConflict } from './sync.schemas.js';
export type { Connection, ConnectionInput, ConnectionTest } from './connections.schemas.js';
export { SYNC_JOB, syncJobHandler, type SyncJobSettings } from './sync.job.js';
export { CONNECTION_SYNC_JOB, CONNECTIONS_PASS_JOB } from './connection.job.js';
export { WebhookReceiver } from './webhooks.js';

/**
 * Webcast provider sync: its state per session; the platform connections an account owns, each synced by the worker
 * and receiving its platform's webhooks; and the server-wide recurring sync when SYNC_PROVIDER is set.
 */
export function createSyncModule(deps: ModuleDeps, uses: { sessions: SessionsService; contactHooks: ContactHooksService; oauth: Pick<OAuthService, 'internalToken'>; audit?: AuditService }) {
  const interval = deps.config.sync?.intervalSeconds ?? 60;
  const allowLoopback = deps.config.contactHooks?.allowLoopback === true;
  const connections = new ConnectionsService(
    new ConnectionsRepository(deps.db.db), () => uses.contactHooks.secrets(),
    async (url) => { await resolveCallback(url, { allowLoopback }); },
    deps.config, deps.clock,
    () => scheduleConnectionsPass(deps.jobs, new Date(), interval),
    uses.audit,
  );
  const sync = new SyncService(new SyncRepository(deps.db.db), uses.sessions, deps.clock, {
    platformOf: async (accountId, id) => {
      const row = await connections.row(accountId, id).catch(() => undefined);
      return row ? { platform: row.platform, name: row.name } : undefined;
    },
    enqueueSession: (accountId, connectionId, sessionId) => enqueueConnectionSync(deps.jobs, accountId, connectionId, sessionId),
  }, deps.notifier);
  const syncRoutesPlugin = syncRoutes(sync);
  const connectionRoutesPlugin = connectionsRoutes(connections);
  return defineModule({
    name: 'sync',
    services: { sync, platformConnections: connections },
    routes: async (app) => {
      await syncRoutesPlugin(app);
      await connectionRoutesPlugin(app);
    },
    rootRoutes: platformHookRoutes(connections, deps.jobs),
    jobHandlers: {
      ...syncJobHandlers(deps.config, deps.jobs, deps.metrics),
      ...connectionJobHandlers({
        connections, queue: deps.jobs, token: (accountId) => uses.oauth.internalToken(accountId),
        baseUrl: deps.config.apiClient?.url ?? deps.config.publicUrl, intervalSeconds: interval, metrics: deps.metrics,
      }),
    },
    start: async () => {
      await scheduleSync(deps.config, deps.jobs);
      // The connections' recurring pass runs while the server has connections (a new one starts it).
      if (await connections.any().catch(() => false)) await scheduleConnectionsPass(deps.jobs, new Date(), interval).catch(() => undefined);
    },
  });
}
