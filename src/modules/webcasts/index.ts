import type { AttendeesService } from '../attendees/index.js';
import type { EventsService } from '../events/index.js';
import type { SessionsService } from '../sessions/index.js';
import { defineModule, type ModuleDeps } from '../module.js';
import { AttendeeLinksRepository } from './attendee-links.repository.js';
import { attendeeLinksRoutes } from './attendee-links.routes.js';
import { AttendeeLinksService } from './attendee-links.service.js';
import { webcastsErasers } from './webcasts.erasers.js';
import { WebcastsRepository } from './webcasts.repository.js';
import { webcastsRoutes } from './webcasts.routes.js';
import { WebcastsService } from './webcasts.service.js';

export { WebcastsService, AttendeeLinksService };
export type { RecordingListener, WebcastRecording } from './webcasts.service.js';
export type { Webcast, WebcastInput } from './webcasts.schemas.js';
export type { AttendeeLink } from './attendee-links.schemas.js';

/** Webcasts (a session's link to an outside platform) and attendees' personal join links. */
export function createWebcastsModule(deps: ModuleDeps, uses: { sessions: SessionsService; events: EventsService; attendees: AttendeesService }) {
  const webcasts = new WebcastsService(new WebcastsRepository(deps.db.db), uses.sessions, uses.events, deps.config, deps.clock, deps.notifier);
  const linksRepo = new AttendeeLinksRepository(deps.db.db);
  const attendeeLinks = new AttendeeLinksService(linksRepo, uses.attendees, deps.config, deps.clock);
  // Sessions ask whether webcasts point at them (deleting one, counting an event's virtual sessions); webcasts own the answer.
  uses.sessions.useWebcasts(webcasts);
  return defineModule({
    name: 'webcasts',
    services: { webcasts, attendeeLinks },
    routes: async (app) => {
      await app.register(webcastsRoutes(webcasts));
      await app.register(attendeeLinksRoutes(attendeeLinks));
    },
    erasers: webcastsErasers(linksRepo, uses.attendees),
  });
}
