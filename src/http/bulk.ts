import type { FastifyRequest } from 'fastify';

/**
 * The items of a multi-status request. Such routes set `attachValidation`, so
 * a bad item does not fail the whole request: the array itself must still be
 * well formed (1..max items) and the query valid, else the usual 400.
 */
export function bulkItems(request: FastifyRequest, max: number): unknown[] {
  const failure = request.validationError;
  const body: unknown = request.body;
  // Without a failure the route's schema has accepted the array; with one, the array must still be well formed.
  if (!Array.isArray(body)) throw failure ?? new TypeError('a multi-status route must declare an array body');
  if (!failure) return body;
  const wellFormed = body.length >= 1 && body.length <= max;
  if (failure.validationContext !== 'body' || !wellFormed) throw failure;
  // Fastify stops at the first failing part, so the query has not been checked yet.
  const checkQuery = request.getValidationFunction('querystring');
  if (checkQuery && !checkQuery(request.query)) {
    throw Object.assign(new Error('Invalid query string'), { validation: checkQuery.errors ?? [], validationContext: 'querystring', statusCode: 400 });
  }
  return body;
}

