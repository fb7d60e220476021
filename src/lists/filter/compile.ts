import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { LIKE_OPS, NO_VALUE_OPS, SEARCH_MIN_LENGTH, SEARCH_OPS, displayOp, lookupField, type FilterField, type FilterFields, type FilterNode } from './types.js';

type Cmp = Extract<FilterNode, { kind: 'cmp' }>;
type Param = string | number;

const INT4_MAX = 2147483647;

/** Errors here mean the AST did not come from parseFilter with the same fields: a programming error, not bad input. */
function invalidNode(message: string): Error {
  return new Error(`compileFilter: ${message}`);
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

function toParam(name: string, field: FilterField, value: string | number | boolean): Param {
  switch (field.type) {
    case 'boolean':
      // Booleans are stored in integer columns, 0/1, on both SQLite and PostgreSQL.
      if (typeof value === 'boolean') return value ? 1 : 0;
      if (value === 0 || value === 1) return value;
      break;
    case 'number':
      if (typeof value === 'number' && Number.isFinite(value)) return value;
      break;
    default:
      // PostgreSQL infers untyped parameters from the column, so text columns get strings.
      return String(value);
  }
  throw invalidNode(`value ${JSON.stringify(value)} does not fit ${field.type} field '${name}'`);
}

/** SQL cast() of a value to one of these fixed type names (never input). */
function cast(value: unknown, type: 'text' | 'numeric'): RawBuilder<unknown> {
  return sql`cast(${value} as ${sql.raw(type)})`;
}

function like(text: RawBuilder<unknown>, pattern: string): RawBuilder<SqlBool> {
  // The cast gives PostgreSQL a type for lower(); ESCAPE makes '\' the escape on both databases.
  return sql<SqlBool>`lower(${text}) like lower(${cast(pattern, 'text')}) escape '\\'`;
}

/**
 * The candidates of a substring or prefix match from the field's trigram index, or undefined when the index cannot
 * answer: a value shorter than a trigram, or one holding LIKE's own characters (SQLite's FTS5 uses the index only
 * for a LIKE without ESCAPE, and PostgreSQL reads '\\' as the escape by default, so such a value would not mean
 * the same on both). The exact LIKE is still applied: the index only narrows the rows it is tested on.
 */
function searchCandidates(field: FilterField, op: Cmp['op'], value: string, pattern: string): RawBuilder<SqlBool> | undefined {
  const search = field.search;
  if (search === undefined || !SEARCH_OPS.has(op) || [...value].length < SEARCH_MIN_LENGTH || /[\\%_]/.test(value)) return undefined;
  return sql<SqlBool>`${sql.ref(search.key)} in (select id from ${sql.table(search.table)} where ${sql.ref(search.column)} like lower(${cast(pattern, 'text')}))`;
}

function compileComparison(node: Cmp, fields: FilterFields): RawBuilder<SqlBool> {
  const field = lookupField(fields, node.field);
  if (field === undefined) throw invalidNode(`unknown field '${node.field}'`);
  if (!field.ops.includes(node.op)) {
    throw invalidNode(`operator '${displayOp(node.op)}' is not allowed for field '${node.field}'`);
  }
  const col = sql.ref(field.column);
  // Non-text columns are cast so text-only operations (LIKE, = '') type-check on PostgreSQL.
  const text: RawBuilder<unknown> = field.type === 'string' ? sql`${col}` : cast(col, 'text');

  if (NO_VALUE_OPS.has(node.op)) {
    if (node.values.length !== 0) throw invalidNode(`'${displayOp(node.op)}' takes no value`);
  } else if (node.op === 'in') {
    if (node.values.length === 0) throw invalidNode(`'in' needs at least one value`);
  } else if (node.values.length !== 1) {
    throw invalidNode(`'${node.op}' takes exactly one value`);
  }

  if (LIKE_OPS.has(node.op)) {
    const value = String(node.values[0]);
    const pattern = node.op === 'sw' ? `${escapeLike(value)}%` : node.op === 'ew' ? `%${escapeLike(value)}` : `%${escapeLike(value)}%`;
    if (node.op !== 'match') {
      const candidates = searchCandidates(field, node.op, value, pattern);
      return candidates === undefined ? like(text, pattern) : sql<SqlBool>`(${candidates} and ${like(text, pattern)})`;
    }
    const words = value.split(/\s+/).filter((w) => w !== '');
    if (words.length === 0) throw invalidNode(`'match' needs at least one word`);
    return sql<SqlBool>`(${sql.join(words.map((w) => like(text, `%${escapeLike(w)}%`)), sql` and `)})`;
  }

  const ci = field.caseInsensitive === true && field.type === 'string';
  const lhs: RawBuilder<unknown> = ci ? sql`lower(${col})` : sql`${col}`;
  const plain = (value: string | number | boolean): RawBuilder<unknown> => {
    const param = toParam(node.field, field, value);
    // PostgreSQL types an untyped parameter after the column, so 99.5 against an integer column would
    // fail to parse; int4-sized integers stay bare so an index on the column remains usable.
    if (typeof param === 'number' && !(Number.isInteger(param) && Math.abs(param) <= INT4_MAX)) {
      return cast(param, 'numeric');
    }
    return sql`${param}`;
  };
  const rhs = (value: string | number | boolean): RawBuilder<unknown> =>
    ci ? sql`lower(${cast(toParam(node.field, field, value), 'text')})` : plain(value);
  const first = node.values[0] ?? '';

  switch (node.op) {
    case 'isNull':
      return sql<SqlBool>`${col} is null`;
    case 'isNotNull':
      return sql<SqlBool>`${col} is not null`;
    case 'isEmpty':
      return sql<SqlBool>`(${col} is null or ${text} = '')`;
    case 'isNotEmpty':
      return sql<SqlBool>`(${col} is not null and ${text} <> '')`;
    case 'in':
      return sql<SqlBool>`${lhs} in (${sql.join(node.values.map(rhs))})`;
    case 'eq':
      return sql<SqlBool>`${lhs} = ${rhs(first)}`;
    case 'ne':
      return sql<SqlBool>`${lhs} <> ${rhs(first)}`;
    case 'lt':
      return sql<SqlBool>`${col} < ${plain(first)}`;
    case 'le':
      return sql<SqlBool>`${col} <= ${plain(first)}`;
    case 'gt':
      return sql<SqlBool>`${col} > ${plain(first)}`;
    case 'ge':
      return sql<SqlBool>`${col} >= ${plain(first)}`;
    default:
      throw invalidNode(`unsupported operator '${node.op}'`);
  }
}

function compileNode(node: FilterNode, fields: FilterFields): RawBuilder<SqlBool> {
  if (node.kind === 'cmp') return compileComparison(node, fields);
  // Flattening a chain of the same connective keeps the SQL free of one paren level per comparison.
  const kind = node.kind;
  const operands: FilterNode[] = [];
  const stack: FilterNode[] = [node];
  for (let n = stack.pop(); n !== undefined; n = stack.pop()) {
    if (n.kind !== 'cmp' && n.kind === kind) stack.push(n.right, n.left);
    else operands.push(n);
  }
  const parts = operands.map((operand) => compileNode(operand, fields));
  return sql<SqlBool>`(${sql.join(parts, kind === 'and' ? sql` and ` : sql` or `)})`;
}

export function compileFilter(node: FilterNode, fields: FilterFields): Expression<SqlBool> {
  return compileNode(node, fields);
}
