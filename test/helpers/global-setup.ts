import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb, migrateToLatest } from '../../src/db/index.js';
import { createPgDatabase } from './db.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Names this run's PostgreSQL schemas: `t_<run>_...`, `filter_test_<run>_...`. */
    testRun: string;
    /** PostgreSQL: a database migrated once for the run; test files clone it (test/helpers/db.ts). Empty on SQLite. */
    testTemplate: string;
  }
}

/**
 * Test files on PostgreSQL each get a throwaway database (test/helpers/db.ts); a few make schemas. Dropping one while
 * another worker migrates races with Kysely's introspection, which reads the
 * catalogue of every schema ("column ... does not exist"); so schemas are
 * dropped once, here, after every file has finished.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const run = randomBytes(4).toString('hex');
  project.provide('testRun', run);
  project.provide('testTemplate', process.env['DATABASE_URL'] ? await migratedTemplate(process.env['DATABASE_URL'], run) : '');
  return async () => {
    const url = process.env['DATABASE_URL'];
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ nspname: string }>(
        `select nspname from pg_namespace where nspname like $1 or nspname like $2`,
        [`t\\_${run}\\_%`, `filter\\_test\\_${run}\\_%`],
      );
      for (const { nspname } of rows) await client.query(`drop schema if exists "${nspname}" cascade`);
      const dbs = await client.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`t\\_${run}\\_%`]);
      for (const { datname } of dbs.rows) await client.query(`drop database if exists "${datname}" with (force)`);
    } finally {
      await client.end();
    }
  };
}

/**
 * Migrating a fresh PostgreSQL database takes 2 to 4 s and every test app makes one: the migrations run once, here,
 * into a template database (its schema named like it), and each test database is a copy (`create database ...
 * template`, about 0.6 s). Nobody connects to the template afterwards: PostgreSQL copies only a database without sessions.
 */
async function migratedTemplate(url: string, run: string): Promise<string> {
  const name = `t_${run}_template`;
  const handle = createDb({ dialect: 'postgres', url: await createPgDatabase(url, name), schema: name });
  try {
    await migrateToLatest(handle.db, name);
  } finally {
    await handle.destroy();
  }
  return name;
}
