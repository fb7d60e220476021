import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, sampleEvent, startTestApp, tokenFor, waitFor, type Api, type TestApp } from '../helpers/app.js';

let t: TestApp;
let apiA: Api;
let apiB: Api;
let eventA: string;
let creationA: string;

beforeAll(async () => {
  t = await startTestApp();
  const a = await createTenant(t.services, { name: 'Tenant A' });
  const b = await createTenant(t.services, { name: 'Tenant B' });
  apiA = apiClient(t.app, await tokenFor(t.app, a));
  apiB = apiClient(t.app, await tokenFor(t.app, b));
  const res = await apiA('POST', '/ea/events/async', sampleEvent({ title: 'Secret Board Meeting' }));
  creationA = (res.json() as { id: string }).id;
  eventA = await waitFor(async () => {
    const s = (await apiA('GET', `/ea/events/async/${creationA}/status`)).json() as { event?: { id: string } };
    return s.event?.id;
  });
  const creationB = ((await apiB('POST', '/ea/events/async', sampleEvent({ title: 'B Own Event' }))).json() as { id: string }).id;
  await waitFor(async () => ((await apiB('GET', `/ea/events/async/${creationB}/status`)).json() as { status: string }).status === 'Created');
});
afterAll(async () => t?.close());

describe('tenancy: one account never sees another account\'s data', () => {
  it('answers 404 (not 403) for every one of account A\'s ids when called by account B', async () => {
    for (const [method, url, body] of [
      ['GET', `/ea/events/${eventA}`, undefined],
      ['PUT', `/ea/events/${eventA}`, sampleEvent({ title: 'Hijacked' })],
      ['GET', `/ea/events/async/${creationA}/status`, undefined],
    ] as const) {
      const res = await apiB(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect((res.json() as { code: number }).code).toBe(404);
    }
    expect(((await apiA('GET', `/ea/events/${eventA}`)).json() as { title: string }).title).toBe('Secret Board Meeting');
  });

  it('shows none of account A\'s rows in account B\'s lists and filters', async () => {
    const list = (await apiB('GET', '/ea/events?limit=200')).json() as { data: Array<{ id: string; title: string }>; paging: { totalCount: number } };
    expect(list.data.map((e) => e.id)).not.toContain(eventA);
    expect(list.data.some((e) => e.title === 'Secret Board Meeting')).toBe(false);
    for (const filter of [`id eq '${eventA}'`, "title eq 'Secret Board Meeting'", "title contains 'Secret'", "id ne '00000000-0000-4000-8000-000000000000'"]) {
      const viaGet = (await apiB('GET', `/ea/events?filter=${encodeURIComponent(filter)}`)).json() as { data: Array<{ id: string }> };
      const viaPost = (await apiB('POST', '/ea/events/filter', { filter })).json() as { data: Array<{ id: string }> };
      expect(viaGet.data.map((e) => e.id)).not.toContain(eventA);
      expect(viaPost.data.map((e) => e.id)).not.toContain(eventA);
    }
    const own = (await apiB('GET', `/ea/events?filter=${encodeURIComponent("title eq 'B Own Event'")}`)).json() as { paging: { totalCount: number } };
    expect(own.paging.totalCount).toBe(1);
  });

  it('answers 404 for account A\'s speakers, their documents and sessions, and lists none of them to account B', async () => {
    const speaker = await apiA('POST', '/ea/speakers', { event: { id: eventA }, firstName: 'Secret', lastName: 'Speaker' });
    expect(speaker.statusCode, speaker.body).toBe(201);
    const id = (speaker.json() as { id: string }).id;
    for (const [method, url, body] of [
      ['PUT', `/ea/speakers/${id}`, { event: { id: eventA }, firstName: 'Hijacked', lastName: 'X' }],
      ['DELETE', `/ea/speakers/${id}`, undefined],
      ['GET', `/ea/speakers/${id}/docs`, undefined],
      ['GET', `/ea/speakers/${id}/sessions`, undefined],
      ['DELETE', `/ea/speakers/${id}/profile-images`, undefined],
    ] as const) {
      const res = await apiB(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const viaPost = (await apiB('POST', '/ea/speakers/filter', { filter: `id eq '${id}'` })).json() as { data: unknown[] };
    expect(viaPost.data).toEqual([]);
    expect(((await apiB('POST', '/ea/speakers', { event: { id: eventA }, firstName: 'A', lastName: 'B' })).statusCode)).toBe(400);
  });

  it('answers 404 for account A\'s event copy, check-in, user groups, planning documents, registration paths, invitation lists and emails', async () => {
    const group = (await apiA('POST', '/ea/account-user-groups', { name: 'A crew' })).json() as { id: string };
    expect((await apiA('PUT', `/ea/events/${eventA}/user-groups/${group.id}`)).statusCode).toBe(204);
    const groupB = (await apiB('POST', '/ea/account-user-groups', { name: 'B crew' })).json() as { id: string };
    const MISSING = '0190a1b2-0000-7000-8000-000000000000';
    const copyA = ((await apiA('POST', `/ea/events/${eventA}/copy`, {})).json() as { id: string }).id;
    // B cannot copy into A's event either (an unknown target of B's account).
    const eventB = ((await apiB('GET', '/ea/events')).json() as { data: Array<{ id: string }> }).data[0]?.id ?? MISSING;
    expect((await apiB('POST', `/ea/events/${eventB}/copy`, { event: { id: eventA } })).statusCode).toBe(400);
    for (const [method, url, body] of [
      ['POST', `/ea/events/${eventA}/check-in`, [{ id: MISSING, checkIn: '2027-01-01T00:00:00Z' }]],
      ['DELETE', `/ea/events/${eventA}/check-in/${MISSING}`, undefined],
      ['GET', `/ea/events/${eventA}/user-groups`, undefined],
      ['PUT', `/ea/events/${eventA}/user-groups/${groupB.id}`, undefined],
      ['DELETE', `/ea/events/${eventA}/user-groups/${group.id}`, undefined],
      ['GET', `/ea/events/${eventA}/planning-documents`, undefined],
      ['POST', `/ea/events/${eventA}/planning-documents`, { file: { id: MISSING } }],
      ['GET', `/ea/events/${eventA}/registration-paths`, undefined],
      ['POST', `/ea/events/${eventA}/registration-paths`, { name: 'Hijack' }],
      ['GET', `/ea/events/${eventA}/invitation-lists`, undefined],
      ['POST', `/ea/events/${eventA}/invitation-lists`, { name: 'Hijack' }],
      ['GET', `/ea/events/${eventA}/emails`, undefined],
      ['POST', `/ea/events/${eventA}/emails`, { name: 'Hijack', subject: 'x' }],
      ['POST', `/ea/events/${eventA}/copy`, {}],
      ['GET', `/ea/events/copy/${copyA}/status`, undefined],
    ] as const) {
      const res = await apiB(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await apiA('GET', `/ea/events/${eventA}/user-groups`)).json()).toMatchObject({ data: [{ id: group.id }] });
  });

  it('does not let account B walk account A\'s list with A\'s paging token', async () => {
    const pageA = (await apiA('GET', '/ea/events?limit=1')).json() as { paging: { currentToken: string } };
    const res = await apiB('GET', `/ea/events?token=${pageA.paging.currentToken}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: Array<{ id: string }> }).data.map((e) => e.id)).not.toContain(eventA);
  });
});
