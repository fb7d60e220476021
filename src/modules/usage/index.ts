import type { FastifyBaseLogger } from 'fastify';
import { createRateLimiter } from '../../ratelimit/index.js';
import { defineModule, type ModuleDeps } from '../module.js';
import type { AccountsService } from '../accounts/index.js';
import { UsageRecorder } from './usage.recorder.js';
import { UsageRepository } from './usage.repository.js';
import { UsageService } from './usage.service.js';
import { usageRoutes } from './usage.routes.js';

export { UsageService };
export type { Usage, UsagePage, UsageTier, HourlyUsage } from './usage.schemas.js';

/**
 * The rate limiter (memory or Redis, per config) and the usage history it feeds.
 * Only a process that serves HTTP asks for the limiter (`limit: true`); the CLI
 * and the worker read usage without opening the limiter's store.
 */
export function createUsageModule(deps: ModuleDeps, uses: { accounts: AccountsService; limit: boolean; log?: FastifyBaseLogger }) {
  const { config, clock } = deps;
  const { accounts, log } = uses;
  const repo = new UsageRepository(deps.db.db);
  const recorder = new UsageRecorder(repo, { flushMs: config.rateLimit.usageFlushSeconds * 1000, ...(log ? { log } : {}) });
  const limiter = uses.limit ? createRateLimiter(config, {
    clock, sink: recorder, ...(log ? { log } : {}),
    tierOf: async (accountId) => (await accounts.getAccount(accountId)).tier,
  }) : undefined;
  if (limiter) recorder.start();
  const usage = new UsageService(repo, recorder, limiter, accounts, config, clock);
  return defineModule({
    name: 'usage',
    services: { usage, limiter },
    routes: usageRoutes(usage),
    // Waits (boundedly) for the limiter's store; never throws.
    start: async () => limiter?.ready(),
    // Writes pending usage and closes the store: runs before the database closes.
    close: async () => {
      await usage.close();
      await limiter?.close();
    },
  });
}
