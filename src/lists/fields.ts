import type { FilterField, FilterFields, FilterOp, FilterValueType } from './filter/index.js';

// Builders for the filter fields of a list (DESIGN rule 6). Most fields of the
// reference compare with eq and ne; dates and numbers also with lt, le, gt, ge.

/** Equality only: ids, codes, enum values, booleans. */
export const EQ_NE = ['eq', 'ne'] as const satisfies readonly FilterOp[];
/** Ordered values: dates and numbers. */
export const RANGE = ['eq', 'ne', 'lt', 'le', 'gt', 'ge'] as const satisfies readonly FilterOp[];

const DEFAULT_OPS: Readonly<Record<FilterValueType, readonly FilterOp[]>> = { string: EQ_NE, boolean: EQ_NE, uuid: EQ_NE, datetime: RANGE, number: RANGE };

export interface ColumnOptions {
  /** The operators the reference lists for the field, when they are not the default of its type. */
  readonly ops?: readonly FilterOp[];
  /** Compare with lower() on both sides (names, emails). */
  readonly caseInsensitive?: boolean;
}

/**
 * The filter fields over one table (or derived table) of a list: the table is
 * named once, and each field by its column and value type, e.g.
 * `field('start', 'datetime')` is `{ column: 'events.start', type: 'datetime', ops: RANGE }`.
 */
export function filterColumns(table: string) {
  const field = (column: string, type: FilterValueType, options: ColumnOptions = {}): FilterField => ({
    column: `${table}.${column}`, type, ops: options.ops ?? DEFAULT_OPS[type],
    ...(options.caseInsensitive === true ? { caseInsensitive: true } : {}),
  });
  return {
    field,
    /** `created` and `lastModified`, which every list of the reference filters on as dates. */
    audit: (): Readonly<Record<'created' | 'lastModified', FilterField>> => ({ created: field('created', 'datetime'), lastModified: field('last_modified', 'datetime') }),
  };
}

/**
 * The sentence of a list's description in /docs that says which filters an index answers at any size (issue 37):
 * FilterField.indexed and .search, proven by test/db/plans.test.ts. Every other field and operator reads the account's rows.
 */
export function indexedFiltersNote(fields: FilterFields): string {
  if (Object.keys(fields).length === 0) return 'This list takes no filter.';
  const eq = Object.entries(fields).filter(([, f]) => f.indexed === true).map(([name]) => name);
  const search = Object.entries(fields).filter(([, f]) => f.search !== undefined).map(([name]) => name);
  const parts = [
    ...(eq.length > 0 ? [`${eq.join(', ')} with eq or in`] : []),
    ...(search.length > 0 ? [`${search.join(', ')} with sw, ew or contains of three characters or more (without %, _ or \\)`] : []),
  ];
  if (parts.length === 0) return 'Every filter reads the account\'s rows (no index answers a filter of this list yet).';
  return `Answered from an index at any size: ${parts.join('; ')}. Every other field and operator reads the account's rows.`;
}
