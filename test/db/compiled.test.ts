import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { compiledInsert, compiledOnce } from '../../src/db/compiled.js';
import { createTestDb, type TestDatabase } from '../helpers/db.js';

// Queries compiled once (src/db/compiled.ts) run on the dialect of the test pass: SQLite, or PostgreSQL with DATABASE_URL.
describe('queries compiled once', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDb();
    const at = new Date().toISOString();
    await t.handle.db.insertInto('accounts').values([
      { id: '00000000-0000-7000-8000-00000000000a', name: 'A', region: 'us', tier: 'Professional', created: at, last_modified: at },
      { id: '00000000-0000-7000-8000-00000000000b', name: 'B', region: 'us', tier: 'Professional', created: at, last_modified: at },
    ]).execute();
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('answers each call with its own parameters, inside and outside a transaction', async () => {
    const byId = compiledOnce((ex, id: string) => ex.selectFrom('accounts').select(['id', 'name']).where('id', '=', id));
    expect(await byId(t.handle.db, '00000000-0000-7000-8000-00000000000a')).toEqual([{ id: '00000000-0000-7000-8000-00000000000a', name: 'A' }]);
    expect(await byId(t.handle.db, '00000000-0000-7000-8000-00000000000b')).toEqual([{ id: '00000000-0000-7000-8000-00000000000b', name: 'B' }]);
    expect(await byId(t.handle.db, '00000000-0000-7000-8000-00000000000c')).toEqual([]);
    await t.handle.db.transaction().execute(async (trx) => {
      await trx.updateTable('accounts').set({ name: 'A2' }).where('id', '=', '00000000-0000-7000-8000-00000000000a').execute();
      expect(await byId(trx, '00000000-0000-7000-8000-00000000000a')).toEqual([{ id: '00000000-0000-7000-8000-00000000000a', name: 'A2' }]);
    });
  });

  // On SQLite a compiled read outside a transaction runs on the one connection at once, not through Kysely's
  // connection mutex: while another request's transaction holds that connection, the read must still neither
  // see its uncommitted rows nor answer before it ends.
  it('does not read another request\'s open transaction: waits for it and never sees what it rolled back', async () => {
    const byId = compiledOnce((ex, id: string) => ex.selectFrom('accounts').select(['id', 'name']).where('id', '=', id));
    const id = '00000000-0000-7000-8000-00000000000b';
    expect(await byId(t.handle.db, id)).toEqual([{ id, name: 'B' }]);
    let updated!: () => void;
    const inside = new Promise<void>((r) => { updated = r; });
    let finish!: () => void;
    const held = new Promise<void>((r) => { finish = r; });
    const rolledBack = t.handle.db.transaction().execute(async (trx) => {
      await trx.updateTable('accounts').set({ name: 'uncommitted' }).where('id', '=', id).execute();
      updated();
      await held;
      throw new Error('roll back');
    }).catch((err: unknown) => err);
    await inside;
    let answered = false;
    const outside = byId(t.handle.db, id).then((rows) => { answered = true; return rows; });
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    // SQLite has one connection, which the transaction holds; PostgreSQL reads on another one (whenever it answers, it is 'B').
    const answeredDuringTransaction = answered;
    finish();
    if (t.handle.dialect === 'sqlite') expect(answeredDuringTransaction).toBe(false);
    expect(await rolledBack).toBeInstanceOf(Error);
    expect(await outside).toEqual([{ id, name: 'B' }]);
    expect(await byId(t.handle.db, id)).toEqual([{ id, name: 'B' }]);
  });

  it('refuses a query whose parameters are not exactly the call\'s, in order', async () => {
    const swapped = compiledOnce((ex, a: string, b: string) => ex.selectFrom('accounts').select('id').where('name', '=', b).where('id', '=', a));
    await expect(swapped(t.handle.db, 'x', 'y')).rejects.toThrow(/parameters must be exactly/);
    const extra = compiledOnce((ex, id: string) => ex.selectFrom('accounts').select('id').where('id', '=', id).where(sql<boolean>`${'fixed'} = ${'fixed'}`));
    await expect(extra(t.handle.db, 'x')).rejects.toThrow(/parameters must be exactly/);
  });

  it('inserts each row with its own values, nulls included, inside and outside a transaction', async () => {
    const insert = compiledInsert('accounts');
    const at = new Date().toISOString();
    const row = (id: string, name: string) => ({ id, name, region: 'eu', tier: 'Professional', created: at, last_modified: at });
    await insert(t.handle.db, row('00000000-0000-7000-8000-0000000000c1', 'C1'));
    await insert(t.handle.db, row('00000000-0000-7000-8000-0000000000c2', 'C2'));
    await t.handle.db.transaction().execute(async (trx) => {
      await insert(trx, row('00000000-0000-7000-8000-0000000000c3', 'C3'));
    });
    const rows = await t.handle.db.selectFrom('accounts').select(['id', 'name', 'region']).where('id', 'like', '%c_').orderBy('id').execute();
    expect(rows).toEqual([
      { id: '00000000-0000-7000-8000-0000000000c1', name: 'C1', region: 'eu' },
      { id: '00000000-0000-7000-8000-0000000000c2', name: 'C2', region: 'eu' },
      { id: '00000000-0000-7000-8000-0000000000c3', name: 'C3', region: 'eu' },
    ]);
  });

  it('refuses a row whose columns are not the first row\'s (never drops or shifts a value)', async () => {
    const insert = compiledInsert('accounts');
    const at = new Date().toISOString();
    await insert(t.handle.db, { id: '00000000-0000-7000-8000-0000000000d1', name: 'D1', region: 'eu', tier: 'Professional', created: at, last_modified: at });
    await expect(insert(t.handle.db, { id: '00000000-0000-7000-8000-0000000000d2', name: 'D2', tier: 'Professional', region: 'eu', created: at, last_modified: at }))
      .rejects.toThrow(/not the first row's/);
    await expect(insert(t.handle.db, { id: '00000000-0000-7000-8000-0000000000d3', name: 'D3', region: 'eu', tier: 'Professional', created: at }))
      .rejects.toThrow(/not the first row's/);
    expect(await t.handle.db.selectFrom('accounts').select('id').where('id', 'in', ['00000000-0000-7000-8000-0000000000d2', '00000000-0000-7000-8000-0000000000d3']).execute()).toEqual([]);
  });
});
