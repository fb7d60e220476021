import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { journalPath } from '../../src/modules/obfuscation/index.js';
import { startDiskApp, type DiskApp } from '../helpers/disk-app.js';

// Issue 36: `eventline backup` while the server writes, `eventline restore` into a fresh directory, the obfuscation
// journal replayed. The server is an app on a SQLite file in this process, written to through the API by concurrent
// clients (multi-status POSTs of ten contacts, one transaction each); backup and restore are the real CLI, in child
// processes. SQLite only: PostgreSQL is backed up with pg_dump (the commands refuse; tested below).

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin/eventline.js');
const LOAD_MS = 30_000;

function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, DEMO: 'false', LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { err += d.toString(); });
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

const sqliteOnly = !process.env['DATABASE_URL'];
const dirs: string[] = [];
let server: DiskApp | undefined;

afterAll(async () => {
  await server?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(!sqliteOnly)('backup and restore (SQLite)', () => {
  it('backs up under 30 s of concurrent writes, restores to a fresh directory with every acknowledged write and none half-done, and erases again a contact obfuscated after the backup', async () => {
    server = await startDiskApp('eventline-backup-');
    const s = server;
    const secret = { firstName: 'Ottoline', lastName: `Quarrington${Date.now()}`, email: `ottoline.${Date.now()}@backup.example` };
    const created = await s.api('POST', '/ea/contacts', [secret]);
    const contactId = (created.json() as Array<{ data: { id: string } }>)[0]!.data.id;

    // Writers: batches of ten contacts, each batch one transaction, tagged by its number in `company`.
    const acked = new Map<number, number>();
    let next = 0;
    let writing = true;
    const started = Date.now();
    const writer = async (): Promise<void> => {
      while (writing) {
        const batch = next++;
        const body = Array.from({ length: 10 }, (_, k) => ({ firstName: 'Load', lastName: `B${batch}`, email: `b${batch}.${k}@load.example`, company: `batch-${batch}` }));
        const res = await s.api('POST', '/ea/contacts', body);
        expect(res.statusCode, res.body).toBe(207);
        acked.set(batch, Date.now());
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    const stopAt = setTimeout(() => { writing = false; }, LOAD_MS);

    // The backup starts ten seconds into the load, from another process, while the writers go on.
    await new Promise((r) => setTimeout(r, 10_000));
    const backupFile = join(mkdtempSync(join(tmpdir(), 'eventline-backup-out-')), 'snapshot.db');
    dirs.push(join(backupFile, '..'));
    const backupBegan = Date.now();
    const ackedBefore = [...acked.keys()];
    const backup = await cli(['backup', backupFile, '--json'], { DATA_DIR: s.dir });
    expect(backup.code, backup.err).toBe(0);
    const report = JSON.parse(backup.out) as { pages: number; schema: string };
    expect(report.pages).toBeGreaterThan(0);
    // The writers went on while the backup ran (its process start included: a few seconds on a loaded machine).
    const backupEnded = Date.now();
    expect([...acked.values()].filter((at) => at > backupBegan && at < backupEnded).length).toBeGreaterThan(0);

    // After the backup: the contact is obfuscated (its journal line is written beside the live database).
    await s.obfuscate(contactId);
    expect(readFileSync(journalPath(s.file), 'utf8')).toContain(contactId);
    clearTimeout(stopAt);
    await new Promise((r) => setTimeout(r, Math.max(1000, LOAD_MS - (Date.now() - started))));
    writing = false;
    await Promise.all(writers);
    expect(acked.size).toBeGreaterThan(ackedBefore.length);

    // Restore refuses while the server has the database open.
    const refused = await cli(['restore', backupFile], { DATA_DIR: s.dir });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`process ${process.pid}`);

    // The server stops; the backup is restored into a fresh directory, replaying the old directory's journal.
    await s.app.close();
    const fresh = mkdtempSync(join(tmpdir(), 'eventline-restored-'));
    dirs.push(fresh);
    const restore = await cli(['restore', backupFile, '--journal', journalPath(s.file), '--json'], { DATA_DIR: fresh });
    expect(restore.code, restore.err).toBe(0);
    expect(JSON.parse(restore.out)).toMatchObject({ replayed: 1, contacts: 1, schema: report.schema });

    const file = join(fresh, 'eventline.db');
    const db = new SQLite(file, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const batches = new Map<string, number>();
      for (const r of db.prepare("select company, count(*) as n from contacts where company like 'batch-%' group by company").all() as Array<{ company: string; n: number }>) batches.set(r.company, r.n);
      // Every batch acknowledged before the backup began is there, whole; no batch is there in part.
      for (const b of ackedBefore) expect(batches.get(`batch-${b}`), `batch ${b}, acknowledged before the backup`).toBe(10);
      for (const [company, n] of batches) expect(n, company).toBe(10);
      const contact = db.prepare('select first_name, last_name, email, purged from contacts where id = ?').get(contactId) as { first_name: string; email: string | null; purged: number };
      expect(contact.purged).toBe(1);
    } finally {
      db.close();
    }
    // None of the obfuscated contact's values is left in the restored files.
    const raw = ['', '-wal'].map((x) => (existsSync(`${file}${x}`) ? readFileSync(`${file}${x}`).toString('latin1') : '')).join('');
    for (const value of Object.values(secret)) expect(raw.includes(value), value).toBe(false);
    expect(backupBegan).toBeGreaterThan(started);
  }, 120_000);

  it('refuses a file that is not an eventline database, and never overwrites a file with a backup', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eventline-backup-bad-'));
    dirs.push(dir);
    const junk = join(dir, 'junk.db');
    const other = new SQLite(junk);
    other.exec('create table t (x)');
    other.close();
    const notOurs = await cli(['restore', junk], { DATA_DIR: dir });
    expect(notOurs.code).toBe(1);
    expect(notOurs.err).toContain('not an eventline database');
    const exists = await cli(['backup', junk], { DATA_DIR: dir });
    expect(exists.code).toBe(1);
    expect(exists.err).toMatch(/there is no database|exists/);
  }, 60_000);
});

describe('backup on PostgreSQL', () => {
  it('refuses, pointing at the pg_dump recipe', async () => {
    const res = await cli(['backup', join(tmpdir(), 'never.db')], { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
    expect(res.code).toBe(2);
    expect(res.err).toContain('docs/deployment.md');
  }, 60_000);
});
