import { Type } from 'typebox';
import { oauth, PUBLIC, requireAuth } from '../../http/auth.js';
import { registerList } from '../../http/lists.js';
import { errorResponses } from '../../http/responses.js';
import { listQuerySchema } from '../../http/paging.js';
import { typedRoutes } from '../../http/routes.js';
import type { CommunicationsService } from './communications.service.js';
import { ConfigurationSchema, ContentParamsSchema, ContentQuerySchema, MessagePageSchema } from './communications.schemas.js';

const tags = ['Compliance'];
// Messages are not sortable: always oldest first.
const { sort: _sort, ...listProps } = listQuerySchema({ maxLimit: 100 }).properties;
const ListQuery = Type.Object(listProps, { additionalProperties: false });

// The reference's path (communications) and the seed's (communication) share every handler (DESIGN rule 3).
const BASES = [
  { path: '/logs/communications/messages', suffix: '' },
  { path: '/logs/communication/messages', suffix: 'Seed' },
] as const;

export function communicationsRoutes(communications: CommunicationsService) {
  return typedRoutes((app) => {
    app.get('/logs/communications/configuration', {
      schema: {
        tags, operationId: 'getConfiguration', summary: 'Get Communication Config', security: oauth('compliance/communications:read'),
        response: { 200: ConfigurationSchema, ...errorResponses(400, 401, 403, 429) },
      },
    }, async (request) => communications.getConfiguration(requireAuth(request).accountId));

    app.put('/logs/communications/configuration', {
      schema: {
        tags, operationId: 'updateConfiguration', summary: 'Update Communication Config', security: oauth('compliance/communications:write'),
        description: 'Sets which message types are recorded from now on. Types left out are not stored; messages already kept stay until retention ends.',
        body: ConfigurationSchema, response: { 200: ConfigurationSchema, ...errorResponses(400, 401, 403, 429) },
      },
    }, async (request) => communications.putConfiguration(requireAuth(request).accountId, request.body));

    for (const { path, suffix } of BASES) {
      registerList(app, {
        path, tags, operationId: `getCommunicationLogMessages${suffix}`, filterOperationId: `filterCommunicationLogMessages${suffix}`,
        summary: 'List Communication', scope: 'compliance/communications:read',
        description: "Messages of the last 30 days, oldest first. `after`/`before` bound the creation time; filterable: type (eq), e.g. type eq 'email'. Each email's `message.link` is a new URL valid for 1 hour.",
        query: ListQuery, page: MessagePageSchema, list: (auth, query) => communications.list(auth.accountId, query, path),
      });
    }

    app.get('/logs/communications/messages/:id/content', {
      schema: {
        tags, operationId: 'getCommunicationEmailContent', summary: 'Email content (signed URL)', security: PUBLIC,
        description: 'The complete RFC 822 message of an email, as sent. Only through the signed `message.link` of a listing, within 1 hour; any other URL is 403.',
        params: ContentParamsSchema, querystring: ContentQuerySchema,
        response: { 200: { content: { 'message/rfc822': { schema: Type.String() } } }, ...errorResponses(403, 429) },
      },
    }, async (request, reply) => {
      const raw = await communications.content(request.params.id, request.query);
      return reply.header('content-type', 'message/rfc822').header('cache-control', 'private, no-store').send(raw);
    });
  });
}
