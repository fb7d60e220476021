import { toContact, type Contact } from '../contacts/index.js';
import type { AttendeeRow } from './attendees.repository.js';
import type { Attendee, AttendeeContact } from './attendees.schemas.js';

/** What the `extra` JSON column holds: reference fields that are neither filtered nor sorted on. */
export interface AttendeeExtra {
  administrator?: { id: string };
  admissionItem?: { id: string };
  registrationCancelledAt?: string;
}

export function parseExtra(json: string): AttendeeExtra {
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as AttendeeExtra) : {};
  } catch {
    return {};
  }
}

const CONTACT_KEYS = [
  'firstName', 'lastName', 'middleName', 'nickname', 'email', 'ccEmail', 'gender', 'company', 'designation', 'title', 'type',
  'primaryAddressType', 'homeAddress', 'homePhone', 'homeFax', 'workAddress', 'workPhone', 'workFax', 'sourceId', 'mobilePhone',
  'prefix', 'pager', 'deleted', 'headline', 'personalWebsite', 'biography', 'pronouns', '_links',
] as const satisfies ReadonlyArray<keyof Contact & keyof AttendeeContact>;

/** The embedded contact (the reference's AttendeeContactInfo); a purged contact shows only its id. */
export function toAttendeeContact(contact: Contact): AttendeeContact {
  if (contact.purged) return { id: contact.id };
  const out: Record<string, unknown> = { id: contact.id };
  for (const key of CONTACT_KEYS) {
    const value = contact[key];
    // The reference's embedded company must not be empty.
    if (value !== undefined && !(key === 'company' && value === '')) out[key] = value;
  }
  if (contact.optOut) out['optOut'] = { optedOut: contact.optOut.optedOut };
  return out as AttendeeContact;
}

const some = <K extends string, V>(key: K, value: V | null | undefined): { [P in K]?: V } =>
  (value === null || value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
const idRef = <K extends string>(key: K, id: string | null | undefined): { [P in K]?: { id: string } } =>
  (id ? { [key]: { id } } : {}) as { [P in K]?: { id: string } };

export function toAttendee(r: AttendeeRow): Attendee {
  const contact = toContact({
    id: r.contact_id, account_id: r.account_id, first_name: r.c_first_name, last_name: r.c_last_name, middle_name: r.c_middle_name,
    email: r.c_email, company: r.c_company, title: r.c_title, source_id: r.c_source_id, profile: r.c_profile,
    deleted: r.c_deleted, purged: r.c_purged, created: r.c_created, last_modified: r.c_last_modified,
    created_by: r.c_created_by, last_modified_by: r.c_last_modified_by,
  });
  const extra = parseExtra(r.extra);
  return {
    id: r.id,
    event: { id: r.event_id },
    confirmationNumber: r.confirmation_number,
    contact: toAttendeeContact(contact),
    checkedIn: r.checked_in === 1,
    ...some('checkIn', r.check_in),
    ...some('checkOut', r.check_out),
    ...some('duration', r.duration === null ? null : Number(r.duration)),
    ...idRef('registrationPath', r.registration_path_id),
    ...idRef('invitationList', r.invitation_list_id),
    ...idRef('registrationType', r.registration_type_id),
    ...some('referenceId', r.reference_id),
    ...some('note', r.note),
    guest: r.guest === 1,
    ...some('primaryId', r.primary_id),
    ...idRef('administrator', extra.administrator?.id),
    unsubscribed: r.unsubscribed === 1,
    status: r.status as Attendee['status'],
    ...some('registeredAt', r.registered_at),
    ...some('registrationLastModified', r.registration_last_modified),
    ...some('registrationCancelledAt', extra.registrationCancelledAt),
    ...some('invitedBy', r.invited_by as Attendee['invitedBy'] | null),
    ...some('responseMethod', r.response_method as Attendee['responseMethod'] | null),
    ...idRef('admissionItem', extra.admissionItem?.id),
    ...some('visibility', r.visibility as Attendee['visibility'] | null),
    attendeeLastModified: r.attendee_last_modified,
    created: r.created,
    createdBy: r.created_by,
    lastModified: r.eff_last_modified,
    lastModifiedBy: r.last_modified_by,
  };
}
