import type { AttendeesService } from '../attendees/index.js';
import type { EventsService } from '../events/index.js';
import { defineModule, type ModuleDeps } from '../module.js';
import { RegistrationTypesRepository } from './registration-types.repository.js';
import { registrationTypesRoutes } from './registration-types.routes.js';
import { RegistrationTypesService } from './registration-types.service.js';

export { RegistrationTypesService };
export type { RegistrationTypeLookup } from './registration-types.service.js';
export type { RegistrationType } from './registration-types.schemas.js';

/**
 * The event's registration types (the reference's `/events/{id}/registration-types`):
 * what attendees register as, and what exhibitors' registration packs reserve.
 * A module of its own so the events module stays the event itself; no personal data, so no erasers.
 */
export function createRegistrationTypesModule(deps: ModuleDeps, uses: { events: EventsService; attendees: Pick<AttendeesService, 'registrationTypeCounts'> }) {
  const registrationTypes = new RegistrationTypesService(new RegistrationTypesRepository(deps.db.db), uses.events, uses.attendees, deps.config, deps.clock);
  return defineModule({
    name: 'registration-types',
    services: { registrationTypes },
    routes: registrationTypesRoutes(registrationTypes),
  });
}
