import { defineModule, type ModuleDeps } from '../module.js';
import { signaturesErasers } from './signatures.erasers.js';
import { SignaturesRepository } from './signatures.repository.js';
import { signaturesRoutes } from './signatures.routes.js';
import { SignaturesService, type SignaturesUses } from './signatures.service.js';

export { SignaturesService };

/** Attendees' signatures (issue 30, the Signatures tag): the reference lists them; eventline's extension records them. */
export function createSignaturesModule(deps: ModuleDeps, uses: SignaturesUses) {
  const repo = new SignaturesRepository(deps.db.db);
  const signatures = new SignaturesService(repo, uses, deps.config, deps.clock);
  return defineModule({ name: 'signatures', services: { signatures }, routes: signaturesRoutes(signatures), erasers: signaturesErasers(repo) });
}
