import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { compiledOnce } from '../../src/db/compiled.js';
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

  it('refuses a query whose parameters are not exactly the call\'s, in order', async () => {
    const swapped = compiledOnce((ex, a: string, b: string) => ex.selectFrom('accounts').select('id').where('name', '=', b).where('id', '=', a));
    await expect(swapped(t.handle.db, 'x', 'y')).rejects.toThrow(/parameters must be exactly/);
    const extra = compiledOnce((ex, id: string) => ex.selectFrom('accounts').select('id').where('id', '=', id).where(sql<boolean>`${'fixed'} = ${'fixed'}`));
    await expect(extra(t.handle.db, 'x')).rejects.toThrow(/parameters must be exactly/);
  });
});
