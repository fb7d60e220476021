import { Type, type TSchema } from 'typebox';
import { ENTERPRISE_URN, EVENTLINE_GROUP_URN, ROLE_VALUES } from './scim.definitions.js';

// The TypeBox schemas of the SCIM operations: what the OpenAPI document shows
// and what the responses may carry (the response schema is the PII firewall).
// Requests are described but read leniently: attribute names are
// case-insensitive in SCIM, so bodies allow any key and the service reads them.

export const SCIM_MEDIA_TYPE = 'application/scim+json';

const str = (description: string) => Type.Optional(Type.String({ description }));
// A member named `$ref` would read as a JSON Schema reference to the OpenAPI generator: it is declared by pattern instead.
const REF = { patternProperties: { '^\\$ref$': Type.String({ format: 'uri', description: 'The URI of the resource referred to ($ref).' }) } };
const Bool = Type.Union([Type.Boolean(), Type.String({ pattern: '^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee])$' })], { description: 'true or false; the strings "True" and "False" are accepted (Entra ID sends them).' });

const MetaSchema = (resourceType: string) => Type.Object({
  resourceType: Type.Optional(Type.String({ description: resourceType })),
  created: Type.Optional(Type.String({ format: 'date-time' })),
  lastModified: Type.Optional(Type.String({ format: 'date-time' })),
  location: Type.Optional(Type.String({ format: 'uri' })),
  version: Type.Optional(Type.String({ description: 'The resource\'s version, also its ETag: send it in If-Match.' })),
}, { title: 'Meta' });

export const ScimErrorSchema = Type.Object({
  schemas: Type.Array(Type.String(), { description: 'urn:ietf:params:scim:api:messages:2.0:Error' }),
  status: Type.Integer({ description: 'The HTTP status (a number, as the reference types it; RFC 7644 writes it as a string).' }),
  scimType: Type.Optional(Type.String({ description: 'invalidFilter, invalidSyntax, invalidValue, invalidPath, mutability, noTarget or uniqueness.' })),
  detail: Type.String(),
}, { title: 'ScimError', description: 'RFC 7644 §3.12 error.' });

// Sub-attributes are optional in answers: `attributes` and `excludedAttributes` may leave any of them out.
const NameSchema = Type.Object({
  formatted: str('The full name (read-only).'), familyName: str('Family name.'), givenName: str('Given name.'), middleName: str('Middle name.'),
  honorificPrefix: str('Honorific prefix.'), honorificSuffix: str('Honorific suffix.'),
}, { title: 'Name' });
const EmailSchema = Type.Object({ value: Type.Optional(Type.String()), type: str('work, home or other.'), primary: Type.Optional(Type.Boolean()) }, { title: 'Email' });
const PhoneSchema = Type.Object({ value: Type.Optional(Type.String()), type: str('work, home or mobile.') }, { title: 'PhoneNumber' });
const AddressSchema = Type.Object({
  type: str('work or home.'), primary: Type.Optional(Type.Boolean()),
  streetAddress: str('Street.'), locality: str('City.'), region: str('State or region.'), postalCode: str('Postal code.'), country: str('Country.'),
}, { title: 'Address' });
const GroupRefSchema = Type.Object({ value: Type.Optional(Type.String({ format: 'uuid' })), display: Type.Optional(Type.String()) }, { title: 'GroupReference', ...REF });
const RoleRefSchema = Type.Object({ value: Type.Optional(Type.Union(ROLE_VALUES.map((r) => Type.Literal(r)))), display: Type.Optional(Type.String()), primary: Type.Optional(Type.Boolean()) }, { title: 'Role' });
const EnterpriseSchema = Type.Object({
  employeeNumber: str(''), costCenter: str(''), organization: str(''), division: str(''), department: str(''),
  manager: Type.Optional(Type.Object({ value: Type.Optional(Type.String()) }, REF)),
  sendLoginDetails: Type.Optional(Type.Boolean()), federatedId: str(''), company: str(''), workFax: str(''), homeFax: str(''), pager: str(''),
}, { title: 'EnterpriseUser' });

