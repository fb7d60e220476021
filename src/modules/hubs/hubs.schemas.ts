import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

// The reference's hubs-paginated-response and paginated-existing-member, and eventline's create bodies (DESIGN rule 11).

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const Text = (max: number, description?: string) => Type.String({ maxLength: max, ...(description ? { description } : {}) });
const Color = Type.String({ pattern: '^#?([0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})$', maxLength: 7 });
const Link = Type.Object({ href: Type.String({ maxLength: 2048 }) }, { additionalProperties: false });

const { limit, token, filter, sort } = listQuerySchema().properties;
export const HubsQuerySchema = Type.Object({ limit, token, filter }, { additionalProperties: false });
export const MEMBER_SORTABLE = ['firstName', 'lastName', 'emailAddress', 'jobTitle', 'designation', 'workAddress.city', 'workAddress.state', 'workAddress.country',
  'companyName', 'registrationDate'] as const;
export const MembersQuerySchema = Type.Object({ limit, token, filter, sort: Type.Optional({ ...sort, description: `Sort order, e.g. lastName:ASC. Sortable: ${MEMBER_SORTABLE.join(', ')}.` }) },
  { additionalProperties: false });
export const HubParamsSchema = Type.Object({ hubId: Uuid('Events+ hub id.') });

const HubSettings = {
  customDomain: Type.Optional(Text(255)),
  url: Type.Optional(Type.String({ format: 'uri', pattern: '^https:\\/\\/[\\S]{2,}', maxLength: 255, description: 'The hub\'s https URL.' })),
  colors: Type.Optional(Type.Object({ action: Type.Optional(Color), background: Type.Optional(Color), main: Type.Optional(Color), mood: Type.Optional(Color) },
    { additionalProperties: false })),
  themeSafeMode: Type.Optional(Type.Boolean()),
  locale: Type.Optional(Text(255)),
  helpEmailAddress: Type.Optional(Type.String({ format: 'email', maxLength: 255 })),
  autoDetectBrowserLocale: Type.Optional(Type.Boolean()),
  faviconUrl: Type.Optional(Type.String({ format: 'uri', maxLength: 255 })),
  utmOverride: Type.Optional(Type.Union([Type.Literal('use-existing-parameter'), Type.Literal('use-custom-parameter')])),
};
export const HubSettingsSchema = Type.Object(HubSettings);
export type HubSettings = Static<typeof HubSettingsSchema>;
const Owner = Type.Object({
  firstName: Type.String({ minLength: 1, maxLength: 255 }), lastName: Type.String({ minLength: 1, maxLength: 255 }), email: Type.String({ format: 'email', minLength: 1, maxLength: 255 }),
}, { title: 'HubOwner', additionalProperties: false });

export const HubSchema = Type.Object(
  {
    id: Uuid('The Events+ hub.'),
    status: Type.Union([Type.Literal('Inactive'), Type.Literal('Active'), Type.Literal('Deleted')]),
    title: Type.String({ minLength: 1, maxLength: 255 }),
    owner: Type.Object({ firstName: Type.Optional(Type.String()), lastName: Type.Optional(Type.String()), email: Type.Optional(Type.String()) }, { title: 'HubOwner' }),
    ...HubSettings,
    created: Type.String({ format: 'date-time' }), createdBy: Type.String(), lastModified: Type.String({ format: 'date-time' }), lastModifiedBy: Type.String(),
  },
  { title: 'ExistingHub' },
);
export type Hub = Static<typeof HubSchema>;
export const HubPageSchema = paginated(HubSchema, 'HubsPaginatedResponse');
export const HubInputSchema = Type.Object(
  { title: Type.String({ minLength: 1, maxLength: 255 }), owner: Owner, status: Type.Optional(Type.Union([Type.Literal('Inactive'), Type.Literal('Active')], { default: 'Active' })), ...HubSettings },
  { title: 'HubInput', additionalProperties: false },
);
export type HubInput = Static<typeof HubInputSchema>;

const MemberProfile = {
  prefix: Type.Optional(Text(30)),
  designation: Type.Optional(Text(30)),
  jobTitle: Type.Optional(Text(100)),
  companyName: Type.Optional(Text(100)),
  headline: Type.Optional(Text(220)),
  pronouns: Type.Optional(Text(30)),
  socialMediaLinks: Type.Optional(Type.Object({ facebookUrl: Type.Optional(Link), twitterUrl: Type.Optional(Link), linkedinUrl: Type.Optional(Link), websiteUrl: Type.Optional(Link) },
    { additionalProperties: false })),
  mobileNumber: Type.Optional(Text(30)),
  workAddress: Type.Optional(Type.Object({ city: Type.Optional(Text(50)), state: Type.Optional(Text(50)), country: Type.Optional(Text(100)) }, { additionalProperties: false })),
  locale: Type.Optional(Text(35)),
  visible: Type.Optional(Type.Boolean({ default: false })),
};
export const MemberSchema = Type.Object(
  {
    id: Uuid('The member.'),
    firstName: Type.String({ maxLength: 30 }),
    lastName: Type.String({ maxLength: 30 }),
    emailAddress: Type.String({ maxLength: 80 }),
    ...MemberProfile,
    registrationDate: Type.String({ format: 'date-time', description: 'When the member joined the hub.' }),
    lastLoginDate: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { title: 'ExistingMember' },
);
export type Member = Static<typeof MemberSchema>;
export const MemberPageSchema = paginated(MemberSchema, 'PaginatedExistingMember');
export const MemberInputSchema = Type.Object(
  { firstName: Type.String({ minLength: 1, maxLength: 30 }), lastName: Type.String({ minLength: 1, maxLength: 30 }), emailAddress: Type.String({ format: 'email', maxLength: 80 }), ...MemberProfile },
  { title: 'MemberInput', additionalProperties: false },
);
export type MemberInput = Static<typeof MemberInputSchema>;
