import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** `routeOptions`, read once: Fastify builds that object afresh on every read. Use routeOf(request). */
    routeInfo: FastifyRequest['routeOptions'] | null;
  }
}

/** Declares the per-request slot (a decoration keeps every request object of one shape). */
export function registerRouteInfo(app: FastifyInstance): void {
  app.decorateRequest('routeInfo', null);
}

/** The request's route options, built by Fastify once per request rather than once per read. */
export function routeOf(request: FastifyRequest): FastifyRequest['routeOptions'] {
  return (request.routeInfo ??= request.routeOptions);
}
