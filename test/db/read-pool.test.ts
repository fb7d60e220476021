import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/db/ids.js';
import { createDb, OFF_THREAD, type DbHandle } from '../../src/db/index.js';
import { workflowEvent } from '../helpers/workflow.js';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';

// Issue 37: a list that scans (a filter no index answers) runs off the event loop, so it never stalls the other
// requests of the process. On SQLite the list pipeline's page and count queries (marked OFF_THREAD) run on read-only
// connections in worker threads (src/db/read-pool.ts); on PostgreSQL every query already waits on the server.

describe('the SQLite read pool', () => {
  let dir: string;
  let handle: DbHandle;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'eventline-read-pool-'));
    handle = createDb({ dialect: 'sqlite', file: join(dir, 'pool.db'), readWorkers: 2 });
    await sql`create table things (id integer primary key, name text)`.execute(handle.db);
    await sql`insert into things (name) values ('one'), ('two')`.execute(handle.db);
    // A temporary table exists on the connection that made it only: a read that sees it ran on the main connection.
    await sql`create temp table main_only (x integer)`.execute(handle.db);
  });

  afterAll(async () => {
    await handle?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs a marked read on another connection, which sees what the main one committed', async () => {
    const rows = await handle.db.selectFrom('things' as never).select(sql<string>`name`.as('name')).orderBy(sql`id`).modifyEnd(OFF_THREAD).execute();
    expect(rows).toEqual([{ name: 'one' }, { name: 'two' }]);
    await expect(handle.db.selectFrom('main_only' as never).select(sql`x`.as('x')).modifyEnd(OFF_THREAD).execute()).rejects.toThrow(/no such table: main_only/);
    await sql`insert into things (name) values ('three')`.execute(handle.db);
    const after = await handle.db.selectFrom('things' as never).select(sql<number>`count(*)`.as('n')).modifyEnd(OFF_THREAD).executeTakeFirst();
    expect(after).toEqual({ n: 3 });
  });

  it('keeps unmarked reads, and marked reads inside a transaction, on the main connection', async () => {
    await expect(handle.db.selectFrom('main_only' as never).select(sql`x`.as('x')).execute()).resolves.toEqual([]);
    const seen = await handle.db.transaction().execute(async (trx) => {
      await sql`insert into things (name) values ('uncommitted')`.execute(trx);
      return trx.selectFrom('things' as never).select(sql<number>`count(*)`.as('n')).modifyEnd(OFF_THREAD).executeTakeFirst();
    });
    expect(seen).toEqual({ n: 4 });
  });

  it('answers a failing read with the error and goes on', async () => {
    await expect(handle.db.selectFrom('nowhere' as never).select(sql`1`.as('one')).modifyEnd(OFF_THREAD).execute()).rejects.toMatchObject({ code: 'SQLITE_ERROR' });
    await expect(handle.db.selectFrom('things' as never).select(sql<number>`count(*)`.as('n')).modifyEnd(OFF_THREAD).executeTakeFirst()).resolves.toEqual({ n: 4 });
  });
});

describe('a list that scans does not hold up the process', () => {
  const ROWS = 60_000;
  let t: TestApp;
  let api: Api;
  let eventId: string;

  beforeAll(async () => {
    t = await startTestApp();
    const tenant = await createTenant(t.services);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    eventId = await workflowEvent(t.services, tenant.accountId, 'Virtual', 'Stall check');
    const db = t.db.handle.db;
    for (let i = 0; i < ROWS; i += 1000) {
      const now = new Date(Date.UTC(2026, 0, 1)).toISOString();
      const rows = Array.from({ length: 1000 }, (_, j) => ({
        id: newId(), account_id: tenant.accountId, first_name: `F${i + j}`, last_name: `L${i + j}`, email: `p${i + j}@example.test`,
        profile: JSON.stringify({ workPhone: `+33 1 ${String(i + j).padStart(8, '0')}`, homeAddress: { city: `City ${(i + j) % 300}` } }),
        created: now, last_modified: now, created_by: 'stall', last_modified_by: 'stall',
      }));
      await db.insertInto('contacts').values(rows).execute();
    }
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('answers GET /events/{id} while a scanning list is still running', async () => {
    const order: string[] = [];
    // workPhone lives in the profile JSON: no index, every contact of the account is read and parsed.
    const slow = api('GET', `/ea/contacts?filter=${encodeURIComponent("workPhone eq '+33 1 99999999' or homeAddress.city eq 'Nowhere'")}`)
      .then((res) => { order.push('list'); return res; });
    const quick = (async () => {
      for (let i = 0; i < 5; i++) {
        const res = await api('GET', `/ea/events/${eventId}`);
        expect(res.statusCode).toBe(200);
      }
      order.push('events');
    })();
    const [list] = await Promise.all([slow, quick]);
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { data: unknown[] }).data).toEqual([]);
    expect(order).toEqual(['events', 'list']);
  });
});
