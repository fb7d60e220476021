import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type EventlineClient } from '../../src/client/index.js';
import { EventlineApi, SimProvider, SyncEngine, type SyncState } from '../../src/modules/sync/index.js';
import type { SimMeeting, SimParticipant, SimRegistrant } from '../../src/sim/index.js';
import { createTenant, sampleEvent, type Tenant } from '../helpers/app.js';
import { startListeningTestApp, type ListeningTestApp } from '../helpers/http.js';
import { exitCode, spawnSync, startSimProcess, type SimProcess } from './harness.js';

// eventline (this process, listening on a real port) and the platform
// simulator (its own process); the sync runs in-process and as `eventline sync`.
interface Row { id: string; [k: string]: unknown }
interface Link { attendee: { id: string }; join: { href: string }; sourceId?: string }
interface Webcast { id: string; meetingId?: string; status: string; _links: { join?: { href?: string; code?: string }; host?: { code?: string; key?: string }; recording?: { href?: string; code?: string } } }
interface Control { meeting: SimMeeting; registrants: SimRegistrant[]; participants: SimParticipant[]; recording: { share_url: string; password: string } | null }

let t: ListeningTestApp;
let sim: SimProcess;
let tenant: Tenant;
let client: EventlineClient;
let engine: SyncEngine;
let eventId: string;
let keynote: Row;
let workshop: Row;
const attendees: Row[] = [];

const all = async (path: string, filter: string): Promise<Row[]> => {
  const out: Row[] = [];
  for await (const row of client.paginate(path, { filter })) out.push(row as Row);
  return out;
};
const webcastOf = async (sessionId: string): Promise<Webcast> => (await all('/webcasts', `session.id eq '${sessionId}'`))[0] as unknown as Webcast;
const linksOf = async (webcastId: string): Promise<Link[]> => (await all('/webcasts/attendee-links', `webcast.id eq '${webcastId}'`)) as unknown as Link[];
const syncState = async (sessionId: string): Promise<SyncState> => (await client.get(`/ea/sessions/${sessionId}/sync` as string)) as SyncState;
const simMeeting = (id: string): Promise<Control> => sim.control<Control>('GET', `/control/meetings/${id}`);
const simMeetings = async (): Promise<SimMeeting[]> => (await (await fetch(`${sim.url}/v2/users/me/meetings`)).json() as { meetings: SimMeeting[] }).meetings;

beforeAll(async () => {
  [t, sim] = await Promise.all([startListeningTestApp(), startSimProcess()]);
  tenant = await createTenant(t.services);
  client = createClient({ baseUrl: t.baseUrl, clientId: tenant.clientId, clientSecret: tenant.clientSecret });
  engine = new SyncEngine({ api: new EventlineApi(client), provider: new SimProvider({ baseUrl: sim.url }) });
  eventId = (await t.services.events.createNow(tenant.accountId, 'sync-test', { ...sampleEvent({ title: 'Sync Summit' }), format: 'Hybrid', type: 'Conference' })).id;
  const session = (title: string) => client.post('/ea/sessions', {
    body: { title, event: { id: eventId }, start: '2027-03-01T10:00:00Z', end: '2027-03-01T11:00:00Z', includedSession: false, virtual: true },
  }) as Promise<Row>;
  keynote = await session('Keynote');
  workshop = await session('Workshop');
  for (let i = 0; i < 60; i += 30) {
    const added = (await client.post('/ea/attendees', {
      body: Array.from({ length: 30 }, (_, k) => ({ event: { id: eventId }, status: 'Accepted' as const, contact: { firstName: `Guest${i + k}`, lastName: 'Sync', email: `guest${i + k}@sync.example.test` } })),
    })) as Array<{ status: number; data: Row }>;
    expect(added.every((r) => r.status === 201)).toBe(true);
    attendees.push(...added.map((r) => r.data));
  }
  // 50 of the 60 enroll in each session; the last 10 do not.
  for (const a of attendees.slice(0, 50)) {
    await client.post(`/ea/sessions/${keynote.id}/enrollment/${a.id}` as string);
    await client.post(`/ea/sessions/${workshop.id}/enrollment/${a.id}` as string);
  }
}, 120_000);
afterAll(async () => {
  await sim?.stop();
  await t?.close();
});

