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

  it('answers 404 for account A\'s custom fields, answers, event questions and audience segments, and lists none of them to account B', async () => {
    const ok = async (res: Promise<{ statusCode: number; body: string; json: () => unknown }>, status = 201) => {
      const r = await res;
      expect(r.statusCode, r.body).toBe(status);
      return (status === 204 ? {} : r.json()) as { id: string };
    };
    const field = await ok(apiA('POST', '/ea/custom-fields', { category: 'Event', name: 'Secret region', code: 'SECRET-REGION', type: 'Open Ended Text - One Line', required: false }));
    const contactField = await ok(apiA('POST', '/ea/custom-fields', { category: 'Contact', name: 'Secret', code: 'SECRET-C', type: 'Open Ended Text - One Line', required: false }));
    const contact = ((await ok(apiA('POST', '/ea/contacts', [{ firstName: 'Sec', lastName: 'Ret', email: 'secret.tenancy@example.test' }]), 207)) as unknown as Array<{ data: { id: string } }>)[0]!.data.id;
    await ok(apiA('PUT', `/ea/events/${eventA}/custom-fields/${field.id}/answers`, { value: ['EMEA'] }), 200);
    const attendee = ((await ok(apiA('POST', '/ea/attendees', [{ event: { id: eventA }, contact: { id: contact } }]), 207)) as unknown as Array<{ data: { id: string } }>)[0]!.data.id;
    const question = await ok(apiA('POST', '/ea/event-questions', { event: { id: eventA }, text: 'Secret?', type: 'SingleChoice' }));
    const choice = await ok(apiA('POST', `/ea/event-questions/${question.id}/choices`, { text: 'Yes' }));
    const segment = await ok(apiA('POST', '/ea/audience-segments', { event: { id: eventA }, name: 'Secret segment' }));
    await ok(apiA('PUT', `/ea/audience-segments/${segment.id}/attendees/${attendee}`), 204);
    const fieldBody = { category: 'Event', name: 'Hijacked', code: 'HIJACK', type: 'Open Ended Text - One Line' };
    for (const [method, url, body] of [
      ['GET', `/ea/custom-fields/${field.id}`, undefined],
      ['PUT', `/ea/custom-fields/${field.id}`, fieldBody],
      ['POST', `/ea/custom-fields/${field.id}/translations`, { language: 'fr-FR', translation: { nameTranslation: 'x' } }],
      ['PUT', `/ea/custom-fields/${field.id}/translations`, { language: 'fr-FR', translation: { nameTranslation: 'x' } }],
      ['PUT', `/ea/custom-fields/${field.id}/advanced-logic`, { sourceCustomFieldId: field.id }],
      ['PUT', `/ea/events/${eventA}/custom-fields/${field.id}/answers`, { value: ['x'] }],
      ['PUT', `/ea/contacts/${contact}/custom-fields/${contactField.id}/answers`, { value: ['x'] }],
      ['GET', `/ea/event-questions/${question.id}/choices`, undefined],
      ['PUT', `/ea/event-questions/${question.id}`, { event: { id: eventA }, text: 'x', type: 'SingleChoice' }],
      ['DELETE', `/ea/event-questions/${question.id}`, undefined],
      ['PUT', `/ea/event-questions/${question.id}/choices/${choice.id}`, { text: 'x' }],
      ['DELETE', `/ea/event-questions/${question.id}/choices/${choice.id}`, undefined],
      ['GET', `/ea/audience-segments/${segment.id}`, undefined],
      ['PUT', `/ea/audience-segments/${segment.id}`, { event: { id: eventA }, name: 'x' }],
      ['DELETE', `/ea/audience-segments/${segment.id}`, undefined],
      ['GET', `/ea/audience-segments/${segment.id}/attendees`, undefined],
      ['PUT', `/ea/audience-segments/${segment.id}/attendees/${attendee}`, undefined],
      ['DELETE', `/ea/audience-segments/${segment.id}/attendees/${attendee}`, undefined],
      ['DELETE', `/ea/attendees/${attendee}/audience-segments`, undefined],
    ] as const) {
      const res = await apiB(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const listed = async (url: string) => ((await apiB('GET', url)).json() as { data: unknown[] }).data;
    expect(await listed(`/ea/custom-fields?filter=${encodeURIComponent("category eq 'Event'")}`)).toEqual([]);
    expect(await listed('/ea/event-questions')).toEqual([]);
    expect(await listed('/ea/audience-segments')).toEqual([]);
    expect(((await apiB('POST', '/ea/audience-segments/filter', { filter: `id eq '${segment.id}'` })).json() as { data: unknown[] }).data).toEqual([]);
    expect((await apiB('POST', '/ea/audience-segments', { event: { id: eventA }, name: 'x' })).statusCode).toBe(400);
    expect((await apiB('POST', '/ea/event-questions', { event: { id: eventA }, text: 'x', type: 'SingleChoice' })).statusCode).toBe(400);
    // Account A's data is untouched.
    expect(((await apiA('GET', `/ea/audience-segments/${segment.id}/attendees`)).json() as { data: unknown[] }).data).toHaveLength(1);
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

  it('answers 404 for account A\'s program (locations, categories, segments, program items, documents, speakers) and lists none of it to account B', async () => {
    const created = async (method: 'POST' | 'PUT', url: string, body?: unknown): Promise<string> => {
      const res = await apiA(method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return (res.json() as { id: string }).id;
    };
    const location = await created('POST', `/ea/events/${eventA}/session-locations`, { code: 'SB', name: 'Secret Boardroom' });
    const category = await created('POST', '/ea/session-categories', { name: 'Secret Track' });
    const session = await created('POST', '/ea/sessions', {
      title: 'Secret Session', event: { id: eventA }, start: '2027-03-01T10:00:00Z', end: '2027-03-01T11:00:00Z', location: { id: location }, category: { id: category },
    });
    const audience = await created('POST', '/ea/audience-segments', { event: { id: eventA }, name: 'Secret Program Segment' });
    const segment = await created('POST', '/ea/session-segments', { session: { id: session }, segment: { id: audience } });
    const item = await created('POST', '/ea/program-items', { event: { id: eventA }, session: { id: session }, name: 'Secret Dinner' });
    const speaker = await created('POST', '/ea/speakers', { event: { id: eventA }, firstName: 'Secret', lastName: 'Host' });
    await created('PUT', `/ea/program-items/${item}/speakers/${speaker}`);
    const file = '0190a1b2-0000-7000-8000-00000000f11e';
    const itemBody = { event: { id: eventA }, session: { id: session }, name: 'Hijacked' };
    for (const [method, url, body] of [
      ['GET', `/ea/events/${eventA}/session-locations`, undefined],
      ['POST', `/ea/events/${eventA}/session-locations`, { code: 'X', name: 'X' }],
      ['GET', `/ea/events/${eventA}/session-locations/${location}`, undefined],
      ['PUT', `/ea/events/${eventA}/session-locations/${location}`, { code: 'X', name: 'X' }],
      ['DELETE', `/ea/events/${eventA}/session-locations/${location}`, undefined],
      ['GET', `/ea/session-categories/${category}`, undefined],
      ['PUT', `/ea/session-categories/${category}`, { name: 'Hijacked' }],
      ['DELETE', `/ea/session-categories/${category}`, undefined],
      ['PUT', `/ea/session-segments/${segment}`, { session: { id: session }, segment: { id: '0190a1b2-0000-7000-8000-00000000a001' } }],
      ['DELETE', `/ea/session-segments/${segment}`, undefined],
      ['PUT', `/ea/program-items/${item}`, itemBody],
      ['DELETE', `/ea/program-items/${item}`, undefined],
      ['GET', `/ea/program-items/${item}/docs`, undefined],
      ['GET', `/ea/program-items/${item}/docs/${file}`, undefined],
      ['PUT', `/ea/program-items/${item}/docs/${file}`, undefined],
      ['DELETE', `/ea/program-items/${item}/docs/${file}`, undefined],
      ['GET', `/ea/program-items/${item}/speakers/${speaker}`, undefined],
      ['PUT', `/ea/program-items/${item}/speakers/${speaker}`, undefined],
      ['DELETE', `/ea/program-items/${item}/speakers/${speaker}`, undefined],
      ['GET', `/ea/sessions/${session}/docs`, undefined],
      ['GET', `/ea/sessions/${session}/docs/${file}`, undefined],
      ['PUT', `/ea/sessions/${session}/docs/${file}`, undefined],
      ['DELETE', `/ea/sessions/${session}/docs/${file}`, undefined],
    ] as const) {
      const res = await apiB(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // Account B cannot point its own records at A's.
    expect((await apiB('POST', '/ea/program-items', itemBody)).statusCode).toBe(400);
    expect((await apiB('POST', '/ea/session-segments', { session: { id: session }, segment: { id: audience } })).statusCode).toBe(400);
    for (const [url, filter] of [
      ['/ea/program-items', `id eq '${item}'`], ['/ea/program-items/speakers', `programItem.id eq '${item}'`], ['/ea/session-segments', `session.id eq '${session}'`],
    ] as const) {
      const res = await apiB('GET', `${url}?filter=${encodeURIComponent(filter)}`);
      expect((res.json() as { data: unknown[] }).data, url).toEqual([]);
    }
    const categories = (await apiB('GET', '/ea/session-categories?limit=200')).json() as { data: Array<{ id: string }> };
    expect(categories.data.map((c) => c.id)).not.toContain(category);
    const docs = (await apiB('POST', '/ea/program-items/docs/filter', { filter: `programItem.id eq '${item}'` })).json() as { data: unknown[] };
    expect(docs.data).toEqual([]);
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
