import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { apiClient, createTenant, startTestApp, tokenFor, type Tenant, type TestApp } from '../helpers/app.js';
import {
  ENTERPRISE_URN, ERROR_URN, GROUP_URN, PATCH_OP, SCIM_JSON, USER_URN, scimClient, scimResourceErrors,
  type ResourceType, type Scim, type ScimSchema,
} from '../helpers/scim.js';

// A SCIM conformance suite that plays an identity provider against the real
// app: discovery, users (create, read, list with filters and paging, PUT,
// PATCH in every form, Entra ID's quirks, deactivation, deletion), groups and
// membership, the RFC 7644 error answers, and ETags. Every resource in every
// answer is checked against the RFC 7643 schemas the server serves at /Schemas.

let t: TestApp;
let tenant: Tenant;
let scim: Scim;
let schemas: ScimSchema[] = [];
let types: ResourceType[] = [];

interface UserResource {
  id: string; userName: string; active: boolean; title?: string; displayName?: string; locale?: string;
  name: { givenName?: string; familyName?: string; formatted?: string; middleName?: string };
  emails: Array<{ value: string; type: string; primary: boolean }>;
  phoneNumbers?: Array<{ value: string; type: string }>;
  groups: Array<{ value: string; display: string; $ref: string }>;
  roles: Array<{ value: string; primary: boolean }>;
  meta: { version: string; location: string; created: string; lastModified: string; resourceType: string };
  [ENTERPRISE_URN]: Record<string, unknown>;
}
interface GroupResource {
  id: string; displayName: string; externalId?: string;
  members?: Array<{ value: string; display: string; $ref: string; type: string }>;
  'urn:ietf:params:scim:schemas:extension:eventline:2.0:Group': { role?: string; description?: string };
  meta: { version: string; location: string };
}
interface ListResponse<T> { schemas: string[]; totalResults: number; startIndex: number; itemsPerPage: number; Resources: T[] }

const typeOf = (id: string): ResourceType => {
  const type = types.find((r) => r.id === id);
  if (!type) throw new Error(`no resource type ${id}`);
  return type;
};

/** Checks every resource of an answer (a resource or a ListResponse) against the served schemas. */
function conforms(res: LightMyRequestResponse, resourceType: 'User' | 'Group', opts: { partial?: boolean } = {}): void {
  expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
  const body = res.json() as Record<string, unknown>;
  const resources = Array.isArray(body['Resources']) ? (body['Resources'] as unknown[]) : [body];
  for (const r of resources) expect(scimResourceErrors(r, typeOf(resourceType), schemas, opts)).toEqual([]);
}

function expectScimError(res: LightMyRequestResponse, status: number, scimType?: string): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
  const body = res.json() as { schemas: string[]; status: number; scimType?: string; detail: string };
  expect(body.schemas).toEqual([ERROR_URN]);
  expect(body.status).toBe(status);
  expect(typeof body.detail).toBe('string');
  if (scimType !== undefined) expect(body.scimType).toBe(scimType);
}

const userBody = (userName: string, extra: Record<string, unknown> = {}) => ({
  schemas: [USER_URN, ENTERPRISE_URN],
  userName,
  name: { givenName: 'Ada', familyName: 'Lovelace' },
  emails: [{ value: userName, type: 'work', primary: true }],
  active: true,
  ...extra,
});
const patch = (...Operations: unknown[]) => ({ schemas: [PATCH_OP], Operations });

async function createUser(userName: string, extra: Record<string, unknown> = {}): Promise<UserResource> {
  const res = await scim('POST', '/Users', userBody(userName, extra));
  expect(res.statusCode, res.body).toBe(201);
  conforms(res, 'User');
  return res.json() as UserResource;
}

