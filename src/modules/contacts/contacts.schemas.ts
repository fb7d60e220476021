import { Type, type Static, type TSchema } from 'typebox';
import { ErrorResponseSchema } from '../../http/errors.js';
import { listQuerySchema, paginated } from '../../http/paging.js';
import { isJsonObject } from './contacts.mapping.js';

export const GENDERS = ['Male', 'Female', 'Non-binary', 'Rather not say'] as const;
export const ADDRESS_TYPES = ['Home', 'Work'] as const;

const text = (maxLength: number, opts: Record<string, unknown> = {}) => Type.String({ maxLength, ...opts });
const opt = <T extends TSchema>(schema: T) => Type.Optional(schema);
const uuid = (description?: string) => Type.String({ format: 'uuid', ...(description ? { description } : {}) });
const email = (description: string) => Type.String({ format: 'email', minLength: 6, maxLength: 80, description });

export const AddressSchema = Type.Object(
  {
    address1: opt(text(40)),
    address2: opt(text(40)),
    address3: opt(text(40)),
    city: opt(text(40)),
    regionCode: opt(Type.String({ minLength: 2, maxLength: 10 })),
    countryCode: opt(Type.String({ minLength: 2, maxLength: 3, description: 'ISO 3166 alpha-2 country code' })),
    postalCode: opt(text(25)),
  },
  { title: 'Address' },
);
export type Address = Static<typeof AddressSchema>;

const LinkSchema = Type.Object({ href: text(2500) }, { title: 'Link' });
export const ContactLinksSchema = Type.Object(
  { twitterUrl: opt(LinkSchema), facebookUrl: opt(LinkSchema), linkedInUrl: opt(LinkSchema) },
  { title: 'ContactLinks' },
);

/** Writable fields kept in the `profile` JSON (not searchable by their own column). */
const profileProps = {
  nickname: opt(text(30)),
  ccEmail: opt(email('An alternate email address cc\'d on email communications.')),
  gender: opt(Type.Enum(GENDERS, { title: 'Gender', type: 'string' })),
  designation: opt(text(30)),
  type: opt(Type.Object({ id: uuid('The contact type id') }, { title: 'ContactType' })),
  primaryAddressType: opt(Type.Enum(ADDRESS_TYPES, { title: 'AddressType', type: 'string' })),
  homeAddress: opt(AddressSchema),
  homePhone: opt(text(30)),
  homeFax: opt(text(30)),
  workAddress: opt(AddressSchema),
  workPhone: opt(text(30)),
  workFax: opt(text(30)),
  mobilePhone: opt(text(30)),
  prefix: opt(text(30)),
  pager: opt(text(30)),
  npi: opt(Type.String({ minLength: 10, maxLength: 10 })),
  _links: opt(ContactLinksSchema),
  headline: opt(text(2500)),
  personalWebsite: opt(Type.String({ format: 'uri', maxLength: 2500 })),
  biography: opt(text(2500)),
  pronouns: opt(text(50)),
};

const writableProps = {
  firstName: text(30, { minLength: 1 }),
  lastName: text(50, { minLength: 1 }),
  middleName: opt(text(30)),
  email: email('The email address of the contact; unique among the account\'s active contacts.'),
  company: opt(text(100)),
  title: opt(text(100)),
  sourceId: opt(text(50, { description: 'The id of the contact in an external system; unique among the account\'s active contacts.' })),
  ...profileProps,
  optOut: opt(Type.Object({ optedOut: opt(Type.Boolean()) }, { title: 'ContactOptOut' })),
};

/**
 * A contact written by POST (each item) and PUT. Read-only fields a client
 * echoes back from a GET (id, created, deleted, purged, ...) are accepted and
 * ignored: the reference marks them readOnly.
 */
export const ContactInputSchema = Type.Object(writableProps, { title: 'ContactCreate', additionalProperties: true });
export type ContactInput = Static<typeof ContactInputSchema>;

/** A PUT /contacts item: the id says which contact. */
export const ContactUpdateItemSchema = Type.Object({ id: uuid('The ID of the contact.'), ...writableProps }, { title: 'ContactUpdate', additionalProperties: true });
/** PUT /contacts/{id}: the id is in the path; one in the body must match it. */
export const ContactUpdateSchema = Type.Object({ id: opt(uuid('The ID of the contact; must match the path.')), ...writableProps }, { title: 'ContactUpdate', additionalProperties: true });

type Json = Record<string, unknown>;

// PATCH: every field may also be null (which removes it) and none is required;
// the merged contact is then checked against ContactInputSchema. Written as
// `type: [T, 'null']` rather than anyOf, because Fastify's type coercion
// would turn a null into "" inside an anyOf.
function nullable(schema: Json): Json {
  const { type, enum: values, properties } = schema;
  const out: Json = { ...schema };
  if (typeof type === 'string') out['type'] = [type, 'null'];
  if (Array.isArray(values)) out['enum'] = [...values, null];
  if (isJsonObject(properties)) {
    out['properties'] = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, isJsonObject(v) ? nullable(v) : v]));
    delete out['required'];
  }
  return out;
}

