import { sql, type SqlBool } from 'kysely';
import type { FilterFields } from './filter/index.js';
import type { ListSpec, PageResult } from './fetch.js';
import { buildPaging, pageRequest, type ListQuery, type PageRequest, type Paging } from './paging.js';
import { filterCondition, sortOrder, type ListKey } from './sort.js';

/**
 * A list operation, declared once by its module: which filter fields and
 * operators it accepts, how it may be sorted, what `after`/`before` bound.
 */
export interface ListDefinition<Row> {
  /** Binds page tokens to this list: a token of another list is refused. */
  readonly name: string;
  readonly filters: FilterFields;
  /** Sort fields the reference lists for the operation (`sort=start:DESC`). */
  readonly sortable?: Readonly<Record<string, ListKey<Row>>>;
  /** The default order, also the tail that makes any order total (ends with the id). */
  readonly order: readonly ListKey<Row>[];
  /** The trusted column that `after` and `before` bound; a list without one (bulk results) ignores them. */
  readonly window?: string;
  /** `after` / `before` include their bound (the enrollment list's after_inclusive). */
  readonly inclusiveWindow?: boolean;
  readonly maxLimit?: number;
}

export function defineList<Row>(def: ListDefinition<Row>): ListDefinition<Row> {
  return def;
}

/** The id in the role of a list key: the usual tail of an order. */
export function key<Row>(column: string, value: ListKey<Row>['value']): ListKey<Row> {
  return { column, value };
}

/** Turns one page request of a list into the repository's ListSpec. */
function listSpec<Row>(def: ListDefinition<Row>, req: PageRequest): ListSpec & { readonly keys: ReturnType<typeof sortOrder<Row>> } {
  const conditions = [];
  if (req.filter !== undefined) conditions.push(filterCondition(req.filter, def.filters));
  const col = sql.ref(def.window ?? '');
  if (def.window !== undefined && req.after !== undefined) conditions.push(def.inclusiveWindow ? sql<SqlBool>`${col} >= ${req.after}` : sql<SqlBool>`${col} > ${req.after}`);
  if (def.window !== undefined && req.before !== undefined) conditions.push(def.inclusiveWindow ? sql<SqlBool>`${col} <= ${req.before}` : sql<SqlBool>`${col} < ${req.before}`);
  const keys = sortOrder(req.sort, def.sortable ?? {}, def.order);
  return {
    conditions, order: keys, keys, cursor: req.cursor, reverse: req.direction === 'prev', limit: req.limit,
    ...(req.knownTotal !== undefined ? { knownTotal: req.knownTotal } : {}),
  };
}

/**
 * The whole list pipeline: query (or token) -> page request -> filter, window
 * and order -> the repository's page -> the paging envelope and mapped items.
 * `href` is the absolute URL of the list operation, for `_links`.
 */
export async function listPage<Row, Item>(
  def: ListDefinition<Row>,
  query: ListQuery,
  fetch: (spec: ListSpec, req: PageRequest) => Promise<PageResult<Row>>,
  map: (row: Row) => Item,
  href: string,
): Promise<{ paging: Paging; data: Item[] }> {
  const req = pageRequest(def.name, query, def.maxLimit);
  const spec = listSpec(def, req);
  const result = await fetch(spec, req);
  const paging = buildPaging(req, result, (row) => spec.keys.map((k) => k.value(row)), href);
  return { paging, data: result.rows.map(map) };
}
