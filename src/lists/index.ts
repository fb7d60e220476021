// Lists: the reference's filter grammar, keyset paging, page tokens and one
// listPage() pipeline. A module declares each list once with defineList().
export { FilterError, parseFilter, compileFilter } from './filter/index.js';
export type { FilterField, FilterFields, FilterNode, FilterOp, FilterValueType } from './filter/index.js';
export { EQ_NE, RANGE, filterColumns, indexedFiltersNote, type ColumnOptions } from './fields.js';
export { keysetAfter, orderDirection, type CursorValue, type OrderColumn, type SortDirection } from './keyset.js';
export { fetchPage, type ListSpec, type PageResult } from './fetch.js';
export { COUNT_BOUND, keptCounter, type KeptCounter, type KeptCounts } from './counts.js';
export { filterCondition, sortOrder, type ListKey, type SortKey } from './sort.js';
export { buildPaging, pageRequest, tokenList, DEFAULT_LIMIT, MAX_LIMIT, type ListQuery, type PageRequest, type Paging } from './paging.js';
export { defineList, listPage, type ListDefinition } from './list.js';
