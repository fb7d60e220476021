import { defineModule, type ModuleDeps } from '../module.js';
import { travelRfpsErasers } from './travel-rfps.erasers.js';
import { TravelRfpsRepository } from './travel-rfps.repository.js';
import { travelRfpsRoutes } from './travel-rfps.routes.js';
import { TravelRfpsService, type TravelRfpsUses } from './travel-rfps.service.js';

export { TravelRfpsService } from './travel-rfps.service.js';
export type { BidInput, DraftInput, ProgramInput, ProposalInput, QuestionInput } from './travel-rfps.schemas.js';

/**
 * The sourcing side (the Travel RFPs and Proposal Draft tags, issue 32): travel programs and their questions, suppliers'
 * proposals (answers kept to the program's questions) and their bids, and venue proposal drafts.
 */
export function createTravelRfpsModule(deps: ModuleDeps, uses: TravelRfpsUses) {
  const repo = new TravelRfpsRepository(deps.db.db);
  const travelRfps = new TravelRfpsService(repo, uses, deps.config, deps.clock, deps.db.dialect);
  return defineModule({ name: 'travel-rfps', services: { travelRfps }, routes: travelRfpsRoutes(travelRfps), erasers: travelRfpsErasers() });
}
