export { KeyStore, SIGNING_ALG } from './keys.js';
export { OAuthRepository } from './oauth.repository.js';
export { OAuthService, FIRST_PARTY_CLIENT_ID, type TokenResponse } from './oauth.service.js';
export { OAuthError } from './oauth.errors.js';
export { oauthRoutes, wellKnownRoutes } from './oauth.routes.js';
export { SCOPES, ALL_SCOPES, parseScopes, canonicalScope, intersect, type Scope } from './scopes.js';
