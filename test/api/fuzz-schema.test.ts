import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sampleEvent, startTestApp, tokenFor, type TestApp } from '../helpers/app.js';

// An event stream holds its connection open until the client leaves, so an accepted call never ends under inject:
// its refusals are tested in test/api/webhooks.test.ts and its stream in test/cli/listen.test.ts.
const STREAMS = ['/ea/webhook-events/stream'];

// "No 5xx from anything a client can send", driven by our own OpenAPI
// document: for every operation under the versioned path, fast-check builds
// requests from the operation's parameter and body schemas (valid values,
// near-misses and wrong types), and a second pass sends hostile transport
// (charsets, content types, headers, sizes, nesting, broken encodings). Every
// answer must be below 500, and every error must be in the contract's shape.

type Schema = {
  type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; items?: Schema; enum?: unknown[]; const?: unknown;
  anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[]; format?: string; minimum?: number; maximum?: number; minLength?: number; maxLength?: number;
  minItems?: number; maxItems?: number; pattern?: string; $ref?: string; additionalProperties?: boolean | Schema;
};
interface Parameter { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: Schema }
interface Operation { method: string; path: string; params: Parameter[]; body?: Schema; notImplemented: boolean }

const RUNS_PER_OPERATION = Number(process.env['FUZZ_RUNS'] ?? 90);
// An operation eventline does not implement answers 501 before it reads its input: a few runs show it.
const RUNS_PER_UNIMPLEMENTED = 8;
const TRANSPORT_RUNS = Number(process.env['FUZZ_TRANSPORT_RUNS'] ?? 3500);

let t: TestApp;
let token: string;
let ops: Operation[] = [];
let components: Record<string, Schema> = {};
/** Ids that exist in the fuzzed account, so some generated paths reach the handlers rather than a 404. */
const knownIds: string[] = [];

const hostileString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom("' or 1=1 --", '"; drop table events; --', '../../etc/passwd', 'null', '-1', '1e309', '9'.repeat(40), '\u202e', '\ud800', 'Z'.repeat(3000), '%', '%zz', '\\', '{}', '[]', 'true'),
);

function resolve(schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.$ref) return resolve(components[schema.$ref.replace('#/components/schemas/', '')]);
  return schema;
}

/** An arbitrary of values that satisfy the schema, as far as a generator can cheaply tell. */
function valid(raw: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(raw);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map((a) => valid(a, depth + 1)));
  if (s.allOf && s.allOf.length > 0) return valid(s.allOf[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') ?? 'null' : s.type;
  switch (type) {
    case 'string':
      if (s.format === 'uuid') return fc.oneof(fc.uuid(), fc.constantFrom(...(knownIds.length > 0 ? knownIds : ['00000000-0000-4000-8000-000000000000'])));
      if (s.format === 'date-time') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
      if (s.format === 'date') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      if (s.format === 'email') return fc.emailAddress();
      if (s.format === 'uri') return fc.webUrl();
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 80) });
    case 'integer':
      return fc.integer({ min: Math.max(s.minimum ?? -1000, -1e9), max: Math.min(s.maximum ?? 1000, 1e9) });
    case 'number':
      return fc.double({ min: s.minimum ?? -1000, max: s.maximum ?? 1000, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 4 ? fc.constant([]) : fc.array(valid(s.items, depth + 1), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 4, 4) });
    case 'object':
    default: {
      if (depth > 4 || !s.properties) return fc.constant({});
      const required = new Set(s.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(s.properties)) record[key] = valid(value, depth + 1);
      return fc.record(record, { requiredKeys: [...required].filter((k) => k in record) });
    }
  }
}

/** Valid values, values with one thing wrong, and anything at all. */
function near(schema: Schema | undefined): fc.Arbitrary<unknown> {
  const any = fc.oneof(fc.jsonValue({ maxDepth: 3 }), hostileString);
  return fc.oneof(
    { weight: 5, arbitrary: valid(schema) },
    { weight: 2, arbitrary: fc.tuple(valid(schema), fc.string({ maxLength: 12 }), any).map(([v, key, junk]) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? { ...v, [key]: junk } : junk)) },
    { weight: 1, arbitrary: any },
  );
}

function asText(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v) ?? '';
}

