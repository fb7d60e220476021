import { defineModule, type ModuleDeps } from '../module.js';
import { housingErasers } from './housing.erasers.js';
import { HousingRepository } from './housing.repository.js';
import { housingRoutes } from './housing.routes.js';
import { HousingService, type HousingUses } from './housing.service.js';

export { HousingService } from './housing.service.js';
export type { HousingEventInput, HotelInput, RoomTypeInput, InventoryInput, ReservationInput, ReservationRequestInput } from './housing.schemas.js';

/**
 * Housing (the Housing and Housing Hotels tags, issue 31): an event's hotel room blocks with their nightly inventory,
 * reservation requests and reservations. No room is sold twice: see HousingService.
 */
export function createHousingModule(deps: ModuleDeps, uses: HousingUses) {
  const repo = new HousingRepository(deps.db.db, deps.db.dialect);
  const housing = new HousingService(repo, uses, deps.config, deps.clock);
  return defineModule({ name: 'housing', services: { housing }, routes: housingRoutes(housing), erasers: housingErasers() });
}
