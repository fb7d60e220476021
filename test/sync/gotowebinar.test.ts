import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, type EventlineClient } from '../../src/client/index.js';
import {
  EventlineApi, GoToWebinarProvider, SyncEngine, WebhookReceiver, createProvider, type ChangeNotification, type GoToWebinarProviderOptions, type SyncState,
} from '../../src/modules/sync/index.js';
import { createTenant, sampleEvent, type Tenant } from '../helpers/app.js';
import { startListeningTestApp, type ListeningTestApp } from '../helpers/http.js';
import { spawnProcess } from '../helpers/process.js';
import { API_PREFIX, FakeGoToWebinar } from './fakes/gotowebinar.js';
import { BIN, ROOT, exitCode } from './harness.js';

// The whole virtual-session workflow with the real engine and the GoToWebinar connector, in-process,
// against the stateful GoToWebinar fake; every request and answer is checked against GoToWebinar's
// published description (fake.violations), and asserted empty at the end.
interface Row { id: string; [k: string]: unknown }
interface Link { attendee: { id: string }; join: { href: string }; sourceId?: string }
interface Webcast { id: string; meetingId?: string; provider?: string; type?: string; status: string; _links: { join?: { href?: string; code?: string }; host?: { href?: string; key?: string }; recording?: { href?: string } } }

let t: ListeningTestApp;
let fake: FakeGoToWebinar;
let tenant: Tenant;
let client: EventlineClient;
let provider: GoToWebinarProvider;
let engine: SyncEngine;
let eventId: string;
let keynote: Row;
const attendees: Row[] = [];
/** Attendee id -> the email it was created with. */
const emails = new Map<string, string>();
const waits: number[] = [];

const minute = 60_000;
// GoTo keeps whole seconds; the session is in half an hour, so the connector asks for the webinar's past sessions.
const startMs = Math.ceil((Date.now() + 30 * minute) / minute) * minute;
const iso = (ms: number) => new Date(ms).toISOString();
const goto = (ms: number) => iso(ms).replace('.000Z', 'Z');

const all = async (path: string, filter: string): Promise<Row[]> => {
  const out: Row[] = [];
  for await (const row of client.paginate(path, { filter })) out.push(row as Row);
  return out;
};
const webcastOf = async (sessionId: string): Promise<Webcast> => (await all('/webcasts', `session.id eq '${sessionId}'`))[0] as unknown as Webcast;
const linksOf = async (webcastId: string): Promise<Link[]> => (await all('/webcasts/attendee-links', `webcast.id eq '${webcastId}'`)) as unknown as Link[];
const syncState = async (sessionId: string): Promise<SyncState> => (await client.get(`/ea/sessions/${sessionId}/sync` as string)) as SyncState;
const options = (extra: Partial<GoToWebinarProviderOptions> = {}): GoToWebinarProviderOptions => ({
  clientId: fake.clientId, clientSecret: fake.clientSecret, refreshToken: fake.refreshToken,
  apiUrl: fake.apiUrl, oauthUrl: fake.url, sleep: async (ms) => { waits.push(ms); }, ...extra,
});
const newSession = (title: string, start = startMs) => client.post('/ea/sessions', {
  body: { title, event: { id: eventId }, start: iso(start), end: iso(start + 60 * minute), includedSession: false, virtual: true },
}) as Promise<Row>;
const apiCalls = (method: string, suffix: string) => fake.requests.filter((r) => r.method === method && r.path.startsWith(API_PREFIX) && r.path.endsWith(suffix));

beforeAll(async () => {
  fake = new FakeGoToWebinar();
  [t] = await Promise.all([startListeningTestApp(), fake.start()]);
  tenant = await createTenant(t.services);
  client = createClient({ baseUrl: t.baseUrl, clientId: tenant.clientId, clientSecret: tenant.clientSecret });
  // No organizer key given: the connector takes the one GoTo names in its token answer.
  provider = new GoToWebinarProvider(options());
  engine = new SyncEngine({ api: new EventlineApi(client), provider });
  eventId = (await t.services.events.createNow(tenant.accountId, 'gotowebinar-test', {
    ...sampleEvent({ title: 'GoTo Summit', start: iso(Date.now() - 86_400_000), end: iso(Date.now() + 2 * 86_400_000) }), format: 'Hybrid', type: 'Conference',
  })).id;
  keynote = await newSession('Keynote');
  for (let i = 0; i < 60; i += 30) {
    const added = (await client.post('/ea/attendees', {
      body: Array.from({ length: 30 }, (_, k) => ({ event: { id: eventId }, status: 'Accepted' as const, contact: { firstName: `Guest${i + k}`, lastName: 'GoTo', email: `guest${i + k}@goto.example.test` } })),
    })) as Array<{ status: number; data: Row }>;
    expect(added.every((r) => r.status === 201)).toBe(true);
    attendees.push(...added.map((r) => r.data));
    added.forEach((r, k) => emails.set(r.data.id, `guest${i + k}@goto.example.test`));
  }
  for (const a of attendees.slice(0, 50)) await client.post(`/ea/sessions/${keynote.id}/enrollment/${a.id}` as string);
}, 120_000);

