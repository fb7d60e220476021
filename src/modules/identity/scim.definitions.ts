import { parse as parseFilter, stringify as stringifyFilter, type Filter } from 'scim2-parse-filter';
import { ScimErrors } from './identity.errors.js';

// The SCIM schemas eventline serves at /Schemas (RFC 7643 §7), describing exactly
// the attributes it stores and returns. The same definitions drive what the
// service does with names: SCIM attribute names are case-insensitive (RFC 7643
// §2.1), so every name a client sends (in a body, a PATCH path, a filter,
// `attributes`) is first rewritten to its canonical spelling here.

export const USER_URN = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_URN = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE_URN = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const EVENTLINE_GROUP_URN = 'urn:ietf:params:scim:schemas:extension:eventline:2.0:Group';
export const LIST_URN = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_URN = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const ERROR_URN = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SPC_URN = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
export const SCHEMA_URN = 'urn:ietf:params:scim:schemas:core:2.0:Schema';
export const RESOURCE_TYPE_URN = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';

/** The reference's only user type. */
export const USER_TYPE = 'Planner Account User';
export const ROLE_VALUES = ['administrator', 'planner', 'developer'] as const;

export type AttributeType = 'string' | 'boolean' | 'decimal' | 'integer' | 'dateTime' | 'reference' | 'complex';
export type Mutability = 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
export type Returned = 'always' | 'never' | 'default' | 'request';

export interface ScimAttribute {
  readonly name: string;
  readonly type: AttributeType;
  readonly multiValued: boolean;
  readonly description: string;
  readonly required: boolean;
  readonly caseExact: boolean;
  readonly mutability: Mutability;
  readonly returned: Returned;
  readonly uniqueness: 'none' | 'server' | 'global';
  readonly canonicalValues?: readonly string[];
  readonly referenceTypes?: ReadonlyArray<'User' | 'Group' | 'external' | 'uri'>;
  readonly subAttributes?: readonly ScimAttribute[];
}

export interface ScimSchemaDefinition {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly attributes: readonly ScimAttribute[];
}

type AttrOptions = Partial<Omit<ScimAttribute, 'name' | 'type' | 'description'>>;

function attr(name: string, type: AttributeType, description: string, opts: AttrOptions = {}): ScimAttribute {
  return {
    name, type, description, multiValued: false, required: false, caseExact: false, mutability: 'readWrite', returned: 'default', uniqueness: 'none', ...opts,
  };
}
const str = (name: string, description: string, opts: AttrOptions = {}) => attr(name, 'string', description, opts);
const bool = (name: string, description: string, opts: AttrOptions = {}) => attr(name, 'boolean', description, opts);
const complex = (name: string, description: string, subAttributes: readonly ScimAttribute[], opts: AttrOptions = {}) =>
  attr(name, 'complex', description, { ...opts, subAttributes });

