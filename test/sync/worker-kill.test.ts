import { dirname } from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type EventlineClient } from '../../src/client/index.js';
import { createTenant, sampleEvent, waitFor, type Tenant } from '../helpers/app.js';
import { startListeningTestApp, type ListeningTestApp } from '../helpers/http.js';
import { ClusterProcess } from '../cluster/harness.js';
import { FakeZoom } from './fakes/zoom.js';

// Issue 33, must show: "Killing the worker mid-sync, then restarting it, ends with every link and check-in present
// once." A real `eventline worker` process runs a Zoom connection's sync (the fake in this process as Zoom) on the
// test's database (SQLite file or PostgreSQL schema); it is SIGKILLed while it registers the 50 attendees and writes
// their links, and again while it reads the participants report, and restarted each time. The job's lease expires,
// the new worker takes it over, and the end state is counted through the API and in the database.
interface Row { id: string; [k: string]: unknown }
interface SyncState { outcome: string; error?: string; meetingId?: string }

const minute = 60_000;
const LEASE_MS = 1500;
const startMs = Math.ceil((Date.now() + 30 * minute) / minute) * minute;
const iso = (ms: number) => new Date(ms).toISOString();
const at = (min: number, sec = 0) => iso(startMs + min * minute + sec * 1000).replace('.000Z', 'Z');

let t: ListeningTestApp;
let fake: FakeZoom;
let tenant: Tenant;
let client: EventlineClient;
let worker: ClusterProcess;
let sessionId: string;
let connectionId: string;
const attendees: Row[] = [];
const serverErrors: string[] = [];
const sink = new Writable({ write(chunk: Buffer, _enc, cb) { serverErrors.push(chunk.toString('utf8')); cb(); } });

const all = async (path: string, filter: string): Promise<Row[]> => {
  const out: Row[] = [];
  for await (const row of client.paginate(path, { filter })) out.push(row as Row);
  return out;
};
const state = async (): Promise<SyncState> => (await client.get(`/ea/sessions/${sessionId}/sync` as string)) as SyncState;
const count = async (table: 'attendee_links' | 'session_attendance', column: 'webcast_id' | 'session_id', value: string): Promise<number> =>
  Number((await t.db.handle.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where(column, '=', value).executeTakeFirstOrThrow()).n);
const registrations = (): number => fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/registrants') && r.status < 300).length;
const workerStarted = (): Promise<boolean> => Promise.resolve((worker.output().match(/worker started/g) ?? []).length >= worker.starts);

/** Queues the connection's sync of the session and waits until the worker has ended it (it may be killed meanwhile). */
async function untilSynced(): Promise<SyncState> {
  return waitFor(async () => {
    const s = await state();
    return s.outcome !== 'Running' ? s : undefined;
  }, 90_000, 'the connection sync');
}

async function killAndRestart(): Promise<void> {
  expect(await worker.signal('SIGKILL')).toBeNull();
  fake.beforeRequest = undefined;
  await worker.start(workerStarted);
}

beforeAll(async () => {
  fake = new FakeZoom();
  fake.maxPageSize = 20;
  // No worker in the test's own process: only the `eventline worker` process runs the sync.
  [t] = await Promise.all([startListeningTestApp({ env: { HOOKS_ALLOW_LOOPBACK: 'true', RUN_WORKER: 'false', LOG_LEVEL: 'error' }, build: { worker: false, logger: { stream: sink } } }), fake.start()]);
  tenant = await createTenant(t.services);
  client = createClient({ baseUrl: t.baseUrl, clientId: tenant.clientId, clientSecret: tenant.clientSecret });
  const eventId = (await t.services.events.createNow(tenant.accountId, 'worker-kill', {
    ...sampleEvent({ title: 'Kill Summit', start: iso(Date.now() - 86_400_000), end: iso(Date.now() + 2 * 86_400_000) }), format: 'Hybrid', type: 'Conference',
  })).id;
  sessionId = ((await client.post('/ea/sessions', {
    body: { title: 'Keynote', event: { id: eventId }, start: iso(startMs), end: iso(startMs + 60 * minute), includedSession: false, virtual: true },
  })) as Row).id;
  for (let i = 0; i < 50; i += 25) {
    const added = (await client.post('/ea/attendees', {
      body: Array.from({ length: 25 }, (_, k) => ({ event: { id: eventId }, status: 'Accepted' as const, contact: { firstName: `Guest${i + k}`, lastName: 'Kill', email: `guest${i + k}@kill.example.test` } })),
    })) as Array<{ status: number; data: Row }>;
    expect(added.every((r) => r.status === 201)).toBe(true);
    attendees.push(...added.map((r) => r.data));
  }
  for (const a of attendees) await client.post(`/ea/sessions/${sessionId}/enrollment/${a.id}` as string);
  const connection = (await client.post('/ea/platform-connections' as string, {
    body: {
      platform: 'zoom', name: 'Zoom (kill test)',
      settings: { accountId: fake.accountId, clientId: fake.clientId, hostUser: fake.hostEmail, apiUrl: fake.apiUrl, oauthUrl: fake.url },
      secrets: { clientSecret: fake.clientSecret, webhookSecret: fake.webhookSecret },
    },
  })) as Row;
  connectionId = connection.id;

  const db = t.db.config;
  const { DATABASE_URL: _url, DATABASE_SCHEMA: _schema, ...env } = process.env;
  worker = new ClusterProcess('worker', ['worker', '--poll-ms', '100', '--lease-ms', String(LEASE_MS), '--grace-ms', '0'], {
    ...env, DEMO: 'false', LOG_LEVEL: 'info', HOOKS_ALLOW_LOOPBACK: 'true', PUBLIC_URL: t.baseUrl, RUN_WORKER: 'false', RATE_LIMIT_ENABLED: 'false',
    SYNC_INTERVAL_SECONDS: '3600',
    ...(db.dialect === 'postgres' ? { DATABASE_URL: db.url, ...(db.schema ? { DATABASE_SCHEMA: db.schema } : {}) } : { DATA_DIR: dirname(db.file) }),
  });
  await worker.start(workerStarted);
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await fake?.stop();
  await t?.close();
});

