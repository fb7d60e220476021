import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadTracingConfig } from '../../src/config/index.js';
import { createTenant, startTestApp, waitFor, type Tenant, type TestApp } from '../helpers/app.js';
import { testDialect } from '../helpers/db.js';
import { freePort, spawnProcess, type Spawned } from '../helpers/process.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { createVenue, seedPerson, type PersonData } from '../contract/obfuscation.fixtures.js';

// Traces, end to end: a real server process (`npm start`'s entry, src/server.ts) with tracing on exports OTLP/HTTP
// JSON to a receiver in this process. One request is followed from the HTTP server span through its SQL to the job it
// queued, which the process's worker runs under the same trace; its request log line names that trace.

const root = new URL('../..', import.meta.url).pathname;

interface OtlpValue { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number }
interface OtlpSpan {
  traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number;
  attributes?: Array<{ key: string; value: OtlpValue }>;
  events?: Array<{ name: string; attributes?: Array<{ key: string; value: OtlpValue }> }>;
  status?: { code?: number; message?: string };
}
interface Span extends OtlpSpan { scope: string }
interface ExportRequest { resourceSpans?: Array<{ resource?: { attributes?: Array<{ key: string; value: OtlpValue }> }; scopeSpans?: Array<{ scope?: { name?: string }; spans?: OtlpSpan[] }> }> }

const KIND = { internal: 1, server: 2, client: 3, producer: 4, consumer: 5 } as const;

function attr(span: OtlpSpan, key: string): string | number | boolean | undefined {
  const v = span.attributes?.find((a) => a.key === key)?.value;
  if (v === undefined) return undefined;
  if (v.intValue !== undefined) return Number(v.intValue);
  return v.stringValue ?? v.boolValue ?? v.doubleValue;
}

interface Collector {
  readonly url: string;
  readonly bodies: string[];
  readonly resources: Array<Record<string, unknown>>;
  spans(): Span[];
  close(): Promise<void>;
}

