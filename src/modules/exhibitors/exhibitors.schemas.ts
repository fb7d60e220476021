import { Type, type Static, type TOptional, type TString } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

// The reference's Exhibitor schemas (exhibitor-request, exhibitor-response,
// exhibitor-banner-logo-file). Shared pieces (ids, audit, the event reference)
// are exported for the other exhibitor families.

export const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const DateTime = (description: string) => Type.String({ format: 'date-time', description });

export const AuditSchemas = {
  created: DateTime('The ISO 8601 zoned date time when this record was created.'),
  createdBy: Type.String({ description: 'The identifier of the user that created this record.' }),
  lastModified: DateTime('The ISO 8601 zoned date time when this record was updated.'),
  lastModifiedBy: Type.String({ description: 'The identifier of the user that last updated this record.' }),
};
export interface Audit { created: string; createdBy: string; lastModified: string; lastModifiedBy: string }

/** A response's image, e.g. `bannerId` and `bannerUrl`: its file and a signed, expiring URL of it. */
export function imageRefs<K extends string>(key: K, idDescription: string, what: string): Record<`${K}Id` | `${K}Url`, TOptional<TString>> {
  return {
    [`${key}Id`]: Type.Optional(Uuid(idDescription)),
    [`${key}Url`]: Type.Optional(Type.String({ format: 'uri', description: `A signed, expiring URL of the ${what}.` })),
  } as Record<`${K}Id` | `${K}Url`, TOptional<TString>>;
}

/** The answer of a PUT of an image: the file and a signed, expiring URL of it. */
export const imageFileSchema = (title: string, hrefDescription: string) => Type.Object(
  {
    file: Type.Object({ id: Uuid('The file.') }),
    href: Type.String({ format: 'uri', description: hrefDescription }),
  },
  { title },
);

export const EventRefSchema = Type.Object({ id: Uuid('Event id') }, { title: 'Event' });
export const IdRefSchema = (description: string) => Type.Object({ id: Uuid(description) });

export const EventParamsSchema = Type.Object({ id: Uuid('ID of an event.') });
export const ExhibitorParamsSchema = Type.Object({ id: Uuid('ID of an event.'), exhibitorId: Uuid('ID of an exhibitor.') });
export const ExhibitorFileParamsSchema = Type.Object({ id: Uuid('ID of an event.'), exhibitorId: Uuid('ID of an exhibitor.'), fileId: Uuid('ID of a file.') });

const { limit, token, after, before, filter } = listQuerySchema().properties;
export const ExhibitorsQuerySchema = Type.Object({ limit, token, after, before, filter }, { additionalProperties: false });
/** The reference's lists of ids (an exhibitor's categories, a category's exhibitors): limit and token only. */
export const IdListQuerySchema = Type.Object({ limit, token }, { additionalProperties: false });

const Text = (maxLength: number, description: string) => Type.String({ maxLength, description });
const LinkSchema = Type.Object({ href: Type.String({ minLength: 1, maxLength: 2000, description: 'A url provided that can be followed for linking' }) }, { additionalProperties: false });

export const AddressSchema = Type.Object(
  {
    address1: Type.Optional(Text(200, 'The first line of an address')),
    address2: Type.Optional(Text(200, 'The second line of an address')),
    city: Type.Optional(Text(100, 'The name of the city.')),
    region: Type.Optional(Text(100, 'The name of the state/province/region of the address.')),
    postalCode: Type.Optional(Text(30, 'postal code (also known as zipcode) of the address')),
    country: Type.Optional(Text(100, "Name of the country for example, 'United States'")),
  },
  { title: 'Address', additionalProperties: false },
);
export type Address = Static<typeof AddressSchema>;

export const ContactLinksSchema = Type.Object(
  { twitterUrl: Type.Optional(LinkSchema), facebookUrl: Type.Optional(LinkSchema), linkedInUrl: Type.Optional(LinkSchema), instagramUrl: Type.Optional(LinkSchema) },
  { title: 'ContactLinks', additionalProperties: false },
);
export type ContactLinks = Static<typeof ContactLinksSchema>;

