import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/index.js';
import { secretToolKeychain, systemKeychain, type Keychain } from '../../src/cli/profiles.js';
import { loadConfig } from '../../src/config/index.js';
import type { EventInput } from '../../src/modules/events/index.js';
import { createTenant, sampleEvent, startTestApp, type Tenant, type TestApp } from '../helpers/app.js';
import { freePort } from '../helpers/process.js';

// eventline login, profiles and --profile / EVENTLINE_PROFILE, against a running server. The keychain is
// always injected: a test must never write into the keychain of the machine it runs on.

let t: TestApp;
let url: string;
let tenant: Tenant;
let other: Tenant;
const dirs: string[] = [];

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  t = await startTestApp({ config: { publicUrl: url, port } });
  await t.app.listen({ port, host: '127.0.0.1' });
  tenant = await createTenant(t.services);
  other = await createTenant(t.services);
  for (const title of ['One', 'Two']) await t.services.events.createNow(tenant.accountId, tenant.adminId, sampleEvent({ title }) as EventInput);
  await t.services.events.createNow(other.accountId, other.adminId, sampleEvent({ title: 'Other' }) as EventInput);
}, 120_000);

afterAll(async () => {
  await t?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
}

interface Run { code: number; stdout: string; stderr: string }

interface CliEnv {
  home: string;
  env?: Record<string, string>;
  keychain?: Keychain | null;
  stdin?: string;
  prompt?: (question: string) => Promise<string>;
}

async function cli(args: readonly string[], o: CliEnv): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const config = loadConfig({ DEMO: 'false', LOG_LEVEL: 'silent', XDG_CONFIG_HOME: o.home, ...o.env }, { database: t.config.database });
  const code = await main(['node', 'eventline', ...args], {
    config, keychain: o.keychain ?? null,
    io: {
      stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s),
      ...(o.prompt ? { promptSecret: o.prompt } : {}),
      readStdin: () => Promise.resolve(o.stdin ?? ''),
    },
  });
  return { code, stdout, stderr };
}

const mode = (path: string): number => statSync(path).mode & 0o777;
const totalCount = (r: Run): number => Number(r.stdout.trim());

/**
 * A stand-in for libsecret's secret-tool: the same command line (store reads the secret on stdin,
 * lookup prints it, clear deletes it), keeping secrets in files beside it, and logging its arguments.
 */
function fakeSecretTool(opts: { broken?: boolean } = {}): { command: string; store: string } {
  const dir = tempDir('eventline-secret-tool-');
  const store = join(dir, 'store');
  const command = join(dir, 'secret-tool');
  writeFileSync(command, opts.broken
    ? '#!/bin/sh\necho "secret-tool: Cannot autolaunch D-Bus without X11 $DISPLAY" >&2\nexit 1\n'
    : [
      '#!/bin/sh',
      `store="${store}"; mkdir -p "$store"`,
      'echo "$@" >> "$store/calls.log"',
      'cmd=$1; shift',
      'for a in "$@"; do last=$a; done',
      'case $cmd in',
      '  store) cat > "$store/$last" ;;',
      '  lookup) [ -f "$store/$last" ] && cat "$store/$last" || exit 1 ;;',
      '  clear) rm -f "$store/$last" ;;',
      '  *) exit 2 ;;',
      'esac',
    ].join('\n'));
  chmodSync(command, 0o755);
  return { command, store };
}

