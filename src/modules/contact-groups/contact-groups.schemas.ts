import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

// The reference's contact-group, contact-id-paginated-response and contact-type, and eventline's create body for a
// contact type (DESIGN rule 11: the reference only lists them).

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const DateTime = (description: string) => Type.String({ format: 'date-time', description });
const Audit = {
  created: DateTime('When this record was created.'),
  createdBy: Type.String({ description: 'Who created this record.' }),
  lastModified: DateTime('When this record was last changed.'),
  lastModifiedBy: Type.String({ description: 'Who last changed this record.' }),
};
const ReadOnlyAudit = Object.fromEntries(Object.entries(Audit).map(([k, v]) => [k, Type.Optional({ ...v, description: 'Read-only: ignored.' })]));


export const GroupParamsSchema = Type.Object({ id: Uuid('Contact group id.') });
export const MemberParamsSchema = Type.Object({ id: Uuid('Contact group id.'), contactId: Uuid('Contact id.') });

const { limit, token, after, before, filter } = listQuerySchema().properties;
export const GroupsQuerySchema = Type.Object({ limit, token, after, before, filter }, { additionalProperties: false });
export const PagingQuerySchema = Type.Object({ limit, token }, { additionalProperties: false });
export const TypesQuerySchema = Type.Object({ limit, token, filter }, { additionalProperties: false });

const DistributionListInfo = Type.Object({
  securityType: Type.Optional(Type.Union([Type.Literal('PRIVATE'), Type.Literal('SEMI_PRIVATE'), Type.Literal('PUBLIC')], { description: 'Who may join the distribution list.' })),
  internalNote: Type.Optional(Type.String({ maxLength: 300, description: 'An internal note about the distribution list.' })),
  status: Type.Optional(Type.Literal('COMPLETE', { description: 'Read-only: always COMPLETE (eventline builds a list at once).' })),
}, { title: 'DistributionListInfo' });

export const ContactGroupSchema = Type.Object(
  {
    id: Uuid('The contact group.'),
    name: Type.String({ maxLength: 100, description: 'Name of the contact group (unique in the account).' }),
    shortDescription: Type.Optional(Type.String({ description: 'Short description of the contact group.' })),
    description: Type.Optional(Type.String({ description: 'Full description of the contact group.' })),
    type: Type.Union([Type.Literal('BLACKLIST'), Type.Literal('DISTRIBUTION_LIST'), Type.Literal('STANDARD')], { description: 'The kind of group.' }),
    note: Type.Optional(Type.String({ description: 'Deprecated: a distribution list\'s internal note, as distributionListInfo.internalNote.' })),
    distributionListInfo: Type.Optional(DistributionListInfo),
    ...Audit,
  },
  { title: 'ContactGroup' },
);
export type ContactGroup = Static<typeof ContactGroupSchema>;
export const ContactGroupPageSchema = paginated(ContactGroupSchema, 'ContactGroupPaginatedResponse');

export const ContactGroupInputSchema = Type.Object(
  {
    id: Type.Optional(Uuid('Read-only: ignored.')),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    shortDescription: Type.Optional(Type.String({ maxLength: 500 })),
    description: Type.Optional(Type.String({ maxLength: 4000 })),
    type: Type.Optional(Type.Union([Type.Literal('BLACKLIST'), Type.Literal('DISTRIBUTION_LIST'), Type.Literal('STANDARD')], { default: 'STANDARD', description: 'By default STANDARD; it cannot change once created.' })),
    note: Type.Optional(Type.String({ maxLength: 300, description: 'Deprecated: the distribution list\'s internal note.' })),
    distributionListInfo: Type.Optional(Type.Object({
      securityType: Type.Optional(Type.Union([Type.Literal('PRIVATE'), Type.Literal('SEMI_PRIVATE'), Type.Literal('PUBLIC')])),
      internalNote: Type.Optional(Type.String({ maxLength: 300 })),
      status: Type.Optional(Type.String({ description: 'Read-only: ignored.' })),
    }, { additionalProperties: false })),
    ...ReadOnlyAudit,
  },
  { title: 'ContactGroupInput', additionalProperties: false },
);
export type ContactGroupInput = Static<typeof ContactGroupInputSchema>;

export const ContactIdPageSchema = paginated(Type.Object({ id: Uuid('A contact id.') }, { title: 'ContactId' }), 'ContactIdPaginatedResponse');

export const ContactTypeSchema = Type.Object(
  {
    id: Uuid('The contact type.'),
    code: Type.String({ maxLength: 30, description: 'Code of the contact type (unique in the account).' }),
    name: Type.String({ maxLength: 50, description: 'Name of the contact type.' }),
    description: Type.Optional(Type.String({ maxLength: 2500 })),
    active: Type.Boolean({ description: 'Whether contacts may be given this type.' }),
  },
  { title: 'ContactType' },
);
export type ContactType = Static<typeof ContactTypeSchema>;
export const ContactTypePageSchema = paginated(ContactTypeSchema, 'ContactTypePaginatedResponse');

export const ContactTypeInputSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 50 }),
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 30, pattern: '^[A-Za-z0-9_-]+$', description: 'By default derived from the name.' })),
    description: Type.Optional(Type.String({ maxLength: 2500 })),
    active: Type.Optional(Type.Boolean({ default: true })),
  },
  { title: 'ContactTypeInput', additionalProperties: false },
);
export type ContactTypeInput = Static<typeof ContactTypeInputSchema>;
