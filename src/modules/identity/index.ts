import type { AccountsService } from '../accounts/index.js';
import type { AuditService } from '../audit/index.js';
import type { EventsService } from '../events/index.js';
import { EventUserGroupsRepository } from './event-user-groups.repository.js';
import { eventUserGroupsRoutes } from './event-user-groups.routes.js';
import { EventUserGroupsService } from './event-user-groups.service.js';
import { defineModule, type ModuleDeps } from '../module.js';
import { userGroupsRoutes } from './groups.routes.js';
import { UserGroupsService } from './groups.service.js';
import { IdentityRepository } from './identity.repository.js';
import { ScimTokensService } from './scim-tokens.service.js';
import { scimRoutes } from './scim.routes.js';
import { ScimService } from './scim.service.js';

export { UserGroupsService, ScimService, ScimTokensService, EventUserGroupsService };
export { ROLE_GROUPS, DEFAULT_ROLE, type UserGroup } from './groups.service.js';
export { SCIM_TOKEN_SCOPES, type ScimToken } from './scim-tokens.service.js';

/**
 * Identity (issue 14): the account's user groups (/account-user-groups) and SCIM 2.0
 * (/scim/v2) over the account users the accounts module keeps. Groups give roles; a
 * user's role follows its groups. It also hands the server its authenticator, which
 * accepts the per-account SCIM tokens besides OAuth access tokens.
 */
export function createIdentityModule(deps: ModuleDeps, uses: { accounts: AccountsService; events: Pick<EventsService, 'find'>; audit?: AuditService }) {
  const repo = new IdentityRepository(deps.db.db, (accountId) => uses.accounts.joinableUsers(accountId));
  const userGroups = new UserGroupsService(repo, uses.accounts, deps.config, deps.clock, uses.audit);
  const scim = new ScimService(repo, userGroups, uses.accounts, deps.config, deps.clock);
  const scimTokens = new ScimTokensService(repo, uses.accounts, deps.clock, uses.audit);
  // The groups associated with events (/events/{id}/user-groups).
  const eventUserGroups = new EventUserGroupsService(new EventUserGroupsRepository(deps.db.db), userGroups, uses.events, deps.config, deps.clock);
  uses.accounts.onAccountCreated((account) => userGroups.accountCreated(account));
  uses.accounts.onUserCreated((user, trx) => userGroups.userCreated(user, trx));
  uses.accounts.onUserRevoked((event, trx) => userGroups.userRevoked(event, trx));
  const groupRoutes = userGroupsRoutes(userGroups);
  const scimPaths = scimRoutes(scim);
  return defineModule({
    name: 'identity',
    services: { userGroups, scim, scimTokens, eventUserGroups },
    routes: async (app) => {
      await app.register(groupRoutes);
      await app.register(scimPaths);
      await app.register(eventUserGroupsRoutes(eventUserGroups));
    },
  });
}