const failures: string[] = [];
let sent = 0;
const byStatus = new Map<number, number>();

/**
 * SCIM answers its errors in RFC 7644 §3.12 form, `{ schemas: [Error URN], status, scimType?, detail }`,
 * a deliberate exception to the contract's shape that holds for /ea/scim/ paths only (DESIGN rule 7).
 * A path Fastify refuses before routing (not valid percent-encoding: 400; a parameter over its length
 * limit: 414) is refused before anything knows it is a SCIM path: that answer keeps the contract's shape
 * (target: "path") there too.
 */
function scimErrorShape(body: unknown, status: number): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  return Array.isArray(b['schemas']) && b['schemas'][0] === 'urn:ietf:params:scim:api:messages:2.0:Error' && b['status'] === status
    && typeof b['detail'] === 'string' && (b['scimType'] === undefined || typeof b['scimType'] === 'string')
    && Object.keys(b).every((k) => ['schemas', 'status', 'scimType', 'detail'].includes(k));
}

/** The contract's error shape: { code = status, message, target?, details? }; the SCIM error shape on /ea/scim/ paths. */
function check(label: string, res: { statusCode: number; body: string; headers: Record<string, unknown> }, notImplemented = false): boolean {
  sent += 1;
  byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
  // The one 5xx by design: a reference operation eventline does not implement, named in the error shape.
  if (notImplemented && res.statusCode === 501) {
    const named = /^\{"code":501,"message":"eventline does not implement [A-Za-z]+ \([^)]+\) yet"\}$/.test(res.body);
    if (!named) failures.push(`${label} -> 501 without naming the operation: ${res.body.slice(0, 200)}`);
    return named;
  }
  if (res.statusCode >= 500) {
    failures.push(`${label} -> ${res.statusCode} ${res.body.slice(0, 300)}`);
    return false;
  }
  if (res.statusCode < 400) return true;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    failures.push(`${label} -> ${res.statusCode} not JSON: ${res.body.slice(0, 200)}`);
    return false;
  }
  const contractShape = typeof body === 'object' && body !== null && !Array.isArray(body)
    && (body as Record<string, unknown>)['code'] === res.statusCode && typeof (body as Record<string, unknown>)['message'] === 'string'
    && Object.keys(body).every((k) => ['code', 'message', 'target', 'details'].includes(k));
  const beforeRouting = contractShape && (res.statusCode === 400 || res.statusCode === 414) && (body as Record<string, unknown>)['target'] === 'path';
  const ok = /^[A-Z]+ \/ea\/scim\//.test(label) ? scimErrorShape(body, res.statusCode) || beforeRouting : contractShape;
  if (!ok) failures.push(`${label} -> ${res.statusCode} outside the error shape: ${res.body.slice(0, 200)}`);
  return ok;
}

beforeAll(async () => {
  t = await startTestApp();
  const tenant = await createTenant(t.services);
  token = await tokenFor(t.app, tenant);
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const event = await t.services.events.createNow(tenant.accountId, 'fuzz', sampleEvent({ format: 'Hybrid' }) as Parameters<typeof t.services.events.createNow>[2]);
  knownIds.push(event.id);
  const contacts = await t.app.inject({ method: 'POST', url: '/ea/contacts', headers: auth, payload: JSON.stringify([{ firstName: 'Fuzz', lastName: 'Target', email: 'fuzz.target@example.test' }]) });
  for (const item of contacts.json() as Array<{ data?: { id?: string } }>) if (item.data?.id) knownIds.push(item.data.id);
  const doc = t.app.swagger() as {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> }; 'x-eventline-not-implemented'?: boolean }>>;
    components?: { schemas?: Record<string, Schema> };
  };
  components = doc.components?.schemas ?? {};
  ops = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/ea/') && !path.startsWith('/ea/oauth2/') && !STREAMS.includes(path))
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => {
      const body = op.requestBody?.content?.['application/json']?.schema;
      return { method: method.toUpperCase(), path, params: op.parameters ?? [], notImplemented: op['x-eventline-not-implemented'] === true, ...(body ? { body } : {}) };
    }));
}, 120_000);
afterAll(async () => t?.close());

