import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, tokenFor, waitFor, type Api, type Tenant } from '../helpers/app.js';
import { freePort, startListeningTestApp, type ListeningTestApp } from '../helpers/http.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';
import { FakeZoom } from '../sync/fakes/zoom.js';
import { CONNECTION_SYNC_JOB } from '../../src/modules/sync/index.js';

// Issue 33 part 3: the webcast platforms an account connects. Real app, real database, the worker running, and the Zoom
// fake as the platform. Secrets go in and never come out: not in any answer, not in the log.
interface Connection {
  id: string; platform: string; name: string; webcastProvider: string; settings: Record<string, string>; webhookUrl: string;
  secrets: { clientSecret: { secretSet: boolean }; webhookSecret: { secretSet: boolean } }; secretsRotated?: string;
  lastTest?: { outcome: string; message: string };
}
interface SyncState { outcome: string; error?: string; provider: string; connection?: { id: string }; meetingId?: string; webcast?: { id: string } }
interface Webcast { id: string; provider: string; meetingId: string; _links: { join: { href: string } } }

const logs: string[] = [];
const sink = new Writable({ write(chunk: Buffer, _enc, cb) { logs.push(chunk.toString('utf8')); cb(); } });
/** Every answer body of the test, to check no secret is in any of them. */
const answers: string[] = [];

