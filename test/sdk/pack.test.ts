import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestApp, type Tenant, type TestApp } from '../helpers/app.js';
import { freePort } from '../helpers/process.js';

const execFileP = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// Run from `npm test`, the environment describes this package (npm_package_*,
// npm_config_local_prefix, ...); the npm calls below must see only their own
// project, so those are dropped. Registry and cache settings are kept.
const childEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !/^npm_(package_|lifecycle_|command$|config_local_prefix$)/i.test(k)),
);

async function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  try {
    const { stdout } = await execFileP(command, args, { cwd, env: { ...childEnv, ...env }, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`, { cause: err });
  }
}

interface PackResult { filename: string; files: Array<{ path: string }> }

let work: string;
let project: string;
let packed: PackResult;
let t: TestApp;
let url: string;
let tenant: Tenant;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'eventline-pack-'));
  // Scripts run here on purpose: prepack builds dist/, which the exports point at.
  const out = await run('npm', ['pack', '--pack-destination', work, '--json'], ROOT);
  const results = JSON.parse(out) as PackResult[];
  expect(results).toHaveLength(1);
  packed = results[0] as PackResult;

  project = join(work, 'project');
  await mkdir(project);
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'eventline-pack-check', private: true, type: 'module' }));
  // --ignore-scripts: the client needs none of the server's native builds, and
  // the package's postinstall (building the web UI) has no web/ to build there.
  await run('npm', ['install', join(work, packed.filename), '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], project);

  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  t = await startTestApp({ config: { publicUrl: url, port } });
  await t.app.listen({ port, host: '127.0.0.1' });
  tenant = await createTenant(t.services);
  // The server's full build (tsc) runs in prepack: minutes on a loaded two-core machine.
}, 600_000);

afterAll(async () => {
  await t?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('npm pack', () => {
  it('packs the built SDK and server with their type declarations, and no tests, data or node_modules', () => {
    const paths = packed.files.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining([
      'package.json', 'bin/eventline.js', 'tsconfig.json',
      'dist/src/app.js', 'dist/src/app.d.ts', 'dist/src/client/index.js', 'dist/src/client/index.d.ts',
      // eventline/client re-exports the SDK package's sources, compiled beside the server's.
      'dist/packages/sdk/src/index.js', 'dist/packages/sdk/src/index.d.ts',
    ]));
    const unwanted = paths.filter((p) => /(^|\/)(test|testing|data|node_modules)\/|\.test\.[cm]?[jt]s$|\.fixture\.[cm]?[jt]s$/.test(p));
    expect(unwanted).toEqual([]);
  });

  it('installs into another project, where eventline/client imports and calls the real server', async () => {
    expect(existsSync(join(project, 'node_modules', 'eventline', 'dist', 'src', 'client', 'index.js'))).toBe(true);
    const script = `
      import { createClient } from 'eventline/client';
      const client = createClient({ baseUrl: process.env.EL_URL, clientId: process.env.EL_ID, clientSecret: process.env.EL_SECRET });
      const page = await client.get('/events', { query: { limit: 1 } });
      console.log(JSON.stringify({ createClient: typeof createClient, totalCount: page.paging.totalCount }));
    `;
    const out = await run(process.execPath, ['--input-type=module', '-e', script], project, {
      EL_URL: url, EL_ID: tenant.clientId, EL_SECRET: tenant.clientSecret,
    });
    expect(JSON.parse(out.trim())).toEqual({ createClient: 'function', totalCount: 0 });
  });
});
