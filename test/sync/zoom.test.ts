import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHmac } from 'node:crypto';
import { createClient, type EventlineClient } from '../../src/client/index.js';
import { EventlineApi, SyncEngine, WebhookReceiver, ZoomProvider, createProvider, type ChangeNotification, type SyncState, type ZoomProviderOptions } from '../../src/modules/sync/index.js';
import { createTenant, sampleEvent, type Tenant } from '../helpers/app.js';
import { startListeningTestApp, type ListeningTestApp } from '../helpers/http.js';
import { FakeZoom } from './fakes/zoom.js';
import { BIN, ROOT, exitCode } from './harness.js';
import { spawnProcess } from '../helpers/process.js';

// The whole virtual-session workflow with the real engine and the Zoom connector, in-process,
// against the stateful Zoom fake; every request and answer is checked against Zoom's published
// description (fake.violations), and asserted empty at the end.
interface Row { id: string; [k: string]: unknown }
interface Link { attendee: { id: string }; join: { href: string }; sourceId?: string }
interface Webcast { id: string; meetingId?: string; provider?: string; type?: string; status: string; _links: { join?: { href?: string; code?: string }; host?: { href?: string; code?: string; key?: string }; recording?: { href?: string; code?: string } } }

let t: ListeningTestApp;
let fake: FakeZoom;
let tenant: Tenant;
let client: EventlineClient;
let provider: ZoomProvider;
let engine: SyncEngine;
let eventId: string;
let keynote: Row;
const attendees: Row[] = [];
const waits: number[] = [];

const minute = 60_000;
// Zoom keeps whole minutes; the session is in half an hour, so the connector asks for the meeting's report.
const startMs = Math.ceil((Date.now() + 30 * minute) / minute) * minute;
const iso = (ms: number) => new Date(ms).toISOString();

const all = async (path: string, filter: string): Promise<Row[]> => {
  const out: Row[] = [];
  for await (const row of client.paginate(path, { filter })) out.push(row as Row);
  return out;
};
const webcastOf = async (sessionId: string): Promise<Webcast> => (await all('/webcasts', `session.id eq '${sessionId}'`))[0] as unknown as Webcast;
const linksOf = async (webcastId: string): Promise<Link[]> => (await all('/webcasts/attendee-links', `webcast.id eq '${webcastId}'`)) as unknown as Link[];
const syncState = async (sessionId: string): Promise<SyncState> => (await client.get(`/ea/sessions/${sessionId}/sync` as string)) as SyncState;
const options = (extra: Partial<ZoomProviderOptions> = {}): ZoomProviderOptions => ({
  accountId: fake.accountId, clientId: fake.clientId, clientSecret: fake.clientSecret, webhookSecret: fake.webhookSecret,
  apiUrl: fake.apiUrl, oauthUrl: fake.url, sleep: async (ms) => { waits.push(ms); }, ...extra,
});
const newSession = (title: string, start = startMs) => client.post('/ea/sessions', {
  body: { title, event: { id: eventId }, start: iso(start), end: iso(start + 60 * minute), includedSession: false, virtual: true },
}) as Promise<Row>;

beforeAll(async () => {
  fake = new FakeZoom();
  [t] = await Promise.all([startListeningTestApp(), fake.start()]);
  // Small pages, so every list the connector reads takes several (Zoom's next_page_token).
  fake.maxPageSize = 20;
  tenant = await createTenant(t.services);
  client = createClient({ baseUrl: t.baseUrl, clientId: tenant.clientId, clientSecret: tenant.clientSecret });
  provider = new ZoomProvider(options());
  engine = new SyncEngine({ api: new EventlineApi(client), provider });
  eventId = (await t.services.events.createNow(tenant.accountId, 'zoom-test', {
    ...sampleEvent({ title: 'Zoom Summit', start: iso(Date.now() - 86_400_000), end: iso(Date.now() + 2 * 86_400_000) }), format: 'Hybrid', type: 'Conference',
  })).id;
  keynote = await newSession('Keynote');
  for (let i = 0; i < 60; i += 30) {
    const added = (await client.post('/ea/attendees', {
      body: Array.from({ length: 30 }, (_, k) => ({ event: { id: eventId }, status: 'Accepted' as const, contact: { firstName: `Guest${i + k}`, lastName: 'Zoom', email: `guest${i + k}@zoom.example.test` } })),
    })) as Array<{ status: number; data: Row }>;
    expect(added.every((r) => r.status === 201)).toBe(true);
    attendees.push(...added.map((r) => r.data));
  }
  for (const a of attendees.slice(0, 50)) await client.post(`/ea/sessions/${keynote.id}/enrollment/${a.id}` as string);
}, 120_000);