const USER_ATTRIBUTES: readonly ScimAttribute[] = [
  str('userName', 'Unique identifier for the user within the account, typically the sign-in name the identity provider uses. Unique whatever its letter case (409 uniqueness).', { required: true, uniqueness: 'server' }),
  complex('name', 'The components of the user\'s name.', [
    str('formatted', 'The full name: given, middle and family name (computed; the display name of the user in eventline).', { mutability: 'readOnly' }),
    str('familyName', 'The family name (1-50 characters).'),
    str('givenName', 'The given name (1-30 characters).'),
    str('middleName', 'The middle name (at most 30 characters).'),
    str('honorificPrefix', 'The honorific prefix, e.g. Ms. (at most 30 characters).'),
    str('honorificSuffix', 'The honorific suffix, e.g. III (at most 30 characters).'),
  ]),
  str('displayName', 'The name of the user, suitable for display; eventline shows it for the user when given.'),
  str('title', 'The user\'s title (at most 50 characters).'),
  str('userType', 'Always "Planner Account User" (the reference\'s only user type); a value sent is ignored.', { mutability: 'readOnly', canonicalValues: [USER_TYPE] }),
  str('preferredLanguage', 'The user\'s preferred language (RFC 7231 Accept-Language form).'),
  str('locale', 'The user\'s locale (IETF language tag); en-US when not given.'),
  str('timezone', 'The user\'s time zone (IANA name); America/New_York when not given.'),
  bool('active', 'False: the user cannot sign in, and their sessions, authorization codes and tokens stop at once. Accepts true/false and the strings "True"/"False".'),
  str('password', 'The user\'s sign-in password; stored only as an argon2 hash and never returned.', { mutability: 'writeOnly', returned: 'never' }),
  complex('emails', 'The user\'s email address: eventline keeps one, the sign-in email, chosen as the primary one, else the work one, else the first. Unique across the server (409 uniqueness).', [
    str('value', 'The email address.', { required: true }),
    str('type', 'work, home or other.', { canonicalValues: ['work', 'home', 'other'] }),
    bool('primary', 'Always true for the one email kept.'),
  ], { multiValued: true }),
  complex('phoneNumbers', 'The user\'s phone numbers, at most one of each type (the first of a type is kept).', [
    str('value', 'The phone number.', { required: true }),
    str('type', 'work, home or mobile.', { canonicalValues: ['work', 'home', 'mobile'] }),
  ], { multiValued: true }),
  complex('addresses', 'The user\'s address: eventline keeps one, the primary one, else the work one, else the first.', [
    str('streetAddress', 'The street address.'),
    str('locality', 'The city.'),
    str('region', 'The state or region.'),
    str('postalCode', 'The postal code.'),
    str('country', 'The country.'),
    str('type', 'work or home.', { canonicalValues: ['work', 'home'] }),
    bool('primary', 'True for the address kept.'),
  ], { multiValued: true }),
  complex('groups', 'The groups the user is a member of (the account\'s user groups). The user\'s role is the highest role of its groups (administrator, planner, developer), developer when none gives one. '
    + 'Writable, as in the reference: a non-empty list in POST or PUT sets the memberships; absent or empty, they are kept. Membership may also be changed through the Group.', [
    str('value', 'The id of the group.', { required: true, caseExact: true }),
    attr('$ref', 'reference', 'The URI of the group.', { mutability: 'readOnly', referenceTypes: ['Group'] }),
    str('display', 'The name of the group.', { mutability: 'readOnly' }),
  ], { multiValued: true }),
  complex('roles', 'The user\'s roles, read from and written to its role groups: writing roles makes the user a member of the first group of each role named and takes it out of the groups of the roles not named. '
    + 'The primary role is the one the user has (the highest).', [
    str('value', 'administrator, planner or developer.', { required: true, canonicalValues: ROLE_VALUES }),
    str('display', 'The role\'s name.', { mutability: 'readOnly' }),
    str('type', 'Accepted and ignored (identity providers send their own role types).'),
    bool('primary', 'True for the role the user has.', { mutability: 'readOnly' }),
  ], { multiValued: true }),
  bool('sendLoginDetails', 'The reference\'s attribute, also in the enterprise extension. Stored and returned; eventline sends no email for it.'),
];

const ENTERPRISE_ATTRIBUTES: readonly ScimAttribute[] = [
  str('employeeNumber', 'A numeric or alphanumeric identifier assigned to the person by the organization.'),
  str('costCenter', 'The name of a cost center.'),
  str('organization', 'The name of an organization.'),
  str('division', 'The name of a division.'),
  str('department', 'The name of a department.'),
  complex('manager', 'The user\'s manager: another user of the account.', [
    str('value', 'The id of the manager\'s user.', { caseExact: true }),
    attr('$ref', 'reference', 'The URI of the manager\'s user.', { mutability: 'readOnly', referenceTypes: ['User'] }),
  ]),
  bool('sendLoginDetails', 'Whether login details are to be sent to the user (the reference\'s attribute). Stored and returned; eventline sends no email for it.'),
  str('federatedId', 'The id of the user in the identity provider (the reference\'s attribute).'),
  str('company', 'The company of the user.'),
  str('workFax', 'The work fax number.'),
  str('homeFax', 'The home fax number.'),
  str('pager', 'The pager number.'),
];

