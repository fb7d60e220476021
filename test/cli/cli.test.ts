import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServices, type Services } from '../../src/app.js';
import { main } from '../../src/cli/index.js';
import { loadConfig, type Config } from '../../src/config/index.js';
import type { Account, Application, Invitation, User, Workspace } from '../../src/modules/accounts/index.js';
import { EVENT_CREATE_JOB } from '../../src/modules/events/index.js';
import { OAuthError } from '../../src/modules/oauth/index.js';
import { createTestDatabaseConfig } from '../helpers/db.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let config: Config;
let services: Services;
let drop: (() => Promise<void>) | undefined;
let seq = 0;

const configFor = (database: Config['database']): Config => loadConfig({ DEMO: 'false', LOG_LEVEL: 'silent' }, { database });
const unique = (prefix: string): string => `${prefix}-${Date.now().toString(36)}-${++seq}`;

beforeAll(async () => {
  const db = await createTestDatabaseConfig();
  drop = db.drop;
  config = configFor(db.config);
  services = await buildServices(config);
});

afterAll(async () => {
  await services?.db.destroy();
  await drop?.();
});

async function cli(args: readonly string[], opts: { config?: Config; signal?: AbortSignal } = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await main(['node', 'eventline', ...args], {
    config: opts.config ?? config,
    io: { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s) },
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  return { code, stdout, stderr };
}

/** Runs with --json, requires success, and parses stdout as exactly one JSON document. */
async function cliJson<T>(args: readonly string[]): Promise<{ doc: T; stderr: string }> {
  const run = await cli([...args, '--json']);
  expect(run.code, run.stderr).toBe(0);
  return { doc: JSON.parse(run.stdout) as T, stderr: run.stderr };
}

async function newAccount(name = unique('Account')): Promise<Account> {
  return (await cliJson<Account>(['accounts', 'create', '--name', name])).doc;
}

function expectCleanError(run: Run, code: number, message: string | RegExp): void {
  expect(run.code).toBe(code);
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(typeof message === 'string' ? `error: ${message}` : message);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

describe('eventline CLI', () => {
  it('onboards an account whose printed client secret gets a token until the application is revoked', async () => {
    const account = await newAccount();
    expect(account.tier).toBe('Free');
    expect(account.features).toEqual([]);

    expect((await cliJson<Account>(['accounts', 'set-tier', account.id, 'Professional'])).doc.tier).toBe('Professional');
    expect((await cliJson<Account>(['accounts', 'set-tier', '--account', account.id, '--tier', 'Enterprise'])).doc.tier).toBe('Enterprise');
    const enabled = await cliJson<Account>(['accounts', 'features', 'enable', 'contact-obfuscation', '--account', account.id]);
    expect(enabled.doc.features).toEqual(['contact-obfuscation']);
    expect(await services.accounts.hasFeature(account.id, 'contact-obfuscation')).toBe(true);
    expect((await services.accounts.getAccount(account.id)).tier).toBe('Enterprise');

    const adminEmail = `${unique('admin')}@example.test`;
    const admin = await cliJson<User & { password: string }>(['users', 'create', '--account', account.id, '--email', adminEmail, '--role', 'administrator']);
    expect(admin.doc.role).toBe('administrator');
    expect(admin.doc.password.length).toBeGreaterThanOrEqual(12);
    expect(admin.stderr).toContain('shown only once');
    expect((await services.accounts.verifyPassword(adminEmail, admin.doc.password))?.id).toBe(admin.doc.id);

    const workspace = (await cliJson<Workspace>([
      'workspaces', 'create', '--account', account.id, '--name', 'Integrations',
      '--scopes', 'event/events:read event/sessions:read', '--created-by', admin.doc.id,
    ])).doc;
    expect(workspace.scopes).toEqual(['event/events:read', 'event/sessions:read']);
    const granted = await cliJson<Workspace>(['workspaces', 'set-scopes', '--account', account.id, '--workspace', workspace.id, '--scopes', 'event/events:read,event/sessions:read,communications:read']);
    expect(granted.doc.scopes).toEqual(['event/events:read', 'event/sessions:read', 'compliance/communications:read']);
    const listed = await cliJson<Workspace[]>(['workspaces', 'list', '--account', account.id]);
    expect(listed.doc.map((w) => w.id)).toEqual([workspace.id]);

    // The developer is invited before they have a user, and joins the workspace when it is created.
    const devEmail = `${unique('dev')}@example.test`;
    const invitation = await cliJson<Invitation>(['workspaces', 'invite', '--account', account.id, '--workspace', workspace.id, '--email', devEmail]);
    expect(invitation.doc.status).toBe('pending');
    const dev = await cliJson<User>(['users', 'create', '--account', account.id, '--email', devEmail, '--role', 'developer', '--password', 'a long passphrase']);
    expect(dev.doc).not.toHaveProperty('password');

    const created = await cliJson<Application & { clientSecret: string }>([
      'apps', 'create', '--account', account.id, '--workspace', workspace.id, '--name', 'Archiver',
      '--scopes', 'event/events:read compliance/communications:read', '--created-by', dev.doc.id,
    ]);
    expect(created.doc.clientId).toMatch(/^[0-9a-f]{32}$/);
    expect(created.doc.clientSecret).toMatch(/^els_/);
    expect(created.stderr).toContain('shown only once');
    const { clientId, clientSecret } = created.doc;

    const token = await services.oauth.clientCredentials({ clientId, clientSecret });
    expect(token.token_type).toBe('Bearer');
    expect(token.scope.split(' ').sort()).toEqual(['compliance/communications:read', 'event/events:read']);

    const apps = await cliJson<Application[]>(['apps', 'list', '--account', account.id, '--workspace', workspace.id]);
    expect(apps.doc.map((a) => [a.clientId, a.revokedAt])).toEqual([[clientId, null]]);

    const revoked = await cliJson<Application>(['apps', 'revoke', '--account', account.id, clientId]);
    expect(revoked.doc.revokedAt).not.toBeNull();
    await expect(services.oauth.clientCredentials({ clientId, clientSecret })).rejects.toBeInstanceOf(OAuthError);

    const all = await cliJson<Account[]>(['accounts', 'list']);
    expect(all.doc.find((a) => a.id === account.id)).toMatchObject({ tier: 'Enterprise', features: ['contact-obfuscation'] });
  });

  it('prints the client secret exactly once in text mode, with a line saying it is shown only once', async () => {
    const account = await newAccount();
    const workspace = (await cliJson<Workspace>(['workspaces', 'create', '--account', account.id, '--name', 'W', '--all-scopes'])).doc;
    const run = await cli(['apps', 'create', '--account', account.id, '--workspace', workspace.id, '--name', 'Portal', '--all-scopes', '--redirect-uri', 'https://portal.example.test/cb']);
    expect(run.code, run.stderr).toBe(0);
    const clientId = /client_id:\s+(\S+)/.exec(run.stdout)?.[1];
    const clientSecret = /client_secret:\s+(\S+)/.exec(run.stdout)?.[1];
    expect(clientId).toBeDefined();
    expect(clientSecret).toBeDefined();
    expect(run.stdout.split(clientSecret ?? '<none>').length - 1).toBe(1);
    expect(run.stdout).toMatch(/shown only once/);
    const token = await services.oauth.clientCredentials({ clientId: clientId ?? '', clientSecret: clientSecret ?? '' });
    // --all-scopes on an application means everything its workspace grants.
    expect(token.scope.split(' ').sort()).toEqual([...workspace.scopes].sort());
  });

  it('generates a password when none is given and prints it once', async () => {
    const account = await newAccount();
    const email = `${unique('planner')}@example.test`;
    const run = await cli(['users', 'create', '--account', account.id, '--email', email, '--role', 'planner', '--name', 'Pat Planner']);
    expect(run.code, run.stderr).toBe(0);
    const password = /password:\s+(\S+)/.exec(run.stdout)?.[1] ?? '';
    expect(run.stdout.split(password).length - 1).toBe(1);
    expect(run.stdout).toContain('shown only once');
    expect(await services.accounts.verifyPassword(email, password)).toMatchObject({ email, name: 'Pat Planner', role: 'planner' });
  });

  it('prints friendly text without --json', async () => {
    const account = await newAccount(unique('Friendly'));
    const created = await cli(['accounts', 'create', '--name', 'Text Co', '--region', 'europe']);
    expect(created.stdout).toMatch(/^Created account "Text Co"\n/);
    expect(created.stdout).toMatch(/tier:\s+Free/);
    expect(created.stdout).toMatch(/region:\s+europe/);
    const list = await cli(['accounts', 'list']);
    expect(list.stdout).toMatch(/^ID\s+NAME\s+TIER\s+REGION\s+FEATURES\n/);
    expect(list.stdout).toContain(account.name);
    const tier = await cli(['accounts', 'set-tier', account.id, 'Professional']);
    expect(tier.stdout).toBe(`Account "${account.name}" (${account.id}) is now on the Professional tier.\n`);
  });

  it('exits 1 with a clear message and changes nothing when the tier is unknown', async () => {
    expectCleanError(await cli(['accounts', 'create', '--name', 'Gold Co', '--tier', 'Gold']), 1, 'Tier must be Free, Professional or Enterprise\n');
    expect((await services.accounts.listAccounts()).some((a) => a.name === 'Gold Co')).toBe(false);
    const account = await newAccount();
    // Under --json the error is a JSON document too.
    const json = await cli(['accounts', 'set-tier', account.id, 'Platinum', '--json']);
    expect(json.code).toBe(1);
    expect(json.stdout).toBe('');
    expect(JSON.parse(json.stderr)).toEqual({ error: { code: 'failed', exitCode: 1, message: 'Tier must be Free, Professional or Enterprise', reason: 'invalidTier', status: 400 } });
    expect((await services.accounts.getAccount(account.id)).tier).toBe('Free');
  });

  it('exits 1 naming the known features when the feature is unknown', async () => {
    const account = await newAccount();
    const run = await cli(['accounts', 'features', 'enable', 'teleportation', '--account', account.id]);
    expectCleanError(run, 1, "Unknown feature 'teleportation'; known: compliance-communications, contact-obfuscation");
    expect((await services.accounts.getAccount(account.id)).features).toEqual([]);
  });

  it('reports refused requests as one error line with exit code 1', async () => {
    const account = await newAccount();
    expectCleanError(await cli(['accounts', 'set-tier', 'no-such-account', 'Free']), 1, 'Account not found\n');
    expectCleanError(await cli(['apps', 'revoke', '--account', account.id, 'no-such-app']), 1, 'Application not found\n');
    expectCleanError(await cli(['workspaces', 'create', '--account', account.id, '--name', 'W', '--scopes', 'event/events:read bogus/scope']), 1, 'Unknown scope: bogus/scope\n');
    expectCleanError(await cli(['users', 'create', '--account', account.id, '--email', 'x@example.test', '--role', 'owner']), 1, 'Role must be administrator, planner or developer\n');
    const workspace = (await cliJson<Workspace>(['workspaces', 'create', '--account', account.id, '--name', 'Narrow', '--scopes', 'event/events:read'])).doc;
    expectCleanError(
      await cli(['apps', 'create', '--account', account.id, '--workspace', workspace.id, '--name', 'Greedy', '--scopes', 'event/events:write']),
      1, 'The workspace has not been granted: event/events:write\n',
    );
    expect(await services.accounts.listApplications(account.id)).toEqual([]);
  });

  it('exits 2 on usage errors', async () => {
    const account = await newAccount();
    const cases: string[][] = [
      ['no-such-command'],
      ['accounts', 'create'],
      ['accounts', 'set-tier', account.id],
      ['accounts', 'set-tier', account.id, 'Free', '--tier', 'Free'],
      ['workspaces', 'create', '--account', account.id, '--name', 'W', '--scopes', 'event/events:read', '--all-scopes'],
      ['apps', 'create', '--account', account.id, '--workspace', 'w', '--name', 'A'],
      ['users', 'create', '--account', account.id, '--email', 'e@example.test', '--role', 'developer', '--password', ''],
      ['worker', '--concurrency', '0'],
    ];
    for (const args of cases) {
      const run = await cli(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toMatch(/^error: /);
    }
    expect((await services.accounts.getAccount(account.id)).tier).toBe('Free');
  });

  it('prints help and the version with exit code 0', async () => {
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage: eventline/);
    for (const name of ['serve', 'migrate', 'worker', 'accounts', 'users', 'workspaces', 'apps']) expect(help.stdout).toContain(name);
    const version = await cli(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('migrate reports the migrations it ran, then that there is nothing to run', async () => {
    const fresh = await createTestDatabaseConfig();
    try {
      const freshConfig = configFor(fresh.config);
      const first = await cli(['migrate', '--json'], { config: freshConfig });
      expect(first.code, first.stderr).toBe(0);
      const doc = JSON.parse(first.stdout) as { database: { dialect: string }; ran: string[] };
      expect(doc.database.dialect).toBe(fresh.config.dialect);
      expect(doc.ran).toContain('0001_foundation');
      const again = await cli(['migrate'], { config: freshConfig });
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toMatch(/is up to date; no migrations to run/);
    } finally {
      await fresh.drop();
    }
  });

  it('worker runs queued jobs and stops gracefully when told to stop', async () => {
    // A creation that does not exist: the handler finds nothing to do and completes.
    const job = await services.jobs.enqueue({ type: EVENT_CREATE_JOB, payload: { creationId: 'missing' } });
    const stop = new AbortController();
    const running = cli(['worker', '--json', '--poll-ms', '20'], { signal: stop.signal });
    const deadline = Date.now() + 15_000;
    while ((await services.jobs.get(job.id))?.status !== 'completed') {
      if (Date.now() > deadline) throw new Error('the worker did not complete the job');
      await new Promise((r) => setTimeout(r, 50));
    }
    stop.abort();
    const run = await running;
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n').map((l) => JSON.parse(l) as { msg: string; jobId?: string });
    expect(lines[0]?.msg).toBe('worker started');
    expect(lines.some((l) => l.msg === 'job completed' && l.jobId === job.id)).toBe(true);
    expect(lines.at(-1)?.msg).toBe('worker stopped');
  });

  it('runs as a real binary from the clone with no build step', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'eventline-cli-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
      delete env['DATABASE_URL'];
      const bin = fileURLToPath(new URL('../../bin/eventline.js', import.meta.url));
      const child = spawn(process.execPath, [bin, 'accounts', 'create', '--name', 'Binary Co', '--json'], { env, cwd: tmpdir() });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => void (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => void (stderr += d.toString()));
      const code = await new Promise<number | null>((done, fail) => {
        child.on('error', fail);
        child.on('close', done);
      });
      expect(code, stderr).toBe(0);
      expect(JSON.parse(stdout)).toMatchObject({ name: 'Binary Co', tier: 'Free' });
      expect(existsSync(join(dataDir, 'eventline.db'))).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
