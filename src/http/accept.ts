import type { FastifyInstance, FastifySchema } from 'fastify';
import { CommonErrors } from '../errors.js';
import { routeOf } from './route-info.js';

/** A declared answer with no body: 204, 205, or one declared `type: 'null'`. */
function bodiless(status: string, spec: unknown): boolean {
  if (status === '204' || status === '205') return true;
  if (spec === null || typeof spec !== 'object') return false;
  return 'type' in spec && spec.type === 'null';
}

/**
 * The media types a route's successful answers are declared with (JSON unless its schema says
 * otherwise); undefined for a route that declares no answers (the OpenAPI document's YAML form)
 * or whose successful answers have no body (a 204 has no media type, so any Accept admits it:
 * RFC 9110 §12.5.1 negotiates the representation, and there is none; SCIM clients send
 * `Accept: application/scim+json` with DELETE).
 */
export function producedTypes(schema: FastifySchema | undefined): string[] | undefined {
  const response = schema?.response;
  if (response === null || typeof response !== 'object') return undefined;
  const types = new Set<string>();
  let declared = false;
  for (const [status, spec] of Object.entries(response)) {
    if (!/^2/.test(status)) continue;
    declared = true;
    if (bodiless(status, spec)) continue;
    const content: unknown = spec !== null && typeof spec === 'object' && 'content' in spec ? spec.content : undefined;
    // A `+json` type (SCIM's application/scim+json) is JSON too: a client that accepts JSON can read it (RFC 7644 §8.1).
    if (content !== null && typeof content === 'object') for (const t of Object.keys(content)) types.add(t.toLowerCase()).add(t.endsWith('+json') ? 'application/json' : t.toLowerCase());
    else types.add('application/json');
  }
  if (types.size > 0) return [...types];
  return declared ? undefined : ['application/json'];
}

/** The media ranges of an Accept header that are not refused (`q=0`), lower-cased, without parameters. */
export function acceptedRanges(header: string): string[] {
  const out: string[] = [];
  for (const part of header.split(',')) {
    const [range = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (range === '') continue;
    const q = params.find((p) => p.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    out.push(range);
  }
  return out;
}

export function accepts(header: string | undefined, produced: readonly string[]): boolean {
  if (header === undefined || header.trim() === '') return true;
  const ranges = acceptedRanges(header);
  return ranges.some((r) => r === '*/*' || produced.some((t) => t === r || (r.endsWith('/*') && t.startsWith(r.slice(0, -1)))));
}

/**
 * Content negotiation for the versioned API: an `Accept` header that admits
 * none of the types an operation answers with is a 406 (RFC 9110 §15.5.7)
 * before anything else runs, rather than JSON the client said it cannot read.
 */
export function registerAcceptCheck(app: FastifyInstance, versionPrefix: string): void {
  const produced = new Map<string, string[]>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${versionPrefix}/`)) return;
    const types = producedTypes(route.schema);
    if (types === undefined) return;
    for (const method of [route.method].flat()) produced.set(`${method} ${route.url}`, types);
  });
  app.addHook('onRequest', (request, _reply, done) => {
    // Most clients send no Accept header, or */*: nothing to look up.
    const accept = request.headers.accept;
    const types = accept === undefined || accept === '*/*' ? undefined : produced.get(`${request.method} ${routeOf(request).url ?? ''}`);
    if (types === undefined || accepts(accept, types)) {
      done();
      return;
    }
    done(CommonErrors.notAcceptable(`This operation answers with ${types.join(' or ')}; the Accept header admits none of them`, { target: 'Accept' }));
  });
}
