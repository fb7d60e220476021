import { context, isSpanContextValid, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span } from '@opentelemetry/api';

// What the rest of the code knows of tracing: whether it is on, and a few helpers. Only the OpenTelemetry API is
// imported here (no-op without an SDK); the SDK and its instrumentations are loaded by start.ts, and only when an
// OTLP endpoint is configured. Every helper returns at once while tracing is off, so the hot paths pay a boolean.

let enabled = false;

/** Whether this process started the SDK (start.ts). Code that would add hooks or wrappers asks once, at set-up. */
export function tracingEnabled(): boolean {
  return enabled;
}

/** Set by start.ts once the SDK runs; tests of the wrappers turn it on around an SDK of their own. */
export function setTracingEnabled(on: boolean): void {
  enabled = on;
}

export const TRACER_NAME = 'eventline';

export function tracer() {
  return trace.getTracer(TRACER_NAME);
}

/** The span of the current async context, when tracing is on and one is recording. */
function currentSpan(): Span | undefined {
  if (!enabled) return undefined;
  const span = trace.getSpan(context.active());
  return span !== undefined && isSpanContextValid(span.spanContext()) ? span : undefined;
}

/** The trace id of the current context (the request log line carries it), or undefined. */
export function activeTraceId(): string | undefined {
  return currentSpan()?.spanContext().traceId;
}

/**
 * The W3C `traceparent` of the current context, to store with work that continues elsewhere (a queued job), or
 * undefined when tracing is off or nothing is traced here.
 */
export function currentTraceparent(): string | undefined {
  if (currentSpan() === undefined) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier['traceparent'];
}

/** The context a stored `traceparent` continues (the root context when there is none). */
export function contextFrom(traceparent: string | undefined): Context {
  return traceparent === undefined ? ROOT_CONTEXT : propagation.extract(ROOT_CONTEXT, { traceparent });
}

/** The class of an error, for a span's `error.type`: never its message, which may quote personal data. */
export function errorType(err: unknown): string {
  return err instanceof Error ? err.name : typeof err;
}

/**
 * Runs `fn` in a span of its own, child of `parent` (the current context by default). The span ends when `fn`
 * settles; a rejection marks it as an error with the error's class only.
 */
export async function inSpan<T>(
  name: string,
  opts: { kind?: SpanKind; attributes?: Attributes; parent?: Context },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer().startActiveSpan(name, { kind: opts.kind ?? SpanKind.INTERNAL, ...(opts.attributes ? { attributes: opts.attributes } : {}) }, opts.parent ?? context.active(), async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.setAttribute('error.type', errorType(err));
      throw err;
    } finally {
      span.end();
    }
  });
}

/** Whether the current context is traced: spans of queries and calls are made only under a span (a request, a job). */
export function hasActiveSpan(): boolean {
  return currentSpan() !== undefined;
}

export { SpanKind, SpanStatusCode };
