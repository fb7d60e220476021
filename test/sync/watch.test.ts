import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type EventlineClient } from '../../src/client/index.js';
import { Worker } from '../../src/jobs/index.js';
import { EventlineApi, SimProvider, SYNC_JOB, SyncEngine, syncJobHandler, WebhookReceiver, type ChangeNotification } from '../../src/modules/sync/index.js';
import { signWebhook } from '../../src/sim/index.js';
import { createTenant, sampleEvent, waitFor, type Tenant } from '../helpers/app.js';
import { startListeningTestApp, type ListeningTestApp } from '../helpers/http.js';
import { freePort } from '../helpers/process.js';
import { exitCode, spawnSync, startSimProcess, type SimProcess } from './harness.js';

// Change notifications (signed webhooks) and the sync as a durable job in the worker.
interface Row { id: string; [k: string]: unknown }
interface Webcast { id: string; meetingId?: string }

let t: ListeningTestApp;
let sim: SimProcess;
let tenant: Tenant;
let client: EventlineClient;
let eventId: string;

const webcastsOf = async (sessionId: string): Promise<Webcast[]> => {
  const out: Webcast[] = [];
  for await (const w of client.paginate('/webcasts', { filter: `session.id eq '${sessionId}'` })) out.push(w as Webcast);
  return out;
};
const newSession = (title: string) => client.post('/ea/sessions', {
  body: { title, event: { id: eventId }, start: '2027-03-01T10:00:00Z', end: '2027-03-01T11:00:00Z', includedSession: true, virtual: true },
}) as Promise<Row>;

beforeAll(async () => {
  [t, sim] = await Promise.all([startListeningTestApp(), startSimProcess()]);
  tenant = await createTenant(t.services);
  client = createClient({ baseUrl: t.baseUrl, clientId: tenant.clientId, clientSecret: tenant.clientSecret });
  eventId = (await t.services.events.createNow(tenant.accountId, 'sync-test', { ...sampleEvent({ title: 'Watch Summit' }), format: 'Virtual', type: 'Conference' })).id;
  const added = (await client.post('/ea/attendees', {
    body: Array.from({ length: 3 }, (_, k) => ({ event: { id: eventId }, status: 'Accepted' as const, contact: { firstName: `W${k}`, lastName: 'Watch', email: `w${k}@watch.example.test` } })),
  })) as Array<{ status: number }>;
  expect(added.map((r) => r.status)).toEqual([201, 201, 201]);
}, 120_000);
afterAll(async () => {
  await sim?.stop();
  await t?.close();
});

