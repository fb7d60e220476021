import { Type, type Static, type TSchema } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

const opt = <T extends TSchema>(schema: T) => Type.Optional(schema);
const uuid = (description: string) => Type.String({ format: 'uuid', description });
const ref = (description: string) => Type.Object({ id: uuid(description) });

export const SECURITY_TYPES = ['apiKey', 'basic'] as const;

/**
 * The reference's hook-security, as one object: `type` says which option. The
 * reference's `oneOf` of its two options cannot tell them apart (any apiKey
 * value also matches basic), so eventline reads `type` and documents the rest.
 */
export const HookSecurityInputSchema = Type.Object(
  {
    type: Type.Enum(SECURITY_TYPES, { type: 'string', title: 'Authorization Header Type', description: 'apiKey: an API key in a header; basic: HTTP Basic Authentication.' }),
    secret: Type.String({
      minLength: 1, maxLength: 300, writeOnly: true,
      description: 'apiKey: the API key sent with each callback. basic: the Base64 encoded Basic Authentication credentials. Stored encrypted; never returned or logged.',
    }),
    authHeaderKey: opt(Type.String({
      minLength: 1, maxLength: 100, pattern: '^[!#$%&\'*+.^_`|~0-9A-Za-z-]+$',
      description: 'apiKey only: the header that carries the key (default Authorization).',
    })),
    apiKeyPrefix: opt(Type.Boolean({ description: 'apiKey only: whether the value is prefixed with `api_key ` (default true).' })),
  },
  { title: 'HookSecurity' },
);
export type HookSecurityInput = Static<typeof HookSecurityInputSchema>;

const writable = {
  name: Type.String({ minLength: 1, maxLength: 100, description: 'Name of the contact hook.' }),
  callback: Type.String({
    format: 'uri', minLength: 1, maxLength: 300,
    description: 'The URI eventline calls: https, a public address (checked after DNS resolution: private, loopback, link-local and metadata ranges are refused), '
      + 'no credentials in it (use security). Redirects are not followed.',
  }),
  security: HookSecurityInputSchema,
};

/** POST and PUT /contacts/hooks: read-only fields echoed back from a list are accepted and ignored. */
export const HookInputSchema = Type.Object(writable, { title: 'Hook', additionalProperties: true });
export type HookInput = Static<typeof HookInputSchema>;

const audit = {
  created: Type.String({ format: 'date-time' }),
  createdBy: Type.String(),
  lastModified: Type.String({ format: 'date-time' }),
  lastModifiedBy: Type.String(),
};

/** The response shape (and the firewall): the secret never leaves the server. */
export const HookSchema = Type.Object(
  {
    id: uuid('The unique ID representing the hook.'),
    name: Type.String(),
    callback: Type.String(),
    security: Type.Object(
      { type: Type.Enum(SECURITY_TYPES, { type: 'string' }), authHeaderKey: opt(Type.String()), apiKeyPrefix: opt(Type.Boolean()) },
      { title: 'HookSecurity', description: 'How callbacks authenticate to the receiver; the secret is write-only.' },
    ),
    ...audit,
  },
  { title: 'Hook' },
);
export type Hook = Static<typeof HookSchema>;

export const HookCreatedSchema = Type.Object(
  {
    ...HookSchema.properties,
    signingSecret: Type.String({
      description: 'eventline extension: the Standard Webhooks signing secret (`whsec_...`) that signs every callback (webhook-signature header). '
        + 'Shown only here, once; store it. POST /contacts/hooks/{id}/signing-secret replaces it.',
    }),
  },
  { title: 'HookCreated' },
);
export type HookCreated = Static<typeof HookCreatedSchema>;

export const SigningSecretSchema = Type.Object(
  { signingSecret: Type.String({ description: 'The new signing secret (`whsec_...`), shown once; the previous one stops signing at once.' }) },
  { title: 'HookSigningSecret' },
);

export const HookPageSchema = paginated(HookSchema, 'HooksPaginatedResponse');

