// Operations declared by operationId (DESIGN rule 2, style 2): like a LocalStack provider, a module writes
// behaviour and its own stricter schemas; method, path, tag, summary, security and the documented error
// statuses come from the catalogue (src/contract). Lists and their `POST .../filter` twins are one declaration.
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static, type TObject, type TSchema } from 'typebox';
import type { AuthContext } from '../actor.js';
import { catalogueOperation, filterTwin, requiredScopes, routePath, successStatus, type CatalogueOperation } from '../contract/catalogue.js';
import { indexedFiltersNote, type FilterFields, type ListQuery } from '../lists/index.js';
import { requireAuth } from './auth.js';
import { FilterBodySchema } from './paging.js';
import { errorResponses } from './responses.js';

type In<S> = S extends TSchema ? Static<S> : unknown;

/**
 * The request a handler gets: typed by the schemas the operation declares, and with the caller (`auth`) of an
 * operation that needs a token (checked before the handler runs). Operations open to anyone (token endpoint,
 * metadata, the portal, attendees' personal tokens) must not read `auth`: it is null there.
 */
export type OperationRequest<P = undefined, Q = undefined, B = undefined, H = undefined> = FastifyRequest<{
  Params: In<P>; Querystring: In<Q>; Body: In<B>; Headers: In<H>;
}> & { readonly auth: AuthContext };

/** What a handler may answer: the body of one of its declared responses, or the reply it sent itself. */
type Answer<R> = R extends Readonly<Record<number, infer S>> ? (S extends TSchema ? Static<S> : unknown) : unknown;

/** The error statuses every operation may answer besides those it documents: bad input and the rate limit. */
const COMMON_ERRORS = [400, 429] as const;
/** And every operation that needs a token: no token, or a token without a required scope. */
const TOKEN_ERRORS = [401, 403] as const;

export interface OperationOptions<P, Q, B, H, R> {
  readonly params?: P;
  readonly querystring?: Q;
  readonly body?: B;
  readonly headers?: H;
  /** The operation's success responses (eventline's schemas: the PII firewall); error statuses are added from the catalogue. */
  readonly response?: R;
  /** eventline's own words for the operation. */
  readonly description?: string;
  /** Overrides the catalogue's short summary. */
  readonly summary?: string;
  /** Error statuses eventline answers beyond those the catalogue documents. */
  readonly errors?: readonly number[];
  /** Scopes eventline asks for besides the catalogue's (where it is stricter than the reference, e.g. `:read` beside `:write`). */
  readonly scopes?: readonly string[];
  /** The status of a handler's answer; by default the lowest success status the catalogue documents. */
  readonly status?: number;
  /** More of the OpenAPI operation (consumes, hide, vendor extensions) or of Fastify's schema. */
  readonly schema?: Readonly<Record<string, unknown>>;
  /** Fastify route options besides the schema (config, hooks, bodyLimit...). */
  readonly route?: Omit<RouteShorthandOptions, 'schema'>;
}

export type OperationHandler<P, Q, B, H, R> = (request: OperationRequest<P, Q, B, H>, reply: FastifyReply) => Promise<Answer<R> | FastifyReply | void>;

/**
 * The operationIds declared by `op.list` (a list and its filter twin), with the filter fields each declares: what
 * test/api/docs-serving.test.ts checks the served descriptions against. Filled as modules register their routes.
 */
export const LIST_OPERATIONS = new Map<string, FilterFields>();

/**
 * The indexed-filters sentence of a list declared with plain `op()` (a POST-only filter operation with no GET twin,
 * such as filterProgramItemDocuments): recorded as op.list records its lists, for the docs test.
 */
export function listNote(operationId: string, filters: FilterFields): string {
  LIST_OPERATIONS.set(operationId, filters);
  return indexedFiltersNote(filters);
}

/** A list and, where the catalogue has one, its `POST .../filter` twin (DESIGN rule 6). */
export interface ListOptions<Q extends TObject, P extends TSchema, A extends TObject> {
  readonly query: Q;
  readonly page: P;
  /** The path parameters of a list under a resource (`/events/{id}/features`); handed to `list` as its third argument. */
  readonly params?: A;
  /**
   * The list's filter fields: the `filters` of the `defineList` definition its handler lists with. Required, so that every
   * list says in /docs which of its filters an index answers (issue 37): `op.list` appends `indexedFiltersNote(filters)`.
   */
  readonly filters: FilterFields;
  readonly description?: string;
  readonly summary?: string;
  readonly errors?: readonly number[];
  /** The twin's operationId when it is not the catalogue's `POST <path>/filter`; null: declare the GET only. */
  readonly filterOperationId?: string | null;
  /** The query of the `POST .../filter` form, when it is not the list's query without `filter` (a GET-only parameter). */
  readonly filterQuery?: TObject;
  readonly route?: Omit<RouteShorthandOptions, 'schema'>;
  /** More of the OpenAPI operation (e.g. `deprecated`), for the list and its twin. */
  readonly schema?: Readonly<Record<string, unknown>>;
  readonly list: (auth: AuthContext, query: Static<Q> & ListQuery, params: Static<A>) => Promise<Static<P>>;
}

export interface Operations {
  /** Declares the operation `operationId` of the catalogue with its handler. */
  <P extends TSchema | undefined = undefined, Q extends TSchema | undefined = undefined, B extends TSchema | undefined = undefined,
    H extends TSchema | undefined = undefined, R extends Readonly<Record<number, unknown>> | undefined = undefined>(
    operationId: string, options: OperationOptions<P, Q, B, H, R>, handler: OperationHandler<P, Q, B, H, R>): void;
  /** Declares a list operation and its filter twin. */
  list<Q extends TObject, P extends TSchema, A extends TObject = TObject>(operationId: string, options: ListOptions<Q, P, A>): void;
  /** The Fastify instance of the module's plugin: content-type parsers, hooks and other plugins scoped to these operations. */
  readonly app: FastifyInstance;
}

