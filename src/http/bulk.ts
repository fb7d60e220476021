import type { FastifyRequest } from 'fastify';

type ValidationFailure = Error & { validation: unknown; validationContext: string };

/**
 * The items of a multi-status request. Such routes set `attachValidation`, so
 * a bad item does not fail the whole request: the array itself must still be
 * well formed (1..max items) and the query valid, else the usual 400.
 */
export function bulkItems(request: FastifyRequest, max: number): unknown[] {
  const failure = request.validationError as ValidationFailure | undefined;
  const body: unknown = request.body;
  if (!failure) return body as unknown[];
  const wellFormed = Array.isArray(body) && body.length >= 1 && body.length <= max;
  if (failure.validationContext !== 'body' || !wellFormed) throw failure;
  // Fastify stops at the first failing part, so the query has not been checked yet.
  const checkQuery = request.getValidationFunction('querystring');
  if (checkQuery && !checkQuery(request.query)) {
    throw Object.assign(new Error('Invalid query string'), { validation: checkQuery.errors ?? [], validationContext: 'querystring', statusCode: 400 });
  }
  return body;
}

