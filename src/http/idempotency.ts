import { createHash, type Hash } from 'node:crypto';
import { Transform, pipeline, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { defineErrors } from '../errors.js';
import { answersWithPaging } from './page-tokens.js';
import { routeOf } from './route-info.js';

// Idempotency-Key on every POST and PUT of the API (issue 35; docs/idempotency.md), after Stripe's idempotency keys
// and the IETF draft "The Idempotency-Key HTTP Header Field": one set of hooks for every operation, not code per route.

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const MAX_KEY_LENGTH = 255;
/** The headers a replay gives back besides status and body. */
const SAVED_HEADERS = ['content-type', 'location'] as const;

export const IdempotencyErrors = defineErrors({
  badKey: { status: 400, message: `The Idempotency-Key header must be 1 to ${MAX_KEY_LENGTH} visible ASCII characters` },
  keyReused: { status: 422, message: 'This Idempotency-Key was already used for another request (method, path, query or body): use a new key for a new request' },
  inProgress: { status: 409, message: 'A request with this Idempotency-Key is still in progress: retry after Retry-After' },
});

/** What the store answers when a request begins (the idempotency module's service). */
export type IdempotencyBegin =
  | { readonly outcome: 'claimed'; readonly claimId: string }
  | { readonly outcome: 'replay'; readonly answer: { readonly status: number; readonly headers: Readonly<Record<string, string>>; readonly body: string } }
  | { readonly outcome: 'mismatch' }
  | { readonly outcome: 'busy' };

/** Where keys live: the database, shared by every process (src/modules/idempotency). */
export interface IdempotencyStore {
  begin(req: { accountId: string; clientId: string; key: string; method: string; path: string; fingerprint: string }, waitMs?: number): Promise<IdempotencyBegin>;
  complete(accountId: string, claimId: string, answer: { status: number; headers: Record<string, string>; body: string }): Promise<void>;
  release(accountId: string, claimId: string): Promise<void>;
}

export interface IdempotencyOptions {
  /** How long a concurrent duplicate waits for the first request's answer before a 409 (default: the store's, 10 s). */
  readonly waitMs?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this POST or PUT ignores Idempotency-Key (it is not documented on it either). */
    idempotency?: false;
  }
  interface FastifyRequest {
    /** The request's Idempotency-Key handling, on the operations that honour the header. */
    idempotency: IdempotencyState | null;
  }
}

interface IdempotencyState {
  /** The body bytes as they were read (not for multipart bodies, which stream to the handler). */
  hash: Hash | null;
  claim: { readonly accountId: string; readonly claimId: string } | null;
  /** The handler was reached: what it answers is saved. An answer before it (validation) is not. */
  started: boolean;
}

const KEY = /^[\x20-\x7e]{1,255}$/;

/**
 * Whether an operation honours Idempotency-Key: a POST or PUT under the versioned path that needs a bearer token
 * (so not the token endpoint), except SCIM's (identity providers speak RFC 7644) and lists (`POST .../filter`
 * reads a page and changes nothing).
 */
function honours(method: string, route: RouteOptions, versionPrefix: string): boolean {
  const bearer = route.config?.requiredScopes !== undefined && route.config.notImplemented !== true;
  return (method === 'POST' || method === 'PUT') && bearer && route.config?.idempotency !== false
    && route.url.startsWith(`${versionPrefix}/`) && !route.url.startsWith(`${versionPrefix}/scim/`) && !answersWithPaging(route.schema?.response);
}

/** The operations of each app that honour the header, as `POST /ea/events/{id}`: what the OpenAPI document declares. */
const HONOURED = new WeakMap<FastifyInstance, Set<string>>();

/** `POST /ea/events/{id}` of every operation of the app that honours Idempotency-Key (empty before its routes are added). */
export function idempotentOperations(app: FastifyInstance): ReadonlySet<string> {
  return HONOURED.get(app) ?? new Set();
}

