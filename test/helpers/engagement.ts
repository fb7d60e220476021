// Test data for the activities and engagement-score suites: an event with its
// AttendeeHub launched, a virtual session with a webcast, attendees with
// personal join links, and what an attendee does through the real API.
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp, Api } from './app.js';
import { fixtureAttendees, fixtureEvent, fixtureSession, launchAttendeeHub } from './webcast-fixtures.js';

export interface Person {
  readonly attendee: string;
  readonly link: string;
  /** The chat and Q&A token (X-Attendee-Token). */
  readonly token: string;
  /** The tracked join URL. */
  readonly joinUrl: string;
}

export interface Stage {
  readonly event: string;
  readonly session: string;
  readonly webcast: string;
  readonly people: Person[];
}

export interface Page<T> {
  data: T[];
  paging: { totalCount: number; nextToken?: string; previousToken?: string; currentToken?: string; limit: number };
}

/** An event (AttendeeHub launched), a session with a webcast, and `n` attendees with join links and tokens. */
export async function stage(t: TestApp, accountId: string, api: Api, n: number): Promise<Stage> {
  const db = t.db.handle.db;
  const event = await fixtureEvent(t.services, accountId, 'Hybrid');
  await launchAttendeeHub(api, event);
  const session = await fixtureSession(db, accountId, event, { title: 'Engagement keynote' });
  const attendees = await fixtureAttendees(db, accountId, event, n);
  const wc = await api('POST', '/ea/webcasts', { event: { id: event }, session: { id: session }, provider: 'Zoom' });
  expect(wc.statusCode, wc.body).toBe(200);
  const webcast = (wc.json() as { id: string }).id;
  const links = await api('POST', `/ea/webcasts/${webcast}/attendee-links`, attendees.map((a, i) => ({ attendee: { id: a }, join: { href: `https://zoom.example/j/${i}?pwd=p${i}` } })));
  expect(links.statusCode, links.body).toBe(207);
  const linkIds = (links.json() as Array<{ data: { id: string } }>).map((r) => r.data.id);
  const people: Person[] = [];
  for (const [i, link] of linkIds.entries()) {
    const res = await api('GET', `/ea/webcasts/${webcast}/attendee-links/${link}/token`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { token: string; joinUrl: string };
    people.push({ attendee: attendees[i] as string, link, token: body.token, joinUrl: body.joinUrl });
  }
  return { event, session, webcast, people };
}

/** What attendees do, through the same calls a hub or an integration makes. */
export function actions(t: TestApp) {
  const attendeeCall = (token: string, url: string, body: unknown) =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', 'x-attendee-token': token }, payload: JSON.stringify(body) });
  const expectStatus = (res: LightMyRequestResponse, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    return res;
  };
  return {
    /** Follows the tracked join URL (no redirect followed); answers the Location it sends to. */
    async click(p: Person): Promise<string> {
      const url = new URL(p.joinUrl);
      const res = expectStatus(await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` }), 302);
      return String(res.headers.location);
    },
    async chat(p: Person, session: string, text = 'Hello from the hub'): Promise<string> {
      return (expectStatus(await attendeeCall(p.token, `/ea/sessions/${session}/chat/messages`, { textHtml: `<p>${text}</p>` }), 201).json() as { id: string }).id;
    },
    async react(p: Person, session: string, message: string): Promise<void> {
      expectStatus(await attendeeCall(p.token, `/ea/sessions/${session}/chat/messages/${message}/reactions`, { type: 'like' }), 201);
    },
    async ask(p: Person, session: string, text = 'When are the slides shared?'): Promise<string> {
      return (expectStatus(await attendeeCall(p.token, `/ea/sessions/${session}/questions`, { text }), 201).json() as { id: string }).id;
    },
    async answer(p: Person, session: string, question: string): Promise<void> {
      expectStatus(await attendeeCall(p.token, `/ea/sessions/${session}/questions/${question}/answer`, { answer: 'After the session.' }), 200);
    },
  };
}

/** Every item of a list, following nextToken. */
export async function all<T>(api: Api, path: string, query: Record<string, string> = {}): Promise<T[]> {
  const out: T[] = [];
  let qs = new URLSearchParams({ limit: '200', ...query }).toString();
  for (;;) {
    const res = await api('GET', `${path}?${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Page<T>;
    out.push(...page.data);
    if (!page.paging.nextToken) return out;
    qs = new URLSearchParams({ token: page.paging.nextToken }).toString();
  }
}

export const filter = (f: string) => `filter=${encodeURIComponent(f)}`;
