import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type Tenant, type TestApp } from '../helpers/app.js';
import { fixtureAttendees, fixtureEvent, fixtureSession, launchAttendeeHub } from '../helpers/webcast-fixtures.js';
import { createClient } from '../../src/client/index.js';
import { runArchive } from '../../src/cli/commands/archive.js';
import { SimulatedCrash, verifyArchive, type ManifestLine } from '../../src/cli/commands/archive-store.js';
import { main } from '../../src/cli/index.js';

/** fetch over app.inject: the SDK and the email downloads reach the real app without a socket. */
function injectFetch(app: FastifyInstance): typeof globalThis.fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET', url: url.pathname + url.search, headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    return new Response(res.statusCode === 204 ? null : res.rawPayload, { status: res.statusCode, headers: out });
  };
}

let t: TestApp;
let tenant: Tenant;
let api: Api;
let dir: string;
const sentBodies: string[] = [];

// Complete lines only: a killed run may leave half a line at the end.
const readManifest = (d: string): ManifestLine[] => {
  const text = readFileSync(join(d, 'manifest.jsonl'), 'utf8');
  return text.slice(0, text.lastIndexOf('\n') + 1).split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as ManifestLine);
};
const client = () => createClient({ baseUrl: 'http://eventline.test', clientId: tenant.clientId, clientSecret: tenant.clientSecret, fetch: injectFetch(t.app), scope: 'compliance/communications:read' });

