import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { oauth, requireAuth } from '../../http/auth.js';
import { registerList } from '../../http/lists.js';
import { errorResponses } from '../../http/responses.js';
import type { ContactHooksService } from './contact-hooks.service.js';
import {
  ContactIdParamsSchema, DeliveryDetailSchema, DeliveryPageSchema, DeliveryParamsSchema, DeliverySchema, HookCreatedSchema, HookIdParamsSchema,
  HookInputSchema, HookListQuerySchema, HookPageSchema, HookSchema, SigningSecretSchema,
} from './contact-hooks.schemas.js';

const tags = ['Hooks'];
const EXTENSION = 'eventline extension (not in the reference).';
const CALLBACK = 'The callback must be https to a public address: it is resolved and refused (400, target callback) when any address is private, loopback, '
  + 'link-local (169.254.0.0/16, the cloud metadata services), carrier-grade NAT, unique local IPv6 or otherwise reserved; loopback only when the operator '
  + 'sets HOOKS_ALLOW_LOOPBACK for development. The security secret is stored encrypted and never returned.';

export function contactHooksRoutes(hooks: ContactHooksService, apiVersion: string) {
  return async function routes(instance: FastifyInstance): Promise<void> {
    const app = instance.withTypeProvider<TypeBoxTypeProvider>();

    registerList(instance, {
      path: '/contacts/hooks', tags, operationId: 'ListContactHooks', summary: 'List Contact Hooks', scope: 'account/hooks:read',
      description: 'Gets a list of contact hooks configured in your account (an account has at most one). Filterable: id, name (eq|ne); created, lastModified (eq|ne|lt|le|gt|ge).',
      query: HookListQuerySchema, page: HookPageSchema, list: (auth, query) => hooks.list(auth.accountId, query),
    });

    app.post('/contacts/hooks', {
      schema: {
        tags, operationId: 'createContactHook', summary: 'Create Contact Hook', security: oauth('account/hooks:write'),
        description: 'Creates the account\'s contact hook: eventline then calls its callback with a contact transaction whenever a contact is created or updated '
          + 'through POST /contacts (upsert included) or POST /attendees, and on POST /contacts/{id}/identify, and merges the non-blank fields of the answer into the contact. '
          + `${CALLBACK} An account has one hook: a second is 409. The response carries \`signingSecret\` (Standard Webhooks, \`whsec_...\`), shown only here.`,
        body: HookInputSchema, response: { 201: HookCreatedSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await hooks.create(requireAuth(request), request.body)));

    app.put('/contacts/hooks/:id', {
      schema: {
        tags, operationId: 'updateContactHook', summary: 'Update Contact Hook', security: oauth('account/hooks:write'),
        description: `Replaces the hook's name, callback and security (send the secret again). The signing secret does not change. ${CALLBACK}`,
        params: HookIdParamsSchema, body: HookInputSchema, response: { 200: HookSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => hooks.update(requireAuth(request), request.params.id, request.body));

    app.delete('/contacts/hooks/:id', {
      schema: {
        tags, operationId: 'deleteContactHook', summary: 'Delete Contact Hook', security: oauth('account/hooks:delete'),
        description: 'Deletes the contact hook and its delivery log; callbacks not yet made are not made.',
        params: HookIdParamsSchema, response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => {
      await hooks.delete(requireAuth(request), request.params.id);
      return reply.code(204).send(null);
    });

    app.post('/contacts/hooks/:id/signing-secret', {
      schema: {
        tags, operationId: 'rotateContactHookSigningSecret', summary: 'Replace the Signing Secret of a Contact Hook', security: oauth('account/hooks:write'),
        description: `${EXTENSION} Makes a new Standard Webhooks signing secret and returns it, once; callbacks are signed with it from now on.`,
        params: HookIdParamsSchema, response: { 200: SigningSecretSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => hooks.rotateSigningSecret(requireAuth(request), request.params.id));

    registerList(instance, {
      path: '/contacts/hooks/:id/deliveries', params: HookIdParamsSchema, errors: [404], tags, operationId: 'listContactHookDeliveries',
      summary: 'List the Deliveries of a Contact Hook', scope: 'account/hooks:read',
      description: `${EXTENSION} The hook's delivery log: one item per contact transaction with its status, attempts, last error and duration; never the contact's data. `
        + 'Filterable: id, contact.id, status, trigger (eq|ne); created, lastModified (eq|ne|lt|le|gt|ge).',
      query: HookListQuerySchema, page: DeliveryPageSchema, list: (auth, query, params) => hooks.listDeliveries(auth.accountId, params.id, query),
    });

    app.get('/contacts/hooks/:id/deliveries/:transactionId', {
      schema: {
        tags, operationId: 'getContactHookDelivery', summary: 'Get a Delivery of a Contact Hook', security: oauth('account/hooks:read'),
        description: `${EXTENSION} One contact transaction with each HTTP attempt (outcome, status code, duration, error).`,
        params: DeliveryParamsSchema, response: { 200: DeliveryDetailSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => hooks.getDelivery(requireAuth(request).accountId, request.params.id, request.params.transactionId));

    app.post('/contacts/:id/identify', {
      schema: {
        tags, operationId: 'identifyContact', summary: 'Identify a Contact through the Contact Hook', security: oauth('event/contacts:write'),
        description: `${EXTENSION} Asks the account's contact hook about this contact now: a contact transaction is queued and delivered asynchronously, `
          + 'and the non-blank fields of the answer are merged into the contact. 202 with the delivery; poll it at the Location header. '
          + '409 when the account has no hook or the contact is deleted or purged.',
        params: ContactIdParamsSchema, response: { 202: DeliverySchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    }, async (request, reply) => {
      const { hookId, delivery } = await hooks.identify(requireAuth(request), request.params.id);
      return reply.code(202).header('location', `/${apiVersion}/contacts/hooks/${hookId}/deliveries/${delivery.id}`).send(delivery);
    });
  };
}
