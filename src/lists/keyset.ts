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
  const ors = order.map((col, i) => {
    const equalities = order.slice(0, i).map((prev, j) => sql`${sql.ref(prev.column)} = ${cursor[j] ?? null}`);
    const ascending = (col.direction === 'asc') !== reverse;
    const cmp = ascending ? sql`${sql.ref(col.column)} > ${cursor[i] ?? null}` : sql`${sql.ref(col.column)} < ${cursor[i] ?? null}`;
    return sql.join([...equalities, cmp], sql` and `);
  });
  return sql<SqlBool>`(${sql.join(ors.map((o) => sql`(${o})`), sql` or `)})`;
}

export function orderDirection(col: OrderColumn, reverse: boolean): SortDirection {
  return (col.direction === 'asc') !== reverse ? 'asc' : 'desc';
}
