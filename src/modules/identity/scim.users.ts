import { Type, type Static } from 'typebox';
import { jsonColumn } from '../../db/json.js';
import type { Role } from '../accounts/index.js';
import { ScimErrors } from './identity.errors.js';
import { ENTERPRISE_URN, USER_TYPE, USER_URN, isRecord } from './scim.definitions.js';
import type { GroupMembershipRow, ScimUserRow } from './identity.repository.js';

// SCIM users, both ways: what eventline keeps (the accounts module's user plus
// the identity profile) becomes a SCIM User resource, and a resource a client
// sends becomes the values to keep. Input is read leniently where identity
// providers differ (Entra ID's "True"/"False" strings, unknown attributes,
// phone types eventline does not keep) and strictly where a wrong value would
// be stored (lengths, emails, time zones, roles).

export const DEFAULT_LOCALE = 'en-US';
export const DEFAULT_TIMEZONE = 'America/New_York';

const PhoneSchema = Type.Object({ type: Type.Union([Type.Literal('work'), Type.Literal('home'), Type.Literal('mobile')]), value: Type.String() });
const AddressSchema = Type.Object({
  type: Type.Union([Type.Literal('work'), Type.Literal('home')]), primary: Type.Boolean(),
  streetAddress: Type.Optional(Type.String()), locality: Type.Optional(Type.String()), region: Type.Optional(Type.String()),
  postalCode: Type.Optional(Type.String()), country: Type.Optional(Type.String()),
});
const EnterpriseSchema = Type.Object({
  employeeNumber: Type.Optional(Type.String()), costCenter: Type.Optional(Type.String()), organization: Type.Optional(Type.String()),
  division: Type.Optional(Type.String()), department: Type.Optional(Type.String()), manager: Type.Optional(Type.String()),
  federatedId: Type.Optional(Type.String()), company: Type.Optional(Type.String()), workFax: Type.Optional(Type.String()),
  homeFax: Type.Optional(Type.String()), pager: Type.Optional(Type.String()),
});
export type Phone = Static<typeof PhoneSchema>;
export type Address = Static<typeof AddressSchema>;
export type Enterprise = Static<typeof EnterpriseSchema>;
const readPhones = jsonColumn('user_profiles.phone_numbers', Type.Array(PhoneSchema));
const readAddresses = jsonColumn('user_profiles.addresses', Type.Array(AddressSchema));
const readEnterprise = jsonColumn('user_profiles.enterprise', EnterpriseSchema);

const ENTERPRISE_TEXT = ['employeeNumber', 'costCenter', 'organization', 'division', 'department', 'federatedId', 'company', 'workFax', 'homeFax', 'pager'] as const;

/** Everything eventline keeps of a SCIM user, as read from a request. */
export interface UserInput {
  userName: string;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  middleName: string | null;
  honorificPrefix: string | null;
  honorificSuffix: string | null;
  displayName: string | null;
  title: string | null;
  preferredLanguage: string | null;
  locale: string | null;
  timezone: string | null;
  /** Absent: keep the current email (a PUT may leave emails out). */
  email?: { value: string; type: string };
  phones: Phone[];
  address: Address | null;
  enterprise: Enterprise;
  /** Absent: unchanged. */
  active?: boolean;
  password?: string;
  sendLoginDetails?: boolean;
  /** Group ids; absent: memberships unchanged. */
  groups?: string[];
  /** Roles; absent: unchanged. */
  roles?: Role[];
}

function label(path: string): string {
  return `'${path}'`;
}

function optionalText(value: unknown, path: string, max: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw ScimErrors.invalidValue(`${label(path)} must be a string`);
  const v = value.trim();
  if (v.length > max) throw ScimErrors.invalidValue(`${label(path)} must be at most ${max} characters`);
  return v === '' ? null : v;
}

/** A SCIM boolean: true/false, or the strings "True"/"False" in any case (Entra ID sends those). */
export function scimBoolean(value: unknown, path: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
  throw ScimErrors.invalidValue(`${label(path)} must be true or false`);
}

