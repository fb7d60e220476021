import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { actions, all, type Person } from '../helpers/engagement.js';
import { seedDemo } from '../../src/demo/seed.js';
import { BUILT_IN_ACTIVITIES } from '../../src/modules/activities/index.js';

// The demo account as `npm start` seeds it, used the way its README section
// says: attendees click their join links, check in, chat and ask questions;
// each is an activity, and the demo's engagement score ranks them by it.
interface Ref { id: string }
interface Activity { id: string; type: string; name: string; attendee: Ref; data: Record<string, unknown> }
interface Insight { id: string; name: string; default: boolean; actions: unknown[] }
interface Score { attendee: Ref; points: number; rank: number; activityCount: number }

const dataDir = mkdtempSync(join(tmpdir(), 'eventline-demo-engagement-'));
let t: TestApp;
let api: Api;
let event: string;
let keynote: string;
let people: Person[];

beforeAll(async () => {
  t = await startTestApp({ env: { DATA_DIR: dataDir } });
  const { credentials } = await seedDemo(t.services, t.config);
  if (!credentials) throw new Error('the demo was not seeded');
  api = apiClient(t.app, await tokenFor(t.app, credentials));
  [event] = (await all<Ref>(api, '/ea/events')).map((e) => e.id) as [string];
  [keynote] = (await all<Ref>(api, '/ea/sessions', { filter: `title eq 'Opening Keynote: The Hybrid Future'` })).map((x) => x.id) as [string];
  const [webcast] = await all<Ref>(api, '/ea/webcasts', { filter: `session.id eq '${keynote}'` });
  const links = await all<{ id: string; attendee: Ref }>(api, '/ea/webcasts/attendee-links', { filter: `webcast.id eq '${webcast?.id ?? ''}'` });
  expect(links).toHaveLength(6);
  people = [];
  for (const link of links) {
    const res = await api('GET', `/ea/webcasts/${webcast?.id ?? ''}/attendee-links/${link.id}/token`);
    expect(res.statusCode, res.body).toBe(200);
    const { token, joinUrl } = res.json() as { token: string; joinUrl: string };
    people.push({ attendee: link.attendee.id, link: link.id, token, joinUrl });
  }
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the demo: what attendees do becomes activities, and the demo score ranks them', () => {
  it('has an engagement score for the demo event', async () => {
    const scores = await all<Insight>(api, '/ea/attendee-insights', { filter: `event.id eq '${event}'` });
    expect(scores).toHaveLength(1);
    expect(scores[0]).toMatchObject({ name: 'Demo engagement', default: true });
  });

  it('records a join-link click, a check-in, a chat message and a question, and ranks the attendees by them', async () => {
    const act = actions(t);
    const [ada, grace, alan] = people as [Person, Person, Person];
    // Ada joins, is checked in, chats and asks; Grace joins and chats; Alan only joins.
    for (const p of [ada, grace, alan]) expect(await act.click(p)).toMatch(/^https:\/\/zoom\.example\.test\/j\/84512345678\?pwd=demo\d$/);
    const checkIn = await api('POST', `/ea/sessions/${keynote}/check-in`, [{ id: ada.attendee, checkIn: new Date().toISOString() }]);
    expect(checkIn.statusCode, checkIn.body).toBe(207);
    expect((checkIn.json() as Array<{ status: number }>)[0]?.status).toBe(201);
    await act.chat(ada, keynote);
    await act.ask(ada, keynote);
    await act.chat(grace, keynote);

    const activities = await all<Activity>(api, '/ea/attendees/activities', { filter: `event.id eq '${event}'` });
    const of = (p: Person) => activities.filter((a) => a.attendee.id === p.attendee).map((a) => (a.type.endsWith('.external') ? a.name : a.type)).sort();
    expect(of(ada)).toEqual([BUILT_IN_ACTIVITIES.chatMessagePosted, BUILT_IN_ACTIVITIES.joinLinkClicked, 'session.checkedIn', 'session.questionAsked'].sort());
    expect(of(grace)).toEqual([BUILT_IN_ACTIVITIES.chatMessagePosted, BUILT_IN_ACTIVITIES.joinLinkClicked].sort());
    expect(of(alan)).toEqual([BUILT_IN_ACTIVITIES.joinLinkClicked]);

    const [score] = await all<Insight>(api, '/ea/attendee-insights', { filter: `event.id eq '${event}'` });
    const ranked = await all<Score>(api, `/ea/attendee-insights/${score?.id ?? ''}/scores`);
    // check-in 10 + question 5 + chat 3 + join 2; chat 3 + join 2; join 2.
    expect(ranked.map((x) => [x.attendee.id, x.points, x.rank, x.activityCount])).toEqual([
      [ada.attendee, 20, 1, 4], [grace.attendee, 5, 2, 2], [alan.attendee, 2, 3, 1],
    ]);
    const stats = await api('GET', `/ea/attendee-insights/${score?.id ?? ''}/stats`);
    expect(stats.json()).toMatchObject({ averageAttendeeScore: 9, attendeeCount: 3, activityCount: 7, totalPoints: 27, highestScore: 20 });
  });
});
