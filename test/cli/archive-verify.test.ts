import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, main } from '../../src/cli/index.js';
import { createVenue, seedPerson } from '../contract/obfuscation.fixtures.js';
import { createTenant, type Tenant } from '../helpers/app.js';
import { startListeningTestApp, type ListeningTestApp } from '../helpers/http.js';

// `eventline archive` against the real app over HTTP, then `archive verify` on what it wrote:
// lines cut off the end of the manifest leave an intact chain, so only the totals the archive
// recorded can show them.

let t: ListeningTestApp;
let tenant: Tenant;
let dir: string;
const PEOPLE = 4;
/** The records of the communication log: each seeded person's email, and the log records that quote them. */
let records = 0;

beforeAll(async () => {
  t = await startListeningTestApp();
  tenant = await createTenant(t.services);
  await t.services.accounts.setFeature(tenant.accountId, 'compliance-communications', true);
  const venue = await createVenue(t.services, tenant.accountId);
  for (let i = 0; i < PEOPLE; i++) {
    await seedPerson(t.services.db.db, venue, { firstName: `Arch${i}`, lastName: 'Ivist', email: `arch${i}@archive.test`, phone: `+1 555 010${i}`, note: `note ${i}` });
  }
  const counted = await t.services.db.db.selectFrom('communication_messages').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', tenant.accountId).executeTakeFirstOrThrow();
  records = Number(counted.n);
  dir = mkdtempSync(join(tmpdir(), 'eventline-archive-verify-'));
}, 120_000);

afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

async function cli(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(['node', 'eventline', ...args], { config: t.config, io: { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s) } });
  return { code, stdout, stderr };
}

const archive = () => cli(['archive', '--out', dir, '--url', t.baseUrl, '--client-id', tenant.clientId, '--client-secret', tenant.clientSecret, '--json']);

describe('eventline archive verify', () => {
  it('fails, naming the cut, when the manifest\'s last lines are cut off; and the archiver refuses to build on it', async () => {
    expect(records).toBeGreaterThanOrEqual(PEOPLE);
    const run = await archive();
    expect(run.code, run.stderr).toBe(EXIT.ok);
    expect(JSON.parse(run.stdout)).toMatchObject({ added: records, emails: PEOPLE, total: records });
    const ok = await cli(['archive', 'verify', dir]);
    expect(ok.code, ok.stdout + ok.stderr).toBe(EXIT.ok);
    expect(ok.stdout).toMatch(new RegExp(`^OK: ${records} records`));

    // The last two records go, at a line boundary: what is left is a valid chain on its own.
    const manifest = join(dir, 'manifest.jsonl');
    const text = readFileSync(manifest, 'utf8');
    const lines = text.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(records);
    writeFileSync(manifest, `${lines.slice(0, records - 2).join('\n')}\n`);

    const cut = await cli(['archive', 'verify', dir]);
    expect(cut.code).toBe(EXIT.failed);
    expect(cut.stdout).toContain(`FAIL manifest.jsonl ends after ${records - 2} records, but the archive recorded ${records}: the manifest was cut short`);
    expect(cut.stdout).not.toMatch(/^OK/m);
    expect(cut.stderr).toMatch(new RegExp(`^error: the archive in .* did not verify: 1 problem\\(s\\): manifest\\.jsonl ends after ${records - 2} records`));

    const json = await cli(['archive', 'verify', dir, '--json']);
    expect(json.code).toBe(EXIT.failed);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, records: records - 2 });
    const error = (JSON.parse(json.stderr) as { error: { code: string; exitCode: number; problems: string[] } }).error;
    expect(error).toMatchObject({ code: 'verification_failed', exitCode: EXIT.failed });
    expect(error.problems).toEqual([expect.stringMatching(/the manifest was cut short \(its last 2 records are missing\)/)]);

    // Another run would fetch the lost messages again and hide the cut: it refuses, and changes nothing.
    const again = await archive();
    expect(again.code).toBe(EXIT.failed);
    expect(again.stderr).toMatch(new RegExp(`holds ${records - 2} records but the archive recorded ${records}: it was cut short`));
    expect(readFileSync(manifest, 'utf8').split('\n').filter((l) => l !== '')).toHaveLength(records - 2);

    // Put back, it verifies again.
    writeFileSync(manifest, text);
    expect((await cli(['archive', 'verify', dir])).code).toBe(EXIT.ok);
  });
});
