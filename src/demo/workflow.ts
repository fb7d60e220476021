import type { Services } from '../app.js';
import type { AuthContext } from '../actor.js';
import { ALL_SCOPES } from '../modules/oauth/index.js';
import { BUILT_IN_ACTIVITIES } from '../modules/activities/index.js';

const FIRST = ['Ada', 'Grace', 'Alan', 'Katherine', 'Linus', 'Margaret', 'Dennis', 'Barbara', 'Ken', 'Frances', 'Edsger', 'Radia'];
const LAST = ['Okafor', 'Lindqvist', 'Moreau', 'Tanaka', 'Haddad', 'Novak', 'Silva', 'Kowalski', 'Mensah', 'Rossi', 'Nakamura', 'Dubois'];

function at(base: Date, hours: number): string {
  return new Date(base.getTime() + hours * 3600_000).toISOString();
}

/**
 * The demo event's sessions and people, so the seed's workflow can be tried at
 * once: Included and Optional sessions, some virtual (one with a webcast), and
 * 36 attendees, half of them enrolled in the Optional workshop; the AttendeeHub
 * is launched, so chat and Q&A work; the first six have personal join links to
 * the keynote; and an engagement score ranks attendees by what they do.
 */
export async function seedDemoWorkflow(services: Services, input: { accountId: string; plannerId: string; eventId: string; start: Date }): Promise<void> {
  const auth: AuthContext = {
    accountId: input.accountId, clientId: 'demo-seed', applicationId: null, userId: input.plannerId, scopes: new Set(ALL_SCOPES), tokenId: 'demo-seed',
  };
  const event = { id: input.eventId };
  const s = input.start;
  // The demo's attendees can chat and ask questions at once: that needs the event's AttendeeHub launched.
  await services.eventFeatures.launch(auth, input.eventId, 'AttendeeHub');
  const keynote = await services.sessions.create(auth, { title: 'Opening Keynote: The Hybrid Future', event, start: at(s, 0), end: at(s, 1), includedSession: true, virtual: true });
  await services.sessions.create(auth, { title: 'Networking Lunch', event, start: at(s, 3), end: at(s, 4), includedSession: true });
  const workshop = await services.sessions.create(auth, {
    title: 'Workshop: Producing Hybrid Sessions', event, start: at(s, 5), end: at(s, 7), includedSession: false, virtual: true,
    capacity: 20, capacityUnlimited: false, enableWaitlist: true,
  });
  await services.sessions.create(auth, { title: 'Breakout: Compliance for Virtual Events', event, start: at(s, 24), end: at(s, 25), includedSession: false });
  await services.sessions.create(auth, { title: 'Closing Panel', event, start: at(s, 48), end: at(s, 49), includedSession: true, virtual: true });

  const keynoteWebcast = await services.webcasts.create(auth, {
    session: { id: keynote.id }, title: 'Opening Keynote (Zoom)', type: 'Webinar', format: 'Live', provider: 'Zoom', status: 'Not Started',
    meetingId: '845 1234 5678',
    _links: {
      join: { href: 'https://zoom.example.test/j/84512345678', code: 'hybrid26' },
      host: { href: 'https://zoom.example.test/s/84512345678', code: '518204', key: '735910' },
      speaker: { href: 'https://zoom.example.test/s/84512345678?role=panelist', code: 'speak26' },
    },
  });

  const items = Array.from({ length: 36 }, (_, i) => {
    const first = FIRST[i % FIRST.length] ?? 'Alex';
    const last = LAST[Math.floor(i / FIRST.length) * 4 + (i % 4)] ?? 'Doe';
    return {
      event, status: 'Accepted',
      contact: { firstName: first, lastName: last, email: `${first}.${last}.${i}@demo-attendee.eventline.test`.toLowerCase(), company: 'Demo Co' },
    };
  });
  const added = await services.attendees.addMany(auth, items);
  // An item's data is the added attendee's id, or the item's error.
  const ids = added.flatMap((r) => ('id' in r.data && typeof r.data.id === 'string' ? [r.data.id] : []));
  for (const id of ids.slice(0, 18)) await services.sessionEnrollment.enroll(auth, workshop.id, id);
  await services.attendeeLinks.create(auth, keynoteWebcast.id, ids.slice(0, 6).map((id, i) => ({
    item: { attendee: { id }, join: { href: `https://zoom.example.test/j/84512345678?pwd=demo${i + 1}`, code: 'hybrid26' } },
  })));
  // The demo's engagement score: activities earn points as they are recorded (check-ins, chat, Q&A, join-link clicks).
  await services.insights.create(auth, {
    name: 'Demo engagement', description: 'Points for showing up and taking part in the virtual sessions.', event,
    actions: [
      { type: 'session.checkedIn', points: 10 },
      { type: 'session.questionAsked', points: 5 },
      { type: 'session.external', name: BUILT_IN_ACTIVITIES.questionAnswered, points: 4 },
      { type: 'session.external', name: BUILT_IN_ACTIVITIES.chatMessagePosted, points: 3 },
      { type: 'session.external', name: BUILT_IN_ACTIVITIES.joinLinkClicked, points: 2 },
      { type: 'session.external', name: BUILT_IN_ACTIVITIES.chatReactionAdded, points: 1 },
    ],
  });
}
