import { Type } from 'typebox';
import { oauth, requireAuth } from '../../http/auth.js';
import { registerList } from '../../http/lists.js';
import { errorResponses } from '../../http/responses.js';
import { typedRoutes } from '../../http/routes.js';
import {
  CategoriesQuerySchema, CategoryBannerSchema, CategoryFileParamsSchema, CategoryInputSchema, CategoryPageSchema, CategoryParamsSchema, CategorySchema,
  MemberParamsSchema,
} from './categories.schemas.js';
import type { CategoriesService } from './categories.service.js';
import { CategoryIdPageSchema, EventParamsSchema, ExhibitorIdPageSchema, ExhibitorParamsSchema, IdListQuerySchema } from './exhibitors.schemas.js';

const tags = ['Exhibitor'];

export function categoriesRoutes(categories: CategoriesService) {
  return typedRoutes((app) => {
    registerList(app, {
      path: '/events/:id/exhibitor-categories', params: EventParamsSchema, errors: [404], tags, operationId: 'getExhibitorCategories',
      summary: 'List Exhibitor Categories', scope: 'exhibitor/exhibitor-categories:read',
      description: 'The exhibitor categories of the event, by `order` then id.',
      query: CategoriesQuerySchema, page: CategoryPageSchema, list: (auth, query, params) => categories.list(auth.accountId, params.id, query),
    });

    app.post('/events/:id/exhibitor-categories', {
      schema: {
        tags, operationId: 'createExhibitorCategory', summary: 'Create Exhibitor Category', security: oauth('exhibitor/exhibitor-categories:write'),
        description: 'Creates an exhibitor category of the event; `event.id` must be the path\'s (400). Its banner is set with the banner-files operation.',
        params: EventParamsSchema, body: CategoryInputSchema, response: { 201: CategorySchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await categories.create(requireAuth(request), request.params.id, request.body)));

    app.put('/events/:id/exhibitor-categories/:exhibitorCategoryId', {
      schema: {
        tags, operationId: 'updateExhibitorCategory', summary: 'Update Exhibitor Category', security: oauth('exhibitor/exhibitor-categories:write'),
        description: 'Replaces the category\'s name, description, order and type; its banner and exhibitors stay.',
        params: CategoryParamsSchema, body: CategoryInputSchema, response: { 200: CategorySchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => categories.update(requireAuth(request), request.params.id, request.params.exhibitorCategoryId, request.body));

    app.delete('/events/:id/exhibitor-categories/:exhibitorCategoryId', {
      schema: {
        tags, operationId: 'deleteExhibitorCategory', summary: 'Delete Exhibitor Category', security: oauth('exhibitor/exhibitor-categories:delete'),
        description: 'Deletes the category; its exhibitors stay (they leave it), its banner expires as an unassociated file.',
        params: CategoryParamsSchema,
        response: { 204: Type.Null({ description: 'Successfully deleted exhibitor category.' }), ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => {
      await categories.delete(requireAuth(request), request.params.id, request.params.exhibitorCategoryId);
      return reply.code(204).send(null);
    });

    app.put('/events/:id/exhibitor-categories/:exhibitorCategoryId/banner-files/:fileId', {
      schema: {
        tags, operationId: 'updateExhibitorCategoryBanner', summary: 'Assign Banner to Category', security: oauth('exhibitor/exhibitor-categories:write'),
        description: 'Makes an uploaded file (POST /files) the category\'s banner, replacing the current one. The file must be a JPEG, PNG or GIF '
          + '(400 otherwise, nothing changed) and not in use elsewhere (400).',
        params: CategoryFileParamsSchema, response: { 200: CategoryBannerSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => categories.setBanner(requireAuth(request), request.params.id, request.params.exhibitorCategoryId, request.params.fileId));

    app.delete('/events/:id/exhibitor-categories/:exhibitorCategoryId/banner-files/:fileId', {
      schema: {
        tags, operationId: 'deleteExhibitorCategoryImage', summary: 'Delete Banner from Category', security: oauth('exhibitor/exhibitor-categories:write'),
        description: 'Removes the category\'s banner; `fileId` must be the current one (404 otherwise).',
        params: CategoryFileParamsSchema,
        response: { 204: Type.Null({ description: 'Successfully deleted exhibitor category banner image.' }), ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => {
      await categories.removeBanner(requireAuth(request), request.params.id, request.params.exhibitorCategoryId, request.params.fileId);
      return reply.code(204).send(null);
    });

    registerList(app, {
      path: '/events/:id/exhibitor-categories/:exhibitorCategoryId/exhibitors', params: CategoryParamsSchema, errors: [404], tags, operationId: 'listExhibitors',
      summary: 'List Category\'s Exhibitors', scope: 'exhibitor/exhibitor-categories:read',
      description: 'The ids of the category\'s exhibitors (deleted exhibitors left out), in id order.',
      query: IdListQuerySchema, page: ExhibitorIdPageSchema,
      list: (auth, query, params) => categories.exhibitors(auth.accountId, params.id, params.exhibitorCategoryId, query),
    });

    registerList(app, {
      path: '/events/:id/exhibitors/:exhibitorId/exhibitor-categories', params: ExhibitorParamsSchema, errors: [404], tags, operationId: 'listExhibitorCategories',
      summary: 'List Exhibitor\'s Categories', scope: 'exhibitor/exhibitor-categories:read',
      description: 'The ids of the categories the exhibitor is in, in id order.',
      query: IdListQuerySchema, page: CategoryIdPageSchema,
      list: (auth, query, params) => categories.ofExhibitor(auth.accountId, params.id, params.exhibitorId, query),
    });

    app.put('/events/:id/exhibitor-categories/:exhibitorCategoryId/exhibitors/:exhibitorId', {
      schema: {
        tags, operationId: 'addExhibitorToExhibitorCategory', summary: 'Assign Exhibitor to Category', security: oauth('exhibitor/exhibitor-categories:write'),
        description: 'Puts the exhibitor in the category; doing it again changes nothing.',
        params: MemberParamsSchema,
        response: { 204: Type.Null({ description: 'Successfully added an exhibitor to the exhibitor-category.' }), ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => {
      await categories.addExhibitor(requireAuth(request), request.params.id, request.params.exhibitorCategoryId, request.params.exhibitorId);
      return reply.code(204).send(null);
    });

    app.delete('/events/:id/exhibitor-categories/:exhibitorCategoryId/exhibitors/:exhibitorId', {
      schema: {
        tags, operationId: 'removeExhibitorFromExhibitorCategory', summary: 'Delete Exhibitor from Category', security: oauth('exhibitor/exhibitor-categories:delete'),
        description: 'Takes the exhibitor out of the category (404 when it is not in it).',
        params: MemberParamsSchema,
        response: { 204: Type.Null({ description: 'Successfully removed the exhibitor' }), ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => {
      await categories.removeExhibitor(requireAuth(request), request.params.id, request.params.exhibitorCategoryId, request.params.exhibitorId);
      return reply.code(204).send(null);
    });
  });
}
