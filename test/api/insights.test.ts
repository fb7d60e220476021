import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, waitFor, type Api, type Tenant, type TestApp } from '../helpers/app.js';
import { actions, all, stage, type Person, type Stage } from '../helpers/engagement.js';
import { fixtureAttendees, fixtureEvent } from '../helpers/webcast-fixtures.js';
import { BUILT_IN_ACTIVITIES, externalData, type ActivityType } from '../../src/modules/activities/index.js';

interface Action { type: string; name?: string; points: number }
interface Insight { id: string; name: string; description?: string; event: { id: string }; default: boolean; actions: Action[] }
interface Score { attendee: { id: string }; event: { id: string }; points: number; rank: number; activityCount: number }
interface Stats {
  averageAttendeeScore: number; attendeeCount: number; activityCount: number; totalPoints: number; highestScore: number; lowestScore: number;
  distribution: Array<{ minPoints: number; maxPoints: number; attendeeCount: number }>;
  topActions: Array<{ type: string; name?: string; activityCount: number; points: number }>;
}
interface Entry { activity: { id: string; type: string; name: string; time: string }; action: { type: string; name?: string }; points: number }
interface Activity { id: string; type: string; name: string; attendee: { id: string }; data: Record<string, unknown> }

let t: TestApp;
let tenant: Tenant;
let other: Tenant;
let api: Api;
let otherApi: Api;
let act: ReturnType<typeof actions>;

const CHAT = BUILT_IN_ACTIVITIES.chatMessagePosted;
/** Ties are listed by attendee id (code point order, as the databases compare ids). */
const byFirst = (x: ReadonlyArray<unknown>, y: ReadonlyArray<unknown>) => (String(x[0]) < String(y[0]) ? -1 : 1);
const JOIN = BUILT_IN_ACTIVITIES.joinLinkClicked;

async function define(a: Api, event: string, acts: Action[], extra: Record<string, unknown> = {}): Promise<Insight> {
  const res = await a('POST', '/ea/attendee-insights', { name: 'Engagement', event: { id: event }, actions: acts, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Insight;
}
const scoresOf = (a: Api, id: string) => all<Score>(a, `/ea/attendee-insights/${id}/scores`);
async function statsOf(a: Api, id: string): Promise<Stats> {
  const res = await a('GET', `/ea/attendee-insights/${id}/stats`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Stats;
}

/** The stats must say what the scores say. */
function expectConsistent(stats: Stats, scores: Score[]): void {
  const total = scores.reduce((n, s) => n + s.points, 0);
  expect(stats.attendeeCount).toBe(scores.length);
  expect(stats.totalPoints).toBe(total);
  expect(stats.activityCount).toBe(scores.reduce((n, s) => n + s.activityCount, 0));
  expect(stats.averageAttendeeScore).toBe(scores.length === 0 ? 0 : Math.round(total / scores.length));
  expect(stats.highestScore).toBe(scores.length === 0 ? 0 : Math.max(...scores.map((s) => s.points)));
  expect(stats.lowestScore).toBe(scores.length === 0 ? 0 : Math.min(...scores.map((s) => s.points)));
  expect(stats.distribution.reduce((n, b) => n + b.attendeeCount, 0)).toBe(scores.length);
  for (const b of stats.distribution) expect(b.attendeeCount).toBe(scores.filter((s) => s.points >= b.minPoints && s.points <= b.maxPoints).length);
  // Ranks: ties share one; the next rank skips (1, 2, 2, 4).
  for (const s of scores) expect(s.rank).toBe(1 + scores.filter((o) => o.points > s.points).length);
}

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.services);
  other = await createTenant(t.services);
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  otherApi = apiClient(t.app, await tokenFor(t.app, other));
  act = actions(t);
});
afterAll(async () => t?.close());

