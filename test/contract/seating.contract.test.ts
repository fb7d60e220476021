import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureAttendee, fixtureEvent } from '../helpers/webcast-fixtures.js';
import { describeContract, expectReferenceAnswer, referenceOperation } from './reference.js';

// The Seating tag (issue 31) as eventline really answers it: every served status of its eight reference operations
// validated against the reference's response schemas (DESIGN rule 2), on whichever database the suite runs. The
// writes (create seating, table, seat; assign, unassign) are extensions with no reference schema: the API test
// covers them, and they build the data read here.
describeContract('contract: the Seating tag matches the reference', () => {
  let t: TestApp;
  let api: Api;
  let anonymous: Api;
  let narrow: Api;
  let otherApi: Api;
  let event: string;
  let seating: string;
  let table: string;
  let seat: string;
  const MISSING = '0190a1b2-0000-7000-8000-000000000000';
  const dataDir = mkdtempSync(join(tmpdir(), 'eventline-seating-contract-'));
  const check = expectReferenceAnswer;
  const f = (filter: string) => `filter=${encodeURIComponent(filter)}`;

  beforeAll(async () => {
    t = await startTestApp({ env: { DATA_DIR: dataDir, RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
    const tenant = await createTenant(t.services);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    anonymous = apiClient(t.app, undefined);
    narrow = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
    event = await fixtureEvent(t.services, tenant.accountId);
    seating = ((await api('POST', `/ea/events/${event}/seatings`, { name: 'Awards Dinner', code: 'DINNER', sourceId: 'Id2854' })).json() as { id: string }).id;
    const made = (await api('POST', `/ea/events/${event}/seatings/${seating}/tables`, { name: 'VIP', code: 'T1', capacity: 2, description: 'Front', sourceId: 'Id1255' })).json() as {
      id: string; seats: Array<{ id: string }>;
    };
    table = made.id;
    seat = made.seats[0]!.id;
    const attendee = await fixtureAttendee(t.db.handle.db, tenant.accountId, event);
    expect((await api('POST', `/ea/events/${event}/seatings/${seating}/assignments`, { attendee: { id: attendee }, seat: { id: seat } })).statusCode).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('declares the reference scopes', () => {
    expect(referenceOperation('GET', '/events/{id}/seatings')).toEqual({ operationId: 'listSeating', scopes: ['seating/event-seatings:read'] });
    expect(referenceOperation('GET', '/events/{id}/seatings/assignments')).toEqual({ operationId: 'getEventTableAssignments', scopes: ['seating/assignments:read'] });
    expect(referenceOperation('GET', '/events/{id}/seatings/{seatingId}/tables/{tableId}/seats/{seatId}')).toEqual({ operationId: 'getSeat', scopes: ['seating/seats:read'] });
  });

  it('seatings: list 200, 400, 401, 403, 404; get 200, 404', async () => {
    const list = '/events/{id}/seatings';
    const page = check('GET', list, 200, await api('GET', `/ea/events/${event}/seatings?${f(`id eq '${seating}'`)}`)) as { data: unknown[] };
    expect(page.data).toHaveLength(1);
    check('GET', list, 400, await api('GET', `/ea/events/${event}/seatings?${f("name eq 'x'")}`));
    check('GET', list, 401, await anonymous('GET', `/ea/events/${event}/seatings`));
    check('GET', list, 403, await narrow('GET', `/ea/events/${event}/seatings`));
    check('GET', list, 404, await otherApi('GET', `/ea/events/${event}/seatings`));
    const one = '/events/{id}/seatings/{seatingId}';
    check('GET', one, 200, await api('GET', `/ea/events/${event}/seatings/${seating}`));
    check('GET', one, 404, await api('GET', `/ea/events/${event}/seatings/${MISSING}`));
    check('GET', one, 401, await anonymous('GET', `/ea/events/${event}/seatings/${seating}`));
    check('GET', one, 403, await narrow('GET', `/ea/events/${event}/seatings/${seating}`));
  });

  it('tables: list 200 (ids and expanded seats), 400, 404; get 200, 400, 404', async () => {
    const list = '/events/{id}/seatings/{seatingId}/tables';
    check('GET', list, 200, await api('GET', `/ea/events/${event}/seatings/${seating}/tables`));
    const expanded = check('GET', list, 200, await api('GET', `/ea/events/${event}/seatings/${seating}/tables?expand=seats&${f(`id eq '${table}'`)}`)) as {
      data: Array<{ seats: Array<{ name?: string }> }>;
    };
    expect(expanded.data[0]?.seats[0]?.name).toBe('Seat 1');
    check('GET', list, 400, await api('GET', `/ea/events/${event}/seatings/${seating}/tables?expand=chairs`));
    check('GET', list, 404, await api('GET', `/ea/events/${event}/seatings/${MISSING}/tables`));
    const one = '/events/{id}/seatings/{seatingId}/tables/{tableId}';
    check('GET', one, 200, await api('GET', `/ea/events/${event}/seatings/${seating}/tables/${table}?expand=seats`));
    check('GET', one, 400, await api('GET', `/ea/events/${event}/seatings/${seating}/tables/${table}?expand=chairs`));
    check('GET', one, 404, await otherApi('GET', `/ea/events/${event}/seatings/${seating}/tables/${table}`));
    check('GET', one, 403, await narrow('GET', `/ea/events/${event}/seatings/${seating}/tables/${table}`));
  });

  it('seats: list 200, 400, 404; get 200, 404', async () => {
    const list = '/events/{id}/seatings/{seatingId}/tables/{tableId}/seats';
    check('GET', list, 200, await api('GET', `/ea/events/${event}/seatings/${seating}/tables/${table}/seats?limit=1`));
    check('GET', list, 400, await api('GET', `/ea/events/${event}/seatings/${seating}/tables/${table}/seats?${f(`id ne '${seat}'`)}`));
    check('GET', list, 404, await api('GET', `/ea/events/${event}/seatings/${seating}/tables/${MISSING}/seats`));
    const one = '/events/{id}/seatings/{seatingId}/tables/{tableId}/seats/{seatId}';
    check('GET', one, 200, await api('GET', `/ea/events/${event}/seatings/${seating}/tables/${table}/seats/${seat}`));
    check('GET', one, 404, await api('GET', `/ea/events/${event}/seatings/${seating}/tables/${table}/seats/${MISSING}`));
    check('GET', one, 401, await anonymous('GET', `/ea/events/${event}/seatings/${seating}/tables/${table}/seats/${seat}`));
  });

  it('assignments: event and seating lists 200 (ids and expanded), 400, 401, 403, 404', async () => {
    for (const [path, url] of [
      ['/events/{id}/seatings/assignments', `/ea/events/${event}/seatings/assignments`],
      ['/events/{id}/seatings/{seatingId}/assignments', `/ea/events/${event}/seatings/${seating}/assignments`],
    ] as const) {
      const page = check('GET', path, 200, await api('GET', `${url}?${f(`seating.id eq '${seating}' and seat.id eq '${seat}'`)}`)) as { data: unknown[] };
      expect(page.data).toHaveLength(1);
      const expanded = check('GET', path, 200, await api('GET', `${url}?expand=seating,table,seat`)) as { data: Array<{ table: { capacity?: number } }> };
      expect(expanded.data[0]?.table.capacity).toBe(2);
      check('GET', path, 400, await api('GET', `${url}?${f(`attendee.id ne '${MISSING}'`)}`));
      check('GET', path, 401, await anonymous('GET', url));
      check('GET', path, 403, await narrow('GET', url));
      check('GET', path, 404, await otherApi('GET', url));
    }
  });
});
