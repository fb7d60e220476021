import { defineModule, type ModuleDeps } from '../module.js';
import { attendeeExtrasErasers } from './attendee-extras.erasers.js';
import { AttendeeExtrasRepository } from './attendee-extras.repository.js';
import { attendeeExtrasRoutes } from './attendee-extras.routes.js';
import { AttendeeExtrasService, type AttendeeExtrasUses } from './attendee-extras.service.js';

export { AttendeeExtrasService };

/**
 * The rest of the Attendees tag (issue 30): attendance durations, derived from the sessions module's check-ins, and an
 * attendee's email subscription status for its event, and planners' internal-information answers about an attendee.
 */
export function createAttendeeExtrasModule(deps: ModuleDeps, uses: AttendeeExtrasUses) {
  const repo = new AttendeeExtrasRepository(deps.db.db);
  const attendeeExtras = new AttendeeExtrasService(repo, uses, deps.config, deps.clock);
  return defineModule({ name: 'attendee-extras', services: { attendeeExtras }, routes: attendeeExtrasRoutes(attendeeExtras), erasers: attendeeExtrasErasers(repo) });
}
