import { defineModule, type ModuleDeps } from '../module.js';
import { AttendanceService } from './attendance.service.js';
import { EnrollmentService } from './enrollment.service.js';
import { ParticipationRepository } from './participation.repository.js';
import { participationRoutes } from './participation.routes.js';
import { SessionsRepository } from './sessions.repository.js';
import { sessionsRoutes } from './sessions.routes.js';
import { SessionsService } from './sessions.service.js';

export { SessionsService, EnrollmentService, AttendanceService };
export { allowsVirtual, type SessionDeleteHook } from './sessions.service.js';
export type { Session, SessionInput, SessionStatus } from './sessions.schemas.js';
export type { Enrollment, EnrollmentStatus, Attendance } from './participation.schemas.js';

/** Sessions, enrollment and attendance (check-in). */
export function createSessionsModule(deps: ModuleDeps) {
  const repo = new SessionsRepository(deps.db.db, deps.db.dialect);
  const participation = new ParticipationRepository(deps.db.db);
  const sessions = new SessionsService(repo, deps.config, deps.clock);
  const enrollment = new EnrollmentService(repo, participation, deps.config, deps.clock);
  const attendance = new AttendanceService(repo, participation, deps.config, deps.clock);
  return defineModule({
    name: 'sessions',
    services: { sessions, enrollment, attendance },
    routes: async (app) => {
      await app.register(sessionsRoutes(sessions));
      await app.register(participationRoutes(enrollment, attendance));
    },
  });
}
