import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { CursorValue } from '../db/keyset.js';
import { CommonErrors } from './errors.js';

export const MAX_LIMIT = 200;
export const DEFAULT_LIMIT = 100;

export function listQuerySchema(opts: { maxLimit?: number; sortable?: readonly string[] } = {}) {
  const max = opts.maxLimit ?? MAX_LIMIT;
  return Type.Object(
    {
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: max, default: Math.min(DEFAULT_LIMIT, max), description: `The maximum number of records to return per page (1-${max}).` })),
      token: Type.Optional(Type.String({ minLength: 1, maxLength: 8192, description: 'The continuation token returned by a previous call. It overrides every other paging parameter.' })),
      after: Type.Optional(Type.String({ format: 'date-time', description: 'Only records added or updated after this time.' })),
      before: Type.Optional(Type.String({ format: 'date-time', description: 'Only records added or updated before this time.' })),
      filter: Type.Optional(Type.String({ maxLength: 4000, description: "A filter expression, e.g. title contains 'conf' and format eq 'Hybrid'." })),
      sort: Type.Optional(Type.String({ maxLength: 100, description: opts.sortable && opts.sortable.length > 0 ? `Sort order, e.g. ${opts.sortable[0]}:DESC. Sortable: ${opts.sortable.join(', ')}.` : 'Not sortable: results are in creation order.' })),
    },
    { additionalProperties: false },
  );
}
export type ListQuery = { limit?: number; token?: string; after?: string; before?: string; filter?: string; sort?: string };

export const FilterBodySchema = Type.Object(
  { filter: Type.Optional(Type.String({ maxLength: 4000 })) },
  { additionalProperties: false, title: 'A filter sent in the body of a request' },
);

const LinkSchema = Type.Object({ href: Type.String() });
export const PagingSchema = Type.Object(
  {
    previousToken: Type.Optional(Type.String()),
    nextToken: Type.Optional(Type.String()),
    currentToken: Type.Optional(Type.String()),
    limit: Type.Integer(),
    totalCount: Type.Integer(),
    _links: Type.Object({ self: LinkSchema, next: Type.Optional(LinkSchema), prev: Type.Optional(LinkSchema) }),
  },
  { $id: 'Paging', title: 'Paging' },
);
export type Paging = Static<typeof PagingSchema>;

export function paginated<T extends TSchema>(item: T, title: string) {
  return Type.Object({ paging: PagingSchema, data: Type.Array(item) }, { title });
}

const TokenSchema = Type.Object({
  v: Type.Literal(1),
  r: Type.String(),
  c: Type.Union([Type.Null(), Type.Array(Type.Union([Type.String(), Type.Number()]))]),
  d: Type.Union([Type.Literal('next'), Type.Literal('prev')]),
  l: Type.Integer({ minimum: 1, maximum: MAX_LIMIT }),
  f: Type.Optional(Type.String({ maxLength: 4000 })),
  a: Type.Optional(Type.String()),
  b: Type.Optional(Type.String()),
  s: Type.Optional(Type.String()),
});
type PageToken = Static<typeof TokenSchema>;

/** What one page request means, after the token (if any) has overridden the query. */
export interface PageRequest {
  readonly list: string;
  readonly cursor: readonly CursorValue[] | null;
  readonly direction: 'next' | 'prev';
  readonly limit: number;
  readonly filter?: string;
  readonly after?: string;
  readonly before?: string;
  readonly sort?: string;
}

// Tokens are opaque to clients: base64url JSON carrying the keyset position and
// the query it belongs to. Nothing in one is trusted: it is re-validated here,
// and its filter is parsed again like any other filter.
function encodeToken(t: PageToken): string {
  return Buffer.from(JSON.stringify(t), 'utf8').toString('base64url');
}

function decodeToken(token: string, list: string): PageToken {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (!Value.Check(TokenSchema, parsed)) throw CommonErrors.badRequest('The paging token is not valid', { target: 'token' });
  if (parsed.r !== list) throw CommonErrors.badRequest('The paging token belongs to a different list', { target: 'token' });
  return parsed;
}

export function pageRequest(list: string, query: ListQuery, maxLimit = MAX_LIMIT): PageRequest {
  if (query.token) {
    const t = decodeToken(query.token, list);
    if (t.l > maxLimit) throw CommonErrors.badRequest('The paging token is not valid', { target: 'token' });
    return {
      list, cursor: t.c, direction: t.d, limit: t.l,
      ...(t.f !== undefined ? { filter: t.f } : {}),
      ...(t.a !== undefined ? { after: t.a } : {}),
      ...(t.b !== undefined ? { before: t.b } : {}),
      ...(t.s !== undefined ? { sort: t.s } : {}),
    };
  }
  for (const key of ['after', 'before'] as const) {
    const v = query[key];
    if (v !== undefined && Number.isNaN(Date.parse(v))) throw CommonErrors.badRequest(`${key} must be an ISO-8601 date-time`, { target: key });
  }
  return {
    list, cursor: null, direction: 'next', limit: query.limit ?? Math.min(DEFAULT_LIMIT, maxLimit),
    ...(query.filter !== undefined && query.filter.trim() !== '' ? { filter: query.filter } : {}),
    ...(query.after !== undefined ? { after: new Date(query.after).toISOString() } : {}),
    ...(query.before !== undefined ? { before: new Date(query.before).toISOString() } : {}),
    ...(query.sort !== undefined ? { sort: query.sort } : {}),
  };
}

export interface PageResult<R> {
  /** Rows in display order, at most `limit`. */
  readonly rows: R[];
  /** Whether rows exist beyond this page in the direction it was read. */
  readonly more: boolean;
  readonly totalCount: number;
}

export function buildPaging<R>(req: PageRequest, result: PageResult<R>, cursorOf: (row: R) => CursorValue[], href: string): Paging {
  const base = { v: 1 as const, r: req.list, l: req.limit,
    ...(req.filter !== undefined ? { f: req.filter } : {}),
    ...(req.after !== undefined ? { a: req.after } : {}),
    ...(req.before !== undefined ? { b: req.before } : {}),
    ...(req.sort !== undefined ? { s: req.sort } : {}) };
  const first = result.rows[0];
  const last = result.rows[result.rows.length - 1];
  const current = encodeToken({ ...base, c: req.cursor ? [...req.cursor] : null, d: req.direction });
  const hasNext = req.direction === 'next' ? result.more : req.cursor !== null;
  const hasPrev = req.direction === 'prev' ? result.more : req.cursor !== null;
  const next = hasNext && last ? encodeToken({ ...base, c: cursorOf(last), d: 'next' }) : undefined;
  const prev = hasPrev && first ? encodeToken({ ...base, c: cursorOf(first), d: 'prev' }) : undefined;
  const link = (t: string) => ({ href: `${href}?token=${t}` });
  return {
    currentToken: current,
    ...(next ? { nextToken: next } : {}),
    ...(prev ? { previousToken: prev } : {}),
    limit: req.limit,
    totalCount: result.totalCount,
    _links: { self: link(current), ...(next ? { next: link(next) } : {}), ...(prev ? { prev: link(prev) } : {}) },
  };
}
