import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, tokenFor, waitFor, type Api, type Tenant } from '../helpers/app.js';
import { startListeningTestApp, type ListeningTestApp } from '../helpers/http.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';
import { FakeGoToWebinar } from '../sync/fakes/gotowebinar.js';
import { FakeTeams } from '../sync/fakes/teams.js';

// Issue 33 part 3: GoToWebinar and Microsoft Teams through an account's connection, run by the worker against the
// platforms' fakes. GoToWebinar signs in with a refresh token GoTo may spend on each use: the newest one is stored
// sealed on the connection, so a connector built again from the row (a restart) still signs in.
interface Connection { id: string; secrets: Record<string, { secretSet: boolean }>; secretsRotated?: string }
interface SyncState { outcome: string; error?: string; provider: string; connection?: { id: string }; meetingId?: string }
interface Webcast { id: string; provider: string; meetingId: string; _links: { join: { href: string } } }

let t: ListeningTestApp;
let gotw: FakeGoToWebinar;
let teams: FakeTeams;
let tenant: Tenant;
let api: Api;
let eventId: string;
const answers: string[] = [];

beforeAll(async () => {
  gotw = new FakeGoToWebinar();
  gotw.singleUseRefreshTokens = true;
  teams = new FakeTeams();
  await Promise.all([gotw.start(), teams.start()]);
  t = await startListeningTestApp({ env: { HOOKS_ALLOW_LOOPBACK: 'true' } });
  tenant = await createTenant(t.services);
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  eventId = await fixtureEvent(t.services, tenant.accountId, 'Virtual');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([gotw?.stop(), teams?.stop()]);
});

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
  const res = await api(method, url, body);
  answers.push(res.body);
  return res;
};

