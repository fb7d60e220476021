import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { spawnProcess, type Spawned } from '../helpers/process.js';
import { workflowEvent } from '../helpers/workflow.js';

// Issue 35 part 2: `eventline listen --forward-to` streams the application's events to a local URL, signed.

interface Arrival { at: number; body: string; headers: Record<string, string> }

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let t: TestApp;
let api: Api;
let base: string;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let eventId: string;
let local: Server;
let localUrl: string;
let listen: Spawned | undefined;
const arrivals: Arrival[] = [];

beforeAll(async () => {
  t = await startTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  tenant = await createTenant(t.services);
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  eventId = await workflowEvent(t.services, tenant.accountId);
  local = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      arrivals.push({ at: Date.now(), body: Buffer.concat(chunks).toString('utf8'), headers: req.headers as Record<string, string> });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
  localUrl = `http://127.0.0.1:${(local.address() as AddressInfo).port}/hooks`;
}, 120_000);
afterAll(async () => {
  await listen?.stop();
  local?.closeAllConnections();
  await new Promise<void>((resolve) => (local ? local.close(() => resolve()) : resolve()));
  await t?.close();
});

describe('eventline listen', () => {
  it('forwards an attendee check-in to a local server within 2 s, signed with the secret it prints', async () => {
    listen = spawnProcess(process.execPath, [fileURLToPath(new URL('../../bin/eventline.js', import.meta.url)), 'listen', '--forward-to', localUrl, '--events', 'attendee.checked_in,attendee.registered'], {
      cwd: ROOT,
      env: { ...process.env, DEMO: 'false', LOG_LEVEL: 'silent', EVENTLINE_URL: base, EVENTLINE_CLIENT_ID: tenant.clientId, EVENTLINE_CLIENT_SECRET: tenant.clientSecret },
    });
    const [, secret] = await listen.waitForOutput(/signing secret is (whsec_\S+)/, 90_000);
    const add = await api('POST', '/ea/attendees', [{ event: { id: eventId }, contact: { firstName: 'Lin', lastName: 'Listener', email: 'lin.listener@listen.test' } }]);
    const [item] = add.json() as Array<{ status: number; data: { id: string } }>;
    expect(item?.status, add.body).toBe(201);
    const attendeeId = item?.data.id ?? '';

    const sent = Date.now();
    const res = await api('POST', `/ea/events/${eventId}/check-in`, [{ id: attendeeId, checkIn: new Date().toISOString() }]);
    expect(res.statusCode, res.body).toBe(207);
    let arrival: Arrival | undefined;
    while (!arrival && Date.now() - sent < 5000) {
      arrival = arrivals.find((a) => a.body.includes('"attendee.checked_in"'));
      if (!arrival) await new Promise((r) => setTimeout(r, 20));
    }
    expect(arrival, listen.output()).toBeDefined();
    expect((arrival?.at ?? Infinity) - sent).toBeLessThan(2000);
    const body = new Webhook(secret ?? '').verify(arrival?.body ?? '', {
      'webhook-id': arrival?.headers['webhook-id'] ?? '', 'webhook-timestamp': arrival?.headers['webhook-timestamp'] ?? '', 'webhook-signature': arrival?.headers['webhook-signature'] ?? '',
    });
    expect(body).toMatchObject({ type: 'attendee.checked_in', data: { object: { id: attendeeId, checkedIn: true } } });
    // The registration came first, and the CLI printed a line per event with the local answer's status.
    expect(arrivals.some((a) => a.body.includes('"attendee.registered"'))).toBe(true);
    await listen.waitForOutput(/attendee\.checked_in \[[0-9a-f-]+\]\s+<-- 202/, 10_000);
  }, 180_000);
});
