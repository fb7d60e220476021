import { defineList, filterColumns, type FilterFields } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators the reference's GET /account-user-groups lists (DESIGN rule 6).
const { field, audit } = filterColumns('user_groups');
const TEXT_OPS = ['in', 'eq', 'ne', 'sw', 'ew', 'co'] as const;
export const USER_GROUP_FILTER_FIELDS: FilterFields = {
  name: field('name', 'string', { ops: TEXT_OPS, caseInsensitive: true }),
  createdBy: field('created_by', 'string', { ops: TEXT_OPS }),
  lastModifiedBy: field('last_modified_by', 'string', { ops: TEXT_OPS }),
  ...audit(),
};

export const USER_GROUPS_LIST = defineList<Row<'user_groups'>>({
  name: 'account-user-groups',
  filters: USER_GROUP_FILTER_FIELDS,
  // UUIDv7 ids follow creation order: groups come oldest first, the three role groups of a new account at the top.
  order: [{ column: 'user_groups.id', value: (r) => r.id }],
});
