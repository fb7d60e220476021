export {
  BACKOFF_BASE_MS, BACKOFF_CAP_MS, DEFAULT_MAX_ATTEMPTS, JobQueue, RETRY_AFTER_CAP_MS, backoffMs, retryDelayMs,
  type EnqueueInput, type FailOptions, type JobQueueOptions, type JobRecord, type JobStatus,
} from './queue.js';
export {
  DEFAULT_LEASE_MS, DEFAULT_POLL_MS, PermanentJobError, RetryLaterError, Worker, defaultWorkerId,
  type JobContext, type JobHandler, type RunOutcome, type WorkerLogger, type WorkerObserver, type WorkerOptions,
} from './worker.js';
export { jobsErasers } from './jobs.erasers.js';
export { recurringJob, type RecurringJob } from './recurring.js';
