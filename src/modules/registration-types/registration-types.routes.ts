import { oauth, requireAuth } from '../../http/auth.js';
import { registerList } from '../../http/lists.js';
import { errorResponses } from '../../http/responses.js';
import { typedRoutes } from '../../http/routes.js';
import type { RegistrationTypesService } from './registration-types.service.js';
import {
  EventParamsSchema, RegistrationTypeCreateSchema, RegistrationTypePageSchema, RegistrationTypeParamsSchema, RegistrationTypeSchema, RegistrationTypesQuerySchema,
  RegistrationTypeUpdateSchema,
} from './registration-types.schemas.js';

const tags = ['Events'];
// DESIGN rule 11: the reference has no operation that creates a registration type.
const extension = { 'x-eventline-extension': true };

export function registrationTypesRoutes(types: RegistrationTypesService) {
  return typedRoutes((app) => {
    registerList(app, {
      path: '/events/:id/registration-types', params: EventParamsSchema, errors: [404], tags, operationId: 'listRegistrationTypes',
      summary: 'List Registration Types', scope: 'event/registration-types:read',
      description: 'The registration types of the event (Member, Exhibitor, VIP...), in creation order. Attendees carry one (`registrationType.id`); '
        + 'exhibitors\' registration packs reserve capacity of them.',
      query: RegistrationTypesQuerySchema, page: RegistrationTypePageSchema, list: (auth, query, params) => types.list(auth.accountId, params.id, query),
    });

    app.post('/events/:id/registration-types', {
      schema: {
        tags, operationId: 'createRegistrationType', summary: 'Create Registration Type (eventline extension)', security: oauth('event/registration-types:write'),
        description: 'eventline extension (the reference reads and updates registration types but has no operation that creates one). '
          + 'Name, code, description and virtual are set here once: the reference\'s update treats them as read-only. Capacity is unlimited (-1) unless given.',
        ...extension, params: EventParamsSchema, body: RegistrationTypeCreateSchema,
        response: { 201: RegistrationTypeSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await types.create(requireAuth(request), request.params.id, request.body)));

    app.put('/events/:id/registration-types/:registrationTypeId', {
      schema: {
        tags, operationId: 'updateRegistrationType', summary: 'Update Event Registration Type', security: oauth('event/registration-types:write'),
        description: 'Updates a registration type of the event: `openForRegistration`, `automaticOpenDate`, `automaticEndDate` (a date left out is cleared) '
          + 'and `capacity.total`. The reference marks the other fields read-only: they are accepted and ignored. `id` must be the path\'s (400). '
          + 'An unknown registration type is 404: create one with the POST extension.',
        params: RegistrationTypeParamsSchema, body: RegistrationTypeUpdateSchema,
        response: { 200: RegistrationTypeSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => types.update(requireAuth(request), request.params.id, request.params.registrationTypeId, request.body));
  });
}
