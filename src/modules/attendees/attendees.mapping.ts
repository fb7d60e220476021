import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import type { Contact } from '../contacts/index.js';
import { some } from '../mapping.js';
import type { JoinedAttendeeRow } from './attendees.repository.js';
import type { Attendee, AttendeeContact } from './attendees.schemas.js';

const IdRef = Type.Object({ id: Type.String() });
/** What the `extra` JSON column holds: reference fields that are neither filtered nor sorted on. */
const AttendeeExtraSchema = Type.Object({
  administrator: Type.Optional(IdRef),
  admissionItem: Type.Optional(IdRef),
  registrationCancelledAt: Type.Optional(Type.String()),
});
export type AttendeeExtra = Static<typeof AttendeeExtraSchema>;

export function parseExtra(json: string): AttendeeExtra {
  try {
    const v: unknown = JSON.parse(json);
    return Value.Check(AttendeeExtraSchema, v) ? v : {};
  } catch {
    return {};
  }
}

const CONTACT_KEYS = [
  'firstName', 'lastName', 'middleName', 'nickname', 'email', 'ccEmail', 'gender', 'company', 'designation', 'title', 'type',
  'primaryAddressType', 'homeAddress', 'homePhone', 'homeFax', 'workAddress', 'workPhone', 'workFax', 'sourceId', 'mobilePhone',
  'prefix', 'pager', 'deleted', 'headline', 'personalWebsite', 'biography', 'pronouns', '_links',
] as const satisfies ReadonlyArray<keyof Contact & keyof AttendeeContact>;
type EmbeddedKey = (typeof CONTACT_KEYS)[number];
type Embedded = { [K in EmbeddedKey]?: Contact[K] };

function copyField<K extends EmbeddedKey>(to: Embedded, from: Contact, key: K): void {
  const value = from[key];
  // The reference's embedded company must not be empty.
  if (value !== undefined && !(key === 'company' && value === '')) to[key] = value;
}

/** The embedded contact (the reference's AttendeeContactInfo); a purged contact shows only its id. */
export function toAttendeeContact(contact: Contact): AttendeeContact {
  if (contact.purged) return { id: contact.id };
  const fields: Embedded = {};
  for (const key of CONTACT_KEYS) copyField(fields, contact, key);
  return { id: contact.id, ...fields, ...(contact.optOut ? { optOut: { optedOut: contact.optOut.optedOut } } : {}) };
}

const idRef = <K extends string>(key: K, id: string | null | undefined) => some(key, id ? { id } : null);

/** An attendee in the reference's shape, with its contact (read through the contacts module) embedded. */
export function toAttendee(r: JoinedAttendeeRow, contact: Contact | undefined): Attendee {
  const extra = parseExtra(r.extra);
  return {
    id: r.id,
    event: { id: r.event_id },
    confirmationNumber: r.confirmation_number,
    contact: contact ? toAttendeeContact(contact) : { id: r.contact_id },
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
    status: r.status,
    ...some('registeredAt', r.registered_at),
    ...some('registrationLastModified', r.registration_last_modified),
    ...some('registrationCancelledAt', extra.registrationCancelledAt),
    ...some('invitedBy', r.invited_by),
    ...some('responseMethod', r.response_method),
    ...idRef('admissionItem', extra.admissionItem?.id),
    ...some('visibility', r.visibility),
    attendeeLastModified: r.attendee_last_modified,
    created: r.created,
    createdBy: r.created_by,
    lastModified: r.eff_last_modified,
    lastModifiedBy: r.last_modified_by,
  };
}