beforeAll(async () => {
  t = await startTestApp({ build: { worker: false } });
  const db = t.db.handle.db;
  tenant = await createTenant(t.services);
  await t.services.accounts.setFeature(tenant.accountId, 'compliance-communications', true);
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  const event = await fixtureEvent(t.services, tenant.accountId, 'Hybrid');
  await launchAttendeeHub(api, event);
  const session = await fixtureSession(db, tenant.accountId, event);
  const people = await fixtureAttendees(db, tenant.accountId, event, 50);
  const wc = await api('POST', '/ea/webcasts', { event: { id: event }, session: { id: session }, provider: 'Zoom' });
  const webcast = (wc.json() as { id: string }).id;
  const links = await api('POST', `/ea/webcasts/${webcast}/attendee-links`, people.slice(0, 2).map((p, i) => ({ attendee: { id: p }, join: { href: `https://zoom.example/j/${i}` } })));
  const linkIds = (links.json() as Array<{ data: { id: string } }>).map((r) => r.data.id);
  const tokens = await Promise.all(linkIds.map((id) => t.services.communications.chat.tokenFor(id)));
  for (let i = 0; i < 200; i++) {
    const res = await t.app.inject({
      method: 'POST', url: `/ea/sessions/${session}/chat/messages`,
      headers: { 'content-type': 'application/json', 'x-attendee-token': tokens[i % 2] as string }, payload: JSON.stringify({ textHtml: `<p>chat ${i}</p>` }),
    });
    expect(res.statusCode).toBe(201);
  }
  for (let i = 0; i < 50; i++) {
    const body = `Personal note ${i} for the compliance archive`;
    sentBodies.push(body);
    const res = await api('POST', '/ea/events/emails', {
      event: { id: event }, email: { id: '0190a1b2-0000-7000-8000-0000000000f0', subject: `Note ${i}`, text: body }, resendToPreviousRecipients: true, attendees: [people[i]],
    });
    expect(res.statusCode).toBe(202);
  }
  dir = mkdtempSync(join(tmpdir(), 'eventline-archive-'));
}, 120_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

describe('eventline archive', () => {
  it('survives a kill in the middle: afterwards it holds exactly the 250 messages, each email as sent', async () => {
    const progress: string[] = [];
    await expect(runArchive({ client: client(), out: dir, fetch: injectFetch(t.app), pageSize: 25, crashAfter: 120, progress: (l) => progress.push(l) }))
      .rejects.toBeInstanceOf(SimulatedCrash);
    expect(readManifest(dir).length).toBe(120);
    expect(progress.some((l) => /^archived \d+ new/.test(l))).toBe(true);
    // The half-written line the crash left is cut off on the next start.
    expect(readFileSync(join(dir, 'manifest.jsonl'), 'utf8').endsWith('\n')).toBe(false);
    // The page of 25 was staged whole: the files of its 5 uncommitted messages are on disk, named by no line.
    // Cut each in half, as a kill in the middle of writing it would: the next run must write them again.
    const named = new Set(readManifest(dir).map((l) => l.file));
    const orphans = readdirSync(join(dir, 'objects')).filter((f) => !named.has(`objects/${f}`));
    expect(orphans).toHaveLength(5);
    for (const f of orphans) {
      const path = join(dir, 'objects', f);
      const data = readFileSync(path);
      writeFileSync(path, data.subarray(0, data.length >> 1));
    }

    const second = await runArchive({ client: client(), out: dir, fetch: injectFetch(t.app), pageSize: 25 });
    expect(second.total).toBe(250);
    const lines = readManifest(dir);
    expect(lines).toHaveLength(250);
    expect(new Set(lines.map((l) => l.id)).size).toBe(250);
    expect(lines.filter((l) => l.type === 'chat')).toHaveLength(200);
    const emails = lines.filter((l) => l.type === 'email');
    expect(emails).toHaveLength(50);

    const db = t.db.handle.db;
    const sent = await db.selectFrom('communication_messages').innerJoin('mail_outbox', 'mail_outbox.id', 'communication_messages.mail_id')
      .select(['communication_messages.id', 'mail_outbox.raw']).where('communication_messages.account_id', '=', tenant.accountId).execute();
    const rawById = new Map(sent.map((r) => [r.id, r.raw]));
    const bodies = new Set<string>();
    for (const e of emails) {
      const archived = readFileSync(join(dir, e.file), 'utf8');
      expect(archived).toBe(rawById.get(e.id));
      const match = sentBodies.find((b) => archived.includes(b));
      expect(match).toBeDefined();
      bodies.add(match as string);
    }
    expect(bodies.size).toBe(50);
    expect(verifyArchive(dir)).toEqual({ records: 250, problems: [] });

    // A further run finds nothing new and duplicates nothing.
    const third = await runArchive({ client: client(), out: dir, fetch: injectFetch(t.app) });
    expect(third.added).toBe(0);
    expect(readManifest(dir)).toHaveLength(250);
  });

  it('verify detects one changed byte in one file, and a removed manifest line', async () => {
    const lines = readManifest(dir);
    const victim = join(dir, (lines[7] as ManifestLine).file);
    const original = readFileSync(victim);
    const changed = Buffer.from(original);
    changed[changed.length - 3] = (changed[changed.length - 3] as number) ^ 0x01;
    writeFileSync(victim, changed);
    const bad = verifyArchive(dir);
    expect(bad.problems).toHaveLength(1);
    expect(bad.problems[0]).toMatch(/^line 8: .* does not match its SHA-256/);
    const out: string[] = [];
    const io = { stdout: (s: string) => void out.push(s), stderr: (s: string) => void out.push(s) };
    expect(await main(['node', 'eventline', 'archive', 'verify', dir], { io })).toBe(1);
    expect(out.join('')).toContain('FAIL line 8');
    writeFileSync(victim, original);
    expect(await main(['node', 'eventline', 'archive', 'verify', dir], { io })).toBe(0);

    const manifest = join(dir, 'manifest.jsonl');
    const text = readFileSync(manifest, 'utf8');
    const all = text.split('\n');
    writeFileSync(manifest, [...all.slice(0, 100), ...all.slice(101)].join('\n'));
    const removed = verifyArchive(dir);
    expect(removed.problems.some((p) => p.startsWith('line 101:') && /chain|sequence/.test(p))).toBe(true);
    writeFileSync(manifest, text);
    expect(verifyArchive(dir).problems).toEqual([]);
    expect(readdirSync(join(dir, 'objects')).length).toBe(250);
  });

  it('warns when its last successful run is older than the 30-day retention window', async () => {
    const checkpoint = JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8')) as { lastSuccess: string };
    const later = new Date(Date.parse(checkpoint.lastSuccess) + 31 * 24 * 3600 * 1000);
    const progress: string[] = [];
    const result = await runArchive({ client: client(), out: dir, fetch: injectFetch(t.app), now: () => later, progress: (l) => progress.push(l) });
    expect(result.warning).toMatch(/more than 30 days ago/);
    expect(progress[0]).toMatch(/^WARNING/);
  });

  it('obeys 429 answers on email downloads (waits Retry-After, then continues)', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'eventline-archive-429-'));
    try {
      const inner = injectFetch(t.app);
      let refused = 0;
      const limited: typeof globalThis.fetch = async (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (url.includes('/content?') && refused < 2) {
          refused += 1;
          return new Response(JSON.stringify({ code: 429, message: 'Too Many Requests' }), { status: 429, headers: { 'retry-after': '2' } });
        }
        return inner(input, init);
      };
      const waits: number[] = [];
      const result = await runArchive({ client: client(), out: fresh, fetch: limited, sleep: async (ms) => void waits.push(ms) });
      expect(result.total).toBe(250);
      expect(waits).toEqual([2000, 2000]);
      expect(verifyArchive(fresh).problems).toEqual([]);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});
