import type { ActivityReporter } from '../activities/index.js';
import type { AttendeesService } from '../attendees/index.js';
import type { EventsService } from '../events/index.js';
import { defineModule, type ModuleDeps } from '../module.js';
import { AttendanceService } from './attendance.service.js';
import { EnrollmentService } from './enrollment.service.js';
import { ParticipationRepository } from './participation.repository.js';
import { participationRoutes } from './participation.routes.js';
import { sessionsErasers } from './sessions.erasers.js';
import { SessionsRepository } from './sessions.repository.js';
import { sessionsRoutes } from './sessions.routes.js';
import { SessionsService } from './sessions.service.js';

export { SessionsService, EnrollmentService, AttendanceService };
export { allowsVirtual, type SessionDeleteHook, type SessionProgram, type SessionWebcasts } from './sessions.service.js';
export type { Session, SessionInput } from './sessions.schemas.js';
export type { SessionStatus, EnrollmentStatus } from './sessions.table.js';
export type { Enrollment, Attendance } from './participation.schemas.js';

/** Sessions, enrollment and attendance (check-in). */
export function createSessionsModule(deps: ModuleDeps, uses: { events: EventsService; attendees: AttendeesService; activities: ActivityReporter }) {
  const repo = new SessionsRepository(deps.db.db, deps.db.dialect);
  const participation = new ParticipationRepository(deps.db.db);
  const sessions = new SessionsService(repo, uses.events, deps.config, deps.clock, deps.notifier);
  const enrollment = new EnrollmentService(repo, participation, uses.attendees, deps.config, deps.clock);
  // Check-ins and check-outs (with their duration) are reported to the activities journal.
  const attendance = new AttendanceService(repo, participation, uses.attendees, uses.activities, deps.config, deps.clock);
  // Events refuse to become In-person while they have virtual sessions; sessions know which are.
  uses.events.useVirtualSessionCounter((accountId, eventId) => sessions.countVirtual(accountId, eventId));
  // Event copy: the agenda's sessions (after the registration types, which register `before: ['sessions']`).
  uses.events.registerCopyStep({ name: 'sessions', part: 'agenda', copy: (ctx) => sessions.copyToEvent(ctx) });
  return defineModule({
    name: 'sessions',
    services: { sessions, enrollment, attendance },
    routes: async (app) => {
      await app.register(sessionsRoutes(sessions));
      await app.register(participationRoutes(enrollment, attendance));
    },
    erasers: sessionsErasers(participation, uses.attendees),
  });
}
