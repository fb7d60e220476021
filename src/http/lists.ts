import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { Type, type Static, type TObject, type TSchema } from 'typebox';
import type { AuthContext } from '../actor.js';
import type { ListQuery } from '../lists/index.js';
import { oauth, requireAuth } from './auth.js';
import { FilterBodySchema } from './paging.js';
import { errorResponses } from './responses.js';

/** A list operation and its `POST .../filter` twin (the filter in the body), declared once (DESIGN rule 6). */
export interface ListOperation<Q extends TObject, P extends TSchema, A extends TObject = TObject> {
  readonly path: string;
  /** The path parameters of a list under a resource (`/events/:id/features`); handed to `list` as its third argument. */
  readonly params?: A;
  readonly tags: string[];
  readonly operationId: string;
  /** The twin's operationId; without one (the reference has no twin for the list) only the GET is declared. */
  readonly filterOperationId?: string;
  readonly summary: string;
  readonly description?: string;
  readonly scope: string;
  readonly query: Q;
  /** The query of the `POST .../filter` form, when it is not the list's query without `filter` (a GET-only parameter). */
  readonly filterQuery?: TObject;
  readonly page: P;
  /** Error statuses besides 400, 401, 403 and 429. */
  readonly errors?: readonly number[];
  readonly list: (auth: AuthContext, query: Static<Q> & ListQuery, params: Static<A>) => Promise<Static<P>>;
}

/** The query of the `POST .../filter` form: the list's query without `filter`, which travels in the body. */
export function filterPostQuery<Q extends TObject>(query: Q) {
  const { filter: _inBody, ...rest } = query.properties;
  return Type.Object(rest, { additionalProperties: false });
}

export function registerList<Q extends TObject, P extends TSchema, A extends TObject = TObject>(instance: FastifyInstance, op: ListOperation<Q, P, A>): void {
  // Generic schemas defeat the type provider's inference; the handler's types come from the declaration instead.
  const response = { 200: op.page, ...errorResponses(400, 401, 403, ...(op.errors ?? []), 429) };
  const common = {
    tags: op.tags, security: oauth(op.scope),
    ...(op.description !== undefined ? { description: op.description } : {}),
    ...(op.params !== undefined ? { params: op.params } : {}),
  };
  const getSchema: FastifySchema = { ...common, operationId: op.operationId, summary: op.summary, querystring: op.query, response };
  // Fastify has checked the query against op.query; only its static type is lost, since Q is generic here.
  const queryOf = (request: FastifyRequest): Static<Q> & ListQuery => request.query as Static<Q> & ListQuery;
  const paramsOf = (request: FastifyRequest): Static<A> => request.params as Static<A>;
  instance.get(op.path, { schema: getSchema }, async (request) => op.list(requireAuth(request), queryOf(request), paramsOf(request)));
  if (op.filterOperationId === undefined) return;
  const postSchema: FastifySchema = {
    ...common, operationId: op.filterOperationId, summary: `${op.summary} with the filter in the body`,
    querystring: op.filterQuery ?? filterPostQuery(op.query), body: Type.Optional(FilterBodySchema), response,
  };
  instance.post<{ Body: Static<typeof FilterBodySchema> | undefined }>(`${op.path}/filter`, {
    schema: postSchema,
    // The reference's filter body is optional: no body at all (or an empty JSON one) lists without a filter.
    preValidation: async (request) => {
      request.body ??= {};
    },
  }, async (request) => {
    const filter = request.body?.filter;
    return op.list(requireAuth(request), { ...queryOf(request), ...(filter !== undefined ? { filter } : {}) }, paramsOf(request));
  });
}
