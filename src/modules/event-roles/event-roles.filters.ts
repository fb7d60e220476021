import { defineList, filterColumns } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

const a = filterColumns('event_role_assignments');
/** GET /event-roles/assignments: `event.id (eq)`, `eventRole.id (eq)`, `user.id (eq)`; in the order they were made. */
export const ASSIGNMENTS_LIST = defineList<Row<'event_role_assignments'>>({
  name: 'event-role-assignments',
  filters: {
    'event.id': a.field('event_id', 'uuid', { ops: ['eq'] }),
    'eventRole.id': a.field('role_id', 'uuid', { ops: ['eq'] }),
    'user.id': a.field('user_id', 'uuid', { ops: ['eq'] }),
  },
  order: [{ column: 'event_role_assignments.id', value: (r) => r.id }],
});
