import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureAttendee, fixtureEvent, fixtureSession } from '../helpers/webcast-fixtures.js';

// The rest of the Attendees tag (issue 30): attendance durations derived from session check-ins, and an attendee's
// email subscription status; with their tenancy 404s.

interface Duration { id: string; event: { id: string }; session: { id: string }; attendee: { id: string }; firstSeen: string; lastSeen: string; duration: number; type: string; deleted: boolean }
interface Page<T> { data: T[]; paging: { totalCount?: number; nextToken?: string } }

const MISSING = '0190a1b2-0000-7000-8000-000000000000';
let t: TestApp;
let api: Api;
let other: Api;
let accountId: string;
let event: string;
let sessions: string[];
let attendees: string[];

const q = (filter: string) => `filter=${encodeURIComponent(filter)}`;

beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
  const tenant = await createTenant(t.services);
  accountId = tenant.accountId;
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  other = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
  event = await fixtureEvent(t.services, accountId, 'Hybrid');
  const db = t.db.handle.db;
  sessions = [await fixtureSession(db, accountId, event), await fixtureSession(db, accountId, event)];
  attendees = [await fixtureAttendee(db, accountId, event), await fixtureAttendee(db, accountId, event), await fixtureAttendee(db, accountId, event)];
  const checkIn = async (s: string, items: unknown[]) => expect((await api('POST', `/ea/sessions/${s}/check-in`, items)).statusCode).toBe(207);
  await checkIn(sessions[0] ?? '', [
    { id: attendees[0], checkIn: '2027-03-01T10:00:00.000Z', checkOut: '2027-03-01T10:45:00.000Z', duration: 2_400_000 },
    { id: attendees[1], checkIn: '2027-03-01T10:10:00.000Z', checkOut: '2027-03-01T10:40:00.000Z' },
  ]);
  await checkIn(sessions[1] ?? '', [{ id: attendees[0], checkIn: '2027-03-01T11:00:00.000Z' }]);
});
afterAll(async () => t?.close());

describe('attendance durations', () => {
  it('derives one duration per check-in: the recorded one, else check-out minus check-in, else 0', async () => {
    const page = await ok<Page<Duration>>(api('GET', '/ea/attendance-durations'));
    expect(page.paging.totalCount).toBe(3);
    const of = (s: string | undefined, a: string | undefined) => page.data.find((d) => d.session.id === s && d.attendee.id === a);
    expect(of(sessions[0], attendees[0])).toMatchObject({ event: { id: event }, firstSeen: '2027-03-01T10:00:00.000Z', lastSeen: '2027-03-01T10:45:00.000Z', duration: 2_400_000, type: 'API', deleted: false });
    expect(of(sessions[0], attendees[1])?.duration).toBe(30 * 60_000);
    expect(of(sessions[1], attendees[0])).toMatchObject({ firstSeen: '2027-03-01T11:00:00.000Z', lastSeen: '2027-03-01T11:00:00.000Z', duration: 0 });
    expect(of(sessions[0], attendees[2])).toBeUndefined();
  });

  it('filters on the reference\'s fields, sorts and pages', async () => {
    const ids = async (query: string) => (await ok<Page<Duration>>(api('GET', `/ea/attendance-durations?${query}`))).data.map((d) => `${d.session.id}/${d.attendee.id}`);
    expect(await ids(q(`session.id eq '${sessions[1]}'`))).toEqual([`${sessions[1]}/${attendees[0]}`]);
    expect((await ids(q(`attendee.id in ('${attendees[0]}', '${attendees[1]}') and duration ge 1800000`))).sort()).toEqual([`${sessions[0]}/${attendees[0]}`, `${sessions[0]}/${attendees[1]}`].sort());
    expect(await ids(q("firstSeen gt '2027-03-01T10:05:00Z' and firstSeen lt '2027-03-01T10:30:00Z'"))).toEqual([`${sessions[0]}/${attendees[1]}`]);
    expect(await ids('sort=firstSeen:DESC')).toEqual([`${sessions[1]}/${attendees[0]}`, `${sessions[0]}/${attendees[1]}`, `${sessions[0]}/${attendees[0]}`]);
    expect((await api('GET', `/ea/attendance-durations?${q("type eq 'API'")}`)).json()).toMatchObject({ code: 400, target: 'filter' });
    expect((await api('GET', `/ea/attendance-durations?${q(`event.id lt '${event}'`)}`)).statusCode).toBe(400);
    expect((await api('GET', '/ea/attendance-durations?sort=duration:ASC')).statusCode).toBe(400);
    const first = await ok<Page<Duration>>(api('GET', '/ea/attendance-durations?limit=2'));
    const rest = await ok<Page<Duration>>(api('GET', `/ea/attendance-durations?token=${encodeURIComponent(first.paging.nextToken ?? '')}`));
    expect(new Set([...first.data, ...rest.data].map((d) => d.id)).size).toBe(3);
    expect((await ok<Page<Duration>>(other('GET', '/ea/attendance-durations'))).data).toEqual([]);
  });
});

