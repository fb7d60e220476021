import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/index.js';
import type { DbHandle } from '../../db/index.js';
import type { Clock } from '../../db/time.js';
import { AttendanceService } from './attendance.service.js';
import { EnrollmentService } from './enrollment.service.js';
import { ParticipationRepository } from './participation.repository.js';
import { participationRoutes } from './participation.routes.js';
import { SessionsRepository } from './sessions.repository.js';
import { sessionsRoutes } from './sessions.routes.js';
import { SessionsService } from './sessions.service.js';

export { SessionsService, allowsVirtual, type SessionDeleteHook } from './sessions.service.js';
export { EnrollmentService } from './enrollment.service.js';
export { AttendanceService } from './attendance.service.js';
export type { Session, SessionInput, SessionStatus } from './sessions.schemas.js';
export type { Enrollment, EnrollmentStatus, Attendance } from './participation.schemas.js';

/** Sessions, enrollment and attendance (check-in). */
export interface SessionsModule {
  readonly sessions: SessionsService;
  readonly enrollment: EnrollmentService;
  readonly attendance: AttendanceService;
}

export function createSessions(deps: { db: DbHandle; config: Pick<Config, 'publicUrl' | 'apiVersion'>; clock: Clock }): SessionsModule {
  const repo = new SessionsRepository(deps.db.db, deps.db.dialect);
  const participation = new ParticipationRepository(deps.db.db);
  return {
    sessions: new SessionsService(repo, deps.config, deps.clock),
    enrollment: new EnrollmentService(repo, participation, deps.config, deps.clock),
    attendance: new AttendanceService(repo, participation, deps.config, deps.clock),
  };
}

export function sessionsModuleRoutes(module: SessionsModule) {
  return async function routes(instance: FastifyInstance): Promise<void> {
    await instance.register(sessionsRoutes(module.sessions));
    await instance.register(participationRoutes(module.enrollment, module.attendance));
  };
}
