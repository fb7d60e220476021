import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';
import { AuditSchemas, EventRefSchema, imageFileSchema, imageRefs, Uuid } from './exhibitors.schemas.js';
import { CATEGORY_TYPES } from './categories.table.js';

export const CategoryParamsSchema = Type.Object({ id: Uuid('ID of an event.'), exhibitorCategoryId: Uuid('ID of an exhibitor category.') });
export const CategoryFileParamsSchema = Type.Object({ id: Uuid('ID of an event.'), exhibitorCategoryId: Uuid('ID of an exhibitor category.'), fileId: Uuid('ID of a file.') });
export const MemberParamsSchema = Type.Object({ id: Uuid('ID of an event.'), exhibitorCategoryId: Uuid('ID of an exhibitor category.'), exhibitorId: Uuid('ID of an exhibitor.') });

const { limit, token } = listQuerySchema().properties;
export const CategoriesQuerySchema = Type.Object({ limit, token }, { additionalProperties: false });

const CategoryFields = {
  event: EventRefSchema,
  name: Type.String({ minLength: 1, maxLength: 50, description: 'Name of the exhibitor category' }),
  description: Type.Optional(Type.String({ maxLength: 180, description: 'Exhibitor Category description' })),
  order: Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'order for exhibitor category' }),
  type: Type.Enum(CATEGORY_TYPES, { type: 'string', title: 'ExhibitorCategoryType', description: 'Type of exhibitor category' }),
};

export const CategoryInputSchema = Type.Object(
  {
    ...CategoryFields,
    id: Type.Optional(Uuid('Read-only: ignored.')),
    bannerId: Type.Optional(Uuid('Read-only: set with PUT .../banner-files/{fileId}.')),
    bannerUrl: Type.Optional(Type.String({ description: 'Read-only: ignored.' })),
    created: Type.Optional(AuditSchemas.created), createdBy: Type.Optional(AuditSchemas.createdBy),
    lastModified: Type.Optional(AuditSchemas.lastModified), lastModifiedBy: Type.Optional(AuditSchemas.lastModifiedBy),
  },
  { title: 'ExhibitorCategoryRequest', additionalProperties: false },
);
export type CategoryInput = Static<typeof CategoryInputSchema>;

export const CategorySchema = Type.Object(
  {
    id: Uuid('ID of exhibitor category.'),
    ...CategoryFields,
    ...imageRefs('banner', 'File ID for exhibitor category banner.', 'category banner'),
    ...AuditSchemas,
  },
  { title: 'ExhibitorCategory' },
);
export type Category = Static<typeof CategorySchema>;
export const CategoryPageSchema = paginated(CategorySchema, 'ExhibitorCategoriesPaginatedResponse');

export const CategoryBannerSchema = imageFileSchema('ExhibitorCategoryBannerFile', 'A signed, expiring URL of the image.');
export type CategoryBanner = Static<typeof CategoryBannerSchema>;
