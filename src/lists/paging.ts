import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { CommonErrors } from '../errors.js';
import type { CursorValue } from './keyset.js';
import type { PageResult } from './fetch.js';

export const MAX_LIMIT = 200;
export const DEFAULT_LIMIT = 100;

/** The paging parameters of a list operation's query string. */
export interface ListQuery { limit?: number; token?: string; after?: string; before?: string; filter?: string; sort?: string }

interface Link { href: string }
/** The contract's `paging` object of a list answer. */
export interface Paging {
  previousToken?: string;
  nextToken?: string;
  currentToken?: string;
  limit: number;
  /** Absent when the list holds more than COUNT_BOUND rows and keeps no count for its filter. */
  totalCount?: number;
  _links: { self: Link; next?: Link; prev?: Link };
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
  // The list's totalCount, counted once on the first page and carried by its tokens; null: more than the
  // bound, not counted (later pages do not try again).
  t: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
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
  /** The totalCount the first page counted (a token's; null: beyond the bound): later pages do not count again. */
  readonly knownTotal?: number | null;
}

// Tokens are opaque to clients: base64url JSON carrying the keyset position and
// the query it belongs to. Nothing in one is trusted: it is re-validated here,
// and its filter is parsed again like any other filter.
function encodeToken(t: PageToken): string {
  return Buffer.from(JSON.stringify(t), 'utf8').toString('base64url');
}

/** The list a page token belongs to, or undefined when it is not a token (for lists whose name carries a mode). */
export function tokenList(token: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    return Value.Check(TokenSchema, parsed) ? parsed.r : undefined;
  } catch {
    return undefined;
  }
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
      ...(t.t !== undefined ? { knownTotal: t.t } : {}),
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

export function buildPaging<R>(req: PageRequest, result: PageResult<R>, cursorOf: (row: R) => CursorValue[], href: string): Paging {
  const base = { v: 1 as const, r: req.list, l: req.limit,
    ...(req.filter !== undefined ? { f: req.filter } : {}),
    ...(req.after !== undefined ? { a: req.after } : {}),
    ...(req.before !== undefined ? { b: req.before } : {}),
    ...(req.sort !== undefined ? { s: req.sort } : {}),
    t: result.totalCount };
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
    ...(result.totalCount !== null ? { totalCount: result.totalCount } : {}),
    _links: { self: link(current), ...(next ? { next: link(next) } : {}), ...(prev ? { prev: link(prev) } : {}) },
  };
}
