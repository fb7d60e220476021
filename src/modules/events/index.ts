export { EventsRepository } from './events.repository.js';
export { EventsService, EVENT_CREATE_JOB, eventStatusAt } from './events.service.js';
export { eventsRoutes } from './events.routes.js';
export type { Event, EventInput } from './events.schemas.js';
