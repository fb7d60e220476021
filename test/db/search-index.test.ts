import SQLite from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator } from 'kysely';
import { createDb, flushSearchIndex, migrateToLatest } from '../../src/db/index.js';
import { migrations } from '../../src/db/migrations/index.js';
import { syncSearchIndex } from '../../src/db/search-index.js';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { testDialect } from '../helpers/db.js';

// Issue 37: on SQLite the contacts' trigram index is kept off the write path. A write queues the contact
// (migration 0028's triggers) and syncSearchIndex() moves the queue into the FTS5 index in batches
// (src/db/search-index.ts). These tests hold it to its invariant, with FTS5's own check of an external-content
// index against its content table ('integrity-check' with rank 1), and to exact reads while contacts are queued.

const NAMES = ['Marisol', 'Anna', 'Bertrand', 'Chiara', 'Dmitri', 'Esperanza', 'Fumiko', 'Gustavo', 'Zeldarina', 'Ohmstead'];

describe.runIf(testDialect === 'sqlite')('the deferred trigram index (SQLite)', () => {
  let dir: string;
  let sqlite: SQLite.Database;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'eventline-search-'));
    const file = join(dir, 'search.db');
    const handle = createDb({ dialect: 'sqlite', file, readWorkers: 0 });
    await migrateToLatest(handle.db);
    await handle.destroy();
    sqlite = new SQLite(file);
    // The contacts only: no account rows are needed to exercise the index.
    sqlite.pragma('foreign_keys = OFF');
  });

  afterAll(() => {
    sqlite?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const check = () => sqlite.exec(`insert into contacts_search_index (contacts_search_index, rank) values ('integrity-check', 1)`);
  const matches = (column: string, part: string): string[] =>
    sqlite.prepare<[string], { id: string }>(`select distinct id from contacts_search where ${column} like ? order by id`).all(`%${part}%`).map((r) => r.id);

  it('stays equal to the contacts through random inserts, updates and deletes, synced at random moments', () => {
    let seed = 7;
    const random = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    const insert = sqlite.prepare(`insert into contacts (id, account_id, first_name, last_name, email, company, title, profile, created, last_modified, created_by, last_modified_by)
      values (?, 'a1', ?, ?, ?, 'Co', 'T', '{}', 'x', 'x', 'u', 'u')`);
    const live: string[] = [];
    const rename = (id: string) => sqlite.prepare(`update contacts set first_name = ?, email = ? where id = ?`).run(`${NAMES[random(10)]}${random(99)}`, `${id}.${random(99)}@x.example`, id);
    let syncs = 0;
    for (let step = 0; step < 3000; step++) {
      const op = random(10);
      if (op < 5 || live.length === 0) {
        const id = `c${step}`;
        insert.run(id, `${NAMES[random(10)]}${random(99)}`, `Last${random(50)}`, `${id}@x.example`);
        live.push(id);
      } else if (op < 8) {
        rename(live[random(live.length)]!);
      } else if (op < 9) {
        // The company is not indexed: the update trigger leaves the queue alone.
        sqlite.prepare(`update contacts set company = 'Other' where id = ?`).run(live[random(live.length)]!);
      } else {
        const [id] = live.splice(random(live.length), 1);
        sqlite.prepare('delete from contacts where id = ?').run(id);
      }
      // A contact written twice before a sync (inserted then renamed, renamed twice, deleted after a rename).
      if (random(40) === 0) {
        syncs += syncSearchIndex(sqlite) > 0 ? 1 : 0;
        check();
      }
      // What the view answers for a queued or indexed contact is its current value.
      if (step % 500 === 499) {
        const truth = sqlite.prepare<[], { id: string }>(`select id from contacts where lower(first_name) like '%risol%' order by id`).all().map((r) => r.id);
        expect(matches('first_name', 'risol')).toEqual(expect.arrayContaining(truth));
      }
    }
    expect(syncs).toBeGreaterThan(10);
    while (syncSearchIndex(sqlite) > 0);
    check();
    expect(sqlite.prepare('select count(*) as n from contacts_search_queue').get()).toEqual({ n: 0 });
    // Once synced, the index alone holds exactly the current values.
    const truth = sqlite.prepare<[], { id: string }>(`select id from contacts where lower(email) like '%.1%' order by id`).all().map((r) => r.id);
    const indexed = sqlite.prepare<[], { id: string }>(`select id from contacts_search_index where email like '%.1%' order by id`).all().map((r) => r.id);
    expect(indexed).toEqual(truth);
  });

  it('is caught out by the integrity check when the queue loses a change (the check can fail)', () => {
    sqlite.prepare(`insert into contacts (id, account_id, first_name, last_name, email, company, title, profile, created, last_modified, created_by, last_modified_by)
      values ('lost', 'a1', 'Quillon', 'Lost', 'lost@x.example', 'Co', 'T', '{}', 'x', 'x', 'u', 'u')`).run();
    while (syncSearchIndex(sqlite) > 0);
    check();
    sqlite.prepare(`update contacts set first_name = 'Quintessa' where id = 'lost'`).run();
    sqlite.exec('delete from contacts_search_queue');
    expect(check).toThrow(/malformed|corrupt/i);
    // Put it right for the next tests: the index rebuilt from the contacts.
    sqlite.exec(`insert into contacts_search_index (contacts_search_index) values ('rebuild')`);
    check();
  });

  it('moves a large queue in batches of bounded size', () => {
    const insert = sqlite.prepare(`insert into contacts (id, account_id, first_name, last_name, email, company, title, profile, created, last_modified, created_by, last_modified_by)
      values (?, 'a1', 'Batch', 'Load', ?, 'Co', 'T', '{}', 'x', 'x', 'u', 'u')`);
    sqlite.transaction(() => { for (let i = 0; i < 4500; i++) insert.run(`b${i}`, `b${i}@x.example`); })();
    const moved: number[] = [];
    for (let n = syncSearchIndex(sqlite); n > 0; n = syncSearchIndex(sqlite)) moved.push(n);
    expect(moved).toEqual([2000, 2000, 500]);
    check();
  });
});