const ExhibitorFields = {
  event: EventRefSchema,
  name: Type.String({ minLength: 1, maxLength: 500, description: 'Name of the exhibitor.' }),
  description: Type.Optional(Text(5000, 'Exhibitor description')),
  code: Type.Optional(Text(100, 'Code used to identify the exhibitor')),
  sourceId: Type.Optional(Text(100, 'Code used for marketing groupings')),
  location: Type.Optional(Text(200, 'Exhibitor location (a booth or hall)')),
  address: Type.Optional(AddressSchema),
  email: Type.Optional(Type.String({ format: 'email', maxLength: 320, description: 'Email address of the exhibitor' })),
  mobilePhone: Type.Optional(Text(50, 'Mobile Phone of the exhibitor')),
  workPhone: Type.Optional(Text(50, 'Work Phone of the exhibitor')),
  otherPhone: Type.Optional(Text(50, 'Any other phone of the exhibitor')),
  website: Type.Optional(Type.String({ format: 'url', maxLength: 2000, description: "Exhibitor's website URL (with its scheme, e.g. https://)" })),
  contactLinks: Type.Optional(ContactLinksSchema),
  hidden: Type.Optional(Type.Boolean({ default: false, description: 'True indicates that the exhibitor is hidden.' })),
  eventSponsor: Type.Optional(Type.Boolean({ default: false, description: 'A boolean indicating whether the exhibitor is an event sponsor or not' })),
  featured: Type.Optional(Type.Boolean({ default: false, description: 'A boolean indicating whether the exhibitor is designated as featured or not' })),
  sponsorshipLevel: Type.Optional(Type.Object({ id: Uuid('Sponsorship Level Id: one of the event\'s sponsorship levels') }, { title: 'Sponsorship level' })),
};

export const ExhibitorInputSchema = Type.Object(
  {
    ...ExhibitorFields,
    deleted: Type.Optional(Type.Boolean({ default: false, description: 'Read-only in eventline: accepted and ignored (DELETE deletes an exhibitor).' })),
    created: Type.Optional(AuditSchemas.created), createdBy: Type.Optional(AuditSchemas.createdBy),
    lastModified: Type.Optional(AuditSchemas.lastModified), lastModifiedBy: Type.Optional(AuditSchemas.lastModifiedBy),
    id: Type.Optional(Uuid('Read-only: ignored.')),
    profileLogoId: Type.Optional(Uuid('Read-only: set with PUT .../logo-files/{fileId}.')),
    profileLogoUrl: Type.Optional(Type.String({ description: 'Read-only: ignored.' })),
    bannerId: Type.Optional(Uuid('Read-only: set with PUT .../banner-files/{fileId}.')),
    bannerUrl: Type.Optional(Type.String({ description: 'Read-only: ignored.' })),
  },
  { title: 'ExhibitorRequest', additionalProperties: false },
);
export type ExhibitorInput = Static<typeof ExhibitorInputSchema>;

export const ExhibitorSchema = Type.Object(
  {
    id: Uuid('ID of an exhibitor.'),
    ...ExhibitorFields,
    hidden: Type.Boolean({ description: 'True indicates that the exhibitor is hidden.' }),
    eventSponsor: Type.Boolean({ description: 'A boolean indicating whether the exhibitor is an event sponsor or not' }),
    featured: Type.Boolean({ description: 'A boolean indicating whether the exhibitor is designated as featured or not' }),
    deleted: Type.Boolean({ description: 'True once the exhibitor is deleted (listed only with a filter on deleted).' }),
    ...imageRefs('profileLogo', 'File ID for exhibitor profile logo.', 'exhibitor profile logo'),
    ...imageRefs('banner', 'File ID for exhibitor banner.', 'exhibitor banner'),
    ...AuditSchemas,
  },
  { title: 'Exhibitor' },
);
export type Exhibitor = Static<typeof ExhibitorSchema>;
export const ExhibitorPageSchema = paginated(ExhibitorSchema, 'ExhibitorsPaginatedResponse');

export const BannerLogoFileSchema = imageFileSchema('ExhibitorBannerLogoFile', 'A signed, expiring URL of the image (GET /files/{id} gives a fresh one).');
export type BannerLogoFile = Static<typeof BannerLogoFileSchema>;

export const IdItemSchema = Type.Object({ id: Uuid('The id.') });
export type IdItem = Static<typeof IdItemSchema>;
export const CategoryIdPageSchema = paginated(IdItemSchema, 'ExhibitorCategoryIdPaginatedResponse');
export const ExhibitorIdPageSchema = paginated(IdItemSchema, 'ExhibitorIdPaginatedResponse');
