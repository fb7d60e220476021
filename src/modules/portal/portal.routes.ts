import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import cookie from '@fastify/cookie';
import { Type } from 'typebox';
import { PUBLIC } from '../../http/auth.js';
import { errorResponses } from '../../http/responses.js';
import { PortalErrors } from './portal.errors.js';
import {
  ApplicationInputSchema, ApplicationSchema, IdParamsSchema, InvitationInputSchema, InvitationSchema, NewApplicationSchema,
  PortalSessionSchema, RotatedSecretSchema, ScopeListSchema, SignInBodySchema, WorkspaceInputSchema, WorkspaceSchema,
} from './portal.schemas.js';
import type { PortalService, SignedIn } from './portal.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The developer portal's sign-in session, set by the portal's session gate. */
    portalSession: SignedIn | null;
  }
}

export const PORTAL_COOKIE = 'eventline_portal';
const tags = ['Developer portal'];
const SESSION = [{ portalSession: [] }];

/** The session the gate found; a route without the session gate has none. */
function signedIn(request: FastifyRequest): SignedIn {
  if (!request.portalSession) throw PortalErrors.notSignedIn();
  return request.portalSession;
}

export function portalRoutes(deps: { portal: PortalService; secureCookies: boolean }) {
  const { portal, secureCookies } = deps;
  const cookieOptions = { httpOnly: true, sameSite: 'strict' as const, path: '/portal', secure: secureCookies };

  // A cross-site form cannot send JSON, so a sign-in that must be JSON cannot be forged.
  const jsonOnly = async (request: FastifyRequest): Promise<void> => {
    if (!(request.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) throw PortalErrors.jsonRequired();
  };
  const sessionGate = async (request: FastifyRequest): Promise<void> => {
    request.portalSession = await portal.current(request.cookies[PORTAL_COOKIE]);
  };
  // Every state-changing call carries the token only a page of this origin could read.
  const csrfGate = async (request: FastifyRequest): Promise<void> => {
    const header = request.headers['x-csrf-token'];
    portal.checkCsrf(signedIn(request), typeof header === 'string' ? header : undefined);
  };
  const reads = { preHandler: [sessionGate] };
  const writes = { preHandler: [sessionGate, csrfGate] };

  return async function routes(instance: FastifyInstance): Promise<void> {
    // Cookies are parsed only for the routes that use them (this plugin's), not for every API call.
    await instance.register(cookie);
    const app = instance.withTypeProvider<TypeBoxTypeProvider>();
    app.decorateRequest('portalSession', null);
    // Nothing the portal answers may be cached: sessions, CSRF tokens, secrets.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.post('/session', {
      preHandler: [jsonOnly],
      schema: {
        tags, operationId: 'portalSignIn', summary: 'Sign in to the developer portal', security: PUBLIC, body: SignInBodySchema,
        description: 'Email and password in a JSON body (a cross-site form cannot send JSON, so sign-in cannot be forged). Sets the HttpOnly session cookie and returns the CSRF token.',
        response: { 201: PortalSessionSchema, ...errorResponses(400, 401, 413, 415, 429) },
      },
    }, async (request, reply) => {
      const { cookie, session } = await portal.signIn(request.body.email, request.body.password, request.ip);
      reply.setCookie(PORTAL_COOKIE, cookie, { ...cookieOptions, expires: new Date(session.expiresAt) });
      return reply.code(201).send(session);
    });

    app.get('/session', {
      ...reads,
      schema: { tags, operationId: 'portalSession', summary: 'The signed-in portal user', security: SESSION, response: { 200: PortalSessionSchema, ...errorResponses(401) } },
    }, async (request) => portal.describe(signedIn(request)));

    app.delete('/session', {
      ...writes,
      schema: { tags, operationId: 'portalSignOut', summary: 'Sign out', security: SESSION, response: { 204: Type.Null(), ...errorResponses(401, 403) } },
    }, async (request, reply) => {
      await portal.signOut(request.cookies[PORTAL_COOKIE]);
      reply.clearCookie(PORTAL_COOKIE, { path: '/portal' });
      return reply.code(204).send(null);
    });

    app.get('/scopes', {
      ...reads,
      schema: {
        tags, operationId: 'portalScopes', summary: 'The scope catalogue', security: SESSION,
        description: 'Every scope with a description of what it allows, for choosing an application\'s scopes (none is preselected).',
        response: { 200: ScopeListSchema, ...errorResponses(401) },
      },
    }, async () => portal.scopes());

    app.get('/workspaces', {
      ...reads,
      schema: {
        tags, operationId: 'portalListWorkspaces', summary: 'Workspaces', security: SESSION,
        description: 'Administrators and planners see every workspace of the account; developers the ones they were invited to.',
        response: { 200: Type.Array(WorkspaceSchema), ...errorResponses(401) },
      },
    }, async (request) => portal.listWorkspaces(signedIn(request).user));

    app.post('/workspaces', {
      ...writes,
      schema: { tags, operationId: 'portalCreateWorkspace', summary: 'Create a workspace', security: SESSION, body: WorkspaceInputSchema, response: { 201: WorkspaceSchema, ...errorResponses(400, 401, 403) } },
    }, async (request, reply) => reply.code(201).send(await portal.createWorkspace(signedIn(request).user, request.body)));

    app.get('/workspaces/:id/invitations', {
      ...reads,
      schema: { tags, operationId: 'portalListInvitations', summary: 'Invitations of a workspace', security: SESSION, params: IdParamsSchema, response: { 200: Type.Array(InvitationSchema), ...errorResponses(401, 404) } },
    }, async (request) => portal.listInvitations(signedIn(request).user, request.params.id));

    app.post('/workspaces/:id/invitations', {
      ...writes,
      schema: {
        tags, operationId: 'portalInvite', summary: 'Invite a developer to a workspace', security: SESSION, params: IdParamsSchema, body: InvitationInputSchema,
        description: 'A user of the account with that email joins at once; otherwise the invitation is honoured when the user is created.',
        response: { 201: InvitationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    }, async (request, reply) => reply.code(201).send(await portal.invite(signedIn(request).user, request.params.id, request.body.email)));

    app.get('/applications', {
      ...reads,
      schema: { tags, operationId: 'portalListApplications', summary: 'Applications', security: SESSION, response: { 200: Type.Array(ApplicationSchema), ...errorResponses(401) } },
    }, async (request) => portal.listApplications(signedIn(request).user));

    app.post('/applications', {
      ...writes,
      schema: {
        tags, operationId: 'portalCreateApplication', summary: 'Create an application', security: SESSION, body: ApplicationInputSchema,
        description: 'Returns the client id and the client secret. The secret is shown once: only its hash is kept. '
          + '`scopes` is required and must name at least one scope granted to the workspace (400 otherwise): there is no default.',
        response: { 201: NewApplicationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    }, async (request, reply) => reply.code(201).send(await portal.createApplication(signedIn(request).user, request.body)));

    app.post('/applications/:id/revoke', {
      ...writes,
      schema: {
        tags, operationId: 'portalRevokeApplication', summary: 'Revoke an application', security: SESSION, params: IdParamsSchema,
        description: 'Its tokens stop working on their next call.',
        response: { 200: ApplicationSchema, ...errorResponses(401, 403, 404) },
      },
    }, async (request) => portal.revokeApplication(signedIn(request).user, request.params.id));

    app.post('/applications/:id/rotate-secret', {
      ...writes,
      schema: {
        tags, operationId: 'portalRotateApplicationSecret', summary: 'Rotate an application\'s client secret', security: SESSION, params: IdParamsSchema,
        description: 'Replaces the client secret and returns the new one, once (only its hash is kept). The old secret stops working at once. '
          + 'Access tokens issued with the old secret keep working until they expire (at most 3600 s); revoke the application to stop them at once. '
          + 'A revoked application is a 409.',
        response: { 200: RotatedSecretSchema, ...errorResponses(401, 403, 404, 409) },
      },
    }, async (request) => portal.rotateSecret(signedIn(request).user, request.params.id));
  };
}
