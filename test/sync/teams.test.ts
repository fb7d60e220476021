import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type EventlineClient } from '../../src/client/index.js';
import {
  EventlineApi, SyncEngine, TeamsProvider, WebhookReceiver, createProvider, teamsRegistrantKey, type ChangeNotification, type SyncState, type TeamsProviderOptions,
} from '../../src/modules/sync/index.js';
import { createTenant, sampleEvent, type Tenant } from '../helpers/app.js';
import { startListeningTestApp, type ListeningTestApp } from '../helpers/http.js';
import { spawnProcess } from '../helpers/process.js';
import { FakeTeams } from './fakes/teams.js';
import { BIN, ROOT, exitCode } from './harness.js';

// The whole virtual-session workflow with the real engine and the Teams connector, in-process,
// against the stateful Microsoft Graph fake; every request and answer is checked against
// Microsoft's published description (fake.violations), and asserted empty at the end.
interface Row { id: string; [k: string]: unknown }
interface Link { attendee: { id: string }; join: { href: string }; sourceId?: string }
interface Webcast { id: string; meetingId?: string; provider?: string; type?: string; status: string; _links: { join?: { href?: string; code?: string }; host?: { href?: string; code?: string; key?: string }; recording?: { href?: string; code?: string } } }

let t: ListeningTestApp;
let fake: FakeTeams;
let tenant: Tenant;
let client: EventlineClient;
let provider: TeamsProvider;
let engine: SyncEngine;
let eventId: string;
let keynote: Row;
const attendees: Row[] = [];
const emails = new Map<string, string>();
const waits: number[] = [];

const minute = 60_000;
// The session is in half an hour: the connector asks Graph for attendance reports from an hour before the start on.
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
const options = (extra: Partial<TeamsProviderOptions> = {}): TeamsProviderOptions => ({
  tenantId: fake.tenantId, clientId: fake.clientId, clientSecret: fake.clientSecret, organizerUser: fake.organizerId,
  apiUrl: fake.apiUrl, loginUrl: fake.loginUrl, sleep: async (ms) => { waits.push(ms); }, ...extra,
});
const newSession = (title: string, start = startMs) => client.post('/ea/sessions', {
  body: { title, event: { id: eventId }, start: iso(start), end: iso(start + 60 * minute), includedSession: false, virtual: true },
}) as Promise<Row>;
const graphCalls = () => fake.requests.filter((r) => r.path.startsWith('/v1.0/')).length;

beforeAll(async () => {
  fake = new FakeTeams();
  [t] = await Promise.all([startListeningTestApp(), fake.start()]);
  // Small pages, so every list the connector reads takes several (Graph's @odata.nextLink).
  fake.maxPageSize = 20;
  tenant = await createTenant(t.services);
  client = createClient({ baseUrl: t.baseUrl, clientId: tenant.clientId, clientSecret: tenant.clientSecret });
  provider = new TeamsProvider(options());
  engine = new SyncEngine({ api: new EventlineApi(client), provider });
  eventId = (await t.services.events.createNow(tenant.accountId, 'teams-test', {
    ...sampleEvent({ title: 'Teams Summit', start: iso(Date.now() - 86_400_000), end: iso(Date.now() + 2 * 86_400_000) }), format: 'Hybrid', type: 'Conference',
  })).id;
  keynote = await newSession('Keynote');
  for (let i = 0; i < 60; i += 30) {
    const added = (await client.post('/ea/attendees', {
      body: Array.from({ length: 30 }, (_, k) => ({ event: { id: eventId }, status: 'Accepted' as const, contact: { firstName: `Guest${i + k}`, lastName: 'Teams', email: `guest${i + k}@teams.example.test` } })),
    })) as Array<{ status: number; data: Row }>;
    expect(added.every((r) => r.status === 201)).toBe(true);
    attendees.push(...added.map((r) => r.data));
    added.forEach((r, k) => emails.set(r.data.id, `guest${i + k}@teams.example.test`));
  }
  for (const a of attendees.slice(0, 50)) await client.post(`/ea/sessions/${keynote.id}/enrollment/${a.id}` as string);
}, 120_000);