function items(value: unknown, path: string): Record<string, unknown>[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  if (list.length > 50) throw ScimErrors.invalidValue(`${label(path)} has too many values (at most 50)`);
  return list.map((v, i) => {
    if (!isRecord(v)) throw ScimErrors.invalidValue(`${label(`${path}[${i}]`)} must be an object`);
    return v;
  });
}

/** The one of several values eventline keeps: the primary, else the work one, else the first (the reference's rule). */
function chosen<T extends Record<string, unknown>>(list: readonly T[], path: string): T | undefined {
  return list.find((v, i) => scimBoolean(v['primary'], `${path}[${i}].primary`) === true)
    ?? list.find((v) => typeof v['type'] === 'string' && v['type'].toLowerCase() === 'work')
    ?? list[0];
}

function validTimezone(tz: string | null): string | null {
  if (tz === null) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    throw ScimErrors.invalidValue(`'timezone' must be an IANA time zone name, e.g. ${DEFAULT_TIMEZONE}`);
  }
  return tz;
}

const ROLES: readonly Role[] = ['administrator', 'planner', 'developer'];

function roleOf(value: unknown, path: string): Role {
  const v = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  const role = ROLES.find((r) => r === v);
  if (!role) throw ScimErrors.invalidValue(`${label(path)} must be administrator, planner or developer`);
  return role;
}

/** Reads a User resource (keys already in canonical spelling) into what eventline keeps. */
export function readUserInput(body: Record<string, unknown>): UserInput {
  const userName = optionalText(body['userName'], 'userName', 256);
  if (userName === null) throw ScimErrors.invalidValue("'userName' is required");
  const name = body['name'];
  if (name !== undefined && name !== null && !isRecord(name)) throw ScimErrors.invalidValue("'name' must be an object");
  const n = isRecord(name) ? name : {};
  const ext = body[ENTERPRISE_URN];
  if (ext !== undefined && ext !== null && !isRecord(ext)) throw ScimErrors.invalidValue(`'${ENTERPRISE_URN}' must be an object`);
  const e = isRecord(ext) ? ext : {};

  const emails = items(body['emails'], 'emails');
  const email = chosen(emails, 'emails');
  let emailValue: { value: string; type: string } | undefined;
  if (email) {
    const value = optionalText(email['value'], 'emails.value', 320);
    if (value === null) throw ScimErrors.invalidValue("'emails.value' is required");
    const type = optionalText(email['type'], 'emails.type', 20)?.toLowerCase() ?? 'work';
    emailValue = { value, type: ['work', 'home', 'other'].includes(type) ? type : 'other' };
  }

  // At most one number per type (the reference's rule); types eventline does not keep (fax, pager, other) are left out.
  const phones: Phone[] = [];
  for (const [i, p] of items(body['phoneNumbers'], 'phoneNumbers').entries()) {
    const value = optionalText(p['value'], `phoneNumbers[${i}].value`, 50);
    const type = optionalText(p['type'], `phoneNumbers[${i}].type`, 20)?.toLowerCase() ?? 'work';
    if (value === null) continue;
    if ((type === 'work' || type === 'home' || type === 'mobile') && !phones.some((x) => x.type === type)) phones.push({ type, value });
  }

  const addressItems = items(body['addresses'], 'addresses');
  const a = chosen(addressItems, 'addresses');
  let address: Address | null = null;
  if (a) {
    const type = optionalText(a['type'], 'addresses.type', 20)?.toLowerCase();
    const fields: Partial<Record<'streetAddress' | 'locality' | 'region' | 'postalCode' | 'country', string>> = {};
    for (const k of ['streetAddress', 'locality', 'region', 'postalCode', 'country'] as const) {
      const v = optionalText(a[k], `addresses.${k}`, 100);
      if (v !== null) fields[k] = v;
    }
    address = { type: type === 'home' ? 'home' : 'work', primary: true, ...fields };
  }

  const enterprise: Enterprise = {};
  for (const k of ENTERPRISE_TEXT) {
    const v = optionalText(e[k], `${ENTERPRISE_URN}:${k}`, 100);
    if (v !== null) enterprise[k] = v;
  }
  // Entra ID sends the manager as a plain id; the RFC as { value }.
  const manager = e['manager'];
  const managerId = isRecord(manager) ? optionalText(manager['value'], `${ENTERPRISE_URN}:manager.value`, 100) : optionalText(manager, `${ENTERPRISE_URN}:manager`, 100);
  if (managerId !== null) enterprise.manager = managerId;

  const active = scimBoolean(body['active'], 'active');
  // null is unassigned (RFC 7643 §2.5): no password given, like leaving it out.
  const password = body['password'] ?? undefined;
  if (password !== undefined && (typeof password !== 'string' || password.length === 0 || password.length > 256)) {
    throw ScimErrors.invalidValue("'password' must be a string of 1-256 characters");
  }
  const sendLoginDetails = scimBoolean(body['sendLoginDetails'], 'sendLoginDetails') ?? scimBoolean(e['sendLoginDetails'], `${ENTERPRISE_URN}:sendLoginDetails`);
  const groups = body['groups'] === undefined ? undefined : items(body['groups'], 'groups').map((g, i) => {
    const v = optionalText(g['value'], `groups[${i}].value`, 100);
    if (v === null) throw ScimErrors.invalidValue(`'groups[${i}].value' is required`);
    return v.toLowerCase();
  });
  const roles = body['roles'] === undefined ? undefined
    : [...new Set(items(body['roles'], 'roles').map((r, i) => roleOf(r['value'], `roles[${i}].value`)))];

  return {
    userName,
    externalId: optionalText(body['externalId'], 'externalId', 256),
    givenName: optionalText(n['givenName'], 'name.givenName', 100),
    familyName: optionalText(n['familyName'], 'name.familyName', 100),
    middleName: optionalText(n['middleName'], 'name.middleName', 100),
    honorificPrefix: optionalText(n['honorificPrefix'], 'name.honorificPrefix', 30),
    honorificSuffix: optionalText(n['honorificSuffix'], 'name.honorificSuffix', 30),
    displayName: optionalText(body['displayName'], 'displayName', 200),
    title: optionalText(body['title'], 'title', 100),
    preferredLanguage: optionalText(body['preferredLanguage'], 'preferredLanguage', 35),
    locale: optionalText(body['locale'], 'locale', 35),
    timezone: validTimezone(optionalText(body['timezone'], 'timezone', 64)),
    ...(emailValue !== undefined ? { email: emailValue } : {}),
    phones, address, enterprise,
    ...(active !== undefined ? { active } : {}),
    ...(typeof password === 'string' ? { password } : {}),
    ...(sendLoginDetails !== undefined ? { sendLoginDetails } : {}),
    ...(groups !== undefined ? { groups: [...new Set(groups)] } : {}),
    ...(roles !== undefined ? { roles } : {}),
  };
}