describe.runIf(testDialect === 'sqlite')('the lean trigram index (migration 0045, SQLite)', () => {
  it('rebuilds from the contacts on upgrade, with contacts queued (indexed or not) at that moment, and stays exact', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eventline-search-upgrade-'));
    const file = join(dir, 'upgrade.db');
    try {
      const handle = createDb({ dialect: 'sqlite', file, readWorkers: 0 });
      const migrator = new Migrator({ db: handle.db, provider: { getMigrations: () => Promise.resolve(migrations) }, migrationTableName: 'eventline_migration', migrationLockTableName: 'eventline_migration_lock' });
      const before = await migrator.migrateTo('0040_idempotency_keys');
      expect(before.error).toBeUndefined();
      await handle.destroy();
      let sqlite = new SQLite(file);
      sqlite.pragma('foreign_keys = OFF');
      const insert = sqlite.prepare(`insert into contacts (id, account_id, first_name, last_name, email, company, title, profile, created, last_modified, created_by, last_modified_by)
        values (?, 'a1', ?, 'Upgrade', ?, 'Co', 'T', '{}', 'x', 'x', 'u', 'u')`);
      for (let i = 0; i < 300; i++) insert.run(`u${i}`, `${NAMES[i % 10]}${i}`, `u${i}@up.example`);
      while (syncSearchIndex(sqlite) > 0);
      // Queued when the upgrade runs: renamed after indexing (indexed = 1, the old values in the queue) and new ones.
      for (let i = 0; i < 40; i++) sqlite.prepare('update contacts set first_name = ? where id = ?').run(`Renamed${i}x`, `u${i}`);
      for (let i = 300; i < 320; i++) insert.run(`u${i}`, `Fresh${i}`, `u${i}@up.example`);
      expect(sqlite.prepare('select count(*) as n, sum(indexed) as indexed from contacts_search_queue').get()).toEqual({ n: 60, indexed: 40 });
      const oldSize = (sqlite.prepare('select count(*) as n from contacts_search_index_docsize').get() as { n: number }).n;
      expect(oldSize).toBe(300);
      sqlite.close();

      const latest = createDb({ dialect: 'sqlite', file, readWorkers: 0 });
      await migrateToLatest(latest.db);
      await latest.destroy();
      sqlite = new SQLite(file);
      const options = (sqlite.prepare(`select sql from sqlite_master where name = 'contacts_search_index'`).get() as { sql: string }).sql;
      expect(options).toMatch(/detail=none/);
      // columnsize=0: no per-contact %_docsize table any more.
      expect(sqlite.prepare(`select count(*) as n from sqlite_master where name = 'contacts_search_index_docsize'`).get()).toEqual({ n: 0 });
      const viewMatches = (part: string) => sqlite.prepare<[string], { id: string }>('select distinct id from contacts_search where first_name like ? order by id').all(`%${part}%`).map((r) => r.id);
      const truth = (part: string) => sqlite.prepare<[string], { id: string }>('select id from contacts where lower(first_name) like ? order by id').all(`%${part}%`).map((r) => r.id);
      // Exact while the queue is still there, and after it is synced (the sync must not trip on the dropped index).
      for (const part of ['renamed1', 'fresh30', 'risol', 'anna']) expect(viewMatches(part)).toEqual(truth(part));
      while (syncSearchIndex(sqlite) > 0);
      sqlite.exec(`insert into contacts_search_index (contacts_search_index, rank) values ('integrity-check', 1)`);
      for (const part of ['renamed1', 'fresh30', 'risol', 'anna']) {
        const indexed = sqlite.prepare<[string], { id: string }>('select id from contacts_search_index where first_name like ? order by id').all(`%${part}%`).map((r) => r.id);
        expect(indexed).toEqual(truth(part));
        expect(indexed.length).toBeGreaterThan(0);
      }
      sqlite.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('contact filters while the trigram index lags behind the writes', () => {
  let t: TestApp;
  let api: Api;

  beforeAll(async () => {
    t = await startTestApp();
    const tenant = await createTenant(t.services, { name: 'Search Lag Co' });
    api = apiClient(t.app, await tokenFor(t.app, tenant, 'event/contacts:read event/contacts:write event/contacts:delete'));
  });

  afterAll(async () => {
    await t?.close();
  });

  const find = async (filter: string): Promise<string[]> => {
    const res = await api('GET', `/ea/contacts?filter=${encodeURIComponent(filter)}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: Array<{ id: string }> }).data.map((c) => c.id);
  };

  it('finds a contact by a substring at once, and by its new name only after a rename, synced or not', async () => {
    const tag = Date.now().toString(36);
    const created = await api('POST', '/ea/contacts', [{ firstName: `Yvaine${tag}`, lastName: 'Lagrange', email: `yvaine.${tag}@lag.example` }]);
    expect(created.statusCode, created.body).toBe(207);
    const [item] = created.json() as Array<{ status: number; data: { id: string } }>;
    expect(item?.status).toBe(201);
    const id = item!.data.id;
    // No flush: the contact may still be queued, and is found either way.
    expect(await find(`firstName contains 'vaine${tag}'`)).toEqual([id]);
    const renamed = await api('PATCH', `/ea/contacts/${id}`, { firstName: `Wilhelmina${tag}` });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await find(`firstName contains 'vaine${tag}'`)).toEqual([]);
    expect(await find(`firstName sw 'wilhelmina${tag}'`)).toEqual([id]);
    await flushSearchIndex(t.db.handle.db, t.db.handle.dialect);
    expect(await find(`firstName contains 'vaine${tag}'`)).toEqual([]);
    expect(await find(`firstName contains 'helmina${tag}'`)).toEqual([id]);
    expect((await api('DELETE', `/ea/contacts/${id}`)).statusCode).toBeLessThan(300);
    expect(await find(`firstName contains 'helmina${tag}'`)).toEqual([]);
  });
});