/** A virtual session an hour from now (on the minute, as the platforms keep times). */
async function virtualSession(title: string): Promise<string> {
  const start = Math.ceil((Date.now() + 60 * 60_000) / 60_000) * 60_000;
  const res = await call('POST', '/ea/sessions', {
    title, event: { id: eventId }, start: new Date(start).toISOString(), end: new Date(start + 3_600_000).toISOString(), virtual: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

/** "Create on ...": the sync queued for the connection, run by the worker, until it is no longer Running. */
async function syncThrough(sessionId: string, connectionId: string): Promise<SyncState> {
  const started = await call('POST', `/ea/sessions/${sessionId}/sync`, { connection: { id: connectionId } });
  expect(started.statusCode, started.body).toBe(202);
  return waitFor(async () => {
    const s = (await call('GET', `/ea/sessions/${sessionId}/sync`)).json() as SyncState;
    return s.outcome !== 'Running' ? s : undefined;
  }, 30_000, 'the connection sync');
}

async function webcastOf(sessionId: string): Promise<Webcast> {
  const list = (await call('GET', `/ea/webcasts?filter=${encodeURIComponent(`session.id eq '${sessionId}'`)}`)).json() as { data: Webcast[] };
  expect(list.data).toHaveLength(1);
  return list.data[0] as Webcast;
}

/** The refresh token stored on the connection row, opened with the server's key ring. */
async function storedRefreshToken(id: string): Promise<string> {
  const row = await t.db.handle.db.selectFrom('platform_connections').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  expect(row.refresh_token_enc).not.toBeNull();
  expect(row.refresh_token_enc).not.toContain(gotw.refreshToken);
  const box = await t.services.contactHooks.secrets();
  return box.open(row.refresh_token_enc as string, `${id}:refresh_token`);
}

describe('a GoToWebinar connection', () => {
  const input = () => ({
    platform: 'gotowebinar', name: 'GoToWebinar (events)',
    settings: { clientId: gotw.clientId, organizerKey: gotw.organizerKey, apiUrl: gotw.apiUrl, oauthUrl: gotw.url },
    secrets: { clientSecret: gotw.clientSecret, refreshToken: gotw.refreshToken },
  });

  it('refuses a connection without its refresh token or organizer key with a 400 naming the field, and stores nothing', async () => {
    for (const [body, target] of [
      [{ ...input(), secrets: { clientSecret: gotw.clientSecret } }, 'secrets.refreshToken'],
      [{ ...input(), settings: { clientId: gotw.clientId } }, 'settings.organizerKey'],
      [{ ...input(), settings: { ...input().settings, refreshToken: 'in-the-clear' } }, 'settings.refreshToken'],
    ] as const) {
      const res = await call('POST', '/ea/platform-connections', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, target });
    }
    expect(((await call('GET', '/ea/platform-connections')).json() as { data: unknown[] }).data).toHaveLength(0);
  });

  it('tests ok, creates a webinar through the worker, stores each rotated refresh token sealed, and signs in with the stored one when rebuilt', async () => {
    const first = gotw.refreshToken;
    const created = await call('POST', '/ea/platform-connections', input());
    expect(created.statusCode, created.body).toBe(201);
    const c = created.json() as Connection;
    expect(c.secrets['refreshToken']).toEqual({ secretSet: true });
    expect(await storedRefreshToken(c.id)).toBe(first);

    const test = await call('POST', `/ea/platform-connections/${c.id}/test`);
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toMatchObject({ outcome: 'ok' });
    // GoTo spent the first refresh token and answered a new one: the row holds the new one.
    expect(gotw.refreshToken).not.toBe(first);
    expect(await storedRefreshToken(c.id)).toBe(gotw.refreshToken);

    const sessionId = await virtualSession('GoToWebinar keynote');
    const state = await syncThrough(sessionId, c.id);
    expect(state, JSON.stringify(state)).toMatchObject({ outcome: 'Succeeded', provider: 'gotowebinar', connection: { id: c.id } });
    const webcast = await webcastOf(sessionId);
    expect(webcast.provider).toBe('GoToWebinar');
    expect(webcast.meetingId).toBe(state.meetingId);
    expect(gotw.allWebinars().map((w) => w.webinarKey)).toContain(state.meetingId);

    // A new client secret (the same value) makes a new connector from the row, as a restarted worker would: it must
    // sign in with the stored (newest) refresh token, the earlier ones being spent.
    const issued = gotw.tokensIssued;
    const before = gotw.refreshToken;
    expect((await call('PUT', `/ea/platform-connections/${c.id}/secrets`, { clientSecret: gotw.clientSecret })).statusCode).toBe(200);
    const again = await call('POST', `/ea/platform-connections/${c.id}/test`);
    expect(again.json(), again.body).toMatchObject({ outcome: 'ok' });
    expect(gotw.tokensIssued).toBe(issued + 1);
    expect(gotw.refreshToken).not.toBe(before);
    expect(await storedRefreshToken(c.id)).toBe(gotw.refreshToken);
    const second = await syncThrough(sessionId, c.id);
    expect(second, JSON.stringify(second)).toMatchObject({ outcome: 'Succeeded', meetingId: state.meetingId });
    expect(gotw.violations).toEqual([]);

    // An administrator's new refresh token replaces the stored one; it is never returned.
    gotw.issueRefreshToken();
    const put = await call('PUT', `/ea/platform-connections/${c.id}/secrets`, { refreshToken: gotw.refreshToken });
    expect(put.statusCode, put.body).toBe(200);
    expect(await storedRefreshToken(c.id)).toBe(gotw.refreshToken);
    for (const body of answers) {
      expect(body).not.toContain(first);
      expect(body).not.toContain(gotw.refreshToken);
      expect(body).not.toContain(gotw.clientSecret);
    }
  }, 90_000);
});

describe('a Microsoft Teams connection', () => {
  it('tests ok and creates an online meeting for the organizer through the worker', async () => {
    const created = await call('POST', '/ea/platform-connections', {
      platform: 'teams', name: 'Teams (events)',
      settings: { tenantId: teams.tenantId, clientId: teams.clientId, organizerUser: teams.organizerId, apiUrl: teams.apiUrl, loginUrl: teams.loginUrl },
      secrets: { clientSecret: teams.clientSecret },
    });
    expect(created.statusCode, created.body).toBe(201);
    const c = created.json() as Connection;
    expect(c.secrets['refreshToken']).toEqual({ secretSet: false });
    const test = await call('POST', `/ea/platform-connections/${c.id}/test`);
    expect(test.json(), test.body).toMatchObject({ outcome: 'ok' });

    const sessionId = await virtualSession('Teams town hall');
    const state = await syncThrough(sessionId, c.id);
    expect(state, JSON.stringify(state)).toMatchObject({ outcome: 'Succeeded', provider: 'teams', connection: { id: c.id } });
    const webcast = await webcastOf(sessionId);
    expect(webcast.provider).toBe('Microsoft Teams');
    expect(teams.allMeetings().map((m) => m.id)).toContain(state.meetingId);
    expect(webcast._links.join.href).toBe(teams.meeting(state.meetingId as string).joinWebUrl);
    expect(teams.violations).toEqual([]);
    for (const body of answers) expect(body).not.toContain(teams.clientSecret);
  }, 90_000);
});