export const ScimUserSchema = Type.Object({
  schemas: Type.Array(Type.String()),
  id: Type.String({ format: 'uuid' }),
  externalId: str('The identity provider\'s id of the user.'),
  userName: Type.Optional(Type.String()),
  name: Type.Optional(NameSchema),
  displayName: str('Display name.'),
  title: str('Title.'),
  userType: str('Always "Planner Account User".'),
  preferredLanguage: str('Preferred language.'),
  locale: str('Locale (IETF language tag).'),
  timezone: str('IANA time zone.'),
  active: Type.Optional(Type.Boolean()),
  emails: Type.Optional(Type.Array(EmailSchema)),
  phoneNumbers: Type.Optional(Type.Array(PhoneSchema)),
  addresses: Type.Optional(Type.Array(AddressSchema)),
  groups: Type.Optional(Type.Array(GroupRefSchema)),
  roles: Type.Optional(Type.Array(RoleRefSchema)),
  sendLoginDetails: Type.Optional(Type.Boolean()),
  [ENTERPRISE_URN]: Type.Optional(EnterpriseSchema),
  meta: Type.Optional(MetaSchema('User')),
}, { title: 'ScimUser', description: 'An account user (RFC 7643 §4.1, enterprise extension §4.3). `password` is never returned.' });

const MemberSchema = Type.Object({ value: Type.Optional(Type.String({ format: 'uuid' })), display: Type.Optional(Type.String()), type: Type.Optional(Type.Literal('User')) }, { title: 'Member', ...REF });
const RoleSchema = Type.Union(ROLE_VALUES.map((r) => Type.Literal(r)));
export const ScimGroupSchema = Type.Object({
  schemas: Type.Array(Type.String()),
  id: Type.String({ format: 'uuid' }),
  externalId: str('The identity provider\'s id of the group.'),
  displayName: Type.Optional(Type.String()),
  members: Type.Optional(Type.Array(MemberSchema)),
  [EVENTLINE_GROUP_URN]: Type.Optional(Type.Object({ role: Type.Optional(RoleSchema), description: str('') })),
  meta: Type.Optional(MetaSchema('Group')),
}, { title: 'ScimGroup', description: 'An account user group (RFC 7643 §4.2), the same as /account-user-groups.' });

const listOf = (item: TSchema, title: string) => Type.Object({
  schemas: Type.Array(Type.String()),
  totalResults: Type.Integer(),
  startIndex: Type.Integer(),
  itemsPerPage: Type.Integer(),
  Resources: Type.Array(item),
}, { title });

export const ScimUserListSchema = listOf(ScimUserSchema, 'ScimUserList');
export const ScimGroupListSchema = listOf(ScimGroupSchema, 'ScimGroupList');

const SubAttributeSchema = Type.Object({
  name: Type.String(), type: Type.String(), multiValued: Type.Boolean(), description: Type.String(), required: Type.Boolean(), caseExact: Type.Boolean(),
  mutability: Type.String(), returned: Type.String(), uniqueness: Type.String(),
  canonicalValues: Type.Optional(Type.Array(Type.String())), referenceTypes: Type.Optional(Type.Array(Type.String())),
}, { title: 'ScimSubAttribute' });
const AttributeSchema = Type.Object({ ...SubAttributeSchema.properties, subAttributes: Type.Optional(Type.Array(SubAttributeSchema)) }, { title: 'ScimAttribute' });
const PlainMeta = Type.Object({ resourceType: Type.String(), location: Type.String({ format: 'uri' }) });

export const ScimSchemaSchema = Type.Object({
  schemas: Type.Array(Type.String()), id: Type.String(), name: Type.String(), description: Type.String(), attributes: Type.Array(AttributeSchema), meta: PlainMeta,
}, { title: 'ScimSchema' });
export const ScimSchemaListSchema = listOf(ScimSchemaSchema, 'ScimSchemaList');

export const ScimResourceTypeSchema = Type.Object({
  schemas: Type.Array(Type.String()), id: Type.String(), name: Type.String(), description: Type.String(), endpoint: Type.String({ format: 'uri' }),
  schema: Type.String(), schemaExtensions: Type.Array(Type.Object({ schema: Type.String(), required: Type.Boolean() })), meta: PlainMeta,
}, { title: 'ScimResourceType' });
export const ScimResourceTypeListSchema = listOf(ScimResourceTypeSchema, 'ScimResourceTypeList');

const Supported = Type.Object({ supported: Type.Boolean() });
export const ServiceProviderConfigSchema = Type.Object({
  schemas: Type.Array(Type.String()),
  documentationUri: Type.String({ format: 'uri' }),
  patch: Supported,
  bulk: Type.Object({ supported: Type.Boolean(), maxOperations: Type.Integer(), maxPayloadSize: Type.Integer() }),
  filter: Type.Object({ supported: Type.Boolean(), maxResults: Type.Integer() }),
  changePassword: Supported,
  sort: Supported,
  etag: Supported,
  authenticationSchemes: Type.Array(Type.Object({
    type: Type.String(), name: Type.String(), description: Type.String(), specUri: Type.String(), documentationUri: Type.String(), primary: Type.Boolean(),
  })),
  meta: PlainMeta,
}, { title: 'ServiceProviderConfig' });

// ---- requests ----------------------------------------------------------------

