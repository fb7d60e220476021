import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Filter } from 'scim2-parse-filter';
import { ScimErrors } from './identity.errors.js';
import { pathParts, type ResourceNames } from './scim.definitions.js';

// Compiles a parsed SCIM filter (RFC 7644 §3.4.2.2) to one parameterised SQL
// condition over trusted column expressions: values are always parameters,
// attribute names only ever select from the map the repository hands in, and
// an attribute or operator outside it is a 400 invalidFilter. Nothing is
// filtered in memory.

/** A column a filter may compare: its SQL (trusted, from the repository) and how it compares. */
export type FilterColumn =
  | { readonly kind: 'text'; readonly sql: RawBuilder<unknown>; readonly caseExact?: boolean }
  | { readonly kind: 'boolean'; readonly sql: RawBuilder<unknown> }
  | { readonly kind: 'datetime'; readonly sql: RawBuilder<unknown> };

/**
 * A multi-valued attribute: its sub-attributes' columns, and how a condition on
 * them becomes a condition on the resource (an EXISTS over its rows, or the
 * condition itself when eventline keeps one value inline, like the one email).
 */
export interface MultiValued {
  readonly sub: Readonly<Record<string, FilterColumn>>;
  readonly wrap: (inner: RawBuilder<SqlBool>) => RawBuilder<SqlBool>;
}

export interface FilterAttributes {
  readonly names: ResourceNames;
  /** Simple attributes and sub-attributes of single complex ones, by canonical path ('userName', 'name.givenName', 'meta.created'). */
  readonly columns: Readonly<Record<string, FilterColumn>>;
  readonly multi: Readonly<Record<string, MultiValued>>;
}

type Compare = Extract<Filter, { op: 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'lt' | 'ge' | 'le' }>;
type Value = Compare['compValue'];

const TRUE = sql<SqlBool>`(1 = 1)`;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

function text(v: Value): string {
  return v === null ? '' : String(v);
}

function invalid(message: string): Error {
  return ScimErrors.invalidFilter(message);
}

function booleanOf(v: Value, attribute: string): number {
  if (typeof v === 'boolean') return v ? 1 : 0;
  // Entra ID sends booleans as the strings "True" and "False".
  if (typeof v === 'string' && /^(true|false)$/i.test(v)) return v.toLowerCase() === 'true' ? 1 : 0;
  throw invalid(`'${attribute}' is a boolean: compare it with true or false`);
}

function dateOf(v: Value, attribute: string): string {
  const d = typeof v === 'string' ? new Date(v) : undefined;
  if (!d || Number.isNaN(d.getTime())) throw invalid(`'${attribute}' is a dateTime: compare it with an RFC 3339 date-time string`);
  return d.toISOString();
}

function comparison(col: FilterColumn, op: Compare['op'], value: Value, attribute: string): RawBuilder<SqlBool> {
  if (col.kind === 'boolean') {
    if (op !== 'eq' && op !== 'ne') throw invalid(`'${attribute}' is a boolean: only eq and ne compare it`);
    const b = booleanOf(value, attribute);
    return op === 'eq' ? sql<SqlBool>`${col.sql} = ${b}` : sql<SqlBool>`${col.sql} <> ${b}`;
  }
  if (col.kind === 'datetime') {
    if (op === 'co' || op === 'sw' || op === 'ew') throw invalid(`'${attribute}' is a dateTime: compare it with eq, ne, gt, ge, lt or le`);
    const d = dateOf(value, attribute);
    switch (op) {
      case 'eq': return sql<SqlBool>`${col.sql} = ${d}`;
      case 'ne': return sql<SqlBool>`(${col.sql} is null or ${col.sql} <> ${d})`;
      case 'gt': return sql<SqlBool>`${col.sql} > ${d}`;
      case 'ge': return sql<SqlBool>`${col.sql} >= ${d}`;
      case 'lt': return sql<SqlBool>`${col.sql} < ${d}`;
      default: return sql<SqlBool>`${col.sql} <= ${d}`;
    }
  }
  if (value === null && (op === 'eq' || op === 'ne')) {
    const absent = sql<SqlBool>`(${col.sql} is null or ${col.sql} = '')`;
    return op === 'eq' ? absent : sql<SqlBool>`not ${absent}`;
  }
  if (typeof value === 'boolean' || value === null) throw invalid(`'${attribute}' is a string: compare it with a string`);
  const v = text(value);
  const exact = col.caseExact === true;
  // The casts give PostgreSQL a type for lower() and LIKE; ESCAPE makes '\' the escape on both databases.
  const lhs = exact ? col.sql : sql`lower(${col.sql})`;
  const rhs = (s: string) => (exact ? sql`cast(${s} as text)` : sql`lower(cast(${s} as text))`);
  const like = (pattern: string) => sql<SqlBool>`lower(${col.sql}) like lower(cast(${pattern} as text)) escape '\\'`;
  switch (op) {
    case 'eq': return sql<SqlBool>`${lhs} = ${rhs(v)}`;
    case 'ne': return sql<SqlBool>`(${col.sql} is null or ${lhs} <> ${rhs(v)})`;
    case 'co': return like(`%${escapeLike(v)}%`);
    case 'sw': return like(`${escapeLike(v)}%`);
    case 'ew': return like(`%${escapeLike(v)}`);
    case 'gt': return sql<SqlBool>`${lhs} > ${rhs(v)}`;
    case 'ge': return sql<SqlBool>`${lhs} >= ${rhs(v)}`;
    case 'lt': return sql<SqlBool>`${lhs} < ${rhs(v)}`;
    default: return sql<SqlBool>`${lhs} <= ${rhs(v)}`;
  }
}

