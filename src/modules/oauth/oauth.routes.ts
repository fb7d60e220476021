import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import cookie from '@fastify/cookie';
import { Type } from 'typebox';
import type { Config } from '../../config/index.js';
import { PUBLIC } from '../../http/auth.js';
import { ErrorResponseSchema } from '../../http/errors.js';
import { operations } from '../../http/operations.js';
import type { KeyStore } from './keys.js';
import { OAuthError } from './oauth.errors.js';
import { basicAttempted } from './oauth.grants.js';
import {
  AuthorizeFormSchema, AuthorizeQuerySchema, JwksSchema, MetadataSchema, OAuthErrorSchema, RevokeRequestSchema, TokenQuerySchema, TokenRequestSchema,
  TokenResponseSchema, TokenValidationSchema,
} from './oauth.schemas.js';
import { FIRST_PARTY_CLIENT_ID, type AuthorizeAnswer, type OAuthService } from './oauth.service.js';
import { errorPage, signInPage } from './signin.page.js';

const CSRF_COOKIE = 'eventline_signin_csrf';

/** What GET /oauth2/authorize answers: a page for the user, or a redirect to the client. */
const AUTHORIZE_RESPONSES = {
  302: Type.Null({
    description: 'To the sign-in page (`/oauth2/authorize/sign-in` with the same query) when the request is sound; else back to the client\'s '
      + 'redirect_uri with error, error_description, state and iss (RFC 6749 §4.1.2.1, RFC 9207).',
  }),
  400: {
    description: 'An error page, never a redirect, when client_id or redirect_uri is missing, unknown or not registered; a malformed query is the contract\'s error.',
    content: { 'text/html': { schema: Type.String() }, 'application/json': { schema: ErrorResponseSchema } },
  },
};

/** The sign-in page itself: what `GET /oauth2/authorize` sends a sound request to (a hosted page, as the reference's 302 implies). */
const SIGN_IN_RESPONSES = {
  200: {
    description: 'The sign-in page; its form posts back to /oauth2/authorize and is answered with a 303 redirect to the client, with a code or an error.',
    content: { 'text/html': { schema: Type.String() } },
  },
  302: AUTHORIZE_RESPONSES[302],
  400: AUTHORIZE_RESPONSES[400],
};

// Why the sign-in form is shown again, and with which status.
const SIGN_IN_RETRY = {
  'form-expired': { status: 403, message: 'Your sign-in form expired. Please try again.' },
  'wrong-password': { status: 401, message: 'Email or password is incorrect.' },
  'too-many-attempts': { status: 429, message: 'Too many failed sign-ins. Wait a few minutes, then try again.' },
} as const;

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

