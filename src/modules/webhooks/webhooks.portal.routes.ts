import type { FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import { Type } from 'typebox';
import { actAs } from '../../audit-scope.js';
import { listNote, operations } from '../../http/operations.js';
import { PORTAL_COOKIE, type PortalService, type SignedIn } from '../portal/index.js';
import { WebhookErrors } from './webhooks.errors.js';
import { DELIVERY_FILTER_FIELDS } from './webhooks.filters.js';
import {
  DeliveryPageSchema, DeliverySchema, EndpointCreatedSchema, EndpointInputSchema, EndpointPatchSchema, EndpointSchema, ListQuerySchema, ReplayedSchema,
  RotateInputSchema, RotatedSchema,
} from './webhooks.schemas.js';
import type { EndpointOwner, WebhooksService } from './webhooks.service.js';

const AppParams = Type.Object({ id: Type.String({ format: 'uuid', description: 'The application.' }) });
const EndpointParams = Type.Object({ id: Type.String({ format: 'uuid' }), endpointId: Type.String({ format: 'uuid' }) });
const DeliveryParams = Type.Object({ id: Type.String({ format: 'uuid' }), endpointId: Type.String({ format: 'uuid' }), deliveryId: Type.String({ format: 'uuid' }) });

/**
 * The developer portal's webhook pages (DESIGN rule 10: the portal's cookie session, CSRF on every change): the same
 * operations as /ea/webhook-endpoints, for an application the signed-in user may manage (another's is 404).
 */
export function webhooksPortalRoutes(webhooks: WebhooksService, portal: PortalService) {
  return operations(async (op) => {
    await op.app.register(cookie);
    op.app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    const sessions = new WeakMap<FastifyRequest, SignedIn>();
    const session = (request: FastifyRequest): SignedIn => {
      const s = sessions.get(request);
      if (!s) throw WebhookErrors.endpointNotFound();
      return s;
    };
    const sessionGate = async (request: FastifyRequest): Promise<void> => {
      const s = await portal.current(request.cookies[PORTAL_COOKIE]);
      sessions.set(request, s);
      actAs({ type: 'user', id: s.user.id, display: s.user.email });
    };
    const csrfGate = async (request: FastifyRequest): Promise<void> => {
      const header = request.headers['x-csrf-token'];
      portal.checkCsrf(session(request), typeof header === 'string' ? header : undefined);
    };
    const reads = { preHandler: [sessionGate] };
    const writes = { preHandler: [sessionGate, csrfGate] };
    const owner = async (request: FastifyRequest, applicationId: string): Promise<EndpointOwner> => {
      const { user } = session(request);
      try {
        const app = await portal.applicationOf(user, applicationId);
        return { accountId: user.accountId, applicationId: app.id, clientId: app.clientId, actor: user.id };
      } catch {
        throw WebhookErrors.applicationNotFound();
      }
    };

    op('portalListWebhookEndpoints', { params: AppParams, querystring: ListQuerySchema, response: { 200: Type.Object({ data: Type.Array(EndpointSchema) }) }, route: reads },
      async (request) => ({ data: (await webhooks.list(await owner(request, request.params.id), { ...request.query, limit: 200 })).data }));

    op('portalCreateWebhookEndpoint', { params: AppParams, body: EndpointInputSchema, response: { 201: EndpointCreatedSchema }, route: writes },
      async (request) => webhooks.create(await owner(request, request.params.id), request.body));

    op('portalUpdateWebhookEndpoint', { params: EndpointParams, body: EndpointPatchSchema, response: { 200: EndpointSchema }, route: writes },
      async (request) => webhooks.update(await owner(request, request.params.id), request.params.endpointId, request.body));

    op('portalDeleteWebhookEndpoint', { params: EndpointParams, response: { 204: Type.Null() }, route: writes }, async (request, reply) => {
      await webhooks.delete(await owner(request, request.params.id), request.params.endpointId);
      return reply.send(null);
    });

    op('portalRotateWebhookEndpointSecret', {
      params: EndpointParams, body: RotateInputSchema, response: { 200: RotatedSchema },
      route: { ...writes, preValidation: async (request) => { request.body ??= {}; } },
    }, async (request) => webhooks.rotate(await owner(request, request.params.id), request.params.endpointId, request.body.overlapSeconds));

    op('portalListWebhookDeliveries', {
      description: `The endpoint's deliveries, paged and filtered like GET /ea/webhook-endpoints/{id}/deliveries. ${listNote('portalListWebhookDeliveries', DELIVERY_FILTER_FIELDS)}`,
      params: EndpointParams, querystring: ListQuerySchema, response: { 200: DeliveryPageSchema }, route: reads,
    },
      async (request) => webhooks.listDeliveries(await owner(request, request.params.id), request.params.endpointId, request.query));

    op('portalReplayWebhookDelivery', { params: DeliveryParams, response: { 202: DeliverySchema }, errors: [409], route: writes },
      async (request) => webhooks.replay(await owner(request, request.params.id), request.params.endpointId, request.params.deliveryId));

    op('portalReplayFailedWebhookDeliveries', { params: EndpointParams, response: { 202: ReplayedSchema }, route: writes },
      async (request) => webhooks.replayFailed(await owner(request, request.params.id), request.params.endpointId));
  });
}
