import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { oauth, requireAuth } from '../../http/auth.js';
import { errorResponses } from '../../http/responses.js';
import type { ObfuscationService } from './obfuscation.service.js';
import { ContactIdParamsSchema, ObfuscateIdParamsSchema, ObfuscationStatusSchema, type ContactIdParams } from './obfuscation.schemas.js';

const tags = ['Contacts'];
// Obfuscation is irreversible, so it needs both contact scopes (reading the
// contact to find it, writing to destroy it), in the workspace and the application.
const security = oauth('event/contacts:read', 'event/contacts:write');
const description = 'Permanently removes the personal details of the contact from the account, asynchronously; cannot be undone. '
  + 'The contact keeps its id and is marked purged. Requires the contact-obfuscation feature (409 otherwise). '
  + 'A repeated request for a contact that is being or has been obfuscated returns that obfuscation. Poll the status at the Location header.';

export function obfuscationRoutes(service: ObfuscationService, apiVersion: string) {
  return async function routes(instance: FastifyInstance): Promise<void> {
    const app = instance.withTypeProvider<TypeBoxTypeProvider>();
    const schema = {
      tags, security, description, params: ContactIdParamsSchema,
      response: { 202: ObfuscationStatusSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
    };
    // Both forms answer alike: 202 with the status, and where to poll it.
    const accepted = async (request: FastifyRequest<{ Params: ContactIdParams }>, reply: FastifyReply) => {
      const result = await service.start(requireAuth(request).accountId, request.params.id);
      return reply.code(202).header('location', `/${apiVersion}/contacts/obfuscate/${result.obfuscateId}/status`).send(result);
    };

    app.post('/contacts/:id/obfuscate', { schema: { ...schema, operationId: 'obfuscateContactById', summary: 'Obfuscate a Contact' } }, accepted);

    // The seed starts obfuscation with GET (DESIGN contract rule 3): an eventline extension beside the reference's POST.
    app.get('/contacts/:id/obfuscate', {
      schema: { ...schema, operationId: 'obfuscateContactByIdGet', summary: 'Obfuscate a Contact (GET form from the seed; eventline extension)' },
    }, accepted);

    app.get('/contacts/obfuscate/:obfuscateId/status', {
      schema: {
        tags, operationId: 'getContactObfuscationStatusById', summary: 'Get Obfuscation Status', security: oauth('event/contacts:read'),
        params: ObfuscateIdParamsSchema, response: { 200: ObfuscationStatusSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => service.status(requireAuth(request).accountId, request.params.obfuscateId));
  };
}
