import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, waitFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureAttendee, fixtureEvent } from '../helpers/webcast-fixtures.js';

interface Page<T> { data: T[] }
interface Table { id: string; name?: string; capacity: number; seats: Array<{ id: string; name?: string }> }

// Event copy carries the seating layout (charts, tables, seats) but no assignments: the copy has none of the
// event's attendees, so its seats are all free.
describe('event copy: seating', () => {
  let t: TestApp;
  let api: Api;
  let accountId: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' }, build: { worker: true } });
    const tenant = await createTenant(t.services);
    accountId = tenant.accountId;
    api = apiClient(t.app, await tokenFor(t.app, tenant));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('copies the charts, tables and seats with new ids under the copy, and no assignment', async () => {
    const event = await fixtureEvent(t.services, accountId);
    const seating = await ok<{ id: string }>(api('POST', `/ea/events/${event}/seatings`, { name: 'Gala', code: 'GALA' }), 201);
    const table = await ok<Table>(api('POST', `/ea/events/${event}/seatings/${seating.id}/tables`, { name: 'Head', capacity: 3, seats: [{ name: 'Host' }, { name: 'Guest' }] }), 201);
    const attendee = await fixtureAttendee(t.db.handle.db, accountId, event);
    await ok(api('POST', `/ea/events/${event}/seatings/${seating.id}/assignments`, { attendee: { id: attendee }, seat: { id: table.seats[0]?.id } }), 201);

    const started = await api('POST', `/ea/events/${event}/copy`, {});
    expect(started.statusCode, started.body).toBe(202);
    const copyId = (started.json() as { id: string }).id;
    const copy = await waitFor(async () => {
      const s = (await api('GET', `/ea/events/copy/${copyId}/status`)).json() as { status: string; event?: { id: string } };
      return s.status === 'Created' ? s.event?.id : undefined;
    }, 20_000, 'the copy');

    const seatings = await ok<Page<{ id: string; name: string; code?: string }>>(api('GET', `/ea/events/${copy}/seatings`));
    expect(seatings.data.map((s) => [s.name, s.code])).toEqual([['Gala', 'GALA']]);
    const copied = seatings.data[0]!.id;
    expect(copied).not.toBe(seating.id);
    const tables = await ok<Page<Table>>(api('GET', `/ea/events/${copy}/seatings/${copied}/tables?expand=seats`));
    expect(tables.data.map((x) => ({ name: x.name, capacity: x.capacity, seats: x.seats.map((s) => s.name) }))).toEqual([{ name: 'Head', capacity: 3, seats: ['Host', 'Guest'] }]);
    expect(tables.data[0]!.seats.map((s) => s.id)).not.toContain(table.seats[0]?.id);
    expect((await ok<Page<unknown>>(api('GET', `/ea/events/${copy}/seatings/assignments`))).data).toEqual([]);
    // The original keeps its assignment.
    expect((await ok<Page<unknown>>(api('GET', `/ea/events/${event}/seatings/assignments`))).data).toHaveLength(1);
  });
});