describe('fuzzing every operation of the OpenAPI document', () => {
  it('covers every operation under the versioned path', () => {
    expect(ops.length).toBeGreaterThan(60);
  });

  it('answers below 500, in the error shape, for requests built from each operation\'s schemas', async () => {
    for (const op of ops) {
      const pathParams = op.params.filter((p) => p.in === 'path');
      const queryParams = op.params.filter((p) => p.in === 'query');
      const pathArb = fc.tuple(...pathParams.map((p) => near(p.schema)));
      const queryArb = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, near(p.schema)])), { requiredKeys: [] });
      const bodyArb = op.body ? near(op.body) : fc.constant(undefined);
      await fc.assert(
        fc.asyncProperty(pathArb, queryArb, bodyArb, async (pathValues, query, body) => {
          let i = 0;
          const path = op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(asText(pathValues[i++])) || 'x');
          const qs = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]): [string, string] => [k, asText(v)])).toString();
          const url = `${path}${qs ? `?${qs}` : ''}`;
          const res = await t.app.inject({
            method: op.method as 'GET', url,
            headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
            ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
          });
          return check(`${op.method} ${url} ${asText(body).slice(0, 200)}`, res, op.notImplemented);
        }),
        { numRuns: op.notImplemented ? RUNS_PER_UNIMPLEMENTED : RUNS_PER_OPERATION, seed: 20261124, endOnFailure: true },
      ).catch(() => undefined);
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers below 500, in the error shape, for hostile transport', async () => {
    const opArb = fc.constantFrom(...ops);
    const contentType = fc.constantFrom(
      'application/json', 'application/json; charset=utf-8', 'application/json; charset=utf-16', 'application/json; charset=latin1',
      'application/json; charset="UTF-8"', 'application/xml', 'text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded',
      'application/json;;', '', 'application/*', 'APPLICATION/JSON',
    );
    const authorization = fc.constantFrom(
      () => `Bearer ${token}`, () => `Bearer ${token}\t`, () => `bearer ${token}`, () => `Bearer  ${token}`, () => `Bearer ${token}x`,
      () => `Basic ${Buffer.from('a:b').toString('base64')}`, () => 'Bearer', () => `Bearer ${'a'.repeat(9000)}`, () => `Bearer ${token.split('.').slice(0, 2).join('.')}.`,
    );
    const payload = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
      fc.integer({ min: 60, max: 3000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
      fc.integer({ min: 60, max: 3000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
      fc.constantFrom('{', '[1,', '"\\ud800"', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '\u0000', 'null', ''),
      fc.integer({ min: 1, max: 3 }).map((mb) => JSON.stringify([{ firstName: 'x'.repeat(mb * 600_000) }])),
      fc.string({ maxLength: 200 }),
    );
    const pathNoise = fc.constantFrom('', '%', '%zz', '%E0%A4%A', '/%2e%2e/%2e%2e', '/..;/', '//', '?a=%', '?filter=%FF', `?${'p=1&'.repeat(2000)}`, '?limit=1e9&limit=2', '#x');
    await fc.assert(
      fc.asyncProperty(opArb, contentType, authorization, payload, pathNoise, fc.boolean(), async (op, ct, auth, body, noise, withBody) => {
        const path = op.path.replace(/\{[^}]+\}/g, () => knownIds[0] ?? 'x');
        const url = `${path}${noise}`;
        const res = await t.app.inject({
          method: op.method as 'GET', url,
          headers: { authorization: auth(), ...(ct !== '' ? { 'content-type': ct } : {}), 'x-request-id': 'fuzz', accept: 'application/json' },
          ...(withBody && op.method !== 'GET' ? { payload: body } : {}),
        });
        return check(`${op.method} ${url.slice(0, 200)} [${ct}] ${body.slice(0, 120)}`, res, op.notImplemented);
      }),
      { numRuns: TRANSPORT_RUNS, seed: 20261125, endOnFailure: true },
    ).catch(() => undefined);
    expect(failures).toEqual([]);
  }, 600_000);

  it('sent at least 10,000 requests', () => {
    console.log(`fuzz: ${sent} requests; answers by status: ${[...byStatus].sort(([a], [b]) => a - b).map(([k, v]) => `${k}×${v}`).join(' ')}`);
    expect(sent).toBeGreaterThanOrEqual(Number(process.env['FUZZ_MIN_REQUESTS'] ?? 10_000));
  });
});