afterAll(async () => {
  await fake?.stop();
  await t?.close();
});

describe('the Teams connector, the whole workflow against the Microsoft Graph fake', () => {
  it('gives a virtual session a Teams meeting of the organizer, and eventline a webcast linked to it', async () => {
    const result = await engine.syncSession(keynote.id);
    expect(result.error).toBeUndefined();
    expect(result).toMatchObject({ outcome: 'Succeeded', created: true });
    const webcast = await webcastOf(keynote.id);
    const m = fake.meeting(webcast.meetingId ?? '');
    expect(m).toMatchObject({ externalId: keynote.id, subject: 'Keynote', allowedPresenters: 'organizer', lobbyBypassSettings: { scope: 'everyone', isDialInBypassEnabled: true } });
    expect([Date.parse(m.startDateTime), Date.parse(m.endDateTime)]).toEqual([startMs, startMs + 60 * minute]);
    expect(webcast).toMatchObject({ provider: 'Microsoft Teams', type: 'Meeting', meetingId: m.id });
    // Teams' passcode is the join code; the organizer joins with the same URL, and Teams has no host key.
    expect(webcast._links.join).toEqual({ href: m.joinWebUrl, code: m.passcode });
    expect(webcast._links.host).toMatchObject({ href: m.joinWebUrl });
    expect(webcast._links.host?.key ?? '').toBe('');
    expect(await syncState(keynote.id)).toMatchObject({ provider: 'teams', meetingId: m.id, outcome: 'Succeeded', progress: { attendeeLinks: 50 } });
  });

  it('writes the meeting\'s one join URL back as each of the 50 attendees\' link, keyed by their email, with no call per attendee', async () => {
    const webcast = await webcastOf(keynote.id);
    const m = fake.meeting(webcast.meetingId ?? '');
    const links = await linksOf(webcast.id);
    expect(links).toHaveLength(50);
    expect(links.map((l) => l.attendee.id).sort()).toEqual(attendees.slice(0, 50).map((a) => a.id).sort());
    for (const l of links) {
      expect(l.join.href).toBe(m.joinWebUrl);
      expect(l.sourceId).toBe(teamsRegistrantKey(emails.get(l.attendee.id) ?? ''));
      // A digest, not the address.
      expect(l.sourceId).not.toContain('@');
    }
    expect(new Set(links.map((l) => l.sourceId)).size).toBe(50);
    // A second pass writes nothing again, and asks Graph only about the meeting (and whether it was held).
    const before = graphCalls();
    expect(await engine.syncSession(keynote.id)).toMatchObject({ outcome: 'Succeeded', created: false, links: 50 });
    expect(await linksOf(webcast.id)).toHaveLength(50);
    expect(graphCalls() - before).toBeLessThanOrEqual(2);
  });

  it('shows a time changed in Teams on the session, and a title changed in eventline on Teams (polling)', async () => {
    const webcast = await webcastOf(keynote.id);
    const meetingId = webcast.meetingId ?? '';
    const session = (await client.get(`/ea/sessions/${keynote.id}` as string)) as Row;
    await client.put(`/ea/sessions/${keynote.id}` as string, { body: { ...session, title: 'Keynote: the future' } });
    const moved = startMs + 15 * minute;
    fake.organizerEdit(meetingId, { startDateTime: `${iso(moved).slice(0, -1)}0000Z`, endDateTime: `${iso(moved + 75 * minute).slice(0, -1)}0000Z` });

    expect((await engine.syncSession(keynote.id)).outcome).toBe('Succeeded');
    expect(fake.meeting(meetingId).subject).toBe('Keynote: the future');
    const after = (await client.get(`/ea/sessions/${keynote.id}` as string)) as Row;
    expect({ start: after['start'], end: after['end'] }).toEqual({ start: iso(moved), end: iso(moved + 75 * minute) });
    expect(await syncState(keynote.id)).toMatchObject({ conflicts: [], snapshot: { title: 'Keynote: the future', start: iso(moved) } });
  });

  it('writes one check-in per attendee from the attendance report, re-joins summed; a rehearsal and anonymous guests count for nobody; no recording', async () => {
    const webcast = await webcastOf(keynote.id);
    const meetingId = webcast.meetingId ?? '';
    const links = await linksOf(webcast.id);
    const start = Date.parse(fake.meeting(meetingId).startDateTime);
    const at = (min: number, sec = 0) => iso(start + min * minute + sec * 1000);
    // A rehearsal before the scheduled start, by an attendee: its report is not the session's.
    const early = fake.join(meetingId, { email: emails.get(links[45]?.attendee.id ?? '') ?? '', name: 'Early bird' }, at(-40));
    fake.leave(meetingId, early, at(-35));
    fake.endCall(meetingId, at(-30));

    const expected = new Map<string, { checkIn: string; checkOut: string; duration: number }>();
    const keys = new Map<string, string>();
    for (const [i, l] of links.slice(0, 40).entries()) {
      const email = emails.get(l.attendee.id) ?? '';
      // Teams reports the address the person signed in with: its case need not be the one registered.
      const key = fake.join(meetingId, { email: i % 7 === 0 ? email.toUpperCase() : email, name: `Guest ${i}` }, at(1, i));
      keys.set(l.attendee.id, key);
      fake.leave(meetingId, key, at(31));
      expected.set(l.attendee.id, { checkIn: at(1, i), checkOut: at(31), duration: (30 * 60 - i) * 1000 });
    }
    // Five come back for the last 20 minutes and are still there when the call ends; an anonymous guest too.
    for (const l of links.slice(0, 5)) {
      fake.join(meetingId, { email: emails.get(l.attendee.id) ?? '', name: 'again' }, at(55));
      const e = expected.get(l.attendee.id);
      if (e) expected.set(l.attendee.id, { ...e, checkOut: at(75), duration: e.duration + 20 * 60 * 1000 });
    }
    fake.join(meetingId, { email: null, name: 'Anonymous guest' }, at(2));
    const report = fake.endCall(meetingId, at(75));
    expect(report.records).toHaveLength(41);
    expect(report.records.filter((r) => r.attendanceIntervals.length === 2)).toHaveLength(5);
    // One row per interval, across three pages of 20 records; the rehearsal's report is left out.
    const rows = await provider.listParticipants(meetingId);
    expect(rows).toHaveLength(40 + 5 + 1);
    expect(rows.filter((r) => r.registrantId === undefined)).toHaveLength(1);

    const before = fake.requests.length;
    const result = await engine.syncSession(keynote.id);
    expect(result.error).toBeUndefined();
    expect(result).toMatchObject({ outcome: 'Succeeded', checkIns: 40, recording: false });
    const attendance = await all('/sessions/attendance', `session.id eq '${keynote.id}'`);
    expect(attendance).toHaveLength(40);
    for (const a of attendance) {
      expect({ checkIn: a['checkIn'], checkOut: a['checkOut'], duration: a['duration'] }).toEqual(expected.get((a['attendee'] as Row).id));
    }
    const after = await webcastOf(keynote.id);
    expect(after.status).toBe('Finished');
    // The published description offers no recordings: none is asked for, and the webcast has no recording link (docs/sync.md).
    expect(after._links.recording).toBeUndefined();
    expect(fake.requests.slice(before).some((r) => /recording/i.test(r.path))).toBe(false);
    expect(await provider.getRecording(meetingId)).toBeUndefined();
    // Running again changes nothing.
    expect(await engine.syncSession(keynote.id)).toMatchObject({ outcome: 'Succeeded', checkIns: 40 });
    expect(await all('/sessions/attendance', `session.id eq '${keynote.id}'`)).toHaveLength(40);
  });
});

