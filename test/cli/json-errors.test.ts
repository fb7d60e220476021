import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCommands, buildProgram, EXIT, isGroup, main } from '../../src/cli/index.js';
import { loadConfig, type Config } from '../../src/config/index.js';
import { startSimServer, type SimServer } from '../../src/sim/index.js';
import { createTenant, type Tenant } from '../helpers/app.js';
import { startListeningTestApp, type ListeningTestApp } from '../helpers/http.js';
import { freePort } from '../helpers/process.js';

// Every command of the tree, found by walking it (so a command added later is covered
// without a change here): under --json its errors are one JSON document on stderr, and
// its exit code follows the documented table (0 ok, 1 failed, 2 usage, 3 HTTP error, 4 no connection).

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

interface ErrorDoc {
  error: { code: string; message: string; exitCode: number; [k: string]: unknown };
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'eventline.js');
const NO_SUCH_ID = '0190a1b2-0000-7000-8000-000000000000';

let t: ListeningTestApp;
let tenant: Tenant;
let sim: SimServer;
let busy: Server;
let busyPort: number;
let closedUrl: string;
let unreachableDb: Config;
let dir: string;

beforeAll(async () => {
  [t, sim] = await Promise.all([startListeningTestApp(), startSimServer({ port: 0 })]);
  tenant = await createTenant(t.services);
  closedUrl = `http://127.0.0.1:${await freePort()}`;
  dir = mkdtempSync(join(tmpdir(), 'eventline-json-errors-'));
  // A database nobody listens for: every command that opens it fails to connect.
  unreachableDb = loadConfig({ DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: dir, DATABASE_URL: `postgres://eventline@127.0.0.1:${await freePort()}/eventline` });
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  const addr = busy.address();
  busyPort = typeof addr === 'object' && addr ? addr.port : 0;
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (busy ? busy.close(() => resolve()) : resolve()));
  await sim?.close();
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function cli(args: readonly string[], config: Config = t.config): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await main(['node', 'eventline', ...args], { config, io: { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s) } });
  return { code, stdout, stderr };
}

/** stderr must be exactly one JSON error document, with the exit code it names. */
function errorDoc(run: Run): ErrorDoc['error'] {
  const lines = run.stderr.trim().split('\n');
  expect(lines, run.stderr).toHaveLength(1);
  const doc = JSON.parse(lines[0] ?? '') as ErrorDoc;
  expect(doc.error.message.length).toBeGreaterThan(0);
  expect(doc.error.exitCode).toBe(run.code);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  return doc.error;
}

const program = buildProgram();
const pathOf = (cmd: { name(): string; parent: unknown }): string[] => {
  const names: string[] = [];
  for (let c: { name(): string; parent: unknown } | null = cmd; c && c.parent; c = c.parent as typeof c) names.unshift(c.name());
  return names;
};
const commands = allCommands(program).filter((c) => c !== program);
const runnable = commands.filter((c) => !isGroup(c));
const groups = commands.filter((c) => isGroup(c));

