import type { ActivityReporter } from '../activities/index.js';
import type { AttendeesService } from '../attendees/index.js';
import type { ModuleDeps } from '../module.js';
import type { ExhibitorsRepository } from './exhibitors.repository.js';
import { leadsErasers } from './leads.erasers.js';
import { LeadsRepository } from './leads.repository.js';
import { leadsRoutes } from './leads.routes.js';
import { LeadsService } from './leads.service.js';
import { QualificationService } from './qualification.service.js';

/** What the leads part of the exhibitors module needs from other modules. */
export interface LeadsUses {
  readonly attendees: Pick<AttendeesService, 'findInEvent' | 'contactAttendeeIds'>;
  /** Each scan is a booth visit: a `lead.scanned` activity (and `lead.qualified` for answers). */
  readonly activities: ActivityReporter;
}

/**
 * The leads part of the exhibitors module (the reference's Leads tag and the
 * exhibitor's qualification questions): its services, routes and erasers,
 * which index.ts merges into the module.
 */
export function createLeads(deps: ModuleDeps, exhibitors: ExhibitorsRepository, uses: LeadsUses) {
  const repo = new LeadsRepository(deps.db.db);
  const leadQualification = new QualificationService(repo, exhibitors, deps.clock);
  const leads = new LeadsService(repo, exhibitors, leadQualification, uses.attendees, uses.activities, deps.config, deps.clock, deps.notifier);
  return {
    services: { leads, leadQualification },
    routes: leadsRoutes(leads, leadQualification),
    erasers: leadsErasers(repo, uses.attendees),
  };
}
