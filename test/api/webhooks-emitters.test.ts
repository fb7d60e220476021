import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { apiClient, createTenant, startTestApp, tokenFor, waitFor, type Api, type TestApp } from '../helpers/app.js';
import { startReceiver, type Receiver, type Received } from '../helpers/receiver.js';
import { insertBoothStaff, insertExhibitor } from '../helpers/exhibitors.js';
import { sampleSession, workflowAttendee, workflowEvent } from '../helpers/workflow.js';

// Issue 35 part 1: the event types emitted outside the attendee/session/event paths: a contact merge, a contact's
// obfuscation (ids only, nothing of the erased values), a webcast sync run that changed something and a lead's first scan. Each is verified
// with the official standardwebhooks package, as a receiver would.

interface Body { id: string; type: string; timestamp: string; data: { object: Record<string, unknown> } }

let t: TestApp;
let api: Api;
let accountId: string;
let receiver: Receiver;
let secret = '';

const headersOf = (r: Received): Record<string, string> => ({
  'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']),
});

async function arrival(type: string, id: string): Promise<Body> {
  const got = await waitFor(async () => receiver.received.find((r) => {
    const b = r.json as Body | undefined;
    return b?.type === type && b.data.object['id'] === id;
  }), 30_000, `the ${type} webhook`);
  // Verified as a receiver would: signature and timestamp.
  return new Webhook(secret).verify(got.body, headersOf(got)) as Body;
}

async function contact(first: string, last: string, email: string): Promise<string> {
  const res = await api('POST', '/ea/contacts', [{ firstName: first, lastName: last, email }]);
  expect(res.statusCode, res.body).toBe(207);
  return (res.json() as Array<{ data: { id: string } }>)[0]?.data.id ?? '';
}

