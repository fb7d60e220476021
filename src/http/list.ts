import type { Expression, SqlBool } from 'kysely';
import { compileFilter, FilterError, parseFilter, type FilterFields } from './filter/index.js';
import { CommonErrors } from './errors.js';
import type { OrderColumn } from '../db/keyset.js';

/** Parses a list filter into a parameterised SQL condition; a bad filter is a 400 aimed at `filter`. */
export function filterCondition(filter: string, fields: FilterFields): Expression<SqlBool> {
  try {
    return compileFilter(parseFilter(filter, fields), fields);
  } catch (err) {
    if (err instanceof FilterError) throw CommonErrors.badRequest(`Invalid filter: ${err.message}`, { target: 'filter' });
    throw err;
  }
}

/**
 * `sort=start:DESC,order:ASC` (the reference's priority-ordered list) -> order
 * columns, always ending with the id so the order is total.
 */
export function sortOrder(sort: string | undefined, sortable: Readonly<Record<string, string>>, idColumn: string): OrderColumn[] {
  const id: OrderColumn = { column: idColumn, direction: 'asc' };
  if (sort === undefined || sort.trim() === '') return [id];
  const seen = new Set<string>();
  const columns: OrderColumn[] = [];
  for (const part of sort.split(',')) {
    const [rawField = '', rawDir = 'ASC', ...rest] = part.trim().split(':');
    const field = rawField.trim();
    const column = Object.hasOwn(sortable, field) ? sortable[field] : undefined;
    if (!column) {
      const allowed = Object.keys(sortable);
      throw CommonErrors.badRequest(`Cannot sort by '${field}'; ${allowed.length > 0 ? `sortable: ${allowed.join(', ')}` : 'this list is not sortable'}`, { target: 'sort' });
    }
    const dir = rawDir.trim().toUpperCase();
    if ((dir !== 'ASC' && dir !== 'DESC') || rest.length > 0) throw CommonErrors.badRequest(`Sort direction of '${field}' must be ASC or DESC`, { target: 'sort' });
    if (seen.has(column)) throw CommonErrors.badRequest(`'${field}' appears twice in sort`, { target: 'sort' });
    seen.add(column);
    columns.push({ column, direction: dir === 'DESC' ? 'desc' : 'asc' });
  }
  return [...columns, { ...id, direction: columns[0]?.direction ?? 'asc' }];
}