describe('webcast sync: webhooks and the worker', () => {
  it('accepts a webhook signed with HMAC-SHA256 over timestamp and body, and refuses a bad signature', async () => {
    const got: ChangeNotification[] = [];
    const receiver = new WebhookReceiver(new SimProvider({ baseUrl: sim.url, webhookSecret: 'hook-secret' }), (n) => got.push(n));
    const url = await receiver.listen(0);
    try {
      const meeting = await (await fetch(`${sim.url}/v2/users/me/meetings`, { method: 'POST', body: JSON.stringify({ topic: 'Hook test', start_time: '2027-03-01T10:00:00Z' }) })).json() as { id: string };
      await sim.control('POST', '/control/webhooks', { url, secret: 'hook-secret' });
      await sim.control('PATCH', `/control/meetings/${meeting.id}`, { topic: 'Edited by the host' });
      await waitFor(() => Promise.resolve(got.length > 0));
      expect(got[0]).toMatchObject({ type: 'meeting.updated', meetingId: meeting.id });

      const body = JSON.stringify({ event: 'meeting.updated', event_ts: Date.now(), payload: { object: { id: meeting.id } } });
      const ts = String(Date.now());
      const forged = await fetch(url, { method: 'POST', headers: { 'x-zm-request-timestamp': ts, 'x-zm-signature': signWebhook('wrong-secret', ts, body) }, body });
      expect(forged.status).toBe(401);
      const stale = String(Date.now() - 3_600_000);
      const replayed = await fetch(url, { method: 'POST', headers: { 'x-zm-request-timestamp': stale, 'x-zm-signature': signWebhook('hook-secret', stale, body) }, body });
      expect(replayed.status).toBe(401);
      expect(got).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('`eventline sync --watch` pulls a provider edit as soon as its webhook arrives, long before the next poll', async () => {
    const session = await newSession('Town hall');
    const port = await freePort();
    const watch = spawnSync(['--watch', '--interval', '3600', '--webhook-port', String(port), '--webhook-secret', 'watch-secret'], {
      url: t.baseUrl, clientId: tenant.clientId, clientSecret: tenant.clientSecret, simUrl: sim.url,
    });
    try {
      await watch.waitForOutput(/pass done sessions=\d+ failed=0/);
      const [webcast] = await webcastsOf(session.id);
      await sim.control('POST', '/control/webhooks', { url: `http://127.0.0.1:${port}/webhooks/sim`, secret: 'watch-secret' });
      await sim.control('PATCH', `/control/meetings/${webcast?.meetingId ?? ''}`, { topic: 'Town hall (moved online)' });
      await waitFor(async () => ((await client.get(`/ea/sessions/${session.id}` as string)) as Row)['title'] === 'Town hall (moved online)', 30_000);
      expect(watch.output()).toMatch(/webhook received type=meeting.updated/);
    } finally {
      await watch.stop('SIGTERM');
    }
    expect(await exitCode(watch)).toBe(0);
  }, 60_000);

  it('runs a pass as a durable job in the worker and schedules the next one', async () => {
    const session = await newSession('Worker panel');
    const handler = syncJobHandler({
      provider: 'sim', providerSettings: { simUrl: sim.url }, baseUrl: t.baseUrl, clientId: tenant.clientId, clientSecret: tenant.clientSecret, intervalSeconds: 3600,
    }, t.services.jobs, t.services.metrics);
    // Sessions synchronised, by outcome, on the `sim` platform (the metrics, docs/operations.md).
    const synced = async (outcome: string): Promise<number> =>
      Number(new RegExp(`^eventline_sync_sessions_total\\{platform="sim",outcome="${outcome}"\\} (\\d+)$`, 'm').exec(await t.services.metrics.text())?.[1] ?? 0);
    const before = { succeeded: await synced('succeeded'), failed: await synced('failed'), skipped: await synced('skipped') };
    const job = await t.services.jobs.enqueue({ type: SYNC_JOB, payload: {} });
    const worker = new Worker({ queue: t.services.jobs, handlers: { [SYNC_JOB]: handler }, pollMs: 50 });
    worker.start();
    try {
      await waitFor(async () => (await t.services.jobs.get(job.id))?.status === 'completed', 30_000);
    } finally {
      await worker.stop();
    }
    expect(await webcastsOf(session.id)).toHaveLength(1);
    const passed = (await t.services.jobs.get(job.id))?.result as { sessions: number };
    expect(passed.sessions).toBeGreaterThan(0);
    expect(await synced('failed') - before.failed).toBe(0);
    expect(await synced('succeeded') - before.succeeded + await synced('skipped') - before.skipped).toBe(passed.sessions);
    const state = (await client.get(`/ea/sessions/${session.id}/sync` as string)) as { outcome: string; progress: { attendeeLinks?: number } };
    expect(state).toMatchObject({ outcome: 'Succeeded', progress: { attendeeLinks: 3 } });
    const next = await t.services.db.db.selectFrom('jobs').select(['id', 'status', 'run_at']).where('type', '=', SYNC_JOB).where('id', '!=', job.id).execute();
    expect(next).toHaveLength(1);
    expect(next[0]?.status).toBe('queued');
    expect(Date.parse(next[0]?.run_at ?? '')).toBeGreaterThan(Date.now() + 3_000_000);
  }, 60_000);

  it('registers an attendee who joins an Included session later, and cancels the meeting when the session is cancelled', async () => {
    const session = await newSession('Closing');
    const engine = new SyncEngine({ api: new EventlineApi(client), provider: new SimProvider({ baseUrl: sim.url }) });
    expect(await engine.syncSession(session.id)).toMatchObject({ outcome: 'Succeeded', links: 3 });
    const late = (await client.post('/ea/attendees', {
      body: [{ event: { id: eventId }, status: 'Accepted' as const, contact: { firstName: 'Late', lastName: 'Comer', email: 'late@watch.example.test' } }],
    })) as Array<{ status: number; data: Row }>;
    expect(late[0]?.status).toBe(201);
    expect(await engine.syncSession(session.id)).toMatchObject({ outcome: 'Succeeded', links: 4 });
    const [webcast] = await webcastsOf(session.id);
    const links: Array<{ attendee: { id: string } }> = [];
    for await (const l of client.paginate('/webcasts/attendee-links', { filter: `webcast.id eq '${webcast?.id ?? ''}'` })) links.push(l as { attendee: { id: string } });
    expect(links.map((l) => l.attendee.id)).toContain(late[0]?.data.id);

    const current = (await client.get(`/ea/sessions/${session.id}` as string)) as Row;
    await client.put(`/ea/sessions/${session.id}` as string, { body: { ...current, status: 'Cancelled' } });
    expect((await engine.syncSession(session.id)).outcome).toBe('Succeeded');
    const meetings = (await (await fetch(`${sim.url}/v2/users/me/meetings`)).json() as { meetings: Array<{ id: string }> }).meetings;
    expect(meetings.map((m) => m.id)).not.toContain(webcast?.meetingId);
    expect(((await client.get(`/ea/webcasts/${webcast?.id ?? ''}` as string)) as { status: string }).status).toBe('Cancelled');
  });
});