afterAll(async () => {
  await fake?.stop();
  await t?.close();
});

describe('the GoToWebinar connector, the whole workflow against the GoToWebinar fake', () => {
  it('gives a virtual session a webinar, and eventline a webcast linked to it by its 19-digit key', async () => {
    const result = await engine.syncSession(keynote.id);
    expect(result.error).toBeUndefined();
    expect(result).toMatchObject({ outcome: 'Succeeded', created: true });
    const webcast = await webcastOf(keynote.id);
    // The key as GoTo wrote it, every digit: read as a double it would name another webinar.
    expect(webcast.meetingId).toMatch(/^\d{19}$/);
    const w = fake.webinar(webcast.meetingId ?? '');
    expect(w).toMatchObject({
      subject: 'Keynote', description: `eventline session ${keynote.id}`, type: 'single_session', isPasswordProtected: false,
      times: [{ startTime: goto(startMs), endTime: goto(startMs + 60 * minute) }],
    });
    expect(webcast).toMatchObject({ provider: 'GoToWebinar', type: 'Webinar', meetingId: w.webinarKey });
    // The webinar's own link is its registration page; every attendee gets a personal one.
    expect(webcast._links.join?.href).toBe(w.registrationUrl);
    expect(await syncState(keynote.id)).toMatchObject({ provider: 'gotowebinar', meetingId: w.webinarKey, outcome: 'Succeeded', progress: { attendeeLinks: 50 } });
  });

  it('registers the 50 attendees on GoToWebinar and writes their personal joinUrl back through attendee-links', async () => {
    const webcast = await webcastOf(keynote.id);
    const links = await linksOf(webcast.id);
    expect(links).toHaveLength(50);
    expect(links.map((l) => l.attendee.id).sort()).toEqual(attendees.slice(0, 50).map((a) => a.id).sort());
    const { registrants } = fake.webinar(webcast.meetingId ?? '');
    expect(registrants).toHaveLength(50);
    const byKey = new Map(registrants.map((r) => [r.registrantKey, r]));
    for (const l of links) {
      const r = byKey.get(l.sourceId ?? '');
      expect(r?.joinUrl).toBe(l.join.href);
      expect(r?.email).toBe(emails.get(l.attendee.id));
    }
    expect(new Set(links.map((l) => l.join.href)).size).toBe(50);
    // GoTo's mails stay off: eventline sends the personal links.
    expect(apiCalls('POST', '/registrants').every((r) => r.query === '?resendConfirmation=false')).toBe(true);
    // A second pass registers nobody again.
    const before = apiCalls('POST', '/registrants').length;
    expect(await engine.syncSession(keynote.id)).toMatchObject({ outcome: 'Succeeded', created: false, links: 50 });
    expect(apiCalls('POST', '/registrants')).toHaveLength(before);
    expect(fake.webinar(webcast.meetingId ?? '').registrants).toHaveLength(50);
  });

  it('answers the same registrant when the same person registers again (GoTo\'s 409), named in the answer or not', async () => {
    const webcast = await webcastOf(keynote.id);
    const link = (await linksOf(webcast.id))[0];
    const attendeeId = link?.attendee.id ?? '';
    const who = { attendeeId, email: (emails.get(attendeeId) ?? '').toUpperCase(), firstName: 'Again', lastName: 'Registered' };
    expect(who.email).toMatch(/@GOTO\.EXAMPLE\.TEST$/);
    const plain = await provider.registerAttendee(webcast.meetingId ?? '', who);
    expect(plain).toEqual({ id: link?.sourceId, joinUrl: link?.join.href, attendeeId });
    fake.duplicateNamesRegistrant = true;
    try {
      const lists = apiCalls('GET', '/registrants').length;
      expect(await provider.registerAttendee(webcast.meetingId ?? '', who)).toEqual(plain);
      // Named in the 409: no need to read the list.
      expect(apiCalls('GET', '/registrants')).toHaveLength(lists);
    } finally {
      fake.duplicateNamesRegistrant = false;
    }
    expect(fake.webinar(webcast.meetingId ?? '').registrants).toHaveLength(50);
  });

  it('finds the webinar made for a session again by its description', async () => {
    const webcast = await webcastOf(keynote.id);
    for (let i = 0; i < 5; i++) {
      await provider.createMeeting({ kind: 'webinar', externalId: `other-${i}`, title: `Other ${i}`, start: iso(startMs), end: iso(startMs + 30 * minute), password: 'pw', hostKey: '' });
    }
    const fresh = new GoToWebinarProvider(options());
    expect(await fresh.findMeeting(keynote.id)).toMatchObject({ id: webcast.meetingId, externalId: keynote.id, kind: 'webinar', title: 'Keynote', status: 'scheduled' });
    expect(await fresh.findMeeting('no-such-session')).toBeUndefined();
  });

  it('shows a time changed on GoToWebinar on the session, and a title changed in eventline on GoToWebinar (by polling)', async () => {
    const webcast = await webcastOf(keynote.id);
    const key = webcast.meetingId ?? '';
    const session = (await client.get(`/ea/sessions/${keynote.id}` as string)) as Row;
    await client.put(`/ea/sessions/${keynote.id}` as string, { body: { ...session, title: 'Keynote: the future' } });
    const moved = startMs + 15 * minute;
    fake.organizerEdit(key, { times: [{ startTime: goto(moved), endTime: goto(moved + 75 * minute) }] });

    expect((await engine.syncSession(keynote.id)).outcome).toBe('Succeeded');
    expect(fake.webinar(key).subject).toBe('Keynote: the future');
    // The edit went without GoTo's change notice to the registrants.
    expect(apiCalls('PUT', key).map((r) => r.query)).toEqual(['?notifyParticipants=false']);
    const after = (await client.get(`/ea/sessions/${keynote.id}` as string)) as Row;
    expect({ start: after['start'], end: after['end'] }).toEqual({ start: iso(moved), end: iso(moved + 75 * minute) });
    expect(await syncState(keynote.id)).toMatchObject({ conflicts: [], snapshot: { title: 'Keynote: the future', start: iso(moved) } });
  });

  it('writes one check-in per attendee with re-joins summed once the webinar ends, and marks the webcast finished without a recording (GoTo\'s API has none)', async () => {
    const webcast = await webcastOf(keynote.id);
    const key = webcast.meetingId ?? '';
    const links = await linksOf(webcast.id);
    const at = (min: number, sec = 0) => goto(startMs + min * minute + sec * 1000);
    const expected = new Map<string, { checkIn: string; checkOut: string; duration: number }>();
    for (const [i, l] of links.slice(0, 40).entries()) {
      fake.join(key, l.sourceId ?? '', at(15, i));
      fake.leave(key, l.sourceId ?? '', at(45));
      expected.set(l.attendee.id, { checkIn: iso(Date.parse(at(15, i))), checkOut: iso(Date.parse(at(45))), duration: (30 * 60 - i) * 1000 });
    }
    // Five come back for the last 20 minutes and are still there when the organizer ends the webinar.
    for (const l of links.slice(0, 5)) {
      fake.join(key, l.sourceId ?? '', at(70));
      const e = expected.get(l.attendee.id);
      if (e) expected.set(l.attendee.id, { ...e, checkOut: iso(Date.parse(at(90))), duration: e.duration + 20 * 60 * 1000 });
    }
    // In session: the webinar is started, not ended.
    expect(await provider.getMeeting(key)).toMatchObject({ status: 'started' });
    fake.end(key, at(90));
    // GoTo's report: one attendee per person, each join an entry of their attendance; one row per join here.
    const rows = await provider.listParticipants(key);
    expect(rows).toHaveLength(45);
    expect(new Set(rows.map((r) => r.registrantId)).size).toBe(40);

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
    // The documented absence: GoToWebinar's published API has no recording endpoint, so no link, and no call for one.
    expect(after._links.recording).toBeUndefined();
    expect(fake.requests.some((r) => /record/i.test(r.path))).toBe(false);
    // Running again changes nothing.
    expect(await engine.syncSession(keynote.id)).toMatchObject({ outcome: 'Succeeded', checkIns: 40 });
    expect(await all('/sessions/attendance', `session.id eq '${keynote.id}'`)).toHaveLength(40);
  });
});