/** An OTLP/HTTP receiver: POST /v1/traces with a JSON ExportTraceServiceRequest. */
async function startCollector(): Promise<Collector> {
  const bodies: string[] = [];
  const all: Span[] = [];
  const resources: Array<Record<string, unknown>> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (req.method !== 'POST' || req.url !== '/v1/traces' || !String(req.headers['content-type']).startsWith('application/json')) {
        res.writeHead(415).end();
        return;
      }
      bodies.push(body);
      const parsed = JSON.parse(body) as ExportRequest;
      for (const rs of parsed.resourceSpans ?? []) {
        resources.push(Object.fromEntries((rs.resource?.attributes ?? []).map((a) => [a.key, a.value.stringValue ?? a.value.intValue])));
        for (const ss of rs.scopeSpans ?? []) for (const s of ss.spans ?? []) all.push({ ...s, scope: ss.scope?.name ?? '' });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bodies, resources,
    spans: () => [...all],
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The chain of ancestors of a span inside its trace, nearest first. */
function ancestors(span: Span, byId: Map<string, Span>): Span[] {
  const out: Span[] = [];
  let parent = span.parentSpanId ? byId.get(span.parentSpanId) : undefined;
  while (parent !== undefined && out.length < 1000) {
    out.push(parent);
    parent = parent.parentSpanId ? byId.get(parent.parentSpanId) : undefined;
  }
  return out;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

describe('tracing configuration', () => {
  it('is off without an OTLP endpoint, and when the SDK or the traces exporter is switched off', () => {
    expect(loadTracingConfig({})).toBeUndefined();
    expect(loadTracingConfig({ OTEL_SERVICE_NAME: 'x', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toBeUndefined();
    expect(loadTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBeUndefined();
    expect(loadTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' })).toBeUndefined();
  });

  it('sends to <endpoint>/v1/traces, or to the traces endpoint as given, as the service named (eventline by default)', () => {
    expect(loadTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toEqual({ tracesUrl: 'http://collector:4318/v1/traces', serviceName: 'eventline' });
    expect(loadTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example.test/otlp', OTEL_SERVICE_NAME: 'eventline-eu' }))
      .toEqual({ tracesUrl: 'https://traces.example.test/otlp', serviceName: 'eventline-eu' });
  });

  it('refuses gRPC, other exporters and endpoints that are not http(s) URLs, naming the variable', () => {
    expect(() => loadTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(ConfigError);
    expect(() => loadTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'grpc' })).toThrow(/OTEL_EXPORTER_OTLP_TRACES_PROTOCOL/);
    expect(() => loadTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(/OTEL_TRACES_EXPORTER/);
    expect(() => loadTracingConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_TRACES_ENDPOINT/);
    expect(() => loadTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(loadTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' })?.tracesUrl).toBe('http://c:4318/v1/traces');
  });
});

describe(`traces from a server process (${testDialect})`, () => {
  let t: TestApp;
  let tenant: Tenant;
  let collector: Collector;
  let hookReceiver: Receiver;
  let server: Spawned | undefined;
  let base = '';
  let token = '';
  const person: PersonData = { firstName: 'Philippa', lastName: 'Tracewell', email: 'philippa.tracewell@traces.test', phone: '+44 20 7946 0777', note: 'prefers the aisle' };
  let contactId = '';

  beforeAll(async () => {
    collector = await startCollector();
    hookReceiver = await startReceiver();
    // The database is prepared from here (no worker in this process); the server process below serves it and runs its jobs.
    t = await startTestApp({ build: { worker: false } });
    tenant = await createTenant(t.services);
    await t.services.accounts.setFeature(tenant.accountId, 'contact-obfuscation', true);
    const venue = await createVenue(t.services, tenant.accountId);
    ({ contactId } = await seedPerson(t.services.db.db, venue, person));

    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DEMO: 'false', LOG_LEVEL: 'info', RATE_LIMIT_ENABLED: 'false', HOOKS_ALLOW_LOOPBACK: 'true',
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_SERVICE_NAME: 'eventline-under-test',
      // Spans leave a tenth of a second after they end, not five seconds.
      OTEL_BSP_SCHEDULE_DELAY: '100',
      // The job ends with the erasure: no VACUUM FULL of every touched table after it (slow on a busy PostgreSQL).
      OBFUSCATION_COMPACT: 'off',
    };
    delete env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'];
    delete env['OTEL_SDK_DISABLED'];
    delete env['OTEL_TRACES_EXPORTER'];
    delete env['VITEST'];
    if (t.db.config.dialect === 'postgres') {
      env['DATABASE_URL'] = t.db.config.url;
      if (t.db.config.schema) env['DATABASE_SCHEMA'] = t.db.config.schema;
    } else {
      delete env['DATABASE_URL'];
      env['DATA_DIR'] = dirname(t.db.config.file);
    }
    server = spawnProcess(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: root, env });
    await server.waitForOutput(/eventline is listening on/, 200_000);
    base = `http://127.0.0.1:${port}`;
    const res = await fetch(`${base}/ea/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${tenant.clientId}:${tenant.clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(res.status).toBe(200);
    token = ((await res.json()) as { access_token: string }).access_token;
  }, 240_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await t?.close();
    await collector?.close();
    await hookReceiver?.close();
  });

  const call = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) => fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });

  it('gives POST /ea/contacts/{id}/obfuscate one trace: the HTTP span, its SQL, the job in the worker and the job\'s SQL; the log line names it', async () => {
    // The caller's trace: eventline continues it (traceparent in).
    const traceId = hex(16);
    const callerSpan = hex(8);
    const start = await call('POST', `/ea/contacts/${contactId}/obfuscate`, { traceparent: `00-${traceId}-${callerSpan}-01` });
    expect(start.status).toBe(202);
    const { obfuscateId } = (await start.json()) as { obfuscateId: string };
    await waitFor(async () => {
      const res = await call('GET', `/ea/contacts/obfuscate/${obfuscateId}/status`);
      const { status } = (await res.json()) as { status: string };
      expect(status).not.toBe('FAILED');
      return status === 'COMPLETED';
    }, 30_000, 'the obfuscation to complete');
    const jobSpan = await waitFor(async () => collector.spans().find((s) => s.traceId === traceId && s.name === 'job contact.obfuscate'), 60_000, 'the job\'s span');

    const trace = collector.spans().filter((s) => s.traceId === traceId);
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    // The HTTP server span continues the caller's span.
    const serverSpans = trace.filter((s) => s.kind === KIND.server);
    expect(serverSpans).toHaveLength(1);
    const [http] = serverSpans;
    if (!http) throw new Error('no server span');
    expect(http.scope).toBe('@opentelemetry/instrumentation-http');
    expect(http.parentSpanId).toBe(callerSpan);
    expect(attr(http, 'http.route') ?? attr(http, 'http.target')).toBe('/ea/contacts/:id/obfuscate');
    // One tree: every span of the trace leads up to the server span.
    for (const s of trace) if (s !== http) expect(ancestors(s, byId), `${s.scope} ${s.name}`).toContain(http);
    // Fastify's request span sits under it.
    expect(trace.some((s) => s.scope === '@fastify/otel' && s.name === 'request')).toBe(true);

    const system = testDialect === 'postgres' ? 'postgresql' : 'sqlite';
    const sqlSpans = trace.filter((s) => s.scope === 'eventline' && attr(s, 'db.system') === system);
    const inJob = (s: Span) => ancestors(s, byId).includes(jobSpan);
    const requestSql = sqlSpans.filter((s) => !inJob(s) && s !== jobSpan);
    const jobSql = sqlSpans.filter(inJob);
    // The request wrote the obfuscation and its job in one transaction; the job read and erased.
    expect(requestSql.some((s) => s.name === 'INSERT' && String(attr(s, 'db.query.text')).includes('"jobs"'))).toBe(true);
    expect(requestSql.some((s) => s.name === 'BEGIN')).toBe(true);
    expect(jobSql.some((s) => s.name === 'UPDATE')).toBe(true);
    expect(jobSql.length).toBeGreaterThan(5);
    for (const s of sqlSpans) {
      expect(s.kind).toBe(KIND.client);
      expect(attr(s, 'db.operation.name')).toBe(s.name);
    }
    // The job: a consumer span named by its kind, in the worker, after the request.
    expect(jobSpan).toMatchObject({ kind: KIND.consumer });
    expect(attr(jobSpan, 'eventline.job.type')).toBe('contact.obfuscate');
    expect(attr(jobSpan, 'eventline.job.outcome')).toBe('completed');
    if (testDialect === 'postgres') {
      // pg's own spans, each under the Kysely span of its query.
      const pgSpans = trace.filter((s) => s.scope === '@opentelemetry/instrumentation-pg' && s.name.startsWith('pg.query'));
      expect(pgSpans.some((s) => !inJob(s))).toBe(true);
      expect(pgSpans.some(inJob)).toBe(true);
      // Those of Kysely's queries sit under its spans (a few of pg's come from elsewhere: the change feed's NOTIFY).
      const underKysely = pgSpans.filter((s) => byId.get(s.parentSpanId ?? '')?.scope === 'eventline');
      expect(underKysely.some((s) => !inJob(s))).toBe(true);
      expect(underKysely.some(inJob)).toBe(true);
    }

    // Placeholders only: the statement never holds a value the query was given.
    for (const s of collector.spans()) {
      const text = attr(s, 'db.query.text') ?? attr(s, 'db.statement');
      if (typeof text === 'string') expect(text).not.toContain(contactId);
    }

    // The request's log line names the same trace.
    const lines = (server?.output() ?? '').split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
    const line = lines.find((l) => l['msg'] === 'request' && l['route'] === '/ea/contacts/:id/obfuscate' && l['method'] === 'POST');
    expect(line).toMatchObject({ traceId, status: 202 });
    // Every request line carries its trace, a new one when the caller sent none.
    const token = lines.find((l) => l['msg'] === 'request' && l['route'] === '/ea/oauth2/token');
    expect(token?.['traceId']).toMatch(/^[0-9a-f]{32}$/);
    expect(collector.spans().some((s) => s.traceId === token?.['traceId'] && s.kind === KIND.server)).toBe(true);
  }, 90_000);

  it('carries the trace through the job queue to a contact hook: the receiver gets traceparent, the call is a client span of the job', async () => {
    const created = await call('POST', '/ea/contacts/hooks', {}, { name: 'Identification', callback: hookReceiver.url, security: { type: 'apiKey', secret: 'k3y-for-the-receiver-0123456789' } });
    expect(created.status).toBe(201);
    const traceId = hex(16);
    const email = 'hook.traced@traces.test';
    const res = await call('POST', '/ea/contacts', { traceparent: `00-${traceId}-${hex(8)}-01` }, [{ firstName: 'Hook', lastName: 'Traced', email }]);
    expect(res.status).toBe(207);
    const received = await waitFor(async () => hookReceiver.received.find((r) => r.body.includes(email)), 30_000, 'the hook call');
    const traceparent = String(received.headers['traceparent']);
    expect(traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    const clientSpanId = traceparent.split('-')[2];
    const client = await waitFor(async () => collector.spans().find((s) => s.traceId === traceId && s.spanId === clientSpanId), 20_000, 'the hook call\'s span');
    expect(client).toMatchObject({ kind: KIND.client, scope: '@opentelemetry/instrumentation-http' });
    // The far side's address is named by host only: no path, no query string, no secret.
    expect(attr(client, 'url.full') ?? attr(client, 'http.url')).toBeUndefined();
    // The job's span ends (and leaves) after the call it made.
    const byId = () => new Map(collector.spans().filter((s) => s.traceId === traceId).map((s) => [s.spanId, s]));
    const job = await waitFor(async () => ancestors(client, byId()).find((s) => s.kind === KIND.consumer), 30_000, 'the delivery job\'s span');
    expect(job.name).toMatch(/^job /);
    expect(ancestors(job, byId()).some((s) => s.kind === KIND.server)).toBe(true);
  }, 60_000);

  it('exports nothing personal and nothing secret: no value of the contact, no credential, no query string, no caller address', async () => {
    // Everything sent so far, resource included, as the collector received it.
    const sent = collector.bodies.join('\n');
    expect(sent.length).toBeGreaterThan(0);
    for (const value of [person.email, person.firstName, person.lastName, person.phone, 'hook.traced@traces.test', tenant.clientSecret, token, 'k3y-for-the-receiver']) {
      expect(sent).not.toContain(value);
    }
    const forbidden = ['url.path', 'url.query', 'url.full', 'http.url', 'http.target', 'client.address', 'net.peer.ip', 'network.peer.address', 'user_agent.original', 'http.user_agent', 'exception.message', 'exception.stacktrace'];
    for (const s of collector.spans()) {
      for (const a of [...(s.attributes ?? []), ...(s.events ?? []).flatMap((e) => e.attributes ?? [])]) expect(forbidden, `${s.scope} ${s.name}`).not.toContain(a.key);
      expect(s.status?.message ?? '').toBe('');
    }
    expect(collector.resources.some((r) => r['service.name'] === 'eventline-under-test')).toBe(true);
    // Redis commands are named, never their keys or values.
    for (const s of collector.spans().filter((x) => x.scope === '@opentelemetry/instrumentation-ioredis')) {
      expect(String(attr(s, 'db.statement') ?? attr(s, 'db.query.text'))).toMatch(/^[a-z]+$/i);
    }
  });

  it('sends the spans still buffered when it stops on SIGTERM, and exits 0', async () => {
    const traceId = hex(16);
    const res = await call('GET', '/ea/contacts?limit=1', { traceparent: `00-${traceId}-${hex(8)}-01` });
    expect(res.status).toBe(200);
    expect(await server?.stop('SIGTERM')).toBe(0);
    server = undefined;
    expect(collector.spans().some((s) => s.traceId === traceId && s.kind === KIND.server)).toBe(true);
  }, 30_000);
});
