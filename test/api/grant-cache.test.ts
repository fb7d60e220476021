import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestApp, waitFor, type Tenant, type TestApp } from '../helpers/app.js';
import { GRANT_TTL_MS } from '../../src/modules/accounts/grant-cache.js';
import { testDialect } from '../helpers/db.js';
import { startServerProcesses, type Spawned } from '../helpers/process.js';

// Grants are cached per process (GrantCache) and tokens verified once per process.
// Two server processes on one database (PostgreSQL + Redis in CI's second pass,
// one SQLite file in the first), and this test process as a third: a revoked
// application and a narrowed workspace are refused on the very next call at
// either server, with no waiting.


describe(`cached grants across processes (${testDialect})`, () => {
  let t: TestApp;
  const servers: Spawned[] = [];
  let addresses: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    const env = {
      ...process.env, PUBLIC_URL: t.config.publicUrl, LOG_LEVEL: 'silent', DEMO: 'false', RUN_WORKER: 'false', RATE_LIMIT_ENABLED: 'false',
      REDIS_URL: process.env['REDIS_URL'] ?? '',
    };
    const started = await startServerProcesses(2, t.db.config, env);
    servers.push(...started.servers);
    addresses = started.addresses;
  }, 90_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await t?.close();
  });

  const token = async (tenant: Tenant) => (await t.services.oauth.clientCredentials({ clientId: tenant.clientId, clientSecret: tenant.clientSecret })).access_token;
  const statuses = async (bearer: string, path = '/ea/events') => {
    const here = await t.app.inject({ url: path, headers: { authorization: `Bearer ${bearer}` } });
    const there = await Promise.all(addresses.map(async (a) => (await fetch(`${a}${path}`, { headers: { authorization: `Bearer ${bearer}` } })).status));
    return [here.statusCode, ...there];
  };

  it('refuses a revoked application on the next call in every process', async () => {
    const tenant = await createTenant(t.services);
    const bearer = await token(tenant);
    // Twice: the second call of each process is served from its caches.
    expect(await statuses(bearer)).toEqual([200, 200, 200]);
    expect(await statuses(bearer)).toEqual([200, 200, 200]);
    await t.services.accounts.revokeApplication(tenant.accountId, tenant.clientId);
    expect(await statuses(bearer)).toEqual([401, 401, 401]);
  });

  it('refuses a scope taken from the workspace on the next call in every process, and keeps the others', async () => {
    const tenant = await createTenant(t.services);
    const bearer = await token(tenant);
    expect(await statuses(bearer)).toEqual([200, 200, 200]);
    expect(await statuses(bearer, '/ea/contacts')).toEqual([200, 200, 200]);
    const [workspace] = await t.services.accounts.listWorkspaces(tenant.accountId);
    if (!workspace) throw new Error('the tenant has no workspace');
    await t.services.accounts.setWorkspaceScopes(tenant.accountId, workspace.id, workspace.scopes.filter((s) => s !== 'event/events:read'));
    expect(await statuses(bearer)).toEqual([403, 403, 403]);
    expect(await statuses(bearer, '/ea/contacts')).toEqual([200, 200, 200]);
    // Given back: allowed again on the next call.
    await t.services.accounts.setWorkspaceScopes(tenant.accountId, workspace.id, workspace.scopes);
    expect(await statuses(bearer)).toEqual([200, 200, 200]);
  });


  it.runIf(testDialect === 'postgres')('empties its cache when its LISTEN connection is lost, and reads through until it is back', async () => {
    const tenant = await createTenant(t.services);
    const bearer = await token(tenant);
    expect(await statuses(bearer)).toEqual([200, 200, 200]);
    // Every listening connection of the test database goes (all three processes lose their feed).
    const { rows } = await sql<{ n: number }>`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where datname = current_database() and query = 'LISTEN eventline_changes' and pid <> pg_backend_pid()`.execute(t.services.db.db);
    expect(rows[0]?.n).toBeGreaterThanOrEqual(3);
    // Revoked behind the feeds' back (no notification) while they are down or reconnecting. A process learns of
    // its lost connection a moment later (or, after a silent network cut, never): what it cached goes when it does,
    // and in any case within GRANT_TTL_MS. Refused everywhere within that bound, and from then on.
    await t.services.db.db.updateTable('applications').set({ revoked_at: new Date().toISOString() }).where('client_id', '=', tenant.clientId).execute();
    const refused = await waitFor(async () => {
      const now = await statuses(bearer);
      return now.every((s) => s === 401) ? now : undefined;
    }, GRANT_TTL_MS + 3000, 'every process to refuse the revoked application');
    expect(refused).toEqual([401, 401, 401]);
    expect(await statuses(bearer)).toEqual([401, 401, 401]);
  });
});

describe('a verified token in the cache', () => {
  it('is refused once its expiry (plus the 5 s tolerance) has passed on the clock, like an uncached one', async () => {
    let now = Date.now();
    const t = await startTestApp({ build: { clock: () => new Date(now), worker: false } });
    try {
      const tenant = await createTenant(t.services);
      const { access_token: bearer, expires_in: ttl } = await t.services.oauth.clientCredentials({ clientId: tenant.clientId, clientSecret: tenant.clientSecret });
      const call = () => t.app.inject({ url: '/ea/events', headers: { authorization: `Bearer ${bearer}` } });
      expect((await call()).statusCode).toBe(200);
      now += (ttl + 4) * 1000;
      expect((await call()).statusCode).toBe(200);
      now += 2000;
      const expired = await call();
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ message: 'The access token has expired' });
    } finally {
      await t.close();
    }
  });
});
