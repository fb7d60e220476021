import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, waitFor, type Api, type Tenant, type TestApp } from '../helpers/app.js';
import { actions, all, filter, stage, type Page, type Person, type Stage } from '../helpers/engagement.js';
import { fixtureAttendees, fixtureEvent } from '../helpers/webcast-fixtures.js';
import { ACTIVITIES_PURGE_JOB, BUILT_IN_ACTIVITIES, externalData } from '../../src/modules/activities/index.js';

interface Activity {
  id: string; type: string; name: string; time: string; created: string;
  attendee: { id: string }; event: { id: string }; contact?: { id: string }; data: Record<string, unknown>;
}
interface Metadata { id: string; type: string; name: string; description?: string; fields: Array<{ name: string; description?: string }> }

let now = new Date('2027-03-01T12:00:00.000Z');
const clock = () => new Date(now.getTime());
const advance = (ms: number) => { now = new Date(now.getTime() + ms); };

let t: TestApp;
let tenant: Tenant;
let other: Tenant;
let api: Api;
let otherApi: Api;
let s: Stage;
let act: ReturnType<typeof actions>;

const activitiesOf = async (a: Api, f: string) => all<Activity>(a, '/ea/attendees/activities', { filter: f });
const byAttendee = (list: Activity[], p: Person) => list.filter((x) => x.attendee.id === p.attendee);

beforeAll(async () => {
  t = await startTestApp({ build: { clock } });
  tenant = await createTenant(t.services);
  other = await createTenant(t.services);
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  otherApi = apiClient(t.app, await tokenFor(t.app, other));
  s = await stage(t, tenant.accountId, api, 3);
  act = actions(t);
});
afterAll(async () => t?.close());

