import { oauth, requireAuth } from '../../http/auth.js';
import { errorResponses } from '../../http/responses.js';
import { typedRoutes } from '../../http/routes.js';
import { EventEmailSettingsSchema, EventParamsSchema as params } from './join-emails.schemas.js';
import type { JoinLinkEmails } from './join-emails.service.js';

const tags = ['Events'];

export function joinEmailRoutes(service: JoinLinkEmails) {
  return typedRoutes((app) => {
    app.get('/events/:id/communication-settings', {
      schema: {
        tags, operationId: 'getEventCommunicationSettings', summary: 'Get the email settings of an event (eventline)', security: oauth('event/events:read'),
        params, response: { 200: EventEmailSettingsSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => service.get(requireAuth(request).accountId, request.params.id));
    app.put('/events/:id/communication-settings', {
      schema: {
        tags, operationId: 'updateEventCommunicationSettings', summary: 'Set the email settings of an event (eventline)', security: oauth('event/events:write'),
        params, body: EventEmailSettingsSchema, response: { 200: EventEmailSettingsSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => service.put(requireAuth(request).accountId, request.params.id, request.body));
  });
}
