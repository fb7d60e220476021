import { describe, expect, it } from 'vitest';
import { readSnapshot, reconcile } from '../../src/modules/sync/reconcile.js';

const base = { title: 'T', start: '2027-03-01T10:00:00.000Z', end: '2027-03-01T11:00:00.000Z', password: 'pw', hostKey: '111' };
const at = (s: number) => new Date(Date.UTC(2027, 0, 1, 0, 0, s)).toISOString();

describe('two-way merge of webcast fields', () => {
  it('copies a field changed on one side to the other', () => {
    const r = reconcile({ ...base, title: 'E' }, { ...base, hostKey: '222' }, base, { session: at(1), webcast: at(1), provider: at(2) });
    expect(r).toEqual({ agreed: { ...base, title: 'E', hostKey: '222' }, toProvider: { title: 'E' }, toEventline: { hostKey: '222' }, conflicts: [] });
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

  it('copies the platform\'s host key to a webcast that has none, rather than pushing an empty key over it', () => {
    // A webcast written before the key was synced to _links.host.key: its last snapshot holds the key, eventline has none.
    const r = reconcile({ ...base, hostKey: '' }, base, base, { session: at(1), webcast: at(5), provider: at(1) });
    expect(r).toEqual({ agreed: base, toProvider: {}, toEventline: { hostKey: '111' }, conflicts: [] });
  });

  it('reads a snapshot written with the old field name hostCode as the host key', () => {
    const { hostKey, ...rest } = base;
    expect(readSnapshot({ ...rest, hostCode: hostKey })).toEqual(base);
    expect(readSnapshot(base)).toEqual(base);
    expect(readSnapshot(rest)).toBeUndefined();
  });
});
