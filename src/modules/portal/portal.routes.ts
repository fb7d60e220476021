import type { FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import { Type } from 'typebox';
import { listNote, operations } from '../../http/operations.js';
import { actAs } from '../../audit-scope.js';
import { AUDIT_FILTER_FIELDS, AuditListQuerySchema, AuditPageSchema } from '../audit/index.js';
import { ControlsSchema, REQUEST_LOG_FILTER_FIELDS, RequestLogPageSchema, RequestLogQuerySchema } from '../sandbox/index.js';
import { PortalErrors } from './portal.errors.js';
import {
  ApplicationInputSchema, ApplicationSchema, ApplicationScopesInputSchema, FeatureInputSchema, FeatureParamsSchema, FeaturesSchema, IdParamsSchema, InvitationInputSchema, InvitationSchema, NewApplicationSchema,
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
    // What the signed-in user changes is recorded as theirs in the audit log.
    actAs({ type: 'user', id: request.portalSession.user.id, display: request.portalSession.user.email });
  };
  // Every state-changing call carries the token only a page of this origin could read.
  const csrfGate = async (request: FastifyRequest): Promise<void> => {
    const header = request.headers['x-csrf-token'];
    portal.checkCsrf(signedIn(request), typeof header === 'string' ? header : undefined);
  };
  const reads = { preHandler: [sessionGate] };
  const writes = { preHandler: [sessionGate, csrfGate] };

  return operations(async (op) => {
    // Cookies are parsed only for the routes that use them (this plugin's), not for every API call.
    await op.app.register(cookie);
    op.app.decorateRequest('portalSession', null);
    // Nothing the portal answers may be cached: sessions, CSRF tokens, secrets.
    op.app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    op('portalSignIn', {
      description: 'Email and password in a JSON body (a cross-site form cannot send JSON, so sign-in cannot be forged). Sets the HttpOnly session cookie and returns the CSRF token.',
      body: SignInBodySchema, response: { 201: PortalSessionSchema }, route: { preHandler: [jsonOnly] },
    }, async (request, reply) => {
      const { cookie, session } = await portal.signIn(request.body.email, request.body.password, request.ip);
      reply.setCookie(PORTAL_COOKIE, cookie, { ...cookieOptions, expires: new Date(session.expiresAt) });
      return session;
    });

    op('portalSession', { response: { 200: PortalSessionSchema }, route: reads }, async (request) => portal.describe(signedIn(request)));

    op('portalSignOut', { response: { 204: Type.Null() }, route: writes }, async (request, reply) => {
      await portal.signOut(request.cookies[PORTAL_COOKIE]);
      reply.clearCookie(PORTAL_COOKIE, { path: '/portal' });
      return reply.send(null);
    });

    op('portalScopes', {
      description: 'Every scope with a description of what it allows, for choosing an application\'s scopes (none is preselected).',
      response: { 200: ScopeListSchema }, route: reads,
    }, async () => portal.scopes());

    op('portalListWorkspaces', {
      description: 'Administrators and planners see every workspace of the account; developers the ones they were invited to.',
      response: { 200: Type.Array(WorkspaceSchema) }, route: reads,
    }, async (request) => portal.listWorkspaces(signedIn(request).user));

    op('portalCreateWorkspace', { body: WorkspaceInputSchema, response: { 201: WorkspaceSchema }, route: writes },
      async (request) => portal.createWorkspace(signedIn(request).user, request.body));

    op('portalListInvitations', { params: IdParamsSchema, response: { 200: Type.Array(InvitationSchema) }, route: reads },
      async (request) => portal.listInvitations(signedIn(request).user, request.params.id));

    op('portalInvite', {
      description: 'A user of the account with that email joins at once; otherwise the invitation is honoured when the user is created.',
      params: IdParamsSchema, body: InvitationInputSchema, response: { 201: InvitationSchema }, route: writes,
    }, async (request) => portal.invite(signedIn(request).user, request.params.id, request.body.email));

    op('portalListApplications', { response: { 200: Type.Array(ApplicationSchema) }, route: reads }, async (request) => portal.listApplications(signedIn(request).user));

    op('portalCreateApplication', {
      description: 'Returns the client id and the client secret. The secret is shown once: only its hash is kept. '
        + '`scopes` is required and must name at least one scope granted to the workspace (400 otherwise): there is no default.',
      body: ApplicationInputSchema, response: { 201: NewApplicationSchema }, route: writes,
    }, async (request) => portal.createApplication(signedIn(request).user, request.body));

    op('portalRevokeApplication', {
      description: 'Its tokens stop working on their next call.', params: IdParamsSchema, response: { 200: ApplicationSchema }, route: writes,
    }, async (request) => portal.revokeApplication(signedIn(request).user, request.params.id));

    op('portalRotateApplicationSecret', {
      description: 'Replaces the client secret and returns the new one, once (only its hash is kept). The old secret stops working at once. '
        + 'Access tokens issued with the old secret keep working until they expire (at most 3600 s); revoke the application to stop them at once. '
        + 'A revoked application is a 409.',
      params: IdParamsSchema, response: { 200: RotatedSecretSchema }, route: writes,
    }, async (request) => portal.rotateSecret(signedIn(request).user, request.params.id));

    op('portalSetApplicationScopes', {
      description: 'Replaces the application\'s scopes: each must be granted to its workspace (400 otherwise), at least one. Its tokens are held to the new '
        + 'scopes from their next call. Recorded in the audit log (`application.scopes.changed`). A revoked application is a 409.',
      params: IdParamsSchema, body: ApplicationScopesInputSchema, response: { 200: ApplicationSchema }, route: writes,
    }, async (request) => portal.setApplicationScopes(signedIn(request).user, request.params.id, request.body.scopes));

    op('portalAccountFeatures', {
      description: 'Administrators only: the account features switched on (compliance communications, contact obfuscation) and those that may be.',
      response: { 200: FeaturesSchema }, route: reads,
    }, async (request) => portal.features(signedIn(request).user));

    op('portalSetAccountFeature', {
      description: 'Administrators only: switches an account feature on or off (`{ "enabled": true }`). Recorded in the audit log '
        + '(`account.feature.enabled` / `account.feature.disabled`) when it changes.',
      params: FeatureParamsSchema, body: FeatureInputSchema, response: { 200: FeaturesSchema }, route: writes,
    }, async (request) => portal.setFeature(signedIn(request).user, request.params.feature, request.body.enabled));

    op('portalListAuditLog', {
      description: `Administrators only: the account's audit log, paged and filtered like GET /ea/audit-log. ${listNote('portalListAuditLog', AUDIT_FILTER_FIELDS)}`,
      querystring: AuditListQuerySchema, response: { 200: AuditPageSchema }, route: reads,
    }, async (request) => portal.auditLog(signedIn(request).user, request.query));

    // Issue 35 (docs/sandbox.md): an application's request log and sandbox controls, for whoever sees the application.
    op('portalListRequestLogs', {
      description: `The request log of an application (by id) of a workspace the user sees, paged and filtered like GET /ea/request-logs (without \`clientId\`). ${listNote('portalListRequestLogs', REQUEST_LOG_FILTER_FIELDS)}`,
      params: IdParamsSchema, querystring: RequestLogQuerySchema, response: { 200: RequestLogPageSchema }, route: reads,
    }, async (request) => portal.requestLogs(signedIn(request).user, request.params.id, request.query));

    op('portalGetSandboxControls', {
      description: 'The sandbox controls of an application (by id) of a workspace the user sees; `enabled: false` where the deployment has them off. '
        + 'They are set with PUT /ea/sandbox/controls (the application\'s own token).',
      params: IdParamsSchema, response: { 200: ControlsSchema }, route: reads,
    }, async (request) => portal.sandboxControls(signedIn(request).user, request.params.id));
  });
}
