import type { AccountsService } from '../accounts/index.js';
import { defineModule, type ModuleDeps } from '../module.js';
import type { ObfuscationService } from '../obfuscation/index.js';
import { bulkJobsErasers } from './bulk-jobs.erasers.js';
import { BulkJobsRepository } from './bulk-jobs.repository.js';
import { bulkJobsRoutes } from './bulk-jobs.routes.js';
import { BulkJobsService } from './bulk-jobs.service.js';

export { BulkJobsService };
export { BATCH as BULK_BATCH, BULK_JOB, DEFAULT_MAX_RUNNING_PER_ACCOUNT, type BulkJobsOptions } from './bulk-jobs.service.js';

/** Bulk jobs (the reference's bulk obfuscation): uploaded records processed by a durable job. */
export function createBulkJobsModule(deps: ModuleDeps, uses: { obfuscation: ObfuscationService; accounts: AccountsService }) {
  const bulkJobs = new BulkJobsService(new BulkJobsRepository(deps.db.db), uses.obfuscation, uses.accounts, deps.jobs, deps.clock,
    deps.notifier ? { notifier: deps.notifier } : {});
  return defineModule({ name: 'bulk-jobs', services: { bulkJobs }, routes: bulkJobsRoutes(bulkJobs, deps.config.apiVersion), jobHandlers: bulkJobs.jobHandlers(), erasers: bulkJobsErasers() });
}
