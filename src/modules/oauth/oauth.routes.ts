import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {} from '@fastify/cookie';
import type { Static } from 'typebox';
import { Value } from 'typebox/value';
import type { Config } from '../../config/index.js';
import { PUBLIC, type SecurityRequirement } from '../../http/auth.js';
import { ErrorResponseSchema } from '../../http/errors.js';
import type { AccountsService } from '../accounts/index.js';
import type { KeyStore } from './keys.js';
import { OAuthError } from './oauth.errors.js';
import {
  AuthorizeFormSchema, AuthorizeQuerySchema, MetadataSchema, OAuthErrorSchema, TokenQuerySchema, TokenRequestSchema,
  TokenResponseSchema, TokenValidationSchema,
} from './oauth.schemas.js';
import type { OAuthService } from './oauth.service.js';
import { ALL_SCOPES } from './scopes.js';
import { errorPage, signInPage } from './signin.page.js';

const ANY_TOKEN: SecurityRequirement[] = [{ 'OAuth2.clientCredentials': [] }, { 'OAuth2.authorizationCode': [] }];
const CSRF_COOKIE = 'eventline_signin_csrf';

function parseBasic(header: string | undefined): { id: string; secret: string } | undefined {
  const m = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!m?.[1]) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 0) return undefined;
  // RFC 6749 §2.3.1: both parts are form-urlencoded before base64.
  const dec = (v: string) => {
    try {
      return decodeURIComponent(v.replace(/\+/g, ' '));
    } catch {
      return v;
    }
  };
  return { id: dec(decoded.slice(0, i)), secret: dec(decoded.slice(i + 1)) };
}

// RFC 6749 §5.2: a client that tried the Authorization header gets a Basic
// challenge, even when the header could not be decoded.
function basicAttempted(header: string | undefined): boolean {
  return header !== undefined && /^Basic(\s|$)/i.test(header);
}