describe('eventline login without a keychain', () => {
  it('saves the profile, keeps the secret in a 0600 file, and later commands call the API with it', async () => {
    const home = tempDir('eventline-xdg-');
    const login = await cli(['login', '--url', `${url}/`, '--client-id', tenant.clientId, '--client-secret', tenant.clientSecret], { home });
    expect(login.stderr).toBe('');
    expect(login.code).toBe(0);
    const credentials = join(home, 'eventline', 'credentials.json');
    expect(login.stdout).toContain(`Logged in to ${url} as client ${tenant.clientId}; profile 'default' is now the current one.`);
    expect(login.stdout).toContain(`The client secret is in ${credentials} (readable by you only: mode 0600)`);
    expect(login.stdout).not.toContain(tenant.clientSecret);

    expect(mode(credentials)).toBe(0o600);
    expect(JSON.parse(readFileSync(credentials, 'utf8'))).toEqual({ profiles: { default: tenant.clientSecret } });
    const configFile = join(home, 'eventline', 'config.json');
    expect(mode(configFile)).toBe(0o600);
    expect(mode(join(home, 'eventline'))).toBe(0o700);
    const saved = readFileSync(configFile, 'utf8');
    expect(saved).not.toContain(tenant.clientSecret);
    expect(JSON.parse(saved)).toEqual({ current: 'default', profiles: { default: { url, clientId: tenant.clientId, secret: 'file' } } });

    // No EVENTLINE_* variables: the current profile is used.
    const events = await cli(['api', 'get', '/events', '--jq', '.paging.totalCount'], { home });
    expect(events.stderr).toBe('');
    expect(totalCount(events)).toBe(2);
  }, 60_000);

  it('keeps the mode 0600 when an existing, more open file is rewritten', async () => {
    const home = tempDir('eventline-xdg-');
    expect((await cli(['login', '--client-id', tenant.clientId, '--client-secret', tenant.clientSecret, '--url', url], { home })).code).toBe(0);
    const credentials = join(home, 'eventline', 'credentials.json');
    chmodSync(credentials, 0o644);
    expect((await cli(['login', '--profile', 'second', '--client-id', other.clientId, '--client-secret', other.clientSecret, '--url', url], { home })).code).toBe(0);
    expect(mode(credentials)).toBe(0o600);
    expect(Object.keys((JSON.parse(readFileSync(credentials, 'utf8')) as { profiles: object }).profiles).sort()).toEqual(['default', 'second']);
  }, 60_000);

  it('refuses a wrong secret (the server is asked first) and saves nothing', async () => {
    const home = tempDir('eventline-xdg-');
    const r = await cli(['login', '--url', url, '--client-id', tenant.clientId, '--client-secret', 'wrong'], { home });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^error: HTTP 401/);
    expect(existsSync(join(home, 'eventline'))).toBe(false);
  }, 60_000);

  it('reads the secret from the prompt on a terminal, else from stdin', async () => {
    const home = tempDir('eventline-xdg-');
    const asked: string[] = [];
    const prompted = await cli(['login', '--url', url, '--client-id', tenant.clientId, '--profile', 'typed'], {
      home, prompt: (q) => {
        asked.push(q);
        return Promise.resolve(tenant.clientSecret);
      },
    });
    expect(prompted.code).toBe(0);
    expect(asked).toEqual(['Client secret: ']);
    const piped = await cli(['login', '--url', url, '--client-id', other.clientId, '--profile', 'piped', '--json'], { home, stdin: `${other.clientSecret}\n` });
    expect(piped.code).toBe(0);
    expect(JSON.parse(piped.stdout)).toMatchObject({ profile: 'piped', clientId: other.clientId, secret: 'file', current: true });
    const none = await cli(['login', '--url', url, '--client-id', other.clientId, '--profile', 'empty'], { home, stdin: '' });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('give the client secret');
  }, 60_000);
});

describe('choosing the profile', () => {
  let home: string;

  beforeAll(async () => {
    home = tempDir('eventline-xdg-');
    expect((await cli(['login', '--profile', 'mine', '--url', url, '--client-id', tenant.clientId, '--client-secret', tenant.clientSecret], { home })).code).toBe(0);
    expect((await cli(['login', '--profile', 'theirs', '--url', url, '--client-id', other.clientId, '--client-secret', other.clientSecret], { home })).code).toBe(0);
  }, 60_000);

  it('lists the profiles with the current one marked; use switches it', async () => {
    const list = await cli(['profiles', 'list', '--json'], { home });
    expect(JSON.parse(list.stdout)).toEqual([
      { name: 'mine', current: false, url, clientId: tenant.clientId, secret: 'file' },
      { name: 'theirs', current: true, url, clientId: other.clientId, secret: 'file' },
    ]);
    expect(totalCount(await cli(['api', 'get', '/events', '--jq', '.paging.totalCount'], { home }))).toBe(1);
    expect((await cli(['profiles', 'use', 'mine'], { home })).stdout).toBe("Profile 'mine' is now the current one.\n");
    expect(totalCount(await cli(['api', 'get', '/events', '--jq', '.paging.totalCount'], { home }))).toBe(2);
    const text = await cli(['profiles', 'list'], { home });
    expect(text.stdout).toMatch(/^\* +mine /m);
  }, 60_000);

  it('--profile (before or after the command) and EVENTLINE_PROFILE pick a profile', async () => {
    await cli(['profiles', 'use', 'mine'], { home });
    expect(totalCount(await cli(['api', 'get', '/events', '--profile', 'theirs', '--jq', '.paging.totalCount'], { home }))).toBe(1);
    expect(totalCount(await cli(['--profile', 'theirs', 'api', 'get', '/events', '--jq', '.paging.totalCount'], { home }))).toBe(1);
    expect(totalCount(await cli(['api', 'get', '/events', '--jq', '.paging.totalCount'], { home, env: { EVENTLINE_PROFILE: 'theirs' } }))).toBe(1);
  }, 60_000);

  it('a global --profile on a command that does not call the API is a usage error', async () => {
    const r = await cli(['--profile', 'mine', 'accounts', 'list'], { home });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("error: --profile: 'list' does not call the API with client credentials\n");
  }, 30_000);

  it('EVENTLINE_CLIENT_ID and EVENTLINE_CLIENT_SECRET keep working, ahead of the current profile', async () => {
    await cli(['profiles', 'use', 'mine'], { home });
    const env = { EVENTLINE_URL: url, EVENTLINE_CLIENT_ID: other.clientId, EVENTLINE_CLIENT_SECRET: other.clientSecret };
    expect(totalCount(await cli(['api', 'get', '/events', '--jq', '.paging.totalCount'], { home, env }))).toBe(1);
    // And with no profile at all, exactly as before.
    expect(totalCount(await cli(['api', 'get', '/events', '--jq', '.paging.totalCount'], { home: tempDir('eventline-xdg-'), env }))).toBe(1);
  }, 60_000);

  it('an unknown profile is a usage error that suggests the nearest name and changes nothing', async () => {
    const r = await cli(['profiles', 'use', 'mien'], { home });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("error: no profile 'mien' (Did you mean mine?); profiles: mine, theirs\n");
    const api = await cli(['api', 'get', '/events', '--profile', 'nobody'], { home });
    expect(api.code).toBe(2);
    expect(api.stderr).toContain("no profile 'nobody'");
  }, 60_000);

  it('remove forgets the profile and its secret; removing the current one leaves none current', async () => {
    await cli(['profiles', 'use', 'theirs'], { home });
    const before = JSON.parse(readFileSync(join(home, 'eventline', 'credentials.json'), 'utf8')) as { profiles: Record<string, string> };
    expect(Object.keys(before.profiles).sort()).toEqual(['mine', 'theirs']);
    expect((await cli(['profiles', 'remove', 'theirs'], { home })).code).toBe(0);
    const after = JSON.parse(readFileSync(join(home, 'eventline', 'credentials.json'), 'utf8')) as { profiles: Record<string, string> };
    expect(after.profiles).toEqual({ mine: tenant.clientSecret });
    expect(JSON.parse((await cli(['profiles', 'list', '--json'], { home })).stdout)).toEqual([
      { name: 'mine', current: false, url, clientId: tenant.clientId, secret: 'file' },
    ]);
  }, 60_000);
});

