import type { FastifyInstance } from 'fastify';
import { CommonErrors } from '../errors.js';
import { PUBLIC } from './auth.js';

/**
 * Operations of the reference eventline does not serve, whose path would
 * otherwise fall into a served one with a parameter (`/webcasts/players` into
 * `/webcasts/{id}`) and be answered 400 "id must match format uuid". An unserved
 * path is a 404. test/contract/unserved.test.ts finds every such path in the
 * reference and fails when one is missing here.
 */
export const UNSERVED_REFERENCE_PATHS: readonly string[] = ['/webcasts/players'];

export async function unservedReferenceRoutes(instance: FastifyInstance): Promise<void> {
  for (const path of UNSERVED_REFERENCE_PATHS) {
    instance.all(path, { schema: { hide: true, security: PUBLIC } }, async (request) => {
      throw CommonErrors.notFound(`${request.method} ${request.routeOptions.url ?? path} is not served by eventline`, { target: 'path' });
    });
  }
}
