import { defineModule, type ModuleDeps } from '../module.js';
import { AccountsRepository } from './accounts.repository.js';
import { AccountsService } from './accounts.service.js';
import { DEFAULT_LIMITS, SignInThrottle } from './signin-throttle.js';

export { AccountsRepository };
export { AccountsService };
export { hashSecret, secretMatches, type UserListener } from './accounts.service.js';
export type { Executor as AccountsExecutor } from './accounts.repository.js';
/** The account's users in the form another module joins them: see AccountsService.joinableUsers. */
export type UsersJoin = ReturnType<AccountsService['joinableUsers']>;
export { AccountErrors } from './accounts.errors.js';
export * from './accounts.types.js';

/** Accounts, users, workspaces and applications: no routes of its own (the portal and OAuth serve them). */
export function createAccountsModule(deps: ModuleDeps, uses: { log?: { warn(obj: object, msg: string): void } } = {}) {
  // Lock notices name the kind of key and the count, never the email or address (personal data).
  const throttle = new SignInThrottle(deps.clock, DEFAULT_LIMITS, (notice) => uses.log?.warn({ signInLock: notice }, 'sign-in locked after repeated failures'));
  const accounts = new AccountsService(new AccountsRepository(deps.db.db), deps.config, deps.clock, throttle, deps.db.changes);
  return defineModule({ name: 'accounts', services: { accounts } });
}
