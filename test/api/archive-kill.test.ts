import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, waitFor, type Tenant, type TestApp } from '../helpers/app.js';
import { fixtureAttendees, fixtureEvent, fixtureSession, launchAttendeeHub } from '../helpers/webcast-fixtures.js';
import { freePort, spawnProcess } from '../helpers/process.js';
import { verifyArchive, type ManifestLine } from '../../src/cli/commands/archive-store.js';

// The real CLI in its own process, SIGKILLed in the middle of a run. The test
// server in front of the app holds email downloads once `hold` is set, so the
// kill lands at a known point without any timing guess.
let t: TestApp;
let tenant: Tenant;
let server: Server;
let base: string;
let dir: string;
let downloads = 0;
let holdAfter = Infinity;

const manifestLines = (): ManifestLine[] => {
  const path = join(dir, 'manifest.jsonl');
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  return text.slice(0, text.lastIndexOf('\n') + 1).split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as ManifestLine);
};

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await startTestApp({ env: { PUBLIC_URL: base }, build: { worker: false } });
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url?.includes('/content?')) {
        downloads += 1;
        if (downloads > holdAfter) return; // never answered: the archiver waits here until it is killed
      }
      const headers = Object.fromEntries(Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === 'string'));
      void t.app.inject({ method: req.method as 'GET', url: req.url ?? '/', headers, ...(chunks.length > 0 ? { payload: Buffer.concat(chunks) } : {}) }).then((r) => {
        const out: Record<string, string> = {};
        for (const [k, v] of Object.entries(r.headers)) if (v !== undefined && k !== 'content-length' && k !== 'transfer-encoding' && k !== 'connection') out[k] = Array.isArray(v) ? v.join(', ') : String(v);
        res.writeHead(r.statusCode, out);
        res.end(r.rawPayload);
      });
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));

  tenant = await createTenant(t.services);
  await t.services.accounts.setFeature(tenant.accountId, 'compliance-communications', true);
  const api = apiClient(t.app, await tokenFor(t.app, tenant));
  const db = t.db.handle.db;
  const event = await fixtureEvent(t.services, tenant.accountId, 'Hybrid');
  await launchAttendeeHub(api, event);
  const session = await fixtureSession(db, tenant.accountId, event);
  const people = await fixtureAttendees(db, tenant.accountId, event, 50);
  const wc = await api('POST', '/ea/webcasts', { event: { id: event }, session: { id: session }, provider: 'Zoom' });
  const webcast = (wc.json() as { id: string }).id;
  const links = await api('POST', `/ea/webcasts/${webcast}/attendee-links`, [{ attendee: { id: people[0] }, join: { href: 'https://zoom.example/j/0' } }]);
  const token = await t.services.communications.chat.tokenFor((links.json() as Array<{ data: { id: string } }>)[0]?.data.id as string);
  for (let i = 0; i < 200; i++) {
    await t.app.inject({ method: 'POST', url: `/ea/sessions/${session}/chat/messages`, headers: { 'content-type': 'application/json', 'x-attendee-token': token }, payload: JSON.stringify({ textHtml: `<p>${i}</p>` }) });
  }
  for (let i = 0; i < 50; i++) {
    const res = await api('POST', '/ea/events/emails', { event: { id: event }, email: { id: '0190a1b2-0000-7000-8000-0000000000f1', subject: `S${i}`, text: `Body number ${i}` }, resendToPreviousRecipients: true, attendees: [people[i]] });
    expect(res.statusCode).toBe(202);
  }
  dir = mkdtempSync(join(tmpdir(), 'eventline-archive-kill-'));
}, 120_000);

afterAll(async () => {
  await new Promise<void>((r) => server?.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

const runCli = (args: string[]) => spawnProcess(process.execPath, [resolve('bin/eventline.js'), ...args], {
  cwd: process.cwd(),
  env: { ...process.env, EVENTLINE_CLIENT_ID: tenant.clientId, EVENTLINE_CLIENT_SECRET: tenant.clientSecret, LOG_LEVEL: 'silent' },
});

describe('eventline archive (a real process, killed)', () => {
  it('is SIGKILLed mid-run, started again, and then holds exactly the 250 messages with every email as sent', async () => {
    holdAfter = 20;
    const first = runCli(['archive', '--out', dir, '--url', base]);
    // Pages of 100: two pages of chats are committed; on the third (the 50 emails) 20 are downloaded and
    // staged, and the 21st download hangs, so that page is never committed.
    await waitFor(async () => manifestLines().length === 200, 60_000, '200 archived messages');
    await waitFor(async () => downloads > 20, 10_000, 'the held download');
    await waitFor(async () => readdirSync(join(dir, 'objects')).length === 220, 10_000, 'the 20 staged email files');
    expect(await first.stop('SIGKILL')).toBeNull();
    expect(manifestLines()).toHaveLength(200);
    // The staged emails' files are on disk, named by no manifest line; what the manifest names verifies.
    const named = new Set(manifestLines().map((l) => l.file));
    const orphans = readdirSync(join(dir, 'objects')).filter((f) => !named.has(`objects/${f}`));
    expect(orphans).toHaveLength(20);
    expect(orphans.every((f) => f.endsWith('.eml'))).toBe(true);
    expect(verifyArchive(dir)).toEqual({ records: 200, problems: [] });

    holdAfter = Infinity;
    const second = runCli(['archive', '--out', dir, '--url', base, '--json']);
    await waitFor(async () => second.child.exitCode !== null, 60_000, 'the second run to finish');
    expect(second.child.exitCode, second.output()).toBe(0);
    expect(second.output()).toMatch(/archived \d+ new/);

    const lines = manifestLines();
    expect(lines).toHaveLength(250);
    expect(new Set(lines.map((l) => l.id)).size).toBe(250);
    const sent = await t.db.handle.db.selectFrom('communication_messages').innerJoin('mail_outbox', 'mail_outbox.id', 'communication_messages.mail_id')
      .select(['communication_messages.id', 'mail_outbox.raw']).where('communication_messages.account_id', '=', tenant.accountId).execute();
    expect(sent).toHaveLength(50);
    for (const s of sent) {
      const line = lines.find((l) => l.id === s.id);
      expect(line).toBeDefined();
      expect(readFileSync(join(dir, (line as ManifestLine).file), 'utf8')).toBe(s.raw);
    }
    expect(verifyArchive(dir)).toEqual({ records: 250, problems: [] });
    // The resumed run wrote the same bytes over those files: one file per message, nothing left over.
    expect(readdirSync(join(dir, 'objects'))).toHaveLength(250);
  }, 120_000);
});
