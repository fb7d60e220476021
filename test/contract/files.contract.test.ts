import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fileForm, form, gif, pdf, png } from '../helpers/files.js';
import { describeContract, expectMatchesReference, referenceOperation } from './reference.js';

// The File tag's two operations, as eventline really answers them, validated
// against the reference's response schemas (DESIGN rule 2). The reference
// documents 400 for bad uploads; eventline's 413 (too large) and 415 (not a
// multipart body) carry the same error shape, checked against that 400's schema.
describeContract('contract: File operations match the reference', () => {
  let t: TestApp;
  let dataDir: string;
  let token: string;
  let api: Api;
  let otherApi: Api;
  let readOnly: string;
  const MISSING = '0190a1b2-0000-7000-8000-000000000000';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'eventline-files-contract-'));
    t = await startTestApp({ env: { DATA_DIR: dataDir, FILES_MAX_BYTES: String(100_000) }, build: { worker: false } });
    const tenant = await createTenant(t.services);
    token = await tokenFor(t.app, tenant);
    api = apiClient(t.app, token);
    readOnly = await tokenFor(t.app, tenant, 'file/file:read');
    otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (body: { payload: Buffer; headers: Record<string, string> }, bearer: string | null = token) =>
    t.app.inject({ method: 'POST', url: '/ea/files', payload: body.payload, headers: { ...body.headers, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) } });
  const expectError = (method: string, path: string, status: number, res: { statusCode: number; body: string; json: () => unknown }) => {
    expect(res.statusCode, res.body).toBe(status);
    expectMatchesReference(method, path, [413, 415].includes(status) ? 400 : status, res.json());
  };

  it('declares the reference scopes', () => {
    expect(referenceOperation('POST', '/files')).toEqual({ operationId: 'uploadFile', scopes: ['file/file:write'] });
    expect(referenceOperation('GET', '/files/{id}')).toEqual({ operationId: 'getFile', scopes: ['file/file:read'] });
  });

  it('POST /files 201, 400, 401, 403, 413, 415', async () => {
    for (const [name, bytes] of [['logo.png', png()], ['banner.gif', gif()], ['agenda.pdf', pdf()], ['notes.txt', Buffer.from('hello\n')]] as const) {
      const res = await upload(fileForm(name, bytes));
      expect(res.statusCode, res.body).toBe(201);
      expectMatchesReference('POST', '/files', 201, res.json());
    }
    expectError('POST', '/files', 400, await upload(fileForm('logo.png', pdf())));
    expectError('POST', '/files', 400, await upload(form([{ name: 'purpose', value: 'image' }])));
    expectError('POST', '/files', 400, await upload({ payload: Buffer.from('--x\r\n'), headers: { 'content-type': 'multipart/form-data' } }));
    expectError('POST', '/files', 401, await upload(fileForm('a.pdf', pdf()), null));
    expectError('POST', '/files', 403, await upload(fileForm('a.pdf', pdf()), readOnly));
    expectError('POST', '/files', 413, await upload(fileForm('big.txt', Buffer.alloc(100_001, 'a'))));
    expectError('POST', '/files', 415, await upload({ payload: Buffer.from('{}'), headers: { 'content-type': 'application/json' } }));
  });

  it('GET /files/{id} 200, 400, 401, 403, 404', async () => {
    const made = await upload(fileForm('agenda.pdf', pdf()));
    const id = (made.json() as { id: string }).id;
    const ok = await api('GET', `/ea/files/${id}`);
    expect(ok.statusCode).toBe(200);
    expectMatchesReference('GET', '/files/{id}', 200, ok.json());
    expectError('GET', '/files/{id}', 404, await api('GET', '/ea/files/not-a-uuid'));
    expectError('GET', '/files/{id}', 401, await apiClient(t.app, undefined)('GET', `/ea/files/${id}`));
    expectError('GET', '/files/{id}', 403, await apiClient(t.app, await tokenFor(t.app, (await createTenant(t.services)), 'file/file:write'))('GET', `/ea/files/${id}`));
    expectError('GET', '/files/{id}', 404, await api('GET', `/ea/files/${MISSING}`));
    expectError('GET', '/files/{id}', 404, await otherApi('GET', `/ea/files/${id}`));
  });
});
