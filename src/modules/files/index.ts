import { createObjectStorage, type ObjectStorage } from '../../storage/index.js';
import { defineModule, type ModuleDeps } from '../module.js';
import { filesErasers } from './files.erasers.js';
import { FilesRepository } from './files.repository.js';
import { filesRoutes } from './files.routes.js';
import { FilesService, filesConfig } from './files.service.js';
import { FileUrlSigner, type KeyRing } from './files.signing.js';

export { FilesService };
export { DELETE_OBJECTS_JOB, PURGE_JOB, UNATTACHED_DAYS, type FileInfo, type FileStore } from './files.service.js';
export type { FileWithAudit } from './files.schemas.js';

export interface FilesUses {
  /** Where the URL-signing keys come from: the oauth module's KeyStore (keys every process shares). */
  readonly keys: { derivedKeyRing(purpose: string): KeyRing };
  /** A storage backend other than the configured one (tests). */
  readonly storage?: ObjectStorage;
}

/**
 * Files (the reference's File tag): uploads streamed into the configured
 * storage (a directory under DATA_DIR, or an S3-compatible bucket), checked by
 * their bytes, downloaded through signed, expiring URLs. Other modules attach
 * files to what they own through `FileStore` (`files.attach`), with the contact
 * a file is about, so obfuscation deletes it.
 */
export function createFilesModule(deps: ModuleDeps, uses: FilesUses) {
  const storage = uses.storage ?? createObjectStorage(filesConfig(deps.config).storage);
  const repo = new FilesRepository(deps.db.db);
  const signer = new FileUrlSigner(uses.keys.derivedKeyRing('file urls'));
  const files = new FilesService(repo, storage, signer, deps.jobs, deps.config, deps.clock);
  return defineModule({
    name: 'files',
    services: { files },
    routes: filesRoutes(files),
    jobHandlers: files.jobHandlers(),
    erasers: filesErasers(repo, deps.jobs),
    // Unattached files expire after 30 days: an hourly job that reschedules itself.
    start: files.purgeJob.schedule,
    close: () => storage.close(),
  });
}