describe('every command under --json', () => {
  it('declares --json, and answers a usage error with a JSON document and exit 2', async () => {
    expect(runnable.length).toBeGreaterThan(25);
    for (const cmd of runnable) {
      const path = pathOf(cmd);
      expect(cmd.options.some((o) => o.long === '--json'), path.join(' ')).toBe(true);
      const run = await cli([...path, '--no-such-option', '--json']);
      expect(run.code, path.join(' ')).toBe(EXIT.usage);
      expect(run.stdout, path.join(' ')).toBe('');
      // Commander reports the first thing wrong: the unknown option, or a required option or argument not given.
      expect(errorDoc(run), path.join(' ')).toMatchObject({ code: 'usage_error', message: expect.stringMatching(/unknown option '--no-such-option'|required option|missing required argument/) });
    }
    for (const cmd of groups) {
      const path = pathOf(cmd);
      const run = await cli([...path, 'no-such-command', '--json']);
      expect(run.code, path.join(' ')).toBe(EXIT.usage);
      expect(errorDoc(run).code, path.join(' ')).toBe('usage_error');
    }
    const unknown = await cli(['no-such-command', '--json']);
    expect(errorDoc(unknown)).toMatchObject({ code: 'usage_error', exitCode: 2, message: "unknown command 'no-such-command'" });
  });

  it('answers a failure of every command with a JSON document and the exit code of the table', async () => {
    const creds = ['--client-id', tenant.clientId, '--client-secret', tenant.clientSecret];
    const bad = { config: unreachableDb, code: 'connection_error' } as const;
    const sqliteOnly = loadConfig({ DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: join(dir, 'sqlite-only') });
    // The profiles of eventline login: none yet, or a config.json that is not JSON.
    const noProfiles = loadConfig({ DEMO: 'false', LOG_LEVEL: 'silent', XDG_CONFIG_HOME: join(dir, 'xdg-empty') }, { database: t.config.database });
    mkdirSync(join(dir, 'xdg-broken', 'eventline'), { recursive: true });
    writeFileSync(join(dir, 'xdg-broken', 'eventline', 'config.json'), '{ not json');
    const brokenProfiles = loadConfig({ DEMO: 'false', LOG_LEVEL: 'silent', XDG_CONFIG_HOME: join(dir, 'xdg-broken') }, { database: t.config.database });
    // One failing call per command; `serve` exits the process, so it runs as a real process below.
    const cases: Record<string, { args: string[]; code: string; config?: Config; message?: RegExp }> = {
      'serve': { args: [], code: 'connection_error' },
      'migrate': { args: [], ...bad },
      'worker': { args: [], ...bad },
      'accounts create': { args: ['--name', 'Gold Co', '--tier', 'Gold'], code: 'failed', message: /Tier must be/ },
      'accounts list': { args: [], ...bad },
      'accounts set-tier': { args: [NO_SUCH_ID, 'Free'], code: 'failed', message: /Account not found/ },
      'accounts features enable': { args: ['teleportation', '--account', tenant.accountId], code: 'failed', message: /Unknown feature/ },
      'accounts features disable': { args: ['contact-obfuscation', '--account', NO_SUCH_ID], code: 'failed', message: /Account not found/ },
      'users create': { args: ['--account', tenant.accountId, '--email', 'x@example.test', '--role', 'owner'], code: 'failed', message: /Role must be/ },
      'workspaces create': { args: ['--account', tenant.accountId, '--name', 'W', '--scopes', 'bogus/scope'], code: 'failed', message: /Unknown scope/ },
      'workspaces list': { args: ['--account', NO_SUCH_ID], code: 'failed', message: /Account not found/ },
      'workspaces invite': { args: ['--account', tenant.accountId, '--workspace', NO_SUCH_ID, '--email', 'x@example.test'], code: 'failed' },
      'workspaces set-scopes': { args: ['--account', tenant.accountId, '--workspace', NO_SUCH_ID, '--all-scopes'], code: 'failed' },
      'apps create': { args: ['--account', tenant.accountId, '--workspace', NO_SUCH_ID, '--name', 'A', '--scopes', 'event/events:read'], code: 'failed' },
      'apps list': { args: ['--account', NO_SUCH_ID], code: 'failed', message: /Account not found/ },
      'apps revoke': { args: ['--account', tenant.accountId, 'no-such-app'], code: 'failed', message: /Application not found/ },
      'scim-tokens create': { args: ['--account', NO_SUCH_ID], code: 'failed', message: /Account not found/ },
      'scim-tokens list': { args: ['--account', tenant.accountId], ...bad },
      'scim-tokens revoke': { args: [NO_SUCH_ID, '--account', tenant.accountId], code: 'failed' },
      'openapi': { args: ['--out', join(dir, 'no-such-dir', 'openapi.json')], code: 'failed', message: /ENOENT/ },
      'api': { args: ['get', `/ea/events/${NO_SUCH_ID}`, '--url', t.baseUrl, ...creds], code: 'api_error', message: /^HTTP 404: / },
      'archive': { args: ['--out', join(dir, 'archive'), '--url', closedUrl, ...creds], code: 'connection_error', message: /could not connect to http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\): is the server running\?/ },
      'archive verify': { args: [join(dir, 'no-such-archive')], code: 'verification_failed', message: /manifest\.jsonl is missing/ },
      'sync': { args: ['--provider', 'sim', '--once', '--url', closedUrl, '--sim-url', sim.url, ...creds], code: 'connection_error', message: /could not connect to http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/ },
      'provider-sim': { args: ['--port', String(busyPort)], code: 'failed', message: /EADDRINUSE/ },
      'provider-sim join': { args: ['no-such-meeting', 'r1', '--url', sim.url], code: 'api_error', message: /the simulator answered HTTP 404/ },
      'provider-sim leave': { args: ['no-such-meeting', 'r1', '--url', sim.url], code: 'api_error', message: /HTTP 404/ },
      'provider-sim end': { args: ['no-such-meeting', '--url', closedUrl], code: 'connection_error', message: /could not connect to http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\): is the simulator/ },
      'provider-sim recording': { args: ['no-such-meeting', '--url', sim.url], code: 'api_error', message: /HTTP 404/ },
      'provider-sim edit': { args: ['no-such-meeting', '--topic', 'T', '--url', sim.url], code: 'api_error', message: /HTTP 404/ },
      'provider-sim webhook': { args: ['not-a-url', '--secret', 's', '--url', sim.url], code: 'api_error', message: /HTTP 400: url must be an http or https URL/ },
      'contacts verify-obfuscated': { args: [NO_SUCH_ID, '--email', 'x@example.test'], ...bad },
      'db compact': { args: [], ...bad },
      'db status': { args: [], ...bad },
      'audit': { args: [], ...bad },
      // SQLite only: a database that is not there, a backup that is not there; PostgreSQL: a usage error naming the recipe.
      'backup': { args: [join(dir, 'backup.db')], code: 'failed', config: sqliteOnly, message: /there is no database at/ },
      'restore': { args: [join(dir, 'no-such-backup.db')], code: 'failed', config: sqliteOnly, message: /there is no backup at/ },
      'login': { args: ['--url', closedUrl, '--client-id', 'x', '--client-secret', 'y'], code: 'connection_error', config: noProfiles, message: /could not connect/ },
      'profiles list': { args: [], code: 'failed', config: brokenProfiles, message: /config\.json is not valid JSON/ },
      'profiles use': { args: ['nobody'], code: 'usage_error', config: noProfiles, message: /no profile 'nobody'/ },
      'profiles remove': { args: ['nobody'], code: 'usage_error', config: noProfiles, message: /no profile 'nobody'/ },
      'logs': { args: ['--url', closedUrl, ...creds], code: 'connection_error', message: /could not connect to http:\/\/127\.0\.0\.1:\d+/ },
      'listen': { args: ['--forward-to', 'http://127.0.0.1:9/hooks', '--url', closedUrl, ...creds], code: 'connection_error', message: /could not connect to http:\/\/127\.0\.0\.1:\d+/ },
    };
    for (const name of ['backup', 'restore']) {
      const onPostgres = await cli([name, join(dir, 'x.db'), '--json'], unreachableDb);
      expect(onPostgres.code, name).toBe(2);
      expect(errorDoc(onPostgres).message, name).toMatch(/docs\/deployment\.md/);
    }
    // A command without a case here fails this test: add one when adding a command.
    expect(Object.keys(cases).sort()).toEqual(runnable.map((c) => pathOf(c).join(' ')).sort());
    const exitOf: Record<string, number> = { failed: 1, verification_failed: 1, usage_error: 2, api_error: 3, connection_error: 4 };
    for (const [name, c] of Object.entries(cases)) {
      if (name === 'serve') continue;
      const run = await cli([...name.split(' '), ...c.args, '--json'], c.config);
      expect(run.code, `${name}: ${run.stderr}`).toBe(exitOf[c.code]);
      const error = errorDoc(run);
      expect(error.code, name).toBe(c.code);
      if (c.message) expect(error.message, name).toMatch(c.message);
    }
  });

  it('says where a refused connection went and why, with and without --json', async () => {
    const creds = ['--client-id', tenant.clientId, '--client-secret', tenant.clientSecret];
    const text = await cli(['api', 'get', '/ea/events', '--url', closedUrl, ...creds]);
    expect(text.code).toBe(EXIT.connection);
    expect(text.stderr).toBe(`error: could not connect to ${closedUrl} (ECONNREFUSED): is the server running?\n`);
    const json = await cli(['api', 'get', '/ea/events', '--url', closedUrl, ...creds, '--json']);
    expect(errorDoc(json)).toEqual({
      code: 'connection_error', exitCode: 4, url: closedUrl, cause: 'ECONNREFUSED',
      message: `could not connect to ${closedUrl} (ECONNREFUSED): is the server running?`,
    });
  });

  it('gives the API\'s error answer to scripts: status, the contract body and the request id', async () => {
    const run = await cli(['api', 'get', `/ea/events/${NO_SUCH_ID}`, '--url', t.baseUrl, '--client-id', tenant.clientId, '--client-secret', tenant.clientSecret, '--json']);
    expect(run.code).toBe(EXIT.api);
    expect(run.stdout).toBe('');
    const error = errorDoc(run);
    expect(error).toMatchObject({ code: 'api_error', status: 404, method: 'GET', path: `/ea/events/${NO_SUCH_ID}`, body: { code: 404 } });
    expect(typeof error['requestId']).toBe('string');
    const refused = await cli(['api', 'get', '/ea/events', '--url', t.baseUrl, '--client-id', tenant.clientId, '--client-secret', 'wrong', '--json']);
    expect(refused.code).toBe(EXIT.api);
    expect(errorDoc(refused)).toMatchObject({ code: 'api_error', status: 401 });
  });

  it('runs `serve --json` as a real process: an unreachable database is a JSON error and exit 4', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env, DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: dir, PORT: String(await freePort()),
      DATABASE_URL: `postgres://eventline@127.0.0.1:${await freePort()}/eventline`,
    };
    const child = spawn(process.execPath, [BIN, 'serve', '--json'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => void (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => void (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    expect(code, stderr).toBe(EXIT.connection);
    expect(errorDoc({ code: code ?? -1, stdout, stderr })).toMatchObject({ code: 'connection_error', cause: 'ECONNREFUSED' });
  }, 60_000);
});
