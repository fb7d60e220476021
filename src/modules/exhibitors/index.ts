import type { AttendeesService } from '../attendees/index.js';
import type { EventsService } from '../events/index.js';
import { defineModule, type ModuleDeps, type RoutesPlugin } from '../module.js';
import type { RegistrationTypeLookup } from '../registration-types/index.js';
import { CategoriesRepository } from './categories.repository.js';
import { categoriesRoutes } from './categories.routes.js';
import { CategoriesService } from './categories.service.js';
import { exhibitorsErasers } from './exhibitors.erasers.js';
import { ExhibitorsRepository } from './exhibitors.repository.js';
import { exhibitorsRoutes } from './exhibitors.routes.js';
import { ExhibitorScope, ExhibitorsService, type ExhibitorFiles } from './exhibitors.service.js';
import { RegistrationPacksRepository } from './registration-packs.repository.js';
import { registrationPacksRoutes } from './registration-packs.routes.js';
import { RegistrationPacksService } from './registration-packs.service.js';
import { SponsorshipLevelsRepository } from './sponsorship-levels.repository.js';
import { sponsorshipLevelsRoutes } from './sponsorship-levels.routes.js';
import { SponsorshipLevelsService } from './sponsorship-levels.service.js';
import { createTeamPart, type TeamUses } from './team.module.js';
import { createLeads, type LeadsUses } from './leads.module.js';

export { ExhibitorsRepository, ExhibitorsService, CategoriesService, SponsorshipLevelsService, RegistrationPacksService };
export type { Exhibitor } from './exhibitors.schemas.js';
export type { LeadsService } from './leads.service.js';
export type { QualificationService } from './qualification.service.js';

/** What the exhibitors module calls in other modules (the team part's needs included). */
export interface ExhibitorsUses extends TeamUses, LeadsUses {
  readonly events: EventsService;
  readonly attendees: Pick<AttendeesService, 'findInEvent' | 'contactAttendeeIds'>;
  /** Banners and logos: the files module's FileStore (attach, requireWebImage) and its signed URLs. */
  readonly files: ExhibitorFiles & TeamUses['files'];
  readonly registrationTypes: RegistrationTypeLookup;
}

/**
 * Exhibitors (the reference's Exhibitor, Exhibitor Content, Exhibitor Team and
 * Leads tags): companies and sponsors at an event, their categories, team,
 * content and the leads their booth staff scan.
 */
export function createExhibitorsModule(deps: ModuleDeps, uses: ExhibitorsUses) {
  const { db } = deps.db;
  const repo = new ExhibitorsRepository(db);
  const scope = new ExhibitorScope(repo, uses.events);
  const categoriesRepo = new CategoriesRepository(db);
  const levelsRepo = new SponsorshipLevelsRepository(db);
  const packsRepo = new RegistrationPacksRepository(db);
  const exhibitors = new ExhibitorsService(repo, scope, levelsRepo, categoriesRepo, packsRepo, uses.files, deps.config, deps.clock);
  const exhibitorCategories = new CategoriesService(categoriesRepo, scope, uses.files, deps.config, deps.clock);
  const sponsorshipLevels = new SponsorshipLevelsService(levelsRepo, repo, scope, deps.clock);
  const registrationPacks = new RegistrationPacksService(packsRepo, repo, scope, uses.registrationTypes, uses.attendees, deps.clock);
  // Team, content, questions and answers (team.module.ts). Exhibitors are deleted by a mark (the reference
  // lists deleted ones), so their team and content rows stay with them.
  const team = createTeamPart(deps, repo, uses);
  // Qualification questions, scans and leads (leads.module.ts).
  const leads = createLeads(deps, repo, uses);
  // One plugin per file family, so each family's routes are one line here.
  const routes: RoutesPlugin[] = [
    exhibitorsRoutes(exhibitors),
    categoriesRoutes(exhibitorCategories),
    sponsorshipLevelsRoutes(sponsorshipLevels),
    registrationPacksRoutes(registrationPacks),
    team.routes,
    leads.routes,
  ];
  return defineModule({
    name: 'exhibitors',
    services: { exhibitorsRepo: repo, exhibitors, exhibitorCategories, sponsorshipLevels, registrationPacks, ...team.services, ...leads.services },
    routes: async (app) => {
      for (const register of routes) await register(app);
    },
    erasers: [...exhibitorsErasers(repo), ...team.erasers, ...leads.erasers],
  });
}
