import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp, type Services } from '../../src/app.js';
import { loadConfig } from '../../src/config/index.js';
import { apiClient, createTenant, tokenFor, waitFor, type Api } from './app.js';

/** An app on a SQLite file of its own (whatever DATABASE_URL says), for the tests that read the file's raw bytes. */
export interface DiskApp {
  readonly app: FastifyInstance;
  readonly services: Services;
  readonly api: Api;
  readonly accountId: string;
  readonly dir: string;
  readonly file: string;
  /** The database file and its WAL, read as bytes (latin1): every place SQLite keeps data on disk. */
  rawBytes(): string;
  /** Obfuscates the contact through the API and waits for its job: the flush runs right after the erasure commits, in the same job. */
  obfuscate(contactId: string): Promise<void>;
  close(): Promise<void>;
}

export async function startDiskApp(prefix: string): Promise<DiskApp> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const file = join(dir, 'eventline.db');
  const config = loadConfig({ DEMO: 'false', LOG_LEVEL: 'silent', RATE_LIMIT_ENABLED: 'false', DATA_DIR: dir }, { database: { dialect: 'sqlite', file } });
  const { app, services } = await buildApp(config, { logger: false, workerPollMs: 50 });
  await app.ready();
  const tenant = await createTenant(services);
  await services.accounts.setFeature(tenant.accountId, 'contact-obfuscation', true);
  const api = apiClient(app, await tokenFor(app, tenant));
  return {
    app, services, api, accountId: tenant.accountId, dir, file,
    rawBytes: () => ['', '-wal'].map((suffix) => (existsSync(`${file}${suffix}`) ? readFileSync(`${file}${suffix}`).toString('latin1') : '')).join(''),
    async obfuscate(contactId) {
      const start = await api('POST', `/ea/contacts/${contactId}/obfuscate`);
      expect(start.statusCode, start.body).toBe(202);
      const { obfuscateId } = start.json() as { obfuscateId: string };
      await waitFor(async () => ((await api('GET', `/ea/contacts/obfuscate/${obfuscateId}/status`)).json<{ status: string }>().status === 'COMPLETED' ? true : undefined),
        20_000, 'obfuscation to complete');
      const { job_id: jobId } = await services.db.db.selectFrom('contact_obfuscations').select('job_id').where('id', '=', obfuscateId).executeTakeFirstOrThrow();
      await waitFor(async () => ((await services.jobs.get(jobId ?? ''))?.status === 'completed' ? true : undefined), 10_000, 'the job');
    },
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
