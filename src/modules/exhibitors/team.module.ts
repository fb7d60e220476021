import type { Transaction } from 'kysely';
import type { AuthContext } from '../../actor.js';
import type { Database } from '../../db/index.js';
import type { AttendeesService } from '../attendees/index.js';
import type { EventsService } from '../events/index.js';
import type { FileStore } from '../files/index.js';
import type { ModuleDeps, RoutesPlugin } from '../module.js';
import type { Eraser } from '../privacy/index.js';
import type { ExhibitorsRepository } from './exhibitors.repository.js';
import { contentErasers } from './content.erasers.js';
import { ContentRepository } from './content.repository.js';
import { ExhibitorContentService } from './content.service.js';
import { questionsErasers } from './exhibitor-questions.erasers.js';
import { QuestionsRepository } from './exhibitor-questions.repository.js';
import { ExhibitorQuestionsService } from './exhibitor-questions.service.js';
import { teamErasers } from './team.erasers.js';
import { TeamRepository } from './team.repository.js';
import { teamPartRoutes } from './team.routes.js';
import { ExhibitorTeamService } from './team.service.js';

/** What the team, content and questions parts of the exhibitors module call in other modules. */
export interface TeamUses {
  readonly events: Pick<EventsService, 'find'>;
  readonly attendees: Pick<AttendeesService, 'findInEvent'>;
  readonly files: FileStore;
}

/**
 * The Exhibitor Team and Exhibitor Content tags and the Exhibitor tag's
 * questions and answers, wired once for index.ts: their services, the
 * operations to declare, and their erasers.
 */
export function createTeamPart(deps: ModuleDeps, exhibitors: ExhibitorsRepository, uses: TeamUses) {
  const teamRepo = new TeamRepository(deps.db.db);
  const exhibitorTeam = new ExhibitorTeamService(exhibitors, teamRepo, uses.attendees, deps.config, deps.clock);
  const contentRepo = new ContentRepository(deps.db.db);
  const exhibitorContent = new ExhibitorContentService(exhibitors, contentRepo, uses.files, deps.clock);
  const questionsRepo = new QuestionsRepository(deps.db.db);
  const exhibitorQuestions = new ExhibitorQuestionsService(exhibitors, questionsRepo, uses.events, deps.clock);
  const erasers: Eraser[] = [...teamErasers(teamRepo), ...contentErasers(contentRepo), ...questionsErasers(questionsRepo)];
  const exhibitorCleanup = {
    /**
     * What deleting an exhibitor must run first, in its transaction: its admins, content and answers go (the
     * rows refer to the exhibitor), its files are detached. Booth staff are the base tables' (exhibitors.repository.ts).
     */
    async forgetExhibitor(auth: Pick<AuthContext, 'accountId' | 'userId' | 'clientId'>, exhibitorId: string, trx: Transaction<Database>): Promise<void> {
      await teamRepo.deleteAdminsOf(trx, auth.accountId, exhibitorId);
      await questionsRepo.deleteAnswersOf(trx, auth.accountId, exhibitorId);
      await exhibitorContent.forgetExhibitor(auth, exhibitorId, trx);
    },
  };
  return {
    services: { exhibitorTeam, exhibitorContent, exhibitorQuestions, exhibitorCleanup },
    routes: teamPartRoutes(exhibitorTeam, exhibitorContent, exhibitorQuestions) satisfies RoutesPlugin,
    erasers,
  };
}
