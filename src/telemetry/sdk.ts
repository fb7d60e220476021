import { FastifyOtelInstrumentation } from '@fastify/otel';
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { TracingConfig } from '../config/index.js';
import { errorType, hasActiveSpan, TRACER_NAME } from './index.js';
import { RedactingExporter } from './redact.js';

// Loaded only when tracing is on (start.ts): nothing here is imported by a process without an OTLP endpoint.

/**
 * Node's fetch (undici) is not seen by the HTTP instrumentation, which patches node:http. The webcast providers'
 * calls go through it: under a traced request or job each gets a client span, and the far side gets `traceparent`.
 */
export function tracedFetch(original: typeof globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    if (!hasActiveSpan()) return original(input, init);
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request?.url ?? (input instanceof URL ? input.href : String(input)));
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    // The host only: a path or query string may carry a secret of the far side (DESIGN rule 12).
    const span = trace.getTracer(TRACER_NAME).startSpan(method, {
      kind: SpanKind.CLIENT,
      attributes: {
        'http.request.method': method, 'server.address': url.hostname, 'url.scheme': url.protocol.replace(/:$/, ''),
        ...(url.port ? { 'server.port': Number(url.port) } : {}),
      },
    });
    const headers = new Headers(init?.headers ?? request?.headers);
    propagation.inject(trace.setSpan(context.active(), span), headers, { set: (carrier, key, value) => carrier.set(key, value) });
    try {
      const res = await original(input, { ...init, headers });
      span.setAttribute('http.response.status_code', res.status);
      if (res.status >= 500) {
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.setAttribute('error.type', String(res.status));
      }
      return res;
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.setAttribute('error.type', errorType(err));
      throw err;
    } finally {
      span.end();
    }
  };
}

export interface RunningSdk {
  shutdown(): Promise<void>;
}

export function startSdk(config: TracingConfig): RunningSdk {
  const sdk = new NodeSDK({
    serviceName: config.serviceName,
    // Traces only: metrics are Prometheus's (/metrics), and logs are the process's JSON lines. Without these two
    // empty lists the SDK would also start OTLP metric and log exporters from the environment.
    metricReaders: [],
    logRecordProcessors: [],
    spanProcessors: [new BatchSpanProcessor(new RedactingExporter(new OTLPTraceExporter({ url: config.tracesUrl })))],
    instrumentations: [
      // Spans for work that serves a request or runs a job; a connection's own background traffic (the pool, the
      // change feed's LISTEN, the worker's polling) starts no trace of its own.
      new HttpInstrumentation({ requireParentforOutgoingSpans: true }),
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
      // The command's name only: keys and values may be account ids, hashed addresses, or anything a caller stored.
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
    ],
  });
  sdk.start();
  const original = globalThis.fetch;
  // Reflect: Node's typings declare fetch a function, which TypeScript will not let a plain assignment replace.
  Reflect.set(globalThis, 'fetch', tracedFetch(original));
  return {
    async shutdown() {
      Reflect.set(globalThis, 'fetch', original);
      await sdk.shutdown();
    },
  };
}
