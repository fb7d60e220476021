import { defineModule, type ModuleDeps } from '../module.js';
import type { EventsService } from '../events/index.js';
import type { ProgramService } from '../program/index.js';
import type { SessionsService } from '../sessions/index.js';
import { speakersErasers } from './speakers.erasers.js';
import { SpeakersRepository } from './speakers.repository.js';
import { speakersRoutes } from './speakers.routes.js';
import { SpeakersService, type SpeakersUses } from './speakers.service.js';

export { SpeakersService };
export type { Speaker, SpeakerCategory } from './speakers.schemas.js';

/**
 * Speakers (the reference's Speakers tag, and the Sessions tag's session speakers): the people who speak at an
 * event's sessions, their categories, documents and profile pictures (files from POST /files), and which sessions
 * each speaks at. A speaker is a person: the contact of the same email is linked, and obfuscating it erases the speaker.
 */
export function createSpeakersModule(deps: ModuleDeps, uses: SpeakersUses & {
  readonly sessions: Pick<SessionsService, 'find' | 'onDelete'>; readonly program: Pick<ProgramService, 'findItem' | 'onItemDelete'>;
  readonly events: Pick<EventsService, 'registerCopyStep'>;
}) {
  const repo = new SpeakersRepository(deps.db.db);
  const speakers = new SpeakersService(repo, uses, deps.config, deps.clock);
  // A deleted session loses its speakers, in the deletion's transaction.
  uses.sessions.onDelete((accountId, sessionId, trx) => repo.unlinkSession(accountId, sessionId, trx));
  // A deleted program item (or its deleted session) loses its speakers, likewise.
  uses.program.onItemDelete((accountId, programItemId, trx) => repo.unlinkProgramItem(accountId, programItemId, trx));
  // Event copy (events.copy.ts): the speakers and their assignments to the copied sessions.
  uses.events.registerCopyStep({ name: 'speakers', part: 'speakers', after: ['sessions'], copy: (ctx) => speakers.copyToEvent(ctx) });
  // ... and their assignments to the copied program items.
  uses.events.registerCopyStep({ name: 'program-item-speakers', part: 'speakers', after: ['speakers', 'program-items'], copy: (ctx) => speakers.copyProgramItemLinks(ctx) });
  return defineModule({
    name: 'speakers',
    services: { speakers },
    routes: speakersRoutes(speakers),
    erasers: speakersErasers(repo, uses.files),
  });
}
