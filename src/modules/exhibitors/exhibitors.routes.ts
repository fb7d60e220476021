import { Type } from 'typebox';
import { oauth, requireAuth } from '../../http/auth.js';
import { registerList } from '../../http/lists.js';
import { errorResponses } from '../../http/responses.js';
import { typedRoutes } from '../../http/routes.js';
import {
  BannerLogoFileSchema, EventParamsSchema, ExhibitorFileParamsSchema, ExhibitorInputSchema, ExhibitorPageSchema, ExhibitorParamsSchema, ExhibitorSchema,
  ExhibitorsQuerySchema,
} from './exhibitors.schemas.js';
import type { ExhibitorsService, ImageKind } from './exhibitors.service.js';

const tags = ['Exhibitor'];
const IMAGES: ReadonlyArray<{ kind: ImageKind; path: string; name: string; put: string; del: string }> = [
  { kind: 'banner', path: 'banner-files', name: 'Banner', put: 'updateExhibitorBanner', del: 'deleteExhibitorBanner' },
  { kind: 'logo', path: 'logo-files', name: 'Logo', put: 'updateExhibitorLogo', del: 'deleteExhibitorLogo' },
];

export function exhibitorsRoutes(exhibitors: ExhibitorsService) {
  return typedRoutes((app) => {
    registerList(app, {
      path: '/events/:id/exhibitors', params: EventParamsSchema, errors: [404], tags, operationId: 'getExhibitors', summary: 'List Exhibitors',
      scope: 'exhibitor/exhibitors:read',
      description: 'The exhibitors of the event. Filterable: hidden (eq), deleted (eq), id (in). Deleted exhibitors are listed only when the filter '
        + 'names `deleted` (e.g. `deleted eq \'true\'`). `after` / `before` bound when an exhibitor was last modified.',
      query: ExhibitorsQuerySchema, page: ExhibitorPageSchema, list: (auth, query, params) => exhibitors.list(auth.accountId, params.id, query),
    });

    app.post('/events/:id/exhibitors', {
      schema: {
        tags, operationId: 'createExhibitor', summary: 'Create Exhibitor', security: oauth('exhibitor/exhibitors:write'),
        description: 'Creates an exhibitor of the event. `event.id` must be the path\'s, and `sponsorshipLevel.id` one of the event\'s sponsorship levels '
          + '(400 otherwise). Read-only fields (id, deleted, banner and logo, audit) are accepted and ignored: images are set with the banner-files and logo-files operations.',
        params: EventParamsSchema, body: ExhibitorInputSchema, response: { 201: ExhibitorSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await exhibitors.create(requireAuth(request), request.params.id, request.body)));

    app.get('/events/:id/exhibitors/:exhibitorId', {
      schema: {
        tags, operationId: 'getExhibitor', summary: 'Get Exhibitor', security: oauth('exhibitor/exhibitors:read'),
        description: 'One exhibitor of the event (a deleted one is 404). Banner and logo URLs are signed and expire (FILES_URL_TTL_SECONDS).',
        params: ExhibitorParamsSchema, response: { 200: ExhibitorSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => exhibitors.get(requireAuth(request).accountId, request.params.id, request.params.exhibitorId));

    app.put('/events/:id/exhibitors/:exhibitorId', {
      schema: {
        tags, operationId: 'updateExhibitor', summary: 'Update Exhibitor', security: oauth('exhibitor/exhibitors:write'),
        description: 'Replaces the exhibitor\'s writable fields: an optional field left out is cleared. The banner and logo stay.',
        params: ExhibitorParamsSchema, body: ExhibitorInputSchema, response: { 200: ExhibitorSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => exhibitors.update(requireAuth(request), request.params.id, request.params.exhibitorId, request.body));

    app.delete('/events/:id/exhibitors/:exhibitorId', {
      schema: {
        tags, operationId: 'deleteExhibitor', summary: 'Delete Exhibitor', security: oauth('exhibitor/exhibitors:delete'),
        description: 'Marks the exhibitor deleted (listed with `deleted eq \'true\'`, otherwise 404). It leaves its categories, its registration pack '
          + 'is deleted and its banner and logo are detached (they expire as unassociated files). Its booth staff, content and leads stay.',
        params: ExhibitorParamsSchema,
        response: { 204: Type.Null({ description: 'Successfully deleted exhibitor.' }), ...errorResponses(401, 403, 404, 429) },
      },
    }, async (request, reply) => {
      await exhibitors.delete(requireAuth(request), request.params.id, request.params.exhibitorId);
      return reply.code(204).send(null);
    });

    for (const image of IMAGES) {
      app.put(`/events/:id/exhibitors/:exhibitorId/${image.path}/:fileId`, {
        schema: {
          tags, operationId: image.put, summary: `Assign Exhibitor ${image.name} Image`, security: oauth('exhibitor/exhibitors:write'),
          description: `Makes an uploaded file (POST /files) the exhibitor's ${image.kind}, replacing the current one (which then expires as an unassociated file). `
            + 'The file must be a JPEG, PNG or GIF (400 otherwise, nothing changed) and not in use elsewhere (400).',
          params: ExhibitorFileParamsSchema, response: { 200: BannerLogoFileSchema, ...errorResponses(400, 401, 403, 404, 429) },
        },
      }, async (request) => exhibitors.setImage(requireAuth(request), request.params.id, request.params.exhibitorId, image.kind, request.params.fileId));

      app.delete(`/events/:id/exhibitors/:exhibitorId/${image.path}/:fileId`, {
        schema: {
          tags, operationId: image.del, summary: `Delete Exhibitor ${image.name} Image`, security: oauth('exhibitor/exhibitors:write'),
          description: `Removes the exhibitor's ${image.kind}; \`fileId\` must be the current one (404 otherwise). The file expires as an unassociated file.`,
          params: ExhibitorFileParamsSchema,
          response: { 204: Type.Null({ description: `Successfully deleted exhibitor ${image.kind} image data.` }), ...errorResponses(400, 401, 403, 404, 429) },
        },
      }, async (request, reply) => {
        await exhibitors.removeImage(requireAuth(request), request.params.id, request.params.exhibitorId, image.kind, request.params.fileId);
        return reply.code(204).send(null);
      });
    }
  });
}
