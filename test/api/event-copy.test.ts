import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, waitFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureEvent, fixtureSession } from '../helpers/webcast-fixtures.js';

// Event copy (issue 29): POST /events/{id}/copy -> 202 + Location, GET /events/copy/{id}/status, and what the copy
// holds: the event, its sessions, its speakers and their session assignments, its registration types.
let t: TestApp;
let api: Api;
let accountId: string;
let source: string;
let regType: string;
const sessions: string[] = [];
type Page<T> = { data: T[]; paging: { totalCount?: number } };
const q = (filter: string) => `filter=${encodeURIComponent(filter)}`;

async function copied(body: unknown, from = source): Promise<string> {
  const res = await api('POST', `/ea/events/${from}/copy`, body);
  expect(res.statusCode, res.body).toBe(202);
  const { id, status } = res.json() as { id: string; status: string };
  expect(status).toBe('Processing');
  expect(res.headers.location).toBe(`/ea/events/copy/${id}/status`);
  return waitFor(async () => {
    const s = (await api('GET', `/ea/events/copy/${id}/status`)).json() as { status: string; event?: { id: string } };
    return s.status === 'Created' ? s.event?.id : undefined;
  }, 20_000, 'the copy');
}

beforeAll(async () => {
  t = await startTestApp();
  const tenant = await createTenant(t.services);
  accountId = tenant.accountId;
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  source = await fixtureEvent(t.services, accountId, 'Hybrid', 'Summit');
  regType = (await ok<{ id: string }>(api('POST', `/ea/events/${source}/registration-types`, { name: 'Member', code: 'MEM' }), 201)).id;
  expect((await api('POST', `/ea/events/${source}/registration-paths`, { name: 'General' })).statusCode).toBe(201);
  const list = await ok<{ id: string }>(api('POST', `/ea/events/${source}/invitation-lists`, { name: 'Customers', default: true }), 201);
  expect((await api('POST', `/ea/events/${source}/emails`, { name: 'Invite', subject: 'Come', invitationList: { id: list.id } })).statusCode).toBe(201);
  for (const title of ['Opening', 'Workshop', 'Closing']) {
    sessions.push(await fixtureSession(t.db.handle.db, accountId, source, { title, registration_types: JSON.stringify([regType]), virtual_marked: title === 'Workshop' ? 1 : 0 }));
  }
  for (const [first, session] of [['Ada', sessions[0]], ['Grace', sessions[1]]] as const) {
    const sp = await ok<{ id: string }>(api('POST', '/ea/speakers', { event: { id: source }, firstName: first, lastName: 'Speaker' }), 201);
    expect((await api('PUT', `/ea/sessions/${session}/speakers/${sp.id}`, { order: 1 })).statusCode).toBe(204);
  }
});
afterAll(async () => t?.close());

