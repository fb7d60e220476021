import type { Services } from '../app.js';
import type { AuthContext } from '../actor.js';
import { ALL_SCOPES } from '../modules/oauth/index.js';
import { BUILT_IN_ACTIVITIES } from '../modules/activities/index.js';
import { seedDemoSurveys } from './surveys.js';

const FIRST = ['Ada', 'Grace', 'Alan', 'Katherine', 'Linus', 'Margaret', 'Dennis', 'Barbara', 'Ken', 'Frances', 'Edsger', 'Radia'];
const LAST = ['Okafor', 'Lindqvist', 'Moreau', 'Tanaka', 'Haddad', 'Novak', 'Silva', 'Kowalski', 'Mensah', 'Rossi', 'Nakamura', 'Dubois'];

const DEMO_CAPTIONS = 'WEBVTT\n\n00:00:00.000 --> 00:00:04.000\nWelcome to the closing panel of the eventline Demo Summit.\n\n'
  + '00:00:04.500 --> 00:00:09.000\nThank you all for joining us, in Boston and online.\n';

function at(base: Date, hours: number): string {
  return new Date(base.getTime() + hours * 3600_000).toISOString();
}

/**
 * The demo event's sessions and people, so the seed's workflow can be tried at
 * once: Included and Optional sessions, some virtual (one with a webcast), and
 * 36 attendees, half of them enrolled in the Optional workshop; the AttendeeHub
 * is launched, so chat and Q&A work; the first six have personal join links to
 * the keynote; the pre-recorded closing panel is a video with captions; an
 * engagement score ranks attendees by what they do (watching a video too); and
 * an event survey and a standalone survey are ready (src/demo/surveys.ts).
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
  const panel = await services.sessions.create(auth, { title: 'Closing Panel', event, start: at(s, 31), end: at(s, 32), includedSession: true, virtual: true });

  const keynoteWebcast = await services.webcasts.create(auth, {
    session: { id: keynote.id }, title: 'Opening Keynote (Zoom)', type: 'Webinar', format: 'Live', provider: 'Zoom', status: 'Not Started',
    meetingId: '845 1234 5678',
    _links: {
      join: { href: 'https://zoom.example.test/j/84512345678', code: 'hybrid26' },
      host: { href: 'https://zoom.example.test/s/84512345678', code: '518204', key: '735910' },
      speaker: { href: 'https://zoom.example.test/s/84512345678?role=panelist', code: 'speak26' },
    },
  });

  // The closing panel is pre-recorded: its recording link makes it a video of the library (with English captions and an HLS rendition).
  await services.webcasts.create(auth, {
    session: { id: panel.id }, title: 'Closing Panel (pre-recorded)', type: 'Webinar', format: 'Pre-recorded', provider: 'Zoom', simulatedLive: true,
    meetingId: '845 8765 4321', _links: { recording: { href: 'https://zoom.example.test/rec/closing-panel.mp4' } },
  });
  const [panelVideo] = (await services.videos.list(input.accountId, { filter: `sessions eq '${panel.id}'` })).data;
  if (panelVideo) {
    await services.videos.addRendition(auth, panelVideo.id, { type: 'Hls', location: { href: 'https://cdn.demo.eventline.test/closing-panel/master.m3u8' }, width: 1920, height: 1080 });
    const captions = await services.videos.createTextTrack(auth, panelVideo.id, { language: 'en-US', kind: 'captions', label: 'English', default: true });
    await services.videos.putContent(auth, panelVideo.id, captions.id, DEMO_CAPTIONS);
  }

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
      { type: 'event.videoPlayed', points: 2 },
    ],
  });
  // The demo's surveys (their responses are activities of two attendees without join links).
  await seedDemoSurveys(services, auth, input.eventId, ids.slice(30, 32));
}
