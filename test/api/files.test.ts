import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileBackendSuite } from '../helpers/file-suite.js';
import { fileForm, pdf } from '../helpers/files.js';
import { createTenant, startTestApp, tokenFor } from '../helpers/app.js';
import { seedDemo } from '../../src/demo/seed.js';

// Files on the embedded backend: a directory under DATA_DIR.

function walk(dir: string): string[] {
  let out: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  for (const name of names) {
    const path = join(dir, name);
    out = statSync(path).isDirectory() ? [...out, ...walk(path)] : [...out, path];
  }
  return out;
}

const dataDir = mkdtempSync(join(tmpdir(), 'eventline-files-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

fileBackendSuite('a local directory', async () => ({
  kind: 'local',
  env: { DATA_DIR: dataDir },
  objects: async () => walk(join(dataDir, 'files')).map((p) => relative(join(dataDir, 'files'), p)),
}));

describe('the local directory', () => {
  it('keeps files 0600 in 0700 directories under DATA_DIR/files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eventline-files-mode-'));
    const t = await startTestApp({ env: { DATA_DIR: dir } });
    try {
      const tenant = await createTenant(t.services);
      const { payload, headers } = fileForm('a.pdf', pdf());
      const res = await t.app.inject({ method: 'POST', url: '/ea/files', payload, headers: { ...headers, authorization: `Bearer ${await tokenFor(t.app, tenant)}` } });
      expect(res.statusCode, res.body).toBe(201);
      const id = (res.json() as { id: string }).id;
      const root = join(dir, 'files');
      expect(statSync(root).mode & 0o777).toBe(0o700);
      expect(statSync(join(root, tenant.accountId)).mode & 0o777).toBe(0o700);
      expect(statSync(join(root, tenant.accountId, id)).mode & 0o777).toBe(0o600);
      expect(walk(root)).toEqual([join(root, tenant.accountId, id)]);
      // What a write cut off by a dying process leaves goes with the key.
      writeFileSync(join(root, tenant.accountId, `${id}.part`), 'half');
      await t.services.files.storage.delete(`${tenant.accountId}/${id}`);
      expect(walk(root)).toEqual([]);
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the file scopes', () => {
  it('are in the catalogue the portal lists, and the demo workspace and application hold them: the demo client uploads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eventline-files-demo-'));
    const t = await startTestApp({ env: { DATA_DIR: dir } });
    try {
      expect(t.services.portal.scopes()).toEqual(expect.arrayContaining([
        { name: 'file/file:read', description: 'Allows the reading of file' }, { name: 'file/file:write', description: 'Allows the uploading of file' },
      ]));
      const { credentials } = await seedDemo(t.services, t.config);
      if (!credentials) throw new Error('the demo was not created');
      const [workspace] = await t.services.accounts.listWorkspaces(credentials.accountId);
      expect(workspace?.scopes).toEqual(expect.arrayContaining(['file/file:read', 'file/file:write']));
      const [app] = await t.services.accounts.listApplications(credentials.accountId);
      expect(app?.scopes).toEqual(expect.arrayContaining(['file/file:read', 'file/file:write']));
      const token = await tokenFor(t.app, credentials, 'file/file:read file/file:write');
      const { payload, headers } = fileForm('a.pdf', pdf());
      const res = await t.app.inject({ method: 'POST', url: '/ea/files', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a file directory that cannot be written', () => {
  it('fails check() naming the directory', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'eventline-files-ro-'));
    // A regular file where the files directory should be: mkdir fails whoever runs the test (root too).
    writeFileSync(join(parent, 'files'), 'not a directory');
    const t = await startTestApp({ env: { DATA_DIR: parent } });
    try {
      await expect(t.services.files.storage.check()).rejects.toThrow(/the file directory .*files cannot be written \(EEXIST|ENOTDIR\)/);
    } finally {
      await t.close();
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
