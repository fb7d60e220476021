import { expect } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions, type Services } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config/index.js';
import { ALL_SCOPES } from '../../src/modules/oauth/index.js';
import type { EventInput } from '../../src/modules/events/index.js';
import type { DbOptions } from '../../src/db/index.js';
import { createTestDb, type TestDatabase } from './db.js';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly services: Services;
  readonly config: Config;
  readonly db: TestDatabase;
  close(): Promise<void>;
}

/** The real app on a real, fresh database (SQLite, or PostgreSQL when DATABASE_URL is set). */
export async function startTestApp(
  opts: { env?: Record<string, string>; config?: Partial<Config>; build?: Omit<BuildOptions, 'db'>; dbOptions?: DbOptions } = {},
): Promise<TestApp> {
  const db = await createTestDb(opts.dbOptions);
  // Rate limits are off unless a test turns them on (RATE_LIMIT_ENABLED: 'true'):
  // suites that make hundreds of calls in a burst test other things.
  const config = loadConfig({ DEMO: 'false', LOG_LEVEL: 'silent', RATE_LIMIT_ENABLED: 'false', ...opts.env }, { database: db.config, ...opts.config });
  const { app, services } = await buildApp(config, { logger: false, workerPollMs: 50, ...opts.build, db: db.handle });
  await app.ready();
  return {
    app, services, config, db,
    close: async () => {
      await app.close();
      await db.cleanup();
    },
  };
}

export interface Tenant {
  readonly accountId: string;
  readonly workspaceId: string;
  readonly applicationId: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly adminId: string;
}

let seq = 0;

/** An account with an administrator, a workspace and an application holding the given scopes. */
export async function createTenant(
  services: Services,
  opts: { name?: string; tier?: string; workspaceScopes?: readonly string[]; appScopes?: readonly string[]; redirectUris?: string[] } = {},
): Promise<Tenant> {
  seq += 1;
  const tag = `${Date.now().toString(36)}${seq}`;
  const account = await services.accounts.createAccount({ name: opts.name ?? `Account ${tag}`, tier: opts.tier ?? 'Enterprise' });
  const admin = await services.accounts.createUser({ accountId: account.id, email: `admin-${tag}@example.test`, role: 'administrator', password: 'correct horse battery' });
  const workspaceScopes = opts.workspaceScopes ?? ALL_SCOPES;
  const workspace = await services.accounts.createWorkspace({ accountId: account.id, name: `Workspace ${tag}`, scopes: workspaceScopes, createdBy: admin.id });
  const { application, clientSecret } = await services.accounts.createApplication({
    accountId: account.id, workspaceId: workspace.id, name: `App ${tag}`, scopes: opts.appScopes ?? workspaceScopes,
    ...(opts.redirectUris ? { redirectUris: opts.redirectUris } : {}),
  });
  return { accountId: account.id, workspaceId: workspace.id, applicationId: application.id, clientId: application.clientId, clientSecret, adminId: admin.id };
}

/** Gets a token through the real token endpoint (HTTP Basic). */
export async function tokenFor(app: FastifyInstance, tenant: Pick<Tenant, 'clientId' | 'clientSecret'>, scope?: string): Promise<string> {
  const res = await app.inject({
    method: 'POST', url: '/ea/oauth2/token',
    headers: { authorization: `Basic ${Buffer.from(`${tenant.clientId}:${tenant.clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'client_credentials', ...(scope !== undefined ? { scope } : {}) }).toString(),
  });
  if (res.statusCode !== 200) throw new Error(`token request failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { access_token: string }).access_token;
}

export type Api = (method: InjectOptions['method'], url: string, body?: unknown, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;

/** A small client over app.inject that sends the bearer token. */
export function apiClient(app: FastifyInstance, token: string | undefined): Api {
  return (method, url, body, headers = {}) =>
    app.inject({
      method, url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
}

export async function waitFor<T>(fn: () => Promise<T | undefined | false>, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// Typed as a valid event so SDK calls type-check; tests pass invalid overrides on purpose too.
export const sampleEvent = (overrides: Record<string, unknown> = {}): EventInput => ({
  title: 'Test Conference', format: 'Hybrid', type: 'Conference', timezone: 'UTC', languages: ['en-US'],
  planners: [{ firstName: 'Pat', lastName: 'Planner', email: 'pat.planner@example.test' }],
  start: '2027-03-01T09:00:00.000Z', end: '2027-03-02T17:00:00.000Z',
  ...overrides,
}) as EventInput;

/** The answer's JSON body, once its status is the one expected (200 unless told). */
export async function ok<T>(res: Promise<{ statusCode: number; body: string; json: () => unknown }>, status = 200): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json() as T;
}