/** The Fastify route (method, url, schema) of a catalogue operation, with eventline's schemas and words. */
export function routeSchema(op: CatalogueOperation, options: OperationOptions<unknown, unknown, unknown, unknown, unknown>): FastifySchema {
  const errors = new Set<number>([...COMMON_ERRORS, ...op.statuses.filter((s) => s >= 400), ...(options.errors ?? [])]);
  if (op.security.length > 0 && Object.keys(op.security[0] ?? {}).some((s) => s.startsWith('OAuth2.'))) for (const s of TOKEN_ERRORS) errors.add(s);
  const declared = (options.response ?? {}) as Record<number, unknown>;
  const response: Record<number, unknown> = { ...errorResponses(...[...errors].filter((s) => declared[s] === undefined).sort((a, b) => a - b)), ...declared };
  return {
    tags: [op.tag], operationId: op.operationId, summary: options.summary ?? op.summary,
    security: op.security.map((r) => Object.fromEntries(Object.entries(r).map(([scheme, scopes]) => [scheme, [...new Set([...scopes, ...(options.scopes ?? [])])].sort()]))),
    ...(options.description !== undefined ? { description: options.description } : {}),
    ...(op.extension ? { 'x-eventline-extension': true } : {}),
    ...(options.params !== undefined ? { params: options.params } : {}),
    ...(options.querystring !== undefined ? { querystring: options.querystring } : {}),
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(options.headers !== undefined ? { headers: options.headers } : {}),
    ...(Object.keys(response).length > 0 ? { response } : {}),
    ...options.schema,
  } as FastifySchema;
}

/** The query of the `POST .../filter` form: the list's query without `filter`, which travels in the body. */
export function filterPostQuery<Q extends TObject>(query: Q) {
  const { filter: _inBody, ...rest } = query.properties;
  return Type.Object(rest, { additionalProperties: false });
}

function declareOperations(instance: FastifyInstance): Operations {
  const declare = (<P, Q, B, H, R>(operationId: string, options: OperationOptions<P, Q, B, H, R>, handler: OperationHandler<P, Q, B, H, R>): void => {
    const op = catalogueOperation(operationId);
    const status = options.status ?? successStatus(op);
    const run = handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
    const needsToken = requiredScopes(op) !== undefined;
    // The catalogue's success status is the answer's unless the handler says otherwise (reply.code before sending).
    const routeHandler: RouteHandlerMethod = async (request, reply) => {
      if (needsToken) requireAuth(request);
      if (status !== 200) reply.code(status);
      return run(request, reply);
    };
    instance.route({
      ...options.route, method: op.method, url: routePath(op.path),
      schema: routeSchema(op, options as OperationOptions<unknown, unknown, unknown, unknown, unknown>), handler: routeHandler,
    });
  }) as Operations;

  const list = <Q extends TObject, P extends TSchema, A extends TObject>(operationId: string, options: ListOptions<Q, P, A>): void => {
    const op = catalogueOperation(operationId);
    // Fastify has checked the query against options.query; only its static type is lost, since Q is generic here.
    const queryOf = (request: FastifyRequest): Static<Q> & ListQuery => request.query as Static<Q> & ListQuery;
    const paramsOf = (request: FastifyRequest): Static<A> => request.params as Static<A>;
    const note = indexedFiltersNote(options.filters);
    const description = options.description !== undefined ? `${options.description} ${note}` : note;
    const common = {
      response: { 200: options.page }, route: options.route, description, summary: options.summary, errors: options.errors,
      ...(options.params !== undefined ? { params: options.params } : {}),
      ...(options.schema !== undefined ? { schema: options.schema } : {}),
    };
    LIST_OPERATIONS.set(operationId, options.filters);
    declare(operationId, { ...common, querystring: options.query }, async (request) => options.list(requireAuth(request), queryOf(request), paramsOf(request)));
    const twin = options.filterOperationId === null ? undefined
      : options.filterOperationId !== undefined ? catalogueOperation(options.filterOperationId) : filterTwin(op);
    if (twin === undefined) return;
    LIST_OPERATIONS.set(twin.operationId, options.filters);
    declare(twin.operationId, {
      ...common, summary: options.summary !== undefined ? `${options.summary} with the filter in the body` : undefined,
      querystring: options.filterQuery ?? filterPostQuery(options.query), body: Type.Optional(FilterBodySchema),
      route: {
        ...options.route,
        // The reference's filter body is optional: no body at all (or an empty JSON one) lists without a filter.
        preValidation: async (request: FastifyRequest) => {
          request.body ??= {};
        },
      },
    }, async (request) => {
      const filter = (request.body as { filter?: string } | undefined)?.filter;
      return options.list(requireAuth(request), { ...queryOf(request), ...(filter !== undefined ? { filter } : {}) }, paramsOf(request));
    });
  };

  return Object.assign(declare, { list, app: instance });
}

/** A module's routes plugin, from a function that declares its operations. */
export function operations(declareAll: (op: Operations) => void | Promise<void>): (instance: FastifyInstance) => Promise<void> {
  return async (instance) => declareAll(declareOperations(instance.withTypeProvider<TypeBoxTypeProvider>()));
}
