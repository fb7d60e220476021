import { operations } from '../../http/operations.js';
import type { ObfuscationService } from './obfuscation.service.js';
import { ContactIdParamsSchema, ObfuscateIdParamsSchema, ObfuscationStatusSchema } from './obfuscation.schemas.js';

// Obfuscation is irreversible, so it needs both contact scopes (reading the contact to find it, writing to
// destroy it), in the workspace and the application: stricter than the reference's POST, which names only write.
const scopes = ['event/contacts:read', 'event/contacts:write'];
const description = 'Permanently removes the personal details of the contact from the account, asynchronously; cannot be undone. '
  + 'The contact keeps its id and is marked purged. Requires the contact-obfuscation feature (409 otherwise). '
  + 'A repeated request for a contact that is being or has been obfuscated returns that obfuscation. Poll the status at the Location header.';

export function obfuscationRoutes(service: ObfuscationService, apiVersion: string) {
  return operations((op) => {
    // The reference's POST, and the seed's GET (DESIGN contract rule 3: an eventline extension beside it), answer
    // alike: 202 with the status, and where to poll it.
    for (const operationId of ['obfuscateContactById', 'obfuscateContactByIdGet']) {
      op(operationId, { description, params: ContactIdParamsSchema, response: { 202: ObfuscationStatusSchema }, scopes }, async (request, reply) => {
        const result = await service.start(request.auth.accountId, request.params.id);
        return reply.header('location', `/${apiVersion}/contacts/obfuscate/${result.obfuscateId}/status`).send(result);
      });
    }

    op('getContactObfuscationStatusById', { params: ObfuscateIdParamsSchema, response: { 200: ObfuscationStatusSchema } },
      async (request) => service.status(request.auth.accountId, request.params.obfuscateId));
  });
}
