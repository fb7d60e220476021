import { randomBytes, randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../src/config/index.js';
import { MetricsListener } from '../../src/http/metrics.js';
import { PermanentJobError, Worker } from '../../src/jobs/index.js';
import { createTenant, sampleEvent, startTestApp, waitFor, type TestApp, type Tenant } from '../helpers/app.js';
import { serviceRequired } from '../helpers/services.js';

// Prometheus metrics (issue 36): the counts after a load this file makes, the labels (no id, no email, nothing a
// client typed), the exposition checked by Prometheus's own promtool, the scrape token and the second listener, and
// the alert rules and Grafana dashboard under docs/monitoring naming only series /metrics exposes.

const PROMTOOL = spawnSync('promtool', ['--version']).error === undefined;
// Debian's `prometheus` package ships promtool: CI installs it and requires it (CI_REQUIRE_SERVICES=...,promtool).
const PROMTOOL_SKIP = PROMTOOL || serviceRequired('promtool') ? '' : ' [skipped: promtool is not installed (apt-get install -y prometheus)]';

const ROOT = join(import.meta.dirname, '..', '..');
const START = Date.parse('2031-05-05T10:00:00.000Z');
const TOKEN = randomBytes(24).toString('hex');

// A frozen clock: the limiter's decisions depend on the calls made, never on how fast the machine is.
const clock = (): Date => new Date(START);

interface Sample { name: string; labels: Record<string, string>; value: number }

/** The exposition text, parsed: each sample line into name, labels and value. */
function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type?.[1] && type[2]) types.set(type[1], type[2]);
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m?.[1] || m[3] === undefined) throw new Error(`unparsable sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      if (l[1] !== undefined && l[2] !== undefined) labels[l[1]] = l[2].replace(/\\"/g, '"').replace(/\\n/g, '\n').replace(/\\\\/g, '\\');
    }
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return { samples, types };
}

/** The value of one series (0 when it has not appeared yet). */
function value(samples: readonly Sample[], name: string, labels: Record<string, string>): number {
  const found = samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)
    && Object.keys(s.labels).length === Object.keys(labels).length);
  return found?.value ?? 0;
}

/** Every metric name the exposition declares (histograms with their _bucket, _sum and _count series). */
function exposedNames(types: ReadonlyMap<string, string>): Set<string> {
  const names = new Set<string>();
  for (const [name, type] of types) {
    names.add(name);
    if (type === 'histogram' || type === 'summary') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
  }
  return names;
}

function metricNamesIn(expr: string): string[] {
  return [...expr.matchAll(/\beventline_[a-z0-9_]+/g)].map((m) => m[0]);
}

function promtool(args: string[], input?: string): { status: number | null; output: string } {
  const r = spawnSync('promtool', args, { input, encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

let t: TestApp;

/** GET /metrics with the bearer token (the configured one unless told; null: none). */
async function scrape(app = t.app, token: string | null = TOKEN): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: '/metrics', headers: token === null ? {} : { authorization: `Bearer ${token}` } });
}

async function samples(): Promise<{ samples: Sample[]; types: Map<string, string>; text: string }> {
  const res = await scrape();
  expect(res.statusCode, res.body).toBe(200);
  return { ...parseExposition(res.body), text: res.body };
}

describe('Prometheus metrics', () => {
  beforeAll(async () => {
    t = await startTestApp({
      env: {
        METRICS_TOKEN: TOKEN,
        RATE_LIMIT_ENABLED: 'true',
        // Free: one call, then throttled (the clock does not move); Professional: three calls a day, then the quota.
        RATE_LIMIT_TIERS: JSON.stringify({
          Free: { perDay: 1000, perSecond: 2, burst: 1 },
          Professional: { perDay: 3, perSecond: 1_000_000, burst: 1_000_000 },
          Enterprise: { perDay: 500_000, perSecond: 1_000_000, burst: 1_000_000 },
        }),
        IP_RATE_LIMIT_PER_SECOND: '1000000',
        IP_RATE_LIMIT_BURST: '1000000',
        // The shared limiter when Redis is there (CI), under keys of this run only.
        // A loaded CI machine can take Redis past the default 200 ms: a call then answers 503 (store unavailable), which
        // this suite does not test here (the unreachable-Redis case below does).
        ...(process.env['REDIS_URL'] ? { REDIS_URL: process.env['REDIS_URL'], RATE_LIMIT_KEY_PREFIX: `eventline:metrics-test:${randomUUID()}:`, RATE_LIMIT_REDIS_TIMEOUT_MS: '10000' } : {}),
      },
      build: { clock },
    });
  });
  afterAll(async () => t?.close());

  it('needs the bearer token: 401 in the contract\'s error shape without it or with another, 200 text 0.0.4 with it', async () => {
    const none = await scrape(t.app, null);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: 401, message: expect.any(String) });
    expect(none.headers['www-authenticate']).toMatch(/^Bearer realm="eventline", error="invalid_request"/);
    const wrong = await scrape(t.app, `${TOKEN.slice(0, -1)}x`);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 401, message: expect.any(String) });
    expect(wrong.headers['www-authenticate']).toMatch(/error="invalid_token"/);
    const basic = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` } });
    expect(basic.statusCode).toBe(401);
    const ok = await scrape();
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(ok.body).toMatch(/^# HELP eventline_/m);
    // Off the public API: not under the version, and not in the OpenAPI document.
    const doc = await t.app.inject({ method: 'GET', url: '/ea/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys((JSON.parse(doc.body) as { paths: Record<string, unknown> }).paths).filter((p) => p.includes('metrics'))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/ea/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).not.toBe(200);
  }, 120_000);

  describe('after a mixed load', () => {
    /** Calls the test made: route template, method and status class → count. */
    const made = new Map<string, number>();
    /** Rate-limit decisions the responses show: outcome and tier → count. */
    const decided = new Map<string, number>();
    const used: string[] = [TOKEN];
    let before: Sample[];
    let after: { samples: Sample[]; types: Map<string, string>; text: string };

    const key = (...parts: string[]): string => parts.join('|');
    const bump = (m: Map<string, number>, k: string): void => {
      m.set(k, (m.get(k) ?? 0) + 1);
    };
    const klass = (status: number): string => `${Math.floor(status / 100)}xx`;

    /** One call through the real app, recorded under the route template it is meant to match and the tier it is charged to. */
    async function call(route: string, tier: string, opts: InjectOptions & { method: string; url: string }): Promise<LightMyRequestResponse> {
      const res = await t.app.inject(opts);
      bump(made, key(route, opts.method, klass(res.statusCode)));
      const message = res.statusCode === 429 ? (res.json() as { message: string }).message : '';
      const outcome = message === 'Too Many Requests' ? 'throttled' : message === 'Limit Exceeded' ? 'quota' : 'allowed';
      bump(decided, key(outcome, tier));
      return res;
    }

    async function token(tenant: Tenant): Promise<string> {
      const res = await call('/ea/oauth2/token', 'address', {
        method: 'POST', url: '/ea/oauth2/token',
        headers: { authorization: `Basic ${Buffer.from(`${tenant.clientId}:${tenant.clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=client_credentials',
      });
      expect(res.statusCode, res.body).toBe(200);
      const access = (res.json() as { access_token: string }).access_token;
      used.push(access);
      return access;
    }

    const bearer = (access: string, more: Record<string, string> = {}): Record<string, string> => ({ authorization: `Bearer ${access}`, ...more });

    beforeAll(async () => {
      const tenants = {
        Enterprise: await createTenant(t.services, { tier: 'Enterprise' }),
        Free: await createTenant(t.services, { tier: 'Free' }),
        Professional: await createTenant(t.services, { tier: 'Professional' }),
      };
      for (const tn of Object.values(tenants)) used.push(tn.accountId, tn.clientId, tn.clientSecret, tn.applicationId, tn.workspaceId, tn.adminId);
      before = parseExposition((await scrape()).body).samples;

      const ent = await token(tenants.Enterprise);
      for (let i = 0; i < 5; i++) expect((await call('/ea/events', 'Enterprise', { method: 'GET', url: '/ea/events', headers: bearer(ent) })).statusCode).toBe(200);
      // 4xx: an unknown event (an id, and an email where the id belongs), a bad filter, no token.
      const ghost = randomUUID();
      used.push(ghost);
      expect((await call('/ea/events/:id', 'Enterprise', { method: 'GET', url: `/ea/events/${ghost}`, headers: bearer(ent) })).statusCode).toBe(404);
      used.push('jane.doe@example.test');
      expect((await call('/ea/events/:id', 'Enterprise', { method: 'GET', url: '/ea/events/jane.doe@example.test', headers: bearer(ent) })).statusCode).toBeGreaterThanOrEqual(400);
      expect((await call('/ea/events', 'Enterprise', { method: 'GET', url: "/ea/events?filter=title%20zz%20'x'", headers: bearer(ent) })).statusCode).toBe(400);
      expect((await call('/ea/events', 'address', { method: 'GET', url: '/ea/events' })).statusCode).toBe(401);
      // A path that matches no route, holding personal data: only the fixed label may come of it.
      used.push('john.roe@example.test', '/nowhere/john.roe@example.test');
      expect((await call('(unmatched)', 'address', { method: 'GET', url: '/nowhere/john.roe@example.test' })).statusCode).toBe(404);

      // Throttled (Free: burst 1, frozen clock) and over the quota (Professional: 3 a day).
      const free = await token(tenants.Free);
      for (let i = 0; i < 3; i++) await call('/ea/events', 'Free', { method: 'GET', url: '/ea/events', headers: bearer(free) });
      const pro = await token(tenants.Professional);
      for (let i = 0; i < 5; i++) await call('/ea/events', 'Professional', { method: 'GET', url: '/ea/events', headers: bearer(pro) });

      // A job run: an event created asynchronously, through the API, by the in-process worker.
      const created = await call('/ea/events/async', 'Enterprise', {
        method: 'POST', url: '/ea/events/async', headers: bearer(ent, { 'content-type': 'application/json' }), payload: JSON.stringify(sampleEvent({ title: 'Metered' })),
      });
      expect(created.statusCode, created.body).toBe(202);
      const { id } = created.json() as { id: string };
      used.push(id);
      const status = await waitFor(async () => {
        const s = await call('/ea/events/async/:eventCreationId/status', 'Enterprise', { method: 'GET', url: `/ea/events/async/${id}/status`, headers: bearer(ent) });
        const b = s.json() as { status: string; event?: { id: string } };
        return b.status === 'Created' ? b : undefined;
      }, 20_000, 'the event creation job');
      if (status.event) used.push(status.event.id);

      // An obfuscation through the API: a contact erased, and the compaction after the job.
      await t.services.accounts.setFeature(tenants.Enterprise.accountId, 'contact-obfuscation', true);
      const person = { firstName: 'Ada', lastName: 'Lovemetric', email: 'ada.lovemetric@example.test' };
      used.push(person.email, person.lastName);
      const stored = await call('/ea/contacts', 'Enterprise', {
        method: 'POST', url: '/ea/contacts', headers: bearer(ent, { 'content-type': 'application/json' }), payload: JSON.stringify([person]),
      });
      expect(stored.statusCode, stored.body).toBeLessThan(300);
      const contactId = (stored.json() as Array<{ status: number; data: { id: string } }>)[0]?.data.id ?? '';
      used.push(contactId);
      const obfuscate = await call('/ea/contacts/:id/obfuscate', 'Enterprise', { method: 'POST', url: `/ea/contacts/${contactId}/obfuscate`, headers: bearer(ent) });
      expect(obfuscate.statusCode, obfuscate.body).toBeLessThan(300);
      const obfuscateId = (obfuscate.json() as { obfuscateId: string }).obfuscateId;
      used.push(obfuscateId);
      await waitFor(async () => {
        const s = await call('/ea/contacts/obfuscate/:obfuscateId/status', 'Enterprise', {
          method: 'GET', url: `/ea/contacts/obfuscate/${obfuscateId}/status`, headers: bearer(ent),
        });
        return (s.json() as { status: string }).status === 'COMPLETED';
      }, 30_000, 'the obfuscation');
      // COMPLETED commits with the erasure; the job's compaction follows it.
      await waitFor(async () => (await t.services.jobs.depth()).every((d) => d.type !== 'contact.obfuscate' || d.running === 0), 30_000, 'the obfuscation job to end');

      // A contact hook whose callback now leads to a private address: its delivery is refused at the call (no network).
      const hook = await call('/ea/contacts/hooks', 'Enterprise', {
        method: 'POST', url: '/ea/contacts/hooks', headers: bearer(ent, { 'content-type': 'application/json' }),
        payload: JSON.stringify({ name: 'Identify', callback: 'https://hooks.example.com/identify', security: { type: 'apiKey', secret: 'metrics-test-api-key' } }),
      });
      expect(hook.statusCode, hook.body).toBe(201);
      const hookId = (hook.json() as { id: string }).id;
      used.push(hookId, 'metrics-test-api-key', 'hooks.example.com');
      await t.db.handle.db.updateTable('contact_hooks').set({ callback: 'https://10.0.0.1/identify' }).where('id', '=', hookId).execute();
      const identified = { firstName: 'Grace', lastName: 'Hookmetric', email: 'grace.hookmetric@example.test' };
      used.push(identified.email, identified.lastName);
      const second = await call('/ea/contacts', 'Enterprise', {
        method: 'POST', url: '/ea/contacts', headers: bearer(ent, { 'content-type': 'application/json' }), payload: JSON.stringify([identified]),
      });
      expect(second.statusCode, second.body).toBeLessThan(300);
      used.push((second.json() as Array<{ data: { id: string } }>)[0]?.data.id ?? 'none');
      await waitFor(async () => {
        const rows = await t.db.handle.db.selectFrom('jobs').select('status').where('type', '=', 'contact-hook.deliver').execute();
        return rows.length === 1 && rows.every((r) => r.status === 'failed' || r.status === 'completed');
      }, 30_000, 'the contact hook delivery');

      // Runs that fail, are retried and lose their lease, by a worker on this app's queue and metrics.
      const queue = t.services.jobs;
      let stolen = '';
      const worker = new Worker({
        queue, observer: t.services.metrics, pollMs: 10,
        handlers: {
          'metrics.retried': () => Promise.reject(new Error('a passing fault')),
          'metrics.broken': () => Promise.reject(new PermanentJobError('never works')),
          // Another worker took the job over meanwhile (its lease moved on): this run's result is discarded.
          'metrics.stolen': async (job) => {
            stolen = job.id;
            await t.db.handle.db.updateTable('jobs').set({ lease_owner: 'another-worker#1' }).where('id', '=', job.id).execute();
            return 'late';
          },
        },
      });
      for (const type of ['metrics.retried', 'metrics.broken', 'metrics.stolen']) used.push((await queue.enqueue({ type, payload: {} })).id);
      for (let i = 0; i < 3; i++) expect(await worker.runOnce()).toBe(true);
      expect(stolen).not.toBe('');
      // Two due jobs nobody handles, queued a minute before the (frozen) clock: depth 2, oldest 60 s.
      for (let i = 0; i < 2; i++) used.push((await queue.enqueue({ type: 'metrics.waiting', payload: {}, runAt: new Date(START - 60_000 + i * 1000) })).id);
      // A failed query: a job id that is taken (a constraint violation).
      const dup = randomUUID();
      await queue.enqueue({ type: 'metrics.dup', payload: {}, id: dup, runAt: new Date(START + 86_400_000) });
      await expect(queue.enqueue({ type: 'metrics.dup', payload: {}, id: dup })).rejects.toThrow();

      after = await samples();
    }, 180_000);

    const delta = (name: string, labels: Record<string, string>): number => value(after.samples, name, labels) - value(before, name, labels);

    it('counts every request by route template, method and status class, with one latency observation each', () => {
      expect(made.size).toBeGreaterThan(5);
      for (const [k, n] of made) {
        const [route = '', method = '', status_class = ''] = k.split('|');
        const labels = { route, method, status_class };
        expect({ k, requests: delta('eventline_http_requests_total', labels) }).toEqual({ k, requests: n });
        expect({ k, observed: delta('eventline_http_request_duration_seconds_count', labels) }).toEqual({ k, observed: n });
      }
      // Nothing else was counted (the scrapes themselves aside).
      const total = (s: readonly Sample[]): number => s.filter((x) => x.name === 'eventline_http_requests_total' && x.labels['route'] !== '/metrics')
        .reduce((a, x) => a + x.value, 0);
      expect(total(after.samples) - total(before)).toBe([...made.values()].reduce((a, n) => a + n, 0));
      expect(made.get('/ea/events|GET|2xx')).toBeGreaterThanOrEqual(5);
      expect(made.get('(unmatched)|GET|4xx')).toBe(1);
    });

    it('counts rate-limit decisions by outcome and tier: allowed, throttled (Too Many Requests), quota (Limit Exceeded)', () => {
      expect(decided.get('throttled|Free')).toBe(2);
      expect(decided.get('quota|Professional')).toBe(2);
      for (const [k, n] of decided) {
        const [outcome = '', tier = ''] = k.split('|');
        expect({ k, decisions: delta('eventline_ratelimit_decisions_total', { outcome, tier }) }).toEqual({ k, decisions: n });
      }
      const total = (s: readonly Sample[]): number => s.filter((x) => x.name === 'eventline_ratelimit_decisions_total').reduce((a, x) => a + x.value, 0);
      expect(total(after.samples) - total(before)).toBe([...decided.values()].reduce((a, n) => a + n, 0));
      expect(delta('eventline_ratelimit_store_errors_total', {})).toBe(0);
    });

    it('counts job runs, failures, retries and lease losses by job type, and reads the queue depth and age', () => {
      expect(delta('eventline_job_runs_total', { kind: 'event.create' })).toBe(1);
      expect(delta('eventline_job_failures_total', { kind: 'event.create' })).toBe(0);
      expect(delta('eventline_job_run_duration_seconds_count', { kind: 'event.create' })).toBe(1);
      expect(delta('eventline_job_runs_total', { kind: 'metrics.retried' })).toBe(1);
      expect(delta('eventline_job_failures_total', { kind: 'metrics.retried' })).toBe(1);
      expect(delta('eventline_job_retries_total', { kind: 'metrics.retried' })).toBe(1);
      expect(delta('eventline_job_failures_total', { kind: 'metrics.broken' })).toBe(1);
      expect(delta('eventline_job_retries_total', { kind: 'metrics.broken' })).toBe(0);
      expect(delta('eventline_job_lease_losses_total', { kind: 'metrics.stolen' })).toBe(1);
      expect(delta('eventline_job_failures_total', { kind: 'metrics.stolen' })).toBe(0);
      expect(value(after.samples, 'eventline_job_queue_depth', { kind: 'metrics.waiting' })).toBe(2);
      expect(value(after.samples, 'eventline_job_queue_oldest_age_seconds', { kind: 'metrics.waiting' })).toBe(60);
      // Scheduled for tomorrow: not due, so not in the depth.
      expect(value(after.samples, 'eventline_job_queue_depth', { kind: 'metrics.dup' })).toBe(0);
      // The retried job waits for its back-off (the clock is frozen): queued, not due.
      expect(value(after.samples, 'eventline_job_queue_depth', { kind: 'metrics.retried' })).toBe(0);
      // Every handled type has its gauge, at 0 when nothing waits.
      expect(after.samples.some((s) => s.name === 'eventline_job_queue_depth' && s.labels['kind'] === 'contact.obfuscate')).toBe(true);
    });

    it('reports the database pool and counts failed queries by class', () => {
      expect(delta('eventline_db_query_errors_total', { reason: 'constraint' })).toBe(1);
      const inUse = value(after.samples, 'eventline_db_pool_connections', { state: 'in_use' });
      const idle = value(after.samples, 'eventline_db_pool_connections', { state: 'idle' });
      if (t.config.database.dialect === 'sqlite') expect(inUse + idle).toBe(1);
      else expect(inUse + idle).toBeGreaterThanOrEqual(1);
      expect(value(after.samples, 'eventline_db_pool_waiting', {})).toBe(0);
      expect(value(after.samples, 'eventline_metrics_collect_errors', {})).toBe(0);
    });

    it('counts the contacts erased and the compaction after the obfuscation job', () => {
      expect(delta('eventline_obfuscations_total', {})).toBe(1);
      expect(delta('eventline_obfuscation_failures_total', {})).toBe(0);
      const compactions = (s: readonly Sample[]): number => s.filter((x) => x.name === 'eventline_erasure_compactions_total' && x.labels['trigger'] === 'after_job')
        .reduce((a, x) => a + x.value, 0);
      expect(compactions(after.samples) - compactions(before)).toBe(1);
      expect(delta('eventline_job_runs_total', { kind: 'contact.obfuscate' })).toBe(1);
    });

    it('counts contact hook deliveries by outcome', () => {
      expect(delta('eventline_contact_hook_deliveries_total', { outcome: 'refused' })).toBe(1);
      const all = (s: readonly Sample[]): number => s.filter((x) => x.name === 'eventline_contact_hook_deliveries_total').reduce((a, x) => a + x.value, 0);
      expect(all(after.samples) - all(before)).toBe(1);
      expect(delta('eventline_job_failures_total', { kind: 'contact-hook.deliver' })).toBe(1);
      expect(delta('eventline_job_retries_total', { kind: 'contact-hook.deliver' })).toBe(0);
    });

    it('exposes the process defaults and the series of sync, contact hooks, obfuscation and compaction', () => {
      const names = exposedNames(after.types);
      for (const name of [
        'eventline_process_cpu_seconds_total', 'eventline_process_resident_memory_bytes', 'eventline_nodejs_eventloop_lag_seconds', 'eventline_nodejs_heap_size_used_bytes',
        'eventline_sync_sessions_total', 'eventline_contact_hook_deliveries_total', 'eventline_obfuscations_total', 'eventline_obfuscation_failures_total',
        'eventline_erasure_compactions_total',
      ]) expect(names, name).toContain(name);
    });

    it('never puts an id, an email, a token or a raw path in a label value', () => {
      const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
      const email = /[^\s@]+@[^\s@]+\.[^\s@]+/;
      const values = new Set<string>();
      for (const s of after.samples) for (const v of Object.values(s.labels)) values.add(v);
      expect(values.size).toBeGreaterThan(20);
      for (const v of values) {
        expect(v, `label value ${v}`).not.toMatch(uuid);
        expect(v, `label value ${v}`).not.toMatch(email);
        for (const u of used) expect(v.toLowerCase().includes(u.toLowerCase()), `label value ${v} holds ${u}`).toBe(false);
      }
      // Route labels are templates or the fixed label of an unmatched request.
      for (const s of after.samples.filter((x) => x.name === 'eventline_http_requests_total')) {
        expect(s.labels['route']).toMatch(/^(\(unmatched\)|\/[A-Za-z0-9_./:{}*-]*)$/);
      }
    });

    it(`passes promtool check metrics${PROMTOOL_SKIP}`, () => {
      if (PROMTOOL_SKIP) return;
      const r = promtool(['check', 'metrics'], after.text);
      expect(r.output).toBe('');
      expect(r.status).toBe(0);
    });

    it(`ships alert rules that promtool check rules accepts, naming only exposed series${PROMTOOL_SKIP}`, () => {
      const file = join(ROOT, 'docs', 'monitoring', 'alerts.yml');
      const rules = parseYaml(readFileSync(file, 'utf8')) as { groups: Array<{ rules: Array<{ alert?: string; expr: string }> }> };
      const names = exposedNames(after.types);
      const alerts = rules.groups.flatMap((g) => g.rules);
      expect(alerts.map((r) => r.alert)).toEqual(expect.arrayContaining([
        'EventlineJobsWaiting', 'EventlineHigh5xxRate', 'EventlineJobLeaseLosses', 'EventlineRateLimiterStoreErrors',
      ]));
      for (const r of alerts) {
        expect(metricNamesIn(r.expr).length, r.expr).toBeGreaterThan(0);
        for (const n of metricNamesIn(r.expr)) expect(names, `${r.alert}: ${n}`).toContain(n);
      }
      if (PROMTOOL_SKIP) return;
      const out = promtool(['check', 'rules', file]);
      expect(out.status, out.output).toBe(0);
    });

    it('ships a Grafana dashboard whose every query names a series /metrics exposes', () => {
      const dashboard = JSON.parse(readFileSync(join(ROOT, 'docs', 'monitoring', 'grafana-dashboard.json'), 'utf8')) as { panels: Array<{ title: string; targets?: Array<{ expr: string }> }> };
      const names = exposedNames(after.types);
      const exprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((x) => ({ title: p.title, expr: x.expr })));
      expect(exprs.length).toBeGreaterThan(8);
      for (const { title, expr } of exprs) {
        expect(metricNamesIn(expr).length, `${title}: ${expr}`).toBeGreaterThan(0);
        for (const n of metricNamesIn(expr)) expect(names, `${title}: ${n}`).toContain(n);
      }
    });
  });
});

