import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, migrateToLatest, type DbHandle, type Dialect } from '../../src/db/index.js';
import type { Config } from '../../src/config/index.js';

// The suite runs on PostgreSQL when DATABASE_URL is set (CI's second pass),
// otherwise on SQLite. Each test file gets its own database: a temp SQLite
// file, or a throwaway PostgreSQL schema, so files can run in parallel.
export const testDialect: Dialect = process.env['DATABASE_URL'] ? 'postgres' : 'sqlite';

export interface TestDatabase {
  readonly config: Config['database'];
  readonly handle: DbHandle;
  cleanup(): Promise<void>;
}

export async function createTestDatabaseConfig(): Promise<{ config: Config['database']; drop: () => Promise<void> }> {
  const url = process.env['DATABASE_URL'];
  if (url) {
    // Benchmarks use these helpers outside Vitest: they drop their schema at once.
    const underVitest = process.env['VITEST'] !== undefined;
    const schema = `t_${underVitest ? inject('testRun') : 'bench'}_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
    return {
      config: { dialect: 'postgres', url, schema },
      // Under Vitest, dropped by test/helpers/global-setup.ts after the whole run:
      // a drop now would race with other workers' migrations.
      drop: underVitest ? () => Promise.resolve() : async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop schema if exists ${schema} cascade`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'eventline-test-'));
  return {
    config: { dialect: 'sqlite', file: join(dir, 'eventline.db') },
    drop: () => {
      rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

export async function createTestDb(): Promise<TestDatabase> {
  const { config, drop } = await createTestDatabaseConfig();
  const handle = createDb(config);
  await migrateToLatest(handle.db, config.dialect === 'postgres' ? config.schema : undefined);
  return {
    config,
    handle,
    cleanup: async () => {
      await handle.destroy();
      await drop();
    },
  };
}