export const HookIdParamsSchema = Type.Object({ id: uuid('Unique ID of the contact hook.') });
export const DeliveryParamsSchema = Type.Object({ id: uuid('Unique ID of the contact hook.'), transactionId: uuid('The transaction (delivery) id.') });
export const ContactIdParamsSchema = Type.Object({ id: uuid('Contact id') });

const { sort: _unsorted, ...listProps } = listQuerySchema().properties;
export const HookListQuerySchema = Type.Object(listProps, { additionalProperties: false });

export const TRANSACTION_STATUSES = ['queued', 'delivering', 'retrying', 'merged', 'unchanged', 'rejected', 'failed', 'cancelled'] as const;
export const TRANSACTION_TRIGGERS = ['contact.created', 'contact.updated', 'identify'] as const;
export const ATTEMPT_OUTCOMES = ['started', 'answered', 'timeout', 'network', 'refused'] as const;

const deliveryProps = {
  id: uuid('The transactionId: the body\'s transactionId and the webhook-id header of every attempt (the receiver\'s idempotency key).'),
  hook: ref('The hook.'),
  contact: opt(ref('The contact the callback is about; absent once the contact is obfuscated.')),
  trigger: Type.Enum(TRANSACTION_TRIGGERS, { type: 'string', description: 'What started it: a contact created or updated (POST /contacts, POST /attendees), or POST /contacts/{id}/identify.' }),
  status: Type.Enum(TRANSACTION_STATUSES, {
    type: 'string',
    description: 'queued, delivering, retrying: in progress. merged: the answer changed the contact; unchanged: it changed nothing; '
      + 'rejected: the receiver refused (400, 404, another 4xx, a redirect) or its answer could not be used; failed: every attempt failed, or the callback is refused (SSRF); '
      + 'cancelled: the contact was deleted or obfuscated first.',
  }),
  attempts: Type.Integer({ description: 'HTTP attempts made so far.' }),
  lastStatusCode: opt(Type.Integer({ description: 'The HTTP status of the last answer.' })),
  lastError: opt(Type.String({ description: 'Why the last attempt failed, in eventline\'s words (never the answer\'s body).' })),
  durationMs: opt(Type.Integer({ description: 'How long the last attempt took.' })),
  mergedFields: opt(Type.Array(Type.String(), { description: 'The contact fields the answer changed (names only).' })),
  ignoredFields: opt(Type.Array(Type.Object({ field: Type.String(), reason: Type.String() }), { description: 'Fields of the answer that were not taken, and why.' })),
  created: Type.String({ format: 'date-time' }),
  lastModified: Type.String({ format: 'date-time' }),
  finished: opt(Type.String({ format: 'date-time', description: 'When the transaction ended.' })),
};

/** eventline extension: one contact transaction in a hook's delivery log. It never holds the contact's data. */
export const DeliverySchema = Type.Object(deliveryProps, { title: 'ContactHookDelivery' });
export type Delivery = Static<typeof DeliverySchema>;

export const AttemptSchema = Type.Object(
  {
    attempt: Type.Integer(),
    started: Type.String({ format: 'date-time' }),
    outcome: Type.Enum(ATTEMPT_OUTCOMES, { type: 'string', description: 'started: the attempt was cut off (its worker stopped); answered: the receiver answered (see statusCode); timeout, network, refused: no answer.' }),
    statusCode: opt(Type.Integer()),
    durationMs: opt(Type.Integer()),
    error: opt(Type.String()),
  },
  { title: 'ContactHookAttempt' },
);
export type Attempt = Static<typeof AttemptSchema>;

export const DeliveryDetailSchema = Type.Object({ ...deliveryProps, attemptLog: Type.Array(AttemptSchema) }, { title: 'ContactHookDeliveryDetail' });
export type DeliveryDetail = Static<typeof DeliveryDetailSchema>;

export const DeliveryPageSchema = paginated(DeliverySchema, 'ContactHookDeliveriesPaginatedResponse');
