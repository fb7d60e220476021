import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type EventlineClient } from '../../src/client/index.js';
import { createTenant, sampleEvent } from '../helpers/app.js';
import { startListeningTestApp, type ListeningTestApp } from '../helpers/http.js';

// The seed's virtual-session workflow, as an integration runs it, through the SDK:
// (1) before the event, find the virtual sessions and create their webcasts;
// (2) at enrollment, read the attendees and write personal join links back;
// (3) after the session, write check-ins and recording details back.
interface Row { id: string; [k: string]: unknown }
interface Ref { id: string }

let t: ListeningTestApp;
let client: EventlineClient;
let eventId: string;
let included: Row;
let optional: Row;
const attendees: Row[] = [];

async function all(path: string, query: Record<string, string>): Promise<Row[]> {
  const out: Row[] = [];
  for await (const row of client.paginate(path, query)) out.push(row as Row);
  return out;
}

beforeAll(async () => {
  t = await startListeningTestApp();
  const tenant = await createTenant(t.services);
  client = createClient({ baseUrl: t.baseUrl, clientId: tenant.clientId, clientSecret: tenant.clientSecret });
  // The planner's side: a Hybrid event, an Included and an Optional virtual session, an in-person one, 12 attendees.
  const creation = await client.request('post', '/ea/events/async', { body: { ...sampleEvent({ title: 'Workflow Summit' }), format: 'Hybrid' as const, type: 'Conference' as const } });
  expect(creation.status).toBe(202);
  const creationId = (creation.data as Ref).id;
  for (;;) {
    const s = (await client.get(`/ea/events/async/${creationId}/status`)) as { status: string; event?: Ref };
    if (s.event) { eventId = s.event.id; break; }
    await new Promise((r) => setTimeout(r, 50));
  }
  const session = (title: string, includedSession: boolean, virtual: boolean) =>
    client.post('/ea/sessions', { body: { title, event: { id: eventId }, start: '2027-03-01T10:00:00Z', end: '2027-03-01T11:00:00Z', includedSession, virtual } }) as Promise<Row>;
  included = await session('Keynote (Included, virtual)', true, true);
  optional = await session('Workshop (Optional, virtual)', false, true);
  await session('Dinner (in person)', true, false);
  const added = (await client.post('/ea/attendees', {
    body: Array.from({ length: 12 }, (_, i) => ({ event: { id: eventId }, status: 'Accepted' as const, contact: { firstName: `Guest${i}`, lastName: 'Workflow', email: `guest${i}@workflow.example.test` } })),
  })) as Array<{ status: number; data: Row }>;
  expect(added.map((r) => r.status)).toEqual(Array(12).fill(201));
  attendees.push(...added.map((r) => r.data));
  // Eight of them enroll in the Optional workshop; the last four do not.
  for (const a of attendees.slice(0, 8)) await client.post(`/ea/sessions/${optional.id}/enrollment/${a.id}`);
});
afterAll(async () => t?.close());

