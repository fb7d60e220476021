import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../../errors.js';
import type { ErrorResponse } from '../errors.js';
import { rateLimitHeaders, retryAfterSeconds } from './headers.js';
import type { Decision, RateLimiter } from '../../ratelimit/limiter.js';
import { RateLimitErrors } from './ratelimit.errors.js';
import { StoreUnavailableError } from '../../ratelimit/store.js';
import { routeOf } from '../route-info.js';
import type {} from '../sandbox.js';
import type { LimitOutcome, Metrics } from '../../metrics/index.js';

type LimitMetrics = Pick<Metrics, 'limitDecision' | 'limitStoreError'>;

function recorded(metrics: LimitMetrics, d: Decision): Decision {
  const outcome: LimitOutcome = !d.counted ? 'exempt' : d.outcome === 'allowed' ? 'allowed' : d.outcome === 'day' ? 'quota' : 'throttled';
  metrics.limitDecision(outcome, d.policy.tier ?? 'address');
  return d;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'exempt': the call needs a valid token but does not count (it still gets the RateLimit fields). */
    rateLimit?: 'exempt';
  }
  interface FastifyRequest {
    /** The limiter has decided on this request (its onRequest hook ran). */
    rateLimited: boolean;
  }
}

function refusal(d: Decision): ApiError {
  const headers = { 'retry-after': String(retryAfterSeconds(d)) };
  return d.outcome === 'day' ? RateLimitErrors.limitExceeded(undefined, { headers }) : RateLimitErrors.tooManyRequests(undefined, { headers });
}

// Fail closed: without its store the limiter cannot tell whether a call is
// within its limits, and letting every call through would remove the limit
// that protects the service and other tenants exactly when something is
// already wrong. A 503 with Retry-After is retryable and visible in the logs.
function unavailable(request: FastifyRequest, err: StoreUnavailableError): ApiError {
  request.log.error({ err: err.cause instanceof Error ? err.cause : err }, 'rate limiting is unavailable');
  return RateLimitErrors.unavailable(`Rate limiting is unavailable: ${err.message}`, { headers: { 'retry-after': '1' } });
}

function exempt(request: FastifyRequest): boolean {
  return routeOf(request).config.rateLimit === 'exempt';
}

/**
 * Limits every call under the versioned prefix and /.well-known, and every
 * unknown route. A call with a valid token is charged to its account (tier
 * limits, daily quota); any other call (token endpoint, no or bad token, 404)
 * to its client address, so bad traffic can neither use up an account's quota
 * nor go unlimited. Register it right after registerAuth: its onRequest hook
 * must run once request.auth is known.
 */
export function registerRateLimit(app: FastifyInstance, limiter: RateLimiter, prefix: string, metrics?: LimitMetrics): void {
  app.decorateRequest('rateLimited', false);
  const applies = (request: FastifyRequest): boolean =>
    request.is404 || request.url === prefix || request.url.startsWith(`${prefix}/`) || request.url.startsWith(`${prefix}?`) || request.url.startsWith('/.well-known/');

  const check = (request: FastifyRequest): Promise<Decision> =>
    // A sandbox control may have moved the application's clock: the daily quota's window follows it (docs/sandbox.md).
    request.auth ? limiter.checkAccount(request.auth.accountId, !exempt(request), request.sandbox?.clockOffsetMs ?? 0) : limiter.checkAddress(request.ip);
  // With metrics: each decision counted by outcome and tier, each store failure counted (no promise more without).
  const decide = !metrics ? check : (request: FastifyRequest): Promise<Decision> => check(request).then((d) => recorded(metrics, d), (err: unknown) => {
    if (err instanceof StoreUnavailableError) metrics.limitStoreError();
    throw err;
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!applies(request)) return;
    request.rateLimited = true;
    let decision: Decision;
    try {
      decision = await decide(request);
    } catch (err) {
      if (err instanceof StoreUnavailableError) throw unavailable(request, err);
      throw err;
    }
    reply.headers(rateLimitHeaders(decision));
    if (decision.counted && decision.outcome !== 'allowed') throw refusal(decision);
  });

  // The auth hook answered before ours ran: a missing or bad token (charged to
  // the address) or a missing scope (charged to the account). Once over the
  // limit, that answer becomes the 429 the caller would get for any other call.
  const late = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    request.rateLimited = true;
    let failure: ApiError | undefined;
    try {
      const decision = await decide(request);
      reply.headers(rateLimitHeaders(decision));
      if (decision.counted && decision.outcome !== 'allowed') failure = refusal(decision);
    } catch (err) {
      if (!(err instanceof StoreUnavailableError)) throw err;
      failure = unavailable(request, err);
    }
    return failure ? replaceWith(reply, failure) : payload;
  };
  // Callback style: the common case (already decided) costs no promise per response.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.rateLimited || !applies(request)) {
      done(null, payload);
      return;
    }
    late(request, reply, payload).then((p) => done(null, p), (err: Error) => done(err));
  });
}

// onSend cannot re-enter the error handler, so this writes the same contract body sendError would.
function replaceWith(reply: FastifyReply, err: ApiError): string {
  reply.removeHeader('www-authenticate');
  if (err.options.headers) reply.headers(err.options.headers);
  reply.code(err.status).type('application/json; charset=utf-8');
  const body: ErrorResponse = { code: err.status, message: err.message };
  return JSON.stringify(body);
}
