import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/index.js';
import { createTestDb, type TestDatabase } from '../helpers/db.js';

// A graceful stop (SIGTERM: app.close()) with a keep-alive client, as a load
// balancer or any HTTP client pool keeps connections open between requests.
let db: TestDatabase;
let app: FastifyInstance;
let base: string;
let releaseSlow: () => void = () => undefined;
let slowArrived: () => void = () => undefined;

beforeAll(async () => {
  db = await createTestDb();
  const config = loadConfig({ DEMO: 'false', LOG_LEVEL: 'silent', RATE_LIMIT_ENABLED: 'false', RUN_WORKER: 'false' }, { database: db.config });
  ({ app } = await buildApp(config, { logger: false, db: db.handle }));
  // A request that stays in flight until the test lets it finish.
  app.get('/test-slow', { schema: { hide: true, security: [] } }, async () => {
    slowArrived();
    await new Promise<void>((r) => { releaseSlow = r; });
    return { ok: true };
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  await db?.cleanup();
});

function get(agent: Agent, path: string): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers['connection'] }));
    }).on('error', reject).end();
  });
}

describe('graceful stop', () => {
  it('finishes the request in flight, tells its keep-alive client to close, and closes without waiting for the keep-alive timeout', async () => {
    const agent = new Agent({ keepAlive: true });
    try {
      expect((await get(agent, '/healthz')).connection).toBe('keep-alive');
      const arrived = new Promise<void>((r) => { slowArrived = r; });
      const inFlight = get(agent, '/test-slow');
      await arrived;
      let closed = false;
      const closing = app.close().then(() => { closed = true; });
      await new Promise((r) => setTimeout(r, 100));
      expect(closed).toBe(false);
      releaseSlow();
      expect(await inFlight).toEqual({ status: 200, connection: 'close' });
      // Fastify's keep-alive timeout is 72 s: without `Connection: close` the close would wait that long.
      await closing;
      expect(closed).toBe(true);
    } finally {
      agent.destroy();
    }
  }, 20_000);
});
