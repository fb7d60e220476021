import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DiskRepository } from '../../src/modules/obfuscation/disk.repository.js';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { luhnCard } from '../helpers/cards.js';
import { testDialect } from '../helpers/db.js';

// Card tokens never hold a card number (issue 30): after 100 tokenizations, the raw bytes where the database keeps
// data hold none of the numbers. SQLite: the database file and its WAL. PostgreSQL: every relation file of the schema
// (tables, indexes, TOAST; the helpers test/api/erasure-verify.test.ts's check uses) after a checkpoint, and the WAL.

let t: TestApp;
let api: Api;
const numbers: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  api = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
  const brands: Array<[string, number]> = [['4', 16], ['51', 16], ['37', 15], ['6011', 16], ['3530', 16]];
  for (let i = 0; i < 100; i++) {
    const [prefix, length] = brands[i % brands.length] as [string, number];
    const number = luhnCard(prefix, length);
    numbers.push(number);
    // Half the requests send the number grouped as printed on the card.
    const sent = i % 2 === 0 ? number : (number.match(/.{1,4}/g) ?? []).join(' ');
    const res = await api('POST', '/ea/card-tokens', { creditCard: { number: sent, expMonth: 1 + (i % 12), expYear: 2030 + (i % 5), accountHolderName: `Holder ${i}` } });
    expect(res.statusCode, res.body).toBe(201);
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** The raw bytes of every place the database keeps data (see the file's comment). */
async function scan(t: TestApp): Promise<{ found: string[]; scanned: number; sawLast4: boolean }> {
  const db = t.db.handle.db;
  const found: string[] = [];
  let scanned = 0;
  let sawLast4 = false;
  if (testDialect === 'sqlite') {
    const file = (t.config.database as { file: string }).file;
    for (const suffix of ['', '-wal']) {
      if (!existsSync(`${file}${suffix}`)) continue;
      const bytes = readFileSync(`${file}${suffix}`).toString('latin1');
      scanned += bytes.length;
      sawLast4 ||= bytes.includes(numbers[0]?.slice(-4) ?? '');
      found.push(...hits(bytes, `eventline.db${suffix}`));
    }
    return { found, scanned, sawLast4 };
  }
  const disk = new DiskRepository(db);
  await disk.pgCheckpoint();
  const dir = await disk.pgDataDirectory();
  const files = await disk.pgRelationFiles();
  expect(files.some((f) => f.relation === 'card_tokens')).toBe(true);
  for (const f of files) {
    const path = join(dir, f.path);
    if (!existsSync(path)) continue;
    const bytes = readFileSync(path).toString('latin1');
    scanned += bytes.length;
    if (f.relation === 'card_tokens') sawLast4 ||= bytes.includes(numbers[0]?.slice(-4) ?? '');
    found.push(...hits(bytes, f.relation));
  }
  // The latest WAL segments (where this test's writes went).
  const { rows: [wal] } = await sql<{ name: string }>`select pg_walfile_name(pg_current_wal_lsn()) as name`.execute(db);
  const walDir = join(dir, 'pg_wal');
  for (const name of readdirSync(walDir).filter((n) => /^[0-9A-F]{24}$/.test(n) && n <= (wal?.name ?? '')).sort().slice(-2)) {
    const bytes = readFileSync(join(walDir, name)).toString('latin1');
    scanned += bytes.length;
    found.push(...hits(bytes, `pg_wal/${name}`));
  }
  return { found, scanned, sawLast4 };
}

/** Where each number (or its first twelve digits, which no token keeps) occurs in the bytes. */
function hits(bytes: string, where: string): string[] {
  return numbers.flatMap((n) => (bytes.includes(n) || bytes.includes(n.slice(0, 12)) ? [`${where}: ${n.slice(-4)}`] : []));
}

it(`finds no card number in the ${testDialect === 'sqlite' ? 'SQLite files (with the WAL)' : 'PostgreSQL relation files and WAL'} after 100 tokenizations, and would find one`, async () => {
  const rows = await t.db.handle.db.selectFrom('card_tokens').select(['card_type', 'last4']).execute();
  expect(rows).toHaveLength(100);
  const { found, scanned, sawLast4 } = await scan(t);
  // The scan sees what tokens keep: the last four digits are there.
  expect(scanned).toBeGreaterThan(0);
  expect(sawLast4).toBe(true);
  expect(found).toEqual([]);

  // Control: a number that did reach a table would be found (the scan can fail).
  const leaked = numbers[1] ?? '';
  await t.db.handle.db.updateTable('card_tokens').set({ card_type: leaked }).where('last4', '=', leaked.slice(-4)).execute();
  expect((await scan(t)).found.some((h) => h.endsWith(leaked.slice(-4)))).toBe(true);
}, 120_000);
