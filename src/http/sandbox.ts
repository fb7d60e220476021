import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../actor.js';
import { CommonErrors, type ApiError } from '../errors.js';
import { RateLimitErrors } from './ratelimit/ratelimit.errors.js';
import { rateLimitHeaders } from './ratelimit/headers.js';
import { routeOf } from './route-info.js';
import type { Decision } from '../ratelimit/limiter.js';

// The integrator's sandbox on the request path (issue 35 parts 4 and 5; docs/sandbox.md): one onRequest hook applies
// the calling application's sandbox controls (after auth, before the rate limiter), and one onResponse hook hands the
// finished request to the request log, which buffers it and writes in batches off the request's path.
// Idempotency keys replay from their preHandler: a replay passes the log's onSend hook like any answer.

export const SANDBOX_HEADER = 'eventline-sandbox';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: calls of this route are not written to the request log (reading the log itself). */
    requestLog?: false;
    /** false: sandbox controls do not act on this route (the controls themselves, reading the log). */
    sandboxControls?: false;
  }
  interface FastifyRequest {
    /** The sandbox controls that act on this call, when its application has any. */
    sandbox: SandboxCall | null;
  }
}

export interface SandboxCall {
  /** The application's moved clock: what the rate limiter's daily window adds to the server's time. */
  readonly clockOffsetMs: number;
  readonly header: string;
}

/** What the controls do to one call (the sandbox module's SandboxControlsService.decide). */
export interface SandboxDecision {
  readonly clockOffsetMs: number;
  readonly latencyMs: number;
  readonly refuse?: {
    readonly answer: 'too-many-requests' | 'limit-exceeded';
    readonly remaining?: number;
    readonly secondsLeft?: number;
    readonly position?: number;
  };
  readonly fail: boolean;
  readonly header: string;
}

export interface SandboxControlsHook {
  readonly enabled: boolean;
  decide(accountId: string, clientId: string): Promise<SandboxDecision | undefined>;
  /** The application's clock offset alone (ms), for the routes the controls do not act on. */
  clockOffset(accountId: string, clientId: string): Promise<number>;
}

/** The header's part that names a moved clock: its offset in whole seconds. */
export function clockPart(offsetMs: number): string {
  return `clock-offset=${Math.round(offsetMs / 1000)}`;
}

/** One finished request (the sandbox module's RequestLogService.record). */
export interface RequestLogSink {
  readonly enabled: boolean;
  record(r: {
    accountId: string; clientId: string; method: string; route: string; status: number; latencyMs: number; requestId: string;
    message?: string; sandbox?: string;
  }): void;
}

export interface SandboxOptions {
  readonly controls: SandboxControlsHook;
  /** The rate limiter's view of the account without counting a call: the RateLimit fields of a forced 429. */
  readonly peek?: (accountId: string, clockOffsetMs: number) => Promise<Decision>;
}

