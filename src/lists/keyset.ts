import { sql, type Expression, type SqlBool } from 'kysely';

export type SortDirection = 'asc' | 'desc';
export interface OrderColumn {
  readonly column: string; // trusted column reference, never user input
  readonly direction: SortDirection;
}
export type CursorValue = string | number;

/**
 * The keyset condition "row comes after the cursor in this order":
 * (c1 > v1) OR (c1 = v1 AND c2 > v2) OR ... — stable under concurrent inserts,
 * unlike OFFSET. `reverse` walks backwards (for previous pages).
 */
export function keysetAfter(order: readonly OrderColumn[], cursor: readonly CursorValue[], reverse = false): Expression<SqlBool> {
  const ascending = (col: OrderColumn) => (col.direction === 'asc') !== reverse;
  const first = order[0];
  if (first && order.every((col) => ascending(col) === ascending(first))) {
    // One direction throughout: a row-value comparison, which SQLite and PostgreSQL both turn into a range
    // scan of an index on these columns, so page 10,000 costs what page 1 does.
    const columns = sql.join(order.map((col) => sql.ref(col.column)));
    const values = sql.join(order.map((_, i) => sql`${cursor[i] ?? null}`));
    return ascending(first) ? sql<SqlBool>`((${columns}) > (${values}))` : sql<SqlBool>`((${columns}) < (${values}))`;
  }
  const ors = order.map((col, i) => {
    const equalities = order.slice(0, i).map((prev, j) => sql`${sql.ref(prev.column)} = ${cursor[j] ?? null}`);
    const cmp = ascending(col) ? sql`${sql.ref(col.column)} > ${cursor[i] ?? null}` : sql`${sql.ref(col.column)} < ${cursor[i] ?? null}`;
    return sql.join([...equalities, cmp], sql` and `);
  });
  // Mixed directions: the expanded form, led by a bound on the first column that an index range can use.
  const lead = first ? (ascending(first) ? sql`${sql.ref(first.column)} >= ${cursor[0] ?? null}` : sql`${sql.ref(first.column)} <= ${cursor[0] ?? null}`) : sql`1 = 1`;
  return sql<SqlBool>`(${lead} and (${sql.join(ors.map((o) => sql`(${o})`), sql` or `)}))`;
}

export function orderDirection(col: OrderColumn, reverse: boolean): SortDirection {
  return (col.direction === 'asc') !== reverse ? 'asc' : 'desc';
}