/** The OpenAPI parameter every such operation declares (a shared component). */
export const IDEMPOTENCY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: 'eventline extension: a unique key (a UUID) that makes a retry of this request safe. The same key with the same request '
    + 'replays the first answer for 24 hours (`Idempotent-Replayed: true`); with another request it is a 422; while the first runs, a '
    + 'duplicate waits up to 10 s, then gets a 409. See docs/idempotency.md.',
  schema: { type: 'string', minLength: 1, maxLength: MAX_KEY_LENGTH },
} as const;

function hookList<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** A pass-through that hashes the body bytes on their way to the body parser. */
function tap(payload: Readable, hash: Hash): Readable {
  const source: Readable & { receivedEncodedLength?: number } = payload;
  let seen = 0;
  const through: Transform & { receivedEncodedLength?: number } = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      seen += chunk.length;
      // Fastify counts the body limit on what the stream it reads says it received.
      through.receivedEncodedLength = source.receivedEncodedLength ?? seen;
      done(null, chunk);
    },
  });
  pipeline(payload, through, () => undefined);
  return through;
}

/**
 * The canonical request a key is bound to: method, path, query string and the body's bytes (for a multipart body,
 * which streams to the handler unread, its length instead).
 */
function fingerprint(request: FastifyRequest, state: IdempotencyState): string {
  const [path = '', query = ''] = request.url.split(/\?(.*)/s);
  const body = state.hash ? state.hash.copy().digest('hex') : `multipart:${request.headers['content-length'] ?? ''}`;
  return canonicalFingerprint(request.method, path, query, body);
}

/** The hash a key is bound to: method, path (as sent), query string (as sent), and the SHA-256 (hex) of the body. */
export function canonicalFingerprint(method: string, path: string, query: string, bodyDigest: string): string {
  return createHash('sha256').update(`${method}\n${path}\n${query}\n${bodyDigest}`).digest('hex');
}

/**
 * Registers the hooks on every POST and PUT that honours the header; call after registerAuth (its onRoute hook
 * works out which operations need a bearer token) and before the routes.
 */
