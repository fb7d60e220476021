import { describe, expect, it } from 'vitest';
import { reconcile } from '../../src/modules/sync/reconcile.js';

const base = { title: 'T', start: '2027-03-01T10:00:00.000Z', end: '2027-03-01T11:00:00.000Z', password: 'pw', hostCode: '111' };
const at = (s: number) => new Date(Date.UTC(2027, 0, 1, 0, 0, s)).toISOString();

describe('two-way merge of webcast fields', () => {
  it('copies a field changed on one side to the other', () => {
    const r = reconcile({ ...base, title: 'E' }, { ...base, hostCode: '222' }, base, { session: at(1), webcast: at(1), provider: at(2) });
    expect(r).toEqual({ agreed: { ...base, title: 'E', hostCode: '222' }, toProvider: { title: 'E' }, toEventline: { hostCode: '222' }, conflicts: [] });
  });

  it('keeps the later edit of a field changed on both sides and reports the discarded one, hiding access codes', () => {
    const r = reconcile({ ...base, title: 'E', password: 'e-pw' }, { ...base, title: 'P', password: 'p-pw' }, base, { session: at(1), webcast: at(5), provider: at(3) });
    expect(r.agreed).toMatchObject({ title: 'P', password: 'e-pw' });
    expect(r.toEventline).toEqual({ title: 'P' });
    expect(r.toProvider).toEqual({ password: 'e-pw' });
    expect(r.conflicts).toEqual([
      { field: 'title', kept: 'provider', keptValue: 'P', discardedValue: 'E' },
      { field: 'password', kept: 'eventline', keptValue: '***', discardedValue: '***' },
    ]);
  });

  it('keeps eventline\'s edit on a tie, and sees no conflict when both sides made the same edit', () => {
    const tie = reconcile({ ...base, title: 'E' }, { ...base, title: 'P' }, base, { session: at(2), webcast: at(2), provider: at(2) });
    expect(tie.toProvider).toEqual({ title: 'E' });
    const same = reconcile({ ...base, title: 'X' }, { ...base, title: 'X' }, base, { session: at(1), webcast: at(1), provider: at(2) });
    expect(same).toMatchObject({ toProvider: {}, toEventline: {}, conflicts: [], agreed: { title: 'X' } });
  });
});
