import type { Services } from '../app.js';
import type { AuthContext } from '../actor.js';
import { ALL_SCOPES } from '../modules/oauth/index.js';
import type { SessionInput } from '../modules/sessions/index.js';

// The demo event's program (issue 29): twelve sessions over the summit's first two days (and the workflow's closing
// panel), each in a session location and under a session category; breaks, a buffet and a reception as program items;
// speakers on sessions and on the reception.

const LOCATIONS = [
  { code: 'HB', name: 'Harbor Ballroom' }, { code: 'R201', name: 'Room 201' }, { code: 'R202', name: 'Room 202' },
  { code: 'STA', name: 'Studio A (broadcast)' }, { code: 'TER', name: 'Harbor Terrace' },
] as const;
const CATEGORIES = [
  { name: 'Keynote', description: 'Main-stage talks, streamed to every online attendee.' },
  { name: 'Breakout', description: 'Parallel talks in the breakout rooms.' },
  { name: 'Workshop', description: 'Hands-on sessions with limited seats.' },
  { name: 'Social', description: 'Meals, receptions and time to meet.' },
] as const;

/** Sessions the demo adds (hours after the summit opens) while its event has fewer than twelve. */
const MORE_SESSIONS = [
  { title: 'Breakout: Designing for Remote Audiences', from: 1.5, to: 2.5 },
  { title: 'Breakout: Registration That Converts', from: 1.5, to: 2.5 },
  { title: 'Day 2 Keynote: Data, Privacy and Trust', from: 23, to: 24 },
  { title: 'Breakout: Accessibility in Hybrid Events', from: 25.5, to: 26.5 },
  { title: 'Breakout: Sponsors Who Come Back', from: 25.5, to: 26.5 },
  { title: 'Workshop: Running a Virtual Green Room', from: 27, to: 29 },
  { title: 'Lightning Talks', from: 29.5, to: 30.5 },
] as const;

type Placement = { location: (typeof LOCATIONS)[number]['code']; category: (typeof CATEGORIES)[number]['name'] };

/** Where a session of the demo runs and under which heading, by its title. */
function placement(title: string, breakouts: number): Placement {
  if (/keynote|closing panel/i.test(title)) return { location: 'HB', category: 'Keynote' };
  if (/^workshop/i.test(title)) return { location: 'STA', category: 'Workshop' };
  if (/lunch|reception/i.test(title)) return { location: 'TER', category: 'Social' };
  return { location: breakouts % 2 === 0 ? 'R201' : 'R202', category: 'Breakout' };
}

export async function seedDemoProgram(services: Services, input: { accountId: string; plannerId: string; eventId: string; start: Date }): Promise<void> {
  const auth: AuthContext = {
    accountId: input.accountId, clientId: 'demo-seed', applicationId: null, userId: input.plannerId, scopes: new Set(ALL_SCOPES), tokenId: 'demo-seed',
  };
  const { program, sessions, speakers } = services;
  const event = { id: input.eventId };
  const at = (hours: number) => new Date(input.start.getTime() + hours * 3600_000).toISOString();
  const ofEvent = async () => (await sessions.list(input.accountId, { filter: `event.id eq '${input.eventId}'`, sort: 'start:ASC', limit: 200 })).data;

  const existing = await ofEvent();
  for (const s of MORE_SESSIONS.slice(0, Math.max(0, 12 - existing.length))) {
    await sessions.create(auth, { title: s.title, event, start: at(s.from), end: at(s.to), includedSession: !/^workshop/i.test(s.title) });
  }

  const locations = new Map<string, string>();
  for (const l of LOCATIONS) locations.set(l.code, (await program.createLocation(auth, input.eventId, l)).id);
  const categories = new Map<string, string>();
  for (const c of CATEGORIES) categories.set(c.name, (await program.createCategory(auth, c)).id);
  let breakouts = 0;
  const byTitle = new Map<string, string>();
  for (const s of await ofEvent()) {
    const p = placement(s.title, breakouts);
    if (p.category === 'Breakout') breakouts += 1;
    // A PUT replaces the session: what the demo's sessions set is sent again, with the location and category.
    const body: SessionInput = {
      title: s.title, event, start: s.start, end: s.end, status: s.status, includedSession: s.includedSession, virtual: s.virtual,
      capacityUnlimited: s.capacityUnlimited, enableWaitlist: s.enableWaitlist, featured: s.featured, order: s.order,
      ...(s.capacity !== undefined ? { capacity: s.capacity } : {}), ...(s.waitlistCapacity !== undefined ? { waitlistCapacity: s.waitlistCapacity } : {}),
      location: { id: locations.get(p.location) ?? '' }, category: { id: categories.get(p.category) ?? '' },
    };
    await sessions.update(auth, s.id, body);
    byTitle.set(s.title, s.id);
  }

  const inSession = (prefix: string) => [...byTitle.entries()].find(([title]) => title.startsWith(prefix))?.[1];
  const item = async (prefix: string, name: string, duration: number, description: string) => {
    const sessionId = inSession(prefix);
    return sessionId ? program.createItem(auth, { event, session: { id: sessionId }, name, duration, description }) : undefined;
  };
  await item('Workshop: Producing', 'Coffee break', 15, 'Coffee and pastries outside Studio A.');
  await item('Workshop: Running', 'Stretch break', 10, 'Ten minutes away from the screens.');
  await item('Networking Lunch', 'Buffet lunch', 60, 'Served on the Harbor Terrace; vegetarian and vegan options.');
  const reception = await item('Closing Panel', 'Farewell reception', 90, 'Drinks on the Harbor Terrace after the closing panel.');

  // Speakers (both on the opening keynote already): Ana hosts the reception, Ravi leads the compliance breakout.
  const all = (await speakers.list(input.accountId, { filter: `event.id eq '${input.eventId}'`, limit: 200 })).data;
  const ana = all.find((s) => s.firstName === 'Ana');
  const ravi = all.find((s) => s.firstName === 'Ravi');
  if (ana && reception) await speakers.addToProgramItem(auth, reception.id, ana.id);
  const compliance = inSession('Breakout: Compliance');
  if (ravi && compliance) await speakers.addToSession(auth, compliance, ravi.id, { order: 1 });
}