// Each of these starts an app of its own: on a loaded machine that alone can take longer than the default 30 s.
describe('metrics configuration', () => {
  it('is off without METRICS_TOKEN and METRICS_ADDRESS: /metrics is the ordinary 404', async () => {
    const off = await startTestApp();
    try {
      const res = await off.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: expect.any(String) });
      expect(off.app.metricsListener).toBeNull();
    } finally {
      await off.close();
    }
  }, 120_000);

  it('serves /metrics only on METRICS_ADDRESS when it is set, behind the token when both are set', async () => {
    const app = await startTestApp({ env: { METRICS_ADDRESS: '127.0.0.1:0', METRICS_TOKEN: TOKEN } });
    try {
      // Not on the API's listener.
      expect((await scrape(app.app)).statusCode).toBe(404);
      const listener = app.app.metricsListener;
      expect(listener).not.toBeNull();
      const base = `http://127.0.0.1:${listener?.bound().port ?? 0}`;
      const none = await fetch(`${base}/metrics`);
      expect(none.status).toBe(401);
      expect(await none.json()).toEqual({ code: 401, message: expect.any(String) });
      expect(none.headers.get('www-authenticate')).toMatch(/^Bearer /);
      const ok = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(await ok.text()).toMatch(/^eventline_db_pool_connections\{state="idle"\} \d+$/m);
      const elsewhere = await fetch(`${base}/ea/events`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(elsewhere.status).toBe(404);
      expect(await elsewhere.json()).toEqual({ code: 404, message: expect.any(String) });
      expect((await fetch(`${base}/metrics`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(405);
      // A second process given the same address says which setting to change.
      const clash = new MetricsListener(app.services.metrics, TOKEN, { host: '127.0.0.1', port: listener?.bound().port ?? 0 });
      await expect(clash.listen()).rejects.toThrow(/^METRICS_ADDRESS 127\.0\.0\.1:\d+ is already in use/);
    } finally {
      await app.close();
    }
    // Closed with the app: the port no longer answers.
  }, 120_000);

  it('counts the limiter store\'s failures: each limited call answers 503 while Redis is unreachable', async () => {
    // Nothing listens on port 9 of the loopback (discard): every limiter call fails, quickly.
    const app = await startTestApp({ env: { METRICS_TOKEN: TOKEN, RATE_LIMIT_ENABLED: 'true', REDIS_URL: 'redis://127.0.0.1:9', RATE_LIMIT_REDIS_TIMEOUT_MS: '200' } });
    try {
      const read = async (): Promise<number> => value(parseExposition((await scrape(app.app)).body).samples, 'eventline_ratelimit_store_errors_total', {});
      const before = await read();
      let unavailable = 0;
      for (let i = 0; i < 3; i++) {
        const res = await app.app.inject({ method: 'GET', url: '/ea/events' });
        expect(res.statusCode).toBe(503);
        unavailable += 1;
      }
      expect(await read() - before).toBe(unavailable);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('reads METRICS_ADDRESS as host:port, [ipv6]:port or a port, and refuses a short token or a bad address', () => {
    expect(loadConfig({ METRICS_ADDRESS: '0.0.0.0:9464' }).metrics?.address).toEqual({ host: '0.0.0.0', port: 9464 });
    expect(loadConfig({ METRICS_ADDRESS: '[::1]:9464' }).metrics?.address).toEqual({ host: '::1', port: 9464 });
    expect(loadConfig({ METRICS_ADDRESS: '9464' }).metrics?.address).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(loadConfig({}).metrics).toEqual({});
    for (const bad of ['localhost:', 'host:99999', 'http://x:1', 'a b:1']) expect(() => loadConfig({ METRICS_ADDRESS: bad }), bad).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metrics).toEqual({ token: TOKEN });
  });
});
