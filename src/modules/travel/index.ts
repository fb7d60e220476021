import { defineModule, type ModuleDeps } from '../module.js';
import { EventTravelService, type EventTravelUses } from './event-travel.service.js';
import { travelErasers } from './travel.erasers.js';
import { TravelRepository } from './travel.repository.js';
import { travelRoutes } from './travel.routes.js';
import { TravelService } from './travel.service.js';

export { EventTravelService, TravelService };
export type { AirActualInput, AirRequestInput, AlternateInput, HotelRequestInput } from './event-travel.schemas.js';
export type { BrandInput, ChainInput, PropertyInput, RoomInput, SupplierAccountInput, TravelAccountInput } from './travel.schemas.js';

/**
 * Travel (issue 32): the Travel Suppliers tag (the account's brands, chains, properties and property rooms), the Travel
 * Accounts tag (travel accounts and their supplier accounts) and four of Event Travel's lists (air requests, air
 * actuals, hotel requests, alternate travel answers). The reference only reads them; eventline adds documented writes.
 */
export function createTravelModule(deps: ModuleDeps, uses: EventTravelUses) {
  const repo = new TravelRepository(deps.db.db);
  const travel = new TravelService(repo, deps.config, deps.clock);
  const eventTravel = new EventTravelService(repo, uses, deps.config, deps.clock);
  return defineModule({ name: 'travel', services: { travel, eventTravel }, routes: travelRoutes(travel, eventTravel), erasers: travelErasers(repo, eventTravel) });
}
