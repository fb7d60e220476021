import { readFileSync } from 'node:fs';
import YAML from 'yaml';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { insertBoothStaff } from '../helpers/exhibitors.js';
import { fileForm, pdf, png } from '../helpers/files.js';
import { fixtureAttendee, fixtureEvent } from '../helpers/webcast-fixtures.js';
import { describeContract, expectMatchesReference, referenceOperation, referencePath } from './reference.js';

// The Exhibitor tag's operations eventline serves (exhibitors, categories,
// sponsorship levels, registration packs) and the Events tag's registration
// types, as eventline really answers them, success and error statuses,
// validated against the reference's response schemas (DESIGN rule 2).
const OPERATIONS: ReadonlyArray<readonly [string, string]> = [
  ['GET', '/events/{id}/exhibitors'], ['POST', '/events/{id}/exhibitors'],
  ['GET', '/events/{id}/exhibitors/{exhibitorId}'], ['PUT', '/events/{id}/exhibitors/{exhibitorId}'], ['DELETE', '/events/{id}/exhibitors/{exhibitorId}'],
  ['PUT', '/events/{id}/exhibitors/{exhibitorId}/banner-files/{fileId}'], ['DELETE', '/events/{id}/exhibitors/{exhibitorId}/banner-files/{fileId}'],
  ['PUT', '/events/{id}/exhibitors/{exhibitorId}/logo-files/{fileId}'], ['DELETE', '/events/{id}/exhibitors/{exhibitorId}/logo-files/{fileId}'],
  ['GET', '/events/{id}/exhibitors/{exhibitorId}/exhibitor-categories'],
  ['GET', '/events/{id}/exhibitor-categories'], ['POST', '/events/{id}/exhibitor-categories'],
  ['PUT', '/events/{id}/exhibitor-categories/{exhibitorCategoryId}'], ['DELETE', '/events/{id}/exhibitor-categories/{exhibitorCategoryId}'],
  ['PUT', '/events/{id}/exhibitor-categories/{exhibitorCategoryId}/banner-files/{fileId}'],
  ['DELETE', '/events/{id}/exhibitor-categories/{exhibitorCategoryId}/banner-files/{fileId}'],
  ['GET', '/events/{id}/exhibitor-categories/{exhibitorCategoryId}/exhibitors'],
  ['PUT', '/events/{id}/exhibitor-categories/{exhibitorCategoryId}/exhibitors/{exhibitorId}'],
  ['DELETE', '/events/{id}/exhibitor-categories/{exhibitorCategoryId}/exhibitors/{exhibitorId}'],
  ['GET', '/events/{id}/sponsorship-levels'], ['GET', '/events/{id}/sponsorship-levels/{sponsorshipLevelId}'],
  ['POST', '/events/{id}/exhibitors/{exhibitorId}/registration-packs'], ['GET', '/events/{id}/exhibitors/{exhibitorId}/registration-packs'],
  ['GET', '/events/{id}/exhibitors/{exhibitorId}/registration-packs/{registrationPackId}'],
  ['PUT', '/events/{id}/exhibitors/{exhibitorId}/registration-packs/{registrationPackId}'],
  ['DELETE', '/events/{id}/exhibitors/{exhibitorId}/registration-packs/{registrationPackId}'],
  ['GET', '/events/{id}/registration-types'], ['PUT', '/events/{id}/registration-types/{registrationTypeId}'],
];