let t: ListeningTestApp;
let fake: FakeZoom;
let tenant: Tenant;
let api: Api;
let eventId: string;
const WRONG_SECRET = 'wrong-client-secret-Zq81';
const NEW_WEBHOOK_SECRET = 'rotated-webhook-secret-Kp27';

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
  const res = await api(method, url, body);
  answers.push(res.body);
  return res;
};
const zoomInput = (extra: Record<string, unknown> = {}) => ({
  platform: 'zoom', name: 'Zoom (marketing)',
  settings: { accountId: fake.accountId, clientId: fake.clientId, hostUser: fake.hostEmail, apiUrl: fake.apiUrl, oauthUrl: fake.url },
  secrets: { clientSecret: fake.clientSecret, webhookSecret: fake.webhookSecret },
  ...extra,
});
const syncJobs = async (): Promise<number> => Number((await t.db.handle.db.selectFrom('jobs').select((eb) => eb.fn.countAll().as('n')).where('type', '=', CONNECTION_SYNC_JOB).executeTakeFirstOrThrow()).n);
const hook = (path: string, body: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json', ...headers }, payload: body });

beforeAll(async () => {
  fake = new FakeZoom();
  await fake.start();
  t = await startListeningTestApp({ env: { LOG_LEVEL: 'debug', HOOKS_ALLOW_LOOPBACK: 'true' }, build: { logger: { stream: sink } } });
  tenant = await createTenant(t.services);
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  eventId = await fixtureEvent(t.services, tenant.accountId, 'Virtual');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

describe('platform connections', () => {
  let zoom: Connection;

  it('connects Zoom: 201 with the settings, the webhook URL and only whether each secret is set', async () => {
    const res = await call('POST', '/ea/platform-connections', zoomInput());
    expect(res.statusCode, res.body).toBe(201);
    zoom = res.json() as Connection;
    expect(zoom).toMatchObject({
      platform: 'zoom', name: 'Zoom (marketing)', webcastProvider: 'Zoom', settings: { accountId: fake.accountId, clientId: fake.clientId },
      secrets: { clientSecret: { secretSet: true }, webhookSecret: { secretSet: true } }, webhookUrl: `${t.baseUrl}/hooks/zoom/${zoom.id}`,
    });
    expect(zoom.secretsRotated).toBeUndefined();
    const list = await call('GET', '/ea/platform-connections');
    expect(list.statusCode).toBe(200);
    expect((list.json() as { data: Connection[] }).data.map((c) => c.id)).toEqual([zoom.id]);
    expect((await call('GET', `/ea/platform-connections/${zoom.id}`)).json()).toMatchObject({ id: zoom.id, name: 'Zoom (marketing)' });
    // Sealed at rest: the stored column is not the secret.
    const row = await t.db.handle.db.selectFrom('platform_connections').selectAll().where('id', '=', zoom.id).executeTakeFirstOrThrow();
    expect(row.client_secret_enc).not.toContain(fake.clientSecret);
    expect(row.client_secret_enc?.startsWith('v1.')).toBe(true);
  });

  it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
    const before = (await call('GET', '/ea/platform-connections')).json() as { data: unknown[] };
    const cases: Array<[unknown, string]> = [
      [zoomInput({ settings: { accountId: 'a', clientId: 'b', clientSecret: 'in-the-clear' } }), 'settings.clientSecret'],
      [zoomInput({ settings: { clientId: 'b' } }), 'settings.accountId'],
      [zoomInput({ secrets: {} }), 'secrets.clientSecret'],
      [zoomInput({ settings: { accountId: 'a', clientId: 'b', apiUrl: 'http://platform.example.com/v2' } }), 'settings.apiUrl'],
      [{ platform: 'sim', name: 'Simulator' }, 'settings.apiUrl'],
    ];
    for (const [body, target] of cases) {
      const res = await call('POST', '/ea/platform-connections', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, target });
    }
    for (const body of [{ ...zoomInput(), platform: 'webex' }, { ...zoomInput(), extra: 1 }, zoomInput({ name: '' })]) {
      const res = await call('POST', '/ea/platform-connections', body);
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(((await call('GET', '/ea/platform-connections')).json() as { data: unknown[] }).data).toHaveLength(before.data.length);
  });

  it('needs account/platform-connections:write to connect (a read-only token is 403)', async () => {
    const reader = apiClient(t.app, await tokenFor(t.app, tenant, 'account/platform-connections:read'));
    expect((await reader('GET', '/ea/platform-connections')).statusCode).toBe(200);
    const res = await reader('POST', '/ea/platform-connections', zoomInput());
    expect(res.statusCode).toBe(403);
    expect((await reader('POST', `/ea/platform-connections/${zoom.id}/test`)).statusCode).toBe(403);
  });

  it('signs the worker\'s account token with the sync\'s scopes only: it reads sessions, not the account\'s connections', async () => {
    const { access_token: token } = await t.services.oauth.internalToken(tenant.accountId);
    const worker = apiClient(t.app, token);
    expect((await worker('GET', '/ea/sessions')).statusCode).toBe(200);
    expect((await worker('GET', '/ea/platform-connections')).statusCode).toBe(403);
    expect((await worker('GET', '/ea/events')).statusCode).toBe(403);
  });

  it('tests the connection: ok, then bad credentials after a wrong secret, then ok again after a rotation', async () => {
    const ok = await call('POST', `/ea/platform-connections/${zoom.id}/test`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ outcome: 'ok' });
    expect((ok.json() as { message: string }).message).toMatch(/Zoom accepted the app's credentials/);

    const rotated = await call('PUT', `/ea/platform-connections/${zoom.id}/secrets`, { clientSecret: WRONG_SECRET });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json()).toMatchObject({ secrets: { clientSecret: { secretSet: true }, webhookSecret: { secretSet: true } } });
    expect(typeof (rotated.json() as Connection).secretsRotated).toBe('string');
    const bad = await call('POST', `/ea/platform-connections/${zoom.id}/test`);
    expect(bad.json()).toMatchObject({ outcome: 'bad-credentials' });
    expect((bad.json() as { message: string }).message).toMatch(/Zoom refused the app's credentials.*connection "Zoom \(marketing\)"/);
    expect(((await call('GET', `/ea/platform-connections/${zoom.id}`)).json() as Connection).lastTest).toMatchObject({ outcome: 'bad-credentials' });

    expect((await call('PUT', `/ea/platform-connections/${zoom.id}/secrets`, { clientSecret: fake.clientSecret })).statusCode).toBe(200);
    expect((await call('POST', `/ea/platform-connections/${zoom.id}/test`)).json()).toMatchObject({ outcome: 'ok' });
    expect((await call('PUT', `/ea/platform-connections/${zoom.id}/secrets`, {})).statusCode).toBe(400);
  });

  it('says a platform that does not answer is unreachable', async () => {
    const port = await freePort();
    const res = await call('POST', '/ea/platform-connections', zoomInput({
      name: 'Zoom (down)', settings: { accountId: 'a', clientId: 'b', apiUrl: `http://127.0.0.1:${port}/v2`, oauthUrl: `http://127.0.0.1:${port}` },
    }));
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as Connection).id;
    const test = await call('POST', `/ea/platform-connections/${id}/test`);
    expect(test.json()).toMatchObject({ outcome: 'unreachable' });
    expect((test.json() as { message: string }).message).toMatch(/Zoom is unavailable \(it could not be reached/);
    expect((await call('DELETE', `/ea/platform-connections/${id}`)).statusCode).toBe(204);
  });

  it('creates the meeting of a session on Zoom through the connection (the worker), and the webcast names Zoom and carries the join link', async () => {
    const start = Math.ceil((Date.now() + 30 * 60_000) / 60_000) * 60_000;
    const session = await call('POST', '/ea/sessions', {
      title: 'Connected keynote', event: { id: eventId }, start: new Date(start).toISOString(), end: new Date(start + 3_600_000).toISOString(), virtual: true,
    });
    expect(session.statusCode, session.body).toBe(201);
    const sessionId = (session.json() as { id: string }).id;
    const started = await call('POST', `/ea/sessions/${sessionId}/sync`, { connection: { id: zoom.id } });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ outcome: 'Running', provider: 'zoom', connection: { id: zoom.id } });

    const state = await waitFor(async () => {
      const s = (await call('GET', `/ea/sessions/${sessionId}/sync`)).json() as SyncState;
      return s.outcome !== 'Running' ? s : undefined;
    }, 30_000, 'the connection sync');
    expect(state, JSON.stringify(state)).toMatchObject({ outcome: 'Succeeded', connection: { id: zoom.id }, provider: 'zoom' });
    const webcasts = (await call('GET', `/ea/webcasts?filter=${encodeURIComponent(`session.id eq '${sessionId}'`)}`)).json() as { data: Webcast[] };
    expect(webcasts.data).toHaveLength(1);
    const webcast = webcasts.data[0] as Webcast;
    expect(webcast.provider).toBe('Zoom');
    expect(webcast.meetingId).toBe(state.meetingId);
    expect(webcast._links.join.href).toMatch(/^https:\/\/.*zoom/);
    expect(fake.violations).toEqual([]);

    // A second "Create on Zoom" of another account's connection, or of no connection at all, is refused and changes nothing.
    const other = await call('POST', `/ea/sessions/${sessionId}/sync`, { connection: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ target: 'connection.id' });
    expect(((await call('GET', `/ea/sessions/${sessionId}/sync`)).json() as SyncState).connection).toEqual({ id: zoom.id });
  }, 60_000);

  it('does not take over a session whose webcast was entered by hand: its state says why, and the webcast is left as it was', async () => {
    const session = await call('POST', '/ea/sessions', {
      title: 'Hand-made webinar', event: { id: eventId }, start: '2027-03-01T10:00:00.000Z', end: '2027-03-01T11:00:00.000Z', virtual: true,
    });
    const sessionId = (session.json() as { id: string }).id;
    const made = await call('POST', '/ea/webcasts', {
      session: { id: sessionId }, title: 'Hand-made webinar', type: 'Meeting', format: 'Live', provider: 'Zoom', meetingId: '99999999',
      _links: { join: { href: 'https://zoom.example.test/j/99999999' } },
    });
    expect(made.statusCode, made.body).toBe(200);
    expect((await call('POST', `/ea/sessions/${sessionId}/sync`, { connection: { id: zoom.id } })).statusCode).toBe(202);
    const state = await waitFor(async () => {
      const s = (await call('GET', `/ea/sessions/${sessionId}/sync`)).json() as SyncState;
      return s.outcome !== 'Running' ? s : undefined;
    }, 30_000, 'the connection sync');
    expect(state.outcome).toBe('Failed');
    expect(state.error).toMatch(/^Not synced: its webcast's meeting 99999999 was not created by this sync/);
    const webcast = (await call('GET', `/ea/webcasts/${(made.json() as { id: string }).id}`)).json() as Webcast & { status: string };
    expect(webcast).toMatchObject({ meetingId: '99999999', status: 'Not Started', _links: { join: { href: 'https://zoom.example.test/j/99999999' } } });
  }, 60_000);

  describe('the per-connection webhook path', () => {
    it('is 404 for an unknown connection, before the body is read (a 2 MB body would be 413)', async () => {
      const big = 'x'.repeat(2_000_000);
      for (const path of [`/hooks/zoom/00000000-0000-4000-8000-000000000000`, `/hooks/zoom/not-an-id`, `/hooks/teams/${zoom.id}`]) {
        const res = await hook(path, big);
        expect(res.statusCode, path).toBe(404);
        expect(res.json()).toMatchObject({ code: 404 });
      }
      // The same body to a real connection is read, and is too large.
      const { headers } = fake.signed('meeting.updated', {});
      expect((await hook(`/hooks/zoom/${zoom.id}`, big, headers)).statusCode).toBe(413);
    });

    it('refuses a forged, unsigned or stale signature with 401: the payload is never parsed and no sync is queued', async () => {
      const jobs = await syncJobs();
      const path = `/hooks/zoom/${zoom.id}`;
      const forged = fake.signed('meeting.updated', { object: { id: 1 } }, { secret: 'not-the-secret' });
      // Not JSON: were it parsed before the signature was checked, the answer would be a 400.
      expect((await hook(path, '{"event": not json', forged.headers)).statusCode).toBe(401);
      expect((await hook(path, forged.body, forged.headers)).statusCode).toBe(401);
      expect((await hook(path, forged.body)).statusCode).toBe(401);
      const stale = fake.signed('meeting.updated', { object: { id: 1 } }, { timestamp: Date.now() - 10 * 60_000 });
      expect((await hook(path, stale.body, stale.headers)).statusCode).toBe(401);
      // An unsigned url_validation is not answered (it would be an HMAC oracle).
      const challenge = fake.urlValidation();
      expect((await hook(path, challenge.body, { 'x-zm-request-timestamp': challenge.headers['x-zm-request-timestamp'] as string, 'x-zm-signature': 'v0=00' })).statusCode).toBe(401);
      expect(await syncJobs()).toBe(jobs);
    });

    it('answers Zoom\'s url_validation and queues the sync of the meeting\'s session on a verified change', async () => {
      const path = `/hooks/zoom/${zoom.id}`;
      const challenge = fake.urlValidation();
      const res = await hook(path, challenge.body, challenge.headers);
      expect(res.statusCode, res.body).toBe(200);
      const { createHmac } = await import('node:crypto');
      expect(res.json()).toEqual({ plainToken: challenge.plainToken, encryptedToken: createHmac('sha256', fake.webhookSecret).update(challenge.plainToken).digest('hex') });

      const state = await t.db.handle.db.selectFrom('webcast_sync_states').select(['meeting_id', 'session_id']).where('connection_id', '=', zoom.id).executeTakeFirstOrThrow();
      const jobs = await syncJobs();
      const change = fake.signed('meeting.updated', { object: { id: Number(state.meeting_id) }, time_stamp: Date.now() });
      expect((await hook(path, change.body, change.headers)).statusCode).toBe(204);
      expect(await syncJobs()).toBe(jobs + 1);
    });

    it('verifies with the rotated webhook secret from the moment it is rotated', async () => {
      const path = `/hooks/zoom/${zoom.id}`;
      expect((await call('PUT', `/ea/platform-connections/${zoom.id}/secrets`, { webhookSecret: NEW_WEBHOOK_SECRET })).statusCode).toBe(200);
      const old = fake.signed('meeting.updated', { object: { id: 1 } });
      expect((await hook(path, old.body, old.headers)).statusCode).toBe(401);
      const fresh = fake.signed('meeting.updated', { object: { id: 1 } }, { secret: NEW_WEBHOOK_SECRET });
      expect((await hook(path, fresh.body, fresh.headers)).statusCode).toBe(204);
    });
  });

  it('disconnects: 204, the connection and its webhook path are gone, and its session is detached with a state that says so', async () => {
    const state = await t.db.handle.db.selectFrom('webcast_sync_states').select('session_id').where('connection_id', '=', zoom.id).executeTakeFirstOrThrow();
    expect((await call('DELETE', `/ea/platform-connections/${zoom.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/ea/platform-connections/${zoom.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/ea/platform-connections/${zoom.id}`)).statusCode).toBe(404);
    const after = (await call('GET', `/ea/sessions/${state.session_id}/sync`)).json() as SyncState;
    expect(after.connection).toBeUndefined();
    expect(after.outcome).toBe('Failed');
    expect(after.error).toMatch(/connection "Zoom \(marketing\)" was disconnected/);
    expect(after.meetingId).toBeDefined();
    const change = fake.signed('meeting.updated', { object: { id: 1 } });
    expect((await hook(`/hooks/zoom/${zoom.id}`, change.body, change.headers)).statusCode).toBe(404);
  });

  it('never shows a secret in any answer or in the log', () => {
    const text = logs.join('');
    expect(text).toContain('/ea/platform-connections');
    for (const secret of [fake.clientSecret, fake.webhookSecret, WRONG_SECRET, NEW_WEBHOOK_SECRET]) {
      expect(text).not.toContain(secret);
      for (const a of answers) expect(a).not.toContain(secret);
    }
  });
});