export const IdParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200, description: 'The resource\'s id.' }) });
export const SchemaIdParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200, description: 'A schema URN, e.g. urn:ietf:params:scim:schemas:core:2.0:User.' }) });
export const ResourceTypeParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200, description: 'User or Group.' }) });

const projection = {
  attributes: Type.Optional(Type.String({ maxLength: 2000, description: 'Comma-separated attributes to return (besides id and schemas), e.g. userName,name.givenName.' })),
  excludedAttributes: Type.Optional(Type.String({ maxLength: 2000, description: 'Comma-separated attributes to leave out, e.g. members.' })),
};
export const ProjectionQuerySchema = Type.Object(projection, { additionalProperties: false });
export const ScimListQuerySchema = Type.Object({
  filter: Type.Optional(Type.String({ maxLength: 4000, description: 'A SCIM filter (RFC 7644 §3.4.2.2): eq ne co sw ew gt ge lt le pr, and, or, not, parentheses, value filters (emails[type eq "work"]). Single-quoted values are accepted too.' })),
  startIndex: Type.Optional(Type.Integer({ maximum: 2147483647, description: '1-based index of the first result (default 1; below 1 counts as 1).' })),
  count: Type.Optional(Type.Integer({ maximum: 2147483647, description: 'Results per page (default 100, at most 200 are returned; 0 returns only totalResults).' })),
  ...projection,
}, { additionalProperties: false });

export const IfMatchHeadersSchema = Type.Object({ 'if-match': Type.Optional(Type.String({ maxLength: 1000, description: 'The ETag (meta.version) the change applies to: 412 when the resource has changed since.' })) });
export const IfNoneMatchHeadersSchema = Type.Object({ 'if-none-match': Type.Optional(Type.String({ maxLength: 1000, description: 'An ETag: 304 when the resource still has it.' })) });

// RFC 7643 §2.5: null, or an empty array for a multi-valued attribute, means unassigned. Entra ID sends
// `"title": null` and the like, on POST as on PUT; every optional attribute of a request takes null.
const unassignable = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

export const ScimUserInputSchema = Type.Object({
  schemas: unassignable(Type.Array(Type.String())),
  externalId: unassignable(Type.String()),
  userName: unassignable(Type.String({ description: 'Required (names are case-insensitive in SCIM, so the check is the service\'s).' })),
  name: unassignable(Type.Object({
    givenName: unassignable(Type.String()), familyName: unassignable(Type.String()), middleName: unassignable(Type.String()),
    honorificPrefix: unassignable(Type.String()), honorificSuffix: unassignable(Type.String()),
  })),
  displayName: unassignable(Type.String()),
  title: unassignable(Type.String()),
  preferredLanguage: unassignable(Type.String()),
  locale: unassignable(Type.String()),
  timezone: unassignable(Type.String()),
  active: unassignable(Bool),
  password: unassignable(Type.String()),
  emails: unassignable(Type.Array(Type.Object({ value: Type.String(), type: unassignable(Type.String()), primary: unassignable(Bool) }))),
  phoneNumbers: unassignable(Type.Array(Type.Object({ value: Type.String(), type: unassignable(Type.String()) }))),
  addresses: unassignable(Type.Array(Type.Object({}))),
  groups: unassignable(Type.Array(Type.Object({ value: Type.String() }))),
  roles: unassignable(Type.Array(Type.Object({ value: Type.String() }))),
  sendLoginDetails: unassignable(Bool),
  [ENTERPRISE_URN]: unassignable(Type.Object({})),
}, { title: 'ScimUserInput', description: 'A User resource. Unknown attributes are ignored; read-only ones (id, meta, userType) too.' });

export const ScimGroupInputSchema = Type.Object({
  schemas: unassignable(Type.Array(Type.String())),
  externalId: unassignable(Type.String()),
  displayName: unassignable(Type.String({ description: 'Required.' })),
  members: unassignable(Type.Array(Type.Object({ value: Type.String() }))),
  [EVENTLINE_GROUP_URN]: unassignable(Type.Object({ role: unassignable(Type.Union([RoleSchema, Type.Null()])), description: unassignable(Type.String()) })),
}, { title: 'ScimGroupInput' });

export const PatchOpSchema = Type.Object({
  schemas: Type.Array(Type.String(), { description: 'urn:ietf:params:scim:api:messages:2.0:PatchOp' }),
  Operations: Type.Array(Type.Object({
    op: Type.String({ description: 'add, remove or replace, in any letter case (Entra ID sends "Replace").' }),
    path: Type.Optional(Type.String()),
    value: Type.Optional(Type.Unknown()),
  })),
}, { title: 'PatchOp' });