describe('the activities journal: every module reports what attendees do', () => {
  let message: string;
  let question: string;

  it('records a join-link click and redirects to the personal join href', async () => {
    const [p0] = s.people as [Person];
    expect(await act.click(p0)).toBe('https://zoom.example/j/0?pwd=p0');
    const [click] = byAttendee(await activitiesOf(api, `event.id eq '${s.event}'`), p0);
    expect(click).toMatchObject({
      type: 'session.external', name: BUILT_IN_ACTIVITIES.joinLinkClicked, event: { id: s.event }, time: now.toISOString(),
      data: { id: s.session, externalActivityDate: now.toISOString(), additionalFields: { attendeeLinkId: p0.link, webcastId: s.webcast } },
    });
    // A page that asks for JSON gets the href instead of a redirect; the click is recorded all the same.
    const p2 = s.people[2] as Person;
    const url = new URL(p2.joinUrl);
    const json = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({ href: 'https://zoom.example/j/2?pwd=p2' });
    expect(byAttendee(await activitiesOf(api, `name eq '${BUILT_IN_ACTIVITIES.joinLinkClicked}'`), p2)).toHaveLength(1);
    // A forged or chat token is not a join token.
    const bad = await t.app.inject({ method: 'GET', url: `/ea/join?token=${encodeURIComponent(p0.token)}` });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: 401 });
    expect((await t.app.inject({ method: 'GET', url: '/ea/join' })).statusCode).toBe(400);
  });

  it('records check-in and check-out (with the attendance duration) once, however often the same attendance is sent', async () => {
    const [p0] = s.people as [Person];
    const body = [{ id: p0.attendee, checkIn: '2027-03-01T10:02:00Z', checkOut: '2027-03-01T10:50:00Z', duration: 2_880_000 }];
    for (let i = 0; i < 3; i++) {
      const res = await api('POST', `/ea/sessions/${s.session}/check-in`, body);
      expect(res.statusCode, res.body).toBe(207);
    }
    const mine = byAttendee(await activitiesOf(api, `session.id eq '${s.session}' and (type eq 'session.checkedIn' or type eq 'session.checkedOut')`), p0);
    expect(mine.map((a) => a.type)).toEqual(['session.checkedIn', 'session.checkedOut']);
    expect(mine[0]).toMatchObject({ name: 'Session Checked In', time: '2027-03-01T10:02:00.000Z', data: { session: { id: s.session, title: 'Engagement keynote' }, checkedIn: '2027-03-01T10:02:00.000Z' } });
    expect(mine[1]).toMatchObject({ name: 'Session Checked Out', time: '2027-03-01T10:50:00.000Z', data: { checkOut: '2027-03-01T10:50:00.000Z', duration: 2_880_000 } });
    // A later check-out (the webcast sync's PUT) is a new check-out activity with its duration.
    const put = await api('PUT', `/ea/sessions/${s.session}/check-in`, [{ id: p0.attendee, checkOut: '2027-03-01T10:55:00Z' }]);
    expect(put.statusCode, put.body).toBe(207);
    const outs = byAttendee(await activitiesOf(api, `type eq 'session.checkedOut'`), p0);
    expect(outs.map((a) => a.data['duration'])).toEqual([2_880_000, 3_180_000]);
  });

  it('records chat messages, reactions, questions and answers by id, never copying what was written', async () => {
    const [p0, p1] = s.people as [Person, Person];
    message = await act.chat(p0, s.session, 'Secret words in the chat');
    await act.react(p1, s.session, message);
    question = await act.ask(p1, s.session, 'A private question text');
    await act.answer(p0, s.session, question);
    const list = await activitiesOf(api, `event.id eq '${s.event}'`);
    expect(byAttendee(list, p0).find((a) => a.name === BUILT_IN_ACTIVITIES.chatMessagePosted)?.data).toEqual(externalData(s.session, now.toISOString(), { messageId: message }));
    expect(byAttendee(list, p0).find((a) => a.name === BUILT_IN_ACTIVITIES.questionAnswered)?.data['additionalFields']).toEqual({ questionId: question });
    expect(byAttendee(list, p1).find((a) => a.name === BUILT_IN_ACTIVITIES.chatReactionAdded)?.data['additionalFields']).toEqual({ messageId: message, reaction: 'like' });
    expect(byAttendee(list, p1).find((a) => a.type === 'session.questionAsked')).toMatchObject({
      name: 'Session Question Asked', data: { session: { id: s.session }, question: { id: question }, anonymous: false },
    });
    expect(JSON.stringify(list)).not.toContain('Secret words');
    expect(JSON.stringify(list)).not.toContain('private question');
  });

  it('records emails sent to attendees', async () => {
    const p2 = s.people[2] as Person;
    const res = await api('POST', '/ea/events/emails', {
      event: { id: s.event }, email: { id: '0190a1b2-0000-7000-8000-0000000000e7', subject: 'Welcome', text: 'See you' }, resendToPreviousRecipients: false, attendees: [p2.attendee],
    });
    expect(res.statusCode, res.body).toBe(202);
    const [sent] = await activitiesOf(api, `attendee.id eq '${p2.attendee}' and type eq 'email.sent'`);
    expect(sent).toMatchObject({ name: 'Email Sent', data: { type: 'Event Email', sent: now.toISOString() } });
  });

  it('filters on the reference\'s fields, carries the attendee\'s contact, and bounds with after/before', async () => {
    const [p0, p1] = s.people as [Person, Person];
    const every = await activitiesOf(api, `event.id eq '${s.event}'`);
    expect(every.map((a) => a.attendee.id).every((id) => s.people.some((p) => p.attendee === id))).toBe(true);
    const contact = await t.db.handle.db.selectFrom('attendees').select('contact_id').where('id', '=', p0.attendee).executeTakeFirstOrThrow();
    expect(byAttendee(every, p0).every((a) => a.contact?.id === contact.contact_id)).toBe(true);
    expect(await activitiesOf(api, `attendee.id eq '${p1.attendee}'`)).toHaveLength(2);
    expect(await activitiesOf(api, `name eq '${BUILT_IN_ACTIVITIES.chatMessagePosted}' and data.id eq '${s.session}'`)).toHaveLength(1);
    expect(await activitiesOf(api, `time lt '2027-03-01T10:30:00Z' and event.id eq '${s.event}'`)).toHaveLength(1);
    const first = every[0] as Activity;
    expect(await activitiesOf(api, `id eq '${first.id}'`)).toEqual([first]);
    expect(await activitiesOf(api, `id ne '${first.id}' and event.id eq '${s.event}'`)).toHaveLength(every.length - 1);

    const start = now.getTime();
    advance(60_000);
    await act.click(p1);
    const mid = new Date(start + 30_000).toISOString();
    const after = await api('GET', `/ea/attendees/activities?after=${encodeURIComponent(mid)}`);
    expect((after.json() as Page<Activity>).data.map((a) => [a.name, a.attendee.id])).toEqual([[BUILT_IN_ACTIVITIES.joinLinkClicked, p1.attendee]]);
    const until = await api('GET', `/ea/attendees/activities?before=${encodeURIComponent(mid)}&limit=200`);
    expect((until.json() as Page<Activity>).data.map((a) => a.id)).toEqual(every.map((a) => a.id));

    for (const bad of ['contact.id eq \'x\'', 'type co \'session\'', 'created sw \'2027\'']) {
      const res = await api('GET', `/ea/attendees/activities?${filter(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, target: 'filter' });
    }
  });
});

describe('external activities and their metadata', () => {
  let meta: Metadata;
  const post = (body: unknown) => api('POST', '/ea/attendees/activities', body);
  const external = (p: Person, name: string, fields: Record<string, string> = {}) => ({
    attendee: { id: p.attendee }, event: { id: s.event }, type: 'event.external', name,
    data: { id: s.event, externalActivityDate: '2027-02-20T09:00:00Z', additionalFields: fields },
  });

  it('registers metadata once per type and name; eventline.* names are reserved', async () => {
    const res = await api('POST', '/ea/attendees/activities/external/metadata', {
      type: 'event.external', name: 'social.media', description: 'Social posts', fields: [{ name: 'network' }, { name: 'handle', description: 'Their handle' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    meta = res.json() as Metadata;
    expect(meta).toMatchObject({ type: 'event.external', name: 'social.media', fields: [{ name: 'network' }, { name: 'handle', description: 'Their handle' }] });
    const twice = await api('POST', '/ea/attendees/activities/external/metadata', { type: 'event.external', name: 'social.media' });
    expect(twice.statusCode).toBe(409);
    expect((await api('POST', '/ea/attendees/activities/external/metadata', { type: 'session.external', name: 'social.media' })).statusCode).toBe(201);
    const reserved = await api('POST', '/ea/attendees/activities/external/metadata', { type: 'session.external', name: BUILT_IN_ACTIVITIES.chatMessagePosted });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json()).toMatchObject({ target: 'name' });
    const dup = await api('POST', '/ea/attendees/activities/external/metadata', { type: 'session.external', name: 'dup', fields: [{ name: 'a' }, { name: 'a' }] });
    expect(dup.statusCode).toBe(400);
    expect(await all<Metadata>(api, '/ea/attendees/activities/external/metadata', { filter: "name eq 'social.media' and type eq 'event.external'" })).toEqual([meta]);
    expect(await all<Metadata>(api, '/ea/attendees/activities/external/metadata')).toHaveLength(2);
  });

  it('refuses an external activity that names no registered metadata or an undeclared field (400), and records one that does', async () => {
    const [p0, p1] = s.people as [Person, Person];
    const unregistered = await post(external(p0, 'not.registered'));
    expect(unregistered.statusCode).toBe(400);
    expect(unregistered.json()).toMatchObject({ code: 400, target: 'name' });
    const undeclared = await post(external(p0, 'social.media', { colour: 'blue' }));
    expect(undeclared.statusCode).toBe(400);
    expect(undeclared.json()).toMatchObject({ target: 'data.additionalFields' });
    const otherEvent = await fixtureEvent(t.services, tenant.accountId);
    const [stranger] = await fixtureAttendees(t.db.handle.db, tenant.accountId, otherEvent, 1);
    const wrongEvent = await post({ ...external(p0, 'social.media'), attendee: { id: stranger } });
    expect(wrongEvent.statusCode).toBe(400);
    expect(wrongEvent.json()).toMatchObject({ target: 'attendee.id' });

    const ok = await post(external(p1, 'social.media', { network: 'mastodon', handle: '@p1' }));
    expect(ok.statusCode, ok.body).toBe(201);
    const created = ok.json() as Activity;
    expect(created).toMatchObject({
      attendee: { id: p1.attendee }, event: { id: s.event }, type: 'event.external', name: 'social.media', time: '2027-02-20T09:00:00.000Z',
      data: { id: s.event, externalActivityDate: '2027-02-20T09:00:00.000Z', additionalFields: { network: 'mastodon', handle: '@p1' } },
    });
    const listed = await activitiesOf(api, `type eq 'event.external' and externalActivityDate eq '2027-02-20T09:00:00Z'`);
    expect(listed.map((a) => a.id)).toEqual([created.id]);
  });

  it('updates and deletes metadata; a deleted name takes no new activities, and those recorded stay', async () => {
    const [p1] = s.people.slice(1) as [Person];
    const put = await api('PUT', `/ea/attendees/activities/external/metadata/${meta.id}`, { ...meta, description: 'Posts', fields: [{ name: 'network' }] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ id: meta.id, description: 'Posts', fields: [{ name: 'network' }] });
    expect((await post(external(p1, 'social.media', { handle: '@p1' }))).statusCode).toBe(400);
    const missing = '0190a1b2-0000-7000-8000-00000000dead';
    expect((await api('PUT', `/ea/attendees/activities/external/metadata/${missing}`, { type: 'event.external', name: 'x' })).statusCode).toBe(404);
    expect((await api('DELETE', `/ea/attendees/activities/external/metadata/${meta.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/attendees/activities/external/metadata/${meta.id}`)).statusCode).toBe(404);
    expect((await post(external(p1, 'social.media'))).statusCode).toBe(400);
    expect(await activitiesOf(api, `name eq 'social.media'`)).toHaveLength(1);
  });
});

describe('tenancy and scopes', () => {
  it('shows another account none of these activities or metadata, and refuses its writes on them', async () => {
    const mine = await activitiesOf(api, `event.id eq '${s.event}'`);
    expect(mine.length).toBeGreaterThan(5);
    const theirs = await all<Activity>(otherApi, '/ea/attendees/activities');
    expect(theirs).toEqual([]);
    expect(await all<Activity>(otherApi, '/ea/attendees/activities', { filter: `attendee.id eq '${s.people[0]?.attendee ?? ''}'` })).toEqual([]);
    expect(await all<Metadata>(otherApi, '/ea/attendees/activities/external/metadata')).toEqual([]);
    const [metaOfA] = await all<Metadata>(api, '/ea/attendees/activities/external/metadata');
    expect((await otherApi('PUT', `/ea/attendees/activities/external/metadata/${metaOfA?.id ?? ''}`, { type: 'session.external', name: 'x' })).statusCode).toBe(404);
    expect((await otherApi('DELETE', `/ea/attendees/activities/external/metadata/${metaOfA?.id ?? ''}`)).statusCode).toBe(404);
    await otherApi('POST', '/ea/attendees/activities/external/metadata', { type: 'session.external', name: 'social.media' });
    const cross = await otherApi('POST', '/ea/attendees/activities', {
      attendee: { id: s.people[0]?.attendee }, event: { id: s.event }, type: 'session.external', name: 'social.media',
      data: { id: s.session, externalActivityDate: '2027-02-20T09:00:00Z' },
    });
    expect(cross.statusCode).toBe(400);
    expect(await activitiesOf(api, `event.id eq '${s.event}'`)).toEqual(mine);
  });

  it('needs each operation\'s scope (403 without it)', async () => {
    const only = async (scope: string) => apiClient(t.app, await tokenFor(t.app, tenant, scope));
    const reader = await only('event/attendee-activities:read');
    expect((await reader('GET', '/ea/attendees/activities')).statusCode).toBe(200);
    expect((await reader('POST', '/ea/attendees/activities', {})).statusCode).toBe(403);
    expect((await reader('GET', '/ea/attendees/activities/external/metadata')).statusCode).toBe(403);
    const metaWriter = await only('event/attendee-activities-metadata:write');
    expect((await metaWriter('GET', '/ea/attendees/activities')).statusCode).toBe(403);
    expect((await metaWriter('DELETE', '/ea/attendees/activities/external/metadata/0190a1b2-0000-7000-8000-00000000dead')).statusCode).toBe(403);
    const res = await metaWriter('POST', '/ea/attendees/activities/external/metadata', { type: 'exhibitor.external', name: 'booth.chat' });
    expect(res.statusCode).toBe(201);
    const deleter = await only('event/attendee-activities-metadata:delete');
    expect((await deleter('DELETE', `/ea/attendees/activities/external/metadata/${(res.json() as Metadata).id}`)).statusCode).toBe(204);
    const denied = await reader('POST', '/ea/attendees/activities/external/metadata', { type: 'exhibitor.external', name: 'x' });
    expect(denied.statusCode).toBe(403);
    expect(String(denied.headers['www-authenticate'])).toContain('insufficient_scope');
  });
});

describe('paging over 10,000 activities while more are recorded', () => {
  it('returns every activity once, in order, however many arrive between pages', async () => {
    const event = await fixtureEvent(t.services, tenant.accountId);
    const people = await fixtureAttendees(t.db.handle.db, tenant.accountId, event, 5);
    const record = (i: number, trx?: Parameters<typeof t.services.activities.record>[1]) => t.services.activities.record({
      accountId: tenant.accountId, eventId: event, attendeeId: people[i % people.length] as string, type: 'event.external', name: 'bulk',
      time: new Date(Date.UTC(2027, 1, 1) + i * 1000).toISOString(), data: externalData(event, now.toISOString(), { n: String(i) }),
    }, trx);
    const db = t.db.handle.db;
    for (let i = 0; i < 10_000; i += 1000) {
      await db.transaction().execute(async (trx) => {
        for (let j = i; j < i + 1000; j++) {
          if (j % 250 === 0) advance(1); // several `created` values, each shared by many rows: the id breaks the ties
          await record(j, trx);
        }
      });
    }
    const existing = new Set((await db.selectFrom('attendee_activities').select('id').where('event_id', '=', event).execute()).map((r) => r.id));
    expect(existing.size).toBe(10_000);

    const seen: Activity[] = [];
    let extra = 10_000;
    let query = `limit=200&${filter(`event.id eq '${event}'`)}`;
    let pages = 0;
    let lastPage: Page<Activity> | undefined;
    for (;;) {
      // Between pages, new activities arrive (concurrently with the next read).
      const [res] = await Promise.all([api('GET', `/ea/attendees/activities?${query}`), ...Array.from({ length: 7 }, () => record(extra++))]);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as Page<Activity>;
      seen.push(...page.data);
      pages += 1;
      lastPage = page;
      if (!page.paging.nextToken) break;
      query = `token=${page.paging.nextToken}`;
    }
    const ids = seen.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of existing) expect(ids).toContain(id);
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [seen[i - 1] as Activity, seen[i] as Activity];
      expect(a.created < b.created || (a.created === b.created && a.id < b.id)).toBe(true);
    }
    expect(pages).toBeGreaterThanOrEqual(50);
    // Back one page from the last: the page before it, unchanged.
    const back = await api('GET', `/ea/attendees/activities?token=${lastPage?.paging.previousToken ?? ''}`);
    const prev = (back.json() as Page<Activity>).data.map((a) => a.id);
    const lastIds = (lastPage?.data ?? []).map((a) => a.id);
    const at = ids.indexOf(lastIds[0] as string);
    expect(prev).toEqual(ids.slice(at - 200, at));
  }, 240_000);
});

describe('retention: activities are purged after 2 years', () => {
  it('hides activities past retention at once, and the recurring purge job deletes them', async () => {
    const db = t.db.handle.db;
    const scheduled = await db.selectFrom('jobs').select(['status']).where('type', '=', ACTIVITIES_PURGE_JOB).execute();
    expect(scheduled.length).toBeGreaterThan(0);
    const before = await db.selectFrom('attendee_activities').select('id').where('account_id', '=', tenant.accountId).execute();
    expect(before.length).toBeGreaterThan(10_000);

    advance(2 * 366 * 24 * 3600_000);
    const fresh = apiClient(t.app, await tokenFor(t.app, tenant));
    await act.click(s.people[0] as Person);
    const visible = await fresh('GET', '/ea/attendees/activities');
    expect((visible.json() as Page<Activity>).data.map((a) => a.name)).toEqual([BUILT_IN_ACTIVITIES.joinLinkClicked]);

    const handler = t.services.jobHandlers[ACTIVITIES_PURGE_JOB];
    expect(handler).toBeDefined();
    await t.services.jobs.enqueueSlot({ type: ACTIVITIES_PURGE_JOB, payload: {}, runAt: clock(), everyMs: 3600_000 });
    await waitFor(async () => (await db.selectFrom('attendee_activities').select('id').where('account_id', '=', tenant.accountId).execute()).length === 1, 30_000, 'the purge');
    const left = await db.selectFrom('attendee_activities').select('name').where('account_id', '=', tenant.accountId).execute();
    expect(left).toEqual([{ name: BUILT_IN_ACTIVITIES.joinLinkClicked }]);
    const queued = await db.selectFrom('jobs').select('run_at').where('type', '=', ACTIVITIES_PURGE_JOB).where('status', '=', 'queued').execute();
    expect(queued.some((j) => Date.parse(j.run_at) > now.getTime())).toBe(true);
  }, 60_000);
});
