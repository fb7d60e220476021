import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { keysetAfter, orderDirection, type CursorValue, type OrderColumn } from './keyset.js';

/**
 * What a repository's list method receives: the conditions the list pipeline
 * built (filter, after/before window), the order, and the keyset position.
 */
export interface ListSpec {
  readonly conditions: ReadonlyArray<Expression<SqlBool>>;
  readonly order: readonly OrderColumn[];
  readonly cursor: readonly CursorValue[] | null;
  /** Read backwards from the cursor (a previous page); rows still come back in display order. */
  readonly reverse: boolean;
  readonly limit: number;
}

export interface PageResult<R> {
  /** Rows in display order, at most `limit`. */
  readonly rows: R[];
  /** Whether rows exist beyond this page in the direction it was read. */
  readonly more: boolean;
  readonly totalCount: number;
}

/**
 * One keyset page plus the total: `base` is the repository's account-scoped
 * query (FROM, joins, tenant condition, select list); `extra` are conditions
 * of the repository's own (not purged, within retention).
 */
export async function fetchPage<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  spec: ListSpec,
  extra: ReadonlyArray<Expression<SqlBool>> = [],
): Promise<PageResult<O>> {
  let filtered = base;
  for (const c of [...extra, ...spec.conditions]) filtered = filtered.where(c);
  let page = filtered;
  if (spec.cursor) page = page.where(keysetAfter(spec.order, spec.cursor, spec.reverse));
  for (const col of spec.order) page = page.orderBy(sql.ref(col.column), orderDirection(col, spec.reverse));
  const [rows, count] = await Promise.all([
    page.limit(spec.limit + 1).execute(),
    filtered.clearSelect().clearOrderBy().select(sql<number | string>`count(*)`.as('n')).executeTakeFirst(),
  ]);
  const more = rows.length > spec.limit;
  const pageRows = rows.slice(0, spec.limit);
  if (spec.reverse) pageRows.reverse();
  const n: unknown = count ? Object.values(count)[0] : 0;
  return { rows: pageRows, more, totalCount: Number(n ?? 0) };
}
