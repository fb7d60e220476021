import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {} from '@fastify/swagger';
import { ApiError, bearerChallenge, unauthorized } from '../errors.js';
import type { AuthContext, Authenticator } from '../actor.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export type SecurityRequirement = Record<string, string[]>;

/** The OpenAPI `security` of an operation that needs these scopes (all of them). */
export function oauth(...scopes: string[]): SecurityRequirement[] {
  return [{ 'OAuth2.clientCredentials': scopes }, { 'OAuth2.authorizationCode': scopes }];
}

/** An operation anyone may call (token endpoint, metadata, docs). */
export const PUBLIC: SecurityRequirement[] = [];

function requiredScopes(request: FastifyRequest): string[] | undefined {
  const security = request.routeOptions.schema?.security;
  if (!security || security.length === 0) return undefined;
  const first = security[0] ?? {};
  // Only OAuth 2.0 requirements are enforced here; the developer portal's
  // cookie session (DESIGN rule 10) is checked by its own routes.
  if (!Object.keys(first).some((k) => k.startsWith('OAuth2.'))) return undefined;
  return Object.values(first).flat();
}

export function extractBearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(header);
  return match?.[1];
}

// Every operation under the versioned path must say who may call it: a route
// without a `security` entry is a startup error, so no route ships unguarded.
export function registerAuth(app: FastifyInstance, authenticator: Authenticator, versionPrefix: string): void {
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(`${versionPrefix}/`) && route.schema?.security === undefined && route.method !== 'HEAD') {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no security (use oauth(...) or PUBLIC)`);
    }
  });
  app.addHook('onRequest', async (request) => {
    const scopes = requiredScopes(request);
    if (scopes === undefined) return;
    const header = request.headers.authorization;
    const token = extractBearer(header);
    if (!token) {
      // RFC 6750 §3.1: a request without credentials gets a challenge but no error code.
      throw new ApiError('unauthorized', 401, header ? 'The Authorization header must be "Bearer <access token>"' : 'An access token is required', {
        headers: { 'www-authenticate': header ? bearerChallenge('invalid_request', 'Malformed Authorization header') : bearerChallenge() },
      });
    }
    const auth = await authenticator.authenticate(token);
    request.auth = auth;
    const missing = scopes.filter((s) => !auth.scopes.has(s));
    if (missing.length > 0) {
      throw new ApiError('insufficientScope', 403, `Missing required scope: ${missing.join(' ')}. It must be granted to both the workspace and the application, and requested in the token.`, {
        headers: { 'www-authenticate': bearerChallenge('insufficient_scope', 'The access token lacks a required scope', scopes.join(' ')) },
      });
    }
  });
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized('An access token is required', 'invalid_request');
  return request.auth;
}
