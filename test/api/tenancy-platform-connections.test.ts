import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureEvent, fixtureSession } from '../helpers/webcast-fixtures.js';

// Tenancy of the platform connections (issue 33): another account's connection is a 404 to every operation that names
// it in its path (not a 403), its list never shows it, a body naming it is a 400 naming the field, and nothing of the
// owner's changes. The webhook path is public: it answers by the connection alone, and is tested in platform-connections.test.ts.
describe('tenancy: platform connections', () => {
  let t: TestApp;
  let owner: Api;
  let other: Api;
  let connection: { id: string; name: string; settings: Record<string, string> };
  let otherSession: string;

  beforeAll(async () => {
    t = await startTestApp({ build: { worker: false } });
    const a = await createTenant(t.services);
    const o = await createTenant(t.services);
    owner = apiClient(t.app, await tokenFor(t.app, a));
    other = apiClient(t.app, await tokenFor(t.app, o));
    connection = await ok(owner('POST', '/ea/platform-connections', {
      platform: 'zoom', name: 'Owner Zoom', settings: { accountId: 'acc-1', clientId: 'client-1', hostUser: 'host@example.test' },
      secrets: { clientSecret: 'owner-client-secret', webhookSecret: 'owner-webhook-secret' },
    }), 201);
    otherSession = await fixtureSession(t.db.handle.db, o.accountId, await fixtureEvent(t.services, o.accountId), { virtual: 1 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 404 to another account for every operation on the connection and changes nothing', async () => {
    const c = `/ea/platform-connections/${connection.id}`;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', c],
      ['PUT', c, { name: 'Taken over', settings: { accountId: 'x', clientId: 'y' } }],
      ['PUT', `${c}/secrets`, { clientSecret: 'intruder-secret' }],
      ['POST', `${c}/test`],
      ['DELETE', c],
    ];
    for (const [method, url, body] of calls) {
      const res = await other(method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 404 });
    }
    const mine = await ok<typeof connection & { secretsRotated?: string; lastTest?: unknown }>(owner('GET', c));
    expect(mine).toMatchObject({ name: 'Owner Zoom', settings: { accountId: 'acc-1', clientId: 'client-1' } });
    expect(mine.secretsRotated).toBeUndefined();
    expect(mine.lastTest).toBeUndefined();
  });

  it('lists none of another account\'s connections', async () => {
    expect((await ok<{ data: unknown[] }>(other('GET', '/ea/platform-connections'))).data).toEqual([]);
    const filtered = await ok<{ data: unknown[] }>(other('GET', `/ea/platform-connections?filter=${encodeURIComponent(`id eq '${connection.id}'`)}`));
    expect(filtered.data).toEqual([]);
    expect((await ok<{ data: Array<{ id: string }> }>(owner('GET', '/ea/platform-connections'))).data.map((x) => x.id)).toEqual([connection.id]);
  });

  it('refuses another account\'s connection named in a body with a 400 naming the field, and holds nothing on it', async () => {
    const start = await other('POST', `/ea/sessions/${otherSession}/sync`, { connection: { id: connection.id } });
    expect(start.statusCode, start.body).toBe(400);
    expect(start.json()).toMatchObject({ code: 400, target: 'connection.id' });
    const put = await other('PUT', `/ea/sessions/${otherSession}/sync`, { provider: 'zoom', outcome: 'Succeeded', connection: { id: connection.id } });
    expect(put.statusCode, put.body).toBe(400);
    expect(put.json()).toMatchObject({ code: 400, target: 'connection.id' });
    expect(await ok(other('GET', `/ea/sessions/${otherSession}/sync`))).toMatchObject({ provider: 'None' });
    const held = await t.db.handle.db.selectFrom('webcast_sync_states').select('session_id').where('connection_id', '=', connection.id).execute();
    expect(held).toEqual([]);
  });
});
