import { defineModule, type ModuleDeps } from '../module.js';
import { EventsRepository } from './events.repository.js';
import { eventsRoutes } from './events.routes.js';
import { EventsService } from './events.service.js';

export { EventsService };
export { EVENT_CREATE_JOB, eventStatusAt } from './events.service.js';
export type { Event, EventInput } from './events.schemas.js';

/** Events, created asynchronously by a job (202 + Location). */
export function createEventsModule(deps: ModuleDeps) {
  const events = new EventsService(new EventsRepository(deps.db.db), deps.jobs, deps.config, deps.clock);
  return defineModule({ name: 'events', services: { events }, routes: eventsRoutes(events, deps.config.apiVersion), jobHandlers: events.jobHandlers() });
}
