import type { apiVersion, components, paths, PathsByMethod } from './schema.js';

/** Type-level view of src/client/schema.ts (generated): paths, their operations, parameters and bodies. */

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

type Version = typeof apiVersion;
type WithoutVersion<P> = P extends `/${Version}/${infer Rest}` ? `/${Rest}` : never;

/**
 * Every documented path, both with its version (`/ea/events/{id}`) and without
 * it (`/events/{id}`): client code written against the reference's `servers`
 * (which end in `/ea`) spells them the second way.
 */
export type ApiPaths = paths & { [P in keyof paths as WithoutVersion<P>]: paths[P] };

/** The documented paths that have an operation for `M`. */
export type PathsFor<M extends HttpMethod> = PathsByMethod[M];

export type Operation<P, M extends HttpMethod> = P extends keyof ApiPaths
  ? ApiPaths[P] extends { [K in M]: infer O } ? O : never
  : never;

type Defined<T> = Exclude<T, undefined>;
type IsNever<T> = [T] extends [never] ? true : false;

export type QueryOf<O> = O extends { parameters: { query?: infer Q } } ? Defined<Q> : never;
export type PathParamsOf<O> = O extends { parameters: { path?: infer Q } } ? Defined<Q> : never;
export type BodyOf<O> = O extends { requestBody?: infer RB } ? (Defined<RB> extends { content: { 'application/json': infer B } } ? B : never) : never;
type BodyRequired<O> = O extends { requestBody: object } ? true : false;

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 206 | 207;
type JsonContent<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;
/** The parsed body of any 2xx answer of the operation. */
export type SuccessOf<O> = O extends { responses: infer R }
  ? { [S in keyof R]: S extends SuccessStatus ? JsonContent<R[S]> : never }[keyof R]
  : never;

/** Query values; arrays repeat the parameter. */
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;
export type Query = Readonly<Record<string, QueryValue>>;

export interface UntypedRequestOptions {
  /** Replaces `{name}` placeholders of the path (URL-encoded). */
  params?: Readonly<Record<string, string | number>>;
  query?: Query;
  /** Sent in JSON. */
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
  /** Per call: wait for the daily quota instead of throwing QuotaExceededError. */
  waitForQuota?: boolean;
}

type TypedOptions<O> = Omit<UntypedRequestOptions, 'params' | 'query' | 'body'> &
  (IsNever<PathParamsOf<O>> extends true ? { params?: undefined } : { params: PathParamsOf<O> }) &
  (IsNever<QueryOf<O>> extends true ? { query?: Query } : { query?: QueryOf<O> }) &
  (IsNever<BodyOf<O>> extends true ? { body?: undefined } : BodyRequired<O> extends true ? { body: BodyOf<O> } : { body?: BodyOf<O> });

type TypedArgs<O> = IsNever<PathParamsOf<O>> extends true
  ? BodyRequired<O> extends true ? [options: TypedOptions<O>] : [options?: TypedOptions<O>]
  : [options: TypedOptions<O>];

/** Options of a call: typed for a documented path, loose for any other. */
export type ArgsFor<P extends string, M extends HttpMethod> = P extends PathsFor<M>
  ? TypedArgs<Operation<P, M>>
  : P extends keyof ApiPaths
    // A documented path without this method: no call type-checks (pass a plain string to go around the types).
    ? [options: { error: `${Uppercase<M>} is not documented for ${P}` }]
    : [options?: UntypedRequestOptions];

/** What a call resolves to: the documented 2xx body, or unknown for an undocumented path. */
export type ResultFor<P extends string, M extends HttpMethod> = P extends PathsFor<M> ? SuccessOf<Operation<P, M>> : unknown;

/** A documented path for `M`, or any other string (autocompletes the documented ones). */
export type PathArg<M extends HttpMethod> = PathsFor<M> | (string & Record<never, never>);

export type Paging = components['schemas']['Paging'];

export interface Page<T> {
  paging: Paging;
  data: T[];
}

/** The method a documented list is read with: GET, else the POST `.../filter` variant. */
type ListMethod<P extends string> = P extends PathsFor<'get'> ? 'get' : 'post';

/** The item type of a list operation (`data[]` of its 200 body), or unknown for an undocumented path. */
export type ItemOf<P extends string> = ResultFor<P, ListMethod<P>> extends { data: ReadonlyArray<infer I> } ? I : unknown;

/** The query of a list operation, or any query for an undocumented path. */
export type ListQueryFor<P extends string> = P extends PathsFor<ListMethod<P>>
  ? IsNever<QueryOf<Operation<P, ListMethod<P>>>> extends true ? Query : QueryOf<Operation<P, ListMethod<P>>>
  : Query;