const GROUP_ATTRIBUTES: readonly ScimAttribute[] = [
  str('displayName', 'The name of the group (1-50 characters), unique in the account whatever its letter case (409 uniqueness).', { required: true, uniqueness: 'server' }),
  complex('members', 'The users in the group. Absent from a PUT: the members are kept.', [
    str('value', 'The id of the user.', { required: true, caseExact: true, mutability: 'immutable' }),
    attr('$ref', 'reference', 'The URI of the user.', { mutability: 'readOnly', referenceTypes: ['User'] }),
    str('display', 'The user\'s name.', { mutability: 'readOnly' }),
    str('type', 'Always User: groups hold users only.', { mutability: 'readOnly', canonicalValues: ['User'] }),
  ], { multiValued: true }),
];

const EVENTLINE_GROUP_ATTRIBUTES: readonly ScimAttribute[] = [
  str('role', 'The role the group gives its members (administrator, planner or developer); absent: none. A user\'s role is the highest of its groups.', { canonicalValues: ROLE_VALUES }),
  str('description', 'The description of the group (at most 300 characters).'),
];

export const SCHEMAS: readonly ScimSchemaDefinition[] = [
  { id: USER_URN, name: 'User', description: 'An account user of eventline: a person who signs in to the planner UI or the developer portal.', attributes: USER_ATTRIBUTES },
  { id: ENTERPRISE_URN, name: 'EnterpriseUser', description: 'Enterprise user attributes (RFC 7643 §4.3), with the reference\'s additions.', attributes: ENTERPRISE_ATTRIBUTES },
  { id: GROUP_URN, name: 'Group', description: 'An account user group (the same groups as /account-user-groups).', attributes: GROUP_ATTRIBUTES },
  { id: EVENTLINE_GROUP_URN, name: 'EventlineGroup', description: 'eventline\'s group attributes: the role the group gives.', attributes: EVENTLINE_GROUP_ATTRIBUTES },
];

export interface ResourceTypeDefinition {
  readonly id: 'User' | 'Group';
  readonly name: string;
  readonly endpoint: string;
  readonly description: string;
  readonly schema: string;
  readonly extensions: readonly string[];
}

export const RESOURCE_TYPES: readonly ResourceTypeDefinition[] = [
  { id: 'User', name: 'User', endpoint: '/Users', description: 'Account users', schema: USER_URN, extensions: [ENTERPRISE_URN] },
  { id: 'Group', name: 'Group', endpoint: '/Groups', description: 'Account user groups', schema: GROUP_URN, extensions: [EVENTLINE_GROUP_URN] },
];

// ---- canonical names -------------------------------------------------------

/** An attribute and its sub-attributes, by lower-cased name. */
interface NameNode {
  readonly attribute: ScimAttribute;
  readonly sub: ReadonlyMap<string, NameNode>;
}

function nodes(attributes: readonly ScimAttribute[]): ReadonlyMap<string, NameNode> {
  return new Map(attributes.map((a) => [a.name.toLowerCase(), { attribute: a, sub: nodes(a.subAttributes ?? []) }]));
}

// RFC 7643 §3.1: common attributes of every resource, defined by no schema.
const COMMON: readonly ScimAttribute[] = [
  str('id', 'The service provider\'s id of the resource.', { mutability: 'readOnly', returned: 'always', caseExact: true, uniqueness: 'server' }),
  str('externalId', 'The identity provider\'s id of the resource.', { caseExact: true }),
  complex('meta', 'Resource metadata.', [
    str('resourceType', 'User or Group.', { mutability: 'readOnly' }),
    attr('created', 'dateTime', 'When the resource was created.', { mutability: 'readOnly' }),
    attr('lastModified', 'dateTime', 'When the resource last changed.', { mutability: 'readOnly' }),
    attr('location', 'reference', 'The URI of the resource.', { mutability: 'readOnly' }),
    str('version', 'The resource\'s version (its ETag).', { mutability: 'readOnly' }),
  ], { mutability: 'readOnly' }),
  str('schemas', 'The schemas of the resource.', { multiValued: true, mutability: 'readOnly', returned: 'always' }),
];

/** The names of one resource type: core attributes (with the common ones) and each extension's. */
export interface ResourceNames {
  readonly type: 'User' | 'Group';
  readonly coreUrn: string;
  readonly core: ReadonlyMap<string, NameNode>;
  readonly extensions: ReadonlyMap<string, { readonly urn: string; readonly attributes: ReadonlyMap<string, NameNode> }>;
}

