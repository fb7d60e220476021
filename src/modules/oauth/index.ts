import type { AccountsService } from '../accounts/index.js';
import { defineModule, type ModuleDeps } from '../module.js';
import { KeyStore } from './keys.js';
import { OAuthRepository } from './oauth.repository.js';
import { oauthRoutes, wellKnownRoutes } from './oauth.routes.js';
import { OAuthService } from './oauth.service.js';

export { KeyStore, OAuthRepository };
export { SIGNING_ALG } from './keys.js';
export { OAuthService };
export { FIRST_PARTY_CLIENT_ID, SYNC_CLIENT_ID, SYNC_SCOPES, type TokenResponse } from './oauth.service.js';
export { OAuthError } from './oauth.errors.js';
export { SCOPES, ALL_SCOPES, parseScopes, canonicalScope, intersect, type Scope } from '../../scopes.js';

/** The token endpoint, authorization code flow, signing keys and their metadata (RFC 8414, JWKS). */
export async function createOAuthModule(deps: ModuleDeps, uses: { accounts: AccountsService }) {
  const repo = new OAuthRepository(deps.db.db);
  const keys = new KeyStore(repo, deps.clock);
  await keys.init();
  const oauth = new OAuthService(repo, keys, uses.accounts, deps.config, deps.clock);
  // A deactivated or deleted user's authorization codes die with their access, in the same transaction.
  uses.accounts.onUserRevoked(async (event, trx) => {
    await repo.deleteCodesOf(event.userId, trx);
    await repo.deleteRefreshTokensOf(event.userId, trx);
  });
  return defineModule({
    name: 'oauth',
    services: { oauth, keys },
    routes: oauthRoutes({ oauth, config: deps.config }),
    rootRoutes: wellKnownRoutes({ oauth, keys }),
  });
}
