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
}

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
