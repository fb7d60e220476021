import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/index.js';
import { loadConfig } from '../../src/config/index.js';
import type { EventInput } from '../../src/modules/events/index.js';
import { createTenant, sampleEvent, startTestApp, type Tenant, type TestApp } from '../helpers/app.js';
import { freePort } from '../helpers/process.js';

// --jq, --fields, tables on a terminal and "did you mean", through main() against a running server.

let t: TestApp;
let url: string;
let tenant: Tenant;
const TITLES = ['Alpha Summit', 'Beta Forum', 'Gamma Expo'];

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  t = await startTestApp({ config: { publicUrl: url, port } });
  await t.app.listen({ port, host: '127.0.0.1' });
  tenant = await createTenant(t.services);
  for (const title of TITLES) await t.services.events.createNow(tenant.accountId, tenant.adminId, sampleEvent({ title }) as EventInput);
}, 120_000);

afterAll(async () => t?.close());

interface Run { code: number; stdout: string; stderr: string }

async function cli(args: readonly string[], opts: { tty?: boolean } = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const config = loadConfig({
    DEMO: 'false', LOG_LEVEL: 'silent', EVENTLINE_URL: url, EVENTLINE_CLIENT_ID: tenant.clientId, EVENTLINE_CLIENT_SECRET: tenant.clientSecret,
  }, { database: t.config.database });
  const code = await main(['node', 'eventline', ...args], {
    config, keychain: null,
    io: { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s), stdoutIsTTY: opts.tty ?? false },
  });
  return { code, stdout, stderr };
}

