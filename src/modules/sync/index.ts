import { defineModule, type ModuleDeps } from '../module.js';
import type { SessionsService } from '../sessions/index.js';
import { scheduleSync, syncJobHandlers } from './sync.job.js';
import { SyncRepository } from './sync.repository.js';
import { syncRoutes } from './sync.routes.js';
import { SyncService } from './sync.service.js';

export { SyncService };
export { SyncEngine, silentLogger, type SessionSyncResult, type SyncEngineOptions, type SyncLogger } from './engine.js';
export { EventlineApi } from './eventline-api.js';
export { createProvider, providerNames, SimProvider, ZoomProvider, zoomSignature, type ProviderSettings, type SimProviderOptions, type ZoomProviderOptions, type ZoomSettings } from './providers/index.js';
export { ProviderHttpError } from './provider.js';
export type * from './provider.js';
export type { SyncState, SyncStateInput, SyncConflict } from './sync.schemas.js';
export { SYNC_JOB, syncJobHandler, type SyncJobSettings } from './sync.job.js';
export { WebhookReceiver } from './webhooks.js';

/** Webcast provider sync: its state per session, and the recurring sync job when a provider is configured. */
export function createSyncModule(deps: ModuleDeps, uses: { sessions: SessionsService }) {
  const sync = new SyncService(new SyncRepository(deps.db.db), uses.sessions, deps.clock);
  return defineModule({
    name: 'sync',
    services: { sync },
    routes: syncRoutes(sync),
    jobHandlers: syncJobHandlers(deps.config, deps.jobs, deps.metrics),
    start: () => scheduleSync(deps.config, deps.jobs),
  });
}
