import { newId } from '../../db/ids.js';
import type { EventsService } from '../events/index.js';
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
export function createProgramModule(deps: ModuleDeps, uses: ProgramUses & {
  readonly sessions: Pick<SessionsService, 'onDelete' | 'useProgram'>; readonly events: ProgramUses['events'] & Pick<EventsService, 'registerCopyStep'>;
}) {
  const repo = new ProgramRepository(deps.db.db);
  const program = new ProgramService(repo, uses, deps.config, deps.clock);
  // Sessions name a location of their event and a category of the account: checked, and their labels copied, here.
  uses.sessions.useProgram({ location: (a, e, id, trx) => program.findLocation(a, e, id, trx), category: (a, id, trx) => program.findCategory(a, id, trx) });
  // A deleted session loses its program items, segments and documents, in the deletion's transaction.
  uses.sessions.onDelete((accountId, sessionId, trx) => program.clearSession(accountId, sessionId, trx));
  // Event copy (events.copy.ts): the event's locations before its sessions (which the sessions step points at the
  // copies), then its program items and session segments after them. Categories are the account's: not copied.
  // Documents are files: not copied (a copy points at none).
  uses.events.registerCopyStep({
    name: 'session-locations', part: 'agenda', before: ['sessions'],
    copy: async (ctx) => {
      const rows = (await repo.locationsOfEvent(ctx.accountId, ctx.fromEventId, ctx.trx)).map((r) => {
        const id = newId();
        ctx.copied('session-locations', r.id, id);
        return { ...r, id, event_id: ctx.toEventId, created: ctx.now, last_modified: ctx.now, created_by: ctx.actor, last_modified_by: ctx.actor };
      });
      await repo.insertLocations(rows, ctx.trx);
    },
  });
  uses.events.registerCopyStep({
    name: 'program-items', part: 'agenda', after: ['sessions'],
    copy: async (ctx) => {
      const stamp = { event_id: ctx.toEventId, created: ctx.now, last_modified: ctx.now, created_by: ctx.actor, last_modified_by: ctx.actor };
      const items = (await repo.itemsOfEvent(ctx.accountId, ctx.fromEventId, ctx.trx)).flatMap((r) => {
        const sessionId = ctx.copyOf('sessions', r.session_id);
        if (sessionId === undefined) return [];
        const id = newId();
        ctx.copied('program-items', r.id, id);
        return [{ ...r, ...stamp, id, session_id: sessionId }];
      });
      await repo.insertItems(items, ctx.trx);
      const segments = (await repo.segmentsOfEvent(ctx.accountId, ctx.fromEventId, ctx.trx)).flatMap((r) => {
        const sessionId = ctx.copyOf('sessions', r.session_id);
        return sessionId === undefined ? [] : [{ ...r, ...stamp, id: newId(), session_id: sessionId }];
      });
      await repo.insertSegments(segments, ctx.trx);
    },
  });
  return defineModule({
    name: 'program',
    services: { program },
    routes: programRoutes(program),
    erasers: programErasers(),
  });
}
