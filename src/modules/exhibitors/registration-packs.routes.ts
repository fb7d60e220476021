import { Type } from 'typebox';
import { oauth, requireAuth } from '../../http/auth.js';
import { errorResponses } from '../../http/responses.js';
import { typedRoutes } from '../../http/routes.js';
import { ExhibitorParamsSchema } from './exhibitors.schemas.js';
import { PackParamsSchema, RegistrationPackInputSchema, RegistrationPackListSchema, RegistrationPackSchema } from './registration-packs.schemas.js';
import type { RegistrationPacksService } from './registration-packs.service.js';

const tags = ['Exhibitor'];

export function registrationPacksRoutes(packs: RegistrationPacksService) {
  return typedRoutes((app) => {
    app.post('/events/:id/exhibitors/:exhibitorId/registration-packs', {
      schema: {
        tags, operationId: 'postRegistrationPack', summary: 'Create Registration Pack', security: oauth('exhibitor/registration-packs:write'),
        description: 'Reserves registrations of the event\'s registration types for the exhibitor. `event.id` and `exhibitor.id` must be the path\'s, '
          + 'each registration type one of the event\'s and given once (400). An exhibitor has one pack (409 for a second).',
        params: ExhibitorParamsSchema, body: RegistrationPackInputSchema, response: { 201: RegistrationPackSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await packs.create(requireAuth(request), request.params.id, request.params.exhibitorId, request.body)));

    app.get('/events/:id/exhibitors/:exhibitorId/registration-packs', {
      schema: {
        tags, operationId: 'getExhibitorRegistrationPacks', summary: 'List Registration Packs', security: oauth('exhibitor/registration-packs:read'),
        description: 'The exhibitor\'s registration pack (none or one), each capacity with what is available: reserved minus the exhibitor\'s booth staff '
          + 'whose attendee holds that registration type.',
        params: ExhibitorParamsSchema, response: { 200: RegistrationPackListSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => packs.list(requireAuth(request).accountId, request.params.id, request.params.exhibitorId));

    app.get('/events/:id/exhibitors/:exhibitorId/registration-packs/:registrationPackId', {
      schema: {
        tags, operationId: 'getRegistrationPack', summary: 'Get Registration Pack', security: oauth('exhibitor/registration-packs:read'),
        description: 'The registration types allocated to the exhibitor, with what each has left.',
        params: PackParamsSchema, response: { 200: RegistrationPackSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => packs.get(requireAuth(request).accountId, request.params.id, request.params.exhibitorId, request.params.registrationPackId));

    app.put('/events/:id/exhibitors/:exhibitorId/registration-packs/:registrationPackId', {
      schema: {
        tags, operationId: 'updateRegistrationPack', summary: 'Update Registration Pack', security: oauth('exhibitor/registration-packs:write'),
        description: 'Replaces the capacities. A reserved capacity below the booth staff already holding that registration type is refused (400).',
        params: PackParamsSchema, body: RegistrationPackInputSchema, response: { 200: RegistrationPackSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => packs.update(requireAuth(request), request.params.id, request.params.exhibitorId, request.params.registrationPackId, request.body));

    app.delete('/events/:id/exhibitors/:exhibitorId/registration-packs/:registrationPackId', {
      schema: {
        tags, operationId: 'deleteRegistrationPack', summary: 'Delete Registration Pack', security: oauth('exhibitor/registration-packs:delete'),
        description: 'Deletes the pack; refused (409) while the exhibitor has booth staff.',
        params: PackParamsSchema,
        response: { 204: Type.Null({ description: 'Successfully deleted the registration pack.' }), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    }, async (request, reply) => {
      await packs.delete(requireAuth(request), request.params.id, request.params.exhibitorId, request.params.registrationPackId);
      return reply.code(204).send(null);
    });
  });
}
