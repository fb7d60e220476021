import { jobsErasers } from '../../jobs/index.js';
import type { AccountsService } from '../accounts/index.js';
import type { ContactsService } from '../contacts/index.js';
import { columnUse, type TableDeclaration } from '../../db/declare.js';
import { defineModule, type ModuleDeps } from '../module.js';
import type { EraserRegistry } from '../privacy/index.js';
import { Compactor, type WarnLog } from './compaction.js';
import { DiskRepository } from './disk.repository.js';
import { ObfuscationRepository } from './obfuscation.repository.js';
import { obfuscationRoutes } from './obfuscation.routes.js';
import { ObfuscationService } from './obfuscation.service.js';
import { ObfuscationJournal, journalPath } from './journal.js';
export { ObfuscationJournal, journalPath } from './journal.js';

export { ObfuscationService };
export { OBFUSCATION_JOB, type ObfuscationStatusView, type ObfuscationOutcome } from './obfuscation.service.js';
export type { VerifierHit, VerifierReport, VerifyOptions } from './obfuscation.verifier.js';
export type { CompactOptions, CompactionReport, TableOutcome } from './compaction.js';
export { ObfuscationStatusSchema } from './obfuscation.schemas.js';
export { ObfuscationErrors } from './obfuscation.errors.js';

/**
 * Permanent, asynchronous obfuscation of a contact: runs every module's
 * registered eraser in one transaction, then clears what the erasure left on
 * disk (compaction.ts). It also registers the job queue's eraser, since jobs
 * are infrastructure rather than a module.
 */
export function createObfuscationModule(deps: ModuleDeps, uses: { accounts: AccountsService; contacts: ContactsService; erasers: EraserRegistry; declarations: readonly TableDeclaration[]; log?: WarnLog }) {
  const repo = new ObfuscationRepository(deps.db.db, deps.db.dialect);
  const disk = new DiskRepository(deps.db.db);
  // Tables with a declared personal column: the compaction refreshes their statistics after every erasure.
  const personal = uses.declarations.filter((d) => Object.values(d.columns).some((c) => columnUse(c) !== 'none')).map((d) => d.table);
  const compactor = new Compactor(disk, deps.db.dialect, deps.config.obfuscation.compact, uses.log, personal, deps.metrics);
  const obfuscation = new ObfuscationService(
    repo, uses.contacts, uses.accounts, deps.jobs, uses.erasers, deps.clock, { repo: disk, compactor, database: deps.config.database }, deps.metrics, deps.notifier,
  );
  const database = deps.config.database;
  if (database.dialect === 'sqlite' && database.file !== ':memory:') obfuscation.useJournal(new ObfuscationJournal(journalPath(database.file)));
  return defineModule({
    name: 'obfuscation',
    services: { obfuscation },
    routes: obfuscationRoutes(obfuscation, deps.config.apiVersion),
    jobHandlers: obfuscation.jobHandlers(),
    erasers: jobsErasers(deps.jobs),
    start: async () => {
      await obfuscation.reconcileJournal();
    },
  });
}
