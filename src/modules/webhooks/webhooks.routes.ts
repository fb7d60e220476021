import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import { EVENT_TYPES } from '../../notifications.js';
import { WebhookErrors } from './webhooks.errors.js';
import { DELIVERY_FILTER_FIELDS, ENDPOINT_FILTER_FIELDS } from './webhooks.filters.js';
import {
  DeliveryPageSchema, DeliveryParamsSchema, DeliverySchema, EndpointCreatedSchema, EndpointIdParamsSchema, EndpointInputSchema, EndpointPageSchema,
  EndpointPatchSchema, EndpointSchema, ListQuerySchema, ReplayedSchema, RotateInputSchema, RotatedSchema, StreamQuerySchema,
} from './webhooks.schemas.js';
import { WebhooksService } from './webhooks.service.js';
import type { WebhookStreams } from './webhooks.stream.js';

const EXTENSION = 'eventline extension (issue 35, docs/webhooks.md).';
const owner = WebhooksService.ownerOf;

/** The types a stream asks for: each must be an event type (400, target events). */
export function streamTypes(events: string | undefined): string[] {
  if (events === undefined || events.trim() === '') return [];
  const types = events.split(',').map((t) => t.trim()).filter((t) => t !== '');
  const unknown = types.find((t) => !(EVENT_TYPES as readonly string[]).includes(t));
  if (unknown !== undefined) throw WebhookErrors.invalid(`events: '${unknown}' is not an event type`, { target: 'events' });
  return types;
}

export function webhooksRoutes(webhooks: WebhooksService, streams: WebhookStreams) {
  return operations((op) => {
    // A stream holds its connection open: stopping the server ends it, or the server would wait for the client.
    op.app.addHook('preClose', async () => streams.closeAll());

    op.list('listWebhookEndpoints', {
      description: `The calling application's webhook endpoints. Filterable: id, status (eq|ne); created, lastModified (eq|ne|lt|le|gt|ge). ${EXTENSION}`,
      query: ListQuerySchema, page: EndpointPageSchema, filters: ENDPOINT_FILTER_FIELDS, filterOperationId: null,
      list: (auth, query) => webhooks.list(owner(auth), query),
    });

    op('createWebhookEndpoint', {
      description: 'Subscribes a URL of the calling application to event types. Each event is POSTed as `{ id, type, timestamp, data: { object } }`, '
        + 'signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature). The answer carries the signing secret (`whsec_...`), shown only here. '
        + `The object carries only its id when the application may not read that resource. ${EXTENSION}`,
      body: EndpointInputSchema, response: { 201: EndpointCreatedSchema },
    }, async (request) => webhooks.create(owner(request.auth), request.body));

    op('getWebhookEndpoint', { description: EXTENSION, params: EndpointIdParamsSchema, response: { 200: EndpointSchema } },
      async (request) => webhooks.get(owner(request.auth), request.params.id));

    op('updateWebhookEndpoint', {
      description: `Changes the URL, event types, description or status (enabled re-enables a paused endpoint). ${EXTENSION}`,
      params: EndpointIdParamsSchema, body: EndpointPatchSchema, response: { 200: EndpointSchema },
    }, async (request) => webhooks.update(owner(request.auth), request.params.id, request.body));

    op('deleteWebhookEndpoint', {
      description: `Deletes the endpoint and its delivery log; deliveries not yet made are not made. ${EXTENSION}`,
      params: EndpointIdParamsSchema, response: { 204: Type.Null({ description: 'Deleted' }) },
    }, async (request, reply) => {
      await webhooks.delete(owner(request.auth), request.params.id);
      return reply.send(null);
    });

    op('rotateWebhookEndpointSecret', {
      description: 'A new signing secret, shown once. The previous one keeps signing beside it for `overlapSeconds` (default 24 h): meanwhile '
        + `webhook-signature carries \`v1,<new> v1,<previous>\`. ${EXTENSION}`,
      params: EndpointIdParamsSchema, body: RotateInputSchema, response: { 200: RotatedSchema },
      route: { preValidation: async (request) => { request.body ??= {}; } },
    }, async (request) => webhooks.rotate(owner(request.auth), request.params.id, request.body.overlapSeconds));

    op.list('listWebhookDeliveries', {
      description: 'The endpoint\'s deliveries: status, attempts, last response code, latency and error. Filterable: id, status, event.id, event.type (eq|ne); '
        + `created, lastModified (eq|ne|lt|le|gt|ge). ${EXTENSION}`,
      query: ListQuerySchema, page: DeliveryPageSchema, params: EndpointIdParamsSchema, filters: DELIVERY_FILTER_FIELDS, filterOperationId: null, errors: [404],
      list: (auth, query, params) => webhooks.listDeliveries(owner(auth), params.id, query),
    });

    op('replayWebhookDelivery', {
      description: `Sends a finished delivery again, once (same webhook-id). A delivery still in progress is 409. ${EXTENSION}`,
      params: DeliveryParamsSchema, response: { 202: DeliverySchema }, errors: [409],
    }, async (request) => webhooks.replay(owner(request.auth), request.params.id, request.params.deliveryId));

    op('replayFailedWebhookDeliveries', {
      description: `Sends every failed delivery of the endpoint again, each once. ${EXTENSION}`,
      params: EndpointIdParamsSchema, response: { 202: ReplayedSchema },
    }, async (request) => webhooks.replayFailed(owner(request.auth), request.params.id));

    op('streamWebhookEvents', {
      description: 'Server-sent events: the account\'s events as they happen, in the body the endpoints get (`event: <type>`, `id: <event id>`, '
        + '`data: <body>`), shaped by the calling application\'s scopes; first an `event: ready`. What `eventline listen` reads. '
        + `\`events\`: comma-separated types (default all). ${EXTENSION}`,
      querystring: StreamQuerySchema,
      response: { 200: { description: 'The event stream', content: { 'text/event-stream': { schema: Type.String() } } } },
    }, async (request, reply) => {
      const who = owner(request.auth);
      const types = streamTypes(request.query.events);
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
      const ended = new AbortController();
      request.raw.socket.on('close', () => ended.abort());
      reply.raw.on('close', () => ended.abort());
      try {
        await streams.run(who, types, (chunk) => { reply.raw.write(chunk); }, ended.signal);
      } catch (err) {
        request.log.warn({ err: { message: err instanceof Error ? err.message : String(err) } }, 'the webhook event stream stopped');
      } finally {
        reply.raw.end();
      }
    });
  });
}
