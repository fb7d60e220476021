import type { Services } from '../app.js';
import type { AuthContext } from '../actor.js';
import { ALL_SCOPES } from '../modules/oauth/index.js';

/**
 * The demo event's seated dinner (issue 31): an awards dinner with a head table of named seats and two round tables
 * of eight, and the first attendees seated (the head table full, a few at table 1).
 */
export async function seedDemoSeating(services: Services, input: { accountId: string; plannerId: string; eventId: string }): Promise<void> {
  const auth: AuthContext = {
    accountId: input.accountId, clientId: 'demo-seed', applicationId: null, userId: input.plannerId, scopes: new Set(ALL_SCOPES), tokenId: 'demo-seed',
  };
  const seating = services.seating;
  const dinner = await seating.createSeating(auth, input.eventId, { name: 'Awards Dinner', code: 'AWARDS-DINNER' });
  const head = await seating.createTable(auth, input.eventId, dinner.id, {
    name: 'Head table', code: 'HEAD', capacity: 4, description: 'Speakers and hosts, facing the stage',
    seats: [{ name: 'Host' }, { name: 'Keynote speaker' }, { name: 'Award presenter' }, { name: 'Sponsor' }],
  });
  const round1 = await seating.createTable(auth, input.eventId, dinner.id, { name: 'Table 1', code: 'T1', capacity: 8 });
  await seating.createTable(auth, input.eventId, dinner.id, { name: 'Table 2', code: 'T2', capacity: 8 });
  const people = (await services.attendees.list(input.accountId, { filter: `event.id eq '${input.eventId}'`, limit: 7 })).data;
  const seats = [...head.seats, ...round1.seats];
  for (const [i, person] of people.entries()) {
    const seat = seats[i];
    if (seat) await seating.assign(auth, input.eventId, dinner.id, { attendee: { id: person.id }, seat: { id: seat.id } });
  }
}
