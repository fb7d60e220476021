import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, testDialect, type TestDatabase } from '../../test/helpers/db.js';
import { JobQueue } from '../jobs/queue.js';
import { Worker } from '../jobs/worker.js';
import { setTracingEnabled, tracer } from './index.js';
import { redactSpan } from './redact.js';
import { tracedFetch } from './sdk.js';

// The pieces of tracing in one process, on an SDK that keeps its spans in memory: the attribute allowlist, the
// fetch wrapper, the query spans of Kysely (this file's database is opened with tracing on) and the job queue
// carrying a trace from the enqueuing span to the job's run. test/api/tracing.test.ts runs them all in a real
// server process exporting OTLP.

const exporter = new InMemorySpanExporter();
let sdk: NodeSDK;
let tdb: TestDatabase;
let receiver: Server;
let receiverUrl = '';
const received: IncomingHttpHeaders[] = [];
const system = testDialect === 'postgres' ? 'postgresql' : 'sqlite';

beforeAll(async () => {
  sdk = new NodeSDK({ spanProcessors: [new SimpleSpanProcessor(exporter)], instrumentations: [], metricReaders: [], logRecordProcessors: [], autoDetectResources: false });
  sdk.start();
  setTracingEnabled(true);
  tdb = await createTestDb();
  receiver = createServer((req, res) => {
    received.push(req.headers);
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook/s3cr3t-path?key=s3cr3t-query`;
});

afterAll(async () => {
  setTracingEnabled(false);
  await tdb?.cleanup();
  await sdk?.shutdown();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

beforeEach(() => {
  exporter.reset();
  received.length = 0;
});

/** Runs fn in a span of its own and returns what it returned with that span. */
async function underSpan<T>(fn: () => Promise<T>): Promise<{ value: T; parent: Span }> {
  return tracer().startActiveSpan('test parent', async (parent) => {
    try {
      return { value: await fn(), parent };
    } finally {
      parent.end();
    }
  });
}

const finished = (): ReadableSpan[] => exporter.getFinishedSpans();

describe('the attribute allowlist', () => {
  it('keeps the route, method, status and statement; drops paths, query strings, addresses, error messages and status descriptions', () => {
    const span = tracer().startSpan('GET', {
      kind: SpanKind.SERVER,
      attributes: {
        'http.route': '/ea/contacts/:id', 'http.request.method': 'GET', 'http.response.status_code': 500, 'db.query.text': 'select * from "contacts" where "id" = ?',
        'url.path': '/ea/contacts/ada@example.test', 'url.query': "filter=email eq 'ada@example.test'", 'client.address': '203.0.113.9',
        'user_agent.original': 'curl/8', 'http.target': '/ea/contacts?filter=x', 'enduser.id': 'ada',
      },
    });
    span.recordException(new TypeError('value ada@example.test is not valid'));
    span.setStatus({ code: SpanStatusCode.ERROR, message: 'ada@example.test' });
    span.end();
    const [raw] = finished();
    if (!raw) throw new Error('no span');
    const out = redactSpan(raw);
    expect(out.attributes).toEqual({
      'http.route': '/ea/contacts/:id', 'http.request.method': 'GET', 'http.response.status_code': 500, 'db.query.text': 'select * from "contacts" where "id" = ?',
    });
    expect(out.events.map((e) => e.attributes)).toEqual([{ 'exception.type': 'TypeError' }]);
    expect(out.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(JSON.stringify({ ...out, resource: undefined })).not.toContain('ada');
    expect(out.spanContext()).toEqual(raw.spanContext());
  });
});

describe('fetch, wrapped while tracing is on', () => {
  it('sends traceparent and makes a client span naming the host only, under the current span', async () => {
    const fetch = tracedFetch(globalThis.fetch);
    const { value: res, parent } = await underSpan(() => fetch(receiverUrl, { method: 'POST', headers: { 'x-kept': '1' }, body: '{}' }));
    expect(res.status).toBe(204);
    const [headers] = received;
    expect(headers?.['x-kept']).toBe('1');
    const client = finished().find((s) => s.kind === SpanKind.CLIENT);
    expect(client).toBeDefined();
    expect(headers?.['traceparent']).toBe(`00-${parent.spanContext().traceId}-${client?.spanContext().spanId}-01`);
    expect(client?.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
    expect(client?.name).toBe('POST');
    expect(client?.attributes).toMatchObject({ 'http.request.method': 'POST', 'server.address': '127.0.0.1', 'http.response.status_code': 204 });
    expect(JSON.stringify(client?.attributes)).not.toContain('s3cr3t');
  });

  it('passes a Request through with its headers, and outside any span calls as is: no header, no span', async () => {
    const fetch = tracedFetch(globalThis.fetch);
    await underSpan(() => fetch(new Request(receiverUrl, { method: 'PUT', headers: { 'x-from-request': 'yes' }, body: 'x' })));
    expect(received[0]?.['x-from-request']).toBe('yes');
    expect(received[0]?.['traceparent']).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    exporter.reset();
    const res = await fetch(receiverUrl);
    expect(res.status).toBe(204);
    expect(received[1]?.['traceparent']).toBeUndefined();
    expect(finished()).toEqual([]);
  });
});

describe(`Kysely query spans (${testDialect})`, () => {
  it('makes one client span per query under the current span, with the operation and the statement, never its parameters', async () => {
    const { parent } = await underSpan(() => tdb.handle.db.selectFrom('jobs').select('id').where('id', '=', 'parameter-value-7').execute());
    const spans = finished().filter((s) => s.attributes['db.system'] === system);
    expect(spans).toHaveLength(1);
    const [select] = spans;
    expect(select?.name).toBe('SELECT');
    expect(select?.kind).toBe(SpanKind.CLIENT);
    expect(select?.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
    expect(select?.attributes['db.operation.name']).toBe('SELECT');
    expect(String(select?.attributes['db.query.text'])).toMatch(/^select "id" from "jobs" where "id" = (\?|\$1)$/);
    expect(JSON.stringify(select?.attributes)).not.toContain('parameter-value-7');
  });

  it('traces a transaction as BEGIN, its statements and COMMIT; outside any span, queries make no span', async () => {
    await underSpan(() => tdb.handle.db.transaction().execute(async (trx) => trx.selectFrom('jobs').select('id').execute()));
    expect(finished().filter((s) => s.attributes['db.system'] === system).map((s) => s.name)).toEqual(['BEGIN', 'SELECT', 'COMMIT']);
    exporter.reset();
    await tdb.handle.db.selectFrom('jobs').select('id').execute();
    expect(finished()).toEqual([]);
  });
});

describe('jobs carry the trace they were queued in', () => {
  it('stores traceparent inside the payload, hands the handler the payload without it, and runs the job in a span continuing that trace', async () => {
    const queue = new JobQueue(tdb.handle.db);
    const { value: job, parent } = await underSpan(() => queue.enqueue({ type: 'test.traced', payload: { n: 1 } }));
    const row = await tdb.handle.db.selectFrom('jobs').select('payload').where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.payload)).toEqual({ n: 1, _traceparent: `00-${parent.spanContext().traceId}-${parent.spanContext().spanId}-01` });
    expect(job.payload).toEqual({ n: 1 });
    expect(job.traceparent).toBe(`00-${parent.spanContext().traceId}-${parent.spanContext().spanId}-01`);

    exporter.reset();
    let seen: unknown;
    const worker = new Worker({
      queue,
      handlers: {
        'test.traced': async (j) => {
          seen = j.payload;
          await tdb.handle.db.selectFrom('jobs').select('id').where('id', '=', j.id).execute();
        },
      },
    });
    expect(await worker.runOnce()).toBe(true);
    expect(seen).toEqual({ n: 1 });
    const spans = finished();
    const run = spans.find((s) => s.name === 'job test.traced');
    expect(run?.kind).toBe(SpanKind.CONSUMER);
    expect(run?.spanContext().traceId).toBe(parent.spanContext().traceId);
    expect(run?.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
    expect(run?.attributes).toMatchObject({ 'eventline.job.type': 'test.traced', 'eventline.job.id': job.id, 'eventline.job.attempt': 1, 'eventline.job.outcome': 'completed' });
    // The handler's query and the queue's completion are the run's children; the claim came before the run.
    const children = spans.filter((s) => s.parentSpanContext?.spanId === run?.spanContext().spanId).map((s) => s.name);
    expect(children).toEqual(expect.arrayContaining(['SELECT', 'UPDATE']));
  });

  it('stores nothing outside a trace: the job then starts a trace of its own', async () => {
    const queue = new JobQueue(tdb.handle.db);
    const job = await queue.enqueue({ type: 'test.untraced', payload: { n: 2 } });
    const row = await tdb.handle.db.selectFrom('jobs').select('payload').where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.payload)).toEqual({ n: 2 });
    expect(job.traceparent).toBeUndefined();
    const worker = new Worker({ queue, handlers: { 'test.untraced': async () => undefined } });
    expect(await worker.runOnce()).toBe(true);
    const run = finished().find((s) => s.name === 'job test.untraced');
    expect(run?.parentSpanContext).toBeUndefined();
    expect(trace.getActiveSpan()).toBeUndefined();
  });
});