function resourceNames(type: 'User' | 'Group'): ResourceNames {
  const rt = RESOURCE_TYPES.find((r) => r.id === type);
  const schemaOf = (id: string) => SCHEMAS.find((s) => s.id === id);
  const core = schemaOf(rt?.schema ?? '');
  return {
    type,
    coreUrn: core?.id ?? '',
    core: nodes([...COMMON, ...(core?.attributes ?? [])]),
    extensions: new Map((rt?.extensions ?? []).map((urn) => [urn.toLowerCase(), { urn, attributes: nodes(schemaOf(urn)?.attributes ?? []) }])),
  };
}

export const USER_NAMES = resourceNames('User');
export const GROUP_NAMES = resourceNames('Group');

/** A path split into where it points: an extension (or the core schema), an attribute, a value filter, a sub-attribute. */
export interface PathParts {
  readonly extension?: string;
  readonly attribute?: string;
  readonly filter?: string;
  readonly sub?: string;
}

const REL_PATH = /^([A-Za-z$][\w$-]*)(?:\[(.*)\])?(?:\.([A-Za-z$][\w$-]*))?$/s;

/** Reads a path (a PATCH path, an `attributes` entry, a key of a PATCH value) into canonical parts; undefined when it is malformed. */
export function pathParts(names: ResourceNames, raw: string): PathParts | undefined {
  const path = raw.trim();
  const lower = path.toLowerCase();
  for (const ext of names.extensions.values()) {
    const urn = ext.urn.toLowerCase();
    if (lower === urn) return { extension: ext.urn };
    if (lower.startsWith(`${urn}:`)) {
      const rel = relativeParts(ext.attributes, path.slice(urn.length + 1));
      return rel ? { extension: ext.urn, ...rel } : undefined;
    }
  }
  const core = names.coreUrn.toLowerCase();
  const rel = lower.startsWith(`${core}:`) ? path.slice(core.length + 1) : path;
  return relativeParts(names.core, rel);
}

function relativeParts(map: ReadonlyMap<string, NameNode>, rel: string): PathParts | undefined {
  const m = REL_PATH.exec(rel);
  if (!m) return undefined;
  const [, name = '', filter, sub] = m;
  const node = map.get(name.toLowerCase());
  const attribute = node?.attribute.name ?? name;
  const parts: { attribute: string; filter?: string; sub?: string } = { attribute };
  if (filter !== undefined) parts.filter = canonicalFilter(node?.sub ?? new Map(), filter);
  if (sub !== undefined) parts.sub = node?.sub.get(sub.toLowerCase())?.attribute.name ?? sub;
  return parts;
}

/** A path in canonical spelling, in the form the PATCH library reads (extension attributes keep their URN prefix). */
export function canonicalPath(names: ResourceNames, raw: string): string {
  const p = pathParts(names, raw);
  if (!p) throw ScimErrors.invalidPath(`The path '${raw.slice(0, 200)}' is not a valid attribute path`);
  const rel = p.attribute === undefined ? '' : `${p.attribute}${p.filter !== undefined ? `[${p.filter}]` : ''}${p.sub !== undefined ? `.${p.sub}` : ''}`;
  if (p.extension === undefined) return rel;
  return rel === '' ? p.extension : `${p.extension}:${rel}`;
}

/** The attribute a canonical path points at (undefined for an extension as a whole, or an unknown name). */
export function attributeAt(names: ResourceNames, p: PathParts): ScimAttribute | undefined {
  const map = p.extension !== undefined ? names.extensions.get(p.extension.toLowerCase())?.attributes : names.core;
  const node = p.attribute !== undefined ? map?.get(p.attribute.toLowerCase()) : undefined;
  if (!node) return undefined;
  return p.sub !== undefined ? node.sub.get(p.sub.toLowerCase())?.attribute : node.attribute;
}

/**
 * SCIM string literals are JSON strings; the reference's examples also use single
 * quotes (`userName eq 'a@b.c'`). Single-quoted literals are rewritten as JSON
 * strings before parsing; double-quoted ones are left alone.
 */
