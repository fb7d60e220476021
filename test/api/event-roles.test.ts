import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';
import { describeContract, expectReferenceAnswer } from '../contract/reference.js';

// Event roles (issue 30): eventline's extensions create roles and assignments; the reference's list reads them back,
// filtered as it says, with `expand=eventRole`; another account's ids are 404. The list's answers are validated
// against the reference (DESIGN rule 2).

interface Assignment { id: string; event: { id: string }; user: { id: string }; eventRole: { id: string; name?: string }; assigned: string; assignedBy: string }
interface Page<T> { data: T[]; paging: { totalCount?: number; nextToken?: string } }
const MISSING = '0190a1b2-0000-7000-8000-000000000000';

let t: TestApp;
let api: Api;
let other: Api;
let admin: string;
let event: string;
let event2: string;

const q = (filter: string) => `filter=${encodeURIComponent(filter)}`;

beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
  const tenant = await createTenant(t.services);
  admin = tenant.adminId;
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  other = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
  event = await fixtureEvent(t.services, tenant.accountId, 'Hybrid');
  event2 = await fixtureEvent(t.services, tenant.accountId, 'Virtual', 'Second');
});
afterAll(async () => t?.close());

describe('event roles', () => {
  it('creates roles and assignments, lists and filters them, expands the role, and removes them', async () => {
    const manager = await ok<{ id: string; name: string }>(api('POST', '/ea/event-roles', { name: 'Event Manager', description: 'Runs the event' }), 201);
    const staff = await ok<{ id: string }>(api('POST', '/ea/event-roles', { name: 'Check-in Staff' }), 201);
    expect((await api('POST', '/ea/event-roles', { name: 'Event Manager' })).json()).toMatchObject({ code: 400, target: 'name' });
    const a1 = await ok<Assignment>(api('POST', '/ea/event-roles/assignments', { event: { id: event }, user: { id: admin }, eventRole: { id: manager.id } }), 201);
    expect(a1).toMatchObject({ event: { id: event }, user: { id: admin }, eventRole: { id: manager.id } });
    expect((await ok<Assignment>(api('POST', '/ea/event-roles/assignments', { event: { id: event }, user: { id: admin }, eventRole: { id: manager.id } }), 201)).id).toBe(a1.id);
    await ok(api('POST', '/ea/event-roles/assignments', { event: { id: event2 }, user: { id: admin }, eventRole: { id: staff.id } }), 201);
    for (const [body, target] of [
      [{ event: { id: MISSING }, user: { id: admin }, eventRole: { id: manager.id } }, 'event.id'],
      [{ event: { id: event }, user: { id: MISSING }, eventRole: { id: manager.id } }, 'user.id'],
      [{ event: { id: event }, user: { id: admin }, eventRole: { id: MISSING } }, 'eventRole.id'],
    ] as const) expect((await api('POST', '/ea/event-roles/assignments', body)).json()).toMatchObject({ code: 404, target });

    const all = expectReferenceAnswer('GET', '/event-roles/assignments', 200, await api('GET', '/ea/event-roles/assignments')) as Page<Assignment>;
    expect(all.data.map((a) => a.eventRole.id)).toEqual([manager.id, staff.id]);
    expect(all.data[0]?.eventRole.name).toBeUndefined();
    const expanded = expectReferenceAnswer('GET', '/event-roles/assignments', 200, await api('GET', '/ea/event-roles/assignments?expand=eventRole')) as Page<Assignment>;
    expect(expanded.data.map((a) => a.eventRole.name)).toEqual(['Event Manager', 'Check-in Staff']);
    expect((await ok<Page<Assignment>>(api('GET', `/ea/event-roles/assignments?${q(`event.id eq '${event2}' and user.id eq '${admin}'`)}`))).data.map((a) => a.eventRole.id)).toEqual([staff.id]);
    expect((await ok<Page<Assignment>>(api('GET', `/ea/event-roles/assignments?${q(`eventRole.id eq '${manager.id}'`)}`))).data).toHaveLength(1);
    expectReferenceAnswer('GET', '/event-roles/assignments', 400, await api('GET', `/ea/event-roles/assignments?${q(`event.id ne '${event}'`)}`));
    const first = await ok<Page<Assignment>>(api('GET', '/ea/event-roles/assignments?limit=1'));
    expect(first.paging.nextToken).toBeDefined();

    expect((await other('GET', '/ea/event-roles/assignments')).json<Page<Assignment>>().data).toEqual([]);
    expect((await other('POST', '/ea/event-roles/assignments', { event: { id: event }, user: { id: admin }, eventRole: { id: manager.id } })).statusCode).toBe(404);
    expect((await other('DELETE', `/ea/event-roles/assignments/${a1.id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/ea/event-roles/assignments/${a1.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/event-roles/assignments/${a1.id}`)).statusCode).toBe(404);
    expect((await ok<Page<Assignment>>(api('GET', '/ea/event-roles/assignments'))).data).toHaveLength(1);
  });
});

describeContract('contract: event role assignments match the reference', () => {
  it('GET 401, 403', async () => {
    expectReferenceAnswer('GET', '/event-roles/assignments', 401, await apiClient(t.app, undefined)('GET', '/ea/event-roles/assignments'));
    const tenant = await createTenant(t.services);
    expectReferenceAnswer('GET', '/event-roles/assignments', 403, await apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'))('GET', '/ea/event-roles/assignments'));
  });
});