describe('Teams: one meeting per session, whatever happens', () => {
  it('adopts the meeting already made for the session (createOrGet by the session id), and two runs at once end with one meeting and one webcast', async () => {
    const session = await newSession('Panel');
    for (const a of attendees.slice(0, 4)) await client.post(`/ea/sessions/${session.id}/enrollment/${a.id}` as string);
    // A run killed after creating the meeting, before the webcast.
    const orphan = await provider.createMeeting({ kind: 'meeting', externalId: session.id, title: 'Panel', start: iso(startMs), end: iso(startMs + 60 * minute), password: 'x', hostKey: '' });
    const other = new SyncEngine({ api: new EventlineApi(client), provider: new TeamsProvider(options()) });
    const results = await Promise.all([engine.syncSession(session.id), other.syncSession(session.id)]);
    expect(results.map((r) => r.outcome)).toEqual(['Succeeded', 'Succeeded']);
    expect(fake.allMeetings().filter((m) => m.externalId === session.id).map((m) => m.id)).toEqual([orphan.id]);
    expect((await all('/webcasts', `session.id eq '${session.id}'`)).map((w) => w['meetingId'])).toEqual([orphan.id]);
    expect(await linksOf((await webcastOf(session.id)).id)).toHaveLength(4);
  });
});

describe('Teams tokens, throttling and errors', () => {
  it('keeps one access token until it expires, and asks a new one once when Graph refuses it', async () => {
    const p = new TeamsProvider(options());
    const issued = fake.tokensIssued;
    const id = (await webcastOf(keynote.id)).meetingId ?? '';
    await p.getMeeting(id);
    await p.getMeeting(id);
    await p.listParticipants(id);
    expect(fake.tokensIssued).toBe(issued + 1);
    fake.revokeTokens();
    expect(await p.getMeeting(id)).toMatchObject({ id });
    expect(fake.tokensIssued).toBe(issued + 2);
    expect(fake.requests.some((r) => r.status === 401)).toBe(true);
  });

  it('retries Graph\'s throttling after Retry-After (429, or 503 with Retry-After), with back-off without it, and gives up after a bound', async () => {
    const p = new TeamsProvider(options());
    const id = (await webcastOf(keynote.id)).meetingId ?? '';
    waits.length = 0;
    fake.throttle(2, { retryAfter: '2' });
    expect(await p.getMeeting(id)).toMatchObject({ id });
    expect(waits).toEqual([2000, 2000]);
    waits.length = 0;
    fake.throttle(2);
    expect(await p.getMeeting(id)).toMatchObject({ id });
    expect(waits).toEqual([500, 1000]);
    waits.length = 0;
    fake.throttle(1, { status: 503, retryAfter: '3' });
    expect(await p.getMeeting(id)).toMatchObject({ id });
    expect(waits).toEqual([3000]);
    waits.length = 0;
    fake.throttle(10, { retryAfter: '1' });
    await expect(p.getMeeting(id)).rejects.toThrow(/Microsoft Graph is throttling this application .*5 tries.*next pass/);
    expect(waits).toHaveLength(4);
    fake.clearThrottle();
    waits.length = 0;
    fake.throttle(1, { retryAfter: '600' });
    await expect(p.getMeeting(id)).rejects.toThrow(/throttling this application .*for 600 s/);
    expect(waits).toEqual([]);
  });

  it('ends a sync with a refused or expired secret, a missing access policy, an outage or a meeting deleted in Teams in a state that names the cause and the fix; the next pass recovers', async () => {
    const session = await newSession('Workshop');
    for (const a of attendees.slice(0, 5)) await client.post(`/ea/sessions/${session.id}/enrollment/${a.id}` as string);
    const fresh = () => new SyncEngine({ api: new EventlineApi(client), provider: new TeamsProvider(options()) });
    fake.setCredentials('invalid');
    expect((await fresh().syncSession(session.id)).outcome).toBe('Failed');
    expect((await syncState(session.id)).error).toMatch(/Microsoft refused the application's credentials .*AADSTS7000215.*TEAMS_CLIENT_SECRET/);
    fake.setCredentials('expired');
    expect((await fresh().syncSession(session.id)).outcome).toBe('Failed');
    expect((await syncState(session.id)).error).toMatch(/client secret: it has expired .*Certificates & secrets/);
    fake.setCredentials('ok');
    expect((await new SyncEngine({ api: new EventlineApi(client), provider: new TeamsProvider(options({ tenantId: 'no-such-tenant' })) }).syncSession(session.id)).outcome).toBe('Failed');
    expect((await syncState(session.id)).error).toMatch(/knows no tenant "no-such-tenant".*TEAMS_TENANT_ID/);
    fake.setAccessPolicy(false);
    expect((await fresh().syncSession(session.id)).outcome).toBe('Failed');
    expect((await syncState(session.id)).error).toMatch(/OnlineMeetings\.ReadWrite\.All .*admin consent.*application access policy/);
    fake.setAccessPolicy(true);
    expect((await new SyncEngine({ api: new EventlineApi(client), provider: new TeamsProvider(options({ organizerUser: 'nobody' })) }).syncSession(session.id)).outcome).toBe('Failed');
    expect((await syncState(session.id)).error).toMatch(/knows no user "nobody".*TEAMS_ORGANIZER_USER/);
    fake.fail(1);
    expect((await engine.syncSession(session.id)).outcome).toBe('Failed');
    expect((await syncState(session.id)).error).toMatch(/Microsoft Teams \(Graph\) is unavailable .*nothing was lost, the sync tries again on its next pass/);
    // Recovered: one meeting, five links.
    expect(await engine.syncSession(session.id)).toMatchObject({ outcome: 'Succeeded', links: 5 });
    expect(fake.allMeetings().filter((m) => m.externalId === session.id)).toHaveLength(1);
    // Deleted in Teams: the webcast is marked cancelled; a call on the meeting says what happened and what to do.
    const webcast = await webcastOf(session.id);
    fake.deleteOnTeams(webcast.meetingId ?? '');
    await expect(new TeamsProvider(options()).registerAttendee(webcast.meetingId ?? '', { attendeeId: 'a', email: 'x@teams.example.test', firstName: 'X', lastName: 'Y' }))
      .rejects.toThrow(/The meeting is gone from Microsoft Teams .*delete its webcast in eventline/);
    expect(await engine.syncSession(session.id)).toMatchObject({ outcome: 'Succeeded' });
    expect((await webcastOf(session.id)).status).toBe('Cancelled');
  });

  it('loses no check-in when Graph fails half-way through the attendance records: the next pass writes each once', async () => {
    const session = await newSession('Breakout');
    for (const a of attendees.slice(0, 30)) await client.post(`/ea/sessions/${session.id}/enrollment/${a.id}` as string);
    expect(await engine.syncSession(session.id)).toMatchObject({ outcome: 'Succeeded', links: 30 });
    const webcast = await webcastOf(session.id);
    const meetingId = webcast.meetingId ?? '';
    const at = (min: number) => iso(startMs + min * minute);
    for (const l of await linksOf(webcast.id)) fake.leave(meetingId, fake.join(meetingId, { email: emails.get(l.attendee.id) ?? '', name: 'G' }, at(1)), at(31));
    fake.endCall(meetingId, at(60));
    // 30 records, 20 a page: the second page fails.
    fake.failWhen((method, path, q) => path.endsWith('/attendanceRecords') && q.has('$skiptoken'));
    const failed = await engine.syncSession(session.id);
    expect(failed.outcome).toBe('Failed');
    expect(failed.error).toMatch(/Microsoft Teams \(Graph\) is unavailable/);
    expect(await all('/sessions/attendance', `session.id eq '${session.id}'`)).toHaveLength(0);
    expect(await engine.syncSession(session.id)).toMatchObject({ outcome: 'Succeeded', checkIns: 30 });
    expect(await engine.syncSession(session.id)).toMatchObject({ outcome: 'Succeeded', checkIns: 30 });
    const attendance = await all('/sessions/attendance', `session.id eq '${session.id}'`);
    expect(attendance).toHaveLength(30);
    expect(new Set(attendance.map((a) => (a['attendee'] as Row).id)).size).toBe(30);
    expect(attendance.every((a) => a['duration'] === 30 * minute)).toBe(true);
  });

  it('asks Graph for attendance reports only from an hour before the start on', async () => {
    const later = await provider.createMeeting({ kind: 'meeting', externalId: 'later', title: 'Later', start: iso(Date.now() + 3 * 60 * minute), end: iso(Date.now() + 4 * 60 * minute), password: '', hostKey: '' });
    const reports = () => fake.requests.filter((r) => r.path.endsWith('/attendanceReports')).length;
    const before = reports();
    expect(await provider.getMeeting(later.id)).toMatchObject({ status: 'scheduled', externalId: 'later', title: 'Later' });
    expect(reports()).toBe(before);
    await provider.cancelMeeting(later.id);
    expect(await provider.getMeeting(later.id)).toBeUndefined();
    // Deleting again is not an error.
    await provider.cancelMeeting(later.id);
  });

  it('sends its access token nowhere but the Graph API: a next link elsewhere is not followed', async () => {
    const meetingId = (await webcastOf(keynote.id)).meetingId ?? '';
    const elsewhere: string[] = [];
    const moved: typeof fetch = async (input, init) => {
      if (!String(input).startsWith(fake.url)) {
        elsewhere.push(String(input));
        throw new Error('not the fake');
      }
      const res = await fetch(input, init);
      if (!String(input).includes('/attendanceRecords')) return res;
      const body = (await res.json()) as Record<string, unknown>;
      const next = body['@odata.nextLink'];
      return Response.json(typeof next === 'string' ? { ...body, '@odata.nextLink': next.replace(fake.url, 'https://graph.evil.example.test') } : body, { status: res.status });
    };
    await expect(new TeamsProvider(options({ fetch: moved })).listParticipants(meetingId)).rejects.toThrow(/a next link outside its API: not followed/);
    expect(elsewhere).toEqual([]);
  });

  it('reaches an existing meeting under the organizer its id names, so a changed or mistyped TEAMS_ORGANIZER_USER does not make it look deleted', async () => {
    const meetingId = (await webcastOf(keynote.id)).meetingId ?? '';
    const before = fake.requests.length;
    expect(await new TeamsProvider(options({ organizerUser: 'someone-else@contoso.example.test' })).getMeeting(meetingId)).toMatchObject({ id: meetingId, title: 'Keynote: the future' });
    expect(fake.requests.slice(before).filter((r) => r.path.startsWith('/v1.0/')).every((r) => r.path.startsWith(`/v1.0/users/${fake.organizerId}/onlineMeetings/`))).toBe(true);
  });

  it('gives attendees without an email address keys of their own, which no attendance record matches', async () => {
    const meetingId = (await webcastOf(keynote.id)).meetingId ?? '';
    const [a, b] = await provider.registerAttendees(meetingId, [
      { attendeeId: 'att-a', email: ' ', firstName: 'A', lastName: 'A' }, { attendeeId: 'att-b', email: '', firstName: 'B', lastName: 'B' },
    ]);
    expect(a?.id).not.toBe(b?.id);
    expect([a?.id, b?.id]).not.toContain(teamsRegistrantKey(''));
    expect(a?.joinUrl).toBe(fake.meeting(meetingId).joinWebUrl);
  });

  it('accepts no change notification (polling is the fallback): the webhook endpoint refuses every call', async () => {
    const received: ChangeNotification[] = [];
    const receiver = new WebhookReceiver(provider, (n) => received.push(n));
    const url = await receiver.listen(0);
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ value: [{ clientState: 'x', resource: 'communications/onlineMeetings' }] }) });
      expect(res.status).toBe(401);
      expect(received).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('runs as `eventline sync --provider teams` from the TEAMS_* and GRAPH_* variables', async () => {
    const session = await newSession('Fireside chat');
    for (const a of attendees.slice(0, 3)) await client.post(`/ea/sessions/${session.id}/enrollment/${a.id}` as string);
    const run = spawnProcess(process.execPath, [BIN, 'sync', '--provider', 'teams', '--once'], {
      cwd: ROOT,
      env: {
        ...process.env, EVENTLINE_URL: t.baseUrl, EVENTLINE_CLIENT_ID: tenant.clientId, EVENTLINE_CLIENT_SECRET: tenant.clientSecret,
        TEAMS_TENANT_ID: fake.tenantId, TEAMS_CLIENT_ID: fake.clientId, TEAMS_CLIENT_SECRET: fake.clientSecret, TEAMS_ORGANIZER_USER: fake.organizerUpn,
        GRAPH_API_URL: fake.apiUrl, GRAPH_LOGIN_URL: fake.loginUrl,
      },
    });
    await run.waitForOutput(/sync done: \d+ sessions, 0 failed/);
    expect(await exitCode(run)).toBe(0);
    const webcast = await webcastOf(session.id);
    expect(fake.meeting(webcast.meetingId ?? '').externalId).toBe(session.id);
    expect(await linksOf(webcast.id)).toHaveLength(3);
    expect(fake.requests.some((r) => r.method === 'POST' && r.path === `/v1.0/users/${encodeURIComponent(fake.organizerUpn)}/onlineMeetings/microsoft.graph.createOrGet`)).toBe(true);
  }, 60_000);

  it('is the registry\'s "teams" provider, and names the variables it lacks', () => {
    expect(createProvider('teams', { teams: { tenantId: 't', clientId: 'c', clientSecret: 's', organizerUser: 'u' } })).toBeInstanceOf(TeamsProvider);
    expect(() => createProvider('teams', { teams: { tenantId: 't' } })).toThrow(/TEAMS_CLIENT_ID, TEAMS_CLIENT_SECRET, TEAMS_ORGANIZER_USER/);
  });
});

