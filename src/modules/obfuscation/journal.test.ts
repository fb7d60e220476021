import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ObfuscationJournal } from './journal.js';

const dir = mkdtempSync(join(tmpdir(), 'eventline-journal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the obfuscation journal', () => {
  it('appends id-only lines (0600), reads each contact once, and skips a torn line', () => {
    const j = new ObfuscationJournal(join(dir, 'a.jsonl'));
    j.append([{ accountId: 'acc', contactId: 'c1' }, { accountId: 'acc', contactId: 'c2' }], '2026-11-27T00:00:00.000Z');
    j.append([{ accountId: 'acc', contactId: 'c1' }], '2026-11-27T00:00:01.000Z');
    appendFileSync(j.file, '{"accountId":"acc","contactId":"c3"');
    expect(j.read()).toEqual([
      { accountId: 'acc', contactId: 'c1', at: '2026-11-27T00:00:00.000Z' },
      { accountId: 'acc', contactId: 'c2', at: '2026-11-27T00:00:00.000Z' },
    ]);
    expect(statSync(j.file).mode & 0o777).toBe(0o600);
    expect(Object.keys(JSON.parse(readFileSync(j.file, 'utf8').split('\n')[0]!) as object)).toEqual(['accountId', 'contactId', 'at']);
  });

  it('reconciles: adds the obfuscations the database holds that it lacks, and nothing twice', () => {
    const j = new ObfuscationJournal(join(dir, 'b.jsonl'));
    j.append([{ accountId: 'acc', contactId: 'c1' }], '2026-11-27T00:00:00.000Z');
    const held = [{ accountId: 'acc', contactId: 'c1' }, { accountId: 'acc', contactId: 'c2' }, { accountId: 'other', contactId: 'c1' }];
    expect(j.reconcile(held, '2026-11-27T01:00:00.000Z')).toBe(2);
    expect(j.reconcile(held, '2026-11-27T02:00:00.000Z')).toBe(0);
    expect(j.read().map((e) => `${e.accountId}/${e.contactId}`)).toEqual(['acc/c1', 'acc/c2', 'other/c1']);
  });
});
