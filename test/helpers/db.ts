import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, migrateToLatest, type DbHandle, type DbOptions, type Dialect } from '../../src/db/index.js';
import type { Config } from '../../src/config/index.js';

// The suite runs on PostgreSQL when DATABASE_URL is set (CI's second pass),
// otherwise on SQLite. Each test file gets its own database: a temp SQLite
// file, or a throwaway PostgreSQL database, so files can run in parallel.
export const testDialect: Dialect = process.env['DATABASE_URL'] ? 'postgres' : 'sqlite';

export interface TestDatabase {
  readonly config: Config['database'];
  readonly handle: DbHandle;
  cleanup(): Promise<void>;
}

/**
 * Creates PostgreSQL database `name` on the server of `url` and answers its URL: a copy of `template` (its schema is
 * the template's), or without one an empty database with an empty schema named like it.
 */
export async function createPgDatabase(url: string, name: string, template = ''): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const own = new URL(url);
  own.pathname = `/${name}`;
  if (!template) {
    const client = new pg.Client({ connectionString: own.toString() });
    await client.connect();
    try {
      await client.query(`create schema ${name}`);
    } finally {
      await client.end();
    }
  }
  return own.toString();
}

/**
 * A database of the test's own, empty; `migrated: true` asks for one the migrations already ran on, which on PostgreSQL
 * under Vitest is a copy of the run's template database (test/helpers/global-setup.ts), its schema named like the template.
 */
export async function createTestDatabaseConfig(opts: { migrated?: boolean } = {}): Promise<{ config: Config['database']; drop: () => Promise<void> }> {
  const url = process.env['DATABASE_URL'];
  if (url) {
    // A database of its own, not only a schema: PostgreSQL keeps row versions (and erasure's
    // compaction waits) for the oldest snapshot of any session in the same database, and its
    // catalogue listings and notifications span the database; files in parallel must not share those.
    const underVitest = process.env['VITEST'] !== undefined;
    const name = `t_${underVitest ? inject('testRun') : 'bench'}_${randomBytes(6).toString('hex')}`;
    const template = opts.migrated && underVitest ? inject('testTemplate') : '';
    const own = await createPgDatabase(url, name, template);
    return {
      config: { dialect: 'postgres', url: own, schema: template || name },
      // Under Vitest, dropped by test/helpers/global-setup.ts after the whole run: a process a
      // test started may still hold a connection now.
      drop: underVitest ? () => Promise.resolve() : async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
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

export async function createTestDb(opts: DbOptions = {}): Promise<TestDatabase> {
  const { config, drop } = await createTestDatabaseConfig({ migrated: true });
  const handle = createDb(config, opts);
  // A copy of the template is up to date already: this finds nothing pending (and migrates an empty SQLite file).
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