describe('engagement score definitions (eventline extension operations)', () => {
  it('creates, lists, reads, updates and deletes scores; the event\'s first score is its default', async () => {
    const event = await fixtureEvent(t.services, tenant.accountId);
    const first = await define(api, event, [{ type: 'session.checkedIn', points: 10 }], { description: 'Shows up' });
    expect(first).toMatchObject({ event: { id: event }, default: true, description: 'Shows up', actions: [{ type: 'session.checkedIn', points: 10 }] });
    const second = await define(api, event, [{ type: 'email.sent', points: 1 }]);
    expect(second.default).toBe(false);
    const third = await define(api, event, [{ type: 'email.sent', points: 2 }], { default: true });
    expect(third.default).toBe(true);
    const listed = await all<Insight>(api, '/ea/attendee-insights', { filter: `event.id eq '${event}'` });
    expect(listed.map((i) => [i.id, i.default])).toEqual([[first.id, false], [second.id, false], [third.id, true]]);
    expect(await all<Insight>(api, '/ea/attendee-insights', { filter: `id eq '${second.id}'` })).toEqual([second]);
    expect((await api('GET', `/ea/attendee-insights/${first.id}`)).json()).toMatchObject({ id: first.id, default: false });

    const put = await api('PUT', `/ea/attendee-insights/${second.id}`, { name: 'Renamed', actions: [{ type: 'email.sent', points: 3 }], default: true });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Renamed', default: true, actions: [{ type: 'email.sent', points: 3 }] });
    expect((await api('GET', `/ea/attendee-insights/${third.id}`)).json()).toMatchObject({ default: false });
    expect((await api('DELETE', `/ea/attendee-insights/${third.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/ea/attendee-insights/${third.id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/ea/attendee-insights/${third.id}`)).statusCode).toBe(404);
  });

  it('refuses bad definitions with a 4xx that names the field', async () => {
    const event = await fixtureEvent(t.services, tenant.accountId);
    const twice = await api('POST', '/ea/attendee-insights', { name: 'x', event: { id: event }, actions: [{ type: 'email.sent', points: 1 }, { type: 'email.sent', points: 2 }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: 400, target: 'actions' });
    expect((await api('POST', '/ea/attendee-insights', { name: 'x', event: { id: event }, actions: [{ type: 'chat.posted', points: 1 }] })).statusCode).toBe(400);
    expect((await api('POST', '/ea/attendee-insights', { name: 'x', event: { id: event }, actions: [] })).statusCode).toBe(400);
    expect((await api('POST', '/ea/attendee-insights', { name: 'x', event: { id: event }, actions: [{ type: 'email.sent', points: 0 }] })).statusCode).toBe(400);
    const theirs = await fixtureEvent(t.services, other.accountId);
    const foreign = await api('POST', '/ea/attendee-insights', { name: 'x', event: { id: theirs }, actions: [{ type: 'email.sent', points: 1 }] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ target: 'event.id' });
    const mine = await define(api, event, [{ type: 'email.sent', points: 1 }]);
    const moved = await api('PUT', `/ea/attendee-insights/${mine.id}`, { name: 'x', event: { id: theirs }, actions: [{ type: 'email.sent', points: 1 }] });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ target: 'event.id' });
  });
});

