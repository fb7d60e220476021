import { some } from '../mapping.js';
import type { Address, Contact, ContactInput } from './contacts.schemas.js';
import type { Row } from '../../db/types.js';

/** What the `profile` JSON column holds: the reference's Contact fields without a column of their own. */
export interface ContactProfile {
  nickname?: string;
  ccEmail?: string;
  gender?: NonNullable<Contact['gender']>;
  designation?: string;
  type?: { id: string };
  primaryAddressType?: NonNullable<Contact['primaryAddressType']>;
  homeAddress?: Address;
  homePhone?: string;
  homeFax?: string;
  workAddress?: Address;
  workPhone?: string;
  workFax?: string;
  mobilePhone?: string;
  prefix?: string;
  pager?: string;
  npi?: string;
  _links?: NonNullable<Contact['_links']>;
  headline?: string;
  personalWebsite?: string;
  biography?: string;
  pronouns?: string;
  optOut?: { optedOut: boolean; date?: string };
}

const PROFILE_KEYS = [
  'nickname', 'ccEmail', 'gender', 'designation', 'type', 'primaryAddressType', 'homeAddress', 'homePhone', 'homeFax',
  'workAddress', 'workPhone', 'workFax', 'mobilePhone', 'prefix', 'pager', 'npi', '_links', 'headline', 'personalWebsite',
  'biography', 'pronouns',
] as const satisfies ReadonlyArray<keyof ContactProfile>;
type ProfileKey = (typeof PROFILE_KEYS)[number];
/** Anything that carries profile fields: a stored profile, or a contact being written. */
type ProfileSource = { readonly [K in ProfileKey]?: ContactProfile[K] | null };

export function isJsonObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function parseProfile(json: string): ContactProfile {
  try {
    const v: unknown = JSON.parse(json);
    // Only toColumns writes this column, from a validated contact: its shape is trusted here.
    return isJsonObject(v) ? (v as ContactProfile) : {};
  } catch {
    return {};
  }
}

function copyField<K extends ProfileKey>(to: ContactProfile, from: ProfileSource, key: K): void {
  const value = from[key];
  if (value !== undefined && value !== null) to[key] = value;
}

/** The profile fields a contact shows, without leftovers of other keys or nulls. */
function pickProfile(p: ProfileSource): ContactProfile {
  const out: ContactProfile = {};
  for (const key of PROFILE_KEYS) copyField(out, p, key);
  return out;
}

/** The contact fields that have their own column (the searchable ones). */
function columnFields(row: Row<'contacts'>) {
  return {
    ...some('firstName', row.first_name),
    ...some('lastName', row.last_name),
    ...some('middleName', row.middle_name),
    ...some('email', row.email),
    ...some('company', row.company),
    ...some('title', row.title),
    ...some('sourceId', row.source_id),
  };
}

/** A contact row in the reference's shape. A purged contact keeps only id, lastModified and purged. */
export function toContact(row: Row<'contacts'>): Contact {
  if (row.purged === 1) return { id: row.id, lastModified: row.last_modified, purged: true };
  const profile = parseProfile(row.profile);
  return {
    id: row.id,
    ...columnFields(row),
    ...pickProfile(profile),
    optOut: { optedOut: profile.optOut?.optedOut === true, ...some('date', profile.optOut?.date) },
    deleted: row.deleted === 1,
    purged: false,
    created: row.created,
    createdBy: row.created_by,
    lastModified: row.last_modified,
    lastModifiedBy: row.last_modified_by,
  };
}

/** The writable fields of a stored contact, in the shape of a PUT body (the base a PATCH merges into). */
export function contactDocument(row: Row<'contacts'>): Record<string, unknown> {
  const profile = parseProfile(row.profile);
  return {
    ...columnFields(row),
    ...pickProfile(profile),
    ...(profile.optOut ? { optOut: { optedOut: profile.optOut.optedOut } } : {}),
  };
}

/**
 * A JSON merge: fields of `patch` replace those of `base`, objects merge
 * field by field, and null removes a field (the reference's PATCH rule).
 */
export function mergePatch(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      delete out[key];
    } else if (isJsonObject(value)) {
      const prev = out[key];
      out[key] = mergePatch(isJsonObject(prev) ? prev : {}, value);
    } else {
      out[key] = value;
    }
  }
  return out;
}

export type ContactColumns = Pick<Row<'contacts'>, 'first_name' | 'last_name' | 'middle_name' | 'email' | 'company' | 'title' | 'source_id' | 'profile'>;

/** The stored columns for a full contact (create, PUT, merged PATCH). */
export function toColumns(input: ContactInput, previous: ContactProfile | undefined, now: string): ContactColumns {
  const profile = pickProfile(input);
  // Ids compare in lower case, the way the filters read them.
  if (input.type?.id) profile.type = { id: input.type.id.toLowerCase() };
  const optedOut = input.optOut?.optedOut;
  if (optedOut !== undefined) {
    // The opt-out date is read-only: it is when the contact last opted out.
    const date = optedOut ? (previous?.optOut?.optedOut === true && previous.optOut.date ? previous.optOut.date : now) : undefined;
    profile.optOut = { optedOut, ...(date ? { date } : {}) };
  }
  return {
    first_name: input.firstName,
    last_name: input.lastName,
    middle_name: input.middleName ?? null,
    email: input.email,
    company: input.company ?? null,
    title: input.title ?? null,
    source_id: input.sourceId ?? null,
    profile: JSON.stringify(profile),
  };
}