describe('the check of every request, end to end', () => {
  it('catches a deliberately wrong field on its way to the fake (startDateTime as a number), and Graph\'s answer is a 400', async () => {
    const wrong: typeof fetch = (input, init) => {
      if (init?.method === 'POST' && typeof init.body === 'string' && String(input).endsWith('/microsoft.graph.createOrGet')) {
        const body = JSON.parse(init.body) as Record<string, unknown>;
        return fetch(input, { ...init, body: JSON.stringify({ ...body, startDateTime: Date.parse(String(body['startDateTime'])) }) });
      }
      return fetch(input, init);
    };
    const p = new TeamsProvider(options({ fetch: wrong }));
    const before = fake.violations.length;
    await expect(p.createMeeting({ kind: 'meeting', externalId: 'wrong', title: 'Wrong', start: iso(startMs), end: iso(startMs + minute), password: '', hostKey: '' }))
      .rejects.toThrow(/Microsoft Graph refused POST \/users\/.*\/onlineMeetings\/microsoft\.graph\.createOrGet \(400, BadRequest\)/);
    expect(fake.violations.slice(before)).toEqual([expect.stringMatching(/createOrGet: body \/startDateTime must be string,null/)]);
    // Shown; not counted against the connector below.
    fake.violations.splice(before);
  });
});

