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
        self.compactor?.touched(['contacts']);
      }
    });
    const compactor = new Compactor(disk, 'postgres', 'after-job');
    self.compactor = compactor;
    compactor.touched(['contacts', 'mail_outbox']);
    expect((await compactor.afterJob())?.tables.map((t) => t.table)).toEqual(['contacts', 'mail_outbox']);
    // The second job's compaction still has contacts to rewrite: its old row versions came after the first copy.
    expect((await compactor.afterJob())?.tables.map((t) => t.table)).toEqual(['contacts']);
    expect(await compactor.afterJob()).toBeUndefined();
    expect(rewrites).toEqual(['contacts', 'mail_outbox', 'contacts']);
  });
});

describe('Compactor (PostgreSQL statistics)', () => {
  function statsDisk(olderAfterAnalyze: number): { disk: DiskRepository; calls: string[]; sessionEnds: () => void } {
    const calls: string[] = [];
    let older = olderAfterAnalyze;
    let xid = 100;
    let filenode = 0;
    let statsNode = 0;
    const session = {
      schema: () => Promise.resolve('s'),
      tryLock: () => Promise.resolve(true),
      unlock: () => Promise.resolve(),
      tables: () => Promise.resolve(['contacts', 'attendees']),
      horizon: () => {
        calls.push(`horizon ${xid}`);
        return Promise.resolve(String(xid));
      },
      // Sessions older than the erasure: none; older than the ANALYZE's own transactions: as the case says.
      olderSnapshots: (x: string) => {
        calls.push(`older ${x}`);
        return Promise.resolve(Number(x) > 100 ? older : 0);
      },
      setLockTimeout: () => Promise.resolve(),
      resetLockTimeout: () => Promise.resolve(),
      filenode: () => Promise.resolve(String(filenode)),
      vacuumFull: (_schema: string, table: string) => {
        filenode += 1;
        xid += 1;
        calls.push(`vacuum full ${table}`);
        return Promise.resolve();
      },
      analyze: (_schema: string, table: string) => {
        xid += 1;
        calls.push(`analyze ${table}`);
        return Promise.resolve();
      },
      statisticsFilenode: () => Promise.resolve(String(statsNode)),
      vacuumStatistics: () => {
        statsNode += 1;
        calls.push('vacuum full pg_statistic');
        return Promise.resolve();
      },
      checkpoint: () => Promise.resolve(),
    } as unknown as PgSession;
    const disk = { session: <T>(fn: (s: PgSession) => Promise<T>) => fn(session) } as unknown as DiskRepository;
    return { disk, calls, sessionEnds: () => { older = 0; } };
  }

  it('analyzes first, then waits once for the sessions older than those ANALYZE runs, then rewrites the tables and pg_statistic', async () => {
    const { disk, calls } = statsDisk(0);
    const compactor = new Compactor(disk, 'postgres', 'after-job', undefined, ['contacts', 'attendees']);
    compactor.touched(['contacts']);
    const report = await compactor.afterJob();
    expect(report?.status).toBe('done');
    expect(report?.statistics).toEqual({ analyzed: 2, catalogue: 'rewritten' });
    // Both ANALYZE runs took a transaction (101, 102): the one wait is for 102, before any VACUUM FULL.
    expect(calls).toEqual(['analyze contacts', 'analyze attendees', 'horizon 102', 'older 102', 'vacuum full contacts', 'vacuum full pg_statistic']);
  });

  it('reports a session that still sees the replaced statistics rows, and keeps the tables pending for the next compaction', async () => {
    const { disk, calls, sessionEnds } = statsDisk(1);
    const compactor = new Compactor(disk, 'postgres', 'after-job', undefined, ['contacts', 'attendees']);
    compactor.touched(['contacts']);
    const report = await compactor.run({ lockTimeoutMs: 1_000, waitMs: 300, tables: ['contacts'] });
    expect(report.status).toBe('partial');
    expect(report.olderSnapshots).toBe(1);
    expect(report.warnings.join(' ')).toMatch(/1 session\(s\), replication slot\(s\) or prepared transaction\(s\) still see rows older than this compaction/);
    // Polled until the wait ran out, then rewritten all the same (what it can free, it frees).
    expect(calls.filter((c) => c === 'older 102').length).toBeGreaterThan(1);
    expect(calls).toContain('vacuum full pg_statistic');
    sessionEnds();
    expect((await compactor.afterJob())?.tables.map((t) => t.table)).toEqual(['contacts']);
  });
});