describe('event copy', () => {
  it('copies the event with its sessions, speakers and their assignments, and registration types into a new event, once', async () => {
    const copy = await copied({});
    expect(copy).not.toBe(source);
    const event = await ok<{ title: string; format: string; code: string }>(api('GET', `/ea/events/${copy}`));
    expect(event).toMatchObject({ title: 'Copy of Summit', format: 'Hybrid' });

    const types = await ok<Page<{ id: string; name: string }>>(api('GET', `/ea/events/${copy}/registration-types`));
    expect(types.data.map((r) => r.name)).toEqual(['Member']);
    const newType = types.data[0]?.id;
    expect(newType).not.toBe(regType);

    const copiedSessions = await ok<Page<{ id: string; title: string; registrationTypes?: Array<{ id: string }>; virtual: boolean }>>(
      api('GET', `/ea/sessions?${q(`event.id eq '${copy}'`)}`));
    expect(copiedSessions.data.map((s) => s.title)).toEqual(['Opening', 'Workshop', 'Closing']);
    expect(copiedSessions.data.every((s) => !sessions.includes(s.id))).toBe(true);
    expect(JSON.stringify(copiedSessions.data[0])).toContain(newType);
    expect(JSON.stringify(copiedSessions.data[0])).not.toContain(regType);
    expect(copiedSessions.data.map((s) => s.virtual)).toEqual([false, true, false]);

    const speakers = await ok<Page<{ id: string; firstName: string }>>(api('GET', `/ea/speakers?${q(`event.id eq '${copy}'`)}`));
    expect(speakers.data.map((s) => s.firstName).sort()).toEqual(['Ada', 'Grace']);
    const ada = speakers.data.find((s) => s.firstName === 'Ada');
    const adaSessions = await ok<Page<{ id: string }>>(api('GET', `/ea/speakers/${ada?.id ?? ''}/sessions`));
    expect(adaSessions.data.map((s) => s.id)).toEqual([copiedSessions.data[0]?.id]);

    // The event's setup (registration part): paths, lists and emails, the email pointing at the copied list.
    expect((await ok<Page<unknown>>(api('GET', `/ea/events/${copy}/registration-paths`))).data).toHaveLength(1);
    const lists = await ok<Page<{ id: string; default: boolean }>>(api('GET', `/ea/events/${copy}/invitation-lists`));
    expect(lists.data).toMatchObject([{ default: true }]);
    const emails = await ok<Page<{ invitationList?: { id: string } }>>(api('GET', `/ea/events/${copy}/emails`));
    expect(emails.data.map((e) => e.invitationList?.id)).toEqual([lists.data[0]?.id]);

    // The source is untouched.
    expect((await ok<Page<unknown>>(api('GET', `/ea/sessions?${q(`event.id eq '${source}'`)}`))).data).toHaveLength(3);
    const row = await t.db.handle.db.selectFrom('event_copies').select(['attempts', 'status']).where('event_id', '=', copy).executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: 1, status: 'Created' });
  });

  it('copies into an existing event, leaving out the parts switched off', async () => {
    const target = await fixtureEvent(t.services, accountId, 'In-person', 'Target');
    expect(await copied({ event: { id: target }, agenda: { featureData: false }, registration: { featureData: false } })).toBe(target);
    expect((await ok<Page<unknown>>(api('GET', `/ea/sessions?${q(`event.id eq '${target}'`)}`))).data).toHaveLength(0);
    expect((await ok<Page<unknown>>(api('GET', `/ea/events/${target}/registration-types`))).data).toHaveLength(0);
    const speakers = await ok<Page<{ id: string }>>(api('GET', `/ea/speakers?${q(`event.id eq '${target}'`)}`));
    expect(speakers.data).toHaveLength(2);
    // No session was copied, so no assignment either.
    for (const s of speakers.data) expect((await ok<Page<unknown>>(api('GET', `/ea/speakers/${s.id}/sessions`))).data).toEqual([]);
    expect((await ok<{ title: string }>(api('GET', `/ea/events/${target}`))).title).toBe('Target');
    // Sessions copied into an In-person event are not virtual.
    await copied({ event: { id: target }, speakers: { featureData: false } });
    const inPerson = await ok<Page<{ virtual: boolean }>>(api('GET', `/ea/sessions?${q(`event.id eq '${target}'`)}`));
    expect(inPerson.data.map((s) => s.virtual)).toEqual([false, false, false]);
  });

  it('answers 404 for an unknown event or copy, 400 for a bad target or body, and changes nothing', async () => {
    const before = await t.db.handle.db.selectFrom('event_copies').select('id').execute();
    const MISSING = '0190a1b2-0000-7000-8000-000000000000';
    expect((await api('POST', `/ea/events/${MISSING}/copy`, {})).statusCode).toBe(404);
    expect((await api('POST', `/ea/events/${source}/copy`, { event: { id: MISSING } })).statusCode).toBe(400);
    expect((await api('POST', `/ea/events/${source}/copy`, { event: { id: source } })).statusCode).toBe(400);
    expect((await api('POST', `/ea/events/${source}/copy`, { agenda: { featureData: 'no' } })).statusCode).toBe(400);
    expect((await api('GET', `/ea/events/copy/${MISSING}/status`)).statusCode).toBe(404);
    expect(await t.db.handle.db.selectFrom('event_copies').select('id').execute()).toHaveLength(before.length);
  });
});
