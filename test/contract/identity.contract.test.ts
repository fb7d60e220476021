import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { ENTERPRISE_URN, USER_URN, scimClient, type Scim } from '../helpers/scim.js';
import { describeContract, expectMatchesReference, referenceOperation } from './reference.js';

// The reference's "Users" (Account User Groups) and "User SCIM" operations, as
// eventline really answers them, validated against the reference's response
// schemas (DESIGN rule 2). SCIM errors are RFC 7644 errors, which is what the
// reference's SCIM error responses describe too. A status the reference does
// not document for an operation (409 on the groups) is checked against the
// operation's error schema through its 400.
describeContract('contract: user groups and SCIM operations match the reference', () => {
  let t: TestApp;
  let api: Api;
  let narrow: Api;
  let other: Api;
  let scim: Scim;
  let scimNarrow: Scim;
  let userId: string;
  const MISSING = '0190a1b2-0000-7000-8000-000000000000';

  beforeAll(async () => {
    t = await startTestApp({ build: { worker: false } });
    const tenant = await createTenant(t.services);
    const token = await tokenFor(t.app, tenant);
    api = apiClient(t.app, token);
    narrow = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    other = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
    scim = scimClient(t.app, token);
    scimNarrow = scimClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    userId = (await t.services.accounts.createUser({ accountId: tenant.accountId, email: 'contract.user@example.test', role: 'developer' })).id;
  });
  afterAll(async () => t?.close());

  const check = (method: string, path: string, status: number, res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(status);
    expectMatchesReference(method, path, status === 409 && path.startsWith('/account') ? 400 : status, res.json());
  };

  it('declares the reference scopes', () => {
    expect(referenceOperation('GET', '/account-user-groups')?.scopes).toContain('account/user-groups:read');
    expect(referenceOperation('POST', '/account-user-groups')?.scopes).toContain('account/user-groups:write');
    expect(referenceOperation('DELETE', '/account-user-groups/{userGroupId}')?.scopes).toContain('account/user-groups:delete');
    expect(referenceOperation('POST', '/account-user-groups/{userGroupId}/users/{userId}')?.scopes).toContain('account/user-groups:write');
    expect(referenceOperation('DELETE', '/account-user-groups/{userGroupId}/users/{userId}')?.scopes).toContain('account/user-groups:delete');
    expect(referenceOperation('GET', '/scim/v2/Users')?.scopes).toContain('account/users:read');
    expect(referenceOperation('POST', '/scim/v2/Users')?.scopes).toContain('account/users:write');
    expect(referenceOperation('DELETE', '/scim/v2/Users/{id}')?.scopes).toContain('account/users:delete');
    expect(referenceOperation('GET', '/scim/v2/Groups')?.scopes).toContain('account/users:read');
  });

  it('account user groups: list, create, get, update, delete, associate, remove', async () => {
    const list = '/account-user-groups';
    for (const q of ['', '?limit=1', `?filter=${encodeURIComponent("name eq 'Planners'")}`]) check('GET', list, 200, await api('GET', `/ea${list}${q}`));
    check('GET', list, 400, await api('GET', `/ea${list}?filter=${encodeURIComponent("nope eq 'x'")}`));
    check('GET', list, 401, await apiClient(t.app, undefined)('GET', `/ea${list}`));
    check('GET', list, 403, await narrow('GET', `/ea${list}`));

    const created = await api('POST', `/ea${list}`, { name: 'Contract Group', description: 'For the contract' });
    check('POST', list, 200, created);
    const id = (created.json() as { id: string }).id;
    check('POST', list, 400, await api('POST', `/ea${list}`, { name: '' }));
    check('POST', list, 409, await api('POST', `/ea${list}`, { name: 'contract group' }));
    check('POST', list, 403, await narrow('POST', `/ea${list}`, { name: 'X' }));

    const one = '/account-user-groups/{userGroupId}';
    check('GET', one, 200, await api('GET', `/ea/account-user-groups/${id}`));
    check('GET', one, 404, await api('GET', '/ea/account-user-groups/nope'));
    check('GET', one, 404, await other('GET', `/ea/account-user-groups/${id}`));
    check('PUT', one, 200, await api('PUT', `/ea/account-user-groups/${id}`, { name: 'Contract Group 2' }));
    check('PUT', one, 404, await api('PUT', `/ea/account-user-groups/${MISSING}`, { name: 'X' }));
    check('PUT', one, 400, await api('PUT', `/ea/account-user-groups/${id}`, {}));

    const member = '/account-user-groups/{userGroupId}/users/{userId}';
    const added = await api('POST', `/ea/account-user-groups/${id}/users/${userId}`);
    expect(added.statusCode).toBe(204);
    expect(added.body).toBe('');
    check('POST', member, 404, await api('POST', `/ea/account-user-groups/${id}/users/${MISSING}`));
    check('POST', member, 403, await narrow('POST', `/ea/account-user-groups/${id}/users/${userId}`));
    expect((await api('DELETE', `/ea/account-user-groups/${id}/users/${userId}`)).statusCode).toBe(204);
    check('DELETE', member, 404, await other('DELETE', `/ea/account-user-groups/${id}/users/${userId}`));

    expect((await api('DELETE', `/ea/account-user-groups/${id}`)).statusCode).toBe(204);
    check('DELETE', one, 404, await api('DELETE', `/ea/account-user-groups/${id}`));
    check('DELETE', one, 401, await apiClient(t.app, undefined)('DELETE', `/ea/account-user-groups/${id}`));
  });

  it('SCIM discovery: ServiceProviderConfig, Schemas, ResourceTypes', async () => {
    check('GET', '/scim/v2/ServiceProviderConfig', 200, await scim('GET', '/ServiceProviderConfig'));
    check('GET', '/scim/v2/ServiceProviderConfig', 401, await scimClient(t.app, undefined)('GET', '/ServiceProviderConfig'));
    check('GET', '/scim/v2/ServiceProviderConfig', 403, await scimNarrow('GET', '/ServiceProviderConfig'));
    check('GET', '/scim/v2/Schemas', 200, await scim('GET', '/Schemas'));
    for (const id of [USER_URN, ENTERPRISE_URN, 'urn:ietf:params:scim:schemas:core:2.0:Group']) check('GET', '/scim/v2/Schemas/{id}', 200, await scim('GET', `/Schemas/${id}`));
    check('GET', '/scim/v2/Schemas/{id}', 404, await scim('GET', '/Schemas/urn:nope'));
    check('GET', '/scim/v2/ResourceTypes', 200, await scim('GET', '/ResourceTypes'));
    check('GET', '/scim/v2/ResourceTypes/{id}', 200, await scim('GET', '/ResourceTypes/User'));
    check('GET', '/scim/v2/ResourceTypes/{id}', 404, await scim('GET', '/ResourceTypes/Nope'));
    check('GET', '/scim/v2/Groups', 200, await scim('GET', '/Groups'));
    check('GET', '/scim/v2/Groups', 200, await scim('GET', '/Groups?startIndex=2&count=1'));
    check('GET', '/scim/v2/Groups', 400, await scim('GET', `/Groups?filter=${encodeURIComponent('displayName zz "x"')}`));
  });

  it('SCIM users: create, list, get, update, delete', async () => {
    const body = {
      schemas: [USER_URN, ENTERPRISE_URN], userName: 'mike.stuart@example.test', name: { givenName: 'Mike', familyName: 'Stuart' },
      emails: [{ value: 'mike.stuart@example.test', type: 'work', primary: true }], active: true, locale: 'en-US', timezone: 'America/New_York',
      phoneNumbers: [{ type: 'work', value: '+911234567890' }], addresses: [{ type: 'work', primary: true, locality: 'Hollywood' }],
      title: 'Vice President', [ENTERPRISE_URN]: { sendLoginDetails: false, federatedId: 'AKJU783UP', company: 'Cvent' },
    };
    const created = await scim('POST', '/Users', body);
    check('POST', '/scim/v2/Users', 201, created);
    const id = (created.json() as { id: string }).id;
    check('POST', '/scim/v2/Users', 409, await scim('POST', '/Users', body));
    check('POST', '/scim/v2/Users', 400, await scim('POST', '/Users', { schemas: [USER_URN] }));
    check('POST', '/scim/v2/Users', 401, await scimClient(t.app, undefined)('POST', '/Users', body));
    check('POST', '/scim/v2/Users', 403, await scimNarrow('POST', '/Users', body));

    // Users the reference's schema can describe: provisioned with names (the CLI's users have one display name only).
    const filter = encodeURIComponent("userName eq 'mike.stuart@example.test' or userName eq 'nobody@example.test'");
    check('GET', '/scim/v2/Users', 200, await scim('GET', `/Users?filter=${filter}&startIndex=1&count=10`));
    check('GET', '/scim/v2/Users', 400, await scim('GET', `/Users?filter=${encodeURIComponent('userName eq')}`));
    check('GET', '/scim/v2/Users', 401, await scimClient(t.app, undefined)('GET', '/Users'));
    check('GET', '/scim/v2/Users', 403, await scimNarrow('GET', '/Users'));

    check('GET', '/scim/v2/Users/{id}', 200, await scim('GET', `/Users/${id}`));
    check('GET', '/scim/v2/Users/{id}', 404, await scim('GET', `/Users/${MISSING}`));
    check('PUT', '/scim/v2/Users/{id}', 200, await scim('PUT', `/Users/${id}`, { ...body, title: 'President' }));
    check('PUT', '/scim/v2/Users/{id}', 400, await scim('PUT', `/Users/${id}`, { ...body, active: 'perhaps' }));
    check('PUT', '/scim/v2/Users/{id}', 404, await scim('PUT', `/Users/${MISSING}`, body));
    check('DELETE', '/scim/v2/Users/{id}', 403, await scimNarrow('DELETE', `/Users/${id}`));
    const deleted = await scim('DELETE', `/Users/${id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    check('DELETE', '/scim/v2/Users/{id}', 404, await scim('DELETE', `/Users/${id}`));
  });
});
