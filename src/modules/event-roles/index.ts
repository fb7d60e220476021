import { defineModule, type ModuleDeps } from '../module.js';
import { eventRolesErasers } from './event-roles.erasers.js';
import { EventRolesRepository } from './event-roles.repository.js';
import { eventRolesRoutes } from './event-roles.routes.js';
import { EventRolesService, type EventRolesUses } from './event-roles.service.js';

export { EventRolesService };

/** Event roles (issue 30, the Event Role tag): the reference lists assignments; eventline's extensions create roles and assignments. */
export function createEventRolesModule(deps: ModuleDeps, uses: EventRolesUses) {
  const eventRoles = new EventRolesService(new EventRolesRepository(deps.db.db), uses, deps.config, deps.clock);
  return defineModule({ name: 'event-roles', services: { eventRoles }, routes: eventRolesRoutes(eventRoles), erasers: eventRolesErasers() });
}
