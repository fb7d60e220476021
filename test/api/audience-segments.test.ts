import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seed.js';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureAttendee, fixtureEvent } from '../helpers/webcast-fixtures.js';

interface Segment { id: string; event: { id: string }; eventId: string; name: string; description?: string; creationType: string; deleted: boolean }
interface Member { id: string; segment: { id: string }; disassociated: boolean }
interface Page<T> { data: T[]; paging: { nextToken?: string; totalCount?: number } }

let t: TestApp;
let api: Api;
let otherApi: Api;
let accountId: string;
let event: string;
let otherEvent: string;
const dataDir = mkdtempSync(join(tmpdir(), 'eventline-segments-'));

const create = (body: Record<string, unknown>) => ok<Segment>(api('POST', '/ea/audience-segments', { event: { id: event }, ...body }), 201);
const list = (filter: string, query = '') => ok<Page<Segment>>(api('GET', `/ea/audience-segments?filter=${encodeURIComponent(filter)}${query}`));
const members = (segment: string, query = '') => ok<Page<Member>>(api('GET', `/ea/audience-segments/${segment}/attendees${query}`));

beforeAll(async () => {
  t = await startTestApp({ env: { DATA_DIR: dataDir }, build: { worker: false } });
  const tenant = await createTenant(t.services);
  accountId = tenant.accountId;
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
  event = await fixtureEvent(t.services, accountId);
  otherEvent = await fixtureEvent(t.services, accountId, 'Virtual', 'Other');
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('audience segments', () => {
  it('creates, reads, replaces and lists segments with the reference\'s filters and sorts', async () => {
    const vip = await create({ name: 'VIP', description: 'Front rows' });
    expect(vip).toMatchObject({ event: { id: event }, eventId: event, name: 'VIP', description: 'Front rows', creationType: 'MANUAL', deleted: false });
    const press = await ok<Segment>(api('POST', '/ea/audience-segments', { eventId: otherEvent, name: 'Press' }), 201);
    expect(press.event.id).toBe(otherEvent);
    expect((await api('POST', '/ea/audience-segments', { event: { id: event }, name: 'vip' })).statusCode).toBe(422);
    expect((await api('POST', '/ea/audience-segments', { name: 'No event' })).statusCode).toBe(400);
    expect(await ok<Segment>(api('GET', `/ea/audience-segments/${vip.id}`))).toEqual(vip);
    const renamed = await ok<Segment>(api('PUT', `/ea/audience-segments/${vip.id}`, { event: { id: event }, name: 'VIPs' }));
    expect(renamed).toMatchObject({ name: 'VIPs' });
    expect(renamed.description).toBeUndefined();
    expect((await api('PUT', `/ea/audience-segments/${vip.id}`, { event: { id: otherEvent }, name: 'VIPs' })).statusCode).toBe(400);

    expect((await list(`event.id eq '${event}'`)).data.map((s) => s.name)).toEqual(['VIPs']);
    expect((await list(`event.id in ('${event}', '${otherEvent}') and creationType eq 'MANUAL'`, '&sort=name:DESC')).data.map((s) => s.name)).toEqual(['VIPs', 'Press']);
    const posted = await ok<Page<Segment>>(api('POST', '/ea/audience-segments/filter?sort=name:ASC', { filter: `id in ('${vip.id}', '${press.id}')` }));
    expect(posted.data.map((s) => s.name)).toEqual(['Press', 'VIPs']);
    for (const bad of [`event.id eq '${event}' or id eq '${vip.id}'`, "name eq 'VIPs'", `event.id ne '${event}'`]) {
      const res = await api('GET', `/ea/audience-segments?filter=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ target: 'filter' });
    }
  });

  it('keeps membership both ways: associate, list, disassociate one or all, with 404 and 422', async () => {
    const a = await create({ name: 'Speakers dinner' });
    const b = await create({ name: 'Workshop A' });
    const ada = await fixtureAttendee(t.db.handle.db, accountId, event);
    const bob = await fixtureAttendee(t.db.handle.db, accountId, event);
    const stranger = await fixtureAttendee(t.db.handle.db, accountId, otherEvent);
    for (const [segment, attendee] of [[a.id, ada], [a.id, bob], [b.id, ada], [a.id, ada]] as const) {
      expect((await api('PUT', `/ea/audience-segments/${segment}/attendees/${attendee}`)).statusCode).toBe(204);
    }
    expect((await api('PUT', `/ea/audience-segments/${a.id}/attendees/${stranger}`)).statusCode).toBe(422);
    expect((await api('PUT', `/ea/audience-segments/${a.id}/attendees/0190a1b2-0000-7000-8000-000000000000`)).statusCode).toBe(404);
    expect((await members(a.id)).data.map((m) => m.id)).toEqual([ada, bob]);
    const first = await members(a.id, '?limit=1');
    expect(first.data.map((m) => m.id)).toEqual([ada]);
    expect((await members(a.id, `?token=${encodeURIComponent(first.paging.nextToken!)}`)).data.map((m) => m.id)).toEqual([bob]);

    expect((await api('DELETE', `/ea/audience-segments/${a.id}/attendees/${bob}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/audience-segments/${a.id}/attendees/${bob}`)).statusCode).toBe(404);
    expect((await members(a.id)).data.map((m) => m.id)).toEqual([ada]);
    const all = await members(a.id, '?includeDisassociated=true');
    expect(all.data.map((m) => [m.id, m.disassociated])).toEqual([[ada, false], [bob, true]]);
    const gone = await members(a.id, `?includeDisassociated=true&filter=${encodeURIComponent("disassociated eq 'true'")}`);
    expect(gone.data.map((m) => m.id)).toEqual([bob]);
    expect((await api('GET', `/ea/audience-segments/${a.id}/attendees?filter=${encodeURIComponent("disassociated eq 'true'")}`)).statusCode).toBe(400);

    expect((await api('DELETE', `/ea/attendees/${ada}/audience-segments`)).statusCode).toBe(204);
    expect((await members(a.id)).data).toEqual([]);
    expect((await members(b.id)).data).toEqual([]);
    expect((await api('DELETE', '/ea/attendees/0190a1b2-0000-7000-8000-000000000000/audience-segments')).statusCode).toBe(404);
    // Associating again brings the attendee back.
    expect((await api('PUT', `/ea/audience-segments/${b.id}/attendees/${ada}`)).statusCode).toBe(204);
    expect((await members(b.id)).data.map((m) => [m.id, m.disassociated])).toEqual([[ada, false]]);
  });

  it('deletes a segment: its members go, it is listed only with a deleted filter, and it cannot change any more', async () => {
    const s = await create({ name: 'Temporary' });
    const ada = await fixtureAttendee(t.db.handle.db, accountId, event);
    await api('PUT', `/ea/audience-segments/${s.id}/attendees/${ada}`);
    expect((await api('DELETE', `/ea/audience-segments/${s.id}`)).statusCode).toBe(204);
    expect(await ok<Segment>(api('GET', `/ea/audience-segments/${s.id}`))).toMatchObject({ deleted: true });
    expect((await members(s.id, '?includeDisassociated=true')).data).toEqual([]);
    expect((await list(`event.id eq '${event}'`)).data.map((x) => x.id)).not.toContain(s.id);
    expect((await list(`event.id eq '${event}' and deleted eq 'true'`)).data.map((x) => x.id)).toEqual([s.id]);
    expect((await api('DELETE', `/ea/audience-segments/${s.id}`)).statusCode).toBe(404);
    expect((await api('PUT', `/ea/audience-segments/${s.id}/attendees/${ada}`)).statusCode).toBe(404);
    // Its name is free again.
    await create({ name: 'Temporary' });
  });

  it('keeps segments to their account (404) and lists none of another account\'s', async () => {
    const s = await create({ name: 'Private' });
    const ada = await fixtureAttendee(t.db.handle.db, accountId, event);
    expect((await otherApi('GET', `/ea/audience-segments/${s.id}`)).statusCode).toBe(404);
    expect((await otherApi('PUT', `/ea/audience-segments/${s.id}/attendees/${ada}`)).statusCode).toBe(404);
    expect((await otherApi('DELETE', `/ea/attendees/${ada}/audience-segments`)).statusCode).toBe(404);
    expect((await ok<Page<Segment>>(otherApi('GET', '/ea/audience-segments'))).data).toEqual([]);
  });

  it('seeds the demo account with custom fields and answers on contacts and sessions, an event question and two segments with members', async () => {
    const { credentials } = await seedDemo(t.services, t.config);
    if (!credentials) throw new Error('the demo was not seeded');
    const demo = apiClient(t.app, await tokenFor(t.app, credentials));
    const segments = await ok<Page<Segment>>(demo('GET', '/ea/audience-segments?sort=name:ASC'));
    expect(segments.data.map((s) => s.name)).toEqual(['First-time attendees', 'VIP guests']);
    const vipMembers = await ok<Page<Member>>(demo('GET', `/ea/audience-segments/${segments.data[1]!.id}/attendees`));
    expect(vipMembers.data).toHaveLength(4);
    const sessionFields = await ok<Page<{ code: string }>>(demo('GET', `/ea/custom-fields?filter=${encodeURIComponent("category eq 'Session'")}`));
    expect(sessionFields.data.map((f) => f.code)).toEqual(['TRACK', 'EXPECTED-ATTENDANCE']);
    const contact = vipMembers.data[0]!;
    const attendee = await ok<{ contact: { id: string } }>(demo('GET', `/ea/attendees/${contact.id}`));
    const withAnswers = await ok<{ customFields?: Array<{ name: string; value: string[] }> }>(demo('GET', `/ea/contacts/${attendee.contact.id}`));
    expect(withAnswers.customFields?.map((a) => a.name)).toEqual(['Dietary preference', 'Company size']);
    const questions = await ok<Page<{ id: string; code: string }>>(demo('GET', '/ea/event-questions'));
    expect(questions.data.map((q) => q.code)).toEqual(['TSHIRT']);
    expect((await ok<Page<unknown>>(demo('GET', `/ea/event-questions/${questions.data[0]!.id}/choices`))).data).toHaveLength(5);
  });
});
