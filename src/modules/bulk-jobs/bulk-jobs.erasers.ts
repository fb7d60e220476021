import { redactMentions, storedForms, type Eraser } from '../privacy/index.js';

/** One eraser per place this module keeps personal data (DESIGN style 9): a job's description is free text a client wrote. */
export function bulkJobsErasers(): Eraser[] {
  return [{
    place: 'bulk job descriptions',
    columns: [],
    mentions: ['bulk_jobs.description'],
    erase: (trx, s, now) => redactMentions(trx, { table: 'bulk_jobs', columns: ['description'] }, s.accountId, storedForms(s.identifying), now),
  }];
}
