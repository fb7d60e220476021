import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import {
  CategoriesQuerySchema, CategoryBannerSchema, CategoryFileParamsSchema, CategoryInputSchema, CategoryPageSchema, CategoryParamsSchema, CategorySchema,
  MemberParamsSchema,
} from './categories.schemas.js';
import { CATEGORY_FILTER_FIELDS, type CategoriesService } from './categories.service.js';
import { CategoryIdPageSchema, EventParamsSchema, ExhibitorIdPageSchema, ExhibitorParamsSchema, IdListQuerySchema } from './exhibitors.schemas.js';
import { ID_LIST_FILTER_FIELDS } from './exhibitors.filters.js';

export function categoriesRoutes(categories: CategoriesService) {
  return operations((op) => {
    op.list('getExhibitorCategories', {
      description: 'The exhibitor categories of the event, by `order` then id.', params: EventParamsSchema,
      query: CategoriesQuerySchema, page: CategoryPageSchema, filters: CATEGORY_FILTER_FIELDS, list: (auth, query, params) => categories.list(auth.accountId, params.id, query),
    });

    op('createExhibitorCategory', {
      description: 'Creates an exhibitor category of the event; `event.id` must be the path\'s (400). Its banner is set with the banner-files operation.',
      params: EventParamsSchema, body: CategoryInputSchema, response: { 201: CategorySchema },
    }, async (request) => categories.create(request.auth, request.params.id, request.body));

    op('updateExhibitorCategory', {
      description: 'Replaces the category\'s name, description, order and type; its banner and exhibitors stay.',
      params: CategoryParamsSchema, body: CategoryInputSchema, response: { 200: CategorySchema },
    }, async ({ auth, params, body }) => categories.update(auth, params.id, params.exhibitorCategoryId, body));

    op('deleteExhibitorCategory', {
      description: 'Deletes the category; its exhibitors stay (they leave it), its banner expires as an unassociated file.',
      params: CategoryParamsSchema, response: { 204: Type.Null({ description: 'Successfully deleted exhibitor category.' }) },
    }, async ({ auth, params }) => categories.delete(auth, params.id, params.exhibitorCategoryId).then(() => null));

    op('updateExhibitorCategoryBanner', {
      description: 'Makes an uploaded file (POST /files) the category\'s banner, replacing the current one. The file must be a JPEG, PNG or GIF '
        + '(400 otherwise, nothing changed) and not in use elsewhere (400).',
      params: CategoryFileParamsSchema, response: { 200: CategoryBannerSchema },
    }, async ({ auth, params }) => categories.setBanner(auth, params.id, params.exhibitorCategoryId, params.fileId));

    op('deleteExhibitorCategoryImage', {
      description: 'Removes the category\'s banner; `fileId` must be the current one (404 otherwise).',
      params: CategoryFileParamsSchema, response: { 204: Type.Null({ description: 'Successfully deleted exhibitor category banner image.' }) },
    }, async ({ auth, params }) => categories.removeBanner(auth, params.id, params.exhibitorCategoryId, params.fileId).then(() => null));

    op.list('listExhibitors', {
      description: 'The ids of the category\'s exhibitors (deleted exhibitors left out), in id order.', params: CategoryParamsSchema,
      query: IdListQuerySchema, page: ExhibitorIdPageSchema,
      filters: ID_LIST_FILTER_FIELDS, list: (auth, query, params) => categories.exhibitors(auth.accountId, params.id, params.exhibitorCategoryId, query),
    });

    op.list('listExhibitorCategories', {
      description: 'The ids of the categories the exhibitor is in, in id order.', params: ExhibitorParamsSchema,
      query: IdListQuerySchema, page: CategoryIdPageSchema,
      filters: ID_LIST_FILTER_FIELDS, list: (auth, query, params) => categories.ofExhibitor(auth.accountId, params.id, params.exhibitorId, query),
    });

    op('addExhibitorToExhibitorCategory', {
      description: 'Puts the exhibitor in the category; doing it again changes nothing.',
      params: MemberParamsSchema, response: { 204: Type.Null({ description: 'Successfully added an exhibitor to the exhibitor-category.' }) },
    }, async ({ auth, params }) => categories.addExhibitor(auth, params.id, params.exhibitorCategoryId, params.exhibitorId).then(() => null));

    op('removeExhibitorFromExhibitorCategory', {
      description: 'Takes the exhibitor out of the category (404 when it is not in it).',
      params: MemberParamsSchema, response: { 204: Type.Null({ description: 'Successfully removed the exhibitor' }) },
    }, async ({ auth, params }) => categories.removeExhibitor(auth, params.id, params.exhibitorCategoryId, params.exhibitorId).then(() => null));
  });
}
