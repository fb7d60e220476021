import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, waitFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureAttendees, fixtureEvent } from '../helpers/webcast-fixtures.js';

// Another account's badges, printer pools, print jobs, campaigns, templates, sends and channel members are 404 (not 403),
// and its lists show nothing of them (issue 30).

describe('tenancy: badges, printing, e-marketing, emails and attendee messages', () => {
  let t: TestApp;
  let a: Api;
  let b: Api;
  let event: string;
  let attendees: string[];
  let pool: string;
  let job: string;
  let campaign: string;
  let template: string;
  let request: string;
  let contact: string;
  const channel = 'production_group_1';

  beforeAll(async () => {
    t = await startTestApp();
    const ta = await createTenant(t.services);
    a = apiClient(t.app, await tokenFor(t.app, ta));
    b = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
    event = await fixtureEvent(t.services, ta.accountId);
    attendees = await fixtureAttendees(t.db.handle.db, ta.accountId, event, 1);
    await ok(a('POST', `/ea/events/${event}/badges`, { id: 'T-1', status: 'Active', type: 'Qr', attendee: { id: attendees[0] }, event: { id: event } }));
    pool = (await ok<{ id: string }>(a('POST', `/ea/events/${event}/badge-printer-pools`, { name: 'Desk' }), 201)).id;
    job = (await ok<{ id: string }>(a('POST', `/ea/events/${event}/badge-print-jobs`, { pool: { id: pool }, badgeId: 'T-1' }), 201)).id;
    campaign = (await ok<{ campaignId: string }>(a('POST', '/ea/campaigns', { campaignName: 'Mine' }), 201)).campaignId;
    template = (await ok<{ id: string }>(a('POST', `/ea/emarketing/campaigns/${campaign}/email-templates`, { name: 'T', subject: 'S', plaintextBody: 'B' }), 201)).id;
    const [c] = await ok<Array<{ data: { id: string } }>>(a('POST', '/ea/contacts', [{ firstName: 'Tina', lastName: 'Tenant', email: 'tina@tenancy.test' }]), 207);
    contact = c?.data.id ?? '';
    request = (await ok<{ requestId: string }>(a('POST', '/ea/emarketing/emails', { templateId: template, recipients: [{ id: contact }] }), 202)).requestId;
    await ok(a('PUT', `/ea/events/${event}/attendee-messages/channels/${channel}/members/${attendees[0] ?? ''}`));
    await waitFor(async () => (await ok<{ status: string }>(a('GET', `/ea/emarketing/emails/${request}/status`))).status !== 'IN-PROGRESS', 20_000, 'the send');
  });
  afterAll(async () => t?.close());

  it('answers 404 for the other account\'s event-scoped resources', async () => {
    const badge = { id: 'T-1', status: 'Active', type: 'Qr', attendee: { id: attendees[0] }, event: { id: event } };
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/ea/events/${event}/badges`],
      ['POST', `/ea/events/${event}/badges/filter`, {}],
      ['POST', `/ea/events/${event}/badges`, { ...badge, id: 'T-2' }],
      ['PUT', `/ea/events/${event}/badges/T-1`, badge],
      ['GET', `/ea/events/${event}/badge-printer-pools`],
      ['GET', `/ea/events/${event}/badge-printer-pools/${pool}`],
      ['PUT', `/ea/events/${event}/badge-printer-pools/${pool}`, { name: 'Theirs' }],
      ['POST', `/ea/events/${event}/badge-printer-pools`, { name: 'Theirs' }],
      ['GET', `/ea/events/${event}/badge-print-jobs`],
      ['GET', `/ea/events/${event}/badge-print-jobs/${job}`],
      ['POST', `/ea/events/${event}/badge-print-jobs`, { pool: { id: pool }, badgeId: 'T-1' }],
      ['GET', `/ea/emarketing/campaigns/${campaign}/email-templates`],
      ['POST', `/ea/emarketing/campaigns/${campaign}/email-templates`, { name: 'T', subject: 'S', plaintextBody: 'B' }],
      ['GET', `/ea/emarketing/emails/${request}/status`],
      ['GET', `/ea/emails/${request}/status`],
      ['GET', `/ea/events/${event}/attendee-messages/members?filter=${encodeURIComponent(`channel.id eq '${channel}'`)}`],
      ['PUT', `/ea/events/${event}/attendee-messages/channels/${channel}/members/${attendees[0] ?? ''}`],
      ['DELETE', `/ea/events/${event}/attendee-messages/channels/${channel}/members/${attendees[0] ?? ''}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await b(method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    // Nothing changed for the owner.
    expect((await ok<{ data: unknown[] }>(a('GET', `/ea/events/${event}/badges`))).data).toHaveLength(1);
    expect((await ok<{ name: string }>(a('GET', `/ea/events/${event}/badge-printer-pools/${pool}`))).name).toBe('Desk');
    const members = await ok<{ data: Array<{ attendee: { active: boolean } }> }>(a('GET', `/ea/events/${event}/attendee-messages/members?filter=${encodeURIComponent(`channel.id eq '${channel}'`)}`));
    expect(members.data.map((m) => m.attendee.active)).toEqual([true]);
  });

  it('shows nothing of the other account in the account-wide lists, and will not send its template or to its contacts', async () => {
    expect((await ok<{ data: unknown[] }>(b('GET', '/ea/campaigns'))).data).toHaveLength(0);
    expect((await ok<{ data: unknown[] }>(b('GET', '/ea/emails'))).data).toHaveLength(0);
    expect((await ok<{ data: unknown[] }>(b('GET', '/ea/bounces'))).data).toHaveLength(0);
    expect((await b('POST', '/ea/emarketing/emails', { templateId: template, recipients: [{ id: contact }] })).json()).toMatchObject({ code: 400, target: 'templateId' });
    const own = await ok<{ campaignId: string }>(b('POST', '/ea/campaigns', { campaignName: 'Theirs' }), 201);
    const tpl = await ok<{ id: string }>(b('POST', `/ea/emarketing/campaigns/${own.campaignId}/email-templates`, { name: 'T', subject: 'S', plaintextBody: 'B' }), 201);
    const sent = await ok<{ status: string; recipientResponse: Array<{ status: string }> }>(b('POST', '/ea/emarketing/emails', { templateId: tpl.id, recipients: [{ id: contact }] }), 202);
    expect(sent.status).toBe('ERROR');
    expect(sent.recipientResponse).toEqual([{ id: contact, status: 'Error', errorMessage: 'No active contact of the account has this id' }]);
  });
});
