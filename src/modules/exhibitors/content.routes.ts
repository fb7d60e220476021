import { Type } from 'typebox';
import { oauth, requireAuth } from '../../http/auth.js';
import { errorResponses } from '../../http/responses.js';
import type { TypedApp } from '../../http/routes.js';
import type { ExhibitorContentService } from './content.service.js';
import { ExhibitorFileListSchema, ExhibitorFileSchema, FileInputSchema, FileParamsSchema, WeblinkInputSchema, WeblinkListSchema, WeblinkParamsSchema, WeblinkSchema } from './content.schemas.js';
import { ExhibitorParamsSchema } from './team.schemas.js';

const tags = ['Exhibitor Content'];
const BASE = '/events/:id/exhibitors/:exhibitorId';
const lc = (s: string): string => s.toLowerCase();

/** The Exhibitor Content tag: an exhibitor's files and weblinks. */
export function declareContentRoutes(app: TypedApp, content: ExhibitorContentService): void {
  app.get(`${BASE}/files`, {
    schema: {
      tags, operationId: 'listExhibitorFiles', summary: 'List Exhibitor Files', security: oauth('exhibitor/exhibitor-contents:read'),
      description: 'The files associated with the exhibitor (at most 50), by `order`, then oldest first. A file\'s location is at GET /files/{id}.',
      params: ExhibitorParamsSchema, response: { 200: ExhibitorFileListSchema, ...errorResponses(400, 401, 403, 404, 429) },
    },
  }, async (request) => content.listFiles(requireAuth(request).accountId, lc(request.params.id), lc(request.params.exhibitorId)));

  app.get(`${BASE}/files/:fileId`, {
    schema: {
      tags, operationId: 'getExhibitorFile', summary: 'Get Exhibitor File', security: oauth('exhibitor/exhibitor-contents:read'),
      description: 'One file associated with the exhibitor (404 if the file is not associated with it).',
      params: FileParamsSchema, response: { 200: ExhibitorFileSchema, ...errorResponses(400, 401, 403, 404, 429) },
    },
  }, async (request) => content.getFile(requireAuth(request).accountId, lc(request.params.id), lc(request.params.exhibitorId), lc(request.params.fileId)));

  app.put(`${BASE}/files/:fileId`, {
    schema: {
      tags, operationId: 'updateExhibitorFile', summary: 'Associate Exhibitor File', security: oauth('exhibitor/exhibitor-contents:write'),
      description: 'Associates a file uploaded with POST /files with the exhibitor, or updates its display name, order and visibility. '
        + 'The file is attached in the files module, so it no longer expires. A file of another account is 404; a file already associated with '
        + 'something else (another exhibitor, a banner or logo) is 422, as is a 51st file. `event.id` and `exhibitor.id` must be the path\'s (400).',
      params: FileParamsSchema, body: FileInputSchema, response: { 200: ExhibitorFileSchema, ...errorResponses(400, 401, 403, 404, 422, 429) },
    },
  }, async (request) => content.putFile(requireAuth(request), lc(request.params.id), lc(request.params.exhibitorId), lc(request.params.fileId), request.body));

  app.delete(`${BASE}/files/:fileId`, {
    schema: {
      tags, operationId: 'disassociateExhibitorFile', summary: 'Disassociate Exhibitor File', security: oauth('exhibitor/exhibitor-contents:delete'),
      description: 'Disassociates the file from the exhibitor. The file itself stays, unattached: it expires 30 days after its upload, like any unassociated file.',
      params: FileParamsSchema,
      response: { 204: Type.Null({ description: 'Successfully disassociated exhibitor file.' }), ...errorResponses(400, 401, 403, 404, 429) },
    },
  }, async (request, reply) => {
    await content.removeFile(requireAuth(request), lc(request.params.id), lc(request.params.exhibitorId), lc(request.params.fileId));
    return reply.code(204).send(null);
  });

  app.get(`${BASE}/weblinks`, {
    schema: {
      tags, operationId: 'listExhibitorWeblinks', summary: 'List Exhibitor Weblinks', security: oauth('exhibitor/exhibitor-contents:read'),
      description: 'The weblinks of the exhibitor (at most 50), by `order`, then oldest first.',
      params: ExhibitorParamsSchema, response: { 200: WeblinkListSchema, ...errorResponses(400, 401, 403, 404, 429) },
    },
  }, async (request) => content.listWeblinks(requireAuth(request).accountId, lc(request.params.id), lc(request.params.exhibitorId)));

  app.post(`${BASE}/weblinks`, {
    schema: {
      tags, operationId: 'createExhibitorWeblink', summary: 'Create Exhibitor Weblink', security: oauth('exhibitor/exhibitor-contents:write'),
      description: 'Creates a weblink. `url` must be an absolute http or https URL without credentials (400 otherwise: `javascript:`, `data:`, relative URLs). '
        + 'A 51st weblink is 422. `event.id` and `exhibitor.id` must be the path\'s (400).',
      params: ExhibitorParamsSchema, body: WeblinkInputSchema, response: { 201: WeblinkSchema, ...errorResponses(400, 401, 403, 404, 422, 429) },
    },
  }, async (request, reply) => reply.code(201).send(await content.createWeblink(requireAuth(request), lc(request.params.id), lc(request.params.exhibitorId), request.body)));

  app.get(`${BASE}/weblinks/:weblinkId`, {
    schema: {
      tags, operationId: 'getExhibitorWeblink', summary: 'Get Exhibitor Weblink', security: oauth('exhibitor/exhibitor-contents:read'),
      description: 'One weblink of the exhibitor.',
      params: WeblinkParamsSchema, response: { 200: WeblinkSchema, ...errorResponses(400, 401, 403, 404, 429) },
    },
  }, async (request) => content.getWeblink(requireAuth(request).accountId, lc(request.params.id), lc(request.params.exhibitorId), lc(request.params.weblinkId)));

  app.put(`${BASE}/weblinks/:weblinkId`, {
    schema: {
      tags, operationId: 'updateExhibitorWeblink', summary: 'Update Exhibitor Weblink', security: oauth('exhibitor/exhibitor-contents:write'),
      description: 'Replaces the weblink (the same rules as creating one).',
      params: WeblinkParamsSchema, body: WeblinkInputSchema, response: { 200: WeblinkSchema, ...errorResponses(400, 401, 403, 404, 422, 429) },
    },
  }, async (request) => content.updateWeblink(requireAuth(request), lc(request.params.id), lc(request.params.exhibitorId), lc(request.params.weblinkId), request.body));

  app.delete(`${BASE}/weblinks/:weblinkId`, {
    schema: {
      tags, operationId: 'deleteExhibitorWeblink', summary: 'Delete Exhibitor Weblink', security: oauth('exhibitor/exhibitor-contents:delete'),
      description: 'Deletes the weblink.',
      params: WeblinkParamsSchema,
      response: { 204: Type.Null({ description: 'Successfully deleted exhibitor weblink.' }), ...errorResponses(400, 401, 403, 404, 429) },
    },
  }, async (request, reply) => {
    await content.removeWeblink(requireAuth(request).accountId, lc(request.params.id), lc(request.params.exhibitorId), lc(request.params.weblinkId));
    return reply.code(204).send(null);
  });
}
