export type FilterOp =
  | 'eq'
  | 'ne'
  | 'lt'
  | 'le'
  | 'gt'
  | 'ge'
  | 'sw'
  | 'ew'
  | 'co'
  | 'contains'
  | 'match'
  | 'in'
  | 'isEmpty'
  | 'isNotEmpty'
  | 'isNull'
  | 'isNotNull';

export type FilterValueType = 'string' | 'boolean' | 'number' | 'datetime' | 'uuid';

export interface FilterField {
  /** Trusted SQL column reference, e.g. 'events.title' (never from user input). */
  column: string;
  type: FilterValueType;
  /** Operators this field accepts; anything else is a FilterError. */
  ops: readonly FilterOp[];
  /** Compare strings with lower() on both sides (eq, ne, in; string fields only). */
  caseInsensitive?: boolean;
  /**
   * `eq` and `in` are answered from an index shaped (account, the compared expression, the list's order):
   * test/db/plans.test.ts proves the plan on both databases.
   */
  indexed?: boolean;
  /** `sw`, `ew`, `co` and `contains` of three characters or more are answered from a trigram index: see FilterSearch. */
  search?: FilterSearch;
}

/**
 * A trigram index over a text column: on SQLite an FTS5 table (tokenize 'trigram', external content, kept by
 * triggers), on PostgreSQL a view of the lower-cased columns whose base table has pg_trgm GIN indexes; the same
 * name and columns on both (migration 0023). A LIKE on it gives the candidates' keys, a superset of the matches:
 * the exact, case-folded LIKE still decides.
 */
export interface FilterSearch {
  /** The index's table or view, e.g. 'contacts_search' (trusted, never input). */
  readonly table: string;
  /** Its column for this field. */
  readonly column: string;
  /** The list's column that the index's `id` names, e.g. 'c.id'. */
  readonly key: string;
}

/** The operators a search index answers, for values of at least SEARCH_MIN_LENGTH characters. */
export const SEARCH_OPS: ReadonlySet<FilterOp> = new Set<FilterOp>(['sw', 'ew', 'co', 'contains']);
/** A trigram index needs a whole trigram to look anything up. */
export const SEARCH_MIN_LENGTH = 3;

export type FilterFields = Readonly<Record<string, FilterField>>;

export type FilterNode =
  | { kind: 'and' | 'or'; left: FilterNode; right: FilterNode }
  | { kind: 'cmp'; field: string; op: FilterOp; values: Array<string | number | boolean> };

export class FilterError extends Error {
  /** 1-based column in the filter input. */
  readonly position: number;

  constructor(message: string, position: number) {
    super(message);
    this.name = 'FilterError';
    this.position = position;
  }
}

/** Operators whose value is matched with LIKE on the text of the column, whatever the field type. */
export const LIKE_OPS: ReadonlySet<FilterOp> = new Set<FilterOp>(['sw', 'ew', 'co', 'contains', 'match']);

export const BINARY_OPS: ReadonlySet<string> = new Set<FilterOp>([
  'eq', 'ne', 'lt', 'le', 'gt', 'ge', 'sw', 'ew', 'co', 'contains', 'match',
]);

/** True for a word that names a binary operator (eq ... match). */
export function isBinaryOp(word: string): word is FilterOp {
  return BINARY_OPS.has(word);
}

export const NO_VALUE_OPS: ReadonlySet<FilterOp> = new Set<FilterOp>(['isEmpty', 'isNotEmpty', 'isNull', 'isNotNull']);

export function displayOp(op: FilterOp): string {
  switch (op) {
    case 'isEmpty':
      return 'is empty';
    case 'isNotEmpty':
      return 'is not empty';
    case 'isNull':
      return 'is null';
    case 'isNotNull':
      return 'is not null';
    default:
      return op;
  }
}

export function lookupField(fields: FilterFields, name: string): FilterField | undefined {
  // Object.hasOwn keeps names like 'constructor' or '__proto__' from resolving to prototype members.
  return Object.hasOwn(fields, name) ? fields[name] : undefined;
}
