import { defineList, filterColumns } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators the reference's `filter` lists (DESIGN rule 6). `after` / `before` bound lastModified.

const group = filterColumns('contact_groups');
/** GET /contact-groups: `name (eq|ne|sw|contains)`, `type (eq)`. */
export const CONTACT_GROUPS_LIST = defineList<Row<'contact_groups'>>({
  name: 'contact-groups',
  filters: {
    name: group.field('name', 'string', { ops: ['eq', 'ne', 'sw', 'contains'] }),
    type: group.field('type', 'string', { ops: ['eq'] }),
  },
  order: [{ column: 'contact_groups.id', value: (r) => r.id }],
  window: 'contact_groups.last_modified',
});

/** GET /contact-groups/{id}/contacts: paging only, in the order the contacts were added. */
export const groupMembersList = (groupId: string) => defineList<Row<'contact_group_members'>>({
  name: `contact-group-members:${groupId}`,
  filters: {},
  order: [{ column: 'contact_group_members.id', value: (r) => r.id }],
});

const type = filterColumns('contact_types');
/** GET /contact-types: `name (eq|ne|sw|contains)`, one filter only. */
export const CONTACT_TYPES_LIST = defineList<Row<'contact_types'>>({
  name: 'contact-types',
  filters: { name: type.field('name', 'string', { ops: ['eq', 'ne', 'sw', 'contains'] }) },
  order: [{ column: 'contact_types.id', value: (r) => r.id }],
});
