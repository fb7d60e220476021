/**
 * eventline-sdk: the TypeScript SDK (also re-exported by the server package as eventline/client). Typed from eventline's own OpenAPI
 * document (schema.ts, generated), with the client-credentials token flow,
 * async iterators for paging, the seed's 429 retry rule (honouring Retry-After),
 * client-side pacing to the server's announced rate, and webhook verification
 * (Standard Webhooks) built in. It imports nothing but its own files.
 */
export { createClient, EventlineClient, type ApiResponse, type ClientOptions, type Logger, type PageOptions } from './client.js';
export { ApiRequestError, QuotaExceededError, TokenRequestError, TooManyRequestsError, type ApiErrorDetail } from './errors.js';
export { backoffMs, FIRST_WAIT_MS, GIVE_UP_WAIT_MS, jitterMs, MAX_ATTEMPTS, nextUtcMidnight } from './retry.js';
export { DEFAULT_MAX_CONCURRENCY, DEFAULT_SAFETY_FACTOR, type PacingOptions } from './pacing.js';
export type { TokenResponse } from './token.js';
export type {
  ApiPaths, ArgsFor, HttpMethod, ItemOf, Page, Paging, PathsFor, Query, QueryValue, ResultFor, UntypedRequestOptions,
} from './types.js';
export type { components, operations, paths } from './schema.js';
export {
  DEFAULT_WEBHOOK_TOLERANCE_SECONDS, signWebhook, verifyWebhook, verifyWebhookSignature, WebhookVerificationError,
  type VerifyWebhookOptions, type WebhookHeaders, type WebhookMessage,
} from './webhook.js';
