import { Type, type Static, type TSchema } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';
import { EVENT_TYPES } from '../../notifications.js';

const opt = <T extends TSchema>(schema: T) => Type.Optional(schema);
const uuid = (description: string) => Type.String({ format: 'uuid', description });

export const ENDPOINT_STATUSES = ['enabled', 'paused', 'disabled'] as const;
export const DELIVERY_STATUSES = ['pending', 'delivering', 'retrying', 'succeeded', 'failed'] as const;
/** Overlap of the previous secret after a rotation, in seconds: default 24 h, at most 7 days. */
export const DEFAULT_OVERLAP_SECONDS = 86_400;

const EventTypeSchema = Type.Enum(EVENT_TYPES, { type: 'string', description: 'An event type (docs/webhooks.md lists them with their payloads).' });

const url = Type.String({
  format: 'uri', minLength: 1, maxLength: 2000,
  description: 'Where events are POSTed: https, a public address (resolved and checked at creation and at every delivery: private, loopback, link-local and '
    + 'metadata ranges are refused; loopback only when the operator sets HOOKS_ALLOW_LOOPBACK for development), no credentials in it. Redirects are not followed.',
});
const enabledEvents = Type.Array(EventTypeSchema, { minItems: 1, maxItems: EVENT_TYPES.length, uniqueItems: true, description: 'The event types sent to the endpoint.' });
const description = Type.String({ maxLength: 500, description: 'What the endpoint is for (your words).' });

export const EndpointInputSchema = Type.Object({ url, enabledEvents, description: opt(description) }, { title: 'WebhookEndpointInput', additionalProperties: false });
export type EndpointInput = Static<typeof EndpointInputSchema>;

export const EndpointPatchSchema = Type.Object({
  url: opt(url), enabledEvents: opt(enabledEvents), description: opt(Type.Union([description, Type.Null()])),
  status: opt(Type.Enum(['enabled', 'disabled'] as const, {
    type: 'string',
    description: 'enabled: deliver (re-enables a paused endpoint and resets its failure count; replay what failed meanwhile with POST .../replay-failed); '
      + 'disabled: deliver nothing and record nothing for it.',
  })),
}, { title: 'WebhookEndpointPatch', additionalProperties: false, minProperties: 1 });
export type EndpointPatch = Static<typeof EndpointPatchSchema>;

export const RotateInputSchema = Type.Object({
  overlapSeconds: opt(Type.Integer({ minimum: 0, maximum: 7 * 86_400, description: 'How long the previous secret keeps signing beside the new one (default 86400, 24 h).' })),
}, { title: 'WebhookSecretRotation', additionalProperties: false });

export const EndpointSchema = Type.Object({
  id: uuid('The endpoint\'s id.'),
  application: Type.Object({ id: uuid('The application (OAuth client) the endpoint belongs to.') }),
  url: Type.String(),
  description: opt(Type.String()),
  enabledEvents: Type.Array(Type.String()),
  status: Type.Enum(ENDPOINT_STATUSES, {
    type: 'string',
    description: 'enabled; paused: eventline paused it after repeated failure (deliveries are recorded as failed, to replay once it is enabled again); disabled: by you.',
  }),
  pausedReason: opt(Type.String({ description: 'Why eventline paused the endpoint.' })),
  previousSecretExpires: opt(Type.String({ format: 'date-time', description: 'After a rotation: until when the previous secret also signs.' })),
  created: Type.String({ format: 'date-time' }),
  createdBy: Type.String(),
  lastModified: Type.String({ format: 'date-time' }),
  lastModifiedBy: Type.String(),
}, { title: 'WebhookEndpoint' });
export type Endpoint = Static<typeof EndpointSchema>;

export const EndpointCreatedSchema = Type.Object({
  ...EndpointSchema.properties,
  secret: Type.String({ description: 'The Standard Webhooks signing secret (`whsec_...`). Shown only here, once: store it.' }),
}, { title: 'WebhookEndpointCreated' });
export type EndpointCreated = Static<typeof EndpointCreatedSchema>;

export const RotatedSchema = Type.Object({
  secret: Type.String({ description: 'The new signing secret (`whsec_...`), shown once.' }),
  previousSecretExpires: Type.String({ format: 'date-time', description: 'Until then the previous secret signs too (webhook-signature carries both).' }),
}, { title: 'WebhookSecretRotated' });

export const DeliverySchema = Type.Object({
  id: uuid('The delivery\'s id.'),
  endpoint: Type.Object({ id: uuid('The endpoint.') }),
  event: Type.Object({ id: uuid('The event: the body\'s id and the webhook-id header (the receiver\'s idempotency key).'), type: Type.String() }),
  status: Type.Enum(DELIVERY_STATUSES, {
    type: 'string',
    description: 'pending, delivering, retrying: in progress; succeeded: a 2xx answer; failed: every attempt failed, the receiver refused (4xx, redirect), '
      + 'the URL is refused, or the endpoint was paused. A failed delivery can be replayed.',
  }),
  attempts: Type.Integer({ description: 'HTTP attempts made (since the last replay).' }),
  lastStatusCode: opt(Type.Integer({ description: 'The HTTP status of the last answer.' })),
  lastError: opt(Type.String({ description: 'Why the last attempt failed, in eventline\'s words (never the answer\'s body).' })),
  durationMs: opt(Type.Integer({ description: 'Latency of the last attempt, in milliseconds.' })),
  created: Type.String({ format: 'date-time' }),
  lastModified: Type.String({ format: 'date-time' }),
  finished: opt(Type.String({ format: 'date-time' })),
}, { title: 'WebhookDelivery' });
export type Delivery = Static<typeof DeliverySchema>;

export const ReplayedSchema = Type.Object({ replayed: Type.Integer({ description: 'How many failed deliveries were queued again.' }) }, { title: 'WebhookReplayed' });

export const EndpointPageSchema = paginated(EndpointSchema, 'WebhookEndpointsPaginatedResponse');
export const DeliveryPageSchema = paginated(DeliverySchema, 'WebhookDeliveriesPaginatedResponse');

export const EndpointIdParamsSchema = Type.Object({ id: uuid('The endpoint\'s id.') });
export const DeliveryParamsSchema = Type.Object({ id: uuid('The endpoint\'s id.'), deliveryId: uuid('The delivery\'s id.') });

const { sort: _unsorted, ...listProps } = listQuerySchema().properties;
export const ListQuerySchema = Type.Object(listProps, { additionalProperties: false });

export const StreamQuerySchema = Type.Object({
  events: opt(Type.String({ maxLength: 2000, pattern: '^[a-z_.,]+$', description: 'Comma-separated event types to stream (default: all).' })),
}, { additionalProperties: false });
