import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestApp, type Tenant, type TestApp } from '../helpers/app.js';
import { freePort } from '../helpers/process.js';
import { packAndInstall, run, type PackResult } from '../helpers/pack.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));



let work: string;
let project: string;
let packed: PackResult;
let t: TestApp;
let url: string;
let tenant: Tenant;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'eventline-pack-'));
  // Scripts run here on purpose: prepack builds dist/, which the exports point at. --ignore-scripts at install: the
  // client needs none of the server's native builds, and the package's postinstall (building the web UI) has no web/
  // to build there.
  const { packed: results, project: installed } = await packAndInstall(ROOT, work, 'eventline-pack-check', { ignoreScripts: true });
  expect(results).toHaveLength(1);
  packed = results[0] as PackResult;
  project = installed;

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
      'package.json', 'LICENSE', 'bin/eventline.js', 'tsconfig.json',
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