export type ContactPatchInput = { [K in keyof ContactInput]?: unknown } & { id?: string };
// The body itself stays an object: only its fields may be null.
const patchBase: Json = { ...nullable({ ...ContactInputSchema }), type: 'object' };
const patchProps = isJsonObject(patchBase['properties']) ? patchBase['properties'] : {};
export const ContactPatchSchema = Type.Unsafe<ContactPatchInput>({
  ...patchBase,
  title: 'ContactPatch',
  properties: { ...patchProps, id: uuid('The ID of the contact; must match the path.') },
  description: 'Only the fields sent change; a field set to null is removed. firstName, lastName and email cannot be removed.',
});
export const ContactPatchItemSchema = Type.Unsafe<ContactPatchInput & { id: string }>({
  ...patchBase,
  title: 'ContactPatch',
  properties: { ...patchProps, id: uuid('The ID of the contact.') },
  required: ['id'],
});

const auditProps = {
  created: opt(Type.String({ format: 'date-time' })),
  createdBy: opt(Type.String()),
  lastModified: opt(Type.String({ format: 'date-time' })),
  lastModifiedBy: opt(Type.String()),
};

/** A contact's answer to a custom field (the reference's custom-field; the custom-fields module writes them). */
function ContactCustomFieldSchema() {
  return Type.Object({
    id: uuid('The custom field.'), name: opt(Type.String()), value: Type.Array(Type.String({ maxLength: 16000 }), { uniqueItems: true }),
    order: opt(Type.Integer()), type: opt(Type.String()),
  }, { title: 'CustomField' });
}

/** The response shape (and the PII firewall): only the fields listed here leave the server. */
export const ContactSchema = Type.Object(
  {
    id: uuid('The ID of the contact.'),
    ...Type.Partial(Type.Object(writableProps)).properties,
    optOut: opt(Type.Object({ optedOut: Type.Boolean(), date: opt(Type.String({ format: 'date-time' })) }, { title: 'ContactOptOut' })),
    deleted: opt(Type.Boolean({ description: 'True when the contact is deleted: its data is kept but it is inactive. Read-only.' })),
    purged: Type.Boolean({ description: 'True when the contact is purged (obfuscated): only id, lastModified and purged remain. Read-only.' }),
    customFields: opt(Type.Array(ContactCustomFieldSchema(), { description: 'The contact\'s custom-field answers (GET /contacts/{id} only); written with PUT /contacts/{id}/custom-fields/{customFieldId}/answers. Read-only.' })),
    ...auditProps,
  },
  { title: 'ExistingContact' },
);
export type Contact = Static<typeof ContactSchema>;

export const ContactPageSchema = paginated(ContactSchema, 'ContactPaginatedResponse');

// The contract's error shape, without the shared $id so it can sit inside a union.
const BulkErrorSchema = Type.Object(ErrorResponseSchema.properties, { title: 'ErrorResponse' });
export type BulkError = Static<typeof BulkErrorSchema>;

// The error branch comes first: a Contact has no required field, so the
// serializer would otherwise take an error for a contact and drop its fields.
export const ContactBulkResponseSchema = Type.Array(
  Type.Object(
    {
      status: Type.Integer({ description: 'The HTTP status of this item: 201 created, 200 updated, or the error status.' }),
      message: opt(Type.String()),
      data: Type.Union([BulkErrorSchema, ContactSchema]),
    },
    { title: 'ContactBulkResponseItem' },
  ),
  { title: 'ContactBulkResponse', description: 'One item per request item, in request order.' },
);
export type ContactBulkItem = Static<typeof ContactBulkResponseSchema>[number];

export const MAX_BULK_CONTACTS = 10;
const bulk = <T extends TSchema>(item: T, what: string) =>
  Type.Array(item, { minItems: 1, maxItems: MAX_BULK_CONTACTS, description: `Up to ${MAX_BULK_CONTACTS} contacts to ${what}; each is answered on its own.` });
export const ContactBulkCreateSchema = bulk(ContactInputSchema, 'create');
export const ContactBulkUpdateSchema = bulk(ContactUpdateItemSchema, 'update');
export const ContactBulkPatchSchema = bulk(ContactPatchItemSchema, 'patch');

export const ContactIdParamsSchema = Type.Object({ id: uuid('Contact id') });

const { sort: _sort, ...listProps } = listQuerySchema().properties;
export const ContactListQuerySchema = Type.Object(
  {
    ...listProps,
    includePurged: opt(Type.Boolean({ default: false, description: 'Include purged contacts (only id, lastModified and purged); the filter may then only use id.' })),
  },
  { additionalProperties: false },
);
export type ContactListQuery = Static<typeof ContactListQuerySchema>;
const { filter: _filter, ...filterPostProps } = listProps;
export const ContactFilterPostQuerySchema = Type.Object(filterPostProps, { additionalProperties: false });

export const ContactCreateQuerySchema = Type.Object(
  { upsert: opt(Type.Boolean({ default: false, description: 'Update the active contact with the same email instead of answering 409.' })) },
  { additionalProperties: false },
);