describe('webcast sync with the platform simulator', () => {
  it('creates a meeting on the simulator and a webcast in eventline linked to it for a virtual session without one', async () => {
    const before = await syncState(keynote.id);
    expect(before.provider).toBe('None');
    const result = await engine.syncSession(keynote.id);
    expect(result.outcome).toBe('Succeeded');
    expect(result.created).toBe(true);
    const webcast = await webcastOf(keynote.id);
    const { meeting } = await simMeeting(webcast.meetingId ?? '');
    expect(meeting.topic).toBe('Keynote');
    expect(meeting.tracking_fields).toEqual([{ field: 'eventline_session_id', value: keynote.id }]);
    expect(webcast._links.join).toEqual({ href: meeting.join_url, code: meeting.password });
    expect(webcast._links.host?.key).toBe(meeting.host_key);
    // The host key is not the host code: Zoom has no host code, so the sync writes none.
    expect(webcast._links.host?.code).toBeUndefined();
    const state = await syncState(keynote.id);
    expect(state).toMatchObject({ provider: 'sim', meetingId: meeting.id, webcast: { id: webcast.id }, outcome: 'Succeeded', progress: { attendeeLinks: 50 } });
    expect(state.lastRun).toBeDefined();
  });

  it('stores 50 distinct personal join links, each matching its registrant on the simulator', async () => {
    const webcast = await webcastOf(keynote.id);
    const links = await linksOf(webcast.id);
    expect(links).toHaveLength(50);
    expect(new Set(links.map((l) => l.join.href)).size).toBe(50);
    expect(links.map((l) => l.attendee.id).sort()).toEqual(attendees.slice(0, 50).map((a) => a.id).sort());
    const { registrants } = await simMeeting(webcast.meetingId ?? '');
    expect(registrants).toHaveLength(50);
    const byId = new Map(registrants.map((r) => [r.id, r]));
    for (const l of links) {
      const r = byId.get(l.sourceId ?? '');
      expect(r?.join_url).toBe(l.join.href);
      expect(r?.custom_questions).toEqual([{ title: 'eventline_attendee_id', value: l.attendee.id }]);
    }
    // A second pass writes nothing new.
    const again = await engine.syncSession(keynote.id);
    expect(again).toMatchObject({ outcome: 'Succeeded', created: false, links: 50 });
    expect((await simMeeting(webcast.meetingId ?? '')).registrants).toHaveLength(50);
  });

  it('ends a killed `eventline sync` run, restarted, in the same state as an uninterrupted run', async () => {
    const env = { url: t.baseUrl, clientId: tenant.clientId, clientSecret: tenant.clientSecret, simUrl: sim.url };
    // A slow platform, so the run is surely half-way when it is killed.
    await sim.control('PUT', '/control/latency', { ms: 60 });
    const first = spawnSync(['--once'], env);
    await first.waitForOutput(/attendee links written session=\S+ written=20 of=50/);
    await first.stop('SIGKILL');
    await sim.control('PUT', '/control/latency', { ms: 0 });
    const webcast = await webcastOf(workshop.id);
    const partial = await linksOf(webcast.id);
    expect(partial.length).toBeGreaterThanOrEqual(20);
    expect(partial.length).toBeLessThan(50);

    const second = spawnSync(['--once'], env);
    await second.waitForOutput(/sync done: 2 sessions, 0 failed/);
    expect(await exitCode(second)).toBe(0);

    // The same as the keynote's uninterrupted run: one meeting, one webcast, 50 registrants, 50 distinct matching links.
    const meetings = (await simMeetings()).filter((m) => m.tracking_fields.some((f) => f.value === workshop.id));
    expect(meetings).toHaveLength(1);
    expect((await all('/webcasts', `session.id eq '${workshop.id}'`))).toHaveLength(1);
    const links = await linksOf(webcast.id);
    const { registrants } = await simMeeting(meetings[0]?.id ?? '');
    expect(links).toHaveLength(50);
    expect(registrants).toHaveLength(50);
    expect(new Set(links.map((l) => l.join.href)).size).toBe(50);
    const joinOf = new Map(registrants.map((r) => [r.id, r.join_url]));
    expect(links.every((l) => joinOf.get(l.sourceId ?? '') === l.join.href)).toBe(true);
    const [a, b] = [await syncState(keynote.id), await syncState(workshop.id)];
    expect(b).toMatchObject({ outcome: 'Succeeded', provider: 'sim', progress: a.progress });
  }, 120_000);

  it('pushes an edit made in eventline to the provider, and pulls an edit made on the provider into eventline', async () => {
    const session = (await client.get(`/ea/sessions/${keynote.id}` as string)) as Row;
    await client.put(`/ea/sessions/${keynote.id}` as string, { body: { ...session, title: 'Keynote: the future', start: '2027-03-01T10:15:00.000Z', end: '2027-03-01T11:30:00.000Z' } });
    const webcast = await webcastOf(keynote.id);
    const meetingId = webcast.meetingId ?? '';
    await sim.control('PATCH', `/control/meetings/${meetingId}`, { host_key: '424242' });
    expect((await engine.syncSession(keynote.id)).outcome).toBe('Succeeded');

    const { meeting } = await simMeeting(meetingId);
    expect(meeting).toMatchObject({ topic: 'Keynote: the future', start_time: '2027-03-01T10:15:00.000Z', duration: 75, host_key: '424242' });
    expect((await webcastOf(keynote.id))._links.host).toMatchObject({ key: '424242' });
    expect((await webcastOf(keynote.id))._links.host?.code).toBeUndefined();
    expect(await syncState(keynote.id)).toMatchObject({ conflicts: [], snapshot: { title: 'Keynote: the future', hostKey: '424242' } });
  });

  it('resolves a conflicting pair of edits by last-modified time and logs the discarded side', async () => {
    const meetingId = (await webcastOf(keynote.id)).meetingId ?? '';
    const pause = () => new Promise((r) => setTimeout(r, 20));
    // title: eventline first, then the provider -> the provider's (later) edit wins.
    const session = (await client.get(`/ea/sessions/${keynote.id}` as string)) as Row;
    await client.put(`/ea/sessions/${keynote.id}` as string, { body: { ...session, title: 'Title from eventline' } });
    await pause();
    await sim.control('PATCH', `/control/meetings/${meetingId}`, { topic: 'Title from the platform', password: 'platformpw' });
    await pause();
    // password: the provider first (above), then eventline -> eventline's (later) edit wins.
    const webcast = await webcastOf(keynote.id);
    await client.put(`/ea/webcasts/${webcast.id}` as string, { body: { ...webcast, _links: { ...webcast._links, join: { ...webcast._links.join, code: 'eventlinepw' } } } });

    const result = await engine.syncSession(keynote.id);
    expect(result.outcome).toBe('Succeeded');
    expect(((await client.get(`/ea/sessions/${keynote.id}` as string)) as Row)['title']).toBe('Title from the platform');
    const { meeting } = await simMeeting(meetingId);
    expect(meeting.topic).toBe('Title from the platform');
    expect(meeting.password).toBe('eventlinepw');
    expect((await webcastOf(keynote.id))._links.join?.code).toBe('eventlinepw');
    const state = await syncState(keynote.id);
    expect(state.conflicts.map((c) => ({ field: c.field, kept: c.kept, discardedValue: c.discardedValue })).sort((x, y) => x.field.localeCompare(y.field))).toEqual([
      { field: 'password', kept: 'eventline', discardedValue: '***' },
      { field: 'title', kept: 'provider', discardedValue: 'Title from eventline' },
    ]);
  });

  it('writes 40 check-ins with re-joins merged and durations summed, and the recording link, after the simulator plays the session', async () => {
    const webcast = await webcastOf(keynote.id);
    const meetingId = webcast.meetingId ?? '';
    const links = await linksOf(webcast.id);
    const at = (min: number, sec = 0) => new Date(Date.UTC(2027, 2, 1, 10, min, sec)).toISOString();
    const expected = new Map<string, { checkIn: string; checkOut: string; duration: number }>();
    for (const [i, l] of links.slice(0, 40).entries()) {
      const rid = l.sourceId ?? '';
      await sim.control('POST', `/control/meetings/${meetingId}/join`, { registrant_id: rid, at: at(15, i) });
      await sim.control('POST', `/control/meetings/${meetingId}/leave`, { registrant_id: rid, at: at(45) });
      expected.set(l.attendee.id, { checkIn: at(15, i), checkOut: at(45), duration: (30 * 60 - i) * 1000 });
    }
    // Five of them come back for the last 20 minutes, and are still there when the host ends the meeting.
    for (const l of links.slice(0, 5)) {
      await sim.control('POST', `/control/meetings/${meetingId}/join`, { registrant_id: l.sourceId, at: at(70) });
      const e = expected.get(l.attendee.id);
      if (e) expected.set(l.attendee.id, { ...e, checkOut: at(90), duration: e.duration + 20 * 60 * 1000 });
    }
    await sim.control('POST', `/control/meetings/${meetingId}/end`, { at: at(90) });
    const rec = await sim.control<{ share_url: string; password: string }>('POST', `/control/meetings/${meetingId}/recording`);
    const { participants } = await simMeeting(meetingId);
    expect(participants).toHaveLength(45);

    const result = await engine.syncSession(keynote.id);
    expect(result).toMatchObject({ outcome: 'Succeeded', checkIns: 40, recording: true });
    const attendance = await all('/sessions/attendance', `session.id eq '${keynote.id}'`);
    expect(attendance).toHaveLength(40);
    for (const a of attendance) {
      expect({ checkIn: a['checkIn'], checkOut: a['checkOut'], duration: a['duration'] }).toEqual(expected.get((a['attendee'] as Row).id));
    }
    const after = await webcastOf(keynote.id);
    expect(after.status).toBe('Finished');
    expect(after._links.recording).toEqual({ href: rec.share_url, code: rec.password });
    expect(await syncState(keynote.id)).toMatchObject({ outcome: 'Succeeded', progress: { checkIns: 40, recording: true } });
    // Each attendance is an activity of its attendee: a check-in, and a check-out carrying the summed duration.
    const activities = async (type: string) => all('/attendees/activities', `session.id eq '${keynote.id}' and type eq '${type}'`);
    expect(await activities('session.checkedIn')).toHaveLength(40);
    const outs = await activities('session.checkedOut');
    expect(new Map(outs.map((a) => [(a['attendee'] as Row).id, (a['data'] as { duration?: number }).duration])))
      .toEqual(new Map([...expected].map(([id, e]) => [id, e.duration])));

    // Running again changes nothing.
    expect(await engine.syncSession(keynote.id)).toMatchObject({ outcome: 'Succeeded', checkIns: 40, recording: true });
    expect(await all('/sessions/attendance', `session.id eq '${keynote.id}'`)).toHaveLength(40);
    expect(await activities('session.checkedOut')).toHaveLength(40);
  });

  it('answers 404 for the sync state of another account\'s session', async () => {
    const other = await createTenant(t.services);
    const otherClient = createClient({ baseUrl: t.baseUrl, clientId: other.clientId, clientSecret: other.clientSecret });
    await expect(otherClient.get(`/ea/sessions/${keynote.id}/sync` as string)).rejects.toMatchObject({ status: 404 });
    await expect(otherClient.put(`/ea/sessions/${keynote.id}/sync` as string, { body: { provider: 'sim', outcome: 'Failed' } })).rejects.toMatchObject({ status: 404 });
  });

  it('needs the webcasts scope besides the sessions scope to read the sync state, and refuses a bad state with 400', async () => {
    const narrow = await createTenant(t.services, { appScopes: ['event/sessions:read'] });
    const narrowClient = createClient({ baseUrl: t.baseUrl, clientId: narrow.clientId, clientSecret: narrow.clientSecret });
    await expect(narrowClient.get(`/ea/sessions/${keynote.id}/sync` as string)).rejects.toMatchObject({ status: 403 });
    const before = await syncState(keynote.id);
    await expect(client.put(`/ea/sessions/${keynote.id}/sync` as string, { body: { provider: 'sim', outcome: 'Bogus' } })).rejects.toMatchObject({ status: 400 });
    expect(await syncState(keynote.id)).toEqual(before);
  });
  it('leaves one meeting on the platform when two runs sync a session at once (a job taken over after a lost lease)', async () => {
    // Last, in an event of its own: `eventline sync --once` above syncs every session of the account.
    const ownEvent = (await t.services.events.createNow(tenant.accountId, 'sync-test', { ...sampleEvent({ title: 'Race Summit' }), format: 'Hybrid', type: 'Conference' })).id;
    const panel = (await client.post('/ea/sessions', {
      body: { title: 'Panel', event: { id: ownEvent }, start: '2027-03-01T12:00:00Z', end: '2027-03-01T13:00:00Z', includedSession: false, virtual: true },
    })) as Row;
    // Both runs look for the session's meeting before either creates one: the race a lost lease allows.
    let looked = 0;
    let bothLooked!: () => void;
    const barrier = new Promise<void>((resolve) => { bothLooked = resolve; });
    class RacingProvider extends SimProvider {
      override async findMeeting(externalId: string) {
        const found = await super.findMeeting(externalId);
        if (++looked === 2) bothLooked();
        await barrier;
        return found;
      }
    }
    const provider = new RacingProvider({ baseUrl: sim.url });
    const runs = await Promise.all([0, 1].map(() => new SyncEngine({ api: new EventlineApi(client), provider }).syncSession(panel.id)));
    expect(runs.map((r) => r.outcome)).toEqual(['Succeeded', 'Succeeded']);
    expect(runs.filter((r) => r.created)).toHaveLength(1);
    const live = (await simMeetings()).filter((m) => m.tracking_fields.some((f) => f.value === panel.id));
    expect(live).toHaveLength(1);
    expect((await webcastOf(panel.id)).meetingId).toBe(live[0]?.id);
    expect(new Set(runs.map((r) => r.meetingId))).toEqual(new Set([live[0]?.id]));
  });
});
