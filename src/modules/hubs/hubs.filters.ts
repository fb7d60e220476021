import { defineList, filterColumns } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

/** GET /hubs: `id (eq|ne)`, in the order they were created. */
export const HUBS_LIST = defineList<Row<'hubs'>>({
  name: 'hubs',
  filters: { id: filterColumns('hubs').field('id', 'uuid', { ops: ['eq', 'ne'] }) },
  order: [{ column: 'hubs.id', value: (r) => r.id }],
});

const m = filterColumns('hub_members');
const CONTAINS = { ops: ['contains'] } as const;
const key = (column: keyof Row<'hub_members'> & string) => ({ column: `hub_members.${column}`, value: (r: Row<'hub_members'>) => String(r[column] ?? '') });
/** GET /hubs/{hubId}/members: `contains` on the reference's fields; sortable by them and registrationDate (not lastLoginDate: often empty). */
export const hubMembersList = (hubId: string) => defineList<Row<'hub_members'>>({
  name: `hub-members:${hubId}`,
  filters: {
    firstName: m.field('first_name', 'string', CONTAINS),
    lastName: m.field('last_name', 'string', CONTAINS),
    emailAddress: m.field('email', 'string', CONTAINS),
    jobTitle: m.field('job_title', 'string', CONTAINS),
    companyName: m.field('company_name', 'string', CONTAINS),
    designation: m.field('designation', 'string', CONTAINS),
    'workAddress.city': m.field('work_city', 'string', CONTAINS),
    'workAddress.state': m.field('work_state', 'string', CONTAINS),
    'workAddress.country': m.field('work_country', 'string', CONTAINS),
  },
  sortable: {
    firstName: key('first_name'), lastName: key('last_name'), emailAddress: key('email'), jobTitle: key('job_title'), designation: key('designation'),
    'workAddress.city': key('work_city'), 'workAddress.state': key('work_state'), 'workAddress.country': key('work_country'), companyName: key('company_name'),
    registrationDate: key('registration_date'),
  },
  order: [{ column: 'hub_members.id', value: (r) => r.id }],
});
