import { defineModule, type ModuleDeps } from '../module.js';
import { eventSetupErasers } from './event-setup.erasers.js';
import { EventSetupRepository } from './event-setup.repository.js';
import { eventSetupRoutes } from './event-setup.routes.js';
import { EventSetupService, type EventSetupUses } from './event-setup.service.js';

export { EventSetupService };
export type { EventEmail, InvitationList, PlanningDocument, RegistrationPath } from './event-setup.schemas.js';

/**
 * What planners set up around an event (issue 29, the Events tag): planning documents (files from POST /files),
 * registration paths, invitation lists and the event's emails. The reference only lists them; eventline's
 * extensions create them (DESIGN rule 11).
 */
export function createEventSetupModule(deps: ModuleDeps, uses: EventSetupUses) {
  const eventSetup = new EventSetupService(new EventSetupRepository(deps.db.db), uses, deps.config, deps.clock);
  // Event copy (events.copy.ts): registration paths, invitation lists and emails come with the registration part.
  uses.events.registerCopyStep({ name: 'event-setup', part: 'registration', copy: (ctx) => eventSetup.copyToEvent(ctx) });
  return defineModule({ name: 'event-setup', services: { eventSetup }, routes: eventSetupRoutes(eventSetup), erasers: eventSetupErasers() });
}