describe('scores follow activities as they arrive', () => {
  let s: Stage;
  let score: Insight;
  let p: Person[];

  beforeAll(async () => {
    s = await stage(t, tenant.accountId, api, 5);
    p = s.people;
    score = await define(api, s.event, [
      { type: 'session.checkedIn', points: 10 },
      { type: 'session.questionAsked', points: 5 },
      { type: 'session.external', name: CHAT, points: 3 },
      { type: 'session.external', points: 1 },
    ]);
  });

  it('ranks attendees by their points (ties share a rank) and explains each score', async () => {
    const [a, b, c, d] = p as [Person, Person, Person, Person];
    await act.click(a); // session.external without its own action: 1
    await act.chat(a, s.session); // 3
    expect((await api('POST', `/ea/sessions/${s.session}/check-in`, [{ id: a.attendee, checkIn: '2020-03-01T10:00:00Z' }])).statusCode).toBe(207); // 10
    await act.ask(b, s.session); // 5
    await act.ask(c, s.session); // 5
    const message = await act.chat(d, s.session); // 3
    await act.react(d, s.session, message); // 1

    const scores = await scoresOf(api, score.id);
    expect(scores.map((x) => [x.attendee.id, x.points, x.rank, x.activityCount])).toEqual([
      [a.attendee, 14, 1, 3],
      ...[[b.attendee, 5, 2, 1], [c.attendee, 5, 2, 1]].sort(byFirst),
      [d.attendee, 4, 4, 2],
    ]);
    expect(scores.every((x) => x.event.id === s.event)).toBe(true);
    expectConsistent(await statsOf(api, score.id), scores);
    const stats = await statsOf(api, score.id);
    expect(stats).toMatchObject({ averageAttendeeScore: 7, attendeeCount: 4, activityCount: 7, totalPoints: 28 });
    expect(stats.topActions[0]).toEqual({ type: 'session.checkedIn', activityCount: 1, points: 10 });

    const explained = await all<Entry>(api, `/ea/attendee-insights/${score.id}/scores/${a.attendee}/activities`);
    expect(explained.map((e) => [e.activity.type, e.activity.name, e.action.name ?? null, e.points])).toEqual([
      ['session.checkedIn', 'Session Checked In', null, 10],
      ['session.external', JOIN, null, 1],
      ['session.external', CHAT, CHAT, 3],
    ]);
    const activities = await all<Activity>(api, '/ea/attendees/activities', { filter: `attendee.id eq '${a.attendee}'` });
    expect(explained.map((e) => e.activity.id).sort()).toEqual(activities.map((x) => x.id).sort());
    expect(await all<Entry>(api, `/ea/attendee-insights/${score.id}/scores/${(p[4] as Person).attendee}/activities`)).toEqual([]);
    expect(await all<Score>(api, `/ea/attendee-insights/${score.id}/scores`, { filter: `attendee.id eq '${d.attendee}'` })).toEqual([scores[3]]);
  });

  it('pages scores highest first', async () => {
    const first = await api('GET', `/ea/attendee-insights/${score.id}/scores?limit=2`);
    const page = first.json() as { data: Score[]; paging: { nextToken?: string; totalCount: number } };
    expect(page.data.map((x) => x.rank)).toEqual([1, 2]);
    expect(page.paging.totalCount).toBe(4);
    const next = await api('GET', `/ea/attendee-insights/${score.id}/scores?token=${page.paging.nextToken ?? ''}`);
    expect((next.json() as { data: Score[] }).data.map((x) => x.rank)).toEqual([2, 4]);
  });

  it('computes a new score from the activities recorded before it, and recomputes one whose actions change', async () => {
    const late = await define(api, s.event, [{ type: 'session.external', name: CHAT, points: 7 }]);
    const scores = await scoresOf(api, late.id);
    expect(scores.map((x) => [x.attendee.id, x.points])).toEqual([[(p[0] as Person).attendee, 7], [(p[3] as Person).attendee, 7]].sort(byFirst));
    const put = await api('PUT', `/ea/attendee-insights/${late.id}`, { name: 'Questions', actions: [{ type: 'session.questionAsked', points: 2 }] });
    expect(put.statusCode).toBe(200);
    const after = await scoresOf(api, late.id);
    expect(after.map((x) => x.attendee.id).sort()).toEqual([(p[1] as Person).attendee, (p[2] as Person).attendee].sort());
    expect(after.every((x) => x.points === 2 && x.rank === 1)).toBe(true);
    expectConsistent(await statsOf(api, late.id), after);
    expect((await statsOf(api, late.id)).topActions).toEqual([{ type: 'session.questionAsked', activityCount: 2, points: 4 }]);
  });

  it('shows another account none of these scores (404), and needs each operation\'s scope', async () => {
    for (const path of ['', '/scores', '/stats', `/scores/${(p[0] as Person).attendee}/activities`]) {
      const res = await otherApi('GET', `/ea/attendee-insights/${score.id}${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toMatchObject({ code: 404 });
    }
    expect((await otherApi('PUT', `/ea/attendee-insights/${score.id}`, { name: 'x', actions: [{ type: 'email.sent', points: 1 }] })).statusCode).toBe(404);
    expect((await otherApi('DELETE', `/ea/attendee-insights/${score.id}`)).statusCode).toBe(404);
    expect(await all<Insight>(otherApi, '/ea/attendee-insights')).toEqual([]);
    expect(await all<Insight>(otherApi, '/ea/attendee-insights', { filter: `event.id eq '${s.event}'` })).toEqual([]);

    const only = async (scope: string) => apiClient(t.app, await tokenFor(t.app, tenant, scope));
    const insightsReader = await only('attendee-insights/attendee-insights:read');
    expect((await insightsReader('GET', `/ea/attendee-insights/${score.id}`)).statusCode).toBe(200);
    expect((await insightsReader('GET', `/ea/attendee-insights/${score.id}/scores`)).statusCode).toBe(403);
    expect((await insightsReader('GET', `/ea/attendee-insights/${score.id}/stats`)).statusCode).toBe(403);
    expect((await insightsReader('POST', '/ea/attendee-insights', {})).statusCode).toBe(403);
    const scoresReader = await only('attendee-insights/scores:read');
    expect((await scoresReader('GET', `/ea/attendee-insights/${score.id}/scores`)).statusCode).toBe(200);
    expect((await scoresReader('GET', `/ea/attendee-insights/${score.id}/scores/${(p[0] as Person).attendee}/activities`)).statusCode).toBe(200);
    expect((await scoresReader('GET', '/ea/attendee-insights')).statusCode).toBe(403);
    const statsReader = await only('attendee-insights/stats:read');
    expect((await statsReader('GET', `/ea/attendee-insights/${score.id}/stats`)).statusCode).toBe(200);
    expect((await statsReader('GET', `/ea/attendee-insights/${score.id}/scores`)).statusCode).toBe(403);
  });
});

// ---------------------------------------------------------------------------
// Property: incremental scores equal a from-scratch recomputation.

interface Drawn { attendee: number; kind: number }
const KINDS: ReadonlyArray<{ type: ActivityType; name?: string }> = [
  { type: 'session.checkedIn' }, { type: 'session.questionAsked' }, { type: 'email.sent' },
  { type: 'session.external', name: CHAT }, { type: 'session.external', name: JOIN }, { type: 'session.external', name: 'other.thing' },
  { type: 'event.external', name: 'x' }, { type: 'event.external', name: 'y' }, { type: 'exhibitor.viewed' },
];
const S1: Action[] = [{ type: 'session.checkedIn', points: 10 }, { type: 'session.external', points: 1 }, { type: 'session.external', name: CHAT, points: 3 }];
const S2_BEFORE: Action[] = [{ type: 'session.questionAsked', points: 7 }, { type: 'email.sent', points: 2 }, { type: 'event.external', name: 'x', points: 5 }];
const S2_AFTER: Action[] = [{ type: 'event.external', points: 4 }, { type: 'exhibitor.viewed', points: 9 }, { type: 'session.questionAsked', points: 1 }];

/** The oracle, written apart from the service: the action naming the activity, else its type's unnamed action. */
function recompute(activities: readonly Activity[], defined: readonly Action[]): Map<string, { points: number; count: number }> {
  const out = new Map<string, { points: number; count: number }>();
  for (const a of activities) {
    const named = defined.filter((d) => d.type === a.type && d.name === a.name);
    const action = named[0] ?? defined.find((d) => d.type === a.type && d.name === undefined);
    if (!action) continue;
    const prev = out.get(a.attendee.id) ?? { points: 0, count: 0 };
    out.set(a.attendee.id, { points: prev.points + action.points, count: prev.count + 1 });
  }
  return out;
}

describe('property: scores after a random interleaving of 1,000 activities equal a from-scratch recomputation', () => {
  it('holds with activities recorded concurrently and a score redefined part-way', async () => {
    await fc.assert(fc.asyncProperty(
      fc.array(fc.record({ attendee: fc.nat({ max: 11 }), kind: fc.nat({ max: KINDS.length - 1 }) }), { minLength: 1000, maxLength: 1000 }),
      fc.integer({ min: 100, max: 900 }),
      fc.integer({ min: 1, max: 12 }),
      async (drawn: Drawn[], redefineAt: number, concurrency: number) => {
        const event = await fixtureEvent(t.services, tenant.accountId);
        const people = await fixtureAttendees(t.db.handle.db, tenant.accountId, event, 12);
        const s1 = await define(api, event, S1);
        const s2 = await define(api, event, S2_BEFORE);
        const record = (d: Drawn, i: number) => {
          const kind = KINDS[d.kind] ?? { type: 'email.sent' as const };
          return t.services.activities.record({
            accountId: tenant.accountId, eventId: event, attendeeId: people[d.attendee] as string, type: kind.type,
            ...(kind.name !== undefined ? { name: kind.name } : {}), time: new Date(Date.UTC(2027, 2, 1) + i * 1000).toISOString(),
            data: externalData(event, new Date(Date.UTC(2027, 2, 1)).toISOString(), { i: String(i) }),
          });
        };
        for (let i = 0; i < drawn.length; i += concurrency) {
          const batch = drawn.slice(i, i + concurrency).map((d, j) => record(d, i + j));
          // Part-way, the second score's actions change (a recomputation) while activities are being recorded.
          const redefine = redefineAt >= i && redefineAt < i + concurrency
            ? [api('PUT', `/ea/attendee-insights/${s2.id}`, { name: 'Redefined', actions: S2_AFTER }).then((r) => expect(r.statusCode, r.body).toBe(200))]
            : [];
          await Promise.all([...batch, ...redefine]);
        }
        const activities = await all<Activity>(api, '/ea/attendees/activities', { filter: `event.id eq '${event}'` });
        expect(activities).toHaveLength(1000);
        for (const [insight, defined] of [[s1, S1], [s2, S2_AFTER]] as const) {
          const expected = recompute(activities, defined);
          const scores = await scoresOf(api, insight.id);
          expect(new Map(scores.map((x) => [x.attendee.id, { points: x.points, count: x.activityCount }]))).toEqual(expected);
          expectConsistent(await statsOf(api, insight.id), scores);
        }
        // The service's own recomputation (the same actions, listed in another order, rebuild the score) agrees with what accrued.
        const accrued = await scoresOf(api, s1.id);
        const rebuilt = await api('PUT', `/ea/attendee-insights/${s1.id}`, { name: 'Rebuilt', actions: [...S1].reverse() });
        expect(rebuilt.statusCode, rebuilt.body).toBe(200);
        expect((await scoresOf(api, s1.id)).map((x) => [x.attendee.id, x.points, x.rank, x.activityCount]))
          .toEqual(accrued.map((x) => [x.attendee.id, x.points, x.rank, x.activityCount]));
      },
    ), { numRuns: 3, endOnFailure: true });
  }, 240_000);
});

describe('obfuscating a contact', () => {
  it('removes their personal data from activities and scores; their score rows stay, naming only ids', async () => {
    await t.services.accounts.setFeature(tenant.accountId, 'contact-obfuscation', true);
    const s = await stage(t, tenant.accountId, api, 2);
    const [p0, p1] = s.people as [Person, Person];
    const who = await t.db.handle.db.selectFrom('attendees').innerJoin('contacts', 'contacts.id', 'attendees.contact_id')
      .select(['contacts.id', 'contacts.email', 'contacts.first_name', 'contacts.last_name']).where('attendees.id', '=', p0.attendee).executeTakeFirstOrThrow();
    const email = who.email as string;
    const fullName = `${who.first_name ?? ''} ${who.last_name ?? ''}`;
    const meta = await api('POST', '/ea/attendees/activities/external/metadata', { type: 'event.external', name: 'crm.note', fields: [{ name: 'note' }, { name: 'by' }] });
    expect([201, 409]).toContain(meta.statusCode);
    const note = (p: Person, fields: Record<string, string>) => api('POST', '/ea/attendees/activities', {
      attendee: { id: p.attendee }, event: { id: s.event }, type: 'event.external', name: 'crm.note', data: { id: s.event, externalActivityDate: '2027-02-01T00:00:00Z', additionalFields: fields },
    });
    expect((await note(p0, { note: `Call ${fullName} back`, by: 'sales' })).statusCode).toBe(201);
    expect((await note(p1, { note: `Introduced by ${email}`, by: 'sales' })).statusCode).toBe(201);
    await act.click(p0);
    await act.chat(p0, s.session, `I am ${fullName}`);
    const score = await define(api, s.event, [{ type: 'event.external', name: 'crm.note', points: 5 }, { type: 'session.external', points: 1 }]);
    const before = await scoresOf(api, score.id);
    const mineBefore = await all<Activity>(api, '/ea/attendees/activities', { filter: `attendee.id eq '${p0.attendee}'` });
    expect(JSON.stringify(mineBefore)).toContain(who.last_name as string);

    const start = await api('POST', `/ea/contacts/${who.id}/obfuscate`);
    expect(start.statusCode, start.body).toBe(202);
    const { obfuscateId } = start.json() as { obfuscateId: string };
    await waitFor(async () => {
      const res = await api('GET', `/ea/contacts/obfuscate/${obfuscateId}/status`);
      return (res.json() as { status: string }).status === 'COMPLETED';
    }, 30_000, 'obfuscation');

    const mine = await all<Activity>(api, '/ea/attendees/activities', { filter: `attendee.id eq '${p0.attendee}'` });
    expect(mine.map((a) => a.id)).toEqual(mineBefore.map((a) => a.id));
    const crm = mine.find((a) => a.name === 'crm.note');
    expect(crm?.data['additionalFields']).toEqual({ note: '[obfuscated]', by: '[obfuscated]' });
    const theirs = await all<Activity>(api, '/ea/attendees/activities', { filter: `attendee.id eq '${p1.attendee}' and name eq 'crm.note'` });
    expect(JSON.stringify(theirs)).not.toContain(email);
    expect(theirs[0]?.data['additionalFields']).toMatchObject({ by: 'sales' });
    const after = await scoresOf(api, score.id);
    expect(after).toEqual(before);
    const explained = await all<Entry>(api, `/ea/attendee-insights/${score.id}/scores/${p0.attendee}/activities`);
    expect(explained.reduce((n, e) => n + e.points, 0)).toBe(after.find((x) => x.attendee.id === p0.attendee)?.points);
    const text = JSON.stringify([mine, theirs, after, explained]);
    for (const value of [email, who.last_name as string, fullName]) expect(text.toLowerCase()).not.toContain(value.toLowerCase());
    const report = await t.services.obfuscation.verify({ contactId: who.id, values: [email, who.last_name as string] });
    expect(report.hits.filter((h) => h.place.startsWith('attendee_'))).toEqual([]);
  }, 60_000);
});
