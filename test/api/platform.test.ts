import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { apiClient, createTenant, startTestApp, tokenFor, type TestApp, type Tenant } from '../helpers/app.js';

const logs: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, cb) {
    logs.push(chunk.toString('utf8'));
    cb();
  },
});

let t: TestApp;
let tenant: Tenant;

beforeAll(async () => {
  t = await startTestApp({ env: { LOG_LEVEL: 'info' }, build: { logger: { stream: sink } } });
  tenant = await createTenant(t.services);
});
afterAll(async () => t?.close());

describe('platform', () => {
  it('answers /healthz and /readyz (database reachable)', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers an unknown version with 404 naming the supported ones', async () => {
    for (const v of ['v2', 'v1', 'eb']) {
      const res = await t.app.inject(`/${v}/events`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: `Unknown API version '${v}'. Supported versions: ea`, target: 'version' });
    }
    const unknownRoute = await t.app.inject('/ea/no-such-thing');
    expect(unknownRoute.statusCode).toBe(404);
    expect((unknownRoute.json() as { message: string }).message).toMatch(/No operation GET \/ea\/no-such-thing/);
  });

  it('puts a request id on every response and keeps a sane caller-supplied one', async () => {
    const a = await t.app.inject('/healthz');
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const b = await t.app.inject({ url: '/ea/events', headers: { 'x-request-id': 'trace-abc.123' } });
    expect(b.statusCode).toBe(401);
    expect(b.headers['x-request-id']).toBe('trace-abc.123');
    const c = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id with spaces <script>' } });
    expect(c.headers['x-request-id']).not.toContain('script');
  });

  it('serves its own OpenAPI 3.1 document as JSON and YAML with security schemes and per-operation scopes', async () => {
    const json = (await t.app.inject('/ea/openapi.json')).json() as {
      openapi: string; servers: Array<{ url: string }>; paths: Record<string, Record<string, { security?: Array<Record<string, string[]>>; operationId?: string }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(json.openapi).toBe('3.1.0');
    expect(json.servers[0]?.url).toBe(t.config.publicUrl);
    expect(Object.keys(json.components.securitySchemes)).toEqual(expect.arrayContaining(['OAuth2.clientCredentials', 'OAuth2.authorizationCode']));
    expect(json.paths['/ea/events']?.['get']?.security).toEqual([{ 'OAuth2.clientCredentials': ['event/events:read'] }, { 'OAuth2.authorizationCode': ['event/events:read'] }]);
    expect(json.paths['/ea/events/{id}']?.['put']?.operationId).toBe('updateEvent');
    const yaml = await t.app.inject('/ea/openapi.yaml');
    expect(yaml.headers['content-type']).toMatch(/yaml/);
    expect((YAML.parse(yaml.body) as { openapi: string }).openapi).toBe('3.1.0');
    const docs = await t.app.inject('/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toMatch(/swagger/i);
  });

  it('answers bad JSON and an unsupported content type with a 4xx in the contract shape', async () => {
    const token = await tokenFor(t.app, tenant);
    const badJson = await t.app.inject({ method: 'POST', url: '/ea/events/filter', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: '{nope' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ code: 400, message: 'Request body is not valid JSON' });
    const xml = await t.app.inject({ method: 'POST', url: '/ea/events/filter', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(xml.statusCode).toBe(415);
    expect((xml.json() as { code: number }).code).toBe(415);
  });

  it('logs one line per request with its id, and never secrets or personal data', async () => {
    logs.length = 0;
    const token = await tokenFor(t.app, tenant);
    const api = apiClient(t.app, token);
    await api('GET', `/ea/events?filter=${encodeURIComponent("planner.email eq 'private.person@example.test'")}`, undefined, { 'x-request-id': 'log-check-1' });
    await t.app.inject({ method: 'POST', url: '/ea/oauth2/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `grant_type=client_credentials&client_id=${tenant.clientId}&client_secret=${tenant.clientSecret}` });
    const text = logs.join('');
    const lines = logs.join('').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const line = lines.find((l) => l['reqId'] === 'log-check-1');
    expect(line).toMatchObject({ msg: 'request', method: 'GET', path: '/ea/events', status: 200, account: tenant.accountId });
    expect(lines.filter((l) => l['reqId'] === 'log-check-1')).toHaveLength(1);
    expect(text).not.toContain('private.person');
    expect(text).not.toContain(tenant.clientSecret);
    expect(text).not.toContain(token);
  });
});
