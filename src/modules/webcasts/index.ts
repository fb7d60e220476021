export { WebcastsRepository } from './webcasts.repository.js';
export { WebcastsService } from './webcasts.service.js';
export { webcastsRoutes } from './webcasts.routes.js';
export { AttendeeLinksRepository } from './attendee-links.repository.js';
export { AttendeeLinksService } from './attendee-links.service.js';
export { attendeeLinksRoutes } from './attendee-links.routes.js';
export type { Webcast, WebcastInput } from './webcasts.schemas.js';
export type { AttendeeLink } from './attendee-links.schemas.js';
