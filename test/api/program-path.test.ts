import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, waitFor, type Api, type TestApp } from '../helpers/app.js';
import { pdf, png, uploadFile } from '../helpers/files.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';

// Issue 29, the program path in one test: a location, a category and two speakers (one with a profile image and a
// document); both speakers on a session and on a program item; a session custom field answered; the attendees
// segmented; then the event copied (a durable job) and the copy's program read back.

let t: TestApp;
let api: Api;
let token: string;
let accountId: string;
type Page<T> = { data: T[] };
const q = (path: string, filter: string) => `${path}?filter=${encodeURIComponent(filter)}`;

beforeAll(async () => {
  t = await startTestApp({ build: { worker: true } });
  const tenant = await createTenant(t.services);
  accountId = tenant.accountId;
  token = await tokenFor(t.app, tenant);
  api = apiClient(t.app, token);
});
afterAll(async () => {
  await t?.close();
});

describe('the program path', () => {
  it('builds a program, answers, segments, copies the event and reads the copy\'s program back', async () => {
    const event = await fixtureEvent(t.services, accountId, 'Hybrid', 'Program Summit');

    // 1. A location, a category and two speakers, one with a profile image and a document.
    const hall = await ok<{ id: string }>(api('POST', `/ea/events/${event}/session-locations`, { code: 'H1', name: 'Main Hall' }), 201);
    const track = await ok<{ id: string }>(api('POST', '/ea/session-categories', { name: 'Keynotes' }), 201);
    const ada = await ok<{ id: string }>(api('POST', '/ea/speakers', { event: { id: event }, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@path.example' }), 201);
    const alan = await ok<{ id: string }>(api('POST', '/ea/speakers', { event: { id: event }, firstName: 'Alan', lastName: 'Turing' }), 201);
    const image = await uploadFile(t.app, token, 'ada.png', png());
    const doc = await uploadFile(t.app, token, 'slides.pdf', pdf());
    await ok(api('PUT', `/ea/speakers/${ada.id}/profile-images`, { file: { id: image } }));
    await ok(api('PUT', `/ea/speakers/${ada.id}/docs/${doc}`));

    // 2. Both speakers on a session (in the location and category) and on a program item of it.
    const session = await ok<{ id: string; location: { id: string }; category: { id: string } }>(api('POST', '/ea/sessions', {
      title: 'Opening Keynote', event: { id: event }, start: '2027-03-01T09:00:00Z', end: '2027-03-01T10:00:00Z', location: { id: hall.id }, category: { id: track.id },
    }), 201);
    expect(session.location.id).toBe(hall.id);
    const item = await ok<{ id: string }>(api('POST', '/ea/program-items', { event: { id: event }, session: { id: session.id }, name: 'Fireside chat', duration: 20 }), 201);
    for (const speaker of [ada.id, alan.id]) {
      expect((await api('PUT', `/ea/sessions/${session.id}/speakers/${speaker}`, { order: 1 })).statusCode).toBe(204);
      expect((await api('PUT', `/ea/program-items/${item.id}/speakers/${speaker}`)).statusCode).toBeLessThan(300);
    }

    // 3. A session custom field, answered.
    const level = await ok<{ id: string; details: { choices: Array<{ id: string; text: string }> } }>(api('POST', '/ea/custom-fields', {
      category: 'Session', name: 'Level', code: 'CF-LEVEL', type: 'Choice - Single Answer', required: false, details: { choices: [{ text: 'Beginner' }, { text: 'Expert' }] },
    }), 201);
    const expert = level.details.choices.find((c) => c.text === 'Expert');
    expect(expert).toBeDefined();
    const answered = await api('PUT', `/ea/sessions/${session.id}/custom-fields/${level.id}/answers`, { id: level.id, value: ['Expert'] });
    expect(answered.statusCode, answered.body).toBeLessThan(300);
    expect(await t.services.customFields.answersOf(accountId, session.id)).toHaveLength(1);

    // 4. The attendees, segmented.
    const people = await ok<Array<{ status: number; data: { id: string } }>>(api('POST', '/ea/attendees', [
      { event: { id: event }, contact: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@path.example' }, status: 'Accepted' },
      { event: { id: event }, contact: { firstName: 'Katherine', lastName: 'Johnson', email: 'katherine@path.example' }, status: 'Accepted' },
    ]), 207);
    const vip = await ok<{ id: string }>(api('POST', '/ea/audience-segments', { event: { id: event }, name: 'VIP' }), 201);
    const grace = people[0]!.data.id;
    expect((await api('PUT', `/ea/audience-segments/${vip.id}/attendees/${grace}`)).statusCode).toBe(204);
    const members = await ok<Page<{ id?: string; attendee?: { id: string } }>>(api('GET', `/ea/audience-segments/${vip.id}/attendees`));
    expect(members.data).toHaveLength(1);

    // 5. The event copied, and the copy's program read back.
    const started = await api('POST', `/ea/events/${event}/copy`, {});
    expect(started.statusCode, started.body).toBe(202);
    const copyId = (started.json() as { id: string }).id;
    const copy = await waitFor(async () => {
      const s = (await api('GET', `/ea/events/copy/${copyId}/status`)).json() as { status: string; event?: { id: string } };
      return s.status === 'Created' ? s.event?.id : undefined;
    }, 20_000, 'the copy');
    expect(copy).not.toBe(event);

    const locations = await ok<Page<{ id: string; code: string; name: string }>>(api('GET', `/ea/events/${copy}/session-locations`));
    expect(locations.data.map((l) => [l.code, l.name])).toEqual([['H1', 'Main Hall']]);
    const copiedHall = locations.data[0]!.id;
    expect(copiedHall).not.toBe(hall.id);

    const sessions = await ok<Page<{ id: string; title: string; location?: { id: string }; category?: { id: string } }>>(api('GET', q('/ea/sessions', `event.id eq '${copy}'`)));
    expect(sessions.data.map((s) => s.title)).toEqual(['Opening Keynote']);
    const copiedSession = sessions.data[0]!;
    expect(copiedSession.id).not.toBe(session.id);
    // The copy's session is in the copy's location, and in the same (account-wide) category.
    expect(copiedSession.location?.id).toBe(copiedHall);
    expect(copiedSession.category?.id).toBe(track.id);

    const items = await ok<Page<{ id: string; name: string; session: { id: string } }>>(api('GET', q('/ea/program-items', `event.id eq '${copy}'`)));
    expect(items.data.map((i) => [i.name, i.session.id])).toEqual([['Fireside chat', copiedSession.id]]);
    const copiedItem = items.data[0]!.id;

    const speakers = await ok<Page<{ id: string; firstName: string }>>(api('GET', q('/ea/speakers', `event.id eq '${copy}'`)));
    expect(speakers.data.map((s) => s.firstName).sort()).toEqual(['Ada', 'Alan']);
    const copiedSpeakers = speakers.data.map((s) => s.id).sort();
    const onSession = await ok<Page<{ id: string }>>(api('GET', `/ea/sessions/${copiedSession.id}/speakers`));
    expect(onSession.data.map((s) => s.id).sort()).toEqual(copiedSpeakers);
    const onItem = await ok<Page<{ speaker: { id: string } }>>(api('GET', q('/ea/program-items/speakers', `programItem.id eq '${copiedItem}'`)));
    expect(onItem.data.map((l) => l.speaker.id).sort()).toEqual(copiedSpeakers);

    // The source is unchanged.
    const source = await ok<Page<{ id: string }>>(api('GET', q('/ea/program-items', `event.id eq '${event}'`)));
    expect(source.data.map((i) => i.id)).toEqual([item.id]);
  });
});
