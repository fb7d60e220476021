import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, waitFor, type Api, type TestApp } from '../helpers/app.js';
import { serviceRequired } from '../helpers/services.js';

// Badges and badge print jobs (issue 30): a print job renders a PDF, one page per badge, with the attendee's name,
// company and a QR code of the attendee's id, stores it as a file and reports its status. The test turns the PDF into
// pictures with poppler's pdftoppm and decodes the QR codes back to the attendees' ids.

// jsqr is CommonJS; under NodeNext the default import is the module object, whose `.default` is the function (at runtime too).
const jsQR = jsQRModule.default;

// pdftoppm comes from Debian's poppler-utils: CI installs and requires it (CI_REQUIRE_SERVICES=...,pdftoppm); on a
// machine with nothing but Node.js the rendering test is skipped, saying why.
const PDFTOPPM = spawnSync('pdftoppm', ['-v']).error === undefined;
const RENDER_SKIP = PDFTOPPM || serviceRequired('pdftoppm') ? '' : ' [skipped: pdftoppm is not installed (apt-get install -y poppler-utils)]';

interface PrintJob { id: string; status: string; code?: string; badgeIds: string[]; document?: { id: string; href: string; pages: number } }

describe('badges and badge print jobs', () => {
  let t: TestApp;
  let api: Api;
  let event: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'eventline-badges-'));
  const people = [
    { firstName: 'Ada', lastName: 'Lovelace', company: 'Analytical Engines Ltd', email: 'ada@badges.test' },
    { firstName: 'Grace', lastName: 'Hopper', company: 'Compilers Inc', email: 'grace@badges.test' },
    { firstName: 'Alan', lastName: 'Turing', company: 'Bletchley Park', email: 'alan@badges.test' },
  ];
  const attendees: string[] = [];

  async function newAttendee(person: Record<string, string>): Promise<string> {
    const [contact] = await ok<Array<{ status: number; data: { id: string } }>>(api('POST', '/ea/contacts', [person]), 207);
    const [attendee] = await ok<Array<{ status: number; data: { id: string } }>>(api('POST', '/ea/attendees', [{ event: { id: event }, contact: { id: contact?.data.id }, status: 'Accepted' }]), 207);
    expect(attendee?.status).toBe(201);
    return attendee?.data.id ?? '';
  }

  beforeAll(async () => {
    t = await startTestApp({ env: { DATA_DIR: dataDir } });
    const tenant = await createTenant(t.services);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    event = (await t.services.events.createNow(tenant.accountId, 'test', {
      title: 'Badge Summit', format: 'In-person', type: 'Conference', timezone: 'UTC', languages: ['en-US'],
      planners: [{ firstName: 'Pat', lastName: 'Planner', email: 'pat@badges.test' }], start: '2027-03-01T09:00:00.000Z', end: '2027-03-02T17:00:00.000Z',
    } as never)).id;
    for (const p of people) attendees.push(await newAttendee(p));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates, lists, filters and updates badges', async () => {
    for (const [i, a] of attendees.entries()) {
      const badge = await ok<{ id: string; attendee: { id: string } }>(api('POST', `/ea/events/${event}/badges`, { id: `B-00${i + 1}`, status: 'Active', type: 'Qr', attendee: { id: a }, event: { id: event } }));
      expect(badge).toMatchObject({ id: `B-00${i + 1}`, attendee: { id: a }, status: 'Active' });
    }
    const all = await ok<{ data: Array<{ id: string }>; paging: { totalCount: number } }>(api('GET', `/ea/events/${event}/badges`));
    expect(all.data.map((b) => b.id)).toEqual(['B-001', 'B-002', 'B-003']);
    const one = await ok<{ data: Array<{ id: string }> }>(api('GET', `/ea/events/${event}/badges?filter=${encodeURIComponent(`attendee.id eq '${attendees[1] ?? ''}'`)}`));
    expect(one.data.map((b) => b.id)).toEqual(['B-002']);
    const posted = await ok<{ data: Array<{ id: string }> }>(api('POST', `/ea/events/${event}/badges/filter`, { filter: "id eq 'B-003'" }));
    expect(posted.data.map((b) => b.id)).toEqual(['B-003']);
    // Only the reference's operators: ne is not one of them for badges.
    expect((await api('GET', `/ea/events/${event}/badges?filter=${encodeURIComponent("id ne 'B-003'")}`)).statusCode).toBe(400);

    const updated = await ok<{ status: string }>(api('PUT', `/ea/events/${event}/badges/B-003`, { id: 'B-003', status: 'Deactivated', type: 'Epc', attendee: { id: attendees[2] }, event: { id: event } }));
    expect(updated.status).toBe('Deactivated');
    await ok(api('PUT', `/ea/events/${event}/badges/B-003`, { id: 'B-003', status: 'Active', type: 'Qr', attendee: { id: attendees[2] }, event: { id: event } }));
  });

  it('refuses bad badges with a 4xx that changes nothing', async () => {
    const body = (o: Record<string, unknown>) => ({ id: 'B-900', status: 'Active', type: 'Qr', attendee: { id: attendees[0] }, event: { id: event }, ...o });
    expect((await api('POST', `/ea/events/${event}/badges`, body({ id: 'B-001' }))).statusCode).toBe(400); // taken
    expect((await api('POST', `/ea/events/${event}/badges`, body({ event: { id: '0190a1b2-0000-7000-8000-000000000000' } }))).json()).toMatchObject({ code: 400, target: 'event.id' });
    expect((await api('POST', `/ea/events/${event}/badges`, body({ attendee: { id: '0190a1b2-0000-7000-8000-000000000000' } }))).json()).toMatchObject({ code: 400, target: 'attendee.id' });
    expect((await api('POST', `/ea/events/${event}/badges`, body({ status: 'Lost' }))).statusCode).toBe(400);
    expect((await api('PUT', `/ea/events/${event}/badges/B-404`, body({ id: 'B-404' }))).statusCode).toBe(404);
    expect((await api('PUT', `/ea/events/${event}/badges/B-001`, body({ id: 'B-002' }))).json()).toMatchObject({ code: 400, target: 'id' });
    const all = await ok<{ data: unknown[] }>(api('GET', `/ea/events/${event}/badges`));
    expect(all.data).toHaveLength(3);
  });

  it('creates printer pools; a disabled pool takes no job', async () => {
    const pool = await ok<{ id: string; disabled: boolean }>(api('POST', `/ea/events/${event}/badge-printer-pools`, { name: 'Front desk' }), 201);
    expect(pool.disabled).toBe(false);
    const off = await ok<{ id: string }>(api('POST', `/ea/events/${event}/badge-printer-pools`, { name: 'Back office', disabled: true }), 201);
    expect(await ok(api('GET', `/ea/events/${event}/badge-printer-pools/${pool.id}`))).toEqual({ id: pool.id, name: 'Front desk', disabled: false });
    const enabled = await ok<{ data: Array<{ id: string }> }>(api('GET', `/ea/events/${event}/badge-printer-pools?filter=${encodeURIComponent("disabled eq 'false'")}`));
    expect(enabled.data.map((p) => p.id)).toEqual([pool.id]);
    const refused = await api('POST', `/ea/events/${event}/badge-print-jobs`, { pool: { id: off.id }, badgeId: 'B-001' });
    expect(refused.json()).toMatchObject({ code: 400, target: 'pool.id' });
    expect((await api('POST', `/ea/events/${event}/badge-print-jobs`, { pool: { id: pool.id }, badgeId: 'NOPE' })).json()).toMatchObject({ code: 400, target: 'badgeId' });
    expect((await ok<{ data: unknown[] }>(api('GET', `/ea/events/${event}/badge-print-jobs`))).data).toHaveLength(0);
    const renamed = await ok<{ name: string; disabled: boolean }>(api('PUT', `/ea/events/${event}/badge-printer-pools/${off.id}`, { name: 'Back office 2' }));
    expect(renamed).toMatchObject({ name: 'Back office 2', disabled: false });
  });

  it.skipIf(RENDER_SKIP !== '')(`renders a print job into a PDF whose QR codes decode to the attendees' ids${RENDER_SKIP}`, async () => {
    const pools = await ok<{ data: Array<{ id: string }> }>(api('GET', `/ea/events/${event}/badge-printer-pools`));
    const pool = pools.data[0]?.id ?? '';
    const created = await ok<{ id: string; status: string; badgeId: string }>(api('POST', `/ea/events/${event}/badge-print-jobs`, { pool: { id: pool }, badgeId: 'B-001', badgeIds: ['B-002', 'B-003'] }), 201);
    expect(created).toMatchObject({ status: 'Scheduled', badgeId: 'B-001' });
    const done = await waitFor(async () => {
      const job = await ok<PrintJob>(api('GET', `/ea/events/${event}/badge-print-jobs/${created.id}`));
      return job.status === 'Done' || job.status === 'Failed' ? job : undefined;
    }, 20_000, 'the print job to finish');
    expect(done.status, JSON.stringify(done)).toBe('Done');
    expect(done.badgeIds).toEqual(['B-001', 'B-002', 'B-003']);
    expect(done.document?.pages).toBe(3);

    // The PDF through its signed URL, as a client downloads it.
    const url = new URL(done.document?.href ?? '');
    const download = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/pdf');
    const pdf = download.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const dir = mkdtempSync(join(tmpdir(), 'eventline-badge-pages-'));
    try {
      writeFileSync(join(dir, 'badges.pdf'), pdf);
      execFileSync('pdftoppm', ['-r', '150', '-png', join(dir, 'badges.pdf'), join(dir, 'page')]);
      const pages = readdirSync(dir).filter((f) => f.endsWith('.png')).sort();
      expect(pages).toHaveLength(3);
      const decoded = pages.map((f) => {
        const png = PNG.sync.read(readFileSync(join(dir, f)));
        return jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height)?.data;
      });
      expect(decoded).toEqual(attendees);
      // The names and companies are on the pages, as text (pdftotext, also from poppler).
      const text = execFileSync('pdftotext', [join(dir, 'badges.pdf'), '-']).toString();
      for (const p of people) {
        expect(text).toContain(`${p.firstName} ${p.lastName}`);
        expect(text).toContain(p.company);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const listed = await ok<{ data: PrintJob[] }>(api('GET', `/ea/events/${event}/badge-print-jobs?filter=${encodeURIComponent("status eq 'Done'")}`));
    expect(listed.data.map((j) => j.id)).toEqual([created.id]);
    expect((await ok<{ data: unknown[] }>(api('GET', `/ea/events/${event}/badge-print-jobs?filter=${encodeURIComponent(`pool.id ne '${pool}'`)}`))).data).toHaveLength(0);
  });

  it('fails a job whose badge was deleted since, with the reference\'s error code', async () => {
    const pools = await ok<{ data: Array<{ id: string }> }>(api('GET', `/ea/events/${event}/badge-printer-pools`));
    await ok(api('PUT', `/ea/events/${event}/badges/B-002`, { id: 'B-002', status: 'Deleted', type: 'Qr', attendee: { id: attendees[1] }, event: { id: event } }));
    const created = await ok<{ id: string }>(api('POST', `/ea/events/${event}/badge-print-jobs`, { pool: { id: pools.data[0]?.id }, badgeId: 'B-002' }), 201);
    const failed = await waitFor(async () => {
      const job = await ok<PrintJob>(api('GET', `/ea/events/${event}/badge-print-jobs/${created.id}`));
      return job.status === 'Failed' || job.status === 'Done' ? job : undefined;
    }, 20_000, 'the print job to fail');
    expect(failed).toMatchObject({ status: 'Failed', code: 'BadgeNotFound' });
    expect(failed.document).toBeUndefined();
  });
});
