import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/index.js';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../db/time.js';
import { createRateLimiter, type RateLimiter } from '../../ratelimit/index.js';
import type { AccountsService } from '../accounts/index.js';
import { UsageRecorder } from './usage.recorder.js';
import { UsageRepository } from './usage.repository.js';
import { UsageService } from './usage.service.js';

export { UsageRepository } from './usage.repository.js';
export { UsageRecorder } from './usage.recorder.js';
export { UsageService } from './usage.service.js';
export { usageRoutes } from './usage.routes.js';
export type { Usage, UsagePage, UsageTier, HourlyUsage } from './usage.schemas.js';

export interface UsageModule {
  /** Undefined when RATE_LIMIT_ENABLED=false. */
  readonly limiter: RateLimiter | undefined;
  readonly service: UsageService;
  /** Waits (boundedly) for the limiter's store; never throws. */
  ready(): Promise<void>;
  /** Writes pending usage and closes the store: run before the database closes. */
  close(): Promise<void>;
}

/** The rate limiter (memory or Redis, per config) and the usage history it feeds. */
export function createUsage(deps: { db: Db; accounts: AccountsService; config: Config; clock: Clock; log?: FastifyBaseLogger }): UsageModule {
  const { config, accounts, clock, log } = deps;
  const repo = new UsageRepository(deps.db);
  const recorder = new UsageRecorder(repo, { flushMs: config.rateLimit.usageFlushSeconds * 1000, ...(log ? { log } : {}) });
  const limiter = createRateLimiter(config, {
    clock, sink: recorder, ...(log ? { log } : {}),
    tierOf: async (accountId) => (await accounts.getAccount(accountId)).tier,
  });
  if (limiter) recorder.start();
  const service = new UsageService(repo, recorder, limiter, accounts, config, clock);
  return {
    limiter, service,
    ready: async () => limiter?.ready(),
    close: async () => {
      await service.close();
      await limiter?.close();
    },
  };
}
