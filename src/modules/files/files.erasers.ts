import type { JobQueue } from '../../jobs/index.js';
import type { Eraser } from '../privacy/index.js';
import type { FilesRepository } from './files.repository.js';
import { DELETE_OBJECTS_JOB } from './files.service.js';

/**
 * One eraser per place this module keeps personal data (DESIGN style 9).
 * A contact's own files (attached with `contactId`) are deleted: the rows in the
 * obfuscation's transaction, the bytes by a job enqueued in that same
 * transaction (storage is not transactional; the job retries until they are gone).
 * File names elsewhere in the account that quote the contact are redacted.
 */
export function filesErasers(repo: FilesRepository, jobs: JobQueue): Eraser[] {
  return [
    {
      place: 'files of the contact',
      columns: [],
      async erase(trx, s) {
        const keys = await repo.deleteOfContacts(trx, s.accountId, s.contactIds);
        if (keys.length > 0) await jobs.enqueue({ type: DELETE_OBJECTS_JOB, accountId: s.accountId, payload: { keys } }, trx);
        return keys.length;
      },
    },
    {
      place: 'file names',
      columns: [],
      mentions: ['files.friendly_name'],
      erase: (trx, s, now) => repo.redactNames(trx, s.accountId, s.values, now),
    },
  ];
}
