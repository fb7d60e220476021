import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/index.js';
import { activeTraceId, tracingEnabled } from '../telemetry/index.js';
import { routeOf } from './route-info.js';

// Secrets and personal data never reach logs: request lines carry the path
// without its query string (filters name people), and these paths are
// censored wherever an error or object is logged.
export const REDACT_PATHS = [
  'req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie',
  '*.password', '*.client_secret', '*.clientSecret', '*.secret', '*.access_token', '*.token', '*.email',
  'err.detail', 'err.parameters', 'err.query',
];

export function loggerOptions(config: Pick<Config, 'logLevel'>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: () => undefined,
      res: () => undefined,
    },
    ...extra,
  };
}

export function registerRequestLogging(app: FastifyInstance): void {
  // The request line is built here from fields that hold no secret or personal data (the path only when
  // it matched a route and passed validation), so it is written without the redaction pass: pino's
  // wildcard paths above cost about 13 µs per line, more than the rest of the line and most of a request.
  // Every other line (errors, objects handed to request.log) keeps the redaction.
  const lines = app.log.child({}, { redact: { paths: [], censor: '[redacted]' } });
  // With tracing on, the line names the request's trace (docs/operations.md, "Tracing"). Its id is read while the
  // request's span is current, as the request begins; the response may finish in another async context.
  const traceIds = tracingEnabled() ? new WeakMap<FastifyRequest, string>() : undefined;
  // Callback-style hooks: nothing here waits, so no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if (traceIds) {
      const traceId = activeTraceId();
      if (traceId !== undefined) traceIds.set(request, traceId);
    }
    done();
  });
  // One line per request.
  app.addHook('onResponse', (request, reply, done) => {
    // A path that matched no route or failed validation may hold anything a client typed there (an email
    // where an id belongs): such a line names only the route template, never the raw path.
    const route = routeOf(request);
    const trusted = route.url !== undefined && reply.statusCode !== 400 && reply.statusCode !== 404;
    const traceId = traceIds?.get(request);
    lines.info({
      reqId: request.id,
      ...(traceId !== undefined ? { traceId } : {}),
      method: request.method,
      ...(trusted ? { path: request.url.split('?')[0] } : {}),
      route: route.url ?? '(none)',
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      account: request.auth?.accountId,
      client: request.auth?.clientId,
    }, 'request');
    done();
  });
}