/** The name eventline shows for the user (users.name): the display name, else the name's parts, else the userName. */
export function displayNameOf(input: Pick<UserInput, 'displayName' | 'givenName' | 'middleName' | 'familyName' | 'userName'>): string {
  const parts = [input.givenName, input.middleName, input.familyName].filter((p): p is string => p !== null).join(' ');
  return (input.displayName ?? (parts !== '' ? parts : input.userName)).slice(0, 200);
}

export interface ScimUserResource {
  schemas: string[];
  id: string;
  externalId?: string;
  userName: string;
  name: { formatted: string; familyName?: string; givenName?: string; middleName?: string; honorificPrefix?: string; honorificSuffix?: string };
  displayName?: string;
  title?: string;
  userType: string;
  preferredLanguage?: string;
  locale: string;
  timezone: string;
  active: boolean;
  emails: Array<{ value: string; type: string; primary: boolean }>;
  phoneNumbers?: Phone[];
  addresses?: Address[];
  groups: Array<{ value: string; $ref: string; display: string }>;
  roles: Array<{ value: Role; display: string; primary: boolean }>;
  sendLoginDetails: boolean;
  [ENTERPRISE_URN]: Omit<Enterprise, 'manager'> & { sendLoginDetails: boolean; manager?: { value: string; $ref: string } };
  meta: { resourceType: 'User'; created: string; lastModified: string; location: string; version?: string };
}