export function registerIdempotency(app: FastifyInstance, store: IdempotencyStore, versionPrefix: string, opts: IdempotencyOptions = {}): void {
  app.decorateRequest('idempotency', null);

  // Callback-style hooks where a request without the header passes straight through: they cost no promise.
  const preParsing = (request: FastifyRequest, _reply: FastifyReply, payload: Readable, done: (err: Error | null, payload?: Readable) => void): void => {
    if (request.headers[IDEMPOTENCY_HEADER] === undefined) {
      done(null, payload);
      return;
    }
    const multipart = (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');
    const hash = multipart ? null : createHash('sha256');
    request.idempotency = { hash, claim: null, started: false };
    done(null, hash ? tap(payload, hash) : payload);
  };

  // After the body is read, before it is validated: a reused key is a 422 whatever the new body holds.
  const preValidation = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const raw = request.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined || request.auth === null) return undefined;
    const key = headerValue(raw) ?? '';
    if (!KEY.test(key)) throw IdempotencyErrors.badKey(undefined, { target: 'Idempotency-Key' });
    const state = request.idempotency ?? (request.idempotency = { hash: null, claim: null, started: false });
    const { accountId, clientId } = request.auth;
    const begin = await store.begin({
      accountId, clientId, key, method: request.method, path: routeOf(request).url ?? '', fingerprint: fingerprint(request, state),
    }, opts.waitMs);
    switch (begin.outcome) {
      case 'claimed':
        state.claim = { accountId, claimId: begin.claimId };
        return undefined;
      case 'mismatch':
        throw IdempotencyErrors.keyReused(undefined, { target: 'Idempotency-Key' });
      case 'busy':
        throw IdempotencyErrors.inProgress(undefined, { target: 'Idempotency-Key', headers: { 'retry-after': '1' } });
      case 'replay': {
        const { answer } = begin;
        for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
        reply.header(REPLAYED_HEADER, 'true').code(answer.status).send(answer.body);
        return reply;
      }
    }
  };

  const preHandler = (request: FastifyRequest, _reply: FastifyReply, done: () => void): void => {
    if (request.idempotency) request.idempotency.started = true;
    done();
  };

  const release = async (request: FastifyRequest, claim: { accountId: string; claimId: string }): Promise<void> => {
    try {
      await store.release(claim.accountId, claim.claimId);
    } catch (err) {
      request.log.warn({ err: { message: err instanceof Error ? err.message : String(err) } }, 'could not release an idempotency key');
    }
  };

  // The answer is saved before it leaves, so a retry that follows it replays it. 5xx (and 429) answers are not saved:
  // the key is released for a retry to run; neither is an answer given before the handler ran (validation).
  const save = async (request: FastifyRequest, reply: FastifyReply, state: IdempotencyState, claim: { accountId: string; claimId: string }, payload: unknown): Promise<void> => {
    const status = reply.statusCode;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload === null || payload === undefined ? '' : undefined;
    if (!state.started || status >= 500 || status === 429 || body === undefined) {
      await release(request, claim);
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of SAVED_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    try {
      await store.complete(claim.accountId, claim.claimId, { status, headers, body });
    } catch (err) {
      request.log.warn({ err: { message: err instanceof Error ? err.message : String(err) } }, 'could not save an idempotent answer');
      await release(request, claim);
    }
  };
  const onSend = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, payload?: unknown) => void): void => {
    const state = request.idempotency;
    const claim = state?.claim;
    if (!state || !claim) {
      done(null, payload);
      return;
    }
    state.claim = null;
    save(request, reply, state, claim, payload).then(() => done(null, payload), (err: Error) => done(err));
  };

  // A claim no answer completed (the connection went away before one was sent): released.
  const onResponse = (request: FastifyRequest, _reply: FastifyReply, done: () => void): void => {
    const claim = request.idempotency?.claim;
    if (!claim || !request.idempotency) {
      done();
      return;
    }
    request.idempotency.claim = null;
    release(request, claim).then(done, done);
  };

  const honoured = new Set<string>();
  HONOURED.set(app, honoured);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = hookList(route.method).filter((m) => honours(m, route, versionPrefix));
    if (methods.length === 0) return;
    for (const m of methods) honoured.add(`${m} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    route.preParsing = [...hookList(route.preParsing), preParsing];
    route.preValidation = [...hookList(route.preValidation), preValidation];
    route.preHandler = [...hookList(route.preHandler), preHandler];
    route.onSend = [...hookList(route.onSend), onSend];
    route.onResponse = [...hookList(route.onResponse), onResponse];
  });
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Declares the header on every operation of the OpenAPI document that honours it (the swagger plugin's
 * transformObject): one shared parameter, `#/components/parameters/IdempotencyKey`.
 */
export function withIdempotencyKeyParameter<D extends object>(doc: D, honoured: ReadonlySet<string>): D {
  const paths: unknown = (doc as Json)['paths'];
  if (!isObject(paths)) return doc;
  const components: Json = isObject((doc as Json)['components']) ? (doc as Json)['components'] as Json : {};
  const parameters: Json = isObject(components['parameters']) ? components['parameters'] : {};
  (doc as Json)['components'] = { ...components, parameters: { ...parameters, IdempotencyKey: { ...IDEMPOTENCY_PARAMETER } } };
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of ['post', 'put'] as const) {
      const op = item[method];
      if (!isObject(op) || !honoured.has(`${method.toUpperCase()} ${path}`)) continue;
      const list: unknown[] = Array.isArray(op['parameters']) ? op['parameters'] : [];
      op['parameters'] = [...list, { $ref: '#/components/parameters/IdempotencyKey' }];
    }
  }
  return doc;
}