export function oauthRoutes(deps: { oauth: OAuthService; config: Config }) {
  const { oauth, config } = deps;
  const authorizePath = `/${config.apiVersion}/oauth2/authorize`;

  const showSignIn = (reply: FastifyReply, params: Record<string, string>, error?: string, email?: string) => {
    const csrf = randomBytes(24).toString('base64url');
    reply.setCookie(CSRF_COOKIE, csrf, { httpOnly: true, sameSite: 'lax', path: authorizePath, secure: config.publicUrl.startsWith('https:') });
    reply.header('cache-control', 'no-store').header('x-frame-options', 'DENY')
      .header('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action ${formActionSources(params['redirect_uri'])}; frame-ancestors 'none'`);
    return reply.type('text/html').send(signInPage({
      action: authorizePath, params, csrf,
      ...(error !== undefined ? { error } : {}), ...(email !== undefined ? { email } : {}),
    }));
  };

  // The GET's redirects are 302, as the reference documents; the sign-in form's are 303 (See Other), so the
  // browser follows a POST with a GET and never re-posts the password to the client (RFC 9700 §4.12).
  const answer = (reply: FastifyReply, a: AuthorizeAnswer, redirectStatus: 302 | 303) => {
    switch (a.kind) {
      case 'error-page':
        reply.header('cache-control', 'no-store').header('x-frame-options', 'DENY')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'none'; frame-ancestors 'none'");
        return reply.code(400).type('text/html').send(errorPage(a.message, `${config.publicUrl}/`));
      case 'redirect':
        if (a.codeIssued) reply.clearCookie(CSRF_COOKIE, { path: authorizePath });
        return reply.redirect(a.location, redirectStatus);
      case 'sign-in': {
        const retry = a.retry === undefined ? undefined : SIGN_IN_RETRY[a.retry];
        if (retry) reply.code(retry.status).headers(a.headers ?? {});
        return showSignIn(reply, a.params, retry?.message, a.email);
      }
    }
  };

  return operations(async (op) => {
    // Cookies are parsed only for the routes that use them (this plugin's), not for every API call.
    await op.app.register(cookie);

    op('oauth2Token', {
      description: 'Client credentials (HTTP Basic or form credentials; `grant_type` and `client_id` are also read from the query string) or authorization code (PKCE required of the public web client; optional for an application, which authenticates with its secret). Answers RFC 6749 errors.',
      querystring: TokenQuerySchema, body: TokenRequestSchema, response: { 200: TokenResponseSchema, 400: OAuthErrorSchema, 401: OAuthErrorSchema },
      route: {
        attachValidation: true,
        // Every failure here is an RFC 6749 error, not the contract's error shape:
        // the grant's own, and a body Fastify cannot parse (bad JSON, unknown media type).
        errorHandler: (error, request, reply) => {
          const status = error.statusCode ?? 500;
          const err = error instanceof OAuthError ? error
            : status >= 400 && status < 500 ? new OAuthError('invalid_request', 'The token request body could not be read: send application/x-www-form-urlencoded parameters')
            : undefined;
          if (!err) throw error;
          return sendOAuthError(reply, err, basicAttempted(request.headers.authorization));
        },
      },
    }, async (request, reply) => {
      const token = await oauth.token({
        authorization: request.headers.authorization, query: request.query, body: request.body, validationError: request.validationError,
      });
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return token;
    });

    op('oauth2Revoke', {
      description: 'eventline extension: token revocation (RFC 7009) for the planner web UI\'s refresh tokens (`client_id=eventline-web`). The '
        + 'token\'s whole family (the sign-in) is revoked; an unknown or already revoked token is answered 200 too, as RFC 7009 §2.2 asks. '
        + 'Answers RFC 6749 errors.',
      body: RevokeRequestSchema, response: { 200: Type.Object({}, { title: 'Revoked' }), 400: OAuthErrorSchema },
      route: {
        errorHandler: (error, request, reply) => {
          const status = error.statusCode ?? 500;
          const err = error instanceof OAuthError ? error
            : status >= 400 && status < 500 ? new OAuthError('invalid_request', 'The revocation request must be application/x-www-form-urlencoded with `token`')
            : undefined;
          if (!err) throw error;
          return sendOAuthError(reply, err, basicAttempted(request.headers.authorization));
        },
      },
    }, async (request, reply) => {
      if (request.body.client_id !== undefined && request.body.client_id !== FIRST_PARTY_CLIENT_ID) {
        throw new OAuthError('unauthorized_client', 'Only the planner web UI\'s refresh tokens are revoked here');
      }
      await oauth.revokeRefreshToken(request.body.token);
      reply.header('cache-control', 'no-store');
      return {};
    });

    op('oauth2Authorize', {
      description: 'Authorization code flow for users with the administrator or planner role (developers are refused with access_denied). Redirects (302) a sound request to the sign-in page, /oauth2/authorize/sign-in with the same query, whose form posts back here and is answered with a 303 redirect to the client (RFC 9700 §4.12); this GET redirects to the client with 302 when it refuses the request (an error for the client, RFC 6749 §4.1.2.1). PKCE (S256) is required of the public web client, and optional for an application, which authenticates with its client secret at the token endpoint (RFC 9700 §2.1.1). A loopback redirect URI (http on 127.0.0.1, [::1] or localhost) matches on any port and loopback host (RFC 8252 §7.3).',
      querystring: AuthorizeQuerySchema, response: AUTHORIZE_RESPONSES,
    }, async (request, reply) => {
      const page = await oauth.authorizationPage(request.query);
      if (page.kind !== 'sign-in') return answer(reply, page, 302);
      const query = new URLSearchParams(Object.entries(request.query).filter((e): e is [string, string] => typeof e[1] === 'string')).toString();
      return reply.header('cache-control', 'no-store').redirect(`${authorizePath}/sign-in?${query}`, 302);
    });

    // The hosted sign-in page (checked again: its query is the client's request), hidden from the OpenAPI document.
    op.app.withTypeProvider<TypeBoxTypeProvider>().get('/oauth2/authorize/sign-in', {
      schema: { tags: ['Authentication'], operationId: 'oauth2SignInPage', summary: 'Sign-in page', security: PUBLIC, querystring: AuthorizeQuerySchema, response: SIGN_IN_RESPONSES, hide: true },
    }, async (request, reply) => answer(reply, await oauth.authorizationPage(request.query), 302));

    // The sign-in form's POST: not an operation of the contract (hidden from the OpenAPI document).
    op.app.withTypeProvider<TypeBoxTypeProvider>().post('/oauth2/authorize', {
      schema: { tags: ['Authentication'], operationId: 'oauth2AuthorizeSubmit', summary: 'Authorize (sign-in form post)', security: PUBLIC, body: AuthorizeFormSchema, hide: true },
    }, async (request, reply) => answer(reply, await oauth.authorize(request.body, request.cookies[CSRF_COOKIE], request.ip), 303));

    op('validateToken', { response: { 200: TokenValidationSchema } }, async () => ({ tokenValid: true, statusCode: 200 }));
  });
}

export function wellKnownRoutes(deps: { oauth: OAuthService; keys: KeyStore }) {
  const { oauth, keys } = deps;
  return operations((op) => {
    op('authorizationServerMetadata', { response: { 200: MetadataSchema } }, async () => oauth.metadata());
    op('jwks', { response: { 200: JwksSchema } }, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return keys.jwks();
    });
  });
}
