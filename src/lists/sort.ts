import type { Expression, SqlBool } from 'kysely';
import { CommonErrors } from '../errors.js';
import { compileFilter, FilterError, parseFilter, type FilterFields } from './filter/index.js';
import type { CursorValue, OrderColumn } from './keyset.js';

/** Parses a list filter into a parameterised SQL condition; a bad filter is a 400 aimed at `filter`. */
export function filterCondition(filter: string, fields: FilterFields): Expression<SqlBool> {
  try {
    return compileFilter(parseFilter(filter, fields), fields);
  } catch (err) {
    if (err instanceof FilterError) throw CommonErrors.badRequest(`Invalid filter: ${err.message}`, { target: 'filter' });
    throw err;
  }
}

/** One key of a list's order: the trusted column it sorts by, and how to read its value off a row (for the cursor). */
export interface ListKey<Row> {
  readonly column: string;
  readonly value: (row: Row) => CursorValue;
}

/** An order column that also knows how to read its cursor value. */
export interface SortKey<Row> extends OrderColumn {
  readonly value: (row: Row) => CursorValue;
}

/**
 * `sort=start:DESC,order:ASC` (the reference's priority-ordered list) -> order
 * keys, always ending with `tail` (the id, or the default order) so the order
 * is total.
 */
export function sortOrder<Row>(
  sort: string | undefined, sortable: Readonly<Record<string, ListKey<Row>>>, tail: readonly ListKey<Row>[],
): Array<SortKey<Row>> {
  const asc = (k: ListKey<Row>, direction: 'asc' | 'desc' = 'asc'): SortKey<Row> => ({ column: k.column, value: k.value, direction });
  if (sort === undefined || sort.trim() === '') return tail.map((k) => asc(k));
  const seen = new Set<string>();
  const keys: Array<SortKey<Row>> = [];
  for (const part of sort.split(',')) {
    const [rawField = '', rawDir = 'ASC', ...rest] = part.trim().split(':');
    const field = rawField.trim();
    const key = Object.hasOwn(sortable, field) ? sortable[field] : undefined;
    if (!key) {
      const allowed = Object.keys(sortable);
      throw CommonErrors.badRequest(`Cannot sort by '${field}'; ${allowed.length > 0 ? `sortable: ${allowed.join(', ')}` : 'this list is not sortable'}`, { target: 'sort' });
    }
    const dir = rawDir.trim().toUpperCase();
    if ((dir !== 'ASC' && dir !== 'DESC') || rest.length > 0) throw CommonErrors.badRequest(`Sort direction of '${field}' must be ASC or DESC`, { target: 'sort' });
    if (seen.has(key.column)) throw CommonErrors.badRequest(`'${field}' appears twice in sort`, { target: 'sort' });
    seen.add(key.column);
    keys.push(asc(key, dir === 'DESC' ? 'desc' : 'asc'));
  }
  const direction = keys[0]?.direction ?? 'asc';
  return [...keys, ...tail.filter((k) => !seen.has(k.column)).map((k) => asc(k, direction))];
}
