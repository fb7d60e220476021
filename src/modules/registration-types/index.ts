import type { AttendeesService } from '../attendees/index.js';
import { newId } from '../../db/ids.js';
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
  const repo = new RegistrationTypesRepository(deps.db.db);
  const registrationTypes = new RegistrationTypesService(repo, uses.events, uses.attendees, deps.config, deps.clock);
  // Event copy (events.copy.ts): the registration types, before the sessions that name them.
  uses.events.registerCopyStep({
    name: 'registration-types', part: 'registration', before: ['sessions'],
    copy: async (ctx) => {
      for (const r of await repo.ofEvent(ctx.accountId, ctx.fromEventId, ctx.trx)) {
        const id = newId();
        await repo.insert({ ...r, id, event_id: ctx.toEventId, created: ctx.now, last_modified: ctx.now, created_by: ctx.actor, last_modified_by: ctx.actor }, ctx.trx);
        ctx.copied('registration-types', r.id, id);
      }
    },
  });
  return defineModule({
    name: 'registration-types',
    services: { registrationTypes },
    routes: registrationTypesRoutes(registrationTypes),
  });
}
