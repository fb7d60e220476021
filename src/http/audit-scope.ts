import type { FastifyInstance } from 'fastify';
import { actorOfAuth, runInAuditScope } from '../audit-scope.js';

/**
 * Opens the audit scope of each request (issue 36): its id (the X-Request-Id answer header), the client's address and,
 * for a bearer token, the actor; the portal's session gate names its signed-in user. A preHandler, so the scope
 * holds for the route's own preHandlers and its handler, which Fastify runs from this hook's callback.
 */
export function registerAuditScope(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    runInAuditScope({ requestId: request.id, address: request.ip, ...(request.auth ? { actor: actorOfAuth(request.auth) } : {}) }, done);
  });
}
