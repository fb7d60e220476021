import { defineModule, type ModuleDeps } from '../module.js';
import { idempotencyErasers } from './idempotency.erasers.js';
import { IdempotencyRepository } from './idempotency.repository.js';
import { IdempotencyService } from './idempotency.service.js';

export { IdempotencyService };
export { CLAIM_LOCK_MS, DEFAULT_WAIT_MS, KEY_TTL_MS, PURGE_JOB, type Begin, type IdempotentRequest, type SavedAnswer } from './idempotency.service.js';

/**
 * Idempotency keys (issue 35): the store behind the `Idempotency-Key` header of every POST and PUT, which the
 * HTTP layer (src/http/idempotency.ts) applies to every operation; the module has no routes of its own.
 */
export function createIdempotencyModule(deps: ModuleDeps) {
  const repo = new IdempotencyRepository(deps.db.db);
  const idempotency = new IdempotencyService(repo, deps.jobs, deps.clock);
  return defineModule({
    name: 'idempotency',
    services: { idempotency },
    jobHandlers: idempotency.purgeJob.handlers,
    erasers: idempotencyErasers(repo),
    // Keys expire after 24 hours: an hourly job that reschedules itself.
    start: idempotency.purgeJob.schedule,
  });
}