// Chrome and Safari also apply form-action to the redirect that ends a form
// submission, so the client's redirect_uri origin (already checked against its
// registration) must be allowed beside 'self' or the code never arrives. The
// URL parser lets ';' and ',' through in hosts, so only plain origins are used.
function formActionSources(redirectUri: string | undefined): string {
  let origin: string;
  try {
    origin = redirectUri ? new URL(redirectUri).origin : '';
  } catch {
    origin = '';
  }
  return /^https?:\/\/([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:\d+)?$/.test(origin) ? `'self' ${origin}` : "'self'";
}

function sendOAuthError(reply: FastifyReply, err: OAuthError, basicUsed: boolean) {
  reply.header('cache-control', 'no-store');
  if (err.status === 401 && basicUsed) reply.header('www-authenticate', 'Basic realm="eventline"');
  return reply.code(err.status).send({ error: err.error, error_description: err.description });
}

function redirectWithError(reply: FastifyReply, redirectUri: string, err: OAuthError, state: string | undefined, issuer: string) {
  const url = new URL(redirectUri);
  url.searchParams.set('error', err.error);
  url.searchParams.set('error_description', err.description);
  if (state !== undefined) url.searchParams.set('state', state);
  url.searchParams.set('iss', issuer);
  return reply.redirect(url.toString(), 303);
}

export function oauthRoutes(deps: { oauth: OAuthService; accounts: AccountsService; config: Config }) {
  const { oauth, accounts, config } = deps;

  return async function routes(instance: FastifyInstance): Promise<void> {
    const app = instance.withTypeProvider<TypeBoxTypeProvider>();

    app.post('/oauth2/token', {
      attachValidation: true,
      // A body Fastify cannot parse (bad JSON, unknown media type) must still
      // get an RFC 6749 error, not the contract's error shape.
      errorHandler: (error, request, reply) => {
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        if (status < 400 || status >= 500) throw error;
        return sendOAuthError(reply, new OAuthError('invalid_request', 'The token request body could not be read: send application/x-www-form-urlencoded parameters'), basicAttempted(request.headers.authorization));
      },
      schema: {
        tags: ['Authentication'], operationId: 'oauth2Token', summary: 'Token',
        description: 'Client credentials (HTTP Basic or form credentials; `grant_type` and `client_id` are also read from the query string) or authorization code with PKCE. Answers RFC 6749 errors.',
        security: PUBLIC, querystring: TokenQuerySchema, body: TokenRequestSchema,
        response: { 200: TokenResponseSchema, 400: OAuthErrorSchema, 401: OAuthErrorSchema },
      },
    }, async (request, reply) => {
      const basic = parseBasic(request.headers.authorization);
      try {
        // grant_type and client_id may come in the query string with Basic
        // credentials and no body at all (DESIGN rule 9); that is not malformed.
        // Fastify stops at the first failing part, so the query is checked here then.
        const emptyBody = request.body === undefined && request.validationError?.validationContext === 'body';
        if (request.validationError && !(emptyBody && Value.Check(TokenQuerySchema, request.query))) {
          throw new OAuthError('invalid_request', 'The token request is malformed');
        }
        const body = request.body ?? {};
        const query = request.query;
        if (typeof (request.query as Record<string, unknown>)['client_secret'] === 'string') {
          throw new OAuthError('invalid_request', 'client_secret must not be sent in the URL');
        }
        const grantType = body.grant_type ?? query.grant_type;
        const bodyClientId = body.client_id ?? query.client_id;
        if (basic && bodyClientId !== undefined && bodyClientId !== basic.id) {
          throw new OAuthError('invalid_request', 'client_id in the body does not match the Authorization header');
        }
        const clientId = basic?.id ?? bodyClientId;
        const clientSecret = basic?.secret ?? body.client_secret;
        if (!grantType) throw new OAuthError('invalid_request', 'grant_type is required');
        let result;
        if (grantType === 'client_credentials') {
          if (!clientId || !clientSecret) throw new OAuthError('invalid_client', 'Client authentication failed: send client_id and client_secret (HTTP Basic or form)');
          result = await oauth.clientCredentials({ clientId, clientSecret, ...(body.scope !== undefined ? { scope: body.scope } : {}) });
        } else if (grantType === 'authorization_code') {
          if (!clientId) throw new OAuthError('invalid_request', 'client_id is required');
          if (!body.code) throw new OAuthError('invalid_request', 'code is required');
          result = await oauth.authorizationCode({
            code: body.code, clientId,
            ...(clientSecret !== undefined ? { clientSecret } : {}),
            ...(body.redirect_uri !== undefined ? { redirectUri: body.redirect_uri } : {}),
            ...(body.code_verifier !== undefined ? { codeVerifier: body.code_verifier } : {}),
          });
        } else {
          throw new OAuthError('unsupported_grant_type', `Unsupported grant_type '${grantType}'; use client_credentials or authorization_code`);
        }
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        return result;
      } catch (err) {
        if (err instanceof OAuthError) return sendOAuthError(reply, err, basicAttempted(request.headers.authorization));
        throw err;
      }
    });

    const showSignIn = async (reply: FastifyReply, params: Record<string, string>, error?: string, email?: string) => {
      const csrf = randomBytes(24).toString('base64url');
      reply.setCookie(CSRF_COOKIE, csrf, { httpOnly: true, sameSite: 'lax', path: `/${config.apiVersion}/oauth2/authorize`, secure: config.publicUrl.startsWith('https:') });
      reply.header('cache-control', 'no-store').header('x-frame-options', 'DENY')
        .header('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; form-action ${formActionSources(params['redirect_uri'])}; frame-ancestors 'none'`);
      return reply.type('text/html').send(signInPage({
        action: `/${config.apiVersion}/oauth2/authorize`, params, csrf,
        ...(error !== undefined ? { error } : {}), ...(email !== undefined ? { email } : {}),
      }));
    };

    type AuthorizeParams = Static<typeof AuthorizeQuerySchema>;
    const authorizeParams = (q: AuthorizeParams): Record<string, string> => {
      const out: Record<string, string> = {};
      for (const key of ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method'] as const) {
        const v = q[key];
        if (v !== undefined) out[key] = v;
      }
      return out;
    };

    // Client and redirect_uri are checked before anything else: a bad one is
    // shown to the user, never redirected to (RFC 6749 §4.1.2.1).
    const preflight = async (q: AuthorizeParams, reply: FastifyReply): Promise<{ redirectUri: string } | undefined> => {
      if (!q.client_id || !q.redirect_uri) {
        reply.code(400).type('text/html').send(errorPage('client_id and redirect_uri are required'));
        return undefined;
      }
      try {
        await oauth.checkAuthorizationClient(q.client_id, q.redirect_uri);
      } catch (err) {
        if (!(err instanceof OAuthError)) throw err;
        reply.code(400).type('text/html').send(errorPage(err.description));
        return undefined;
      }
      if (q.response_type !== 'code') {
        redirectWithError(reply, q.redirect_uri, new OAuthError('unsupported_response_type', 'response_type must be code'), q.state, oauth.issuer);
        return undefined;
      }
      if (!q.code_challenge || q.code_challenge_method !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(q.code_challenge)) {
        redirectWithError(reply, q.redirect_uri, new OAuthError('invalid_request', 'PKCE is required: code_challenge with code_challenge_method=S256'), q.state, oauth.issuer);
        return undefined;
      }
      return { redirectUri: q.redirect_uri };
    };

    app.get('/oauth2/authorize', {
      schema: {
        tags: ['Authentication'], operationId: 'oauth2Authorize', summary: 'Authorize (sign-in page)',
        description: 'Authorization code flow with PKCE (S256), for planner users with the administrator role only. Shows a sign-in page.',
        security: PUBLIC, querystring: AuthorizeQuerySchema,
      },
    }, async (request, reply) => {
      const ok = await preflight(request.query, reply);
      if (!ok) return reply;
      return showSignIn(reply, authorizeParams(request.query));
    });

    app.post('/oauth2/authorize', {
      schema: { tags: ['Authentication'], operationId: 'oauth2AuthorizeSubmit', summary: 'Authorize (sign-in form post)', security: PUBLIC, body: AuthorizeFormSchema, hide: true },
    }, async (request, reply) => {
      const form = request.body;
      const ok = await preflight(form, reply);
      if (!ok) return reply;
      const cookie = request.cookies[CSRF_COOKIE] ?? '';
      const sent = form.csrf ?? '';
      if (!cookie || cookie.length !== sent.length || !timingSafeEqual(Buffer.from(cookie), Buffer.from(sent))) {
        reply.code(403);
        return showSignIn(reply, authorizeParams(form), 'Your sign-in form expired. Please try again.');
      }
      const user = form.email && form.password ? await accounts.verifyPassword(form.email, form.password) : undefined;
      if (!user) {
        reply.code(401);
        return showSignIn(reply, authorizeParams(form), 'Email or password is incorrect.', form.email);
      }
      try {
        const code = await oauth.issueCode({
          user, clientId: form.client_id ?? '', redirectUri: ok.redirectUri, codeChallenge: form.code_challenge ?? '',
          ...(form.scope !== undefined ? { scope: form.scope } : {}),
        });
        reply.clearCookie(CSRF_COOKIE, { path: `/${config.apiVersion}/oauth2/authorize` });
        const url = new URL(ok.redirectUri);
        url.searchParams.set('code', code);
        if (form.state !== undefined) url.searchParams.set('state', form.state);
        url.searchParams.set('iss', oauth.issuer);
        return reply.redirect(url.toString(), 303);
      } catch (err) {
        if (err instanceof OAuthError) return redirectWithError(reply, ok.redirectUri, err, form.state, oauth.issuer);
        throw err;
      }
    });

    app.get('/token-validation', {
      schema: {
        tags: ['Authentication'], operationId: 'validateToken', summary: 'Validate Token', security: ANY_TOKEN,
        response: { 200: TokenValidationSchema, 401: ErrorResponseSchema },
      },
    }, async () => ({ tokenValid: true, statusCode: 200 }));

  };
}

export function wellKnownRoutes(deps: { oauth: OAuthService; keys: KeyStore; config: Config }) {
  const { oauth, keys, config } = deps;
  const base = `${config.publicUrl}/${config.apiVersion}`;
  return async function routes(instance: FastifyInstance): Promise<void> {
    const app = instance.withTypeProvider<TypeBoxTypeProvider>();
    const metadata = () => ({
      issuer: oauth.issuer,
      authorization_endpoint: `${base}/oauth2/authorize`,
      token_endpoint: `${base}/oauth2/token`,
      jwks_uri: `${config.publicUrl}/.well-known/jwks.json`,
      scopes_supported: ALL_SCOPES,
      response_types_supported: ['code'],
      grant_types_supported: ['client_credentials', 'authorization_code'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
      service_documentation: `${config.publicUrl}/docs`,
      // eventline extensions: where the versioned API lives and which region this deployment serves.
      api_base_url: base,
      api_versions_supported: config.supportedVersions,
      region: config.region,
    });
    app.get('/.well-known/oauth-authorization-server', {
      schema: { tags: ['Authentication'], operationId: 'authorizationServerMetadata', summary: 'OAuth 2.0 authorization server metadata (RFC 8414)', security: PUBLIC, response: { 200: MetadataSchema } },
    }, async () => metadata());
    app.get('/.well-known/jwks.json', {
      schema: { tags: ['Authentication'], operationId: 'jwks', summary: 'JSON Web Key Set of the token signing keys', security: PUBLIC, response: { 200: MetadataSchema } },
    }, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return keys.jwks();
    });
  };
}
