import { defineModule, type ModuleDeps } from '../module.js';
import type { SessionsService } from '../sessions/index.js';
import { programErasers } from './program.erasers.js';
import { ProgramRepository } from './program.repository.js';
import { programRoutes } from './program.routes.js';
import { ProgramService, type ProgramUses } from './program.service.js';

export { ProgramService, ProgramRepository };
export type { ProgramItemDeleteHook, SegmentCheck } from './program.service.js';
export type { ProgramItem, SessionCategory, SessionLocation, SessionSegment } from './program.schemas.js';

/**
 * The program of an event (the Sessions tag, issue 29): session locations and categories (sessions name them), session
 * segments, program items (breaks, meals, receptions inside a session) and the documents of sessions and program items.
 */
export function createProgramModule(deps: ModuleDeps, uses: ProgramUses & { readonly sessions: Pick<SessionsService, 'onDelete' | 'useProgram'> }) {
  const repo = new ProgramRepository(deps.db.db);
  const program = new ProgramService(repo, uses, deps.config, deps.clock);
  // Sessions name a location of their event and a category of the account: checked, and their labels copied, here.
  uses.sessions.useProgram({ location: (a, e, id, trx) => program.findLocation(a, e, id, trx), category: (a, id, trx) => program.findCategory(a, id, trx) });
  // A deleted session loses its program items, segments and documents, in the deletion's transaction.
  uses.sessions.onDelete((accountId, sessionId, trx) => program.clearSession(accountId, sessionId, trx));
  return defineModule({
    name: 'program',
    services: { program },
    routes: programRoutes(program),
    erasers: programErasers(),
  });
}