async function getUser(id: string): Promise<UserResource> {
  const res = await scim('GET', `/Users/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  conforms(res, 'User');
  return res.json() as UserResource;
}

async function list(path: string, filter?: string, extra = ''): Promise<ListResponse<UserResource>> {
  const q = filter !== undefined ? `?filter=${encodeURIComponent(filter)}${extra}` : extra === '' ? '' : `?${extra.slice(1)}`;
  const res = await scim('GET', `${path}${q}`);
  expect(res.statusCode, `${filter ?? ''} ${res.body}`).toBe(200);
  return res.json() as ListResponse<UserResource>;
}

async function roleGroup(role: string): Promise<GroupResource> {
  const res = await list('/Groups', `displayName eq "${role}"`);
  const group = (res.Resources as unknown as GroupResource[])[0];
  if (!group) throw new Error(`no group ${role}`);
  return group;
}

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.services, { name: 'SCIM A' });
  const { token } = await t.services.scimTokens.issue(tenant.accountId, 'Okta');
  scim = scimClient(t.app, token);
  const s = await scim('GET', '/Schemas');
  expect(s.statusCode, s.body).toBe(200);
  schemas = (s.json() as ListResponse<ScimSchema>).Resources;
  const r = await scim('GET', '/ResourceTypes');
  expect(r.statusCode, r.body).toBe(200);
  types = (r.json() as ListResponse<ResourceType>).Resources;
});
afterAll(async () => t?.close());

describe('discovery', () => {
  it('describes what is supported: PATCH, filter (max 200), ETags, password change; no bulk, no sort', async () => {
    const res = await scim('GET', '/ServiceProviderConfig');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(res.json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
      patch: { supported: true }, bulk: { supported: false }, filter: { supported: true, maxResults: 200 },
      changePassword: { supported: true }, sort: { supported: false }, etag: { supported: true },
      authenticationSchemes: [expect.objectContaining({ type: 'oauthbearertoken', primary: true })],
    });
  });

  it('serves the User, EnterpriseUser, Group and eventline Group schemas, each also by id, and the two resource types', async () => {
    expect(schemas.map((s) => s.id)).toEqual([USER_URN, ENTERPRISE_URN, GROUP_URN, 'urn:ietf:params:scim:schemas:extension:eventline:2.0:Group']);
    const user = schemas.find((s) => s.id === USER_URN);
    expect(user?.attributes.find((a) => a.name === 'userName')).toMatchObject({ required: true, type: 'string' });
    expect(user?.attributes.find((a) => a.name === 'password')).toMatchObject({ mutability: 'writeOnly', returned: 'never' });
    for (const s of schemas) {
      const one = await scim('GET', `/Schemas/${s.id}`);
      expect(one.statusCode).toBe(200);
      expect((one.json() as ScimSchema).attributes).toEqual(s.attributes);
    }
    expect(types.map((r) => [r.id, r.schema, r.schemaExtensions.map((e) => e.schema)])).toEqual([
      ['User', USER_URN, [ENTERPRISE_URN]], ['Group', GROUP_URN, ['urn:ietf:params:scim:schemas:extension:eventline:2.0:Group']],
    ]);
    expect((await scim('GET', '/ResourceTypes/Group')).json()).toMatchObject({ id: 'Group', endpoint: expect.stringMatching(/\/ea\/scim\/v2\/Groups$/) });
    expectScimError(await scim('GET', '/Schemas/urn:nope'), 404);
    expectScimError(await scim('GET', '/ResourceTypes/Nope'), 404);
  });

  it('answers an unknown SCIM path with a SCIM 404', async () => {
    expectScimError(await scim('GET', '/Bulk'), 404);
  });
});

describe('users', () => {
  it('refuses a password under 12 characters with 400 invalidValue, and creates no user', async () => {
    const res = await scim('POST', '/Users', userBody('shortpw@example.test', { password: 'tiny' }));
    expectScimError(res, 400, 'invalidValue');
    expect((res.json() as { detail: string }).detail).toMatch(/12 to 1024 characters/);
    const listed = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "shortpw@example.test"')}`);
    expect((listed.json() as { totalResults: number }).totalResults).toBe(0);
  });

  it('creates a user from an application/scim+json body: 201, Location, ETag, meta', async () => {
    const res = await scim('POST', '/Users', userBody('grace@example.test', {
      externalId: 'okta-00u1', displayName: 'Grace H.', title: 'Rear Admiral', locale: 'en-GB', timezone: 'Europe/London', password: 'correct horse battery',
      phoneNumbers: [{ value: '+1 555 0100', type: 'work' }, { value: '+1 555 0199', type: 'fax' }],
      [ENTERPRISE_URN]: { department: 'Navy', employeeNumber: '42', manager: { value: tenant.adminId } },
    }));
    expect(res.statusCode, res.body).toBe(201);
    conforms(res, 'User');
    const user = res.json() as UserResource;
    expect(res.headers.location).toBe(user.meta.location);
    expect(user.meta.location).toMatch(new RegExp(`/ea/scim/v2/Users/${user.id}$`));
    expect(res.headers.etag).toBe(user.meta.version);
    expect(user).toMatchObject({
      userName: 'grace@example.test', externalId: 'okta-00u1', displayName: 'Grace H.', title: 'Rear Admiral', locale: 'en-GB', timezone: 'Europe/London', active: true,
      name: { givenName: 'Ada', familyName: 'Lovelace', formatted: 'Ada Lovelace' },
      emails: [{ value: 'grace@example.test', type: 'work', primary: true }],
      // Fax numbers are not kept (the schema lists work, home and mobile).
      phoneNumbers: [{ value: '+1 555 0100', type: 'work' }],
      roles: [{ value: 'developer', primary: true }],
      [ENTERPRISE_URN]: { department: 'Navy', employeeNumber: '42', manager: { value: tenant.adminId }, sendLoginDetails: true },
    });
    expect(user.groups.map((g) => g.display)).toEqual(['Developers']);
    expect(JSON.stringify(user)).not.toContain('correct horse');
    // The SCIM user is the account user of eventline.
    const account = await t.services.accounts.getUser(tenant.accountId, user.id);
    expect(account).toMatchObject({ email: 'grace@example.test', name: 'Grace H.', role: 'developer', active: true });
  });

  it('gets a user by id, with its ETag; If-None-Match with it is a 304', async () => {
    const created = await createUser('get.me@example.test');
    const res = await scim('GET', `/Users/${created.id}`);
    expect(res.statusCode).toBe(200);
    conforms(res, 'User');
    expect(res.headers.etag).toBe(created.meta.version);
    expect((await scim('GET', `/Users/${created.id}`, undefined, { 'if-none-match': created.meta.version })).statusCode).toBe(304);
    expectScimError(await scim('GET', '/Users/0190a1b2-0000-7000-8000-000000000000'), 404);
    expectScimError(await scim('GET', '/Users/not-an-id'), 404);
  });

  it('answers a duplicate userName (any letter case) or email with 409 uniqueness', async () => {
    await createUser('dup@example.test');
    expectScimError(await scim('POST', '/Users', userBody('DUP@example.test', { emails: [{ value: 'other@example.test', type: 'work' }] })), 409, 'uniqueness');
    expectScimError(await scim('POST', '/Users', userBody('another-name', { emails: [{ value: 'dup@example.test', type: 'work' }] })), 409, 'uniqueness');
  });

  it('answers bad values with 400 invalidValue and a body that is not JSON with 400 invalidSyntax', async () => {
    expectScimError(await scim('POST', '/Users', { schemas: [USER_URN], emails: [{ value: 'x@example.test' }] }), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Users', userBody('tz@example.test', { timezone: 'Mars/Olympus' })), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Users', userBody('act@example.test', { active: 'maybe' })), 400);
    expectScimError(await scim('POST', '/Users', userBody('role@example.test', { roles: [{ value: 'superuser' }] })), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Users', userBody('grp@example.test', { groups: [{ value: '0190a1b2-0000-7000-8000-000000000000' }] })), 400, 'invalidValue');
    const raw = await t.app.inject({ method: 'POST', url: '/ea/scim/v2/Users', headers: { authorization: (await scimAuth()), 'content-type': SCIM_JSON }, payload: '{"userName":' });
    expectScimError(raw, 400, 'invalidSyntax');
  });

  it('puts a user created with no groups (Okta sends groups: []) and no roles in Developers; with groups, in those', async () => {
    const plain = await createUser('okta.style@example.test', { groups: [] });
    expect(plain.groups.map((g) => g.display)).toEqual(['Developers']);
    const planners = await roleGroup('Planners');
    const grouped = await createUser('grouped.style@example.test', { groups: [{ value: planners.id }] });
    expect(grouped.groups.map((g) => g.display)).toEqual(['Planners']);
    expect(grouped.roles).toEqual([{ value: 'planner', display: 'Planner', primary: true }]);
  });

  it('reads attribute names in any letter case and Entra ID\'s "True"/"False" strings', async () => {
    const res = await scim('POST', '/Users', {
      schemas: [USER_URN], USERNAME: 'casey@example.test', Name: { GivenName: 'Casey', familyname: 'Jones' }, Active: 'True',
      Emails: [{ Value: 'casey@example.test', Type: 'work', Primary: 'True' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    conforms(res, 'User');
    expect(res.json()).toMatchObject({ userName: 'casey@example.test', name: { givenName: 'Casey', familyName: 'Jones' }, active: true });
  });

  describe('list with filters and paging', () => {
    let ids: string[] = [];
    beforeAll(async () => {
      const people = [
        ['amy.list@example.test', 'Amy', 'Adams', 'Engineer'], ['bob.list@example.test', 'Bob', 'Brown', 'Designer'],
        ['cat.list@example.test', 'Cat', 'Clark', 'Engineer'], ['dan.list@other.test', 'Dan', "O'Hara", undefined],
      ] as const;
      ids = [];
      for (const [userName, givenName, familyName, title] of people) {
        ids.push((await createUser(userName, { name: { givenName, familyName }, ...(title ? { title } : {}) })).id);
      }
      const bob = ids[1] ?? '';
      expect((await scim('PATCH', `/Users/${bob}`, patch({ op: 'replace', path: 'active', value: false }))).statusCode).toBe(200);
    });

    const names = (r: ListResponse<UserResource>) => r.Resources.map((u) => u.userName).sort();

    it('filters with every comparison operator, in the database', async () => {
      expect(names(await list('/Users', 'userName eq "amy.list@example.test"'))).toEqual(['amy.list@example.test']);
      expect(names(await list('/Users', 'userName ne "amy.list@example.test" and userName co ".list@"'))).toEqual(['bob.list@example.test', 'cat.list@example.test', 'dan.list@other.test']);
      expect(names(await list('/Users', 'userName co "list@example"'))).toEqual(['amy.list@example.test', 'bob.list@example.test', 'cat.list@example.test']);
      expect(names(await list('/Users', 'userName sw "b"'))).toEqual(['bob.list@example.test']);
      expect(names(await list('/Users', 'userName ew "@other.test"'))).toEqual(['dan.list@other.test']);
      expect(names(await list('/Users', 'name.familyName gt "Brown" and userName co ".list@"'))).toEqual(['cat.list@example.test', 'dan.list@other.test']);
      expect(names(await list('/Users', 'name.familyName ge "Brown" and userName co ".list@"'))).toEqual(['bob.list@example.test', 'cat.list@example.test', 'dan.list@other.test']);
      expect(names(await list('/Users', 'name.familyName lt "Brown" and userName co ".list@"'))).toEqual(['amy.list@example.test']);
      expect(names(await list('/Users', 'name.familyName le "Brown" and userName co ".list@"'))).toEqual(['amy.list@example.test', 'bob.list@example.test']);
      expect(names(await list('/Users', 'title pr and userName co ".list@"'))).toEqual(['amy.list@example.test', 'bob.list@example.test', 'cat.list@example.test']);
      expect(names(await list('/Users', 'name.familyName eq "O\'Hara"'))).toEqual(['dan.list@other.test']);
    });

    it('combines with and, or, not and parentheses; attribute names and operators in any case', async () => {
      expect(names(await list('/Users', '(userName eq "amy.list@example.test" or userName eq "cat.list@example.test") and title eq "Engineer"'))).toEqual(['amy.list@example.test', 'cat.list@example.test']);
      expect(names(await list('/Users', 'userName co ".list@" and not (title eq "Engineer")'))).toEqual(['bob.list@example.test', 'dan.list@other.test']);
      expect(names(await list('/Users', 'USERNAME Eq "AMY.LIST@EXAMPLE.TEST" OR Name.GivenName eq "bob"'))).toEqual(['amy.list@example.test', 'bob.list@example.test']);
      expect(names(await list('/Users', `${USER_URN}:userName eq "cat.list@example.test"`))).toEqual(['cat.list@example.test']);
      // The reference's examples quote with single quotes.
      expect(names(await list('/Users', "userName eq 'amy.list@example.test' or userName eq 'dan.list@other.test'"))).toEqual(['amy.list@example.test', 'dan.list@other.test']);
    });

    it('filters on booleans (also "False"), emails, value filters, groups, roles, ids and dates', async () => {
      expect(names(await list('/Users', 'active eq false'))).toEqual(['bob.list@example.test']);
      expect(names(await list('/Users', 'active eq "False"'))).toEqual(['bob.list@example.test']);
      expect(names(await list('/Users', 'emails.value eq "cat.list@example.test"'))).toEqual(['cat.list@example.test']);
      expect(names(await list('/Users', 'emails[type eq "work" and value co "other.test"]'))).toEqual(['dan.list@other.test']);
      expect(names(await list('/Users', 'emails[type eq "work"].value co "dan.list"'))).toEqual(['dan.list@other.test']);
      expect(names(await list('/Users', `id eq "${ids[2] ?? ''}"`))).toEqual(['cat.list@example.test']);
      const developers = await roleGroup('Developers');
      const inDevelopers = await list('/Users', `groups[value eq "${developers.id}"] and userName co ".list@"`);
      expect(names(inDevelopers)).toEqual(['amy.list@example.test', 'bob.list@example.test', 'cat.list@example.test', 'dan.list@other.test']);
      expect(names(await list('/Users', 'roles.value eq "administrator"'))).toEqual([(await t.services.accounts.getUser(tenant.accountId, tenant.adminId)).email]);
      const amy = await getUser(ids[0] ?? '');
      expect(names(await list('/Users', `meta.created ge "${amy.meta.created}" and userName co ".list@"`))).toEqual(['amy.list@example.test', 'bob.list@example.test', 'cat.list@example.test', 'dan.list@other.test']);
      expect((await list('/Users', `meta.lastModified gt "2999-01-01T00:00:00Z"`)).totalResults).toBe(0);
    });

    it('pages with startIndex and count; totalResults counts them all; count=0 only counts', async () => {
      const filter = 'userName co ".list@"';
      const first = await list('/Users', filter, '&startIndex=1&count=3');
      expect(first).toMatchObject({ totalResults: 4, startIndex: 1, itemsPerPage: 3 });
      const second = await list('/Users', filter, '&startIndex=4&count=3');
      expect(second).toMatchObject({ totalResults: 4, startIndex: 4, itemsPerPage: 1 });
      expect([...first.Resources, ...second.Resources].map((u) => u.id)).toEqual(ids);
      expect(await list('/Users', filter, '&count=0')).toMatchObject({ totalResults: 4, itemsPerPage: 0, Resources: [] });
      expect((await list('/Users', filter, '&startIndex=0&count=1')).startIndex).toBe(1);
      const all = await scim('GET', '/Users?count=500');
      expect(all.statusCode).toBe(200);
      conforms(all, 'User');
      expect((all.json() as ListResponse<UserResource>).itemsPerPage).toBeLessThanOrEqual(200);
    });

    it('returns only the attributes asked for, or all but the excluded ones', async () => {
      const only = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "amy.list@example.test"')}&attributes=userName,name.givenName,EMAILS.value`);
      expect(only.statusCode).toBe(200);
      conforms(only, 'User', { partial: true });
      expect((only.json() as ListResponse<unknown>).Resources[0]).toEqual({
        schemas: [USER_URN, ENTERPRISE_URN], id: ids[0], userName: 'amy.list@example.test', name: { givenName: 'Amy' }, emails: [{ value: 'amy.list@example.test' }],
      });
      const without = await scim('GET', `/Users/${ids[0] ?? ''}?excludedAttributes=groups,roles,${ENTERPRISE_URN}:sendLoginDetails`);
      conforms(without, 'User', { partial: true });
      const body = without.json() as Record<string, unknown>;
      expect(body).not.toHaveProperty('groups');
      expect(body).not.toHaveProperty('roles');
      expect(body).toHaveProperty('userName', 'amy.list@example.test');
    });

    it('answers a bad filter with 400 invalidFilter', async () => {
      const deep = `${'not ('.repeat(40)}userName eq "x"${')'.repeat(40)}`;
      for (const filter of ['userName eq', 'userName zz "x"', 'nosuch eq "x"', 'active gt true', 'meta.created gt "yesterday"', 'password eq "x"', '((userName eq "x"', `${ENTERPRISE_URN}:department eq "x"`, deep]) {
        const res = await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`);
        expectScimError(res, 400, 'invalidFilter');
      }
      expectScimError(await scim('GET', '/Users?startIndex=99999999999999999999'), 400, 'invalidValue');
    });
  });

  it('replaces a user with PUT: left-out attributes are cleared, email, active, password and groups kept; If-Match guards it', async () => {
    const user = await createUser('put.me@example.test', { title: 'Before', phoneNumbers: [{ value: '+1 555 0101', type: 'mobile' }] });
    // Okta sends `groups: []` with its users: that keeps the memberships, as leaving groups out does.
    const body = userBody('put.me@example.test', { name: { givenName: 'Put', familyName: 'After', middleName: 'M' }, emails: undefined, active: undefined, locale: 'fr-FR', groups: [] });
    const stale = user.meta.version;
    const res = await scim('PUT', `/Users/${user.id}`, body, { 'if-match': user.meta.version });
    expect(res.statusCode, res.body).toBe(200);
    conforms(res, 'User');
    const after = res.json() as UserResource;
    expect(after).toMatchObject({ name: { givenName: 'Put', familyName: 'After', middleName: 'M', formatted: 'Put M After' }, locale: 'fr-FR', active: true, emails: [{ value: 'put.me@example.test' }] });
    expect(after).not.toHaveProperty('title');
    expect(after).not.toHaveProperty('phoneNumbers');
    expect(after.groups.map((g) => g.display)).toEqual(['Developers']);
    expect(after.meta.version).not.toBe(stale);
    expect(res.headers.etag).toBe(after.meta.version);
    // A PUT with the version from before the change is refused, and changes nothing.
    expectScimError(await scim('PUT', `/Users/${user.id}`, userBody('put.me@example.test', { title: 'Lost update' }), { 'if-match': stale }), 412);
    expect((await getUser(user.id)).title).toBeUndefined();
    expect((await scim('PUT', `/Users/${user.id}`, userBody('put.me@example.test', { title: 'Any' }), { 'if-match': '*' })).statusCode).toBe(200);
    expectScimError(await scim('PUT', '/Users/0190a1b2-0000-7000-8000-000000000000', userBody('x@example.test')), 404);
    // Renaming to another user's userName is a conflict.
    await createUser('taken.name@example.test');
    expectScimError(await scim('PUT', `/Users/${user.id}`, userBody('Taken.Name@example.test', { emails: [{ value: 'put.me@example.test' }] })), 409, 'uniqueness');
  });

  describe('PATCH', () => {
    let id: string;
    beforeAll(async () => {
      id = (await createUser('patch.me@example.test', { title: 'Patched', phoneNumbers: [{ value: '+1 555 0102', type: 'work' }] })).id;
    });

    async function patched(...ops: unknown[]): Promise<UserResource> {
      const res = await scim('PATCH', `/Users/${id}`, patch(...ops));
      expect(res.statusCode, res.body).toBe(200);
      conforms(res, 'User');
      return res.json() as UserResource;
    }

    it('adds, replaces and removes with a path', async () => {
      expect((await patched({ op: 'add', path: 'displayName', value: 'Patchy' })).displayName).toBe('Patchy');
      expect((await patched({ op: 'replace', path: 'name.givenName', value: 'Pat' })).name.givenName).toBe('Pat');
      expect(await patched({ op: 'remove', path: 'title' })).not.toHaveProperty('title');
      expect((await patched({ op: 'add', path: 'phoneNumbers', value: [{ value: '+1 555 0103', type: 'mobile' }] })).phoneNumbers).toEqual([
        { value: '+1 555 0102', type: 'work' }, { value: '+1 555 0103', type: 'mobile' },
      ]);
      expect((await patched({ op: 'remove', path: 'phoneNumbers[type eq "work"]' })).phoneNumbers).toEqual([{ value: '+1 555 0103', type: 'mobile' }]);
    });

    it('adds and replaces without a path: the value holds attributes, dotted paths and extension URNs', async () => {
      const before = await getUser(id);
      const after = await patched({ op: 'replace', value: { id, title: 'No path', 'name.familyName': 'Pathless', [`${ENTERPRISE_URN}:department`]: 'R&D' } });
      // Sub-attributes left out of the value stay as they were (RFC 7644 §3.5.2.3).
      expect(after).toMatchObject({ title: 'No path', name: { givenName: before.name.givenName, familyName: 'Pathless' }, [ENTERPRISE_URN]: { department: 'R&D' } });
      const nested = await patched({ op: 'Replace', value: { name: { middleName: 'N' }, [ENTERPRISE_URN]: { costCenter: 'CC1' } } });
      expect(nested).toMatchObject({ name: { givenName: before.name.givenName, middleName: 'N', familyName: 'Pathless' }, [ENTERPRISE_URN]: { department: 'R&D', costCenter: 'CC1' } });
      const whole = await patched({ op: 'add', path: ENTERPRISE_URN, value: { division: 'D1' } });
      expect(whole[ENTERPRISE_URN]).toMatchObject({ department: 'R&D', costCenter: 'CC1', division: 'D1' });
      expect((await patched({ op: 'add', value: { nickName: 'ignored', locale: 'de-DE' } })).locale).toBe('de-DE');
    });

    it('follows value filters: emails[type eq "work"].value changes the sign-in email', async () => {
      const after = await patched({ op: 'replace', path: 'emails[type eq "work"].value', value: 'patched.email@example.test' });
      expect(after.emails).toEqual([{ value: 'patched.email@example.test', type: 'work', primary: true }]);
      expect((await t.services.accounts.getUser(tenant.accountId, id)).email).toBe('patched.email@example.test');
    });

    it('takes Entra ID\'s forms: "Replace"/"Add" in capitals, "False"/"True" strings, extension attributes by URN path', async () => {
      const off = await patched(
        { op: 'Replace', path: 'active', value: 'False' },
        { op: 'Add', path: `${ENTERPRISE_URN}:employeeNumber`, value: '1001' },
        { op: 'Replace', path: `${ENTERPRISE_URN}:manager`, value: tenant.adminId },
      );
      expect(off).toMatchObject({ active: false, [ENTERPRISE_URN]: { employeeNumber: '1001', manager: { value: tenant.adminId } } });
      expect((await t.services.accounts.getUser(tenant.accountId, id)).active).toBe(false);
      expect((await patched({ op: 'Replace', value: { active: 'True' } })).active).toBe(true);
    });

    it('changes roles and groups: the role follows at once', async () => {
      const admin = await patched({ op: 'add', path: 'roles', value: [{ value: 'administrator', primary: 'True', type: 'WindowsAzureActiveDirectoryRole' }] });
      expect(admin.roles.find((r) => r.primary)?.value).toBe('administrator');
      expect((await t.services.accounts.getUser(tenant.accountId, id)).role).toBe('administrator');
      const back = await patched({ op: 'remove', path: 'roles[value eq "administrator"]' });
      expect(back.roles.find((r) => r.primary)?.value).toBe('developer');
      expect((await t.services.accounts.getUser(tenant.accountId, id)).role).toBe('developer');
    });

    it('answers read-only targets with mutability, a remove without a path with noTarget, a malformed request with invalidSyntax', async () => {
      expectScimError(await scim('PATCH', `/Users/${id}`, patch({ op: 'replace', path: 'id', value: 'mine' })), 400, 'mutability');
      expectScimError(await scim('PATCH', `/Users/${id}`, patch({ op: 'replace', path: 'meta.created', value: '2020-01-01T00:00:00Z' })), 400, 'mutability');
      expectScimError(await scim('PATCH', `/Users/${id}`, patch({ op: 'remove' })), 400, 'noTarget');
      expectScimError(await scim('PATCH', `/Users/${id}`, patch({ op: 'replace', path: 'emails[type eq "home" and primary eq true].value', value: 'x@example.test' })), 400, 'noTarget');
      expectScimError(await scim('PATCH', `/Users/${id}`, { schemas: ['wrong'], Operations: [{ op: 'add', path: 'title', value: 'x' }] }), 400, 'invalidSyntax');
      expectScimError(await scim('PATCH', `/Users/${id}`, patch({ op: 'merge', path: 'title', value: 'x' })), 400, 'invalidSyntax');
      await createUser('taken.by.patch@example.test');
      expectScimError(await scim('PATCH', `/Users/${id}`, patch({ op: 'replace', path: 'userName', value: 'Taken.By.Patch@example.test' })), 409, 'uniqueness');
    });

    it('refuses a PATCH whose If-Match is not the current version with 412, and applies one that is', async () => {
      const current = await getUser(id);
      expectScimError(await scim('PATCH', `/Users/${id}`, patch({ op: 'replace', path: 'title', value: 'x' }), { 'if-match': 'W/"stale"' }), 412);
      const ok = await scim('PATCH', `/Users/${id}`, patch({ op: 'replace', path: 'title', value: 'fresh' }), { 'if-match': current.meta.version });
      expect(ok.statusCode).toBe(200);
    });
  });

  it('deletes a user: 204, then 404; If-Match guards it', async () => {
    const user = await createUser('delete.me@example.test');
    expectScimError(await scim('DELETE', `/Users/${user.id}`, undefined, { 'if-match': 'W/"old"' }), 412);
    const res = await scim('DELETE', `/Users/${user.id}`, undefined, { 'if-match': user.meta.version });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectScimError(await scim('GET', `/Users/${user.id}`), 404);
    expectScimError(await scim('DELETE', `/Users/${user.id}`), 404);
    expect((await list('/Users', 'userName eq "delete.me@example.test"')).totalResults).toBe(0);
    // The email is free again: the identity provider may provision the person anew.
    await createUser('delete.me@example.test');
  });
});

describe('groups', () => {
  it('lists the role groups and finds one by displayName without members (as Entra ID asks)', async () => {
    const res = await scim('GET', `/Groups?filter=${encodeURIComponent('displayName eq "administrators"')}&excludedAttributes=members`);
    expect(res.statusCode).toBe(200);
    conforms(res, 'Group', { partial: true });
    const body = res.json() as ListResponse<GroupResource>;
    expect(body.totalResults).toBe(1);
    expect(body.Resources[0]).toMatchObject({ displayName: 'Administrators', 'urn:ietf:params:scim:schemas:extension:eventline:2.0:Group': { role: 'administrator' } });
    expect(body.Resources[0]).not.toHaveProperty('members');
    const all = await scim('GET', '/Groups');
    conforms(all, 'Group');
    expect((all.json() as ListResponse<GroupResource>).Resources.slice(0, 3).map((g) => g.displayName)).toEqual(['Administrators', 'Planners', 'Developers']);
  });

  it('creates a group with members, changes membership by PATCH in Entra ID\'s and Okta\'s forms, and the members\' roles follow', async () => {
    const u1 = await createUser('member.one@example.test');
    const u2 = await createUser('member.two@example.test');
    const created = await scim('POST', '/Groups', { schemas: [GROUP_URN], displayName: 'Ops Admins', externalId: 'aad-123', members: [{ value: u1.id }] });
    expect(created.statusCode, created.body).toBe(201);
    conforms(created, 'Group');
    const group = created.json() as GroupResource;
    expect(created.headers.location).toBe(group.meta.location);
    expect(group.members?.map((m) => [m.value, m.display, m.type])).toEqual([[u1.id, 'Ada Lovelace', 'User']]);
    expectScimError(await scim('POST', '/Groups', { schemas: [GROUP_URN], displayName: 'ops admins' }), 409, 'uniqueness');

    // The group gives no role yet; an administrator sets one through /account-user-groups (the same group).
    const api = apiClient(t.app, await tokenFor(t.app, tenant));
    const put = await api('PUT', `/ea/account-user-groups/${group.id}`, { name: 'Ops Admins', role: 'administrator' });
    expect(put.statusCode, put.body).toBe(200);
    expect((await t.services.accounts.getUser(tenant.accountId, u1.id)).role).toBe('administrator');

    // Entra ID: add and remove with a value list.
    let res = await scim('PATCH', `/Groups/${group.id}`, patch({ op: 'Add', path: 'members', value: [{ value: u2.id }] }));
    expect(res.statusCode, res.body).toBe(200);
    conforms(res, 'Group');
    expect((res.json() as GroupResource).members?.map((m) => m.value)).toEqual([u1.id, u2.id]);
    expect((await getUser(u2.id)).roles.find((r) => r.primary)?.value).toBe('administrator');
    res = await scim('PATCH', `/Groups/${group.id}`, patch({ op: 'Remove', path: 'members', value: [{ value: u1.id }] }));
    expect((res.json() as GroupResource).members?.map((m) => m.value)).toEqual([u2.id]);
    expect((await t.services.accounts.getUser(tenant.accountId, u1.id)).role).toBe('developer');
    // Okta: remove by a value filter; then a rename.
    res = await scim('PATCH', `/Groups/${group.id}`, patch({ op: 'remove', path: `members[value eq "${u2.id}"]` }, { op: 'replace', value: { id: group.id, displayName: 'Ops' } }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ displayName: 'Ops', members: [] });
    expect((await t.services.accounts.getUser(tenant.accountId, u2.id)).role).toBe('developer');
    // Replace the members outright; the user's groups show it.
    res = await scim('PATCH', `/Groups/${group.id}`, patch({ op: 'replace', path: 'members', value: [{ value: u1.id }, { value: u2.id }] }));
    expect((res.json() as GroupResource).members?.map((m) => m.value)).toEqual([u1.id, u2.id]);
    expect((await getUser(u1.id)).groups.map((g) => g.display).sort()).toEqual(['Developers', 'Ops']);
    expect((await list('/Groups', `members[value eq "${u2.id}"] and displayName eq "Ops"`)).totalResults).toBe(1);
    expectScimError(await scim('PATCH', `/Groups/${group.id}`, patch({ op: 'add', path: 'members', value: [{ value: '0190a1b2-0000-7000-8000-000000000000' }] })), 400, 'invalidValue');
    expectScimError(await scim('PATCH', `/Groups/${group.id}`, patch({ op: 'replace', path: 'id', value: 'x' })), 400, 'mutability');
  });

  it('replaces a group with PUT (members kept when left out; role kept), guards it with If-Match, and deletes it', async () => {
    const u = await createUser('put.group@example.test');
    const created = await scim('POST', '/Groups', { schemas: [GROUP_URN], displayName: 'Planners Too', members: [{ value: u.id }], 'urn:ietf:params:scim:schemas:extension:eventline:2.0:Group': { role: 'planner' } });
    const group = created.json() as GroupResource;
    expect((await t.services.accounts.getUser(tenant.accountId, u.id)).role).toBe('planner');
    const res = await scim('PUT', `/Groups/${group.id}`, { schemas: [GROUP_URN], displayName: 'Planners Two' }, { 'if-match': group.meta.version });
    expect(res.statusCode, res.body).toBe(200);
    conforms(res, 'Group');
    expect(res.json()).toMatchObject({ displayName: 'Planners Two', members: [{ value: u.id }], 'urn:ietf:params:scim:schemas:extension:eventline:2.0:Group': { role: 'planner' } });
    expectScimError(await scim('PUT', `/Groups/${group.id}`, { schemas: [GROUP_URN], displayName: 'Stale' }, { 'if-match': group.meta.version }), 412);
    expectScimError(await scim('PATCH', `/Groups/${group.id}`, patch({ op: 'add', path: 'members', value: [] }), { 'if-match': group.meta.version }), 412);
    expectScimError(await scim('DELETE', `/Groups/${group.id}`, undefined, { 'if-match': group.meta.version }), 412);
    expect((await scim('DELETE', `/Groups/${group.id}`)).statusCode).toBe(204);
    expectScimError(await scim('GET', `/Groups/${group.id}`), 404);
    // The group's role went with it.
    expect((await t.services.accounts.getUser(tenant.accountId, u.id)).role).toBe('developer');
  });
});

describe('what identity providers send (issue 28)', () => {
  // RFC 7644 tells clients to send Accept: application/scim+json; Okta and Entra ID do, DELETE included.
  const accept = { accept: SCIM_JSON };

  it('deletes a user and a group with Accept: application/scim+json: 204, and an unknown id is 404 whatever Accept says', async () => {
    const user = await createUser('deprovisioned@example.test');
    const del = await scim('DELETE', `/Users/${user.id}`, undefined, accept);
    expect(del.statusCode, del.body).toBe(204);
    expect(del.body).toBe('');
    expectScimError(await scim('GET', `/Users/${user.id}`), 404);
    expectScimError(await scim('DELETE', `/Users/${user.id}`, undefined, accept), 404);
    expectScimError(await scim('DELETE', '/Users/0190a1b2-0000-7000-8000-000000000000', undefined, accept), 404);
    // No body, so no media type to refuse: any Accept admits a 204, and the 404 is a 404.
    expectScimError(await scim('DELETE', '/Users/0190a1b2-0000-7000-8000-000000000000', undefined, { accept: 'text/html' }), 404);

    const created = await scim('POST', '/Groups', { schemas: [GROUP_URN], displayName: 'Leaving Soon' }, accept);
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json() as GroupResource;
    const gone = await scim('DELETE', `/Groups/${group.id}`, undefined, accept);
    expect(gone.statusCode, gone.body).toBe(204);
    expectScimError(await scim('GET', `/Groups/${group.id}`), 404);
    expectScimError(await scim('DELETE', `/Groups/${group.id}`, undefined, accept), 404);
    expectScimError(await scim('DELETE', '/Groups/0190a1b2-0000-7000-8000-000000000000', undefined, { accept: 'application/xml' }), 404);
    // An answer with a body still negotiates: SCIM JSON is not XML.
    expect((await scim('GET', `/Users/${(await createUser('still.here@example.test')).id}`, undefined, { accept: 'application/xml' })).statusCode).toBe(406);
  });

  it('takes null and [] as unassigned (RFC 7643 §2.5) on POST, PUT and PATCH, as Entra ID sends them', async () => {
    const nulls = { title: null, addresses: null, phoneNumbers: null, preferredLanguage: null, displayName: null, locale: null, timezone: null, externalId: null, password: null };
    const res = await scim('POST', '/Users', userBody('unassigned@example.test', nulls), accept);
    expect(res.statusCode, res.body).toBe(201);
    conforms(res, 'User');
    const user = res.json() as UserResource;
    for (const k of ['title', 'addresses', 'phoneNumbers', 'preferredLanguage']) expect(user).not.toHaveProperty(k);
    expect(user.name).toMatchObject({ givenName: 'Ada', familyName: 'Lovelace' });

    const empties = await scim('POST', '/Users', userBody('unassigned.arrays@example.test', { addresses: [], phoneNumbers: [], name: { givenName: 'Ada', familyName: 'Lovelace', middleName: null } }));
    expect(empties.statusCode, empties.body).toBe(201);
    expect(empties.json()).not.toHaveProperty('phoneNumbers');

    // PUT: null clears what was there.
    const full = await createUser('unassigned.put@example.test', { title: 'Before', preferredLanguage: 'en', phoneNumbers: [{ value: '+1 555 0199', type: 'work' }], addresses: [{ locality: 'Paris' }] });
    const put = await scim('PUT', `/Users/${full.id}`, userBody('unassigned.put@example.test', { ...nulls, emails: null, active: null, groups: null, roles: null }), accept);
    expect(put.statusCode, put.body).toBe(200);
    conforms(put, 'User');
    const afterPut = put.json() as UserResource;
    for (const k of ['title', 'addresses', 'phoneNumbers', 'preferredLanguage']) expect(afterPut).not.toHaveProperty(k);
    expect(afterPut.active).toBe(true);
    expect(afterPut.emails).toEqual([{ value: 'unassigned.put@example.test', type: 'work', primary: true }]);

    // PATCH: a replace with null, or with [] for a multi-valued attribute, unassigns it.
    await scim('PATCH', `/Users/${full.id}`, patch({ op: 'replace', value: { title: 'Again', phoneNumbers: [{ value: '+1 555 0198', type: 'work' }] } }));
    const patched = await scim('PATCH', `/Users/${full.id}`, patch({ op: 'replace', path: 'title', value: null }, { op: 'replace', path: 'phoneNumbers', value: [] }, { op: 'replace', value: { preferredLanguage: null } }), accept);
    expect(patched.statusCode, patched.body).toBe(200);
    conforms(patched, 'User');
    expect(patched.json()).not.toHaveProperty('title');
    expect(patched.json()).not.toHaveProperty('phoneNumbers');
    expect(patched.json()).not.toHaveProperty('preferredLanguage');
    expect((await getUser(full.id)).title).toBeUndefined();

    // Groups too: null members on create, null externalId on PUT.
    const g = await scim('POST', '/Groups', { schemas: [GROUP_URN], displayName: 'Null Members', members: null, externalId: null });
    expect(g.statusCode, g.body).toBe(201);
    const gPut = await scim('PUT', `/Groups/${(g.json() as GroupResource).id}`, { schemas: [GROUP_URN], displayName: 'Null Members', externalId: null, members: [] });
    expect(gPut.statusCode, gPut.body).toBe(200);
    // A required attribute stays required: null userName is 400, and nothing is created.
    expectScimError(await scim('POST', '/Users', userBody('x@example.test', { userName: null })), 400, 'invalidValue');
  });
});

describe('authentication and tenancy', () => {
  it('takes a client-credentials token with the account/users scopes; refuses one without them with a SCIM 403, and no token with a SCIM 401', async () => {
    const full = scimClient(t.app, await tokenFor(t.app, tenant));
    expect((await full('GET', '/Users')).statusCode).toBe(200);
    const narrow = scimClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    const forbidden = await narrow('GET', '/Users');
    expectScimError(forbidden, 403);
    expect(forbidden.headers['www-authenticate']).toContain('insufficient_scope');
    const readOnly = scimClient(t.app, await tokenFor(t.app, tenant, 'account/users:read'));
    expectScimError(await readOnly('POST', '/Users', userBody('nope@example.test')), 403);
    const none = await scimClient(t.app, undefined)('GET', '/Users');
    expectScimError(none, 401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('a SCIM token opens only the SCIM operations, and stops at once when revoked', async () => {
    const { token, scimToken } = await t.services.scimTokens.issue(tenant.accountId, 'Entra');
    const byToken = scimClient(t.app, token);
    expect((await byToken('GET', '/ServiceProviderConfig')).statusCode).toBe(200);
    expect((await apiClient(t.app, token)('GET', '/ea/events')).statusCode).toBe(403);
    expect((await apiClient(t.app, token)('GET', '/ea/account-user-groups')).statusCode).toBe(403);
    await t.services.scimTokens.revoke(tenant.accountId, scimToken.id);
    expectScimError(await byToken('GET', '/Users'), 401);
    expectScimError(await scimClient(t.app, 'elscim_not-a-real-token')('GET', '/Users'), 401);
  });

  it('account B sees none of account A\'s users or groups: 404 for each, and lists only its own', async () => {
    const other = await createTenant(t.services, { name: 'SCIM B' });
    const b = scimClient(t.app, (await t.services.scimTokens.issue(other.accountId)).token);
    const aUser = await createUser('tenant.a@example.test');
    const aGroup = await roleGroup('Administrators');
    expectScimError(await b('GET', `/Users/${aUser.id}`), 404);
    expectScimError(await b('PUT', `/Users/${aUser.id}`, userBody('tenant.a@example.test')), 404);
    expectScimError(await b('PATCH', `/Users/${aUser.id}`, patch({ op: 'replace', path: 'active', value: false })), 404);
    expectScimError(await b('DELETE', `/Users/${aUser.id}`), 404);
    expectScimError(await b('GET', `/Groups/${aGroup.id}`), 404);
    expectScimError(await b('PATCH', `/Groups/${aGroup.id}`, patch({ op: 'add', path: 'members', value: [{ value: aUser.id }] })), 404);
    expectScimError(await b('DELETE', `/Groups/${aGroup.id}`), 404);
    const bList = (await b('GET', `/Users?filter=${encodeURIComponent(`id eq "${aUser.id}" or userName eq "tenant.a@example.test"`)}`)).json() as ListResponse<UserResource>;
    expect(bList.totalResults).toBe(0);
    const bAll = (await b('GET', '/Users')).json() as ListResponse<UserResource>;
    expect(bAll.Resources.map((u) => u.id)).toEqual([other.adminId]);
    const bGroups = (await b('GET', '/Groups')).json() as ListResponse<GroupResource>;
    expect(bGroups.Resources.map((g) => g.id)).not.toContain(aGroup.id);
    // B's group cannot take A's user.
    const bAdmins = bGroups.Resources[0];
    expectScimError(await b('PATCH', `/Groups/${bAdmins?.id ?? ''}`, patch({ op: 'add', path: 'members', value: [{ value: aUser.id }] })), 400, 'invalidValue');
    expect((await getUser(aUser.id)).active).toBe(true);
  });
});

describe('media types', () => {
  const JSON_ACCEPT = { accept: 'application/json' };
  const typeOfAnswer = (res: LightMyRequestResponse): string => String(res.headers['content-type']).split(';')[0] ?? '';

  it('answers application/json when Accept asks for it (the reference\'s type), in the same shape, through the same response schema', async () => {
    const created = await scim('POST', '/Users', userBody('json.accept@example.test', { password: 'a long enough password' }), JSON_ACCEPT);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['content-type']).toBe('application/json; charset=utf-8');
    const user = created.json() as UserResource & { password?: string };
    // The response schema still filters what leaves the server: the password is never returned.
    expect(user.password).toBeUndefined();
    expect(scimResourceErrors(user, typeOf('User'), schemas)).toEqual([]);
    for (const path of [`/Users/${user.id}`, '/Users', '/Groups', '/ServiceProviderConfig', '/Schemas', '/ResourceTypes/User']) {
      const res = await scim('GET', path, undefined, JSON_ACCEPT);
      expect(res.statusCode, path).toBe(200);
      expect(typeOfAnswer(res), path).toBe('application/json');
    }
    const patched = await scim('PATCH', `/Users/${user.id}`, patch({ op: 'replace', path: 'title', value: 'Engineer' }), JSON_ACCEPT);
    expect(patched.statusCode, patched.body).toBe(200);
    expect(typeOfAnswer(patched)).toBe('application/json');
    expect(patched.json()).toMatchObject({ id: user.id, title: 'Engineer' });
    expect((await scim('DELETE', `/Users/${user.id}`, undefined, { ...JSON_ACCEPT, 'if-match': patched.headers.etag as string })).statusCode).toBe(204);
  });

  it('answers errors in the RFC 7644 shape as application/json too when Accept asks for it', async () => {
    const check = (res: LightMyRequestResponse, status: number) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(typeOfAnswer(res)).toBe('application/json');
      expect(res.json()).toMatchObject({ schemas: [ERROR_URN], status });
    };
    check(await scim('GET', '/Users/0190a1b2-0000-7000-8000-000000000000', undefined, JSON_ACCEPT), 404);
    check(await scim('GET', `/Users?filter=${encodeURIComponent('userName zz "x"')}`, undefined, JSON_ACCEPT), 400);
    check(await scim('POST', '/Users', { schemas: [USER_URN] }, JSON_ACCEPT), 400);
    check(await scimClient(t.app, undefined)('GET', '/Users', undefined, JSON_ACCEPT), 401);
    check(await scim('GET', '/Bulk', undefined, JSON_ACCEPT), 404);
  });

  it('answers application/scim+json without Accept, for a wildcard, or when Accept names it at least as high (RFC 7644 §8.1)', async () => {
    const cases: Array<[string | undefined, string]> = [
      [undefined, SCIM_JSON], ['*/*', SCIM_JSON], ['application/*', SCIM_JSON], [SCIM_JSON, SCIM_JSON],
      [`${SCIM_JSON}, application/json`, SCIM_JSON], [`application/json;q=0.5, ${SCIM_JSON}`, SCIM_JSON],
      ['application/json, text/plain, */*', 'application/json'], [`application/json, ${SCIM_JSON};q=0.9`, 'application/json'],
    ];
    for (const [accept, expected] of cases) {
      const res = await scim('GET', '/ServiceProviderConfig', undefined, accept === undefined ? {} : { accept });
      expect(res.statusCode, accept).toBe(200);
      expect(typeOfAnswer(res), accept).toBe(expected);
      const missing = await scim('GET', '/Users/0190a1b2-0000-7000-8000-000000000000', undefined, accept === undefined ? {} : { accept });
      expect(typeOfAnswer(missing), accept).toBe(expected);
    }
  });

  it('documents both media types for every SCIM response', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/ea/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    const scimPaths = Object.entries(doc.paths).filter(([path]) => path.startsWith('/ea/scim/v2/'));
    expect(scimPaths.length).toBeGreaterThan(5);
    for (const [path, methods] of scimPaths) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (status === '204' || status === '304') continue;
          expect(Object.keys(response.content ?? {}).sort(), `${method} ${path} ${status}`).toEqual(['application/json', SCIM_JSON]);
        }
      }
    }
  });
});

/** The Authorization header of the suite's SCIM token, for raw requests. */
async function scimAuth(): Promise<string> {
  return `Bearer ${(await t.services.scimTokens.issue(tenant.accountId, 'raw')).token}`;
}
