import fc from 'fast-check';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sampleEvent, startTestApp, tokenFor, type TestApp } from '../helpers/app.js';

// An event stream holds its connection open until the client leaves, so an accepted call never ends under inject:
// its refusals are tested in test/api/webhooks.test.ts and its stream in test/cli/listen.test.ts.
const STREAMS = ['/ea/webhook-events/stream'];

// "No 5xx from anything a client can send": every documented operation gets
// random path parameters, query strings and JSON bodies, with a token that has
// every scope, and must answer below 500; but for the one 5xx by design: a
// reference operation eventline does not implement answers 501 naming it.
interface Operation { method: string; path: string; query: string[]; notImplemented: boolean }

let t: TestApp;
let token: string;
let ops: Operation[] = [];

const hostile = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom("' or 1=1 --", '"; drop table events; --', '%00', '../../etc/passwd', '\u0000', 'null', '-1', '1e309', '9'.repeat(40), '0190a1b2-0000-7000-8000-000000000000', 'Z'.repeat(5000)),
  fc.uuid(),
);

beforeAll(async () => {
  t = await startTestApp();
  const tenant = await createTenant(t.services);
  token = await tokenFor(t.app, tenant);
  await t.services.events.createNow(tenant.accountId, 'fuzz', sampleEvent() as Parameters<typeof t.services.events.createNow>[2]);
  const doc = t.app.swagger() as { paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }>; 'x-eventline-not-implemented'?: boolean }>> };
  ops = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/ea/') && !path.startsWith('/ea/oauth2/') && !STREAMS.includes(path))
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(), path, query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      notImplemented: op['x-eventline-not-implemented'] === true,
    })));
});
afterAll(async () => t?.close());

describe('no 5xx from client input', () => {
  it('covers the documented operations (every reference operation is implemented: none is marked not implemented)', () => {
    expect(ops.filter((op) => !op.notImplemented).length).toBeGreaterThan(427);
    expect(ops.filter((op) => op.notImplemented)).toEqual([]);
  });

  it('answers every operation below 500 for random path parameters, queries and bodies', async () => {
    const failures: string[] = [];
    for (const op of ops) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(hostile, { minLength: 3, maxLength: 3 }),
          fc.dictionary(fc.constantFrom(...(op.query.length > 0 ? op.query : ['x'])), hostile, { maxKeys: 3 }),
          fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.array(fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }), { maxLength: 5 })),
          async (params, query, body) => {
            let i = 0;
            const path = op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(params[i++ % params.length] ?? 'x'));
            const qs = new URLSearchParams(query).toString();
            const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
            const res = await t.app.inject({
              method: op.method as 'GET', url: `${path}${qs ? `?${qs}` : ''}`,
              headers: { authorization: `Bearer ${token}`, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
              ...(hasBody ? { payload: JSON.stringify(body) } : {}),
            });
            // Below 500 for any operation (a path too long is a 414 before routing), and 501 naming it for one eventline does not implement.
            const ok = res.statusCode < 500 || (op.notImplemented && res.statusCode === 501 && (res.json() as { message?: string }).message?.startsWith('eventline does not implement ') === true);
            if (!ok) failures.push(`${op.method} ${path}?${qs} ${JSON.stringify(body).slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
            return ok;
          },
        ),
        { numRuns: 12, seed: 20261122, endOnFailure: true },
      ).catch(() => undefined);
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

describe('NUL characters', () => {
  it('refuses NUL in bodies, query strings and path parameters with a 400 on both databases, creating nothing', async () => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const body = await t.app.inject({ method: 'POST', url: '/ea/contacts', headers, payload: JSON.stringify([{ firstName: 'a\u0000b', lastName: 'x', email: 'nul@example.test' }]) });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ code: 400, target: '0.firstName' });
    const event = await t.app.inject({ method: 'POST', url: '/ea/events/async', headers, payload: JSON.stringify(sampleEvent({ title: 'x\u0000y' })) });
    expect(event.statusCode).toBe(400);
    const query = await t.app.inject({ method: 'GET', url: `/ea/events?filter=${encodeURIComponent("title eq 'a\u0000'")}`, headers });
    expect(query.statusCode).toBe(400);
    const list = await t.app.inject({ method: 'GET', url: `/ea/contacts?filter=${encodeURIComponent("email eq 'nul@example.test'")}`, headers });
    expect((list.json() as { data: unknown[] }).data).toEqual([]);
  });
});

// What Node's HTTP parser refuses never reaches Fastify's routing, and app.inject does not go through
// that parser: these run over a real socket. Every answer must still be the contract's {code, message}.
describe('oversized and malformed requests over real HTTP', () => {
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    port = address.port;
  });

  /** Sends raw bytes and reads everything until the server closes (or ends) the connection. */
  function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port });
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      // The server may close while the request is still being written: what it answered is what counts.
      socket.on('error', (err: NodeJS.ErrnoException) => (err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : reject(err)));
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const [head = '', ...rest] = text.split('\r\n\r\n');
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body: rest.join('\r\n\r\n') });
      });
      socket.write(request);
    });
  }
  const get = (target: string, headers: string[]) => `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`;

  function contractError(res: { status: number; headers: string; body: string }, status: number): void {
    expect(res.status, res.headers).toBe(status);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    const body = JSON.parse(res.body) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['code', 'message']);
    expect(body['code']).toBe(status);
    expect(typeof body['message']).toBe('string');
  }

  it('answers 20,000 bytes of headers with 431 in the contract\'s error shape', async () => {
    contractError(await raw(get('/ea/events', [`X-Padding: ${'a'.repeat(20_000)}`])), 431);
  });

  it('answers a request line over 16 KB, and many small headers adding up to over 16 KB, with 431 in the same shape', async () => {
    contractError(await raw(get(`/ea/events?filter=${'a'.repeat(20_000)}`, [])), 431);
    contractError(await raw(get('/ea/events', Array.from({ length: 800 }, (_, i) => `X-H${i}: ${'v'.repeat(20)}`))), 431);
  });

  it('answers random oversized headers and request lines with 431, and malformed requests with 400, always as {code, message}', async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 16_500, max: 64_000 }),
        fc.constantFrom('header', 'line', 'cookie'),
        fc.stringMatching(/^[A-Za-z0-9]{1,12}$/),
        async (size, where, name) => {
          const pad = 'x'.repeat(size);
          const request = where === 'line' ? get(`/ea/${name}?q=${pad}`, []) : where === 'cookie' ? get('/ea/events', [`Cookie: ${name}=${pad}`]) : get(`/ea/${name}`, [`X-${name}: ${pad}`]);
          const res = await raw(request);
          sent++;
          contractError(res, 431);
        },
      ),
      { numRuns: 40, seed: 20261127 },
    );
    for (const malformed of ['GARBAGE\r\n\r\n', 'GET /ea/events HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n', 'GET /ea/events HTTP/1.1\r\nBad Header\r\n\r\n', 'GET / HTTP/9.9\r\n\r\n']) {
      contractError(await raw(malformed), 400);
      sent++;
    }
    expect(sent).toBe(44);
    // The server is still serving after all of them.
    const ok = await raw(get('/healthz', []));
    expect(ok.status).toBe(200);
  });
});
