import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import type { ContactHooksService } from './contact-hooks.service.js';
import {
  ContactIdParamsSchema, DeliveryDetailSchema, DeliveryPageSchema, DeliveryParamsSchema, DeliverySchema, HookCreatedSchema, HookIdParamsSchema,
  HookInputSchema, HookListQuerySchema, HookPageSchema, HookSchema, SigningSecretSchema,
} from './contact-hooks.schemas.js';
import { DELIVERY_FILTER_FIELDS, HOOK_FILTER_FIELDS } from './contact-hooks.filters.js';

const CALLBACK = 'The callback must be https to a public address: it is resolved and refused (400, target callback) when any address is private, loopback, '
  + 'link-local (169.254.0.0/16, the cloud metadata services), carrier-grade NAT, unique local IPv6 or otherwise reserved; loopback only when the operator '
  + 'sets HOOKS_ALLOW_LOOPBACK for development. A host that does not resolve yet is accepted: each delivery resolves and checks it, and retries with back-off '
  + 'while it cannot resolve; address literals and localhost are always judged at once. The security secret is stored encrypted and never returned.';
const EXTENSION = 'eventline extension (not in the reference).';

export function contactHooksRoutes(hooks: ContactHooksService, apiVersion: string) {
  return operations((op) => {
    op.list('ListContactHooks', {
      description: 'Gets a list of contact hooks configured in your account (an account has at most one). Filterable: id, name (eq|ne); created, lastModified (eq|ne|lt|le|gt|ge).',
      query: HookListQuerySchema, page: HookPageSchema, filters: HOOK_FILTER_FIELDS, list: (auth, query) => hooks.list(auth.accountId, query),
    });

    op('createContactHook', {
      description: 'Creates the account\'s contact hook: eventline then calls its callback with a contact transaction whenever a contact is created or updated '
        + 'through POST /contacts (upsert included) or POST /attendees, and on POST /contacts/{id}/identify, and merges the non-blank fields of the answer into the contact. '
        + `${CALLBACK} An account has one hook: a second is 409. The response carries \`signingSecret\` (Standard Webhooks, \`whsec_...\`), shown only here.`,
      body: HookInputSchema, response: { 201: HookCreatedSchema }, errors: [409],
    }, async (request) => hooks.create(request.auth, request.body));

    op('updateContactHook', {
      description: `Replaces the hook's name, callback and security (send the secret again). The signing secret does not change. ${CALLBACK}`,
      params: HookIdParamsSchema, body: HookInputSchema, response: { 200: HookSchema },
    }, async (request) => hooks.update(request.auth, request.params.id, request.body));

    op('deleteContactHook', {
      description: 'Deletes the contact hook and its delivery log; callbacks not yet made are not made.',
      params: HookIdParamsSchema, response: { 204: Type.Null({ description: 'Deleted' }) },
    }, async (request, reply) => {
      await hooks.delete(request.auth, request.params.id);
      return reply.send(null);
    });

    op('rotateContactHookSigningSecret', {
      description: `${EXTENSION} Makes a new Standard Webhooks signing secret and returns it, once; callbacks are signed with it from now on.`,
      params: HookIdParamsSchema, response: { 200: SigningSecretSchema },
    }, async (request) => hooks.rotateSigningSecret(request.auth, request.params.id));

    op.list('listContactHookDeliveries', {
      description: `${EXTENSION} The hook's delivery log: one item per contact transaction with its status, attempts, last error and duration; never the contact's data. `
        + 'Filterable: id, contact.id, status, trigger (eq|ne); created, lastModified (eq|ne|lt|le|gt|ge).',
      params: HookIdParamsSchema, query: HookListQuerySchema, page: DeliveryPageSchema, filters: DELIVERY_FILTER_FIELDS, list: (auth, query, params) => hooks.listDeliveries(auth.accountId, params.id, query),
    });

    op('getContactHookDelivery', {
      description: `${EXTENSION} One contact transaction with each HTTP attempt (outcome, status code, duration, error).`,
      params: DeliveryParamsSchema, response: { 200: DeliveryDetailSchema },
    }, async (request) => hooks.getDelivery(request.auth.accountId, request.params.id, request.params.transactionId));

    op('identifyContact', {
      description: `${EXTENSION} Asks the account's contact hook about this contact now: a contact transaction is queued and delivered asynchronously, `
        + 'and the non-blank fields of the answer are merged into the contact. 202 with the delivery; poll it at the Location header. '
        + '409 when the account has no hook or the contact is deleted or purged.',
      params: ContactIdParamsSchema, response: { 202: DeliverySchema },
    }, async (request, reply) => {
      const { hookId, delivery } = await hooks.identify(request.auth, request.params.id);
      return reply.header('location', `/${apiVersion}/contacts/hooks/${hookId}/deliveries/${delivery.id}`).send(delivery);
    });
  });
}
