import { defineList, type FilterFields } from '../../lists/index.js';
import type { AttendeeRow } from './attendees.repository.js';

// Exactly the fields and operators the reference's GET /attendees filter
// lists (DESIGN rule 6), for the fields eventline stores. Columns are those of
// the repository's derived table `a` (attendee joined with its contact).
// Contact names and emails compare case-insensitively.
const eqne = ['eq', 'ne'] as const;
const range = ['eq', 'ne', 'lt', 'le', 'gt', 'ge'] as const;
const eqnesw = ['eq', 'ne', 'sw'] as const;

export const ATTENDEE_FILTER_FIELDS: FilterFields = {
  'event.id': { column: 'a.event_id', type: 'uuid', ops: eqne },
  id: { column: 'a.id', type: 'uuid', ops: eqne },
  confirmationNumber: { column: 'a.confirmation_number', type: 'string', ops: eqne },
  checkedIn: { column: 'a.checked_in', type: 'boolean', ops: eqne },
  checkIn: { column: 'a.check_in', type: 'datetime', ops: range },
  checkOut: { column: 'a.check_out', type: 'datetime', ops: range },
  'registrationPath.id': { column: 'a.registration_path_id', type: 'uuid', ops: eqne },
  'invitationList.id': { column: 'a.invitation_list_id', type: 'uuid', ops: eqne },
  'registrationType.id': { column: 'a.registration_type_id', type: 'uuid', ops: ['eq', 'ne', 'isNull', 'isNotNull', 'isEmpty', 'isNotEmpty'] },
  referenceId: { column: 'a.reference_id', type: 'string', ops: eqne },
  note: { column: 'a.note', type: 'string', ops: eqne },
  guest: { column: 'a.guest', type: 'boolean', ops: eqne },
  unsubscribed: { column: 'a.unsubscribed', type: 'boolean', ops: eqne },
  registeredAt: { column: 'a.registered_at', type: 'datetime', ops: range },
  registrationLastModified: { column: 'a.registration_last_modified', type: 'datetime', ops: range },
  invitedBy: { column: 'a.invited_by', type: 'string', ops: eqne },
  responseMethod: { column: 'a.response_method', type: 'string', ops: eqne },
  status: { column: 'a.status', type: 'string', ops: eqne },
  lastModified: { column: 'a.eff_last_modified', type: 'datetime', ops: range },
  created: { column: 'a.created', type: 'datetime', ops: range },
  'contact.id': { column: 'a.contact_id', type: 'uuid', ops: eqne },
  visibility: { column: 'a.visibility', type: 'string', ops: eqne },
  'contact.title': { column: 'a.c_title', type: 'string', ops: eqnesw, caseInsensitive: true },
  'contact.company': { column: 'a.c_company', type: 'string', ops: eqnesw, caseInsensitive: true },
  'contact.firstName': { column: 'a.c_first_name', type: 'string', ops: eqnesw, caseInsensitive: true },
  'contact.lastName': { column: 'a.c_last_name', type: 'string', ops: eqnesw, caseInsensitive: true },
  'contact.email': { column: 'a.c_email', type: 'string', ops: eqnesw, caseInsensitive: true },
  attendeeLastModified: { column: 'a.attendee_last_modified', type: 'datetime', ops: range },
  'contact.deleted': { column: 'a.c_deleted', type: 'boolean', ops: eqne },
  primaryId: { column: 'a.primary_id', type: 'uuid', ops: eqne },
};

/** Sortable fields (the reference's sort7) → sort keys of the derived table (NULLs read as ''). */
export const ATTENDEES_LIST = defineList<AttendeeRow>({
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
});
