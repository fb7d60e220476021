import { defineModule, type ModuleDeps } from '../module.js';
import { emarketingErasers } from './emarketing.erasers.js';
import { EmarketingRepository } from './emarketing.repository.js';
import { emarketingRoutes } from './emarketing.routes.js';
import { DELIVER_JOB, EmarketingService, type EmarketingUses } from './emarketing.service.js';

export { EmarketingService, DELIVER_JOB };
export type { Campaign, Template } from './emarketing.schemas.js';

/**
 * E-marketing and the Emails tag (issue 30): campaigns and templates, sends whose emails are durable jobs through the
 * platform's mail path (the communications module's, so the compliance archive captures them), the email history,
 * bounces and each send's status.
 */
export function createEmarketingModule(deps: ModuleDeps, uses: EmarketingUses) {
  const repo = new EmarketingRepository(deps.db.db);
  const emarketing = new EmarketingService(repo, uses, deps.jobs, deps.config, deps.clock);
  return defineModule({
    name: 'emarketing',
    services: { emarketing },
    routes: emarketingRoutes(emarketing, deps.config.apiVersion),
    jobHandlers: emarketing.handlers,
    erasers: emarketingErasers(repo),
  });
}
