import { defineModule, type ModuleDeps } from '../module.js';
import { processFormsErasers } from './process-forms.erasers.js';
import { ProcessFormsRepository } from './process-forms.repository.js';
import { processFormsRoutes } from './process-forms.routes.js';
import { ProcessFormsService, type ProcessFormsUses } from './process-forms.service.js';

export { ProcessFormsService };

/** Process forms (issue 30, the Process Form tag): the reference lists submissions; eventline's extensions create forms and submissions. */
export function createProcessFormsModule(deps: ModuleDeps, uses: ProcessFormsUses) {
  const processForms = new ProcessFormsService(new ProcessFormsRepository(deps.db.db), uses, deps.config, deps.clock);
  return defineModule({ name: 'process-forms', services: { processForms }, routes: processFormsRoutes(processForms), erasers: processFormsErasers() });
}