describe('email subscriptions', () => {
  it('sets and clears the attendee\'s unsubscribed flag; 404 for an unknown or another account\'s attendee; 400 for a bad body', async () => {
    const a = attendees[2] ?? '';
    expect(await ok(api('PUT', `/ea/attendees/${a}/email-subscriptions`, { unsubscribed: true }))).toEqual({ attendee: { id: a }, unsubscribed: true });
    expect(await t.services.attendeeExtras.isUnsubscribed(accountId, a)).toBe(true);
    // The event's emails skip an unsubscribed attendee: Opted-Out in the send's answer, and no mail captured.
    const mails = async () => (await t.services.db.db.selectFrom('mail_outbox').select('id').where('account_id', '=', accountId).execute()).length;
    const before = await mails();
    const email = { event: { id: event }, email: { id: '0190a1b2-0000-7000-8000-0000000000e5', subject: 'News', text: 'Hello' }, resendToPreviousRecipients: true };
    const refused = await ok<{ attendeeResponses: Array<{ id: string; status: string }> }>(api('POST', '/ea/events/emails', { ...email, attendees: [a] }), 202);
    expect(refused.attendeeResponses).toEqual([expect.objectContaining({ id: a, status: 'Opted-Out' })]);
    expect(await mails()).toBe(before);
    expect(await ok(api('PUT', `/ea/attendees/${a}/email-subscriptions`, { unsubscribed: false }))).toEqual({ attendee: { id: a }, unsubscribed: false });
    const sent = await ok<{ attendeeResponses: Array<{ id: string; status: string }> }>(api('POST', '/ea/events/emails', { ...email, attendees: [a] }), 202);
    expect(sent.attendeeResponses).toEqual([expect.objectContaining({ id: a, status: 'Sent' })]);
    expect(await mails()).toBe(before + 1);
    expect(await t.services.attendeeExtras.isUnsubscribed(accountId, a)).toBe(false);
    expect((await api('PUT', `/ea/attendees/${a}/email-subscriptions`, {})).statusCode).toBe(400);
    expect((await api('PUT', `/ea/attendees/${a}/email-subscriptions`, { unsubscribed: 'yes' })).statusCode).toBe(400);
    expect((await api('PUT', `/ea/attendees/${MISSING}/email-subscriptions`, { unsubscribed: true })).statusCode).toBe(404);
    expect((await other('PUT', `/ea/attendees/${a}/email-subscriptions`, { unsubscribed: true })).statusCode).toBe(404);
    expect(await t.services.attendeeExtras.isUnsubscribed(accountId, a)).toBe(false);
  });
});

describe('internal information', () => {
  it('answers one of the attendee\'s event questions by id or code, checks choices, replaces and clears; 404 and 400 as due', async () => {
    const a = attendees[0] ?? '';
    const note = await ok<{ id: string }>(api('POST', '/ea/event-questions', { event: { id: event }, text: 'VIP handling?', code: 'VIP-NOTE', type: 'OpenEndedTextOneLine' }), 201);
    const tier = await ok<{ id: string }>(api('POST', '/ea/event-questions', { event: { id: event }, text: 'Tier', code: 'TIER', type: 'SingleChoice' }), 201);
    for (const text of ['Gold', 'Silver']) await ok(api('POST', `/ea/event-questions/${tier.id}/choices`, { text }), 201);
    const elsewhere = await ok<{ id: string }>(api('POST', '/ea/event-questions', { event: { id: await fixtureEvent(t.services, accountId, 'Virtual', 'Else') }, text: 'X', code: 'X', type: 'OpenEndedTextOneLine' }), 201);
    const put = (body: unknown, who = a) => api('PUT', `/ea/attendees/${who}/internal-information-questions`, body);

    expect(await ok(put({ question: { id: note.id }, value: ['Meet at the door'] }))).toEqual({ question: { id: note.id, code: 'VIP-NOTE' }, value: ['Meet at the door'] });
    expect(await ok(put({ question: { code: 'TIER' }, value: ['Gold'] }))).toEqual({ question: { id: tier.id, code: 'TIER' }, value: ['Gold'] });
    await ok(put({ question: { code: 'VIP-NOTE' }, value: ['Escort to row 1'] }));
    expect(await t.services.attendeeExtras.internalInfo(accountId, a)).toEqual([{ questionId: note.id, value: ['Escort to row 1'] }, { questionId: tier.id, value: ['Gold'] }]);

    expect((await put({ question: { code: 'TIER' }, value: ['Bronze'] })).json()).toMatchObject({ code: 400, target: 'value' });
    expect((await put({ question: { code: 'TIER' }, value: ['Gold', 'Silver'] })).json()).toMatchObject({ code: 400, target: 'value' });
    expect((await put({ question: { id: elsewhere.id }, value: ['x'] })).json()).toMatchObject({ code: 400, target: 'question' });
    expect((await put({ question: { code: 'NOPE' }, value: ['x'] })).json()).toMatchObject({ code: 400, target: 'question' });
    expect((await put({ question: {}, value: ['x'] })).json()).toMatchObject({ code: 400, target: 'question' });
    expect((await put({ question: { code: 'TIER' } })).statusCode).toBe(400);
    expect((await put({ question: { code: 'TIER' }, value: ['Gold'] }, MISSING)).statusCode).toBe(404);
    expect((await other('PUT', `/ea/attendees/${a}/internal-information-questions`, { question: { code: 'TIER' }, value: ['Gold'] })).statusCode).toBe(404);
    expect((await t.services.attendeeExtras.internalInfo(accountId, a)).find((x) => x.questionId === tier.id)?.value).toEqual(['Gold']);
    await ok(put({ question: { id: tier.id }, value: [] }));
    expect((await t.services.attendeeExtras.internalInfo(accountId, a)).find((x) => x.questionId === tier.id)?.value).toEqual([]);
  });
});