afterAll(async () => {
  await fake?.stop();
  await t?.close();
});

describe('the Zoom connector, the whole workflow against the Zoom fake', () => {
  it('gives a virtual session a Zoom meeting, and eventline a webcast linked to it', async () => {
    const result = await engine.syncSession(keynote.id);
    expect(result.error).toBeUndefined();
    expect(result).toMatchObject({ outcome: 'Succeeded', created: true });
    const webcast = await webcastOf(keynote.id);
    const m = fake.meeting(webcast.meetingId ?? '');
    expect(m).toMatchObject({ kind: 'meeting', type: 2, topic: 'Keynote', start_time: iso(startMs).replace('.000Z', 'Z'), duration: 60, agenda: `eventline session ${keynote.id}` });
    expect(m.settings).toMatchObject({ approval_type: 0 });
    expect(m.questions).toEqual([{ title: 'eventline_attendee_id', type: 'short', required: false }]);
    expect(webcast).toMatchObject({ provider: 'Zoom', type: 'Meeting', meetingId: String(m.id) });
    expect(webcast._links.join).toEqual({ href: m.join_url, code: m.password });
    // Zoom's host key is the host user's.
    expect(webcast._links.host).toMatchObject({ href: m.start_url, key: fake.hostKey });
    expect(await syncState(keynote.id)).toMatchObject({ provider: 'zoom', meetingId: String(m.id), outcome: 'Succeeded', progress: { attendeeLinks: 50 } });
  });

  it('registers the 50 attendees on Zoom and writes their personal join_url back through attendee-links', async () => {
    const webcast = await webcastOf(keynote.id);
    const links = await linksOf(webcast.id);
    expect(links).toHaveLength(50);
    expect(links.map((l) => l.attendee.id).sort()).toEqual(attendees.slice(0, 50).map((a) => a.id).sort());
    const { registrants } = fake.meeting(webcast.meetingId ?? '');
    expect(registrants).toHaveLength(50);
    const byId = new Map(registrants.map((r) => [r.id, r]));
    for (const l of links) {
      const r = byId.get(l.sourceId ?? '');
      expect(r?.join_url).toBe(l.join.href);
      // The attendee id rides on the registration, so a re-run (or another tool) finds the registrant.
      expect(r?.custom_questions).toEqual([{ title: 'eventline_attendee_id', value: l.attendee.id }]);
    }
    expect(new Set(links.map((l) => l.join.href)).size).toBe(50);
    // Read back with paging (20 a page): every registrant, with its attendee id.
    const listed = await provider.listRegistrants(webcast.meetingId ?? '');
    expect(listed).toHaveLength(50);
    expect(new Map(listed.map((r) => [r.id, r.attendeeId]))).toEqual(new Map(links.map((l) => [l.sourceId, l.attendee.id])));
    // A second pass registers nobody again.
    const before = fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/registrants')).length;
    expect(await engine.syncSession(keynote.id)).toMatchObject({ outcome: 'Succeeded', created: false, links: 50 });
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/registrants')).length).toBe(before);
    expect(fake.meeting(webcast.meetingId ?? '').registrants).toHaveLength(50);
  });

  it('finds the meeting made for a session again by its agenda, through the meeting list\'s pages', async () => {
    const webcast = await webcastOf(keynote.id);
    for (let i = 0; i < 25; i++) {
      await provider.createMeeting({ kind: 'meeting', externalId: `other-${i}`, title: `Other ${i}`, start: iso(startMs), end: iso(startMs + 30 * minute), password: 'pw', hostKey: '' });
    }
    const fresh = new ZoomProvider(options());
    const found = await fresh.findMeeting(keynote.id);
    expect(found).toMatchObject({ id: webcast.meetingId, externalId: keynote.id, kind: 'meeting', title: 'Keynote' });
    expect(await fresh.findMeeting('no-such-session')).toBeUndefined();
    expect(fake.requests.some((r) => r.path === '/v2/users/me/meetings' && r.query.includes('next_page_token='))).toBe(true);
  });

  it('shows a time changed on Zoom on the session, and a title changed in eventline on Zoom (the change arriving by signed webhook)', async () => {
    const webcast = await webcastOf(keynote.id);
    const meetingId = webcast.meetingId ?? '';
    const received: ChangeNotification[] = [];
    const receiver = new WebhookReceiver(provider, (n) => received.push(n));
    const url = await receiver.listen(0);
    fake.subscribe(url);
    try {
      const session = (await client.get(`/ea/sessions/${keynote.id}` as string)) as Row;
      await client.put(`/ea/sessions/${keynote.id}` as string, { body: { ...session, title: 'Keynote: the future' } });
      const moved = startMs + 15 * minute;
      await fake.hostEdit(meetingId, { start_time: iso(moved).replace('.000Z', 'Z'), duration: 75 });
      expect(received).toEqual([expect.objectContaining({ type: 'meeting.updated', meetingId })]);

      expect((await engine.syncSession(keynote.id)).outcome).toBe('Succeeded');
      expect(fake.meeting(meetingId).topic).toBe('Keynote: the future');
      const after = (await client.get(`/ea/sessions/${keynote.id}` as string)) as Row;
      expect({ start: after['start'], end: after['end'] }).toEqual({ start: iso(moved), end: iso(moved + 75 * minute) });
      expect(await syncState(keynote.id)).toMatchObject({ conflicts: [], snapshot: { title: 'Keynote: the future', start: iso(moved) } });
    } finally {
      await receiver.close();
    }
  });

  it('writes one check-in per attendee with re-joins summed, and the recording link, once the meeting ends on Zoom', async () => {
    const webcast = await webcastOf(keynote.id);
    const meetingId = webcast.meetingId ?? '';
    const links = await linksOf(webcast.id);
    const at = (min: number, sec = 0) => iso(startMs + min * minute + sec * 1000).replace('.000Z', 'Z');
    const expected = new Map<string, { checkIn: string; checkOut: string; duration: number }>();
    for (const [i, l] of links.slice(0, 40).entries()) {
      fake.join(meetingId, l.sourceId ?? '', at(15, i));
      fake.leave(meetingId, l.sourceId ?? '', at(45));
      expected.set(l.attendee.id, { checkIn: iso(Date.parse(at(15, i))), checkOut: iso(Date.parse(at(45))), duration: (30 * 60 - i) * 1000 });
    }
    // Five come back for the last 20 minutes and are still there when the host ends the meeting.
    for (const l of links.slice(0, 5)) {
      fake.join(meetingId, l.sourceId ?? '', at(70));
      const e = expected.get(l.attendee.id);
      if (e) expected.set(l.attendee.id, { ...e, checkOut: iso(Date.parse(at(90))), duration: e.duration + 20 * 60 * 1000 });
    }
    await fake.end(meetingId, at(90));
    const rec = await fake.completeRecording(meetingId);
    expect(fake.meeting(meetingId).participants).toHaveLength(45);
    // Three pages of 20 rows: the re-joins are rows of their own.
    expect(await provider.listParticipants(meetingId)).toHaveLength(45);

    const result = await engine.syncSession(keynote.id);
    expect(result.error).toBeUndefined();
    expect(result).toMatchObject({ outcome: 'Succeeded', checkIns: 40, recording: true });
    const attendance = await all('/sessions/attendance', `session.id eq '${keynote.id}'`);
    expect(attendance).toHaveLength(40);
    for (const a of attendance) {
      expect({ checkIn: a['checkIn'], checkOut: a['checkOut'], duration: a['duration'] }).toEqual(expected.get((a['attendee'] as Row).id));
    }
    const after = await webcastOf(keynote.id);
    expect(after.status).toBe('Finished');
    // The published description's recording: the MP4's play_url, and the recording settings' password.
    expect(after._links.recording).toEqual({ href: rec.playUrl, code: rec.password });
    // Running again changes nothing.
    expect(await engine.syncSession(keynote.id)).toMatchObject({ outcome: 'Succeeded', checkIns: 40, recording: true });
    expect(await all('/sessions/attendance', `session.id eq '${keynote.id}'`)).toHaveLength(40);
  });

  it('reads share_url and password when Zoom answers them (its current API)', async () => {
    const meetingId = (await webcastOf(keynote.id)).meetingId ?? '';
    fake.recordingShareUrl = true;
    try {
      const m = fake.meeting(meetingId);
      expect(await provider.getRecording(meetingId)).toEqual({ url: m.recording?.shareUrl, password: m.recording?.password });
    } finally {
      fake.recordingShareUrl = false;
    }
  });
});