describe('every request the connector sent, and every answer of the fake', () => {
  it('matches Microsoft\'s published description', () => {
    const used = new Set(fake.requests.map((r) => `${r.method} ${r.path
      .replace(/^\/[^/]+\/oauth2\/v2\.0\/token$/, '/{tenant}/oauth2/v2.0/token')
      .replace(/\/users\/[^/]+/, '/users/{user}')
      .replace(/\/onlineMeetings\/(?!microsoft\.graph\.)[^/]+/, '/onlineMeetings/{meeting}')
      .replace(/\/attendanceReports\/[^/]+/, '/attendanceReports/{report}')}`));
    expect([...used].sort()).toEqual(expect.arrayContaining([
      'POST /{tenant}/oauth2/v2.0/token', 'POST /v1.0/users/{user}/onlineMeetings/microsoft.graph.createOrGet', 'GET /v1.0/users/{user}/onlineMeetings/{meeting}',
      'PATCH /v1.0/users/{user}/onlineMeetings/{meeting}', 'DELETE /v1.0/users/{user}/onlineMeetings/{meeting}', 'GET /v1.0/users/{user}/onlineMeetings/{meeting}/attendanceReports',
      'GET /v1.0/users/{user}/onlineMeetings/{meeting}/attendanceReports/{report}/attendanceRecords',
    ]));
    expect(fake.requests.some((r) => r.query.includes('%24skiptoken') || r.query.includes('$skiptoken'))).toBe(true);
    expect(fake.violations).toEqual([]);
  });
});