beforeAll(async () => {
  receiver = await startReceiver('/hooks');
  receiver.answer(() => ({ status: 200, body: {} }));
  t = await startTestApp({ env: { HOOKS_ALLOW_LOOPBACK: 'true' } });
  const tenant = await createTenant(t.services);
  accountId = tenant.accountId;
  await t.services.accounts.setFeature(accountId, 'contact-obfuscation', true);
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  const res = await api('POST', '/ea/webhook-endpoints', { url: receiver.url, enabledEvents: ['contact.merged', 'contact.obfuscated', 'webcast.synced', 'exhibitor.lead.created', 'event.updated'] });
  expect(res.statusCode, res.body).toBe(201);
  secret = (res.json() as { secret: string }).secret;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('webhooks of merges, obfuscations and sync runs', () => {
  it('sends contact.merged with the surviving contact and the merged ids', async () => {
    const tag = Date.now().toString(36);
    const main = await contact('Mira', `Mainly${tag}`, `mira.${tag}@merge.test`);
    const dup = await contact('Mira', `Dupley${tag}`, `mira.dup.${tag}@merge.test`);
    const merged = await api('POST', `/ea/contacts/${main}/merge`, { secondaryContacts: [dup] });
    expect(merged.statusCode, merged.body).toBe(200);
    const body = await arrival('contact.merged', main);
    expect(body.data.object).toMatchObject({ id: main, lastName: `Mainly${tag}`, mergedContacts: [{ id: dup }] });
  }, 60_000);

  it('sends contact.obfuscated with ids only, and no delivery or stored event keeps the erased values', async () => {
    const tag = Date.now().toString(36);
    const email = `orla.${tag}@erase.test`;
    const id = await contact('Orla', `Vanishwood${tag}`, email);
    const start = await api('POST', `/ea/contacts/${id}/obfuscate`);
    expect(start.statusCode, start.body).toBe(202);
    const { obfuscateId } = start.json() as { obfuscateId: string };
    const body = await arrival('contact.obfuscated', id);
    expect(body.data.object).toEqual({ id, obfuscateId });
    const received = receiver.received.filter((r) => (r.json as Body | undefined)?.data?.object?.['id'] === id).map((r) => r.body).join('\n');
    expect(received).not.toContain(email);
    expect(received.toLowerCase()).not.toContain(`vanishwood${tag}`);
  }, 60_000);

  it('sends webcast.synced for a sync run that changed something, not for a pass that changed nothing', async () => {
    const eventId = await workflowEvent(t.services, accountId);
    const session = await api('POST', '/ea/sessions', sampleSession(eventId));
    expect(session.statusCode, session.body).toBe(201);
    const sessionId = (session.json() as { id: string }).id;
    const webcast = await api('POST', '/ea/webcasts', { event: { id: eventId }, session: { id: sessionId }, provider: 'Zoom' });
    expect(webcast.statusCode, webcast.body).toBe(200);
    const webcastId = (webcast.json() as { id: string }).id;
    const put = (progress: Record<string, unknown>) => api('PUT', `/ea/sessions/${sessionId}/sync`, { provider: 'Zoom', outcome: 'Succeeded', meetingId: '9001', webcast: { id: webcastId }, progress });
    expect((await put({ attendeeLinks: 2 })).statusCode).toBe(200);
    const body = await arrival('webcast.synced', webcastId);
    expect(body.data.object).toMatchObject({ id: webcastId, session: { id: sessionId }, provider: 'Zoom', outcome: 'Succeeded', progress: { attendeeLinks: 2 } });
    // The same state again: no new notification. New progress: one more.
    expect((await put({ attendeeLinks: 2 })).statusCode).toBe(200);
    expect((await put({ attendeeLinks: 3 })).statusCode).toBe(200);
    await waitFor(async () => receiver.received.filter((r) => (r.json as Body | undefined)?.data?.object?.['id'] === webcastId).length >= 2 || undefined, 30_000, 'the second webcast.synced');
    await new Promise((r) => setTimeout(r, 1_500));
    const synced = receiver.received.map((r) => r.json as Body | undefined).filter((b) => b?.type === 'webcast.synced' && b.data.object['id'] === webcastId);
    expect(synced.map((b) => (b?.data.object['progress'] as { attendeeLinks: number }).attendeeLinks)).toEqual([2, 3]);
  }, 60_000);

  it('sends exhibitor.lead.created for a first scan, not for a rescan', async () => {
    const eventId = await workflowEvent(t.services, accountId);
    const exhibitor = await insertExhibitor(t.services, accountId, eventId);
    const staff = await insertBoothStaff(t.services, accountId, eventId, exhibitor, await workflowAttendee(t.services.db.db, accountId, eventId));
    const attendee = await workflowAttendee(t.services.db.db, accountId, eventId);
    const scan = () => api('POST', `/ea/events/${eventId}/exhibitors/${exhibitor}/leads`, { attendee: { id: attendee }, boothStaff: { id: staff } });
    const first = await scan();
    expect(first.statusCode, first.body).toBe(201);
    const leadId = (first.json() as { id: string }).id;
    const body = await arrival('exhibitor.lead.created', leadId);
    expect(body.data.object).toMatchObject({ id: leadId, attendee: { id: attendee }, exhibitor: { id: exhibitor } });
    expect((await scan()).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(receiver.received.filter((r) => (r.json as Body | undefined)?.data?.object?.['id'] === leadId)).toHaveLength(1);
  }, 60_000);

  it('keeps events and deliveries for the retention period, and an event whose delivery is still under way beyond it', async () => {
    const tag = Date.now().toString(36);
    const main = await contact('Rhea', `Retained${tag}`, `rhea.${tag}@retain.test`);
    const dup = await contact('Rhea', `Retdup${tag}`, `rhea.dup.${tag}@retain.test`);
    expect((await api('POST', `/ea/contacts/${main}/merge`, { secondaryContacts: [dup] })).statusCode).toBe(200);
    await arrival('contact.merged', main);
    const db = t.services.db.db;
    const delivered = await waitFor(async () => {
      const rows = await db.selectFrom('webhook_deliveries').select(['event_id', 'status']).where('account_id', '=', accountId).where('event_type', '=', 'contact.merged').execute();
      return rows.length > 0 && rows.every((r) => r.status === 'succeeded') ? rows : undefined;
    }, 30_000, 'the deliveries to end');
    // An event of the same age whose delivery is still retrying stays.
    const pendingEvent = '00000000-0000-7000-8000-0000000000aa';
    const endpointId = (await db.selectFrom('webhook_endpoints').select('id').where('account_id', '=', accountId).executeTakeFirstOrThrow()).id;
    await db.insertInto('webhook_events').values({ id: pendingEvent, account_id: accountId, type: 'contact.merged', payload: '{}', created: '2001-01-01T00:00:00.000Z' }).execute();
    await db.insertInto('webhook_deliveries').values({ id: '00000000-0000-7000-8000-0000000000ab', account_id: accountId, endpoint_id: endpointId, event_id: pendingEvent, event_type: 'contact.merged', status: 'retrying', created: '2001-01-01T00:00:00.000Z', last_modified: '2001-01-01T00:00:00.000Z', last_status_code: null, last_error: null, last_duration_ms: null, finished_at: null }).execute();
    // Nothing is old enough yet.
    const events = () => db.selectFrom('webhook_events').select('id').where('account_id', '=', accountId).execute().then((r) => r.map((x) => x.id));
    const before = await events();
    expect((await t.services.webhookDeliveries.prune()).events).toBe(0);
    expect(await events()).toEqual(before);
    // Backdated past the retention period: the finished ones go with their deliveries, the retrying one stays.
    const oldIds = delivered.map((d) => d.event_id);
    await db.updateTable('webhook_events').set({ created: '2001-01-01T00:00:00.000Z' }).where('id', 'in', oldIds).execute();
    expect((await t.services.webhookDeliveries.prune()).events).toBe(oldIds.length);
    const after = await events();
    expect(after).toContain(pendingEvent);
    for (const id of oldIds) expect(after).not.toContain(id);
    expect(await db.selectFrom('webhook_deliveries').select('id').where('event_id', 'in', oldIds).execute()).toEqual([]);
  }, 60_000);

  it('records endpoint changes in the audit log, never a secret', async () => {
    const created = await api('POST', '/ea/webhook-endpoints', { url: `${receiver.url}?audited`, enabledEvents: ['event.created'] });
    expect(created.statusCode, created.body).toBe(201);
    const ep = created.json() as { id: string; secret: string };
    const rotated = await api('POST', `/ea/webhook-endpoints/${ep.id}/rotate-secret`, {});
    expect(rotated.statusCode, rotated.body).toBe(200);
    const newSecret = (rotated.json() as { secret: string }).secret;
    expect((await api('PATCH', `/ea/webhook-endpoints/${ep.id}`, { status: 'disabled', enabledEvents: ['event.updated'] })).statusCode).toBe(200);
    expect((await api('DELETE', `/ea/webhook-endpoints/${ep.id}`)).statusCode).toBe(204);
    const rows = await t.services.db.db.selectFrom('audit_log').select(['action', 'target_display', 'changes']).where('account_id', '=', accountId)
      .where('target_type', '=', 'webhook-endpoint').where('target_id', '=', ep.id).orderBy('id').execute();
    expect(rows.map((r) => r.action)).toEqual(['webhook-endpoint.created', 'webhook-endpoint.secret.rotated', 'webhook-endpoint.updated', 'webhook-endpoint.deleted']);
    expect(JSON.parse(rows[2]?.changes ?? '{}')).toMatchObject({ status: { from: 'enabled', to: 'disabled' }, enabledEvents: { from: ['event.created'], to: ['event.updated'] } });
    const all = JSON.stringify(rows);
    expect(all).not.toContain(ep.secret);
    expect(all).not.toContain(newSecret);
  }, 60_000);

  it('sends event.updated when an event is cancelled, once', async () => {
    const eventId = await workflowEvent(t.services, accountId);
    expect((await api('POST', `/ea/events/${eventId}/cancel`)).statusCode).toBe(200);
    const body = await arrival('event.updated', eventId);
    expect(body.data.object).toMatchObject({ id: eventId, eventStatus: 'Cancelled' });
    // Cancelling it again changes nothing, and notifies nobody.
    expect((await api('POST', `/ea/events/${eventId}/cancel`)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(receiver.received.filter((r) => (r.json as Body | undefined)?.data?.object?.['id'] === eventId)).toHaveLength(1);
  }, 60_000);
});
