// Every reference operation that no module implements is routed, and answers 501 in the contract's error
// shape naming it (DESIGN rule 2): a client written for the vendor's API learns what is missing, instead of
// a 404 that looks like a wrong path. This 501 is the one 5xx a client may get by design.
import type { FastifyInstance } from 'fastify';
import { REFERENCE_OPERATIONS, routePath, type CatalogueOperation } from '../contract/catalogue.js';
import { CommonErrors } from '../errors.js';
import { errorResponses } from './responses.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A reference operation eventline does not implement: any valid token may learn so, whatever its scopes. */
    notImplemented?: true;
  }
}

/** The message of an unimplemented operation's 501. */
export function notImplementedMessage(op: Pick<CatalogueOperation, 'operationId' | 'tag'>): string {
  return `eventline does not implement ${op.operationId} (${op.tag}) yet`;
}

/** The reference operations that are not in `implemented` (operationIds). */
export function unimplementedOperations(implemented: ReadonlySet<string>): CatalogueOperation[] {
  return REFERENCE_OPERATIONS.filter((op) => !implemented.has(op.operationId));
}

/** Routes each operation of the reference not in `implemented`; call inside the versioned prefix, after the modules. */
export function registerUnimplemented(instance: FastifyInstance, implemented: ReadonlySet<string>): void {
  for (const op of unimplementedOperations(implemented)) {
    const message = notImplementedMessage(op);
    instance.route({
      method: op.method, url: routePath(op.path), config: { notImplemented: true },
      schema: {
        tags: [op.tag], operationId: op.operationId, summary: `${op.summary} (not implemented)`,
        description: `eventline does not implement this operation of the reference yet: it answers 501 naming ${op.operationId}. See docs/coverage.md.`,
        'x-eventline-not-implemented': true, security: op.security.map((r) => ({ ...r })),
        response: errorResponses(401, 429, 501),
      },
      handler: async () => {
        throw CommonErrors.notImplemented(message);
      },
    });
  }
}