describe('GoToWebinar has no webhooks the connector can check', () => {
  it('refuses every notification without reading it, over HTTP too: the connector polls', async () => {
    const body = JSON.stringify({ eventName: 'webinar.changed', eventVersion: '1.0.0', webinarKey: '8264919063298406913' });
    const headers = { 'content-type': 'application/json', 'x-webhook-signature': 'c2lnbmF0dXJl' };
    const parse = vi.spyOn(JSON, 'parse');
    try {
      parse.mockClear();
      expect(provider.verifyNotification(headers, body)).toBeUndefined();
      expect('answerChallenge' in provider).toBe(false);
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
    const received: ChangeNotification[] = [];
    const receiver = new WebhookReceiver(provider, (n) => received.push(n));
    const url = await receiver.listen(0);
    try {
      expect(url).toMatch(/\/webhooks\/gotowebinar$/);
      expect((await fetch(url, { method: 'POST', headers, body })).status).toBe(401);
      expect(received).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});

describe('GoToWebinar OAuth, rate limits and errors', () => {
  it('keeps one access token until it expires, then asks a new one with the refresh token', async () => {
    let clock = Date.now();
    const p = new GoToWebinarProvider(options({ now: () => clock }));
    const issued = fake.tokensIssued;
    const key = (await webcastOf(keynote.id)).meetingId ?? '';
    await p.getMeeting(key);
    await p.listRegistrants(key);
    await p.listRegistrants(key);
    expect(fake.tokensIssued).toBe(issued + 1);
    // GoTo's tokens live an hour; the connector renews a minute early.
    clock += 59 * minute + 1000;
    await p.listRegistrants(key);
    expect(fake.tokensIssued).toBe(issued + 2);
  });

  it('asks a new token once when GoTo refuses one (403 InvalidToken, or 401), and says so in words when it is refused twice', async () => {
    const p = new GoToWebinarProvider(options());
    const key = (await webcastOf(keynote.id)).meetingId ?? '';
    await p.getMeeting(key);
    const issued = fake.tokensIssued;
    fake.revokeTokens();
    expect(await p.listRegistrants(key)).toHaveLength(50);
    expect(fake.tokensIssued).toBe(issued + 1);
    fake.tokenRefusalStatus = 401;
    try {
      fake.revokeTokens();
      expect(await p.listRegistrants(key)).toHaveLength(50);
      expect(fake.tokensIssued).toBe(issued + 2);
    } finally {
      fake.tokenRefusalStatus = 403;
    }
    // Refused even with a new token: the organizer revoked the access.
    const refusing: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      return String(input).includes(API_PREFIX) ? new Response(JSON.stringify({ int_err_code: 'InvalidToken', msg: 'Invalid token passed' }), { status: 403 }) : res;
    };
    await expect(new GoToWebinarProvider(options({ fetch: refusing })).listRegistrants(key))
      .rejects.toThrow(/GoTo refused the organizer's access token twice .*set the new GOTO_REFRESH_TOKEN/);
  });

  it('keeps the refresh token GoTo rotates, and hands it on', async () => {
    fake.singleUseRefreshTokens = true;
    try {
      const handed: string[] = [];
      // A refresh token of its own (the organizer authorized again): the other providers' stays unspent.
      const first = fake.issueRefreshToken();
      const p = new GoToWebinarProvider(options({ refreshToken: first, onRefreshToken: (token) => { handed.push(token); } }));
      const key = (await webcastOf(keynote.id)).meetingId ?? '';
      await p.getMeeting(key);
      expect(handed).toEqual([fake.refreshToken]);
      expect(fake.refreshToken).not.toBe(first);
      // The first one is spent; the connector asks with the new one.
      fake.revokeTokens();
      expect(await p.getMeeting(key)).toMatchObject({ id: key });
      expect(handed).toHaveLength(2);
      await expect(new GoToWebinarProvider(options({ refreshToken: first })).getMeeting(key))
        .rejects.toThrow(/GoTo refused the organizer's refresh token \(400: Invalid refresh token\).*authorize the OAuth client again.*GOTO_REFRESH_TOKEN/);
    } finally {
      fake.singleUseRefreshTokens = false;
    }
  });

  it('retries a 429 after Retry-After, or with back-off when GoTo sends none, and gives up after a bound', async () => {
    const p = new GoToWebinarProvider(options());
    const key = (await webcastOf(keynote.id)).meetingId ?? '';
    waits.length = 0;
    fake.rateLimit(2, { retryAfter: '2' });
    expect(await p.listRegistrants(key)).toHaveLength(50);
    expect(waits).toEqual([2000, 2000]);
    waits.length = 0;
    fake.rateLimit(2);
    expect(await p.listRegistrants(key)).toHaveLength(50);
    expect(waits).toEqual([250, 500]);
    waits.length = 0;
    fake.rateLimit(1, { retryAfter: new Date(Date.now() + 30_000).toUTCString() });
    expect(await p.listRegistrants(key)).toHaveLength(50);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(25_000);
    expect(waits[0]).toBeLessThanOrEqual(30_000);
    waits.length = 0;
    fake.rateLimit(10);
    await expect(p.listRegistrants(key)).rejects.toThrow(/GoTo's rate limit for this OAuth client was reached .*5 tries.*next pass/);
    expect(waits).toHaveLength(4);
    fake.clearRateLimit();
    waits.length = 0;
    fake.rateLimit(1, { retryAfter: '3600' });
    await expect(p.listRegistrants(key)).rejects.toThrow(/retry after 3600 s/);
    expect(waits).toEqual([]);
    fake.clearRateLimit();
  });

  it('ends a sync with revoked credentials, a spent refresh token, an outage or a webinar deleted on GoTo in a state that names the cause and the fix; the next pass recovers', async () => {
    const session = await newSession('Workshop');
    for (const a of attendees.slice(0, 5)) await client.post(`/ea/sessions/${session.id}/enrollment/${a.id}` as string);
    const once = (p: GoToWebinarProvider) => new SyncEngine({ api: new EventlineApi(client), provider: p }).syncSession(session.id);
    fake.revokeCredentials();
    expect((await once(new GoToWebinarProvider(options()))).outcome).toBe('Failed');
    expect((await syncState(session.id)).error).toMatch(/GoTo refused the OAuth client's credentials \(401: Bad client credentials\).*GOTO_CLIENT_ID and GOTO_CLIENT_SECRET/);
    fake.revokeCredentials(false);
    expect((await once(new GoToWebinarProvider(options({ refreshToken: 'not-a-refresh-token' })))).outcome).toBe('Failed');
    expect((await syncState(session.id)).error).toMatch(/GoTo refused the organizer's refresh token .*expired .*GOTO_REFRESH_TOKEN/);
    fake.fail(1);
    expect((await engine.syncSession(session.id)).outcome).toBe('Failed');
    expect((await syncState(session.id)).error).toMatch(/GoToWebinar is unavailable .*nothing was lost, the sync tries again on its next pass/);
    // Recovered: one webinar, five links.
    expect(await engine.syncSession(session.id)).toMatchObject({ outcome: 'Succeeded', links: 5 });
    expect(fake.allWebinars().filter((w) => w.description === `eventline session ${session.id}`)).toHaveLength(1);
    // Deleted on GoTo: the webcast is marked cancelled; a call on the webinar says what happened and what to do.
    const webcast = await webcastOf(session.id);
    fake.deleteOnGoTo(webcast.meetingId ?? '');
    await expect(provider.registerAttendee(webcast.meetingId ?? '', { attendeeId: 'a', email: 'x@goto.example.test', firstName: 'X', lastName: 'Y' }))
      .rejects.toThrow(/The webinar is gone from GoToWebinar .*delete its webcast in eventline/);
    expect(await engine.syncSession(session.id)).toMatchObject({ outcome: 'Succeeded' });
    expect((await webcastOf(session.id)).status).toBe('Cancelled');
  });

  it('says so when the organizer key is not the token\'s user\'s', async () => {
    const p = new GoToWebinarProvider(options({ organizerKey: '1234567890123456789' }));
    await expect(p.findMeeting('x')).rejects.toThrow(/GoTo does not let the organizer do GET \/organizers\/1234567890123456789\/upcomingWebinars .*GOTO_ORGANIZER_KEY/);
    expect(await new GoToWebinarProvider(options()).checkConnection()).toMatch(/GoTo accepted the OAuth client and the refresh token; organizer 8439885694023999999 has \d+ upcoming webinars/);
  });

  it('loses no check-in when GoTo fails half-way through the attendees: the next pass writes each once', async () => {
    const session = await newSession('Breakout');
    for (const a of attendees.slice(0, 30)) await client.post(`/ea/sessions/${session.id}/enrollment/${a.id}` as string);
    expect(await engine.syncSession(session.id)).toMatchObject({ outcome: 'Succeeded', links: 30 });
    const webcast = await webcastOf(session.id);
    const key = webcast.meetingId ?? '';
    const at = (min: number) => goto(startMs + min * minute);
    const links = await linksOf(webcast.id);
    for (const l of links) {
      fake.join(key, l.sourceId ?? '', at(1));
      fake.leave(key, l.sourceId ?? '', at(31));
    }
    fake.end(key, at(40));
    // The organizer holds a second session later on (GoTo lists both): ten of them come back.
    for (const l of links.slice(0, 10)) {
      fake.join(key, l.sourceId ?? '', at(45));
      fake.leave(key, l.sourceId ?? '', at(50));
    }
    fake.end(key, at(55));
    expect(fake.webinar(key).sessions).toHaveLength(2);
    // The second session's attendees fail.
    const second = fake.webinar(key).sessions[1]?.sessionKey ?? '';
    fake.failWhen((method, path) => path.endsWith(`/sessions/${second}/attendees`));
    const failed = await engine.syncSession(session.id);
    expect(failed.outcome).toBe('Failed');
    expect(failed.error).toMatch(/GoToWebinar is unavailable/);
    expect(await all('/sessions/attendance', `session.id eq '${session.id}'`)).toHaveLength(0);
    expect(await engine.syncSession(session.id)).toMatchObject({ outcome: 'Succeeded', checkIns: 30 });
    expect(await engine.syncSession(session.id)).toMatchObject({ outcome: 'Succeeded', checkIns: 30 });
    const attendance = await all('/sessions/attendance', `session.id eq '${session.id}'`);
    expect(attendance).toHaveLength(30);
    expect(new Set(attendance.map((a) => (a['attendee'] as Row).id)).size).toBe(30);
    const twice = new Set(links.slice(0, 10).map((l) => l.attendee.id));
    for (const a of attendance) expect(a['duration']).toBe(twice.has((a['attendee'] as Row).id) ? 35 * minute : 30 * minute);
    expect(await all('/attendees/activities', `session.id eq '${session.id}' and type eq 'session.checkedIn'`)).toHaveLength(30);
  });

  it('asks GoTo whether a webinar has ended only from an hour before its start on', async () => {
    const later = await provider.createMeeting({ kind: 'webinar', externalId: 'later', title: 'Later', start: iso(Date.now() + 3 * 60 * minute), end: iso(Date.now() + 4 * 60 * minute), password: '', hostKey: '' });
    const soon = await provider.createMeeting({ kind: 'webinar', externalId: 'soon', title: 'Soon', start: iso(Date.now() + 30 * minute), end: iso(Date.now() + 60 * minute), password: '', hostKey: '' });
    const sessions = () => apiCalls('GET', '/sessions').length;
    const before = sessions();
    expect(await provider.getMeeting(later.id)).toMatchObject({ status: 'scheduled' });
    expect(sessions()).toBe(before);
    expect(await provider.getMeeting(soon.id)).toMatchObject({ status: 'scheduled' });
    expect(sessions()).toBe(before + 1);
    // Cancelled from eventline: deleted without GoTo's cancellation mails.
    await provider.cancelMeeting(soon.id);
    expect(apiCalls('DELETE', soon.id).map((r) => r.query)).toEqual(['?sendCancellationEmails=false']);
    expect(await provider.getMeeting(soon.id)).toBeUndefined();
    await provider.cancelMeeting(soon.id);
  });

  it('runs as `eventline sync --provider gotowebinar` from the GOTO_* variables, and refuses --webhook-port', async () => {
    const session = await newSession('Fireside chat');
    for (const a of attendees.slice(0, 3)) await client.post(`/ea/sessions/${session.id}/enrollment/${a.id}` as string);
    const env = {
      ...process.env, EVENTLINE_URL: t.baseUrl, EVENTLINE_CLIENT_ID: tenant.clientId, EVENTLINE_CLIENT_SECRET: tenant.clientSecret,
      GOTO_CLIENT_ID: fake.clientId, GOTO_CLIENT_SECRET: fake.clientSecret, GOTO_REFRESH_TOKEN: fake.refreshToken, GOTO_ORGANIZER_KEY: fake.organizerKey,
      GOTO_API_URL: fake.apiUrl, GOTO_OAUTH_URL: fake.url,
    };
    const run = spawnProcess(process.execPath, [BIN, 'sync', '--provider', 'gotowebinar', '--once'], { cwd: ROOT, env });
    await run.waitForOutput(/sync done: \d+ sessions, 0 failed/);
    expect(await exitCode(run)).toBe(0);
    const webcast = await webcastOf(session.id);
    expect(fake.webinar(webcast.meetingId ?? '').registrants).toHaveLength(3);
    expect(await linksOf(webcast.id)).toHaveLength(3);
    const watch = spawnProcess(process.execPath, [BIN, 'sync', '--provider', 'gotowebinar', '--watch', '--webhook-port', '4999'], { cwd: ROOT, env });
    // Its output is complete once its pipes close.
    const code = await new Promise<number | null>((resolve) => watch.child.once('close', (c: number | null) => resolve(c)));
    expect(code).toBe(2);
    expect(watch.output()).toMatch(/--webhook-port: the gotowebinar connector polls/);
  }, 120_000);

  it('is the registry\'s "gotowebinar" provider, and names the variables it lacks', () => {
    expect(createProvider('gotowebinar', { gotowebinar: { clientId: 'a', clientSecret: 'b', refreshToken: 'c' } })).toBeInstanceOf(GoToWebinarProvider);
    expect(() => createProvider('gotowebinar', { gotowebinar: { clientId: 'a' } })).toThrow(/GOTO_CLIENT_SECRET, GOTO_REFRESH_TOKEN/);
  });
});

describe('the check of every request, end to end', () => {
  it('catches a deliberately wrong field on its way to the fake (times as one object, not a list), and GoTo\'s answer is a 400', async () => {
    const wrong: typeof fetch = (input, init) => {
      if (init?.method === 'POST' && typeof init.body === 'string' && String(input).endsWith('/webinars')) {
        const body = JSON.parse(init.body) as { times: unknown[] };
        return fetch(input, { ...init, body: JSON.stringify({ ...body, times: body.times[0] }) });
      }
      return fetch(input, init);
    };
    const p = new GoToWebinarProvider(options({ fetch: wrong }));
    const before = fake.violations.length;
    await expect(p.createMeeting({ kind: 'webinar', externalId: 'wrong', title: 'Wrong', start: iso(startMs), end: iso(startMs + minute), password: '', hostKey: '' }))
      .rejects.toThrow(/GoToWebinar refused POST \/organizers\/\d+\/webinars \(400, InvalidRequest\)/);
    expect(fake.violations.slice(before)).toEqual([expect.stringMatching(/POST \/organizers\/\d+\/webinars: body \/times must be array/)]);
    // Shown; not counted against the connector below.
    fake.violations.splice(before);
  });
});

describe('every request the connector sent, and every answer of the fake', () => {
  it('matches GoToWebinar\'s published description', () => {
    const used = new Set(fake.requests.map((r) => `${r.method} ${r.path.replace(/\/\d+/g, '/{key}')}`));
    expect([...used].sort()).toEqual(expect.arrayContaining([
      'POST /oauth/token', 'GET /G2W/rest/organizers/{key}/upcomingWebinars', 'POST /G2W/rest/organizers/{key}/webinars', 'GET /G2W/rest/organizers/{key}/webinars/{key}',
      'PUT /G2W/rest/organizers/{key}/webinars/{key}', 'DELETE /G2W/rest/organizers/{key}/webinars/{key}', 'POST /G2W/rest/organizers/{key}/webinars/{key}/registrants',
      'GET /G2W/rest/organizers/{key}/webinars/{key}/registrants', 'GET /G2W/rest/organizers/{key}/webinars/{key}/sessions',
      'GET /G2W/rest/organizers/{key}/webinars/{key}/sessions/{key}/attendees',
    ]));
    expect(fake.violations).toEqual([]);
  });
});
