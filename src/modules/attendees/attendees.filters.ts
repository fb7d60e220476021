import { defineList, type FilterField, type FilterFields, type FilterOp, type FilterValueType } from '../../lists/index.js';
import { ATTENDEES_COUNTS, type JoinedAttendeeRow } from './attendees.repository.js';

// Exactly the fields and operators the reference's GET /attendees filter
// lists (DESIGN rule 6), for the fields eventline stores. Columns are those of
// the repository's derived table `a` (attendee joined with its contact).
// Contact names and emails compare case-insensitively.
const eqne = ['eq', 'ne'] as const;
const range = ['eq', 'ne', 'lt', 'le', 'gt', 'ge'] as const;
const field = (type: FilterValueType, ops: readonly FilterOp[], caseInsensitive = false) => (column: string): FilterField =>
  ({ column, type, ops, ...(caseInsensitive ? { caseInsensitive } : {}) });
const id = field('uuid', eqne);
const text = field('string', eqne);
const flag = field('boolean', eqne);
const time = field('datetime', range);
const contactText = field('string', ['eq', 'ne', 'sw'], true);
/** An attendee's own column with an index (account_id, column, id) of migration 0022. */
const indexedId = (column: string): FilterField => ({ ...id(column), indexed: true });
/** A contact field answered from the contacts' indexes (migration 0023): eq by (account, lower(field), id), sw by its trigrams. */
const contactIndexed = (column: string, searchColumn: string): FilterField =>
  ({ ...contactText(column), indexed: true, search: { table: 'contacts_search', column: searchColumn, key: 'a.contact_id' } });

export const ATTENDEE_FILTER_FIELDS: FilterFields = {
  'event.id': indexedId('a.event_id'),
  id: id('a.id'),
  confirmationNumber: text('a.confirmation_number'),
  checkedIn: flag('a.checked_in'),
  checkIn: time('a.check_in'),
  checkOut: time('a.check_out'),
  'registrationPath.id': id('a.registration_path_id'),
  'invitationList.id': id('a.invitation_list_id'),
  'registrationType.id': field('uuid', ['eq', 'ne', 'isNull', 'isNotNull', 'isEmpty', 'isNotEmpty'])('a.registration_type_id'),
  referenceId: text('a.reference_id'),
  note: text('a.note'),
  guest: flag('a.guest'),
  unsubscribed: flag('a.unsubscribed'),
  registeredAt: time('a.registered_at'),
  registrationLastModified: time('a.registration_last_modified'),
  invitedBy: text('a.invited_by'),
  responseMethod: text('a.response_method'),
  status: { ...text('a.status'), indexed: true },
  lastModified: time('a.eff_last_modified'),
  created: time('a.created'),
  'contact.id': id('a.contact_id'),
  visibility: text('a.visibility'),
  'contact.title': contactText('a.c_title'),
  'contact.company': contactText('a.c_company'),
  'contact.firstName': contactIndexed('a.c_first_name', 'first_name'),
  'contact.lastName': contactIndexed('a.c_last_name', 'last_name'),
  'contact.email': contactIndexed('a.c_email', 'email'),
  attendeeLastModified: time('a.attendee_last_modified'),
  'contact.deleted': flag('a.c_deleted'),
  primaryId: id('a.primary_id'),
};

/** Sortable fields (the reference's sort7) → sort keys of the derived table (NULLs read as ''). */
export const ATTENDEES_LIST = defineList<JoinedAttendeeRow>({
  name: 'attendees',
  filters: ATTENDEE_FILTER_FIELDS,
  sortable: {
    'contact.firstName': { column: 'a.s_first_name', value: (r) => r.s_first_name },
    'contact.lastName': { column: 'a.s_last_name', value: (r) => r.s_last_name },
    'contact.title': { column: 'a.s_title', value: (r) => r.s_title },
    'contact.company': { column: 'a.s_company', value: (r) => r.s_company },
    registeredAt: { column: 'a.s_registered_at', value: (r) => r.s_registered_at },
    checkIn: { column: 'a.s_check_in', value: (r) => r.s_check_in },
  },
  order: [{ column: 'a.id', value: (r) => r.id }],
  window: 'a.eff_last_modified',
  // Kept by triggers on attendees (migration 0022): the whole list, and each event's attendees.
  counts: { list: ATTENDEES_COUNTS, fields: { 'event.id': 'event:' } },
});
