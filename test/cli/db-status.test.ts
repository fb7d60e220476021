import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/index.js';
import { loadConfig, type Config } from '../../src/config/index.js';
import { createDb } from '../../src/db/index.js';
import { migrations } from '../../src/db/migrations/index.js';
import { createTestDatabaseConfig } from '../helpers/db.js';

// `eventline db status` (docs/operations.md "Upgrades"): what the database has run and what this version would run,
// without running anything; exit 1 when a newer eventline migrated the database.

interface Status { database: { dialect: string }; latest: string | null; applied: Array<{ name: string; executedAt: string }>; pending: string[]; unknown: string[] }

let config: Config;
let drop: () => Promise<void>;

async function cli(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(['node', 'eventline', ...args], { config, io: { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s) } });
  return { code, stdout, stderr };
}

beforeAll(async () => {
  const fresh = await createTestDatabaseConfig();
  drop = fresh.drop;
  config = loadConfig({ DEMO: 'false', LOG_LEVEL: 'silent' }, { database: fresh.config });
});
afterAll(async () => drop?.());

describe('eventline db status', () => {
  const all = Object.keys(migrations).sort();

  it('lists every migration as pending on a new database, and runs none of them', async () => {
    const run = await cli(['db', 'status', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout) as Status;
    expect(doc.database.dialect).toBe(config.database.dialect);
    expect(doc.applied).toEqual([]);
    expect(doc.pending).toEqual(all);
    expect(doc.latest).toBeNull();
    // Still nothing applied: status only reads.
    const again = JSON.parse((await cli(['db', 'status', '--json'])).stdout) as Status;
    expect(again.pending).toEqual(all);
  });

  it('shows the applied migrations and nothing pending after migrate', async () => {
    expect((await cli(['migrate'])).code).toBe(0);
    const doc = JSON.parse((await cli(['db', 'status', '--json'])).stdout) as Status;
    expect(doc.applied.map((a) => a.name)).toEqual(all);
    expect(doc.pending).toEqual([]);
    expect(doc.unknown).toEqual([]);
    expect(doc.latest).toBe(all.at(-1));
    const text = await cli(['db', 'status']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`${all.length} migrations applied, the latest ${all.at(-1) ?? ''}`);
    expect(text.stdout).toContain('Up to date: no migration to run.');
  });

  it('exits 1 naming the migrations a newer eventline applied', async () => {
    const handle = createDb(config.database);
    try {
      const table = sql.table(config.database.dialect === 'postgres' && config.database.schema ? `${config.database.schema}.eventline_migration` : 'eventline_migration');
      await sql`insert into ${table} (name, timestamp) values (${'9999_from_the_future'}, ${new Date().toISOString()})`.execute(handle.db);
    } finally {
      await handle.destroy();
    }
    const run = await cli(['db', 'status', '--json']);
    expect(run.code).toBe(1);
    expect((JSON.parse(run.stdout) as Status).unknown).toEqual(['9999_from_the_future']);
    expect(run.stderr).toMatch(/migrated by a newer eventline \(9999_from_the_future\)/);
  });
});
