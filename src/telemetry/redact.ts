import type { Attributes } from '@opentelemetry/api';
import type { ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter, TimedEvent } from '@opentelemetry/sdk-trace-base';

// Secrets and personal data never leave in a span (DESIGN: logs; docs/operations.md, "Tracing"). The instrumentations
// record more than eventline may send: the raw path and query string of a request (a filter names people, a path may
// hold an email typed where an id belongs), the caller's address and user agent, the full URL of an outbound call (a
// receiver's secret may sit in it), error messages (a database error may quote a value). So every span passes this
// allowlist on its way out: attributes not named here are dropped, an error's message and stack with them, and a
// span's status keeps its code without its description. A new instrumentation's attributes stay out until listed.

const ALLOWED = new Set([
  // HTTP, server and client (both semantic-convention generations the instrumentations emit)
  'http.request.method', 'http.method', 'http.response.status_code', 'http.status_code', 'http.route', 'url.scheme', 'http.scheme',
  'http.flavor', 'network.protocol.name', 'network.protocol.version', 'net.transport', 'network.transport',
  'server.address', 'server.port', 'net.host.name', 'net.host.port', 'net.peer.name', 'net.peer.port', 'error.type',
  'http.request.body.size', 'http.response.body.size', 'http.request_content_length', 'http.response_content_length',
  'http.request_content_length_uncompressed', 'http.response_content_length_uncompressed',
  // Fastify's lifecycle spans
  'fastify.root', 'fastify.type', 'hook.name', 'hook.callback.name', 'service.name',
  // Databases: the statement's text has placeholders, never values (Kysely and pg send parameters apart; Redis
  // statements are reduced to the command's name in sdk.ts)
  'db.system', 'db.system.name', 'db.name', 'db.namespace', 'db.operation', 'db.operation.name', 'db.statement',
  'db.query.text', 'db.collection.name', 'db.sql.table', 'db.response.returned_rows',
  // eventline's own
  'eventline.job.type', 'eventline.job.id', 'eventline.job.attempt', 'eventline.job.outcome',
  // an exception event keeps its class only
  'exception.type',
]);

/** The attributes that may leave, in their order. */
export function allowedAttributes(attributes: Attributes): Attributes {
  const kept: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) if (ALLOWED.has(key)) kept[key] = value;
  return kept;
}

function redactEvent(event: TimedEvent): TimedEvent {
  return { ...event, ...(event.attributes ? { attributes: allowedAttributes(event.attributes) } : {}) };
}

/** The span as it may leave: allowed attributes only, in the span, its events and its links; no status description. */
export function redactSpan(span: ReadableSpan): ReadableSpan {
  return {
    name: span.name,
    kind: span.kind,
    spanContext: () => span.spanContext(),
    ...(span.parentSpanContext ? { parentSpanContext: span.parentSpanContext } : {}),
    startTime: span.startTime,
    endTime: span.endTime,
    status: { code: span.status.code },
    attributes: allowedAttributes(span.attributes),
    links: span.links.map((l) => ({ context: l.context, ...(l.attributes ? { attributes: allowedAttributes(l.attributes) } : {}) })),
    events: span.events.map(redactEvent),
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

/** Wraps the OTLP exporter: what it sends has passed redactSpan. */
export class RedactingExporter implements SpanExporter {
  constructor(private readonly inner: SpanExporter) {}

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    this.inner.export(spans.map(redactSpan), resultCallback);
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}