/** The seed's retry schedule (2, 4, 8 s, stop at 16): what a forced "Too Many Requests" of a count says in Retry-After. */
export function forcedRetryAfterSeconds(position: number): number {
  return Math.min(2 ** (position + 1), 16);
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The route's pattern as the OpenAPI document writes it: `/ea/events/{id}`. */
function routePattern(request: FastifyRequest): string {
  const url = routeOf(request).url;
  return url === undefined ? '(no route)' : url.replace(/:(\w+)/g, '{$1}');
}

async function refusal(opts: SandboxOptions, auth: AuthContext, d: SandboxDecision, refuse: NonNullable<SandboxDecision['refuse']>): Promise<ApiError> {
  const decision = opts.peek ? await opts.peek(auth.accountId, d.clockOffsetMs) : undefined;
  const headers: Record<string, string> = {};
  if (refuse.answer === 'limit-exceeded') {
    // As a real one: the day's quota shows used up, and Retry-After runs to 00:00 UTC of the application's clock.
    if (decision) Object.assign(headers, rateLimitHeaders({ ...decision, used: decision.policy.perDay ?? decision.used }));
    let untilMidnightMs = decision?.dayResetMs;
    if (untilMidnightMs === undefined) {
      const now = Date.now() + d.clockOffsetMs;
      untilMidnightMs = new Date(now).setUTCHours(24, 0, 0, 0) - now;
    }
    headers['retry-after'] = String(Math.max(1, Math.ceil(untilMidnightMs / 1000)));
    return RateLimitErrors.limitExceeded(undefined, { headers });
  }
  // As a real one: no call left in this second. Retry-After: the seed's back-off for a count (2, 4, 8 s), the time
  // left for a duration.
  if (decision) Object.assign(headers, rateLimitHeaders({ ...decision, backlogMs: decision.toleranceMs + decision.intervalMs }));
  headers['retry-after'] = String(refuse.position !== undefined ? forcedRetryAfterSeconds(refuse.position) : Math.max(1, refuse.secondsLeft ?? 1));
  return RateLimitErrors.tooManyRequests(undefined, { headers });
}

/**
 * Registers the controls' hook. Call after registerAuth (the controls are the calling application's) and before
 * registerRateLimit (a forced 429 replaces the limiter's decision; the moved clock reaches its daily window).
 */
export function registerSandbox(app: FastifyInstance, prefix: string, opts: SandboxOptions): void {
  app.decorateRequest('sandbox', null);
  const applies = (request: FastifyRequest): boolean => request.url.startsWith(`${prefix}/`) || request.url.startsWith(`${prefix}?`);

  if (opts.controls.enabled) {
    app.addHook('onRequest', async (request, reply) => {
      const auth = request.auth;
      if (!auth || !applies(request)) return;
      if (routeOf(request).config.sandboxControls === false) {
        // Not acted on, but the application's clock is still its clock (the quota's window of reading its log).
        const offset = await opts.controls.clockOffset(auth.accountId, auth.clientId);
        if (offset !== 0) {
          request.sandbox = { clockOffsetMs: offset, header: clockPart(offset) };
          reply.header(SANDBOX_HEADER, request.sandbox.header);
        }
        return;
      }
      const d = await opts.controls.decide(auth.accountId, auth.clientId);
      if (!d) return;
      request.sandbox = { clockOffsetMs: d.clockOffsetMs, header: d.header };
      reply.header(SANDBOX_HEADER, d.header);
      if (d.latencyMs > 0) await sleep(d.latencyMs);
      if (d.refuse) {
        // Decided here: the limiter neither counts this call nor answers it again.
        request.rateLimited = true;
        throw await refusal(opts, auth, d, d.refuse);
      }
      if (d.fail) throw CommonErrors.unavailable();
    });
  }
}

/**
 * Hands every finished request of an application to the request log. Call after the rate limiter and idempotency
 * keys: their onSend hooks may replace an answer (a late 429, a replay), and the message kept is the one sent.
 */
export function registerRequestLog(app: FastifyInstance, prefix: string, log: RequestLogSink): void {
  if (!log.enabled) return;
  const applies = (request: FastifyRequest): boolean => request.url.startsWith(`${prefix}/`) || request.url.startsWith(`${prefix}?`);
  const messages = new WeakMap<FastifyRequest, string>();
  // The error's message, read from the contract body on its way out (the log redacts it before keeping it).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && request.auth && typeof payload === 'string' && payload.startsWith('{')) {
      try {
        const body: unknown = JSON.parse(payload);
        if (body !== null && typeof body === 'object' && 'message' in body && typeof body.message === 'string') messages.set(request, body.message);
      } catch {
        // Not the contract's error shape: no message is kept.
      }
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const auth = request.auth;
    if (auth && applies(request) && routeOf(request).config.requestLog !== false) {
      const message = messages.get(request);
      const sandbox = reply.getHeader(SANDBOX_HEADER);
      log.record({
        accountId: auth.accountId, clientId: auth.clientId, method: request.method,
        route: routePattern(request), status: reply.statusCode, latencyMs: reply.elapsedTime, requestId: request.id,
        ...(message !== undefined ? { message } : {}),
        ...(typeof sandbox === 'string' ? { sandbox } : {}),
      });
    }
    done();
  });
}
