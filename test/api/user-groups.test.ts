import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type Tenant, type TestApp } from '../helpers/app.js';
import { scimClient } from '../helpers/scim.js';

// The reference's Account User Groups (/account-user-groups, tag Users): the
// same groups SCIM serves, which give their members a role.

let t: TestApp;
let tenant: Tenant;
let api: Api;
const MISSING = '0190a1b2-0000-7000-8000-000000000000';

interface Group { id: string; name: string; description?: string; role?: string; created: string; createdBy: string; lastModified: string; lastModifiedBy: string }
interface Page { paging: { totalCount: number; nextToken?: string; limit: number }; data: Group[] }

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.services);
  api = apiClient(t.app, await tokenFor(t.app, tenant));
});
afterAll(async () => t?.close());

async function create(body: Record<string, unknown>): Promise<Group> {
  const res = await api('POST', '/ea/account-user-groups', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Group;
}

describe('account user groups', () => {
  it('starts every account with one group per role, and the account\'s users in the group of their role', async () => {
    const res = await api('GET', '/ea/account-user-groups');
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page;
    expect(page.data.map((g) => [g.name, g.role])).toEqual([['Administrators', 'administrator'], ['Planners', 'planner'], ['Developers', 'developer']]);
    const admins = await t.services.scim.getUser(tenant.accountId, tenant.adminId, {});
    expect(admins.resource.groups?.map((g) => g.display)).toEqual(['Administrators']);
  });

  it('creates (200, as the reference says), reads, updates and deletes a group, with audit fields', async () => {
    const group = await create({ name: 'Event Team', description: 'Runs the events' });
    expect(group).toMatchObject({ name: 'Event Team', description: 'Runs the events', createdBy: tenant.clientId, lastModifiedBy: tenant.clientId });
    expect(group).not.toHaveProperty('role');
    expect((await api('GET', `/ea/account-user-groups/${group.id}`)).json()).toEqual(group);
    // The reference's body is the group itself: read-only fields sent back are ignored.
    const put = await api('PUT', `/ea/account-user-groups/${group.id}`, { ...group, name: 'Event Crew', description: undefined });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ id: group.id, name: 'Event Crew', created: group.created });
    expect(put.json()).not.toHaveProperty('description');
    const del = await api('DELETE', `/ea/account-user-groups/${group.id}`);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await api('GET', `/ea/account-user-groups/${group.id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/ea/account-user-groups/${group.id}`)).statusCode).toBe(404);
  });

  it('refuses a name taken in any letter case (409), a blank or long name and a bad role (400)', async () => {
    await create({ name: 'Unique Name' });
    const dup = await api('POST', '/ea/account-user-groups', { name: 'unique name' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 409, target: 'name' });
    expect((await api('POST', '/ea/account-user-groups', { name: '   ' })).statusCode).toBe(400);
    expect((await api('POST', '/ea/account-user-groups', { name: 'x'.repeat(51) })).statusCode).toBe(400);
    expect((await api('POST', '/ea/account-user-groups', { name: 'Roles', role: 'owner' })).statusCode).toBe(400);
    expect((await api('POST', '/ea/account-user-groups', { name: 'Extra', color: 'red' })).statusCode).toBe(400);
  });

  it('filters by the reference\'s fields and pages with tokens', async () => {
    for (const name of ['Filter Alpha', 'Filter Beta', 'Filter Gamma']) await create({ name });
    const byName = (await api('GET', `/ea/account-user-groups?filter=${encodeURIComponent("name sw 'filter' and name ne 'Filter Beta'")}`)).json() as Page;
    expect(byName.data.map((g) => g.name)).toEqual(['Filter Alpha', 'Filter Gamma']);
    const inList = (await api('GET', `/ea/account-user-groups?filter=${encodeURIComponent("name in ('Filter Beta', 'Planners')")}`)).json() as Page;
    expect(inList.data.map((g) => g.name)).toEqual(['Planners', 'Filter Beta']);
    const byCreator = (await api('GET', `/ea/account-user-groups?filter=${encodeURIComponent("createdBy eq 'eventline'")}`)).json() as Page;
    expect(byCreator.data.map((g) => g.name)).toEqual(['Administrators', 'Planners', 'Developers']);
    const recent = (await api('GET', `/ea/account-user-groups?filter=${encodeURIComponent("created gt '2000-01-01T00:00:00Z'")}&limit=2`)).json() as Page;
    expect(recent.data).toHaveLength(2);
    expect(recent.paging.nextToken).toBeDefined();
    const next = (await api('GET', `/ea/account-user-groups?token=${recent.paging.nextToken ?? ''}`)).json() as Page;
    expect(next.data[0]?.id).not.toBe(recent.data[1]?.id);
    const bad = await api('GET', `/ea/account-user-groups?filter=${encodeURIComponent("role eq 'planner'")}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400, target: 'filter' });
  });

  it('associates and removes users (204); the member\'s role follows its groups at once', async () => {
    const user = await t.services.accounts.createUser({ accountId: tenant.accountId, email: 'grouped@example.test', role: 'developer' });
    const leads = await create({ name: 'Leads', role: 'planner' });
    expect((await api('POST', `/ea/account-user-groups/${leads.id}/users/${user.id}`)).statusCode).toBe(204);
    expect((await t.services.accounts.getUser(tenant.accountId, user.id)).role).toBe('planner');
    // Again: no change, still 204.
    expect((await api('POST', `/ea/account-user-groups/${leads.id}/users/${user.id}`)).statusCode).toBe(204);
    // Changing the group's role changes its members' roles.
    expect((await api('PUT', `/ea/account-user-groups/${leads.id}`, { name: 'Leads', role: 'administrator' })).statusCode).toBe(200);
    expect((await t.services.accounts.getUser(tenant.accountId, user.id)).role).toBe('administrator');
    // The same group, seen through SCIM.
    const scim = scimClient(t.app, await tokenFor(t.app, tenant));
    const seen = await scim('GET', `/Groups/${leads.id}`);
    expect(seen.json()).toMatchObject({ displayName: 'Leads', members: [{ value: user.id }], 'urn:ietf:params:scim:schemas:extension:eventline:2.0:Group': { role: 'administrator' } });
    expect((await api('DELETE', `/ea/account-user-groups/${leads.id}/users/${user.id}`)).statusCode).toBe(204);
    expect((await t.services.accounts.getUser(tenant.accountId, user.id)).role).toBe('developer');
    expect((await api('POST', `/ea/account-user-groups/${leads.id}/users/${MISSING}`)).statusCode).toBe(404);
    expect((await api('POST', `/ea/account-user-groups/${MISSING}/users/${user.id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/ea/account-user-groups/${leads.id}/users/${MISSING}`)).statusCode).toBe(404);
    expect((await api('GET', '/ea/account-user-groups/not-a-uuid')).statusCode).toBe(404);
  });

  it('deleting a group takes its role from its members', async () => {
    const user = await t.services.accounts.createUser({ accountId: tenant.accountId, email: 'orphan@example.test', role: 'developer' });
    const group = await create({ name: 'Temporary Admins', role: 'administrator' });
    await api('POST', `/ea/account-user-groups/${group.id}/users/${user.id}`);
    expect((await t.services.accounts.getUser(tenant.accountId, user.id)).role).toBe('administrator');
    expect((await api('DELETE', `/ea/account-user-groups/${group.id}`)).statusCode).toBe(204);
    expect((await t.services.accounts.getUser(tenant.accountId, user.id)).role).toBe('developer');
  });

  it('needs account/user-groups:read, :write and :delete for each kind of call (403)', async () => {
    const group = await create({ name: 'Scoped' });
    const user = await t.services.accounts.createUser({ accountId: tenant.accountId, email: 'scoped@example.test', role: 'developer' });
    const readOnly = apiClient(t.app, await tokenFor(t.app, tenant, 'account/user-groups:read'));
    const writeOnly = apiClient(t.app, await tokenFor(t.app, tenant, 'account/user-groups:write'));
    const none = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    expect((await none('GET', '/ea/account-user-groups')).statusCode).toBe(403);
    expect((await readOnly('GET', '/ea/account-user-groups')).statusCode).toBe(200);
    expect((await readOnly('POST', '/ea/account-user-groups', { name: 'No' })).statusCode).toBe(403);
    expect((await readOnly('POST', `/ea/account-user-groups/${group.id}/users/${user.id}`)).statusCode).toBe(403);
    expect((await writeOnly('DELETE', `/ea/account-user-groups/${group.id}`)).statusCode).toBe(403);
    expect((await writeOnly('DELETE', `/ea/account-user-groups/${group.id}/users/${user.id}`)).statusCode).toBe(403);
    expect((await writeOnly('GET', `/ea/account-user-groups/${group.id}`)).statusCode).toBe(403);
    expect((await apiClient(t.app, undefined)('GET', '/ea/account-user-groups')).statusCode).toBe(401);
  });

  it('account B sees none of account A\'s groups (404) and cannot put A\'s users in its own', async () => {
    const other = await createTenant(t.services);
    const b = apiClient(t.app, await tokenFor(t.app, other));
    const aGroup = await create({ name: 'Tenant A group' });
    const aUser = await t.services.accounts.createUser({ accountId: tenant.accountId, email: 'tenant.a.user@example.test', role: 'developer' });
    expect((await b('GET', `/ea/account-user-groups/${aGroup.id}`)).statusCode).toBe(404);
    expect((await b('PUT', `/ea/account-user-groups/${aGroup.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await b('DELETE', `/ea/account-user-groups/${aGroup.id}`)).statusCode).toBe(404);
    expect((await b('POST', `/ea/account-user-groups/${aGroup.id}/users/${other.adminId}`)).statusCode).toBe(404);
    const bGroups = (await b('GET', '/ea/account-user-groups')).json() as Page;
    expect(bGroups.data.map((g) => g.id)).not.toContain(aGroup.id);
    expect(bGroups.paging.totalCount).toBe(3);
    const bAdmins = bGroups.data[0]?.id ?? '';
    expect((await b('POST', `/ea/account-user-groups/${bAdmins}/users/${aUser.id}`)).statusCode).toBe(404);
    expect((await b('DELETE', `/ea/account-user-groups/${bAdmins}/users/${aUser.id}`)).statusCode).toBe(404);
    expect((await t.services.accounts.getUser(tenant.accountId, aUser.id)).role).toBe('developer');
    // B may use A's name: names are unique within an account only.
    expect((await b('POST', '/ea/account-user-groups', { name: 'Tenant A group' })).statusCode).toBe(200);
  });
});
