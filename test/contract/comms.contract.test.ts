import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, waitFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureAttendees, fixtureEvent } from '../helpers/webcast-fixtures.js';
import { describeContract, expectReferenceAnswer, referenceOperation } from './reference.js';

// Badges, badge print jobs and printer pools, e-marketing campaigns and sends, the Emails tag and attendee-messaging
// members (issue 30) as eventline really answers them, each status validated against the reference's response schema
// (DESIGN rule 2). Extensions have no reference schema: the API tests cover them.
describeContract('contract: badges, printing, campaigns, emails and attendee messages match the reference', () => {
  let t: TestApp;
  let server: SMTPServer;
  let api: Api;
  let anonymous: Api;
  let narrow: Api;
  let otherApi: Api;
  let event: string;
  let attendees: string[];
  let pool: string;
  let campaign: string;
  let template: string;
  let requestId: string;
  const MISSING = '0190a1b2-0000-7000-8000-000000000000';
  const dataDir = mkdtempSync(join(tmpdir(), 'eventline-comms-contract-'));
  const expectOk = expectReferenceAnswer;
  const expectError = expectReferenceAnswer;
  const f = (filter: string) => `filter=${encodeURIComponent(filter)}`;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('nobody')) return callback(Object.assign(new Error('5.1.1 mailbox unavailable'), { responseCode: 550 }));
        return callback();
      },
      onData(stream, _session, callback) {
        stream.on('data', () => undefined);
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    t = await startTestApp({ env: { DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${port}` } });
    const tenant = await createTenant(t.services);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    anonymous = apiClient(t.app, undefined);
    narrow = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
    event = await fixtureEvent(t.services, tenant.accountId);
    attendees = await fixtureAttendees(t.db.handle.db, tenant.accountId, event, 2);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('declares the reference scopes', () => {
    expect(referenceOperation('GET', '/events/{id}/badges')).toEqual({ operationId: 'getBadge', scopes: ['exhibitor/badges:read'] });
    expect(referenceOperation('POST', '/events/{eventId}/badge-print-jobs')).toEqual({ operationId: 'createBadgePrintJob', scopes: ['remote-printing/badge-print-jobs:write'] });
    expect(referenceOperation('POST', '/emarketing/emails')).toEqual({ operationId: 'sendEMarketingEmails', scopes: ['eMarketing/eMarketing-send-emails:write'] });
    expect(referenceOperation('GET', '/bounces')).toEqual({ operationId: 'getBounceDetails', scopes: ['email/bounces:read'] });
  });

  it('badges: POST 200, 400, 401, 403, 404; GET and its filter twin 200, 400, 404; PUT 200, 400, 404', async () => {
    const path = '/events/{id}/badges';
    const badge = (id: string, attendee = attendees[0]) => ({ id, status: 'Active', type: 'Qr', attendee: { id: attendee }, event: { id: event } });
    expectOk('POST', path, 200, await api('POST', `/ea/events/${event}/badges`, badge('C-1')));
    expectOk('POST', path, 200, await api('POST', `/ea/events/${event}/badges`, badge('C-2', attendees[1])));
    expectError('POST', path, 400, await api('POST', `/ea/events/${event}/badges`, badge('C-1')));
    expectError('POST', path, 401, await anonymous('POST', `/ea/events/${event}/badges`, badge('C-3')));
    expectError('POST', path, 403, await narrow('POST', `/ea/events/${event}/badges`, badge('C-3')));
    expectError('POST', path, 404, await otherApi('POST', `/ea/events/${event}/badges`, badge('C-3')));
    const page = expectOk('GET', path, 200, await api('GET', `/ea/events/${event}/badges?limit=1`)) as { data: unknown[] };
    expect(page.data).toHaveLength(1);
    expectError('GET', path, 400, await api('GET', `/ea/events/${event}/badges?${f("status eq 'Active'")}`));
    expectError('GET', path, 404, await api('GET', `/ea/events/${MISSING}/badges`));
    expectOk('POST', `${path}/filter`, 200, await api('POST', `/ea/events/${event}/badges/filter`, { filter: "id eq 'C-2'" }));
    expectError('POST', `${path}/filter`, 400, await api('POST', `/ea/events/${event}/badges/filter`, { filter: 'id eq' }));
    expectError('POST', `${path}/filter`, 404, await otherApi('POST', `/ea/events/${event}/badges/filter`, {}));
    expectOk('PUT', `${path}/{badgeId}`, 200, await api('PUT', `/ea/events/${event}/badges/C-1`, { ...badge('C-1'), status: 'Assigned' }));
    expectError('PUT', `${path}/{badgeId}`, 400, await api('PUT', `/ea/events/${event}/badges/C-1`, badge('C-9')));
    expectError('PUT', `${path}/{badgeId}`, 404, await api('PUT', `/ea/events/${event}/badges/C-404`, badge('C-404')));
  });

  it('printer pools and print jobs: GET 200, 400, 404; POST 201, 400, 403, 404; a Done job', async () => {
    pool = ((await api('POST', `/ea/events/${event}/badge-printer-pools`, { name: 'Front desk' })).json() as { id: string }).id;
    const pools = '/events/{eventId}/badge-printer-pools';
    expectOk('GET', pools, 200, await api('GET', `/ea/events/${event}/badge-printer-pools?${f("disabled eq 'false'")}`));
    expectError('GET', pools, 400, await api('GET', `/ea/events/${event}/badge-printer-pools?${f("name eq 'x'")}`));
    expectError('GET', pools, 404, await otherApi('GET', `/ea/events/${event}/badge-printer-pools`));
    expectOk('GET', `${pools}/{poolId}`, 200, await api('GET', `/ea/events/${event}/badge-printer-pools/${pool}`));
    expectError('GET', `${pools}/{poolId}`, 404, await otherApi('GET', `/ea/events/${event}/badge-printer-pools/${pool}`));
    expectError('GET', `${pools}/{poolId}`, 401, await anonymous('GET', `/ea/events/${event}/badge-printer-pools/${pool}`));

    const jobs = '/events/{eventId}/badge-print-jobs';
    const created = expectOk('POST', jobs, 201, await api('POST', `/ea/events/${event}/badge-print-jobs`, { pool: { id: pool }, badgeId: 'C-1', badgeIds: ['C-2'] })) as { id: string };
    expectError('POST', jobs, 400, await api('POST', `/ea/events/${event}/badge-print-jobs`, { pool: { id: pool }, badgeId: 'C-404' }));
    expectError('POST', jobs, 403, await narrow('POST', `/ea/events/${event}/badge-print-jobs`, { pool: { id: pool }, badgeId: 'C-1' }));
    expectError('POST', jobs, 404, await otherApi('POST', `/ea/events/${event}/badge-print-jobs`, { pool: { id: pool }, badgeId: 'C-1' }));
    await waitFor(async () => ((await api('GET', `/ea/events/${event}/badge-print-jobs/${created.id}`)).json() as { status: string }).status === 'Done', 20_000, 'the print job');
    const done = expectOk('GET', `${jobs}/{jobId}`, 200, await api('GET', `/ea/events/${event}/badge-print-jobs/${created.id}`)) as { document?: { pages: number } };
    expect(done.document?.pages).toBe(2);
    expectError('GET', `${jobs}/{jobId}`, 404, await otherApi('GET', `/ea/events/${event}/badge-print-jobs/${created.id}`));
    expectOk('GET', jobs, 200, await api('GET', `/ea/events/${event}/badge-print-jobs?${f("status eq 'Done'")}`));
    expectError('GET', jobs, 400, await api('GET', `/ea/events/${event}/badge-print-jobs?${f("status gt 'Done'")}`));
    expectError('GET', jobs, 404, await otherApi('GET', `/ea/events/${event}/badge-print-jobs`));
  });

  it('campaigns and templates: GET 200, 400, 401, 403, 404', async () => {
    campaign = ((await api('POST', '/ea/campaigns', { campaignName: 'Launch', companyName: 'Eventline', fromName: 'Team' })).json() as { campaignId: string }).campaignId;
    template = ((await api('POST', `/ea/emarketing/campaigns/${campaign}/email-templates`, { name: 'Hello', subject: 'Hi {{firstName}}', plaintextBody: 'Hello.', fromEmail: 'team@eventline.test' })).json() as { id: string }).id;
    expectOk('GET', '/campaigns', 200, await api('GET', `/ea/campaigns?${f("campaign.active eq 'true'")}`));
    expectError('GET', '/campaigns', 400, await api('GET', `/ea/campaigns?${f("campaign.name eq 'a' or campaign.name eq 'b'")}`));
    expectError('GET', '/campaigns', 401, await anonymous('GET', '/ea/campaigns'));
    expectError('GET', '/campaigns', 403, await narrow('GET', '/ea/campaigns'));
    const tpl = '/emarketing/campaigns/{campaignId}/email-templates';
    const page = expectOk('GET', tpl, 200, await api('GET', `/ea/emarketing/campaigns/${campaign}/email-templates`)) as { data: unknown[] };
    expect(page.data).toHaveLength(1);
    expectError('GET', tpl, 400, await api('GET', `/ea/emarketing/campaigns/${campaign}/email-templates?${f("subject eq 'x'")}`));
    expectError('GET', tpl, 404, await otherApi('GET', `/ea/emarketing/campaigns/${campaign}/email-templates`));
  });

  it('sends, statuses, history and bounces: 202, 200, 400, 403, 404', async () => {
    const ids: string[] = [];
    for (const email of ['ok@contract.test', 'nobody@contract.test']) {
      const res = (await api('POST', '/ea/contacts', [{ firstName: 'Cee', lastName: 'Contract', email }])).json() as Array<{ data: { id: string } }>;
      ids.push(res[0]?.data.id ?? '');
    }
    const sent = expectOk('POST', '/emarketing/emails', 202, await api('POST', '/ea/emarketing/emails', { templateId: template, recipients: ids.map((id) => ({ id })) })) as { requestId: string };
    requestId = sent.requestId;
    expectError('POST', '/emarketing/emails', 400, await api('POST', '/ea/emarketing/emails', { templateId: MISSING, recipients: [{ id: ids[0] }] }));
    expectError('POST', '/emarketing/emails', 403, await narrow('POST', '/ea/emarketing/emails', { templateId: template, recipients: [{ id: ids[0] }] }));
    await waitFor(async () => ((await api('GET', `/ea/emarketing/emails/${requestId}/status`)).json() as { status: string }).status !== 'IN-PROGRESS', 20_000, 'the send');
    const status = '/emarketing/emails/{emailRequestId}/status';
    expectOk('GET', status, 200, await api('GET', `/ea/emarketing/emails/${requestId}/status`));
    expectError('GET', status, 404, await otherApi('GET', `/ea/emarketing/emails/${requestId}/status`));
    expectOk('GET', '/emails/{emailRequestId}/status', 200, await api('GET', `/ea/emails/${requestId}/status`));
    expectError('GET', '/emails/{emailRequestId}/status', 404, await otherApi('GET', `/ea/emails/${requestId}/status`));
    // An event email request (POST /events/emails) is reported there too.
    const eventEmail = await api('POST', '/ea/events/emails', { event: { id: event }, email: { id: MISSING }, resendToPreviousRecipients: false, attendees: [attendees[0]] });
    expect(eventEmail.statusCode, eventEmail.body).toBe(202);
    expectOk('GET', '/emails/{emailRequestId}/status', 200, await api('GET', `/ea/emails/${(eventEmail.json() as { requestId: string }).requestId}/status`));

    const history = expectOk('GET', '/emails', 200, await api('GET', '/ea/emails')) as { data: unknown[] };
    expect(history.data).toHaveLength(2);
    expectError('GET', '/emails', 400, await api('GET', `/ea/emails?${f("status ne 'Sent'")}`));
    expectError('GET', '/emails', 403, await narrow('GET', '/ea/emails'));
    const bounces = expectOk('GET', '/bounces', 200, await api('GET', '/ea/bounces')) as { data: unknown[] };
    expect(bounces.data).toHaveLength(1);
    expectOk('GET', '/bounces', 200, await api('GET', `/ea/bounces?${f(`productId eq '${campaign}'`)}`));
    expectError('GET', '/bounces', 400, await api('GET', `/ea/bounces?${f("productId ne 'x'")}`));
    expectError('GET', '/bounces', 401, await anonymous('GET', '/ea/bounces'));
  });

  it('attendee messages members: 200, 400, 404', async () => {
    const channel = 'production_group_0cb93bab-32d2-4f82-b430-e1911f2348ac';
    await api('PUT', `/ea/events/${event}/attendee-messages/channels/${channel}/members/${attendees[0] ?? ''}`);
    await api('DELETE', `/ea/events/${event}/attendee-messages/channels/${channel}/members/${attendees[0] ?? ''}`);
    const path = '/events/{eventId}/attendee-messages/members';
    const page = expectOk('GET', path, 200, await api('GET', `/ea/events/${event}/attendee-messages/members?${f(`channel.id in ('${channel}')`)}`)) as { data: unknown[] };
    expect(page.data).toHaveLength(1);
    expectError('GET', path, 400, await api('GET', `/ea/events/${event}/attendee-messages/members`));
    expectError('GET', path, 404, await otherApi('GET', `/ea/events/${event}/attendee-messages/members?${f(`channel.id eq '${channel}'`)}`));
  });
});
