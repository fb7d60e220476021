import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/index.js';
import { testDialect } from '../helpers/db.js';

// A transaction that reads and then writes, while another process writes the same SQLite file (the worker beside the
// server): with a deferred BEGIN, the other process's commit makes this transaction's write fail at once with
// "database is locked" (a stale snapshot cannot take the write lock; busy_timeout does not apply). The server's
// SQLite connection begins its transactions IMMEDIATE (src/db/read-pool.ts), so the other process waits for it instead.
const sqliteFile = testDialect === 'sqlite';

describe.skipIf(!sqliteFile)('SQLite transactions beside another writing process [SQLite only: PostgreSQL has row locks]', () => {
  it('a read-then-write transaction commits while another process writes, which waits for it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eventline-immediate-'));
    const file = join(dir, 'db.sqlite');
    const handle = createDb({ dialect: 'sqlite', file, readWorkers: 1 });
    try {
      await sql`create table t (id integer primary key, v text not null)`.execute(handle.db);
      const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
      let other: Promise<number | null> | undefined;
      await handle.db.transaction().execute(async (trx) => {
        await sql`select count(*) from t`.execute(trx);
        const child = spawn(process.execPath, ['-e', `const D = require(${JSON.stringify(sqlite)}); const d = new D(${JSON.stringify(file)}); d.pragma('busy_timeout = 10000'); d.prepare("insert into t (v) values ('other')").run(); d.close();`], { stdio: 'inherit' });
        other = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
        // Time for the other process to try its write (it commits at once unless this transaction holds the lock).
        await sleep(500);
        await sql`insert into t (v) values ('ours')`.execute(trx);
      });
      expect(await other).toBe(0);
      const rows = await sql<{ v: string }>`select v from t order by id`.execute(handle.db);
      expect(rows.rows.map((r) => r.v)).toEqual(['ours', 'other']);
    } finally {
      await handle.db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
