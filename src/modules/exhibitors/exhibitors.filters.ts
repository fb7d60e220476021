import { defineList, filterColumns, parseFilter, type FilterFields, type FilterNode } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators the reference's GET /events/{id}/exhibitors lists (DESIGN rule 6).
const { field } = filterColumns('exhibitors');
export const EXHIBITOR_FILTER_FIELDS: FilterFields = {
  hidden: field('hidden', 'boolean', { ops: ['eq'] }),
  deleted: field('deleted', 'boolean', { ops: ['eq'] }),
  id: field('id', 'uuid', { ops: ['in'] }),
};

/** The exhibitors of one event: page tokens name the event, so they cannot page another's. */
export const exhibitorsList = (eventId: string) => defineList<Row<'exhibitors'>>({
  name: `exhibitors:${eventId}`,
  filters: EXHIBITOR_FILTER_FIELDS,
  order: [{ column: 'exhibitors.id', value: (r) => r.id }],
  window: 'exhibitors.last_modified',
});

function names(node: FilterNode, field: string): boolean {
  return node.kind === 'cmp' ? node.field === field : names(node.left, field) || names(node.right, field);
}

/** Deleted exhibitors are listed only when the filter asks about `deleted` (as the reference's example does). */
export function filterNamesDeleted(filter: string | undefined): boolean {
  return filter !== undefined && filter.trim() !== '' && names(parseFilter(filter, EXHIBITOR_FILTER_FIELDS), 'deleted');
}

/** A list of ids (a category's exhibitors, an exhibitor's categories) takes no filter. */
export const ID_LIST_FILTER_FIELDS: FilterFields = {};

/** A list of ids (a category's exhibitors, an exhibitor's categories), in id order. */
export const idList = (name: string, column: string) => defineList<{ id: string }>({
  name,
  filters: ID_LIST_FILTER_FIELDS,
  order: [{ column, value: (r) => r.id }],
});