function present(col: FilterColumn): RawBuilder<SqlBool> {
  if (col.kind === 'boolean') return TRUE;
  if (col.kind === 'datetime') return sql<SqlBool>`${col.sql} is not null`;
  return sql<SqlBool>`(${col.sql} is not null and ${col.sql} <> '')`;
}

interface Scope {
  readonly columns: Readonly<Record<string, FilterColumn>>;
  /** Inside a value filter (`emails[...]`) names are the attribute's sub-attributes; the label says whose. */
  readonly within?: string;
}

export function compileScimFilter(filter: Filter, attrs: FilterAttributes): RawBuilder<SqlBool> {
  return compile(filter, attrs, { columns: attrs.columns });
}

/** Where an attribute path leads: a column, or a sub-attribute of a multi-valued attribute. */
function resolve(attrPath: string, attrs: FilterAttributes, scope: Scope): { col: FilterColumn; multi?: MultiValued } {
  if (scope.within !== undefined) {
    const col = scope.columns[attrPath] ?? Object.entries(scope.columns).find(([k]) => k.toLowerCase() === attrPath.toLowerCase())?.[1];
    if (!col) throw invalid(`'${scope.within}.${attrPath}' is not a filterable attribute`);
    return { col };
  }
  const p = pathParts(attrs.names, attrPath);
  if (!p || p.attribute === undefined || p.filter !== undefined) throw invalid(`'${attrPath.slice(0, 200)}' is not a filterable attribute`);
  if (p.extension !== undefined) throw invalid(`'${attrPath.slice(0, 200)}' is not a filterable attribute (extension attributes cannot be filtered)`);
  const multi = attrs.multi[p.attribute];
  if (multi) {
    // `emails co "x"` compares the default sub-attribute, value (RFC 7644 §3.4.2.2).
    const subName = p.sub ?? 'value';
    const col = multi.sub[subName];
    if (!col) throw invalid(`'${p.attribute}.${subName}' is not a filterable attribute`);
    return { col, multi };
  }
  const key = p.sub !== undefined ? `${p.attribute}.${p.sub}` : p.attribute;
  const col = attrs.columns[key];
  if (!col) throw invalid(`'${key}' is not a filterable attribute`);
  return { col };
}

function compile(f: Filter, attrs: FilterAttributes, scope: Scope): RawBuilder<SqlBool> {
  switch (f.op) {
    case 'and':
    case 'or': {
      const parts = f.filters.map((x) => compile(x, attrs, scope));
      return sql<SqlBool>`(${sql.join(parts, f.op === 'and' ? sql` and ` : sql` or `)})`;
    }
    case 'not':
      // A comparison with an absent value is unknown (NULL) in SQL; `not` of it must be true.
      return sql<SqlBool>`not coalesce(${compile(f.filter, attrs, scope)}, false)`;
    case '[]': {
      if (scope.within !== undefined) throw invalid('Value filters cannot be nested');
      const p = pathParts(attrs.names, f.attrPath);
      const multi = p?.attribute !== undefined && p.extension === undefined && p.sub === undefined ? attrs.multi[p.attribute] : undefined;
      if (!multi || p?.attribute === undefined) throw invalid(`'${f.attrPath.slice(0, 200)}' is not a filterable multi-valued attribute`);
      return multi.wrap(compile(f.valFilter, attrs, { columns: multi.sub, within: p.attribute }));
    }
    case 'pr': {
      const r = resolve(f.attrPath, attrs, scope);
      const cond = present(r.col);
      return r.multi && scope.within === undefined ? r.multi.wrap(cond) : cond;
    }
    default: {
      const r = resolve(f.attrPath, attrs, scope);
      const cond = comparison(r.col, f.op, f.compValue, f.attrPath);
      return r.multi && scope.within === undefined ? r.multi.wrap(cond) : cond;
    }
  }
}
