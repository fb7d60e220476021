import { Type } from 'typebox';
import { oauth, requireAuth } from '../../http/auth.js';
import { errorResponses } from '../../http/responses.js';
import { typedRoutes } from '../../http/routes.js';
import { EventParamsSchema } from './exhibitors.schemas.js';
import { LevelParamsSchema, SponsorshipLevelInputSchema, SponsorshipLevelListSchema, SponsorshipLevelSchema } from './sponsorship-levels.schemas.js';
import type { SponsorshipLevelsService } from './sponsorship-levels.service.js';

const tags = ['Exhibitor'];
// DESIGN rule 11: the reference only reads sponsorship levels; eventline's writes are documented extensions.
const extension = { 'x-eventline-extension': true };
const EXTENSION_NOTE = 'eventline extension (the reference only reads sponsorship levels), under exhibitor/sponsorship-levels:write.';

export function sponsorshipLevelsRoutes(levels: SponsorshipLevelsService) {
  return typedRoutes((app) => {
    app.get('/events/:id/sponsorship-levels', {
      schema: {
        tags, operationId: 'getSponsorshipLevels', summary: 'List Sponsorship Levels', security: oauth('exhibitor/sponsorship-levels:read'),
        description: 'All the sponsorship levels of the event (not paged: an event has a handful), by rank (unranked last), then name.',
        params: EventParamsSchema, response: { 200: SponsorshipLevelListSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => levels.list(requireAuth(request).accountId, request.params.id));

    app.get('/events/:id/sponsorship-levels/:sponsorshipLevelId', {
      schema: {
        tags, operationId: 'getSponsorshipLevel', summary: 'Get Sponsorship Level', security: oauth('exhibitor/sponsorship-levels:read'),
        description: 'One sponsorship level of the event.',
        params: LevelParamsSchema, response: { 200: SponsorshipLevelSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => levels.get(requireAuth(request).accountId, request.params.id, request.params.sponsorshipLevelId));

    app.post('/events/:id/sponsorship-levels', {
      schema: {
        tags, operationId: 'createSponsorshipLevel', summary: 'Create Sponsorship Level (eventline extension)', security: oauth('exhibitor/sponsorship-levels:write'),
        description: `${EXTENSION_NOTE} Creates a sponsorship level (Gold, Silver...) that exhibitors then name in \`sponsorshipLevel.id\`. \`event.id\` must be the path's.`,
        ...extension, params: EventParamsSchema, body: SponsorshipLevelInputSchema, response: { 201: SponsorshipLevelSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await levels.create(requireAuth(request), request.params.id, request.body)));

    app.put('/events/:id/sponsorship-levels/:sponsorshipLevelId', {
      schema: {
        tags, operationId: 'updateSponsorshipLevel', summary: 'Update Sponsorship Level (eventline extension)', security: oauth('exhibitor/sponsorship-levels:write'),
        description: `${EXTENSION_NOTE} Renames or re-ranks the level (a rank left out is cleared).`,
        ...extension, params: LevelParamsSchema, body: SponsorshipLevelInputSchema, response: { 200: SponsorshipLevelSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => levels.update(requireAuth(request), request.params.id, request.params.sponsorshipLevelId, request.body));

    app.delete('/events/:id/sponsorship-levels/:sponsorshipLevelId', {
      schema: {
        tags, operationId: 'deleteSponsorshipLevel', summary: 'Delete Sponsorship Level (eventline extension)', security: oauth('exhibitor/sponsorship-levels:write'),
        description: `${EXTENSION_NOTE} Deletes a level no exhibitor holds (409 otherwise: give those exhibitors another level first).`,
        ...extension, params: LevelParamsSchema,
        response: { 204: Type.Null({ description: 'Successfully deleted the sponsorship level.' }), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    }, async (request, reply) => {
      await levels.delete(requireAuth(request), request.params.id, request.params.sponsorshipLevelId);
      return reply.code(204).send(null);
    });
  });
}
