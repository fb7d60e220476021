// Test data for the webcast suites, inserted directly (sessions, contacts and
// attendees have their own modules; these rows only need the table shapes).
import type { Services } from '../../src/app.js';
import type { Db } from '../../src/db/index.js';
import { newId } from '../../src/db/ids.js';
import type { NewRow } from '../../src/db/types.js';
import type { Api } from './app.js';

const now = () => new Date().toISOString();

export async function fixtureEvent(services: Services, accountId: string, format: 'In-person' | 'Virtual' | 'Hybrid' = 'Hybrid', title = `Event ${format}`): Promise<string> {
  const event = await services.events.createNow(accountId, 'fixture', {
    title, format, type: 'Conference', timezone: 'UTC', languages: ['en-US'],
    planners: [{ firstName: 'Pat', lastName: 'Planner', email: 'pat.planner@example.test' }],
    start: '2027-03-01T09:00:00.000Z', end: '2027-03-02T17:00:00.000Z',
  });
  return event.id;
}

export async function fixtureSession(db: Db, accountId: string, eventId: string, overrides: Partial<NewRow<'sessions'>> = {}): Promise<string> {
  const t = now();
  const row = {
    id: newId(), account_id: accountId, event_id: eventId, title: 'Keynote', code: null, description: null,
    start: '2027-03-01T10:00:00.000Z', end: '2027-03-01T11:00:00.000Z', status: 'Active', included_session: 1, virtual: 0,
    capacity: null, capacity_unlimited: 1, enable_waitlist: 0, waitlist_capacity: null, extra: '{}',
    created: t, last_modified: t, created_by: 'fixture', last_modified_by: 'fixture', ...overrides,
  } satisfies NewRow<'sessions'>;
  await db.insertInto('sessions').values(row).execute();
  return row.id;
}

/** Opens chat and Q&A for the event's attendees: the AttendeeHub feature launched, through the API. */
export async function launchAttendeeHub(api: Api, eventId: string): Promise<void> {
  const res = await api('POST', `/ea/events/${eventId}/features/AttendeeHub/launch`);
  if (res.statusCode !== 204) throw new Error(`launching the AttendeeHub of ${eventId} answered ${res.statusCode}: ${res.body}`);
}

let seq = 0;

/** A contact registered for the event; returns the attendee id. */
export async function fixtureAttendee(db: Db, accountId: string, eventId: string): Promise<string> {
  seq += 1;
  const t = now();
  const contact: NewRow<'contacts'> = {
    id: newId(), account_id: accountId, first_name: 'Ada', last_name: `Attendee${seq}`, middle_name: null, email: `ada${seq}@example.test`,
    company: null, title: null, source_id: null, profile: '{}', deleted: 0, purged: 0,
    created: t, last_modified: t, created_by: 'fixture', last_modified_by: 'fixture',
  };
  const attendee: NewRow<'attendees'> = {
    id: newId(), account_id: accountId, event_id: eventId, contact_id: contact.id, confirmation_number: `C${seq}`, status: 'Accepted',
    checked_in: 0, check_in: null, check_out: null, duration: null, reference_id: null, note: null, guest: 0, visibility: null,
    invited_by: null, response_method: null, registered_at: t, extra: '{}',
    created: t, last_modified: t, attendee_last_modified: t, created_by: 'fixture', last_modified_by: 'fixture',
  };
  await db.insertInto('contacts').values(contact).execute();
  await db.insertInto('attendees').values(attendee).execute();
  return attendee.id;
}

export async function fixtureAttendees(db: Db, accountId: string, eventId: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(await fixtureAttendee(db, accountId, eventId));
  return ids;
}

export async function sessionVirtual(db: Db, sessionId: string): Promise<number | undefined> {
  return (await db.selectFrom('sessions').select('virtual').where('id', '=', sessionId).executeTakeFirst())?.virtual;
}
