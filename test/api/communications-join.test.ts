import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, waitFor, type Api, type Tenant, type TestApp } from '../helpers/app.js';
import { fixtureAttendees, fixtureEvent, fixtureSession } from '../helpers/webcast-fixtures.js';
import { PURGE_JOB } from '../../src/modules/communications/index.js';

let t: TestApp;
let api: Api;
let tenant: Tenant;

beforeAll(async () => {
  // With the worker on, as a server runs: it schedules the retention purge.
  t = await startTestApp({ build: { worker: true } });
  tenant = await createTenant(t.services);
  await t.services.accounts.setFeature(tenant.accountId, 'compliance-communications', true);
  api = apiClient(t.app, await tokenFor(t.app, tenant));
});
afterAll(async () => t?.close());

async function linkFor(event: string, attendee: string, n: number) {
  const session = await fixtureSession(t.db.handle.db, tenant.accountId, event);
  const wc = await api('POST', '/ea/webcasts', { event: { id: event }, session: { id: session }, provider: 'Zoom' });
  const webcast = (wc.json() as { id: string }).id;
  const res = await api('POST', `/ea/webcasts/${webcast}/attendee-links`, [{ attendee: { id: attendee }, join: { href: `https://zoom.example/j/personal-${n}`, code: `c${n}` } }]);
  expect(res.statusCode).toBe(207);
  expect((res.json() as Array<{ status: number }>)[0]?.status).toBe(201);
}

describe('personal join-link emails', () => {
  it('are off by default and sent (and captured as email) once the event turns them on', async () => {
    const event = await fixtureEvent(t.services, tenant.accountId, 'Hybrid');
    const [a1, a2] = await fixtureAttendees(t.db.handle.db, tenant.accountId, event, 2);
    expect((await api('GET', `/ea/events/${event}/communication-settings`)).json()).toEqual({ joinLinkEmails: false });
    await linkFor(event, a1 as string, 1);
    const db = t.db.handle.db;
    expect(await db.selectFrom('mail_outbox').select('id').where('account_id', '=', tenant.accountId).execute()).toHaveLength(0);

    const put = await api('PUT', `/ea/events/${event}/communication-settings`, { joinLinkEmails: true });
    expect(put.statusCode).toBe(200);
    await linkFor(event, a2 as string, 2);
    const mail = await db.selectFrom('mail_outbox').select(['raw', 'subject']).where('account_id', '=', tenant.accountId).execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.raw).toContain('https://zoom.example/j/personal-2');
    const list = await api('GET', `/ea/logs/communications/messages?filter=${encodeURIComponent("type eq 'email'")}`);
    const data = (list.json() as { data: Array<{ tags: Record<string, string> }> }).data;
    expect(data).toHaveLength(1);
    expect(data[0]?.tags['eventId']).toBe(event);

    expect((await api('PUT', '/ea/events/0190a1b2-0000-7000-8000-000000000000/communication-settings', { joinLinkEmails: true })).statusCode).toBe(404);

    // Obfuscation runs the registered erasers: the stored mail no longer names the contact.
    const who = await db.selectFrom('attendees').innerJoin('contacts', 'contacts.id', 'attendees.contact_id')
      .select(['contacts.id', 'contacts.email', 'contacts.last_name']).where('attendees.id', '=', a2 as string).executeTakeFirstOrThrow();
    const values = [who.email as string, who.last_name as string];
    const mine = t.services.erasers.all().filter((e) => ['communication messages', 'mail outbox (stored email bodies)', 'session chat messages', 'session questions'].includes(e.place));
    expect(mine).toHaveLength(4);
    await db.transaction().execute(async (trx) => {
      for (const e of mine) await e.erase(trx, { accountId: tenant.accountId, contactIds: [who.id], values, identifying: values }, new Date().toISOString());
    });
    const after = await db.selectFrom('mail_outbox').select(['raw', 'recipient']).where('account_id', '=', tenant.accountId).execute();
    expect(after[0]?.recipient).toBe('[erased]');
    expect(after[0]?.raw).not.toContain(who.email as string);
  });
});

describe('retention schedule', () => {
  it('has a purge job run by the worker, which schedules the next one an hour later', async () => {
    const db = t.db.handle.db;
    const done = await waitFor(async () => db.selectFrom('jobs').select('id').where('type', '=', PURGE_JOB).where('status', '=', 'completed').executeTakeFirst(), 10_000, 'the purge job');
    expect(done.id).toBeDefined();
    const queued = await db.selectFrom('jobs').select('run_at').where('type', '=', PURGE_JOB).where('status', '=', 'queued').execute();
    expect(queued).toHaveLength(1);
    expect(Date.parse(queued[0]?.run_at as string)).toBeGreaterThan(Date.now() + 50 * 60_000);
  });
});