const eventCount = async (): Promise<number> => {
  const res = await fetch(`${url}/ea/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${tenant.clientId}:${tenant.clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const { access_token: token } = await res.json() as { access_token: string };
  const page = await (await fetch(`${url}/ea/events?limit=1`, { headers: { authorization: `Bearer ${token}` } })).json() as { paging: { totalCount: number } };
  return page.paging.totalCount;
};

describe('--jq', () => {
  it('runs a jq program over the answer: strings raw, one result per line', async () => {
    const r = await cli(['api', 'get', '/events', '--all', '--jq', '.[].title']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n').sort()).toEqual(TITLES);
    const count = await cli(['api', 'get', '/events', '--jq', '.paging.totalCount']);
    expect(count.stdout).toBe('3\n');
  }, 60_000);

  it('works on commands whose result is text unless --json, e.g. accounts list', async () => {
    const r = await cli(['accounts', 'list', '--jq', `.[] | select(.id == "${tenant.accountId}") | .tier`]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Enterprise\n');
  }, 60_000);

  it('refuses a program that does not compile with exit 2 before the command runs, so nothing is created', async () => {
    const before = await eventCount();
    const r = await cli(['api', 'post', '/events/async', '--data', JSON.stringify(sampleEvent({ title: 'Never made' })), '--jq', '.id |||']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --jq: syntax error, unexpected '\|'/);
    expect(r.stdout).toBe('');
    // The job that creates events runs in the app: give it the time it would take.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await eventCount()).toBe(before);
  }, 60_000);

  it('reports an error of the program on the data as exit 2, and in the JSON error document under --json', async () => {
    const r = await cli(['api', 'get', '/events', '--jq', '.paging.limit[]']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--jq: Cannot iterate over number');
    const j = await cli(['api', 'get', '/events', '--json', '--jq', '.paging.limit[]']);
    expect(j.code).toBe(2);
    expect(JSON.parse(j.stderr)).toMatchObject({ error: { code: 'usage_error', exitCode: 2, reason: 'jq' } });
  }, 60_000);
});

describe('--fields', () => {
  it('keeps the named fields of each item of a page (paging kept), nested paths included', async () => {
    const r = await cli(['api', 'get', '/events', '--fields', 'title,planners,nope.deeper']);
    expect(r.code).toBe(0);
    const page = JSON.parse(r.stdout) as { paging: { totalCount: number }; data: Array<Record<string, unknown>> };
    expect(page.paging.totalCount).toBe(3);
    expect(page.data.map((e) => Object.keys(e).sort())).toEqual(TITLES.map(() => ['nope', 'planners', 'title']));
    expect(page.data[0]?.['nope']).toEqual({ deeper: null });
    expect(page.data.map((e) => e['title']).sort()).toEqual(TITLES);
  }, 60_000);

  it('picks from a single object and combines with --jq (fields first)', async () => {
    const r = await cli(['api', 'get', '/events', '--all', '--fields', 'title', '--jq', 'map(keys)']);
    expect(JSON.parse(r.stdout)).toEqual(TITLES.map(() => ['title']));
    const one = await cli(['accounts', 'list', '--fields', 'id,tier', '--jq', `.[] | select(.id == "${tenant.accountId}")`]);
    expect(JSON.parse(one.stdout)).toEqual({ id: tenant.accountId, tier: 'Enterprise' });
  }, 60_000);

  it('refuses a malformed list with exit 2', async () => {
    const r = await cli(['api', 'get', '/events', '--fields', 'title,9lives']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("'9lives' is not a field path");
  }, 30_000);
});

describe('tables on a terminal', () => {
  it('draws a list as a table when stdout is a terminal, with the --fields as columns', async () => {
    const r = await cli(['api', 'get', '/events', '--all', '--fields', 'title,format'], { tty: true });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^┌─+┬─+┐$/);
    expect(lines[1]).toMatch(/^│ title\s+│ format\s+│$/);
    for (const title of TITLES) expect(r.stdout).toMatch(new RegExp(`│ ${title}\\s+│ Hybrid\\s+│`));
    expect(r.stdout).not.toContain('"title"');
  }, 60_000);

  it('draws a page with every top-level field and says when more pages follow', async () => {
    const r = await cli(['api', 'get', '/events', '--query', 'limit=2'], { tty: true });
    expect(r.stdout).toMatch(/│ id\s+│/);
    expect(r.stdout).toContain('2 shown of 3; more pages follow (--all to fetch them)');
  }, 60_000);

  it('keeps JSON on a terminal with --json or --jq, and when piped (not a terminal)', async () => {
    const json = await cli(['api', 'get', '/events', '--all', '--json'], { tty: true });
    expect((JSON.parse(json.stdout) as unknown[]).length).toBe(3);
    const jq = await cli(['api', 'get', '/events', '--all', '--jq', 'length'], { tty: true });
    expect(jq.stdout).toBe('3\n');
    const piped = await cli(['api', 'get', '/events', '--all']);
    expect((JSON.parse(piped.stdout) as unknown[]).length).toBe(3);
    // A single object is not a list: JSON on the terminal too.
    const id = (JSON.parse(piped.stdout) as Array<{ id: string }>)[0]?.id ?? '';
    const one = await cli(['api', 'get', `/events/${id}`], { tty: true });
    expect((JSON.parse(one.stdout) as { id: string }).id).toBe(id);
  }, 60_000);
});

describe('did you mean', () => {
  it('suggests the nearest command, subcommand and option', async () => {
    const command = await cli(['acounts', 'list']);
    expect(command.code).toBe(2);
    expect(command.stderr).toContain("error: unknown command 'acounts'\n(Did you mean accounts?)");
    const sub = await cli(['accounts', 'lst']);
    expect(sub.code).toBe(2);
    expect(sub.stderr).toContain("error: unknown command 'lst'\n(Did you mean list?)");
    const nested = await cli(['profiles', 'uze', 'x']);
    expect(nested.stderr).toContain('(Did you mean use?)');
    const option = await cli(['api', 'get', '/events', '--qury', 'limit=1']);
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("error: unknown option '--qury'\n(Did you mean --query?)");
    const global = await cli(['accounts', 'list', '--jsn']);
    expect(global.stderr).toContain('(Did you mean --json?)');
  }, 60_000);
});
