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

/** `sort=start:DESC` -> order columns, always ending with the id so the order is total. */
export function sortOrder(sort: string | undefined, sortable: Readonly<Record<string, string>>, idColumn: string): OrderColumn[] {
  if (!sort) return [{ column: idColumn, direction: 'asc' }];
  const [field = '', dir = 'ASC'] = sort.split(':');
  const column = sortable[field];
  if (!column) throw CommonErrors.badRequest(`Cannot sort by '${field}'; sortable: ${Object.keys(sortable).join(', ')}`, { target: 'sort' });
  const direction = dir.toUpperCase() === 'DESC' ? 'desc' : 'asc';
  return [{ column, direction }, { column: idColumn, direction }];
}
