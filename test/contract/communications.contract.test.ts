import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureAttendees, fixtureEvent, fixtureSession, launchAttendeeHub } from '../helpers/webcast-fixtures.js';
import { describeContract, expectMatchesReference, referenceOperation } from './reference.js';

// Compliance communications and event emails, as eventline really sends them,
// validated against the reference's response schemas (DESIGN rule 2).
describeContract('contract: compliance communications and event emails match the reference', () => {
  let t: TestApp;
  let api: Api;
  let offApi: Api;
  let event: string;
  let attendees: string[];
  let requestId: string;

  beforeAll(async () => {
    t = await startTestApp({ build: { worker: false } });
    const tenant = await createTenant(t.services);
    await t.services.accounts.setFeature(tenant.accountId, 'compliance-communications', true);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    const off = await createTenant(t.services);
    offApi = apiClient(t.app, await tokenFor(t.app, off));
    const db = t.db.handle.db;
    event = await fixtureEvent(t.services, tenant.accountId, 'Hybrid');
    await launchAttendeeHub(api, event);
    const session = await fixtureSession(db, tenant.accountId, event);
    attendees = await fixtureAttendees(db, tenant.accountId, event, 2);
    const wc = await api('POST', '/ea/webcasts', { event: { id: event }, session: { id: session }, provider: 'Zoom' });
    const webcast = (wc.json() as { id: string }).id;
    const links = await api('POST', `/ea/webcasts/${webcast}/attendee-links`, attendees.map((a, i) => ({ attendee: { id: a }, join: { href: `https://zoom.example/j/${i}` } })));
    const [l1, l2] = (links.json() as Array<{ data: { id: string } }>).map((r) => r.data.id);
    const tok = async (id: string | undefined) => t.services.communications.chat.tokenFor(id as string);
    const post = async (token: string, url: string, body: unknown) => t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', 'x-attendee-token': token }, payload: JSON.stringify(body) });
    const first = await post(await tok(l1), `/ea/sessions/${session}/chat/messages`, { textHtml: '<p>Hello</p>' });
    const parent = (first.json() as { id: string }).id;
    await post(await tok(l2), `/ea/sessions/${session}/chat/messages`, { textHtml: '<p>Reply</p>', parentMessage: { id: parent } });
    await post(await tok(l2), `/ea/sessions/${session}/chat/messages/${parent}/reactions`, { type: 'like' });
    const q = await post(await tok(l1), `/ea/sessions/${session}/questions`, { text: 'Question?' });
    await post(await tok(l2), `/ea/sessions/${session}/questions/${(q.json() as { id: string }).id}/answer`, { answer: 'Answer.' });
    const sent = await api('POST', '/ea/events/emails', { event: { id: event }, email: { id: '0190a1b2-0000-7000-8000-0000000000e1' }, resendToPreviousRecipients: true, attendees });
    requestId = (sent.json() as { requestId: string }).requestId;
  });
  afterAll(async () => t?.close());

  it('declares the reference scopes', () => {
    expect(referenceOperation('GET', '/logs/communications/messages')?.scopes).toContain('compliance/communications:read');
    expect(referenceOperation('PUT', '/logs/communications/configuration')?.scopes).toContain('compliance/communications:write');
    expect(referenceOperation('POST', '/events/emails')?.scopes).toContain('event/event-emails:write');
    expect(referenceOperation('GET', '/events/emails/{emailRequestId}/status')?.scopes).toContain('event/event-email-status:read');
  });

  it('GET and PUT /logs/communications/configuration', async () => {
    const get = await api('GET', '/ea/logs/communications/configuration');
    expect(get.statusCode).toBe(200);
    expectMatchesReference('GET', '/logs/communications/configuration', 200, get.json());
    const put = await api('PUT', '/ea/logs/communications/configuration', { enabledMessageTypes: ['email', 'chat', 'session_qa'] });
    expect(put.statusCode).toBe(200);
    expectMatchesReference('PUT', '/logs/communications/configuration', 200, put.json());
    const bad = await api('PUT', '/ea/logs/communications/configuration', { enabledMessageTypes: ['fax'] });
    expect(bad.statusCode).toBe(400);
    expectMatchesReference('PUT', '/logs/communications/configuration', 400, bad.json());
    const off = await offApi('GET', '/ea/logs/communications/configuration');
    expect(off.statusCode).toBe(403);
    expectMatchesReference('GET', '/logs/communications/configuration', 403, off.json());
  });

  it('GET /logs/communications/messages and POST .../filter (every message type), at both paths', async () => {
    for (const path of ['/ea/logs/communications/messages', '/ea/logs/communication/messages']) {
      const res = await api('GET', `${path}?limit=3`);
      expect(res.statusCode).toBe(200);
      expectMatchesReference('GET', '/logs/communications/messages', 200, res.json());
      const all = await api('POST', `${path}/filter`, {});
      expect(all.statusCode).toBe(200);
      const body = all.json() as { data: Array<{ type: string }> };
      expect(new Set(body.data.map((m) => m.type))).toEqual(new Set(['email', 'chat', 'session_qa']));
      expectMatchesReference('POST', '/logs/communications/messages/filter', 200, body);
    }
    const bad = await api('GET', `/ea/logs/communications/messages?filter=${encodeURIComponent("type ne 'email'")}`);
    expectMatchesReference('GET', '/logs/communications/messages', 400, bad.json());
    const off = await offApi('GET', '/ea/logs/communications/messages');
    expectMatchesReference('GET', '/logs/communications/messages', 403, off.json());
  });

  it('POST /events/emails (202) and GET /events/emails/{id}/status (200, 404)', async () => {
    const res = await api('POST', '/ea/events/emails', { event: { id: event }, email: { id: '0190a1b2-0000-7000-8000-0000000000e2' }, resendToPreviousRecipients: false, attendees });
    expect(res.statusCode).toBe(202);
    expectMatchesReference('POST', '/events/emails', 202, res.json());
    const status = await api('GET', `/ea/events/emails/${requestId}/status`);
    expect(status.statusCode).toBe(200);
    expectMatchesReference('GET', '/events/emails/{emailRequestId}/status', 200, status.json());
    const missing = await api('GET', '/ea/events/emails/0190a1b2-0000-7000-8000-000000000000/status');
    expect(missing.statusCode).toBe(404);
  });
});
