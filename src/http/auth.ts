import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {} from '@fastify/swagger';
import { ApiError, bearerChallenge, unauthorized } from '../errors.js';
import type { AuthContext, Authenticator } from '../actor.js';
import { routeOf } from './route-info.js';

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

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scopes an operation needs (all of them), worked out once when the route is added; absent: no bearer token needed. */
    requiredScopes?: readonly string[];
  }
}

/** The scopes of an operation's first OAuth 2.0 security requirement; undefined when it has none. */
function scopesOf(security: readonly SecurityRequirement[] | undefined): string[] | undefined {
  if (!security || security.length === 0) return undefined;
  const first = security[0] ?? {};
  // Only OAuth 2.0 requirements are enforced here; the developer portal's
  // cookie session is checked by its own routes.
  if (!Object.keys(first).some((k) => k.startsWith('OAuth2.'))) return undefined;
  return Object.values(first).flat();
}

const BEARER = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i;

/**
 * The b64token of an `Authorization: Bearer <token>` header (RFC 6750 §2.1), or undefined. The auth hook tries the
 * usual `Bearer <token>` form without it first; this runs only for a header in another form or a refused token.
 */
export function extractBearer(header: string | undefined): string | undefined {
  return header ? BEARER.exec(header)?.[1] : undefined;
}

// Every operation under the versioned path must say who may call it: a route
// without a `security` entry is a startup error, so no route ships unguarded.
export function registerAuth(app: FastifyInstance, authenticator: Authenticator, versionPrefix: string): void {
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(`${versionPrefix}/`) && route.schema?.security === undefined && route.method !== 'HEAD') {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no security (use oauth(...) or PUBLIC)`);
    }
    const scopes = scopesOf(route.schema?.security as SecurityRequirement[] | undefined);
    // An operation eventline does not implement needs a valid token, not the scopes of what it would do.
    if (scopes !== undefined) route.config = { ...route.config, requiredScopes: route.config?.notImplemented === true ? [] : scopes };
  });
  app.addHook('onRequest', async (request) => {
    const scopes = routeOf(request).config.requiredScopes;
    if (scopes === undefined) return;
    const header = request.headers.authorization;
    // The form every client sends goes to the authenticator as it is: a token it has verified before is
    // answered from its cache, and checking the header's syntax first would read all of a token that runs to
    // 5,000 characters with every scope (3 µs a call). Only a header it refuses is checked, and answered as
    // malformed when it is; one in another form (spacing, case) is taken apart by the general rule.
    const quick = header !== undefined && header.startsWith('Bearer ') ? header.slice(7) : undefined;
    let auth: AuthContext | undefined;
    let refusal: unknown;
    if (quick !== undefined) {
      try {
        auth = await authenticator.authenticate(quick);
      } catch (err) {
        refusal = err;
      }
    }
    if (auth === undefined) {
      const token = extractBearer(header);
      if (!token) {
        // RFC 6750 §3.1: a request without credentials gets a challenge but no error code.
        throw new ApiError('unauthorized', 401, header ? 'The Authorization header must be "Bearer <access token>"' : 'An access token is required', {
          headers: { 'www-authenticate': header ? bearerChallenge('invalid_request', 'Malformed Authorization header') : bearerChallenge() },
        });
      }
      if (token === quick) throw refusal;
      auth = await authenticator.authenticate(token);
    }
    request.auth = auth;
    let held = true;
    for (const scope of scopes) held &&= auth.scopes.has(scope);
    if (!held) {
      const missing = scopes.filter((s) => !auth.scopes.has(s));
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
