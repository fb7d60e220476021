import { defineModule, type ModuleDeps } from '../module.js';
import { eventsErasers } from './events.erasers.js';
import { EventsRepository } from './events.repository.js';
import { eventsRoutes } from './events.routes.js';
import { EventsService } from './events.service.js';

export { EventsService };
export { EVENT_COPY_JOB, EVENT_CREATE_JOB, eventStatusAt, type VirtualSessionCounter } from './events.service.js';
export { EVENT_COPY_PARTS, type EventCopyContext, type EventCopyPart, type EventCopyStep } from './events.copy.js';
export type { Event, EventInput } from './events.schemas.js';
export type { EventFormat } from './events.table.js';

/** Events, created asynchronously by a job (202 + Location). */
export function createEventsModule(deps: ModuleDeps) {
  const repo = new EventsRepository(deps.db.db);
  const events = new EventsService(repo, deps.jobs, deps.config, deps.clock, deps.notifier);
  return defineModule({
    name: 'events',
    services: { events },
    routes: eventsRoutes(events, deps.config.apiVersion),
    jobHandlers: events.jobHandlers(),
    erasers: eventsErasers(repo),
  });
}
