import { userInfo } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServices, type Services } from '../../src/app.js';
import { main } from '../../src/cli/index.js';
import { loadConfig, type Config } from '../../src/config/index.js';
import { createTestDatabaseConfig } from '../helpers/db.js';

// `eventline audit` (issue 36): the operator reads the audit log; the operator's own administrative commands are in
// it as the OS user that ran them, with no address and no request.

let config: Config;
let services: Services;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const db = await createTestDatabaseConfig();
  drop = db.drop;
  config = loadConfig({ DEMO: 'false', LOG_LEVEL: 'silent' }, { database: db.config });
  services = await buildServices(config);
});
afterAll(async () => {
  await services?.db.destroy();
  await drop?.();
});

async function cli(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(['node', 'eventline', ...args], { config, io: { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s) } });
  return { code, stdout, stderr };
}

interface Printed { accountId: string; action: string; actor: { type: string; id: string }; target: { id: string }; changes: Record<string, unknown>; address?: string; requestId?: string }

describe('eventline audit', () => {
  it('prints the operator\'s commands as the operator\'s entries, as JSON and as a table', async () => {
    const created = await cli(['accounts', 'create', '--name', 'Audited by CLI', '--json']);
    expect(created.code, created.stderr).toBe(0);
    const accountId = (JSON.parse(created.stdout) as { id: string }).id;
    expect((await cli(['accounts', 'features', 'enable', 'compliance-communications', '--account', accountId])).code).toBe(0);
    const since = new Date(Date.now() - 60_000).toISOString();

    const json = await cli(['audit', '--account', accountId, '--since', since, '--json']);
    expect(json.code, json.stderr).toBe(0);
    const entries = JSON.parse(json.stdout) as Printed[];
    expect(entries.map((e) => e.action)).toEqual(['account.created', 'account.feature.enabled']);
    for (const e of entries) {
      expect(e).toMatchObject({ accountId, actor: { type: 'operator', id: userInfo().username }, target: { id: accountId } });
      expect(e.address).toBeUndefined();
      expect(e.requestId).toBeUndefined();
    }
    expect(entries[1]?.changes).toEqual({ 'compliance-communications': { before: false, after: true } });

    const filtered = await cli(['audit', '--account', accountId, '--action', 'account.feature.enabled', '--json']);
    expect((JSON.parse(filtered.stdout) as Printed[]).map((e) => e.action)).toEqual(['account.feature.enabled']);

    const text = await cli(['audit', '--account', accountId]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^AT\s+ACCOUNT\s+ACTOR\s+ACTION/);
    expect(text.stdout).toContain('account.feature.enabled');
    expect(text.stdout).toContain(`operator:eventline CLI (${userInfo().username})`);
  });

  it('says so when nothing matches, and refuses a bad --since with a usage error', async () => {
    const none = await cli(['audit', '--action', 'no.such.action']);
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('No audit entries match.\n');
    const bad = await cli(['audit', '--since', 'yesterday-ish']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--since');
  });
});
