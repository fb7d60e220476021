import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventInput } from '../../src/modules/events/index.js';
import { createTenant, sampleEvent, startTestApp, type Tenant, type TestApp } from '../helpers/app.js';
import { freePort } from '../helpers/process.js';
import { packAndInstall, run, type PackResult } from '../helpers/pack.js';

// The SDK as its own npm package (packages/sdk, `eventline-sdk`): `npm pack` it, install the
// tarball into an empty project, check what that installed (no native build, none of the
// server's dependencies), then call a running server from a script in that project.

const SDK = fileURLToPath(new URL('../../packages/sdk/', import.meta.url));

/** The server's dependencies that must never reach a client's install. */
const SERVER_DEPENDENCIES = ['better-sqlite3', 'argon2', '@aws-sdk/client-s3', 'react', 'react-dom', 'vite', 'fastify', 'pg', 'ioredis', 'eventline'];

interface LsNode { version?: string; dependencies?: Record<string, LsNode> }

/** Every package of an `npm ls --all --json` tree, as name@version. */
function flatten(deps: Record<string, LsNode> | undefined): string[] {
  return Object.entries(deps ?? {}).flatMap(([name, node]) => [`${name}@${node.version ?? '?'}`, ...flatten(node.dependencies)]);
}

/** Files of a directory tree, relative paths. */
function walk(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const rel = prefix ? `${prefix}/${name}` : name;
    return statSync(join(dir, name)).isDirectory() ? walk(join(dir, name), rel) : [rel];
  });
}

let work: string;
let project: string;
let packed: PackResult;
let t: TestApp;
let url: string;
let tenant: Tenant;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'eventline-sdk-pack-'));
  // prepack builds dist/ with tsc (ESM and .d.ts), so the tarball always holds a fresh build. Install scripts stay on:
  // the point is that there are none to run.
  const { packed: results, project: installed } = await packAndInstall(SDK, work, 'eventline-sdk-check');
  expect(results).toHaveLength(1);
  packed = results[0] as PackResult;
  project = installed;

  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  t = await startTestApp({ config: { publicUrl: url, port } });
  await t.app.listen({ port, host: '127.0.0.1' });
  tenant = await createTenant(t.services);
  for (const title of ['Launch', 'Summit']) {
    await t.services.events.createNow(tenant.accountId, tenant.adminId, sampleEvent({ title }) as EventInput);
  }
}, 240_000);

afterAll(async () => {
  await t?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the eventline-sdk package', () => {
  it('packs its ESM build with type declarations and its licence, and no sources, tests or maps', () => {
    expect(packed.name).toBe('eventline-sdk');
    const paths = packed.files.map((f) => f.path).sort();
    expect(paths).toEqual(expect.arrayContaining(['package.json', 'README.md', 'LICENSE', 'dist/index.js', 'dist/index.d.ts', 'dist/webhook.js', 'dist/schema.d.ts']));
    expect(paths.filter((p) => !/^(package\.json|README\.md|LICENSE|dist\/[a-z-]+\.(js|d\.ts))$/.test(p))).toEqual([]);
  });

  it('installs into an empty project with nothing native and none of the server\'s dependencies', async () => {
    const tree = JSON.parse(await run('npm', ['ls', '--all', '--json'], project)) as { dependencies?: Record<string, LsNode> };
    const installed = flatten(tree.dependencies);
    // The whole tree is the SDK itself: it has no dependencies.
    expect(installed).toEqual(['eventline-sdk@0.1.0']);
    for (const dep of SERVER_DEPENDENCIES) expect(installed.some((p) => p.startsWith(`${dep}@`)), dep).toBe(false);

    const files = walk(join(project, 'node_modules'));
    expect(files.filter((f) => /(^|\/)binding\.gyp$|\.node$/.test(f))).toEqual([]);
    for (const f of files.filter((p) => p.endsWith('/package.json'))) {
      const pkg = JSON.parse(readFileSync(join(project, 'node_modules', f), 'utf8')) as { scripts?: Record<string, string>; gypfile?: boolean };
      const install = Object.keys(pkg.scripts ?? {}).filter((s) => ['preinstall', 'install', 'postinstall'].includes(s));
      expect({ f, install, gypfile: pkg.gypfile ?? false }).toEqual({ f, install: [], gypfile: false });
    }
    expect(existsSync(join(project, 'node_modules', 'eventline-sdk', 'dist', 'index.d.ts'))).toBe(true);
  });

  it('imports in that project and lists the events of a running server with a real token, and verifies a webhook', async () => {
    const secret = `whsec_${Buffer.from('a receiver secret of 32 bytes!!!').toString('base64')}`;
    const payload = JSON.stringify({ type: 'event.created', data: { id: 'e1' } });
    const at = new Date();
    const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign('msg_1', at, payload) };
    const script = `
      import { createClient, verifyWebhook, WebhookVerificationError } from 'eventline-sdk';
      const client = createClient({ baseUrl: process.env.EL_URL, clientId: process.env.EL_ID, clientSecret: process.env.EL_SECRET });
      const titles = [];
      for await (const e of client.paginate('/events', { limit: 1 })) titles.push(e.title);
      const hook = await verifyWebhook(process.env.EL_BODY, JSON.parse(process.env.EL_HEADERS), process.env.EL_HOOK_SECRET);
      const tampered = await verifyWebhook(process.env.EL_BODY + ' ', JSON.parse(process.env.EL_HEADERS), process.env.EL_HOOK_SECRET)
        .then(() => 'accepted', (e) => e instanceof WebhookVerificationError ? 'refused' : String(e));
      console.log(JSON.stringify({ titles: titles.sort(), hook, tampered }));
    `;
    const out = await run(process.execPath, ['--input-type=module', '-e', script], project, {
      EL_URL: url, EL_ID: tenant.clientId, EL_SECRET: tenant.clientSecret,
      EL_BODY: payload, EL_HEADERS: JSON.stringify(headers), EL_HOOK_SECRET: secret,
    });
    expect(JSON.parse(out.trim())).toEqual({ titles: ['Launch', 'Summit'], hook: JSON.parse(payload), tampered: 'refused' });
  }, 60_000);
});