describeContract('contract: Exhibitor operations (exhibitors, categories, sponsorship levels, registration packs) and registration types match the reference', () => {
  let t: TestApp;
  let token: string;
  let api: Api;
  let otherApi: Api;
  let anonymous: Api;
  let narrowApi: Api;
  let accountId: string;
  let event: string;
  const MISSING = '0190a1b2-0000-7000-8000-000000000000';

  beforeAll(async () => {
    t = await startTestApp({ build: { worker: false } });
    const tenant = await createTenant(t.services);
    accountId = tenant.accountId;
    token = await tokenFor(t.app, tenant);
    api = apiClient(t.app, token);
    narrowApi = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    anonymous = apiClient(t.app, undefined);
    otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
    event = await fixtureEvent(t.services, accountId);
  });
  afterAll(async () => t?.close());

  /** Calls, checks the status, and validates the body against the reference (a 204 has none). */
  async function check(client: Api, method: string, path: string, url: string, status: number, body?: unknown): Promise<unknown> {
    const res = await client(method as 'GET', url, body);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    if (status === 204) {
      expect(res.body).toBe('');
      return undefined;
    }
    expectMatchesReference(method, path, status, res.json());
    return res.json();
  }
  /** 401 without a token, 403 with a token lacking the scope, 404 for another account. */
  async function guarded(method: string, path: string, url: string, body?: unknown): Promise<void> {
    await check(anonymous, method, path, url, 401, body);
    await check(narrowApi, method, path, url, 403, body);
    await check(otherApi, method, path, url, 404, body);
  }
  const upload = async (name: string, bytes: Buffer): Promise<string> => {
    const form = fileForm(name, bytes);
    const res = await t.app.inject({ method: 'POST', url: '/ea/files', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const exhibitor = (overrides: Record<string, unknown> = {}) => ({ event: { id: event }, name: 'Acme', ...overrides });

  it('declares the reference\'s scopes on every operation', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { security?: Array<Record<string, string[]>> }>> };
    for (const [method, path] of OPERATIONS) {
      const reference = referenceOperation(method, path);
      expect(reference, `${method} ${path}`).toBeDefined();
      const ours = doc.paths[`/ea${path}`]?.[method.toLowerCase()]?.security?.[0]?.['OAuth2.clientCredentials'];
      expect(ours, `${method} ${path}`).toEqual(reference?.scopes);
    }
    const raw = YAML.parse(readFileSync(referencePath, 'utf8')) as { paths: Record<string, Record<string, { tags?: string[] }>> };
    const extensions = ['post /events/{id}/sponsorship-levels', 'put /events/{id}/sponsorship-levels/{sponsorshipLevelId}',
      'delete /events/{id}/sponsorship-levels/{sponsorshipLevelId}', 'post /events/{id}/registration-types'];
    for (const op of extensions) {
      const [method = '', path = ''] = op.split(' ');
      expect(raw.paths[path]?.[method], op).toBeUndefined();
      expect((doc.paths[`/ea${path}`]?.[method] as Record<string, unknown> | undefined)?.['x-eventline-extension'], op).toBe(true);
    }
  });

  it('exhibitors: GET list, POST, GET, PUT, DELETE', async () => {
    const list = '/events/{id}/exhibitors';
    const one = '/events/{id}/exhibitors/{exhibitorId}';
    const level = await api('POST', `/ea/events/${event}/sponsorship-levels`, { event: { id: event }, name: 'Gold', rank: 1 });
    const levelId = (level.json() as { id: string }).id;
    const created = await check(api, 'POST', list, `/ea/events/${event}/exhibitors`, 201, exhibitor({
      description: 'Robots', code: 'ACM', sourceId: 'robotics', location: 'Hall B', address: { address1: '1 Main St', city: 'Austin', postalCode: '78727', country: 'US' },
      email: 'sales@acme.example', mobilePhone: '555', workPhone: '556', otherPhone: '557', website: 'https://acme.example',
      contactLinks: { twitterUrl: { href: 'https://x.example/acme' } }, hidden: false, eventSponsor: true, featured: true, sponsorshipLevel: { id: levelId },
    })) as { id: string };
    await check(api, 'POST', list, `/ea/events/${event}/exhibitors`, 400, exhibitor({ sponsorshipLevel: { id: MISSING } }));
    await check(api, 'POST', list, `/ea/events/${event}/exhibitors`, 400, { event: { id: event } });
    await check(api, 'POST', list, `/ea/events/${MISSING}/exhibitors`, 404, { event: { id: MISSING }, name: 'x' });
    await guarded('POST', list, `/ea/events/${event}/exhibitors`, exhibitor());

    for (const q of ['', '?limit=1', `?filter=${encodeURIComponent(`id in ('${created.id}') AND deleted eq 'false' AND hidden eq 'false'`)}`, '?after=2020-01-01T00:00:00Z']) {
      await check(api, 'GET', list, `/ea/events/${event}/exhibitors${q}`, 200);
    }
    await check(api, 'GET', list, `/ea/events/${event}/exhibitors?filter=${encodeURIComponent("name eq 'Acme'")}`, 400);
    await check(api, 'GET', list, `/ea/events/${MISSING}/exhibitors`, 404);
    await guarded('GET', list, `/ea/events/${event}/exhibitors`);

    const url = `/ea/events/${event}/exhibitors/${created.id}`;
    await check(api, 'GET', one, url, 200);
    await check(api, 'GET', one, `/ea/events/${event}/exhibitors/not-a-uuid`, 404);
    await check(api, 'GET', one, `/ea/events/${event}/exhibitors/${MISSING}`, 404);
    await guarded('GET', one, url);
    await check(api, 'PUT', one, url, 200, exhibitor({ name: 'Acme Inc.' }));
    await check(api, 'PUT', one, url, 400, exhibitor({ name: '' }));
    await check(api, 'PUT', one, `/ea/events/${event}/exhibitors/${MISSING}`, 404, exhibitor());
    await guarded('PUT', one, url, exhibitor());
    await guarded('DELETE', one, url);
    await check(api, 'DELETE', one, url, 204);
    await check(api, 'DELETE', one, url, 404);
    await check(api, 'GET', list, `/ea/events/${event}/exhibitors?filter=${encodeURIComponent("deleted eq 'true'")}`, 200);
  });

  it('exhibitors: banner and logo PUT and DELETE', async () => {
    const e = (await (await api('POST', `/ea/events/${event}/exhibitors`, exhibitor())).json()) as { id: string };
    for (const kind of ['banner-files', 'logo-files']) {
      const path = `/events/{id}/exhibitors/{exhibitorId}/${kind}/{fileId}`;
      const image = await upload('image.png', png(12, 4));
      const url = `/ea/events/${event}/exhibitors/${e.id}/${kind}/${image}`;
      await check(api, 'PUT', path, `/ea/events/${event}/exhibitors/${e.id}/${kind}/${await upload('doc.pdf', pdf())}`, 400);
      await check(api, 'PUT', path, `/ea/events/${event}/exhibitors/${e.id}/${kind}/${MISSING}`, 404);
      await guarded('PUT', path, url);
      await check(api, 'PUT', path, url, 200);
      await check(api, 'GET', '/events/{id}/exhibitors/{exhibitorId}', `/ea/events/${event}/exhibitors/${e.id}`, 200);
      await guarded('DELETE', path, url);
      await check(api, 'DELETE', path, url, 204);
      await check(api, 'DELETE', path, url, 404);
    }
  });

  it('exhibitor categories: list, POST, PUT, DELETE, banner, membership and both id lists', async () => {
    const list = '/events/{id}/exhibitor-categories';
    const one = '/events/{id}/exhibitor-categories/{exhibitorCategoryId}';
    const body = { event: { id: event }, name: 'Automobile', description: 'Cars', order: 3, type: 'LOGO' };
    const cat = await check(api, 'POST', list, `/ea/events/${event}/exhibitor-categories`, 201, body) as { id: string };
    await check(api, 'POST', list, `/ea/events/${event}/exhibitor-categories`, 400, { ...body, type: 'POSTER' });
    await check(api, 'POST', list, `/ea/events/${MISSING}/exhibitor-categories`, 404, { ...body, event: { id: MISSING } });
    await guarded('POST', list, `/ea/events/${event}/exhibitor-categories`, body);
    await check(api, 'GET', list, `/ea/events/${event}/exhibitor-categories?limit=1`, 200);
    await check(api, 'GET', list, `/ea/events/${event}/exhibitor-categories?limit=0`, 400);
    await check(api, 'GET', list, `/ea/events/${MISSING}/exhibitor-categories`, 404);
    await guarded('GET', list, `/ea/events/${event}/exhibitor-categories`);

    const url = `/ea/events/${event}/exhibitor-categories/${cat.id}`;
    await check(api, 'PUT', one, url, 200, { ...body, name: 'Cars' });
    await check(api, 'PUT', one, url, 400, { ...body, order: 0 });
    await check(api, 'PUT', one, `/ea/events/${event}/exhibitor-categories/${MISSING}`, 404, body);
    await guarded('PUT', one, url, body);

    const banner = '/events/{id}/exhibitor-categories/{exhibitorCategoryId}/banner-files/{fileId}';
    const image = await upload('cat.png', png(9, 3));
    await check(api, 'PUT', banner, `${url}/banner-files/${await upload('notes.txt', Buffer.from('text\n'))}`, 400);
    await check(api, 'PUT', banner, `${url}/banner-files/${MISSING}`, 404);
    await guarded('PUT', banner, `${url}/banner-files/${image}`);
    await check(api, 'PUT', banner, `${url}/banner-files/${image}`, 200);
    await check(api, 'GET', list, `/ea/events/${event}/exhibitor-categories`, 200);
    await guarded('DELETE', banner, `${url}/banner-files/${image}`);
    await check(api, 'DELETE', banner, `${url}/banner-files/${image}`, 204);
    await check(api, 'DELETE', banner, `${url}/banner-files/${image}`, 404);

    const e = (await (await api('POST', `/ea/events/${event}/exhibitors`, exhibitor())).json()) as { id: string };
    const member = '/events/{id}/exhibitor-categories/{exhibitorCategoryId}/exhibitors/{exhibitorId}';
    await check(api, 'PUT', member, `${url}/exhibitors/not-a-uuid`, 404);
    await check(api, 'PUT', member, `${url}/exhibitors/${MISSING}`, 404);
    await guarded('PUT', member, `${url}/exhibitors/${e.id}`);
    await check(api, 'PUT', member, `${url}/exhibitors/${e.id}`, 204);

    const members = '/events/{id}/exhibitor-categories/{exhibitorCategoryId}/exhibitors';
    expect(await check(api, 'GET', members, `${url}/exhibitors`, 200)).toMatchObject({ data: [{ id: e.id }] });
    await check(api, 'GET', members, `${url}/exhibitors?limit=500`, 400);
    await check(api, 'GET', members, `/ea/events/${event}/exhibitor-categories/${MISSING}/exhibitors`, 404);
    await guarded('GET', members, `${url}/exhibitors`);

    const ofExhibitor = '/events/{id}/exhibitors/{exhibitorId}/exhibitor-categories';
    const ofUrl = `/ea/events/${event}/exhibitors/${e.id}/exhibitor-categories`;
    expect(await check(api, 'GET', ofExhibitor, ofUrl, 200)).toMatchObject({ data: [{ id: cat.id }] });
    await check(api, 'GET', ofExhibitor, `${ofUrl}?token=nonsense`, 400);
    await check(api, 'GET', ofExhibitor, `/ea/events/${event}/exhibitors/${MISSING}/exhibitor-categories`, 404);
    await guarded('GET', ofExhibitor, ofUrl);

    await guarded('DELETE', member, `${url}/exhibitors/${e.id}`);
    await check(api, 'DELETE', member, `${url}/exhibitors/${e.id}`, 204);
    await check(api, 'DELETE', member, `${url}/exhibitors/${e.id}`, 404);
    await guarded('DELETE', one, url);
    await check(api, 'DELETE', one, url, 204);
    await check(api, 'DELETE', one, url, 404);
  });

  it('sponsorship levels: GET list and GET one', async () => {
    const list = '/events/{id}/sponsorship-levels';
    const one = '/events/{id}/sponsorship-levels/{sponsorshipLevelId}';
    const level = (await (await api('POST', `/ea/events/${event}/sponsorship-levels`, { event: { id: event }, name: 'Silver' })).json()) as { id: string };
    expect(await check(api, 'GET', list, `/ea/events/${event}/sponsorship-levels`, 200)).toMatchObject({ data: expect.arrayContaining([expect.objectContaining({ id: level.id })]) });
    await check(api, 'GET', list, `/ea/events/${MISSING}/sponsorship-levels`, 404);
    await guarded('GET', list, `/ea/events/${event}/sponsorship-levels`);
    await check(api, 'GET', one, `/ea/events/${event}/sponsorship-levels/${level.id}`, 200);
    await check(api, 'GET', one, `/ea/events/${event}/sponsorship-levels/${MISSING}`, 404);
    await guarded('GET', one, `/ea/events/${event}/sponsorship-levels/${level.id}`);
  });

  it('registration types: GET list and PUT', async () => {
    const list = '/events/{id}/registration-types';
    const one = '/events/{id}/registration-types/{registrationTypeId}';
    const type = (await (await api('POST', `/ea/events/${event}/registration-types`, {
      name: 'Member', code: 'MEM', description: 'Members', automaticOpenDate: '2030-01-01T00:00:00Z', capacity: { total: 100 },
    })).json()) as { id: string };
    await check(api, 'GET', list, `/ea/events/${event}/registration-types?limit=10`, 200);
    await check(api, 'GET', list, `/ea/events/${event}/registration-types?limit=0`, 400);
    await check(api, 'GET', list, `/ea/events/${MISSING}/registration-types`, 404);
    await guarded('GET', list, `/ea/events/${event}/registration-types`);
    const url = `/ea/events/${event}/registration-types/${type.id}`;
    const body = { id: type.id, openForRegistration: true, automaticEndDate: '2030-06-01T00:00:00Z', capacity: { total: 20 } };
    await check(api, 'PUT', one, url, 200, body);
    await check(api, 'PUT', one, url, 400, { id: type.id });
    await check(api, 'PUT', one, `/ea/events/${event}/registration-types/${MISSING}`, 404, { ...body, id: MISSING });
    await guarded('PUT', one, url, body);
  });

  it('registration packs: POST, GET list, GET, PUT, DELETE', async () => {
    const list = '/events/{id}/exhibitors/{exhibitorId}/registration-packs';
    const one = '/events/{id}/exhibitors/{exhibitorId}/registration-packs/{registrationPackId}';
    const type = (await (await api('POST', `/ea/events/${event}/registration-types`, { name: 'Exhibitor' })).json()) as { id: string };
    const e = (await (await api('POST', `/ea/events/${event}/exhibitors`, exhibitor())).json()) as { id: string };
    const base = `/ea/events/${event}/exhibitors/${e.id}/registration-packs`;
    const body = (n: number, typeId = type.id) => ({ event: { id: event }, exhibitor: { id: e.id }, capacities: [{ registrationType: { id: typeId }, reservedCapacity: n }] });
    await check(api, 'GET', list, base, 200);
    await check(api, 'POST', list, base, 400, body(1, MISSING));
    await check(api, 'POST', list, base, 400, { ...body(1), capacities: [] });
    await check(api, 'POST', list, `/ea/events/${event}/exhibitors/${MISSING}/registration-packs`, 404, body(1));
    await guarded('POST', list, base, body(2));
    const pack = await check(api, 'POST', list, base, 201, body(2)) as { id: string };
    await check(api, 'POST', list, base, 409, body(3));
    await check(api, 'GET', list, base, 200);
    await check(api, 'GET', list, `/ea/events/${event}/exhibitors/${MISSING}/registration-packs`, 404);
    await guarded('GET', list, base);

    const url = `${base}/${pack.id}`;
    await check(api, 'GET', one, url, 200);
    await check(api, 'GET', one, `${base}/${MISSING}`, 404);
    await guarded('GET', one, url);
    await check(api, 'PUT', one, url, 200, body(4));
    await check(api, 'PUT', one, url, 400, body(0));
    await check(api, 'PUT', one, `${base}/${MISSING}`, 404, body(4));
    await guarded('PUT', one, url, body(4));

    const staff = await fixtureAttendee(t.db.handle.db, accountId, event);
    const staffId = await insertBoothStaff(t.services, accountId, event, e.id, staff);
    await check(api, 'DELETE', one, url, 409);
    await t.db.handle.db.deleteFrom('exhibitor_booth_staff').where('id', '=', staffId).execute();
    await guarded('DELETE', one, url);
    await check(api, 'DELETE', one, url, 204);
    await check(api, 'DELETE', one, url, 404);
  });
});
