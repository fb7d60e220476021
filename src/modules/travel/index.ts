import { defineModule, type ModuleDeps } from '../module.js';
import { travelErasers } from './travel.erasers.js';
import { TravelRepository } from './travel.repository.js';
import { travelRoutes } from './travel.routes.js';
import { TravelService, type TravelUses } from './travel.service.js';

export { TravelService } from './travel.service.js';
export type { BidInput, DraftInput, ProgramInput, ProposalInput, QuestionInput } from './travel.schemas.js';

/**
 * The sourcing side (the Travel RFPs and Proposal Draft tags, issue 32): travel programs and their questions, suppliers'
 * proposals (answers kept to the program's questions) and their bids, and venue proposal drafts.
 */
export function createTravelModule(deps: ModuleDeps, uses: TravelUses) {
  const repo = new TravelRepository(deps.db.db);
  const travel = new TravelService(repo, uses, deps.config, deps.clock, deps.db.dialect);
  return defineModule({ name: 'travel', services: { travel }, routes: travelRoutes(travel), erasers: travelErasers() });
}
