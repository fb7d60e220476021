import { defineModule, type ModuleDeps } from '../module.js';
import { commerceErasers } from './commerce.erasers.js';
import { CommerceRepository } from './commerce.repository.js';
import { commerceRoutes } from './commerce.routes.js';
import { CommerceService, type CommerceUses } from './commerce.service.js';

export { CommerceService };
export type { Order, OrderItem, Discount, Transaction } from './commerce.schemas.js';

/**
 * Registration money (issue 30): admission, donation, fee, membership and quantity items; discount codes and the
 * agenda items they apply to; attendees' orders and their items; offline transactions; card tokens; attendee credits.
 * The reference only reads items and orders: eventline's extensions create them (DESIGN rule 11).
 */
export function createCommerceModule(deps: ModuleDeps, uses: CommerceUses) {
  const commerce = new CommerceService(new CommerceRepository(deps.db.db), uses, deps.config, deps.clock);
  return defineModule({ name: 'commerce', services: { commerce }, routes: commerceRoutes(commerce), erasers: commerceErasers() });
}
