import { defineList, type FilterFields } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators the reference's GET /contacts filter lists
// (DESIGN rule 6), for the fields eventline stores. Columns are those of the
// repository's derived table `c` (profile fields extracted from JSON). Strings
// compare case-insensitively, like the reference's email and name lookups.
const eqne = ['eq', 'ne'] as const;
const range = ['eq', 'ne', 'lt', 'le', 'gt', 'ge'] as const;
const search = ['eq', 'ne', 'contains', 'sw'] as const;
const ci = (column: string, ops: FilterFields[string]['ops'] = eqne) => ({ column, type: 'string' as const, ops, caseInsensitive: true });
/** A field with an index for eq (account, lower(column), id) and a trigram index for sw and contains (migration 0023). */
const indexed = (column: string) => ({ ...ci(`c.${column}`, search), indexed: true, search: { table: 'contacts_search', column, key: 'c.id' } });

export const CONTACT_FILTER_FIELDS: FilterFields = {
  id: { column: 'c.id', type: 'uuid', ops: eqne },
  sourceId: { column: 'c.source_id', type: 'string', ops: eqne },
  firstName: indexed('first_name'),
  lastName: indexed('last_name'),
  email: indexed('email'),
  ccEmail: ci('c.p_cc_email'),
  company: ci('c.company'),
  'type.id': { column: 'c.p_type_id', type: 'uuid', ops: eqne },
  nickname: ci('c.p_nickname'),
  title: ci('c.title'),
  workPhone: ci('c.p_work_phone'),
  middleName: ci('c.middle_name'),
  mobilePhone: ci('c.p_mobile_phone'),
  homeFax: ci('c.p_home_fax'),
  designation: ci('c.p_designation'),
  homePhone: ci('c.p_home_phone'),
  pager: ci('c.p_pager'),
  workFax: ci('c.p_work_fax'),
  lastModifiedBy: { column: 'c.last_modified_by', type: 'string', ops: eqne },
  lastModified: { column: 'c.last_modified', type: 'datetime', ops: range },
  created: { column: 'c.created', type: 'datetime', ops: range },
  createdBy: { column: 'c.created_by', type: 'string', ops: eqne },
  'workAddress.address1': ci('c.p_work_address1'),
  'workAddress.address2': ci('c.p_work_address2'),
  'workAddress.address3': ci('c.p_work_address3'),
  'workAddress.city': ci('c.p_work_city'),
  'homeAddress.address1': ci('c.p_home_address1'),
  'homeAddress.address2': ci('c.p_home_address2'),
  'homeAddress.address3': ci('c.p_home_address3'),
  'homeAddress.city': ci('c.p_home_city'),
  deleted: { column: 'c.deleted', type: 'boolean', ops: eqne },
  'optOut.optedOut': { column: 'c.p_opted_out', type: 'boolean', ops: eqne },
};

/** With includePurged=true the reference allows filtering by id only. */
export const PURGED_FILTER_FIELDS: FilterFields = { id: CONTACT_FILTER_FIELDS['id']! };

export const CONTACTS_LIST = defineList<Row<'contacts'>>({
  name: 'contacts',
  filters: CONTACT_FILTER_FIELDS,
  order: [{ column: 'c.id', value: (r) => r.id }],
  window: 'c.last_modified',
});

/** includePurged=true: a list of its own, so the choice travels inside the paging token. */
export const CONTACTS_PURGED_LIST = defineList<Row<'contacts'>>({ ...CONTACTS_LIST, name: 'contacts+purged', filters: PURGED_FILTER_FIELDS });
