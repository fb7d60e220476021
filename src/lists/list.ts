import { sql, type SqlBool } from 'kysely';
import type { KeptCounts } from './counts.js';
import { parseFilter, type FilterFields } from './filter/index.js';
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
  /** The kept counts of the list (migration 0022), when it promises an exact totalCount at any size. */
  readonly counts?: KeptCounts;
}

export function defineList<Row>(def: ListDefinition<Row>): ListDefinition<Row> {
  return def;
}

/** The id in the role of a list key: the usual tail of an order. */
export function key<Row>(column: string, value: ListKey<Row>['value']): ListKey<Row> {
  return { column, value };
}

/**
 * The kept count's scope that answers this first page's totalCount: '' unfiltered, `<prefix><value>` for a filter
 * that is exactly one `field eq 'value'` on a kept field; undefined for anything else (`after`/`before` included).
 */
function countScope<Row>(def: ListDefinition<Row>, req: PageRequest): string | undefined {
  if (def.counts === undefined || req.after !== undefined || req.before !== undefined) return undefined;
  if (req.filter === undefined) return '';
  const node = parseFilter(req.filter, def.filters);
  if (node.kind !== 'cmp' || node.op !== 'eq' || node.values.length !== 1) return undefined;
  const prefix = Object.hasOwn(def.counts.fields, node.field) ? def.counts.fields[node.field] : undefined;
  const field = def.filters[node.field];
  // Kept scopes hold the column's exact value: a case-folding comparison would match other values too.
  if (prefix === undefined || field === undefined || field.caseInsensitive === true) return undefined;
  return `${prefix}${String(node.values[0])}`;
}

/** Turns one page request of a list into the repository's ListSpec. */
function listSpec<Row>(def: ListDefinition<Row>, req: PageRequest): ListSpec & { readonly keys: ReturnType<typeof sortOrder<Row>> } {
  const conditions = [];
  if (req.filter !== undefined) conditions.push(filterCondition(req.filter, def.filters));
  const col = sql.ref(def.window ?? '');
  if (def.window !== undefined && req.after !== undefined) conditions.push(def.inclusiveWindow ? sql<SqlBool>`${col} >= ${req.after}` : sql<SqlBool>`${col} > ${req.after}`);
  if (def.window !== undefined && req.before !== undefined) conditions.push(def.inclusiveWindow ? sql<SqlBool>`${col} <= ${req.before}` : sql<SqlBool>`${col} < ${req.before}`);
  const keys = sortOrder(req.sort, def.sortable ?? {}, def.order);
  const scope = req.knownTotal === undefined ? countScope(def, req) : undefined;
  return {
    conditions, order: keys, keys, cursor: req.cursor, reverse: req.direction === 'prev', limit: req.limit,
    ...(req.knownTotal !== undefined ? { knownTotal: req.knownTotal } : {}),
    ...(scope !== undefined ? { countScope: scope } : {}),
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
