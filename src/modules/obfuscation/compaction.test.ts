import { describe, expect, it } from 'vitest';
import { Compactor } from './compaction.js';
import type { DiskRepository, PgSession } from './disk.repository.js';

// The Compactor's bookkeeping of pending tables, with a stand-in for the PostgreSQL session
// (the real rewrites are tested in test/api/erasure-verify.test.ts on PostgreSQL).
function fakeDisk(onRewrite: (table: string) => void): { disk: DiskRepository; rewrites: string[] } {
  const rewrites: string[] = [];
  let filenode = 0;
  const session = {
    schema: () => Promise.resolve('s'),
    tryLock: () => Promise.resolve(true),
    unlock: () => Promise.resolve(),
    tables: () => Promise.resolve(['attendees', 'contacts', 'mail_outbox']),
    horizon: () => Promise.resolve('100'),
    olderSnapshots: () => Promise.resolve(0),
    setLockTimeout: () => Promise.resolve(),
    resetLockTimeout: () => Promise.resolve(),
    filenode: () => Promise.resolve(String(filenode)),
    vacuumFull: (_schema: string, table: string) => {
      filenode += 1;
      rewrites.push(table);
      onRewrite(table);
      return Promise.resolve();
    },
    checkpoint: () => Promise.resolve(),
  } as unknown as PgSession;
  const disk = { session: <T>(fn: (s: PgSession) => Promise<T>) => fn(session) } as unknown as DiskRepository;
  return { disk, rewrites };
}

describe('Compactor (PostgreSQL bookkeeping)', () => {
  it('rewrites the tables erasures touched once, and again a table another erasure touched while its rewrite ran', async () => {
    // The fake session calls back into the compactor it serves.
    const self: { compactor?: Compactor } = {};
    let once = true;
    const { disk, rewrites } = fakeDisk((table) => {
      // Another job's erasure commits while the first compaction is busy: it touched contacts, already copied.
      if (table === 'mail_outbox' && once) {
        once = false;
        self.compactor?.touched(['contacts'], '120');
      }
    });
    const compactor = new Compactor(disk, 'postgres', 'after-job');
    self.compactor = compactor;
    compactor.touched(['contacts', 'mail_outbox'], '110');
    expect((await compactor.afterJob())?.tables.map((t) => t.table)).toEqual(['contacts', 'mail_outbox']);
    // The second job's compaction still has contacts to rewrite: its old row versions came after the first copy.
    expect((await compactor.afterJob())?.tables.map((t) => t.table)).toEqual(['contacts']);
    expect(await compactor.afterJob()).toBeUndefined();
    expect(rewrites).toEqual(['contacts', 'mail_outbox', 'contacts']);
  });
});
