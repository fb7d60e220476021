import type { Db } from '../../db/index.js';
import type { Clock } from '../../db/time.js';
import type { SessionsService } from '../sessions/index.js';
import { SyncRepository } from './sync.repository.js';
import { SyncService } from './sync.service.js';

export { syncRoutes } from './sync.routes.js';
export { SyncService } from './sync.service.js';
export { SyncEngine, silentLogger, type SessionSyncResult, type SyncEngineOptions, type SyncLogger } from './engine.js';
export { EventlineApi } from './eventline-api.js';
export { createProvider, providerNames, SimProvider, type ProviderSettings, type SimProviderOptions } from './providers/index.js';
export type * from './provider.js';
export type { SyncState, SyncStateInput, SyncConflict } from './sync.schemas.js';
export { SYNC_JOB, scheduleSync, syncJobHandler, syncJobHandlers, type SyncJobSettings } from './sync.job.js';
export { WebhookReceiver } from './webhooks.js';

export function createSyncService(deps: { db: Db; sessions: SessionsService; clock: Clock }): SyncService {
  return new SyncService(new SyncRepository(deps.db), deps.sessions, deps.clock);
}
