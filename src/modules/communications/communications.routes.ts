import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import { listQuerySchema } from '../../http/paging.js';
import type { CommunicationsService } from './communications.service.js';
import { ConfigurationSchema, ContentParamsSchema, ContentQuerySchema, MessagePageSchema } from './communications.schemas.js';
import { MESSAGE_FILTER_FIELDS } from './communications.service.js';

// Messages are not sortable: always oldest first.
const { sort: _sort, ...listProps } = listQuerySchema({ maxLimit: 100 }).properties;
const ListQuery = Type.Object(listProps, { additionalProperties: false });

// The reference's path (communications) and the seed's (communication) share every handler (DESIGN rule 3); each list has its
// `POST .../filter` twin in the catalogue.
const BASES = [
  { path: '/logs/communications/messages', operationId: 'getCommunicationLogMessages' },
  { path: '/logs/communication/messages', operationId: 'getCommunicationLogMessagesSeed' },
] as const;

export function communicationsRoutes(communications: CommunicationsService) {
  return operations((op) => {
    op('getConfiguration', { response: { 200: ConfigurationSchema } }, async (request) => communications.getConfiguration(request.auth.accountId));

    op('updateConfiguration', {
      description: 'Sets which message types are recorded from now on. Types left out are not stored; messages already kept stay until retention ends.',
      body: ConfigurationSchema, response: { 200: ConfigurationSchema },
    }, async (request) => communications.putConfiguration(request.auth.accountId, request.body));

    for (const { path, operationId } of BASES) {
      op.list(operationId, {
        description: "Messages of the last 30 days, oldest first. `after`/`before` bound the creation time; filterable: type (eq), e.g. type eq 'email'. Each email's `message.link` is a new URL valid for 1 hour.",
        query: ListQuery, page: MessagePageSchema, filters: MESSAGE_FILTER_FIELDS, list: (auth, query) => communications.list(auth.accountId, query, path),
      });
    }

    op('getCommunicationEmailContent', {
      description: 'The complete RFC 822 message of an email, as sent. Only through the signed `message.link` of a listing, within 1 hour; any other URL is 403.',
      params: ContentParamsSchema, querystring: ContentQuerySchema, response: { 200: { content: { 'message/rfc822': { schema: Type.String() } } } },
    }, async (request, reply) => {
      const raw = await communications.content(request.params.id, request.query);
      return reply.header('content-type', 'message/rfc822').header('cache-control', 'private, no-store').send(raw);
    });
  });
}
