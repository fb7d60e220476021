import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSavepoint } from '../../src/db/savepoint.js';
import { createTestDb, testDialect, type TestDatabase } from '../helpers/db.js';

// A multi-status request writes its items in one transaction, each in a savepoint (src/db/savepoint.ts).
// An item that fails at the database (here: a duplicate primary key) must undo only its own statements,
// and the transaction must go on: on PostgreSQL a failed statement aborts the whole transaction unless
// it rolls back to a savepoint.
describe(`savepoints in one transaction (${testDialect})`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDb();
    await sql`create table sp_probe (id text primary key, note text)`.execute(t.handle.db);
  });
  afterAll(async () => t?.cleanup());

  const ids = async () => (await sql<{ id: string }>`select id from sp_probe order by id`.execute(t.handle.db)).rows.map((r) => r.id);

  it('keeps the items that succeed and undoes the one that fails, whatever it wrote before failing', async () => {
    const outcomes = await t.handle.db.transaction().execute(async (trx) => {
      const out: string[] = [];
      for (const id of ['a', 'b', 'a', 'c']) {
        try {
          await inSavepoint(trx, async () => {
            await sql`insert into sp_probe (id, note) values (${`${id}-note`}, 'written before the failure')`.execute(trx).catch(() => undefined);
            await sql`insert into sp_probe (id) values (${id})`.execute(trx);
          });
          out.push(`${id}:ok`);
        } catch {
          out.push(`${id}:failed`);
        }
      }
      return out;
    });
    expect(outcomes).toEqual(['a:ok', 'b:ok', 'a:failed', 'c:ok']);
    // The failed item's first insert (a second 'a-note') failed too; what it would have added is not there,
    // and every item that succeeded committed with the transaction.
    expect(await ids()).toEqual(['a', 'a-note', 'b', 'b-note', 'c', 'c-note']);
  });

  it('undoes a failed item\'s earlier statements, not only the one that threw', async () => {
    await t.handle.db.transaction().execute(async (trx) => {
      await expect(inSavepoint(trx, async () => {
        await sql`insert into sp_probe (id) values ('d')`.execute(trx);
        throw new Error('the item is refused after its first write');
      })).rejects.toThrow('refused');
      await sql`insert into sp_probe (id) values ('e')`.execute(trx);
    });
    expect(await ids()).toEqual(['a', 'a-note', 'b', 'b-note', 'c', 'c-note', 'e']);
  });
});
