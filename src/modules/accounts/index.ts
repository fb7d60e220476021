import { defineModule, type ModuleDeps } from '../module.js';
import { AccountsRepository } from './accounts.repository.js';
import { AccountsService } from './accounts.service.js';

export { AccountsRepository };
export { AccountsService };
export { hashSecret, secretMatches } from './accounts.service.js';
export { AccountErrors } from './accounts.errors.js';
export * from './accounts.types.js';

/** Accounts, users, workspaces and applications: no routes of its own (the portal and OAuth serve them). */
export function createAccountsModule(deps: ModuleDeps) {
  const accounts = new AccountsService(new AccountsRepository(deps.db.db), deps.config, deps.clock);
  return defineModule({ name: 'accounts', services: { accounts } });
}
