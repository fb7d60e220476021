import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { keysetAfter, orderDirection, type CursorValue, type OrderColumn } from './keyset.js';

export interface ListSpec {
  readonly conditions: ReadonlyArray<Expression<SqlBool>>;
  readonly order: readonly OrderColumn[];
  readonly cursor: readonly CursorValue[] | null;
  /** Read backwards from the cursor (a previous page); rows still come back in display order. */
  readonly reverse: boolean;
  readonly limit: number;
}

/**
 * One keyset page plus the total: `base` is the repository's account-scoped
 * query (FROM, joins, tenant condition, select list).
 */
export async function fetchPage<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  spec: ListSpec,
): Promise<{ rows: O[]; more: boolean; totalCount: number }> {
  let filtered = base;
  for (const c of spec.conditions) filtered = filtered.where(c);
  let page = filtered;
  if (spec.cursor) page = page.where(keysetAfter(spec.order, spec.cursor, spec.reverse));
  for (const col of spec.order) page = page.orderBy(sql.ref(col.column), orderDirection(col, spec.reverse));
  const [rows, count] = await Promise.all([
    page.limit(spec.limit + 1).execute(),
    filtered.clearSelect().clearOrderBy().select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
  ]);
  const more = rows.length > spec.limit;
  const pageRows = rows.slice(0, spec.limit);
  if (spec.reverse) pageRows.reverse();
  const n = (count as { n?: number | string } | undefined)?.n;
  return { rows: pageRows, more, totalCount: Number(n ?? 0) };
}

/** A repository's list call: the parsed filter, the after/before time window, and the keyset position. */
export interface ListRequest {
  readonly filter?: Expression<SqlBool>;
  readonly after?: string;
  readonly before?: string;
  /** `after` / `before` include their bound (the enrollment list's after_inclusive). */
  readonly inclusive?: boolean;
  readonly order: readonly OrderColumn[];
  readonly cursor: readonly CursorValue[] | null;
  readonly reverse: boolean;
  readonly limit: number;
}

/**
 * fetchPage for a ListRequest: `base` is the account-scoped query, `timeColumn`
 * (trusted) the column `after` and `before` bound, `extra` any conditions of
 * the repository's own.
 */
export function fetchListPage<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  req: ListRequest,
  timeColumn: string,
  extra: ReadonlyArray<Expression<SqlBool>> = [],
): Promise<{ rows: O[]; more: boolean; totalCount: number }> {
  const col = sql.ref(timeColumn);
  const conditions = [...extra];
  if (req.filter) conditions.push(req.filter);
  if (req.after) conditions.push(req.inclusive ? sql<SqlBool>`${col} >= ${req.after}` : sql<SqlBool>`${col} > ${req.after}`);
  if (req.before) conditions.push(req.inclusive ? sql<SqlBool>`${col} <= ${req.before}` : sql<SqlBool>`${col} < ${req.before}`);
  return fetchPage(base, { conditions, order: req.order, cursor: req.cursor, reverse: req.reverse, limit: req.limit });
}
