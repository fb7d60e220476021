import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { actions, filter, stage, type Person, type Stage } from '../helpers/engagement.js';
import { describeContract, expectMatchesReference, referenceOperation } from './reference.js';

// The ten Attendee Activities and Attendee Insights operations' responses, as
// eventline really sends them, validated against the reference's response
// schemas (DESIGN rule 2). Activities of every kind eventline records are in
// the lists validated. eventline's 409 (metadata registered twice) carries the
// contract's error shape, checked against the operation's 400 schema.
describeContract('contract: attendee activities and attendee insights match the reference', () => {
  let t: TestApp;
  let api: Api;
  let anonymous: Api;
  let narrow: Api;
  let otherApi: Api;
  let s: Stage;
  let insight: string;
  let metadata: string;
  const MISSING = '0190a1b2-0000-7000-8000-000000000000';

  const expectError = (method: string, path: string, status: number, res: { statusCode: number; body: string; json: () => unknown }) => {
    expect(res.statusCode, res.body).toBe(status);
    expectMatchesReference(method, path, status === 409 ? 400 : status, res.json());
  };
  const expectOk = (method: string, path: string, status: number, res: { statusCode: number; body: string; json: () => unknown }) => {
    expect(res.statusCode, res.body).toBe(status);
    expectMatchesReference(method, path, status, res.json());
    return res.json();
  };

  beforeAll(async () => {
    t = await startTestApp();
    const tenant = await createTenant(t.services);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    anonymous = apiClient(t.app, undefined);
    narrow = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
    s = await stage(t, tenant.accountId, api, 3);
    const [p0, p1, p2] = s.people as [Person, Person, Person];
    const act = actions(t);
    // One of everything eventline records.
    await act.click(p0);
    expect((await api('POST', `/ea/sessions/${s.session}/check-in`, [{ id: p0.attendee, checkIn: '2027-03-01T10:00:00Z', checkOut: '2027-03-01T10:40:00Z' }])).statusCode).toBe(207);
    const message = await act.chat(p0, s.session);
    await act.react(p1, s.session, message);
    await act.answer(p0, s.session, await act.ask(p1, s.session));
    const mail = await api('POST', '/ea/events/emails', { event: { id: s.event }, email: { id: MISSING, subject: 'Hi', text: 'Hi' }, resendToPreviousRecipients: false, attendees: [p2.attendee] });
    expect(mail.statusCode).toBe(202);
    const created = await api('POST', '/ea/attendee-insights', {
      name: 'Contract score', event: { id: s.event }, actions: [{ type: 'session.checkedIn', points: 10 }, { type: 'session.external', points: 2 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    insight = (created.json() as { id: string }).id;
  });
  afterAll(async () => t?.close());

  it('declares the reference scopes', () => {
    expect(referenceOperation('GET', '/attendees/activities')?.scopes).toContain('event/attendee-activities:read');
    expect(referenceOperation('POST', '/attendees/activities')?.scopes).toContain('event/attendee-activities:write');
    expect(referenceOperation('GET', '/attendees/activities/external/metadata')?.scopes).toContain('event/attendee-activities-metadata:read');
    expect(referenceOperation('POST', '/attendees/activities/external/metadata')?.scopes).toContain('event/attendee-activities-metadata:write');
    expect(referenceOperation('PUT', '/attendees/activities/external/metadata/{id}')?.scopes).toContain('event/attendee-activities-metadata:write');
    expect(referenceOperation('DELETE', '/attendees/activities/external/metadata/{id}')?.scopes).toContain('event/attendee-activities-metadata:delete');
    expect(referenceOperation('GET', '/attendee-insights')?.scopes).toContain('attendee-insights/attendee-insights:read');
    expect(referenceOperation('GET', '/attendee-insights/{id}')?.scopes).toContain('attendee-insights/attendee-insights:read');
    expect(referenceOperation('GET', '/attendee-insights/{id}/scores')?.scopes).toContain('attendee-insights/scores:read');
    expect(referenceOperation('GET', '/attendee-insights/{id}/stats')?.scopes).toContain('attendee-insights/stats:read');
  });

  it('POST /attendees/activities/external/metadata 201, 400, 401, 403, 409', async () => {
    const path = '/attendees/activities/external/metadata';
    const body = { type: 'session.external', name: 'social.media', description: 'Posts', fields: [{ name: 'network', description: 'Where' }] };
    metadata = (expectOk('POST', path, 201, await api('POST', `/ea${path}`, body)) as { id: string }).id;
    expectError('POST', path, 400, await api('POST', `/ea${path}`, { type: 'nope', name: 'x' }));
    expectError('POST', path, 401, await anonymous('POST', `/ea${path}`, body));
    expectError('POST', path, 403, await narrow('POST', `/ea${path}`, body));
    expectError('POST', path, 409, await api('POST', `/ea${path}`, body));
  });

  it('POST /attendees/activities 201, 400, 401, 403', async () => {
    const path = '/attendees/activities';
    const body = {
      attendee: { id: s.people[2]?.attendee }, event: { id: s.event }, type: 'session.external', name: 'social.media',
      data: { id: s.session, externalActivityDate: '2027-02-20T09:00:00Z', additionalFields: { network: 'mastodon' } },
    };
    expectOk('POST', path, 201, await api('POST', `/ea${path}`, body));
    expectError('POST', path, 400, await api('POST', `/ea${path}`, { ...body, name: 'unregistered' }));
    expectError('POST', path, 400, await api('POST', `/ea${path}`, { ...body, data: { id: s.session } }));
    expectError('POST', path, 401, await anonymous('POST', `/ea${path}`, body));
    expectError('POST', path, 403, await narrow('POST', `/ea${path}`, body));
  });

  it('GET /attendees/activities 200 (every kind, filtered, paged, empty), 400, 401, 403', async () => {
    const path = '/attendees/activities';
    const everything = expectOk('GET', path, 200, await api('GET', `/ea${path}`)) as { data: Array<{ type: string }> };
    expect(new Set(everything.data.map((a) => a.type))).toEqual(new Set(['session.external', 'session.checkedIn', 'session.checkedOut', 'session.questionAsked', 'email.sent']));
    for (const q of ['?limit=2', `?${filter(`type eq 'session.checkedIn' and event.id eq '${s.event}'`)}`, `?after=2020-01-01T00:00:00Z&before=2100-01-01T00:00:00Z`]) {
      expectOk('GET', path, 200, await api('GET', `/ea${path}${q}`));
    }
    expectOk('GET', path, 200, await otherApi('GET', `/ea${path}`));
    expectError('GET', path, 400, await api('GET', `/ea${path}?${filter("contact.id eq 'x'")}`));
    expectError('GET', path, 401, await anonymous('GET', `/ea${path}`));
    expectError('GET', path, 403, await narrow('GET', `/ea${path}`));
  });

  it('GET /attendees/activities/external/metadata 200, 400, 401, 403', async () => {
    const path = '/attendees/activities/external/metadata';
    expectOk('GET', path, 200, await api('GET', `/ea${path}`));
    expectOk('GET', path, 200, await api('GET', `/ea${path}?${filter("name eq 'social.media'")}&limit=1`));
    expectError('GET', path, 400, await api('GET', `/ea${path}?${filter("description eq 'x'")}`));
    expectError('GET', path, 401, await anonymous('GET', `/ea${path}`));
    expectError('GET', path, 403, await narrow('GET', `/ea${path}`));
  });

  it('PUT /attendees/activities/external/metadata/{id} 200, 400, 401, 403, 404', async () => {
    const path = '/attendees/activities/external/metadata/{id}';
    const body = { type: 'session.external', name: 'social.media', fields: [{ name: 'network' }, { name: 'handle' }] };
    expectOk('PUT', path, 200, await api('PUT', `/ea/attendees/activities/external/metadata/${metadata}`, body));
    expectError('PUT', path, 400, await api('PUT', `/ea/attendees/activities/external/metadata/${metadata}`, { ...body, fields: 'x' }));
    expectError('PUT', path, 401, await anonymous('PUT', `/ea/attendees/activities/external/metadata/${metadata}`, body));
    expectError('PUT', path, 403, await narrow('PUT', `/ea/attendees/activities/external/metadata/${metadata}`, body));
    expectError('PUT', path, 404, await otherApi('PUT', `/ea/attendees/activities/external/metadata/${metadata}`, body));
  });

  it('GET /attendee-insights 200, 400, 401, 403', async () => {
    const path = '/attendee-insights';
    for (const q of ['', `?${filter(`event.id eq '${s.event}'`)}`, `?${filter(`id eq '${insight}'`)}&limit=1`]) {
      const page = expectOk('GET', path, 200, await api('GET', `/ea${path}${q}`)) as { data: unknown[] };
      expect(page.data).toHaveLength(1);
    }
    expectOk('GET', path, 200, await otherApi('GET', `/ea${path}`));
    expectError('GET', path, 400, await api('GET', `/ea${path}?${filter(`event.id ne '${s.event}'`)}`));
    expectError('GET', path, 401, await anonymous('GET', `/ea${path}`));
    expectError('GET', path, 403, await narrow('GET', `/ea${path}`));
  });

  it('GET /attendee-insights/{id} 200, 401, 403, 404', async () => {
    const path = '/attendee-insights/{id}';
    expectOk('GET', path, 200, await api('GET', `/ea/attendee-insights/${insight}`));
    expectError('GET', path, 401, await anonymous('GET', `/ea/attendee-insights/${insight}`));
    expectError('GET', path, 403, await narrow('GET', `/ea/attendee-insights/${insight}`));
    expectError('GET', path, 404, await otherApi('GET', `/ea/attendee-insights/${insight}`));
    expectError('GET', path, 404, await api('GET', `/ea/attendee-insights/${MISSING}`));
  });

  it('GET /attendee-insights/{id}/scores 200, 400, 401, 403, 404', async () => {
    const path = '/attendee-insights/{id}/scores';
    const page = expectOk('GET', path, 200, await api('GET', `/ea/attendee-insights/${insight}/scores`)) as { data: unknown[] };
    expect(page.data.length).toBeGreaterThan(1);
    expectOk('GET', path, 200, await api('GET', `/ea/attendee-insights/${insight}/scores?limit=1&${filter(`attendee.id eq '${s.people[0]?.attendee ?? ''}'`)}`));
    expectError('GET', path, 400, await api('GET', `/ea/attendee-insights/${insight}/scores?${filter("points gt '1'")}`));
    expectError('GET', path, 401, await anonymous('GET', `/ea/attendee-insights/${insight}/scores`));
    expectError('GET', path, 403, await narrow('GET', `/ea/attendee-insights/${insight}/scores`));
    expectError('GET', path, 404, await otherApi('GET', `/ea/attendee-insights/${insight}/scores`));
  });

  it('GET /attendee-insights/{id}/stats 200, 401, 403, 404', async () => {
    const path = '/attendee-insights/{id}/stats';
    expectOk('GET', path, 200, await api('GET', `/ea/attendee-insights/${insight}/stats`));
    expectError('GET', path, 401, await anonymous('GET', `/ea/attendee-insights/${insight}/stats`));
    expectError('GET', path, 403, await narrow('GET', `/ea/attendee-insights/${insight}/stats`));
    expectError('GET', path, 404, await otherApi('GET', `/ea/attendee-insights/${insight}/stats`));
  });

  it('DELETE /attendees/activities/external/metadata/{id} 204, 401, 403, 404', async () => {
    const path = '/attendees/activities/external/metadata/{id}';
    expectError('DELETE', path, 401, await anonymous('DELETE', `/ea/attendees/activities/external/metadata/${metadata}`));
    expectError('DELETE', path, 403, await narrow('DELETE', `/ea/attendees/activities/external/metadata/${metadata}`));
    expectError('DELETE', path, 404, await otherApi('DELETE', `/ea/attendees/activities/external/metadata/${metadata}`));
    const ok = await api('DELETE', `/ea/attendees/activities/external/metadata/${metadata}`);
    expect(ok.statusCode).toBe(204);
    expect(ok.body).toBe('');
    expectError('DELETE', path, 404, await api('DELETE', `/ea/attendees/activities/external/metadata/${metadata}`));
  });
});
