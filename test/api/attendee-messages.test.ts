import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureAttendees, fixtureEvent } from '../helpers/webcast-fixtures.js';

// Attendee-messaging channel members (issue 30): attendees join channels, leave them (listed inactive, with the time)
// and come back; the list takes the reference's required filter on channel.id.

interface Page { data: Array<{ attendee: { id: string; active: boolean; leftChannelAt?: string }; channel: { id: string } }>; paging: { nextToken?: string } }

describe('attendee messages: channel members', () => {
  let t: TestApp;
  let api: Api;
  let event: string;
  let a: string[];
  const group = 'production_group_0cb93bab-32d2-4f82-b430-e1911f2348ac';
  const direct = 'production_attendee_616241fd-e97d-48c5-8c4b-4b926f50e8c3';
  const members = (filter: string, extra = '') => api('GET', `/ea/events/${event}/attendee-messages/members?filter=${encodeURIComponent(filter)}${extra}`);

  beforeAll(async () => {
    t = await startTestApp({ build: { worker: false } });
    const tenant = await createTenant(t.services);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    event = await fixtureEvent(t.services, tenant.accountId);
    a = await fixtureAttendees(t.db.handle.db, tenant.accountId, event, 3);
  });
  afterAll(async () => t?.close());

  it('lists the members of the channels the filter names; a member who left is inactive with the time', async () => {
    for (const id of a) await ok(api('PUT', `/ea/events/${event}/attendee-messages/channels/${group}/members/${id}`));
    const joined = await ok<Page['data'][number]>(api('PUT', `/ea/events/${event}/attendee-messages/channels/${direct}/members/${a[0] ?? ''}`));
    expect(joined).toEqual({ attendee: { id: a[0], active: true }, channel: { id: direct } });
    // Joining again changes nothing.
    await ok(api('PUT', `/ea/events/${event}/attendee-messages/channels/${direct}/members/${a[0] ?? ''}`));

    const all = await ok<Page>(members(`channel.id in ('${group}', '${direct}')`));
    expect(all.data).toHaveLength(4);
    const directOnly = await ok<Page>(members(`channel.id eq '${direct}'`));
    expect(directOnly.data.map((m) => m.attendee.id)).toEqual([a[0]]);
    const either = await ok<Page>(members(`channel.id eq '${direct}' or channel.id eq '${group}'`, '&limit=2'));
    expect(either.data).toHaveLength(2);
    const next = await ok<Page>(api('GET', `/ea/events/${event}/attendee-messages/members?token=${encodeURIComponent(either.paging.nextToken ?? '')}`));
    expect(next.data).toHaveLength(2);

    expect((await api('DELETE', `/ea/events/${event}/attendee-messages/channels/${group}/members/${a[1] ?? ''}`)).statusCode).toBe(204);
    const after = await ok<Page>(members(`channel.id eq '${group}'`));
    const left = after.data.find((m) => m.attendee.id === a[1]);
    expect(left?.attendee.active).toBe(false);
    expect(left?.attendee.leftChannelAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Coming back makes the member active again.
    await ok(api('PUT', `/ea/events/${event}/attendee-messages/channels/${group}/members/${a[1] ?? ''}`));
    const back = await ok<Page>(members(`channel.id eq '${group}'`));
    expect(back.data.find((m) => m.attendee.id === a[1])?.attendee).toEqual({ id: a[1], active: true });
  });

  it('answers bad input with a 4xx', async () => {
    expect((await api('GET', `/ea/events/${event}/attendee-messages/members`)).json()).toMatchObject({ code: 400, target: 'filter' });
    expect((await members("attendee.id eq 'x'")).statusCode).toBe(400);
    expect((await members(`channel.id ne '${group}'`)).statusCode).toBe(400);
    expect((await api('PUT', `/ea/events/${event}/attendee-messages/channels/${group}/members/0190a1b2-0000-7000-8000-000000000000`)).statusCode).toBe(404);
    expect((await api('PUT', `/ea/events/${event}/attendee-messages/channels/bad channel/members/${a[0] ?? ''}`)).statusCode).toBe(400);
    expect((await api('DELETE', `/ea/events/${event}/attendee-messages/channels/nobody_here/members/${a[0] ?? ''}`)).statusCode).toBe(404);
    expect((await api('GET', `/ea/events/0190a1b2-0000-7000-8000-000000000000/attendee-messages/members?filter=${encodeURIComponent(`channel.id eq '${group}'`)}`)).statusCode).toBe(404);
  });
});