export function normalizeQuotes(input: string): string {
  let out = '';
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (c === '"') {
      let j = i + 1;
      while (j < input.length && input[j] !== '"') j += input[j] === '\\' ? 2 : 1;
      out += input.slice(i, j + 1);
      i = j;
    } else if (c === "'") {
      let j = i + 1;
      let value = '';
      while (j < input.length && input[j] !== "'") {
        if (input[j] === '\\' && j + 1 < input.length) {
          value += input[j + 1];
          j += 2;
        } else {
          value += input[j];
          j += 1;
        }
      }
      out += JSON.stringify(value);
      i = j;
    } else {
      out += c;
    }
  }
  return out;
}

/** How deep a filter may nest (not, parentheses, value filters): far beyond real filters, far below the databases' expression limits. */
export const MAX_FILTER_DEPTH = 32;

function depthOf(f: Filter): number {
  switch (f.op) {
    case 'and':
    case 'or':
      return 1 + Math.max(0, ...f.filters.map(depthOf));
    case 'not':
      return 1 + depthOf(f.filter);
    case '[]':
      return 1 + depthOf(f.valFilter);
    default:
      return 1;
  }
}

/** Parses a SCIM filter (RFC 7644 §3.4.2.2) with scim2-parse-filter; a bad one is 400 invalidFilter. */
export function parseScimFilter(input: string): Filter {
  if (input.trim() === '') throw ScimErrors.invalidFilter('The filter is empty');
  let parsed: Filter;
  try {
    parsed = parseFilter(normalizeQuotes(input));
  } catch (err) {
    const why = err instanceof Error ? err.message.slice(0, 200) : 'unparsable';
    throw ScimErrors.invalidFilter(`The filter is not valid SCIM filter syntax (${why})`);
  }
  if (depthOf(parsed) > MAX_FILTER_DEPTH) throw ScimErrors.invalidFilter(`The filter nests too deep (at most ${MAX_FILTER_DEPTH} levels)`);
  return parsed;
}

function renameFilter(f: Filter, rename: (name: string) => string): Filter {
  switch (f.op) {
    case 'and':
    case 'or':
      return { ...f, filters: f.filters.map((x) => renameFilter(x, rename)) };
    case 'not':
      return { ...f, filter: renameFilter(f.filter, rename) };
    case '[]':
      return { ...f, attrPath: rename(f.attrPath), valFilter: renameFilter(f.valFilter, rename) };
    default:
      return { ...f, attrPath: rename(f.attrPath) };
  }
}

/** A value filter (`type eq "work"`) with the sub-attributes' canonical names, as the PATCH library reads it. */
function canonicalFilter(sub: ReadonlyMap<string, NameNode>, filter: string): string {
  let parsed: Filter;
  try {
    parsed = parseFilter(normalizeQuotes(filter));
  } catch {
    throw ScimErrors.invalidPath(`The value filter '${filter.slice(0, 200)}' is not valid`);
  }
  return stringifyFilter(renameFilter(parsed, (name) => sub.get(name.toLowerCase())?.attribute.name ?? name));
}

/** Renames the keys of a value sent for an attribute (complex values and lists of them) to their canonical names. */
function canonicalValueOf(node: NameNode | undefined, value: unknown): unknown {
  if (node === undefined || node.sub.size === 0) return value;
  if (Array.isArray(value)) return value.map((v) => canonicalValueOf(node, v));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const child = node.sub.get(k.toLowerCase());
    out[child?.attribute.name ?? k] = canonicalValueOf(child, v);
  }
  return out;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The value for a path, with canonical key names (its attribute's sub-attributes, or an extension's attributes). */
export function canonicalValueAt(names: ResourceNames, p: PathParts, value: unknown): unknown {
  if (p.extension !== undefined && p.attribute === undefined) {
    const ext = names.extensions.get(p.extension.toLowerCase());
    return ext ? canonicalObject(ext.attributes, value) : value;
  }
  if (p.sub !== undefined) return value;
  const map = p.extension !== undefined ? names.extensions.get(p.extension.toLowerCase())?.attributes : names.core;
  return canonicalValueOf(p.attribute !== undefined ? map?.get(p.attribute.toLowerCase()) : undefined, value);
}

