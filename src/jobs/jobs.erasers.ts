import { redactText, storedForms, type Eraser } from '../modules/privacy/index.js';
import type { JobQueue } from './queue.js';

/**
 * The queue's place of personal data: a job's payload, progress, result and
 * error may quote a contact's values. Jobs are infrastructure, not a module,
 * so the obfuscation module registers this eraser for them.
 */
export function jobsErasers(queue: JobQueue): readonly Eraser[] {
  return [{
    place: 'jobs',
    columns: [],
    mentions: ['jobs.payload', 'jobs.progress', 'jobs.result', 'jobs.last_error'],
    // The queue's audit trail: redacted in place, never deleted.
    erase(trx, s) {
      const forms = storedForms(s.values);
      return queue.redactPayloads(trx, s.accountId, forms, (text) => redactText(text, forms));
    },
  }];
}