describe('a worker killed mid-sync', () => {
  it('ends, once restarted, with each of the 50 attendees registered once with one link, and one check-in with the summed duration', async () => {
    // 1. Killed while it registers the attendees on Zoom and writes their links back.
    fake.beforeRequest = async (method, path) => {
      if (method === 'POST' && path.endsWith('/registrants') && registrations() >= 10) await sleep(100);
    };
    const started = await client.post(`/ea/sessions/${sessionId}/sync` as string, { body: { connection: { id: connectionId } } });
    expect(started).toMatchObject({ outcome: 'Running' });
    await waitFor(async () => (registrations() >= 15 ? true : undefined), 60_000, 'the worker registering attendees');
    const registeredAtKill = registrations();
    await killAndRestart();
    expect(registeredAtKill).toBeLessThan(50);

    const first = await untilSynced();
    expect(first, `${JSON.stringify(first)}\n${worker.output()}`).toMatchObject({ outcome: 'Succeeded' });
    const meetingId = first.meetingId ?? '';
    const webcast = (await all('/webcasts', `session.id eq '${sessionId}'`))[0] as Row;
    const links = await all('/webcasts/attendee-links', `webcast.id eq '${webcast.id}'`);
    expect(links.map((l) => (l['attendee'] as Row).id).sort()).toEqual(attendees.map((a) => a.id).sort());
    expect(await count('attendee_links', 'webcast_id', webcast.id)).toBe(50);
    // Zoom holds one registrant per attendee, however many times the killed pass asked.
    const registrants = fake.meeting(meetingId).registrants;
    expect(new Set(registrants.map((r) => r.email)).size).toBe(50);
    expect(registrants).toHaveLength(50);

    // 2. The meeting ends; everyone joins, leaves and the first ten come back. Killed while reading the report.
    const expected = new Map<string, number>();
    for (const [i, l] of links.entries()) {
      const rid = String(l['sourceId'] ?? '');
      fake.join(meetingId, rid, at(10, i));
      fake.leave(meetingId, rid, at(40));
      let ms = (30 * 60 - i) * 1000;
      if (i < 10) {
        fake.join(meetingId, rid, at(50));
        fake.leave(meetingId, rid, at(55));
        ms += 5 * 60 * 1000;
      }
      expected.set((l['attendee'] as Row).id, ms);
    }
    await fake.end(meetingId, at(60));
    let reportPages = 0;
    fake.beforeRequest = async (_method, path) => {
      if (path.endsWith('/participants')) {
        reportPages += 1;
        await sleep(2_000);
      }
    };
    await client.post(`/ea/sessions/${sessionId}/sync` as string, { body: { connection: { id: connectionId } } });
    await waitFor(async () => (reportPages >= 1 ? true : undefined), 60_000, 'the worker reading the participants report');
    await killAndRestart();

    const second = await untilSynced();
    expect(second, `${JSON.stringify(second)}\n${serverErrors.join('').slice(0, 6000)}`).toMatchObject({ outcome: 'Succeeded' });
    const attendance = await all('/sessions/attendance', `session.id eq '${sessionId}'`);
    expect(attendance).toHaveLength(50);
    expect(new Set(attendance.map((a) => (a['attendee'] as Row).id)).size).toBe(50);
    for (const a of attendance) expect(a['duration']).toBe(expected.get((a['attendee'] as Row).id));
    expect(await count('session_attendance', 'session_id', sessionId)).toBe(50);
    expect(await count('attendee_links', 'webcast_id', String(webcast.id))).toBe(50);
    expect(fake.violations).toEqual([]);
  }, 240_000);
});
