export { BulkJobsRepository } from './bulk-jobs.repository.js';
export { BulkJobsService, BULK_JOB, DEFAULT_MAX_RUNNING_PER_ACCOUNT, type BulkJobsOptions } from './bulk-jobs.service.js';
export { bulkJobsRoutes } from './bulk-jobs.routes.js';
