import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { availability, createBlock, reservationBody } from '../helpers/housing.js';
import { startServerProcesses, type Spawned } from '../helpers/process.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';

// No room is sold twice across processes (issue 31): two real `eventline` server processes on one database (on SQLite
// one file, each process its own connection; on PostgreSQL one database) take the last rooms of a block from 50
// concurrent reservations sent to both. Exactly as many succeed as there were rooms; the rest are 400s naming the room
// type, never a 5xx (SQLite writers wait for the lock: busy_timeout).

describe('housing reservations across two server processes', () => {
  let t: TestApp;
  let api: Api;
  let token: string;
  let eventId: string;
  const servers: Spawned[] = [];
  let addresses: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ build: { worker: false } });
    const tenant = await createTenant(t.services);
    token = await tokenFor(t.app, tenant);
    api = apiClient(t.app, token);
    eventId = await fixtureEvent(t.services, tenant.accountId);
    const env = { ...process.env, PUBLIC_URL: t.config.publicUrl, LOG_LEVEL: 'silent', DEMO: 'false', RUN_WORKER: 'false', RATE_LIMIT_ENABLED: 'false' };
    const started = await startServerProcesses(2, t.db.config, env);
    servers.push(...started.servers);
    addresses = started.addresses;
  }, 90_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await t?.close();
  });

  it('sells exactly the 10 rooms left to 50 concurrent reservations spread over both processes, and a cancellation gives one back', async () => {
    const b = await createBlock(api, eventId, { rooms: 10, days: ['2027-03-01', '2027-03-02'] });
    const results = await Promise.all(Array.from({ length: 50 }, async (_, i) => {
      const res = await fetch(`${addresses[i % 2] ?? ''}/ea/reservations`, {
        method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(reservationBody(b, { email: `proc${i}@example.test`, arrival: '2027-03-01', departure: '2027-03-03' })),
      });
      return { status: res.status, body: (await res.json()) as { id?: string; target?: string } };
    }));
    const booked = results.filter((r) => r.status === 200);
    expect(booked).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(40);
    expect(refused.every((r) => r.status === 400 && r.body.target === 'roomType.id')).toBe(true);
    // Both processes took part: each answered its 25 requests with a room or the refusal (which of them sold the
    // rooms depends on timing: a loaded machine may let one process take all ten).
    for (const p of [0, 1]) expect(results.filter((r, i) => i % 2 === p && (r.status === 200 || r.status === 400)).length).toBe(25);
    expect(await availability(api, b)).toEqual({ '2027-03-01': 0, '2027-03-02': 0 });
    const list = await fetch(`${addresses[1] ?? ''}/ea/housing-events/${b.housingEventId}/reservations`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await list.json()) as { data: unknown[] }).data).toHaveLength(10);
    const cancel = await fetch(`${addresses[0] ?? ''}/ea/reservations/${booked[0]?.body.id ?? ''}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(cancel.status).toBe(204);
    expect(await availability(api, b)).toEqual({ '2027-03-01': 1, '2027-03-02': 1 });
  }, 60_000);
});
