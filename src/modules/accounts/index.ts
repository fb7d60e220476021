import type { AuditService } from '../audit/index.js';
import { defineModule, type ModuleDeps } from '../module.js';
import { AccountsRepository } from './accounts.repository.js';
import { AccountsService } from './accounts.service.js';
import { DEFAULT_LIMITS, MemoryThrottleStore, PasswordCheckGate, RedisThrottleStore, SignInThrottle } from './signin-throttle.js';

export { AccountsRepository };
export { AccountsService };
export { hashSecret, secretMatches, type UserListener } from './accounts.service.js';
export type { Executor as AccountsExecutor } from './accounts.repository.js';
/** The account's users in the form another module joins them: see AccountsService.joinableUsers. */
export type UsersJoin = ReturnType<AccountsService['joinableUsers']>;
export { AccountErrors } from './accounts.errors.js';
export * from './accounts.types.js';

/** Accounts, users, workspaces and applications: no routes of its own (the portal and OAuth serve them). */
export function createAccountsModule(deps: ModuleDeps, uses: { audit?: AuditService; log?: { warn(obj: object, msg: string): void } } = {}) {
  const { config } = deps;
  // With REDIS_URL every process shares the counts, so N processes allow the attempts of one.
  const store = config.redisUrl ? new RedisThrottleStore({ url: config.redisUrl, timeoutMs: config.rateLimit.redisTimeoutMs }) : new MemoryThrottleStore();
  const limits = { ...DEFAULT_LIMITS, perAccount: config.signIn.perAccount, perAddress: config.signIn.perAddress, firstLockMs: config.signIn.firstLockSeconds * 1000 };
  // Lock notices name the kind of key and the count, never the email or address (personal data).
  const throttle = new SignInThrottle(store, deps.clock, limits, (notice) => uses.log?.warn({ signInLock: notice }, 'sign-in locked after repeated attempts'), config.signIn.keyPrefix);
  const gate = new PasswordCheckGate(config.signIn.hashConcurrency, config.signIn.hashQueue);
  const accounts = new AccountsService(new AccountsRepository(deps.db.db), deps.config, deps.clock, { throttle, gate }, deps.db.changes, uses.audit);
  return defineModule({ name: 'accounts', services: { accounts }, close: () => throttle.close() });
}