describe('Zoom webhooks', () => {
  const body = () => ({ account_id: 'x', object: { id: 81234599999 } });

  it('reads a rightly signed notification (Zoom\'s timestamp in seconds; milliseconds too)', () => {
    const { headers, body: raw } = fake.signed('meeting.ended', body());
    expect(headers['x-zm-request-timestamp']).toMatch(/^\d{10}$/);
    expect(provider.verifyNotification(headers, raw)).toMatchObject({ type: 'meeting.ended', meetingId: '81234599999' });
    const ms = String(Date.now());
    const sig = `v0=${createHmac('sha256', fake.webhookSecret).update(`v0:${ms}:${raw}`).digest('hex')}`;
    expect(provider.verifyNotification({ 'x-zm-request-timestamp': ms, 'x-zm-signature': sig }, raw)).toMatchObject({ type: 'meeting.ended' });
  });

  it('refuses a forged or a stale signature without reading the payload', () => {
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const forged = fake.signed('meeting.deleted', body(), { secret: 'not-the-secret' });
      const stale = fake.signed('meeting.deleted', body(), { timestamp: Date.now() - 6 * minute });
      const future = fake.signed('meeting.deleted', body(), { timestamp: Date.now() + 6 * minute });
      const good = fake.signed('meeting.deleted', body());
      const tampered = { headers: good.headers, body: good.body.replace('81234599999', '81234599998') };
      parse.mockClear();
      for (const w of [forged, stale, future, tampered]) expect(provider.verifyNotification(w.headers, w.body)).toBeUndefined();
      expect(provider.verifyNotification({ ...good.headers, 'x-zm-signature': undefined }, good.body)).toBeUndefined();
      // The signature with its last hex digit changed (to another digit: one in sixteen ends in 0 already).
      const sig = good.headers['x-zm-signature'] ?? '';
      expect(provider.verifyNotification({ ...good.headers, 'x-zm-signature': `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}` }, good.body)).toBeUndefined();
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it('answers Zoom\'s endpoint.url_validation challenge, and refuses a forged one, over HTTP', async () => {
    const received: ChangeNotification[] = [];
    const receiver = new WebhookReceiver(provider, (n) => received.push(n));
    const url = await receiver.listen(0);
    try {
      const challenge = fake.urlValidation();
      const res = await fetch(url, { method: 'POST', headers: challenge.headers, body: challenge.body });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ plainToken: challenge.plainToken, encryptedToken: createHmac('sha256', fake.webhookSecret).update(challenge.plainToken).digest('hex') });
      const forged = fake.signed('endpoint.url_validation', { plainToken: 'abc' }, { secret: 'wrong' });
      expect((await fetch(url, { method: 'POST', headers: forged.headers, body: forged.body })).status).toBe(401);
      const stale = fake.signed('meeting.updated', body(), { timestamp: Date.now() - 10 * minute });
      expect((await fetch(url, { method: 'POST', headers: stale.headers, body: stale.body })).status).toBe(401);
      expect(received).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});

describe('Zoom OAuth, rate limits and errors', () => {
  it('keeps one access token until it expires, and asks a new one once when Zoom refuses it', async () => {
    const p = new ZoomProvider(options());
    const issued = fake.tokensIssued;
    const id = (await webcastOf(keynote.id)).meetingId ?? '';
    await p.getMeeting(id);
    await p.getMeeting(id);
    await p.listRegistrants(id);
    expect(fake.tokensIssued).toBe(issued + 1);
    fake.revokeTokens();
    expect(await p.getMeeting(id)).toMatchObject({ id });
    expect(fake.tokensIssued).toBe(issued + 2);
    expect(fake.requests.filter((r) => r.status === 401).length).toBeGreaterThan(0);
  });

  it('retries a 429 after Retry-After, or with back-off on the X-RateLimit headers alone, and gives up after a bound', async () => {
    const p = new ZoomProvider(options());
    const id = (await webcastOf(keynote.id)).meetingId ?? '';
    waits.length = 0;
    fake.rateLimit(2, { retryAfter: '2' });
    expect(await p.listRegistrants(id)).toHaveLength(50);
    expect(waits).toEqual([2000, 2000]);
    waits.length = 0;
    fake.rateLimit(2, { headersOnly: true });
    expect(await p.listRegistrants(id)).toHaveLength(50);
    expect(waits).toEqual([250, 500]);
    waits.length = 0;
    fake.rateLimit(10, { retryAfter: '1' });
    await expect(p.listRegistrants(id)).rejects.toThrow(/Zoom's rate limit for this app was reached .*5 tries.*next pass/);
    expect(waits).toHaveLength(4);
    fake.clearRateLimit();
    // The daily limit (Retry-After far away) fails at once.
    waits.length = 0;
    fake.rateLimit(1, { retryAfter: '3600' });
    await expect(p.listRegistrants(id)).rejects.toThrow(/until its daily limit resets/);
    expect(waits).toEqual([]);
  });

  it('ends a sync with a revoked credential, a Zoom outage or a meeting deleted on Zoom in a state that names the cause and the fix; the next pass recovers', async () => {
    const session = await newSession('Workshop');
    for (const a of attendees.slice(0, 5)) await client.post(`/ea/sessions/${session.id}/enrollment/${a.id}` as string);
    // Revoked credentials: the token request is refused.
    fake.revokeCredentials();
    const revoked = await new SyncEngine({ api: new EventlineApi(client), provider: new ZoomProvider(options()) }).syncSession(session.id);
    expect(revoked.outcome).toBe('Failed');
    expect((await syncState(session.id)).error).toMatch(/Zoom refused the app's credentials .*ZOOM_CLIENT_SECRET/);
    fake.revokeCredentials(false);
    // An outage.
    fake.fail(1);
    const down = await engine.syncSession(session.id);
    expect(down.outcome).toBe('Failed');
    expect((await syncState(session.id)).error).toMatch(/Zoom is unavailable .*nothing was lost, the sync tries again on its next pass/);
    // Recovered: one meeting, five links.
    expect(await engine.syncSession(session.id)).toMatchObject({ outcome: 'Succeeded', links: 5 });
    expect(fake.allMeetings().filter((m) => m.agenda === `eventline session ${session.id}`)).toHaveLength(1);
    // Deleted on Zoom: the webcast is marked cancelled; a call on the meeting says what happened and what to do.
    const webcast = await webcastOf(session.id);
    fake.deleteOnZoom(webcast.meetingId ?? '');
    await expect(provider.registerAttendee(webcast.meetingId ?? '', { attendeeId: 'a', email: 'x@zoom.example.test', firstName: 'X', lastName: 'Y' }))
      .rejects.toThrow(/The meeting is gone from Zoom .*delete its webcast in eventline/);
    expect(await engine.syncSession(session.id)).toMatchObject({ outcome: 'Succeeded' });
    expect((await webcastOf(session.id)).status).toBe('Cancelled');
  });

  it('loses no check-in when Zoom fails half-way through the participants report: the next pass writes each once', async () => {
    const session = await newSession('Breakout');
    for (const a of attendees.slice(0, 30)) await client.post(`/ea/sessions/${session.id}/enrollment/${a.id}` as string);
    expect(await engine.syncSession(session.id)).toMatchObject({ outcome: 'Succeeded', links: 30 });
    const webcast = await webcastOf(session.id);
    const meetingId = webcast.meetingId ?? '';
    const at = (min: number) => iso(startMs + min * minute).replace('.000Z', 'Z');
    for (const l of await linksOf(webcast.id)) {
      fake.join(meetingId, l.sourceId ?? '', at(1));
      fake.leave(meetingId, l.sourceId ?? '', at(31));
    }
    await fake.end(meetingId, at(60));
    // 30 rows, 20 a page: the second page fails.
    fake.failWhen((method, path, q) => path.endsWith('/participants') && q.has('next_page_token'));
    const failed = await engine.syncSession(session.id);
    expect(failed.outcome).toBe('Failed');
    expect(failed.error).toMatch(/Zoom is unavailable/);
    expect(await all('/sessions/attendance', `session.id eq '${session.id}'`)).toHaveLength(0);
    expect(await engine.syncSession(session.id)).toMatchObject({ outcome: 'Succeeded', checkIns: 30 });
    expect(await engine.syncSession(session.id)).toMatchObject({ outcome: 'Succeeded', checkIns: 30 });
    const attendance = await all('/sessions/attendance', `session.id eq '${session.id}'`);
    expect(attendance).toHaveLength(30);
    expect(new Set(attendance.map((a) => (a['attendee'] as Row).id)).size).toBe(30);
    expect(attendance.every((a) => a['duration'] === 30 * minute)).toBe(true);
    expect(await all('/attendees/activities', `session.id eq '${session.id}' and type eq 'session.checkedIn'`)).toHaveLength(30);
  });

  it('asks Zoom whether a meeting has ended only from an hour before its start on', async () => {
    const later = await provider.createMeeting({ kind: 'meeting', externalId: 'later', title: 'Later', start: iso(Date.now() + 3 * 60 * minute), end: iso(Date.now() + 4 * 60 * minute), password: 'pw', hostKey: '' });
    const soon = await provider.createMeeting({ kind: 'meeting', externalId: 'soon', title: 'Soon', start: iso(Date.now() + 30 * minute), end: iso(Date.now() + 60 * minute), password: 'pw', hostKey: '' });
    const reports = () => fake.requests.filter((r) => r.path.startsWith('/v2/report/')).length;
    const before = reports();
    expect(await provider.getMeeting(later.id)).toMatchObject({ status: 'scheduled' });
    expect(reports()).toBe(before);
    expect(await provider.getMeeting(soon.id)).toMatchObject({ status: 'scheduled' });
    expect(reports()).toBe(before + 1);
  });

  it('waits until a Retry-After given as a date', async () => {
    const p = new ZoomProvider(options());
    waits.length = 0;
    fake.rateLimit(1, { retryAfter: new Date(Date.now() + 30_000).toUTCString() });
    await p.listRegistrants((await webcastOf(keynote.id)).meetingId ?? '');
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(25_000);
    expect(waits[0]).toBeLessThanOrEqual(30_000);
  });

  it('holds webinars too: batch registration (30 at a time), the same registrant again for the same person, found by id alone', async () => {
    const web = await provider.createMeeting({ kind: 'webinar', externalId: 'webinar-session', title: 'Webinar', start: iso(startMs), end: iso(startMs + 90 * minute), password: 'webpw', hostKey: '' });
    expect(web).toMatchObject({ kind: 'webinar', title: 'Webinar', status: 'scheduled', externalId: 'webinar-session' });
    const who = Array.from({ length: 35 }, (_, i) => ({ attendeeId: `att-${i}`, email: `w${i}@zoom.example.test`, firstName: `W${i}`, lastName: 'Web' }));
    const before = fake.requests.length;
    const first = await provider.registerAttendees(web.id, who);
    expect(fake.requests.slice(before).filter((r) => r.path.endsWith('/batch_registrants')).map((r) => r.status)).toEqual([200, 200]);
    expect(first.map((r) => r.attendeeId)).toEqual(who.map((w) => w.attendeeId));
    expect(new Set(first.map((r) => r.joinUrl)).size).toBe(35);
    const again = await provider.registerAttendees(web.id, who.slice(0, 3));
    expect(again.map((r) => r.joinUrl)).toEqual(first.slice(0, 3).map((r) => r.joinUrl));
    const fresh = new ZoomProvider(options());
    expect(await fresh.getMeeting(web.id)).toMatchObject({ id: web.id, kind: 'webinar' });
    expect(await fresh.listRegistrants(web.id)).toHaveLength(35);
    expect(await fresh.findMeeting('webinar-session')).toMatchObject({ id: web.id, kind: 'webinar' });
    await fresh.updateMeeting(web.id, { title: 'Webinar, renamed' });
    expect(fake.meeting(web.id).topic).toBe('Webinar, renamed');
    await fresh.cancelMeeting(web.id);
    expect(await fresh.getMeeting(web.id)).toBeUndefined();
  });

  it('runs as `eventline sync --provider zoom` from the ZOOM_* variables', async () => {
    const session = await newSession('Fireside chat');
    for (const a of attendees.slice(0, 3)) await client.post(`/ea/sessions/${session.id}/enrollment/${a.id}` as string);
    const run = spawnProcess(process.execPath, [BIN, 'sync', '--provider', 'zoom', '--once'], {
      cwd: ROOT,
      env: {
        ...process.env, EVENTLINE_URL: t.baseUrl, EVENTLINE_CLIENT_ID: tenant.clientId, EVENTLINE_CLIENT_SECRET: tenant.clientSecret,
        ZOOM_ACCOUNT_ID: fake.accountId, ZOOM_CLIENT_ID: fake.clientId, ZOOM_CLIENT_SECRET: fake.clientSecret, ZOOM_WEBHOOK_SECRET: fake.webhookSecret,
        ZOOM_HOST_USER: fake.hostEmail, ZOOM_API_URL: fake.apiUrl, ZOOM_OAUTH_URL: fake.url,
      },
    });
    await run.waitForOutput(/sync done: \d+ sessions, 0 failed/);
    expect(await exitCode(run)).toBe(0);
    const webcast = await webcastOf(session.id);
    expect(fake.meeting(webcast.meetingId ?? '').registrants).toHaveLength(3);
    expect(await linksOf(webcast.id)).toHaveLength(3);
    expect(fake.requests.some((r) => r.method === 'POST' && r.path === `/v2/users/${encodeURIComponent(fake.hostEmail)}/meetings`)).toBe(true);
  }, 60_000);

  it('is the registry\'s "zoom" provider, and names the variables it lacks', () => {
    expect(createProvider('zoom', { zoom: { accountId: 'a', clientId: 'b', clientSecret: 'c' } })).toBeInstanceOf(ZoomProvider);
    expect(() => createProvider('zoom', { zoom: { accountId: 'a' } })).toThrow(/ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET/);
  });
});

describe('the check of every request, end to end', () => {
  it('catches a deliberately wrong field on its way to the fake (start_time as a number), and Zoom\'s answer is a 400', async () => {
    const wrong: typeof fetch = (input, init) => {
      if (init?.method === 'POST' && typeof init.body === 'string' && String(input).endsWith('/users/me/meetings')) {
        const body = JSON.parse(init.body) as Record<string, unknown>;
        return fetch(input, { ...init, body: JSON.stringify({ ...body, start_time: Date.parse(String(body['start_time'])) }) });
      }
      return fetch(input, init);
    };
    const p = new ZoomProvider(options({ fetch: wrong }));
    const before = fake.violations.length;
    await expect(p.createMeeting({ kind: 'meeting', externalId: 'wrong', title: 'Wrong', start: iso(startMs), end: iso(startMs + minute), password: 'pw', hostKey: '' }))
      .rejects.toThrow(/Zoom refused POST \/users\/me\/meetings \(400, code 300\)/);
    expect(fake.violations.slice(before)).toEqual([expect.stringMatching(/POST \/users\/me\/meetings: body \/start_time must be string/)]);
    // Shown; not counted against the connector below.
    fake.violations.splice(before);
  });
});

describe('every request the connector sent, and every answer of the fake', () => {
  it('matches Zoom\'s published description', () => {
    const used = new Set(fake.requests.map((r) => `${r.method} ${r.path.replace(/\/\d+/g, '/{id}').replace(/\/users\/[^/]+/, '/users/{userId}')}`));
    expect([...used].sort()).toEqual(expect.arrayContaining([
      'POST /oauth/token', 'GET /v2/users/{userId}', 'POST /v2/users/{userId}/meetings', 'GET /v2/users/{userId}/meetings', 'GET /v2/meetings/{id}', 'PATCH /v2/meetings/{id}',
      'PATCH /v2/meetings/{id}/registrants/questions', 'POST /v2/meetings/{id}/registrants', 'GET /v2/meetings/{id}/registrants', 'GET /v2/report/meetings/{id}',
      'GET /v2/report/meetings/{id}/participants', 'GET /v2/meetings/{id}/recordings', 'GET /v2/meetings/{id}/recordings/settings',
      'POST /v2/users/{userId}/webinars', 'GET /v2/users/{userId}/webinars', 'POST /v2/webinars/{id}/batch_registrants', 'GET /v2/webinars/{id}', 'PATCH /v2/webinars/{id}', 'DELETE /v2/webinars/{id}',
    ]));
    expect(fake.violations).toEqual([]);
  });
});
