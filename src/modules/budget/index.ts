import type { CustomFieldsService } from '../custom-fields/index.js';
import { defineModule, type ModuleDeps } from '../module.js';
import { budgetErasers } from './budget.erasers.js';
import { BudgetRepository } from './budget.repository.js';
import { budgetRoutes } from './budget.routes.js';
import { BudgetService, type BudgetUses } from './budget.service.js';

export { BudgetService, BASE_CURRENCY, budgetVersionId } from './budget.service.js';
export type { BudgetItemInput, PaymentInput } from './budget.schemas.js';

/**
 * Budgets (the Budget tag, issue 31): an event's budget items, allocations, payments (with invoices) and totals;
 * currencies' conversion rates into the base currency; purchase cards and their transactions; budget items'
 * custom-field answers. Money is exact (integers of minor units) and the totals are sums of stored integers.
 */
export function createBudgetModule(deps: ModuleDeps, uses: BudgetUses & { readonly customFields: BudgetUses['customFields'] & Pick<CustomFieldsService, 'useSubject'> }) {
  const repo = new BudgetRepository(deps.db.db, deps.db.dialect);
  const budget = new BudgetService(repo, uses, deps.config, deps.clock);
  // Budget items are answered about with Budget Item custom fields.
  uses.customFields.useSubject('Budget Item', (accountId, id, trx) => budget.findItemId(accountId, id, trx));
  return defineModule({ name: 'budget', services: { budget }, routes: budgetRoutes(budget), erasers: budgetErasers() });
}