function canonicalObject(map: ReadonlyMap<string, NameNode>, value: unknown): unknown {
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const node = map.get(k.toLowerCase());
    out[node?.attribute.name ?? k] = canonicalValueOf(node, v);
  }
  return out;
}

/**
 * A resource as a client sent it (POST, PUT, a PATCH value without a path), with
 * every key in canonical spelling. Keys may be paths (`name.givenName`, an
 * extension URN with an attribute): each goes where its path points.
 */
export function canonicalResource(names: ResourceNames, body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const p = pathParts(names, key);
    if (!p || p.filter !== undefined) {
      out[key] = value;
      continue;
    }
    const canonical = canonicalValueAt(names, p, value);
    if (p.extension !== undefined) {
      const ext = isRecord(out[p.extension]) ? out[p.extension] : {};
      if (p.attribute === undefined) out[p.extension] = { ...(isRecord(ext) ? ext : {}), ...(isRecord(canonical) ? canonical : {}) };
      else out[p.extension] = { ...(isRecord(ext) ? ext : {}), [p.attribute]: p.sub !== undefined ? { [p.sub]: canonical } : canonical };
    } else if (p.attribute !== undefined && p.sub !== undefined) {
      const parent = out[p.attribute];
      out[p.attribute] = { ...(isRecord(parent) ? parent : {}), [p.sub]: canonical };
    } else if (p.attribute !== undefined) {
      const existing = out[p.attribute];
      out[p.attribute] = isRecord(existing) && isRecord(canonical) ? { ...existing, ...canonical } : canonical;
    }
  }
  return out;
}

// ---- attributes / excludedAttributes (RFC 7644 §3.4.2.5) -------------------

export interface Projection {
  readonly attributes?: string;
  readonly excludedAttributes?: string;
}

type Selection = ReadonlyMap<string, ReadonlySet<string> | 'all'>;

function selection(names: ResourceNames, list: string): Selection {
  const out = new Map<string, Set<string> | 'all'>();
  for (const raw of list.split(',')) {
    if (raw.trim() === '') continue;
    const p = pathParts(names, raw);
    if (!p || p.filter !== undefined) throw ScimErrors.invalidPath(`'${raw.trim().slice(0, 200)}' is not an attribute name`);
    const top = p.extension !== undefined ? p.extension : p.attribute ?? '';
    const sub = p.extension !== undefined ? p.attribute : p.sub;
    const current = out.get(top);
    if (sub === undefined || current === 'all') out.set(top, 'all');
    else out.set(top, new Set([...(current ?? []), sub]));
  }
  return out;
}

const ALWAYS = new Set(['id', 'schemas']);

/** The resource with only the attributes asked for, or without the ones excluded; `id` and `schemas` always stay. */
export function project<T extends object>(names: ResourceNames, resource: T, projection: Projection): Partial<T> {
  if (projection.attributes !== undefined && projection.attributes.trim() !== '') {
    const keep = selection(names, projection.attributes);
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(resource)) {
      const wanted = keep.get(key);
      if (ALWAYS.has(key) || wanted === 'all') out[key] = value;
      else if (wanted !== undefined) {
        const picked = pick(value, wanted, true);
        if (picked !== undefined) out[key] = picked;
      }
    }
    return out as Partial<T>;
  }
  if (projection.excludedAttributes !== undefined && projection.excludedAttributes.trim() !== '') {
    const drop = selection(names, projection.excludedAttributes);
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(resource)) {
      const unwanted = drop.get(key);
      if (ALWAYS.has(key) || unwanted === undefined) out[key] = value;
      else if (unwanted !== 'all') {
        const kept = pick(value, unwanted, false);
        if (kept !== undefined) out[key] = kept;
      }
    }
    return out as Partial<T>;
  }
  return resource;
}

/** Keeps (or drops) these sub-attributes of a complex value or of each item of a multi-valued one. */
function pick(value: unknown, subs: ReadonlySet<string>, keep: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => pick(v, subs, keep)).filter((v) => v !== undefined && !(isRecord(v) && Object.keys(v).length === 0));
  if (!isRecord(value)) return keep ? undefined : value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (subs.has(k) === keep) out[k] = v;
  return Object.keys(out).length > 0 ? out : undefined;
}
