import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { OFF_THREAD } from '../db/read-pool.js';
import { COUNT_BOUND, type KeptCounter } from './counts.js';
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
  /**
   * The list's total as its first page counted it, carried by the page token: counting again on every page
   * would cost a scan of the whole filtered set per page. Null when the first page found more than
   * COUNT_BOUND rows and no kept count; undefined on a first page, which counts.
   */
  readonly knownTotal?: number | null;
  /** The kept count's scope when this page's filter is one the list keeps counts for ('' unfiltered). */
  readonly countScope?: string;
}

export interface PageResult<R> {
  /** Rows in display order, at most `limit`. */
  readonly rows: R[];
  /** Whether rows exist beyond this page in the direction it was read. */
  readonly more: boolean;
  /** Null when the list has more than COUNT_BOUND rows and no kept count covers its filter. */
  readonly totalCount: number | null;
}

/**
 * The total of a filtered set, counting at most COUNT_BOUND + 1 rows: the probe reads past the bound by index
 * (OFFSET), and only a set within the bound is then counted. Null when the set is larger.
 */
async function boundedCount<DB, TB extends keyof DB, O>(filtered: SelectQueryBuilder<DB, TB, O>): Promise<number | null> {
  const rows = filtered.clearSelect().clearOrderBy().select(sql<number>`1`.as('one'));
  const beyond = await rows.limit(1).offset(COUNT_BOUND).modifyEnd(OFF_THREAD).executeTakeFirst();
  if (beyond !== undefined) return null;
  const count = await filtered.clearSelect().clearOrderBy().select(sql<number | string>`count(*)`.as('n')).modifyEnd(OFF_THREAD).executeTakeFirst();
  const n: unknown = count ? Object.values(count)[0] : 0;
  return Number(n ?? 0);
}

/**
 * One keyset page plus the total (both may run off the event loop on SQLite: OFF_THREAD, src/db/read-pool.ts): `base` is the repository's account-scoped
 * query (FROM, joins, tenant condition, select list); `extra` are conditions
 * of the repository's own (not purged, within retention). `kept` reads the list's
 * kept count for a scope (lists with KeptCounts): it is used when the page's filter
 * is one the counts are kept for, and the bounded count otherwise.
 */
export async function fetchPage<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  spec: ListSpec,
  extra: ReadonlyArray<Expression<SqlBool>> = [],
  kept?: KeptCounter,
): Promise<PageResult<O>> {
  const conditions = [...extra, ...spec.conditions];
  let filtered = base;
  for (const c of conditions) filtered = filtered.where(c);
  // The keyset condition goes before the others: SQLite bounds an index range by the first usable
  // constraint on a column, and a retention or `after` bound on the same column (created > ?) would
  // otherwise make page 10,000 scan the 999,900 rows before it.
  let page = spec.cursor ? base.where(keysetAfter(spec.order, spec.cursor, spec.reverse)) : base;
  for (const c of conditions) page = page.where(c);
  for (const col of spec.order) page = page.orderBy(sql.ref(col.column), orderDirection(col, spec.reverse));
  const counting: Promise<number | null> = spec.knownTotal !== undefined
    ? Promise.resolve(spec.knownTotal)
    : kept !== undefined && spec.countScope !== undefined ? kept(spec.countScope) : boundedCount(filtered);
  const [rows, totalCount] = await Promise.all([page.limit(spec.limit + 1).modifyEnd(OFF_THREAD).execute(), counting]);
  const more = rows.length > spec.limit;
  const pageRows = rows.slice(0, spec.limit);
  if (spec.reverse) pageRows.reverse();
  return { rows: pageRows, more, totalCount };
}
