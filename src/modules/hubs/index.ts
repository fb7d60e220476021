import { defineModule, type ModuleDeps } from '../module.js';
import { hubsErasers } from './hubs.erasers.js';
import { HubsRepository } from './hubs.repository.js';
import { hubsRoutes } from './hubs.routes.js';
import { HubsService, type HubsUses } from './hubs.service.js';

export { HubsService };

/** Events+ hubs and their members (issue 30, the Events+ Hub tag): the reference lists them; eventline's extensions create them. */
export function createHubsModule(deps: ModuleDeps, uses: HubsUses) {
  const repo = new HubsRepository(deps.db.db);
  const hubs = new HubsService(repo, uses, deps.config, deps.clock);
  return defineModule({ name: 'hubs', services: { hubs }, routes: hubsRoutes(hubs), erasers: hubsErasers(repo) });
}