describe('platform connections in the audit log (issue 36)', () => {
  it('records connecting, renaming, replacing a secret and disconnecting, each once, never a secret value', async () => {
    const created = await call('POST', '/ea/platform-connections', zoomInput({ name: 'Zoom (audited)' }));
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as Connection).id;
    expect((await call('PUT', `/ea/platform-connections/${id}`, { name: 'Zoom (audited, renamed)' })).statusCode).toBe(200);
    expect((await call('PUT', `/ea/platform-connections/${id}/secrets`, { webhookSecret: NEW_WEBHOOK_SECRET })).statusCode).toBe(200);
    expect((await call('DELETE', `/ea/platform-connections/${id}`)).statusCode).toBe(204);
    const rows = await t.db.handle.db.selectFrom('audit_log').selectAll().where('target_id', '=', id).orderBy('at').orderBy('id').execute();
    expect(rows.map((r) => r.action).sort()).toEqual(['platform-connection.created', 'platform-connection.deleted', 'platform-connection.secrets.rotated', 'platform-connection.updated']);
    for (const r of rows) {
      expect(r.account_id).toBe(tenant.accountId);
      expect(r.target_type).toBe('platform-connection');
      expect(r.actor_type).toBe('application');
      expect(r.request_id).toBeTruthy();
      for (const secret of [fake.clientSecret, fake.webhookSecret, NEW_WEBHOOK_SECRET]) expect(r.changes).not.toContain(secret);
    }
    const byAction = Object.fromEntries(rows.map((r) => [r.action, JSON.parse(r.changes) as Record<string, unknown>]));
    expect(byAction['platform-connection.created']).toMatchObject({ platform: 'zoom', name: 'Zoom (audited)', clientSecret: 'issued', webhookSecret: 'issued' });
    expect(byAction['platform-connection.updated']).toEqual({ name: { before: 'Zoom (audited)', after: 'Zoom (audited, renamed)' } });
    expect(byAction['platform-connection.secrets.rotated']).toEqual({ webhookSecret: 'replaced' });
  });
});
