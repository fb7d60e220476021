import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type EventlineClient } from '../../src/client/index.js';
import { EXIT, main } from '../../src/cli/index.js';
import { startSimServer, type SimServer } from '../../src/sim/index.js';
import { createTenant, sampleEvent, type Tenant } from '../helpers/app.js';
import { freePort, startListeningTestApp, type ListeningTestApp } from '../helpers/http.js';

// What `eventline sync --once` prints for a person: sessions by title, and why one was skipped.

interface Row { id: string }

let t: ListeningTestApp;
let sim: SimServer;
let tenant: Tenant;
let client: EventlineClient;
let synced: Row;
let skipped: Row;

beforeAll(async () => {
  [t, sim] = await Promise.all([startListeningTestApp(), startSimServer({ port: 0 })]);
  tenant = await createTenant(t.services);
  client = createClient({ baseUrl: t.baseUrl, clientId: tenant.clientId, clientSecret: tenant.clientSecret });
  const eventId = (await t.services.events.createNow(tenant.accountId, 'sync-output', { ...sampleEvent({ title: 'Output Summit' }), format: 'Hybrid', type: 'Conference' })).id;
  const session = (title: string) => client.post('/ea/sessions', {
    body: { title, event: { id: eventId }, start: '2027-03-01T10:00:00Z', end: '2027-03-01T11:00:00Z', includedSession: false, virtual: true },
  }) as Promise<Row>;
  synced = await session('Opening keynote');
  skipped = await session('Partner stream');
  // A webcast someone else runs: no meeting id for the sync to follow.
  await client.post('/ea/webcasts', { body: { event: { id: eventId }, session: { id: skipped.id }, provider: 'Zoom', title: 'Partner stream' } });
}, 120_000);

afterAll(async () => {
  await sim?.close();
  await t?.close();
});

async function sync(extra: string[] = [], simUrl = sim.url): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(['node', 'eventline', 'sync', '--provider', 'sim', '--once', '--url', t.baseUrl, '--sim-url', simUrl,
    '--client-id', tenant.clientId, '--client-secret', tenant.clientSecret, ...extra], { config: t.config, io: { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s) } });
  return { code, stdout, stderr };
}

describe('eventline sync --once output', () => {
  it('names sessions by title and says why one was skipped', async () => {
    const run = await sync();
    expect(run.code, run.stdout + run.stderr).toBe(EXIT.ok);
    expect(run.stdout).toMatch(/^"Opening keynote": Succeeded meeting=\S+ links=0 checkIns=0 recording=no$/m);
    expect(run.stdout).toMatch(/^"Partner stream": Skipped: its webcast has no meeting id: it is managed outside this sync$/m);
    expect(run.stdout).toMatch(/ meeting and webcast created session="Opening keynote" meeting=\S+ webcast=\S+$/m);
    expect(run.stdout).toMatch(/^sync done: 2 sessions, 0 failed, 1 skipped$/m);
    // No session is named by its id in what a person reads.
    expect(run.stdout).not.toContain(synced.id);
    expect(run.stdout).not.toContain(skipped.id);

    // The JSON lines keep the ids, with the titles and the reason beside them.
    const json = await sync(['--json']);
    expect(json.code).toBe(EXIT.ok);
    const lines = json.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toContainEqual(expect.objectContaining({ session: skipped.id, title: 'Partner stream', outcome: 'Skipped', reason: 'its webcast has no meeting id: it is managed outside this sync' }));
    expect(lines).toContainEqual(expect.objectContaining({ session: synced.id, title: 'Opening keynote', outcome: 'Succeeded' }));
    expect(lines.at(-1)).toEqual({ done: true, sessions: 2, failed: 0, skipped: 1 });
  });

  it('applies --jq and --fields to each result line, and moves the log lines to stderr', async () => {
    const jq = await sync(['--jq', 'select(.outcome == "Skipped") | .title']);
    expect(jq.code, jq.stderr).toBe(EXIT.ok);
    expect(jq.stdout).toBe('Partner stream\n');
    expect(jq.stderr).toContain('meeting');
    const fields = await sync(['--fields', 'title,outcome']);
    expect(fields.stdout.trim().split('\n').map((l) => JSON.parse(l) as unknown)).toEqual(expect.arrayContaining([
      { title: 'Partner stream', outcome: 'Skipped' }, { title: 'Opening keynote', outcome: 'Succeeded' }, { title: null, outcome: null },
    ]));
  });

  it('says why a session failed when the platform cannot be reached, and exits 1', async () => {
    const port = await freePort();
    const run = await sync([], `http://127.0.0.1:${port}`);
    expect(run.code).toBe(EXIT.failed);
    expect(run.stdout).toMatch(new RegExp(`^"Opening keynote": Failed: fetch failed: connect ECONNREFUSED 127\\.0\\.0\\.1:${port}$`, 'm'));
    expect(run.stdout).toMatch(/^sync done: 2 sessions, 1 failed, 1 skipped$/m);
    expect(run.stderr).toBe('error: 1 session(s) failed to sync: "Opening keynote"; see their sync state (GET /sessions/{id}/sync)\n');
  });
});
