import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { apiClient, createTenant, startTestApp, tokenFor, waitFor, type Api, type TestApp, type Tenant } from './app.js';
import { fileForm, form, gif, jpeg, pdf, png } from './files.js';

/** A storage backend under test: the environment that selects it, and what it holds now. */
export interface Backend {
  readonly kind: 'local' | 's3';
  readonly env: Record<string, string>;
  /** Every object key in the backend (temporary and partial ones too). */
  objects(): Promise<string[]>;
}

interface FileBody { id: string; friendlyName: string; fileSize: number; path: { href: string }; created: string; createdBy: string; lastModified: string; lastModifiedBy: string }

/**
 * The files behaviour both backends must show, against the real app: upload,
 * location, download through the signed URL, refusal of expired and changed
 * URLs, tenancy, scopes, bad input that changes nothing, erasure and expiry.
 */
export function fileBackendSuite(name: string, start: () => Promise<Backend>, stop: () => Promise<void> = async () => undefined): void {
  describe(`files on ${name}`, () => {
    let t: TestApp;
    let backend: Backend;
    let tenant: Tenant;
    let api: Api;
    let other: Api;
    let offsetMs = 0;
    const MAX = 256 * 1024;

    beforeAll(async () => {
      backend = await start();
      t = await startTestApp({ env: { FILES_MAX_BYTES: String(MAX), PUBLIC_URL: 'http://files.test', ...backend.env }, build: { clock: () => new Date(Date.now() + offsetMs) } });
      tenant = await createTenant(t.services);
      api = apiClient(t.app, await tokenFor(t.app, tenant));
      other = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      await stop();
    });

    function injectForm(body: { payload: Buffer; headers: Record<string, string> }, bearer?: string): Promise<LightMyRequestResponse> {
      return t.app.inject({ method: 'POST', url: '/ea/files', payload: body.payload, headers: { ...body.headers, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) } });
    }
    let bearer = '';
    beforeAll(async () => {
      bearer = await tokenFor(t.app, tenant);
    });
    const post = (body: { payload: Buffer; headers: Record<string, string> }) => injectForm(body, bearer);
    /** The download URL as app.inject takes it (the href is absolute, under PUBLIC_URL). */
    const local = (href: string) => href.replace('http://files.test', '');
    const rows = async () => (await t.services.db.db.selectFrom('files').select(['id', 'status']).execute()).length;

    /** Asserts a refused upload: its status and message, and that the backend and the table are as they were. */
    async function refused(body: { payload: Buffer; headers: Record<string, string> }, status: number, message: RegExp): Promise<void> {
      const before = { objects: (await backend.objects()).length, rows: await rows() };
      const res = await post(body);
      expect(res.statusCode, res.body).toBe(status);
      const error = res.json() as { code: number; message: string };
      expect(error.code).toBe(status);
      expect(error.message).toMatch(message);
      expect({ objects: (await backend.objects()).length, rows: await rows() }).toEqual(before);
    }

    it('uploads a file, gives its location, and serves the same bytes through the signed URL', async () => {
      expect(t.services.files.storage.kind).toBe(backend.kind);
      const bytes = png(40, 20);
      const res = await post(fileForm('logo.png', bytes, 'image/png'));
      expect(res.statusCode, res.body).toBe(201);
      const file = res.json() as FileBody;
      expect(file).toMatchObject({ friendlyName: 'logo.png', fileSize: bytes.length, createdBy: tenant.clientId, lastModifiedBy: tenant.clientId });
      expect(file.path.href).toMatch(new RegExp(`^http://files\\.test/ea/files/${file.id}/content\\?expires=\\d+&kid=[\\w-]+&sig=[\\w-]+$`));
      expect(await backend.objects()).toContain(`${tenant.accountId}/${file.id}`);

      const got = await api('GET', `/ea/files/${file.id}`);
      expect(got.statusCode).toBe(200);
      const again = got.json() as FileBody;
      expect({ ...again, path: undefined }).toEqual({ ...file, path: undefined });

      const download = await t.app.inject({ method: 'GET', url: local(again.path.href) });
      expect(download.statusCode, download.body).toBe(200);
      expect(download.rawPayload.equals(bytes)).toBe(true);
      expect(download.headers['content-type']).toBe('image/png');
      expect(download.headers['content-length']).toBe(String(bytes.length));
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.headers['content-disposition']).toBe(`inline; filename="logo.png"; filename*=UTF-8''logo.png`);
    });

    it('takes every kind of allowed file by its content, and serves documents as attachments', async () => {
      for (const [filename, bytes, type] of [
        ['banner.gif', gif(), 'image/gif'], ['photo.jpg', jpeg(), 'image/jpeg'], ['agenda.pdf', pdf(), 'application/pdf'],
        ['notes.txt', Buffer.from('Room 4B, bring slides\n'), 'text/plain'], ['No extension', pdf(), 'application/pdf'],
        ['Ünïcödé – Übersicht.pdf', pdf(), 'application/pdf'],
      ] as const) {
        const res = await post(fileForm(filename, bytes, 'application/octet-stream'));
        expect(res.statusCode, `${filename}: ${res.body}`).toBe(201);
        const file = res.json() as FileBody;
        expect(file.friendlyName).toBe(filename);
        const download = await t.app.inject({ method: 'GET', url: local(file.path.href) });
        expect(download.statusCode).toBe(200);
        expect(download.headers['content-type']).toBe(type);
        expect(download.rawPayload.equals(bytes)).toBe(true);
        if (type === 'application/pdf') expect(download.headers['content-disposition']).toMatch(/^attachment; /);
      }
    });

    it('refuses a download URL that expired, or whose signature, expiry, key or file was changed (403)', async () => {
      const file = (await post(fileForm('a.pdf', pdf()))).json() as FileBody;
      const second = (await post(fileForm('b.pdf', pdf()))).json() as FileBody;
      const url = new URL(file.path.href);
      const q = Object.fromEntries(url.searchParams) as { expires: string; kid: string; sig: string };
      const sig = q.sig;
      const flipped = `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
      const variants = [
        `/ea/files/${file.id}/content?expires=${q.expires}&kid=${q.kid}&sig=${flipped}`,
        `/ea/files/${file.id}/content?expires=${Number(q.expires) + 3600}&kid=${q.kid}&sig=${sig}`,
        `/ea/files/${file.id}/content?expires=${q.expires}&kid=nokey123&sig=${sig}`,
        `/ea/files/${second.id}/content?expires=${q.expires}&kid=${q.kid}&sig=${sig}`,
        `/ea/files/${file.id}/content?expires=${q.expires}&kid=${q.kid}`,
        `/ea/files/${file.id}/content`,
      ];
      for (const v of variants) {
        const res = await t.app.inject({ method: 'GET', url: v });
        expect(res.statusCode, v).toBe(403);
        expect(res.json()).toEqual({ code: 403, message: 'The file URL is invalid or has expired: get a new one from GET /files/{id}' });
      }
      expect((await t.app.inject({ method: 'GET', url: local(file.path.href) })).statusCode).toBe(200);
      offsetMs = 3601_000;
      try {
        expect((await t.app.inject({ method: 'GET', url: local(file.path.href) })).statusCode).toBe(403);
      } finally {
        offsetMs = 0;
      }
      // A new location is valid again.
      const fresh = (await api('GET', `/ea/files/${file.id}`)).json() as FileBody;
      expect((await t.app.inject({ method: 'GET', url: local(fresh.path.href) })).statusCode).toBe(200);
    });

    it("shows another account none of the account's files (404)", async () => {
      const file = (await post(fileForm('private.pdf', pdf()))).json() as FileBody;
      const res = await other('GET', `/ea/files/${file.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: 'File not found' });
      expect((await api('GET', `/ea/files/${file.id}`)).statusCode).toBe(200);
    });

    it('needs file/file:write to upload and file/file:read to read (403)', async () => {
      const reader = await tokenFor(t.app, tenant, 'file/file:read');
      const writer = await tokenFor(t.app, tenant, 'file/file:write');
      expect((await injectForm(fileForm('a.pdf', pdf()), reader)).statusCode).toBe(403);
      const made = await injectForm(fileForm('a.pdf', pdf()), writer);
      expect(made.statusCode).toBe(201);
      const id = (made.json() as FileBody).id;
      expect((await apiClient(t.app, writer)('GET', `/ea/files/${id}`)).statusCode).toBe(403);
      expect((await apiClient(t.app, reader)('GET', `/ea/files/${id}`)).statusCode).toBe(200);
      expect((await injectForm(fileForm('a.pdf', pdf()))).statusCode).toBe(401);
    });

    it('refuses an image that is not an image, and changes nothing', async () => {
      await refused(fileForm('logo.png', Buffer.from('just some text, not a picture\n'), 'image/png'), 400, /^The file is not an image: its content is plain text$/);
      await refused(fileForm('logo.png', pdf()), 400, /^The file is not an image: its content is a PDF document$/);
      await refused(fileForm('scan.pdf', pdf(), 'image/jpeg'), 400, /not an image/);
      // The magic number alone is not enough: the header behind it must be an image's.
      const zeroWidth = png();
      zeroWidth.writeUInt32BE(0, 16);
      await refused(fileForm('logo.png', zeroWidth, 'image/png'), 400, /^The file is not a valid image: it starts like a PNG image but its header is broken$/);
      const junk = Buffer.concat([png().subarray(0, 8), Buffer.from('this is not an IHDR chunk at all......')]);
      await refused(fileForm('logo.png', junk, 'image/png'), 400, /^The file is not an image/);
      await refused(fileForm('photo.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2, 1, 2, 3, 4, 0xff, 0xd9])), 400, /not a valid image/);
      // purpose=image (the banner and logo types): JPEG, PNG or GIF only.
      await refused(fileForm('brochure.pdf', pdf(), 'application/pdf', [{ name: 'purpose', value: 'image' }]), 400, /^The file is not an image: its content is a PDF document$/);
      const ok = await post(fileForm('banner.gif', gif(), 'image/gif', [{ name: 'purpose', value: 'image' }]));
      expect(ok.statusCode, ok.body).toBe(201);
      const info = await t.services.files.requireWebImage(tenant.accountId, (ok.json() as FileBody).id);
      expect(info).toMatchObject({ extension: 'gif', contentType: 'image/gif', webImage: true, width: 1, height: 1 });
      const doc = (await post(fileForm('a.pdf', pdf()))).json() as FileBody;
      await expect(t.services.files.requireWebImage(tenant.accountId, doc.id)).rejects.toMatchObject({ status: 400 });
    });

    it('refuses types that are not allowed and names that do not fit the content, and changes nothing', async () => {
      await refused(fileForm('tool.exe', Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00'.padEnd(300, '\x00'), 'latin1')), 400, /^The file type is not allowed \(its content is application\/x-msdownload\)/);
      await refused(fileForm('report.pdf', png()), 400, /^The file is named \.pdf but its content is a PNG image$/);
      await refused(fileForm('report.pdf', Buffer.from('plain words')), 400, /^The file is named \.pdf but its content is plain text$/);
      await refused(fileForm('page.html', Buffer.from('<html><body>hi</body></html>')), 400, /^Files named \.html are not allowed/);
      await refused(fileForm('empty.txt', Buffer.alloc(0)), 400, /^The file is empty$/);
    });

    it('refuses a file over the size limit (413), streaming or not, and leaves no object or row behind', async () => {
      await refused(fileForm('big.txt', Buffer.alloc(MAX + 1, 'a')), 413, new RegExp(`^The file is larger than ${MAX} bytes$`));
      // Past the first sample, so the refusal comes while the file is being stored.
      await refused(fileForm('big.pdf', Buffer.concat([pdf(), Buffer.alloc(MAX, 0x20)])), 413, /larger than/);
      const exact = await post(fileForm('exact.txt', Buffer.alloc(MAX, 'b')));
      expect(exact.statusCode, exact.body).toBe(201);
      expect((exact.json() as FileBody).fileSize).toBe(MAX);
    });

    it('refuses a form without its file part, with extra parts, or in a bad multipart body, and changes nothing', async () => {
      await refused(form([{ name: 'purpose', value: 'image' }]), 400, /^The form has no file/);
      await refused(form([]), 400, /^The form has no file/);
      await refused(form([{ name: 'file', value: 'no filename here' }]), 400, /^The 'file' part has no file name/);
      await refused(form([{ name: 'upload', value: pdf(), filename: 'a.pdf' }]), 400, /^The file part must be named 'file', not 'upload'$/);
      await refused(form([{ name: 'colour', value: 'red' }, { name: 'file', value: pdf(), filename: 'a.pdf' }]), 400, /^Unknown form field 'colour'/);
      await refused(form([{ name: 'purpose', value: 'poster' }, { name: 'file', value: pdf(), filename: 'a.pdf' }]), 400, /^purpose must be one of: image, video$/);
      // A part after the file: the stored file is removed again.
      await refused(form([{ name: 'file', value: pdf(), filename: 'a.pdf' }, { name: 'purpose', value: 'image' }]), 400, /^The 'purpose' field comes after the file/);
      await refused(form([{ name: 'file', value: pdf(), filename: 'a.pdf' }, { name: 'file', value: pdf(), filename: 'b.pdf' }]), 400, /^Send one file per upload$/);
      const cut = fileForm('a.pdf', Buffer.concat([pdf(), Buffer.alloc(100_000, 0x20)]));
      await refused({ payload: cut.payload.subarray(0, 90_000), headers: cut.headers }, 400, /^The multipart body is malformed or was cut short$/);
      await refused({ payload: Buffer.from('--x\r\nnot a header\r\n\r\nbody\r\n--x--\r\n'), headers: { 'content-type': 'multipart/form-data; boundary=x' } }, 400, /^The form has no file/);
      await refused({ payload: Buffer.from('whatever'), headers: { 'content-type': 'multipart/form-data' } }, 400, /^The multipart body is malformed/);
      await refused({ payload: Buffer.from('{"file":"SGVsbG8="}'), headers: { 'content-type': 'application/json' } }, 415, /^Send the file as multipart\/form-data/);
      await refused({ payload: Buffer.from('hello'), headers: { 'content-type': 'text/plain' } }, 415, /^Send the file as multipart\/form-data/);
      const none = await t.app.inject({ method: 'POST', url: '/ea/files', headers: { authorization: `Bearer ${bearer}` } });
      expect(none.statusCode).toBe(400);
    });

    it('deletes the files of an obfuscated contact (row, then bytes) and redacts names that quote the contact', async () => {
      await t.services.accounts.setFeature(tenant.accountId, 'contact-obfuscation', true);
      const created = await api('POST', '/ea/contacts', [{ firstName: 'Oswaldine', lastName: 'Vbrazenhoff', email: 'oswaldine.vbrazenhoff@example.test' }]);
      const contactId = (created.json() as Array<{ data: { id: string } }>)[0]?.data.id ?? '';
      const picture = (await post(fileForm('portrait.png', png()))).json() as FileBody;
      await t.services.files.attach({ accountId: tenant.accountId, userId: null, clientId: 'test' }, picture.id, { attachedTo: `contact:${contactId}`, contactId });
      const named = (await post(fileForm('Vbrazenhoff-notes.txt', Buffer.from('notes')))).json() as FileBody;
      const unrelated = (await post(fileForm('agenda.pdf', pdf()))).json() as FileBody;
      const key = `${tenant.accountId}/${picture.id}`;
      expect(await backend.objects()).toContain(key);

      const start = await api('POST', `/ea/contacts/${contactId}/obfuscate`);
      expect(start.statusCode, start.body).toBe(202);
      const obfuscateId = (start.json() as { obfuscateId: string }).obfuscateId;
      await waitFor(async () => ((await api('GET', `/ea/contacts/obfuscate/${obfuscateId}/status`)).json() as { status: string }).status === 'COMPLETED', 20_000, 'obfuscation');

      expect((await api('GET', `/ea/files/${picture.id}`)).statusCode).toBe(404);
      await waitFor(async () => !(await backend.objects()).includes(key), 20_000, 'the bytes to be deleted');
      expect(((await api('GET', `/ea/files/${named.id}`)).json() as FileBody).friendlyName).toBe('[obfuscated]-notes.txt');
      expect((await api('GET', `/ea/files/${unrelated.id}`)).statusCode).toBe(200);
      const check = await t.services.obfuscation.verify({ contactId, values: ['Vbrazenhoff', 'oswaldine.vbrazenhoff@example.test'] });
      expect(check.hits).toEqual([]);
    });

    it('removes an upload a dead process left pending (row and bytes) after 6 hours, and never shows it', async () => {
      const id = '01900000-0000-7000-8000-00000000dead';
      const key = `${tenant.accountId}/${id}`;
      const at = new Date(Date.now() - 7 * 3600_000).toISOString();
      await t.services.db.db.insertInto('files').values({
        id, account_id: tenant.accountId, status: 'pending', friendly_name: 'half.pdf', extension: 'pdf', content_type: 'application/pdf', file_size: 0,
        sha256: null, storage_key: key, purpose: null, image_width: null, image_height: null, attached_to: null, contact_id: null,
        created: at, last_modified: at, created_by: 'test', last_modified_by: 'test',
      }).execute();
      await t.services.files.storage.put(key, Readable.from([pdf()]), 'application/pdf');
      expect((await api('GET', `/ea/files/${id}`)).statusCode).toBe(404);
      expect(await t.services.files.purge()).toBeGreaterThanOrEqual(1);
      expect(await t.services.db.db.selectFrom('files').select('id').where('id', '=', id).execute()).toEqual([]);
      expect(await backend.objects()).not.toContain(key);
    });

    it('removes unattached files after 30 days, and keeps attached ones', async () => {
      const loose = (await post(fileForm('loose.pdf', pdf()))).json() as FileBody;
      const kept = (await post(fileForm('kept.pdf', pdf()))).json() as FileBody;
      await t.services.files.attach({ accountId: tenant.accountId, userId: null, clientId: 'test' }, kept.id, { attachedTo: 'exhibitor:test' });
      offsetMs = 31 * 86_400_000;
      try {
        expect(await t.services.files.purge()).toBeGreaterThanOrEqual(1);
      } finally {
        offsetMs = 0;
      }
      expect((await api('GET', `/ea/files/${loose.id}`)).statusCode).toBe(404);
      expect(await backend.objects()).not.toContain(`${tenant.accountId}/${loose.id}`);
      expect((await api('GET', `/ea/files/${kept.id}`)).statusCode).toBe(200);
      expect(await backend.objects()).toContain(`${tenant.accountId}/${kept.id}`);
    });
  });
}