describe('the OS keychain', () => {
  it('is the platform\'s command: security on macOS, secret-tool on Linux, none on Windows', () => {
    expect(systemKeychain('darwin')?.name).toBe('macOS keychain');
    expect(systemKeychain('linux')?.name).toBe('secret service (secret-tool)');
    expect(systemKeychain('win32')).toBeUndefined();
  });

  it('keeps the secret in the keychain when it answers (secret on stdin, not the command line), and reads it back for each call', async () => {
    const home = tempDir('eventline-xdg-');
    const tool = fakeSecretTool();
    const keychain = secretToolKeychain(tool.command);
    const login = await cli(['login', '--profile', 'kc', '--url', url, '--client-id', tenant.clientId, '--client-secret', tenant.clientSecret], { home, keychain });
    expect(login.code).toBe(0);
    expect(login.stdout).toContain('The client secret is in the secret service (secret-tool).');
    expect(readFileSync(join(tool.store, 'kc'), 'utf8')).toBe(tenant.clientSecret);
    const calls = readFileSync(join(tool.store, 'calls.log'), 'utf8');
    expect(calls).toContain('store --label=eventline profile kc service eventline profile kc');
    expect(calls).not.toContain(tenant.clientSecret);
    expect(existsSync(join(home, 'eventline', 'credentials.json'))).toBe(false);
    expect(JSON.parse(readFileSync(join(home, 'eventline', 'config.json'), 'utf8'))).toMatchObject({ profiles: { kc: { secret: 'keychain' } } });

    expect(totalCount(await cli(['api', 'get', '/events', '--jq', '.paging.totalCount'], { home, keychain }))).toBe(2);
    expect(readFileSync(join(tool.store, 'calls.log'), 'utf8')).toContain('lookup service eventline profile kc');

    expect((await cli(['profiles', 'remove', 'kc'], { home, keychain })).code).toBe(0);
    expect(existsSync(join(tool.store, 'kc'))).toBe(false);
  }, 60_000);

  it('falls back to the 0600 file when the keychain does not answer (no session bus)', async () => {
    const home = tempDir('eventline-xdg-');
    const keychain = secretToolKeychain(fakeSecretTool({ broken: true }).command);
    const login = await cli(['login', '--url', url, '--client-id', tenant.clientId, '--client-secret', tenant.clientSecret], { home, keychain });
    expect(login.code).toBe(0);
    expect(login.stdout).toContain('no OS keychain answered');
    expect(mode(join(home, 'eventline', 'credentials.json'))).toBe(0o600);
    expect(totalCount(await cli(['api', 'get', '/events', '--jq', '.paging.totalCount'], { home, keychain }))).toBe(2);
  }, 60_000);

  it('and when the command is not installed at all', async () => {
    const home = tempDir('eventline-xdg-');
    const keychain = secretToolKeychain(join(tempDir('eventline-empty-'), 'secret-tool'));
    expect((await cli(['login', '--url', url, '--client-id', tenant.clientId, '--client-secret', tenant.clientSecret], { home, keychain })).code).toBe(0);
    expect(JSON.parse(readFileSync(join(home, 'eventline', 'config.json'), 'utf8'))).toMatchObject({ profiles: { default: { secret: 'file' } } });
  }, 60_000);
});