describe("the seed's virtual-session workflow through the SDK", () => {
  const webcastOf = new Map<string, Row>();

  it('(1) finds the virtual sessions with the filter and creates a webcast for each that has none', async () => {
    const virtual = await all('/sessions', { filter: `virtual eq 'true' and event.id eq '${eventId}'` });
    expect(virtual.map((s) => s.id).sort()).toEqual([included.id, optional.id].sort());
    for (const s of virtual) {
      const existing = await all('/webcasts', { filter: `session.id eq '${s.id}'` });
      expect(existing).toEqual([]);
      const webcast = (await client.post('/ea/webcasts', {
        body: {
          session: { id: s.id }, title: `${String(s['title'])} webcast`, type: 'Meeting', format: 'Live', provider: 'Zoom', meetingId: `m-${s.id.slice(-6)}`,
          _links: { join: { href: `https://meet.example.test/j/${s.id}`, code: 'join123' }, host: { href: `https://meet.example.test/h/${s.id}`, code: 'host999', key: 'key42' } },
        },
      })) as Row;
      webcastOf.set(s.id, webcast);
    }
    const again = await all('/webcasts', { filter: `event.id eq '${eventId}'` });
    expect(again).toHaveLength(2);
  });

  it('(2) reads attendees of the Included session from /attendees and of the Optional one from /sessions/enrollment, and posts their personal links', async () => {
    const everyone = await all('/attendees', { filter: `event.id eq '${eventId}'` });
    expect(everyone).toHaveLength(12);
    const enrolled = await all('/sessions/enrollment', { filter: `session.id eq '${optional.id}'` });
    expect(enrolled.map((e) => (e['attendee'] as Ref).id).sort()).toEqual(attendees.slice(0, 8).map((a) => a.id).sort());
    for (const [session, people] of [[included, everyone.map((a) => a.id)], [optional, enrolled.map((e) => (e['attendee'] as Ref).id)]] as const) {
      const webcast = webcastOf.get(session.id);
      const result = (await client.post(`/ea/webcasts/${webcast?.id ?? ''}/attendee-links`, {
        body: people.map((id) => ({ attendee: { id }, join: { href: `https://meet.example.test/j/${session.id}?tk=${id}` } })),
      })) as Array<{ status: number }>;
      expect(result.every((r) => r.status === 201)).toBe(true);
    }
    const links = await all('/webcasts/attendee-links', { filter: `webcast.id eq '${webcastOf.get(optional.id)?.id ?? ''}'` });
    expect(links).toHaveLength(8);
    expect(new Set(links.map((l) => (l['join'] as { href: string }).href)).size).toBe(8);
  });

  it('(3) checks attendees in (an event participant not enrolled becomes enrolled) and writes recording details with the seed\'s PUT /webcasts', async () => {
    const walkIn = attendees[10];
    const checkins = [...attendees.slice(0, 3), walkIn].map((a) => ({ id: a?.id, checkIn: '2027-03-01T10:02:00Z', checkOut: '2027-03-01T10:50:00Z', duration: 48 }));
    const result = (await client.post(`/ea/sessions/${optional.id}/check-in`, { body: checkins })) as Array<{ status: number }>;
    expect(result.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const enrolled = await all('/sessions/enrollment', { filter: `session.id eq '${optional.id}'` });
    expect(enrolled.map((e) => (e['attendee'] as Ref).id)).toContain(walkIn?.id);
    expect(enrolled).toHaveLength(9);

    const webcast = webcastOf.get(optional.id) as Row;
    const recorded = (await client.put('/ea/webcasts', {
      body: { ...webcast, status: 'Finished', _links: { ...(webcast['_links'] as object), recording: { href: 'https://meet.example.test/rec/workshop.mp4', code: 'rec-pass' } } },
    })) as Row;
    expect(recorded.id).toBe(webcast.id);

    // Read everything back.
    const attendance = await all('/sessions/attendance', { filter: `session.id eq '${optional.id}'` });
    expect(attendance).toHaveLength(4);
    expect(attendance.every((a) => a['duration'] === 48)).toBe(true);
    const stored = (await client.get(`/ea/webcasts/${webcast.id}`)) as { status: string; _links: { recording?: { href: string }; host?: { code: string } } };
    expect(stored.status).toBe('Finished');
    expect(stored._links.recording?.href).toBe('https://meet.example.test/rec/workshop.mp4');
    expect(stored._links.host?.code).toBe('host999');
    const session = (await client.get(`/ea/sessions/${optional.id}`)) as { virtual: boolean };
    expect(session.virtual).toBe(true);
  });

  it('(4) finds the check-ins written back among the attendee activities, with their attendance duration', async () => {
    const activities = await all('/attendees/activities', { filter: `session.id eq '${optional.id}'` });
    const ins = activities.filter((a) => a['type'] === 'session.checkedIn');
    const outs = activities.filter((a) => a['type'] === 'session.checkedOut');
    expect(ins.map((a) => (a['attendee'] as Ref).id).sort()).toEqual([...attendees.slice(0, 3), attendees[10]].map((a) => a?.id).sort());
    expect(outs).toHaveLength(4);
    expect(outs.every((a) => (a['data'] as { duration?: number }).duration === 48)).toBe(true);
  });
});
