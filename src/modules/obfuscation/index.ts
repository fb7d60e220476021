import type { AccountsService } from '../accounts/index.js';
import { defineModule, type ModuleDeps } from '../module.js';
import type { EraserRegistry } from '../privacy/index.js';
import { CORE_ERASERS } from './obfuscation.erasers.js';
import { obfuscationRoutes } from './obfuscation.routes.js';
import { ObfuscationService } from './obfuscation.service.js';

export { ObfuscationService };
export { OBFUSCATION_JOB, subjectValues, type ObfuscationStatusView, type ObfuscationOutcome } from './obfuscation.service.js';
export { CORE_ERASERS } from './obfuscation.erasers.js';
export { redactColumns } from './redact.js';
export { verifyObfuscated, type VerifierHit, type VerifierReport } from './obfuscation.verifier.js';
export { ObfuscationStatusSchema } from './obfuscation.schemas.js';
export { ObfuscationErrors } from './obfuscation.errors.js';

/** Permanent, asynchronous obfuscation of a contact: runs every module's registered eraser in one transaction. */
export function createObfuscationModule(deps: ModuleDeps, uses: { accounts: AccountsService; erasers: EraserRegistry }) {
  const obfuscation = new ObfuscationService(deps.db.db, uses.accounts, deps.jobs, uses.erasers, deps.clock, deps.db.dialect);
  return defineModule({
    name: 'obfuscation',
    services: { obfuscation },
    routes: obfuscationRoutes(obfuscation, deps.config.apiVersion),
    jobHandlers: obfuscation.jobHandlers(),
    erasers: CORE_ERASERS,
  });
}
