import { defineModule, type ModuleDeps } from '../module.js';
import { AttendeeLinksRepository } from './attendee-links.repository.js';
import { attendeeLinksRoutes } from './attendee-links.routes.js';
import { AttendeeLinksService } from './attendee-links.service.js';
import { WebcastsRepository } from './webcasts.repository.js';
import { webcastsRoutes } from './webcasts.routes.js';
import { WebcastsService, type SessionVirtualLink } from './webcasts.service.js';

export { WebcastsService, AttendeeLinksService };
export type { Webcast, WebcastInput } from './webcasts.schemas.js';
export type { AttendeeLink } from './attendee-links.schemas.js';

/** Webcasts (a session's link to an outside platform) and attendees' personal join links. */
export function createWebcastsModule(deps: ModuleDeps, uses: { sessions: SessionVirtualLink }) {
  const webcasts = new WebcastsService(new WebcastsRepository(deps.db.db), uses.sessions, deps.config, deps.clock);
  const attendeeLinks = new AttendeeLinksService(new AttendeeLinksRepository(deps.db.db), deps.config, deps.clock);
  return defineModule({
    name: 'webcasts',
    services: { webcasts, attendeeLinks },
    routes: async (app) => {
      await app.register(webcastsRoutes(webcasts));
      await app.register(attendeeLinksRoutes(attendeeLinks));
    },
  });
}
