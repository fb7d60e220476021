// The two catalogues eventline's operations are declared from (DESIGN rule 2, style 2): the reference's,
// generated from its OpenAPI document, and eventline's own extensions (DESIGN rule 11, the portal, metadata),
// kept by hand in extensions.json. A module declares an operation by its operationId; method, path, tag,
// summary, security and documented statuses come from here.
import { REFERENCE_OPERATIONS, REFERENCE_SCHEMAS } from './reference.catalogue.js';
import extensions from './extensions.json' with { type: 'json' };
import type { CatalogueOperation } from './types.js';

export type { CatalogueOperation, CatalogueParameter, HttpMethod, JsonSchema, SecurityRequirements } from './types.js';
export { REFERENCE_OPERATIONS, REFERENCE_SCHEMAS };

/** eventline's own operations (each marked `extension`), in the form of the reference's. */
export const EXTENSION_OPERATIONS: readonly CatalogueOperation[] = extensions as readonly CatalogueOperation[];

const byId = new Map<string, CatalogueOperation>();
const byRoute = new Map<string, CatalogueOperation>();
for (const op of [...REFERENCE_OPERATIONS, ...EXTENSION_OPERATIONS]) {
  if (byId.has(op.operationId)) throw new Error(`operationId ${op.operationId} is in both catalogues`);
  byId.set(op.operationId, op);
  byRoute.set(`${op.method} ${op.path}`, op);
}

/** The `POST <path>/filter` twin of a list, where the catalogues have one (their operationIds follow no one pattern). */
export function filterTwin(list: CatalogueOperation): CatalogueOperation | undefined {
  return byRoute.get(`POST ${list.path}/filter`);
}

/** The catalogue entry of an operation; an unknown operationId is a programming error, found at startup. */
export function catalogueOperation(operationId: string): CatalogueOperation {
  const op = byId.get(operationId);
  if (op === undefined) throw new Error(`No operation ${operationId} in the reference's or eventline's catalogue (src/contract/extensions.json)`);
  return op;
}

export function findCatalogueOperation(operationId: string): CatalogueOperation | undefined {
  return byId.get(operationId);
}

/** `/events/{id}/sessions` → `/events/:id/sessions` (Fastify's form). */
export function routePath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/** The scopes an OAuth 2.0 operation needs (all of them): those of its first requirement; undefined when none is OAuth. */
export function requiredScopes(op: CatalogueOperation): readonly string[] | undefined {
  const first = op.security[0];
  if (first === undefined || !Object.keys(first).some((scheme) => scheme.startsWith('OAuth2.'))) return undefined;
  return Object.values(first).flat();
}

/** The lowest success status the operation documents (200 when it documents none). */
export function successStatus(op: CatalogueOperation): number {
  return op.statuses.find((s) => s >= 200 && s < 300) ?? 200;
}
