import { createClient } from '../../client/index.js';
import { ConfigError, type Config } from '../../config/index.js';
import type { JobHandler, JobQueue } from '../../jobs/index.js';
import type { Metrics, SyncOutcome } from '../../metrics/index.js';
import { SyncEngine, type SyncLogger } from './engine.js';
import { EventlineApi } from './eventline-api.js';
import { createProvider, type ProviderSettings } from './providers/index.js';

export const SYNC_JOB = 'webcast-sync';

export interface SyncJobSettings {
  provider: string;
  providerSettings: ProviderSettings;
  /** The application whose client credentials the worker uses: sync goes through the public API and its rate limits. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  intervalSeconds: number;
  logger?: SyncLogger;
}

/** The pass due at `at`: one job per interval slot, so many workers schedule it once. */
export async function schedulePass(queue: JobQueue, at: Date, intervalSeconds: number): Promise<void> {
  await queue.enqueueSlot({ type: SYNC_JOB, payload: {}, runAt: at, everyMs: intervalSeconds * 1000 });
}

/**
 * One pass of the sync engine, run by a durable job. It schedules the next pass
 * before it runs, so a killed worker's pass is retried by the lease and the
 * chain never breaks; every step of a pass is idempotent.
 */
const OUTCOMES: Readonly<Record<'Succeeded' | 'Failed' | 'Skipped', SyncOutcome>> = { Succeeded: 'succeeded', Failed: 'failed', Skipped: 'skipped' };

export function syncJobHandler(settings: SyncJobSettings, queue: JobQueue, metrics?: Pick<Metrics, 'syncSession'>): JobHandler {
  return async () => {
    await schedulePass(queue, new Date(Date.now() + settings.intervalSeconds * 1000), settings.intervalSeconds);
    const client = createClient({ baseUrl: settings.baseUrl, clientId: settings.clientId, clientSecret: settings.clientSecret });
    const engine = new SyncEngine({
      api: new EventlineApi(client), provider: createProvider(settings.provider, settings.providerSettings),
      ...(settings.logger ? { logger: settings.logger } : {}),
    });
    const results = await engine.runOnce();
    // The platform is the configured connector's name (sim, zoom): a fixed set, never a meeting or session id.
    for (const r of results) metrics?.syncSession(settings.provider, OUTCOMES[r.outcome]);
    const failed = results.filter((r) => r.outcome === 'Failed');
    // Retried by the queue with backoff; each session's state already says what failed.
    if (failed.length > 0) throw new Error(`${failed.length} of ${results.length} sessions failed to sync`);
    return { sessions: results.length };
  };
}

/** The worker's sync handler when SYNC_PROVIDER is set (none otherwise). */
export function syncJobHandlers(config: Config, queue: JobQueue, metrics?: Pick<Metrics, 'syncSession'>): Record<string, JobHandler> {
  const s = config.sync;
  if (!s?.provider) return {};
  const { clientId, clientSecret } = config.apiClient ?? {};
  if (!clientId || !clientSecret) throw new ConfigError('SYNC_PROVIDER needs EVENTLINE_CLIENT_ID and EVENTLINE_CLIENT_SECRET: the application the sync calls eventline with');
  return {
    [SYNC_JOB]: syncJobHandler({
      provider: s.provider, intervalSeconds: s.intervalSeconds, baseUrl: config.apiClient?.url ?? config.publicUrl, clientId, clientSecret,
      providerSettings: { ...(s.simUrl ? { simUrl: s.simUrl } : {}), ...(s.webhookSecret ? { webhookSecret: s.webhookSecret } : {}), ...(s.zoom ? { zoom: s.zoom } : {}), ...(s.teams ? { teams: s.teams } : {}),
        ...(s.gotowebinar ? { gotowebinar: s.gotowebinar } : {}),
      },
    }, queue, metrics),
  };
}

/** Starts the chain of passes (each pass schedules the next); a no-op without SYNC_PROVIDER. */
export async function scheduleSync(config: Config, queue: JobQueue): Promise<void> {
  if (config.sync?.provider) await schedulePass(queue, new Date(), config.sync.intervalSeconds);
}