const ROLE_DISPLAY: Readonly<Record<Role, string>> = { administrator: 'Administrator', planner: 'Planner', developer: 'Developer' };

export function toUserResource(row: ScimUserRow, groups: readonly GroupMembershipRow[], base: string): ScimUserResource {
  const given = row.given_name ?? undefined;
  const family = row.family_name ?? undefined;
  // Users made before SCIM (the CLI, the portal) have only a display name: its first word is taken as the given name.
  const words = row.name.trim().split(/\s+/);
  const fallback = given === undefined && family === undefined
    ? { givenName: words[0] ?? row.name, ...(words.length > 1 ? { familyName: words.slice(1).join(' ') } : {}) }
    : {};
  const parts = [given, row.middle_name ?? undefined, family].filter((p): p is string => p !== undefined).join(' ');
  const enterprise = row.enterprise ? readEnterprise(row.enterprise) : {};
  const { manager, ...enterpriseText } = enterprise;
  const sendLoginDetails = (row.send_login_details ?? 1) !== 0;
  // The role the user has is always listed (primary), even when no group gives it (the default, developer).
  const roles = [...new Set([row.role, ...groups.flatMap((g) => (g.role ? [g.role] : []))])];
  const rank = (r: Role) => ROLES.length - ROLES.indexOf(r);
  const userRole = row.role;
  return {
    schemas: [USER_URN, ENTERPRISE_URN],
    id: row.id,
    ...(row.external_id ? { externalId: row.external_id } : {}),
    userName: row.user_name ?? row.email,
    name: {
      formatted: parts !== '' ? parts : row.name,
      ...fallback,
      ...(family !== undefined ? { familyName: family } : {}),
      ...(given !== undefined ? { givenName: given } : {}),
      ...(row.middle_name ? { middleName: row.middle_name } : {}),
      ...(row.honorific_prefix ? { honorificPrefix: row.honorific_prefix } : {}),
      ...(row.honorific_suffix ? { honorificSuffix: row.honorific_suffix } : {}),
    },
    ...(row.display_name ? { displayName: row.display_name } : {}),
    ...(row.title ? { title: row.title } : {}),
    userType: USER_TYPE,
    ...(row.preferred_language ? { preferredLanguage: row.preferred_language } : {}),
    locale: row.locale ?? DEFAULT_LOCALE,
    timezone: row.timezone ?? DEFAULT_TIMEZONE,
    active: row.active !== 0,
    emails: [{ value: row.email, type: row.email_type ?? 'work', primary: true }],
    ...(row.phone_numbers ? { phoneNumbers: readPhones(row.phone_numbers) } : {}),
    ...(row.addresses ? { addresses: readAddresses(row.addresses) } : {}),
    groups: groups.map((g) => ({ value: g.id, $ref: `${base}/Groups/${g.id}`, display: g.name })),
    roles: roles.sort((a, b) => rank(b) - rank(a)).map((r) => ({ value: r, display: ROLE_DISPLAY[r], primary: r === userRole })),
    sendLoginDetails,
    [ENTERPRISE_URN]: {
      ...enterpriseText,
      ...(manager !== undefined ? { manager: { value: manager, $ref: `${base}/Users/${manager}` } } : {}),
      sendLoginDetails,
    },
    meta: { resourceType: 'User', created: row.created, lastModified: row.last_modified ?? row.created, location: `${base}/Users/${row.id}` },
  };
}

/** The profile columns for what was read. */
export function profileColumns(input: UserInput) {
  return {
    user_name: input.userName,
    external_id: input.externalId,
    given_name: input.givenName,
    family_name: input.familyName,
    middle_name: input.middleName,
    honorific_prefix: input.honorificPrefix,
    honorific_suffix: input.honorificSuffix,
    display_name: input.displayName,
    title: input.title,
    preferred_language: input.preferredLanguage,
    locale: input.locale,
    timezone: input.timezone,
    phone_numbers: input.phones.length > 0 ? JSON.stringify(input.phones) : null,
    addresses: input.address ? JSON.stringify([input.address]) : null,
    enterprise: Object.keys(input.enterprise).length > 0 ? JSON.stringify(input.enterprise) : null,
  };
}
