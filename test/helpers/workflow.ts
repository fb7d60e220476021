// Test data for the session workflow suites. Contacts and attendees belong to
// their own modules; until their services are wired these rows are inserted
// with plain Kysely inserts, using only the table shapes of migration 0002.
import type { Services } from '../../src/app.js';
import type { Db } from '../../src/db/index.js';
import { newId } from '../../src/db/ids.js';
import type { AttendeeStatus } from '../../src/modules/attendees/index.js';

export type EventFormat = 'In-person' | 'Virtual' | 'Hybrid';

/** An event created directly through the events service (no job round trip). */
export async function workflowEvent(services: Services, accountId: string, format: EventFormat = 'Hybrid', title = `Event ${format}`): Promise<string> {
  const event = await services.events.createNow(accountId, 'workflow-fixture', {
    title, format, type: 'Conference', timezone: 'Europe/Berlin', languages: ['en-US'],
    planners: [{ firstName: 'Pat', lastName: 'Planner', email: 'pat.planner@example.test' }],
    start: '2027-03-01T09:00:00.000Z', end: '2027-03-02T17:00:00.000Z',
  });
  return event.id;
}

let seq = 0;

/** A contact registered for the event (status Accepted unless given); returns the attendee id. */
export async function workflowAttendee(db: Db, accountId: string, eventId: string, opts: { status?: AttendeeStatus } = {}): Promise<string> {
  seq += 1;
  const t = new Date().toISOString();
  const contactId = newId();
  const attendeeId = newId();
  await db.insertInto('contacts').values({
    id: contactId, account_id: accountId, first_name: 'Sam', last_name: `Sample${seq}`, middle_name: null, email: `sam${seq}@example.test`,
    company: null, title: null, source_id: null, profile: '{}', deleted: 0, purged: 0,
    created: t, last_modified: t, created_by: 'workflow-fixture', last_modified_by: 'workflow-fixture',
  }).execute();
  await db.insertInto('attendees').values({
    id: attendeeId, account_id: accountId, event_id: eventId, contact_id: contactId, confirmation_number: `W${seq}`, status: opts.status ?? 'Accepted',
    checked_in: 0, check_in: null, check_out: null, duration: null, reference_id: null, note: null, guest: 0, visibility: null,
    invited_by: null, response_method: null, registered_at: t, extra: '{}',
    created: t, last_modified: t, attendee_last_modified: t, created_by: 'workflow-fixture', last_modified_by: 'workflow-fixture',
  }).execute();
  return attendeeId;
}

export async function workflowAttendees(db: Db, accountId: string, eventId: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(await workflowAttendee(db, accountId, eventId));
  return ids;
}

/** A POST /sessions body. */
export const sampleSession = (eventId: string, overrides: Record<string, unknown> = {}) => ({
  title: 'Opening Keynote', event: { id: eventId }, start: '2027-03-01T10:00:00Z', end: '2027-03-01T11:00:00Z', status: 'Active',
  ...overrides,
});
