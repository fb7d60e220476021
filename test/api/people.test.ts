import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seed.js';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { pdf, png, uploadFile } from '../helpers/files.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';

// People (issue 30): contact groups and members, contact types, related contacts, change history, profile pictures and merges.

interface Page<T> { data: T[]; paging: { totalCount?: number; limit: number; nextToken?: string } }
interface Group { id: string; name: string; type: string; shortDescription?: string; distributionListInfo?: { securityType?: string; internalNote?: string; status?: string } }
interface History { updatedFieldName: string; oldValue?: string; newValue?: string; updatedThroughName: string; updatedBy: string; updatedDate: string }

const MISSING = '0190a1b2-0000-7000-8000-000000000000';
let t: TestApp;
let token: string;
let api: Api;
let accountId: string;
let seq = 0;
const dataDir = mkdtempSync(join(tmpdir(), 'eventline-people-'));

const q = (filter: string) => `filter=${encodeURIComponent(filter)}`;
async function contact(fields: Record<string, unknown> = {}): Promise<string> {
  seq += 1;
  const res = await api('POST', '/ea/contacts', [{ firstName: 'Pat', lastName: `Person${seq}`, email: `pat${seq}.${Date.now()}@example.test`, ...fields }]);
  const [item] = res.json() as Array<{ status: number; data: { id: string } }>;
  expect(item?.status, res.body).toBe(201);
  return item?.data.id ?? '';
}
const history = async (id: string): Promise<History[]> => (await ok<Page<History>>(api('GET', `/ea/contacts/${id}/history?limit=200`))).data;
const ids = async (url: string): Promise<string[]> => (await ok<Page<{ id: string }>>(api('GET', url))).data.map((x) => x.id);

beforeAll(async () => {
  t = await startTestApp({ env: { DATA_DIR: dataDir, RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
  const tenant = await createTenant(t.services);
  accountId = tenant.accountId;
  token = await tokenFor(t.app, tenant);
  api = apiClient(t.app, token);
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('contact groups', () => {
  it('creates, reads, filters, pages, updates and deletes groups; names are unique; the type cannot change', async () => {
    const vip = await ok<Group>(api('POST', '/ea/contact-groups', { name: 'VIP guests', shortDescription: 'The front rows' }), 201);
    expect(vip).toMatchObject({ name: 'VIP guests', type: 'STANDARD', shortDescription: 'The front rows' });
    const list = await ok<Group>(api('POST', '/ea/contact-groups', { name: 'Newsletter', type: 'DISTRIBUTION_LIST', distributionListInfo: { securityType: 'PUBLIC', internalNote: 'monthly' } }), 201);
    expect(list.distributionListInfo).toEqual({ securityType: 'PUBLIC', internalNote: 'monthly', status: 'COMPLETE' });
    await ok(api('POST', '/ea/contact-groups', { name: 'Do not invite', type: 'BLACKLIST' }), 201);

    expect((await api('POST', '/ea/contact-groups', { name: 'VIP guests' })).json()).toMatchObject({ code: 400, target: 'name' });
    expect((await api('POST', '/ea/contact-groups', { name: 'X', distributionListInfo: { securityType: 'PUBLIC' } })).json()).toMatchObject({ code: 400, target: 'distributionListInfo' });
    expect((await api('POST', '/ea/contact-groups', { name: 'X', type: 'OTHER' })).statusCode).toBe(400);
    expect((await api('POST', '/ea/contact-groups', { name: 'x'.repeat(101) })).statusCode).toBe(400);

    expect(await ok<Group>(api('GET', `/ea/contact-groups/${vip.id}`))).toEqual(vip);
    const first = await ok<Page<Group>>(api('GET', '/ea/contact-groups?limit=2'));
    expect(first.paging.totalCount).toBe(3);
    const second = await ok<Page<Group>>(api('GET', `/ea/contact-groups?token=${encodeURIComponent(first.paging.nextToken ?? '')}`));
    expect([...first.data, ...second.data].map((g) => g.name)).toEqual(['VIP guests', 'Newsletter', 'Do not invite']);
    expect((await ok<Page<Group>>(api('GET', `/ea/contact-groups?${q("name sw 'new' and type eq 'DISTRIBUTION_LIST'")}`))).data.map((g) => g.id)).toEqual([list.id]);
    expect((await ok<Page<Group>>(api('GET', `/ea/contact-groups?${q("name contains 'invite'")}`))).data).toHaveLength(1);
    expect((await api('GET', `/ea/contact-groups?${q("type ne 'STANDARD'")}`)).json()).toMatchObject({ code: 400, target: 'filter' });
    expect((await api('GET', `/ea/contact-groups?${q("description eq 'x'")}`)).statusCode).toBe(400);

    const renamed = await ok<Group>(api('PUT', `/ea/contact-groups/${vip.id}`, { ...vip, name: 'VVIP guests', shortDescription: undefined }));
    expect(renamed).toMatchObject({ id: vip.id, name: 'VVIP guests', type: 'STANDARD' });
    expect(renamed.shortDescription).toBeUndefined();
    expect((await api('PUT', `/ea/contact-groups/${vip.id}`, { name: 'VVIP guests', type: 'BLACKLIST' })).json()).toMatchObject({ code: 400, target: 'type' });
    expect((await api('PUT', `/ea/contact-groups/${vip.id}`, { name: 'Newsletter' })).json()).toMatchObject({ code: 400, target: 'name' });
    expect((await ok<Group>(api('GET', `/ea/contact-groups/${vip.id}`))).name).toBe('VVIP guests');

    expect((await api('DELETE', `/ea/contact-groups/${vip.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/ea/contact-groups/${vip.id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/ea/contact-groups/${vip.id}`)).statusCode).toBe(404);
    expect((await api('PUT', `/ea/contact-groups/${MISSING}`, { name: 'X' })).statusCode).toBe(404);
  });

  it('adds, lists (by keyset) and removes members; adding twice keeps one; unknown contacts and groups are 404', async () => {
    const group = await ok<Group>(api('POST', '/ea/contact-groups', { name: 'Speakers 2027' }), 201);
    const people = [await contact(), await contact(), await contact()];
    for (const p of people) expect((await api('PUT', `/ea/contact-groups/${group.id}/contacts/${p}`)).statusCode).toBe(204);
    expect((await api('PUT', `/ea/contact-groups/${group.id}/contacts/${people[0]}`)).statusCode).toBe(204);
    const first = await ok<Page<{ id: string }>>(api('GET', `/ea/contact-groups/${group.id}/contacts?limit=2`));
    expect(first.paging.totalCount).toBe(3);
    const rest = await ids(`/ea/contact-groups/${group.id}/contacts?token=${encodeURIComponent(first.paging.nextToken ?? '')}`);
    expect([...first.data.map((x) => x.id), ...rest]).toEqual(people);

    expect((await api('PUT', `/ea/contact-groups/${group.id}/contacts/${MISSING}`)).statusCode).toBe(404);
    expect((await api('PUT', `/ea/contact-groups/${MISSING}/contacts/${people[0]}`)).statusCode).toBe(404);
    expect((await api('GET', `/ea/contact-groups/${MISSING}/contacts`)).statusCode).toBe(404);
    expect((await api('DELETE', `/ea/contact-groups/${group.id}/contacts/${people[1]}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/contact-groups/${group.id}/contacts/${people[1]}`)).statusCode).toBe(404);
    expect(await ids(`/ea/contact-groups/${group.id}/contacts`)).toEqual([people[0], people[2]]);
  });
});

describe('contact types', () => {
  it('creates types (code derived or given, unique), lists and filters them by name; a contact names one', async () => {
    const member = await ok<{ id: string; code: string; active: boolean }>(api('POST', '/ea/contact-types', { name: 'Member', description: 'Paying member' }), 201);
    expect(member).toMatchObject({ code: 'MEMBER', name: 'Member', active: true });
    await ok(api('POST', '/ea/contact-types', { name: 'Press', code: 'PRESS-1', active: false }), 201);
    expect((await api('POST', '/ea/contact-types', { name: 'Member again', code: 'MEMBER' })).json()).toMatchObject({ code: 400, target: 'code' });
    expect((await api('POST', '/ea/contact-types', { name: 'x'.repeat(51) })).statusCode).toBe(400);
    const all = await ok<Page<{ name: string; active: boolean }>>(api('GET', '/ea/contact-types'));
    expect(all.data.map((x) => [x.name, x.active])).toEqual([['Member', true], ['Press', false]]);
    expect((await ok<Page<{ name: string }>>(api('GET', `/ea/contact-types?${q("name sw 'Pr'")}`))).data.map((x) => x.name)).toEqual(['Press']);
    expect((await api('GET', `/ea/contact-types?${q("code eq 'PRESS-1'")}`)).statusCode).toBe(400);
    const id = await contact({ type: { id: member.id } });
    expect((await ok<{ type?: { id: string } }>(api('GET', `/ea/contacts/${id}`))).type?.id).toBe(member.id);
  });
});

describe('related contacts', () => {
  it('relates two contacts both ways, once; a contact is not related to itself; removing works both ways', async () => {
    const [a, b, c] = [await contact(), await contact(), await contact()];
    expect((await api('PUT', `/ea/contacts/${a}/related-contacts/${b}`)).statusCode).toBe(204);
    expect((await api('PUT', `/ea/contacts/${a}/related-contacts/${c}`)).statusCode).toBe(204);
    expect((await api('PUT', `/ea/contacts/${b}/related-contacts/${a}`)).statusCode).toBe(204);
    expect(await ids(`/ea/contacts/${a}/related-contacts`)).toEqual([b, c]);
    expect(await ids(`/ea/contacts/${b}/related-contacts`)).toEqual([a]);
    expect((await api('PUT', `/ea/contacts/${a}/related-contacts/${a}`)).json()).toMatchObject({ code: 400, target: 'relatedContactId' });
    expect((await api('PUT', `/ea/contacts/${a}/related-contacts/${MISSING}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/ea/contacts/${b}/related-contacts/${a}`)).statusCode).toBe(204);
    expect(await ids(`/ea/contacts/${a}/related-contacts`)).toEqual([c]);
    expect((await api('DELETE', `/ea/contacts/${b}/related-contacts/${a}`)).statusCode).toBe(404);
    expect((await api('GET', `/ea/contacts/${MISSING}/related-contacts`)).statusCode).toBe(404);
  });
});

describe('change history', () => {
  it('records each changed field of every write, with old and new values, how and by whom; oldest first', async () => {
    const id = await contact({ firstName: 'Grace', company: 'Navy' });
    const created = await history(id);
    // The creation is one entry without values (the first values are the contact's own).
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ updatedFieldName: 'contact', updatedThroughName: 'Created from API' });
    expect(created[0]?.oldValue).toBeUndefined();
    expect(created[0]?.newValue).toBeUndefined();
    expect(created[0]?.updatedBy).not.toBe('');

    await ok(api('PATCH', `/ea/contacts/${id}`, { company: 'Harvard', homeAddress: { city: 'Arlington' } }));
    const after = (await history(id)).slice(created.length);
    expect(after.map(({ updatedFieldName, oldValue, newValue, updatedThroughName }) => ({ updatedFieldName, oldValue, newValue, updatedThroughName }))).toEqual([
      { updatedFieldName: 'company', oldValue: 'Navy', newValue: 'Harvard', updatedThroughName: 'Modified from API' },
      { updatedFieldName: 'homeAddress.city', newValue: 'Arlington', updatedThroughName: 'Modified from API' },
    ]);
    // A write that changes nothing adds nothing; a refused write adds nothing.
    await ok(api('PATCH', `/ea/contacts/${id}`, { company: 'Harvard' }));
    expect((await api('PATCH', `/ea/contacts/${id}`, { email: 'not an email' })).statusCode).toBe(400);
    expect(await history(id)).toHaveLength(created.length + 2);
    expect((await api('DELETE', `/ea/contacts/${id}`)).statusCode).toBe(204);
    expect((await history(id)).at(-1)).toMatchObject({ updatedFieldName: 'deleted', oldValue: 'false', newValue: 'true' });

    const page = await ok<Page<History>>(api('GET', `/ea/contacts/${id}/history?limit=2`));
    expect(page.data).toHaveLength(2);
    const future = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    expect((await ok<Page<History>>(api('GET', `/ea/contacts/${id}/history?after=${future}`))).data).toEqual([]);
    expect((await api('GET', `/ea/contacts/${MISSING}/history`)).statusCode).toBe(404);
  });

  it('is written in the transaction of the change: a write that fails after it leaves neither the change nor its history', async () => {
    const id = await contact({ company: 'Before' });
    const before = (await history(id)).length;
    let armed = true;
    t.services.contacts.onWritten(async (w) => {
      if (armed && w.contactId === id) throw new Error('a later listener fails');
    });
    const res = await api('PATCH', `/ea/contacts/${id}`, { company: 'After' });
    armed = false;
    expect(res.statusCode).toBe(500);
    expect((await ok<{ company?: string }>(api('GET', `/ea/contacts/${id}`))).company).toBe('Before');
    expect(await history(id)).toHaveLength(before);
  });
});

describe('profile pictures', () => {
  it('assigns an uploaded image (replacing the previous one), refuses a PDF or an unknown file, and removes it', async () => {
    const id = await contact();
    const image = await uploadFile(t.app, token, 'me.png', png());
    const set = await ok<{ file: { id: string }; href: string }>(api('PUT', `/ea/contacts/${id}/profile-images`, { file: { id: image } }));
    expect(set.file.id).toBe(image);
    expect((await t.app.inject({ method: 'GET', url: new URL(set.href).pathname + new URL(set.href).search })).statusCode).toBe(200);
    const next = await uploadFile(t.app, token, 'me2.png', png(8, 8));
    await ok(api('PUT', `/ea/contacts/${id}/profile-images`, { file: { id: next } }));
    expect((await t.services.files.info(accountId, image)).attachedTo).toBeNull();
    expect((await t.services.files.info(accountId, next)).attachedTo).toBe(`contact-profile-image:${id}`);
    // The same file cannot be another contact's picture.
    expect((await api('PUT', `/ea/contacts/${await contact()}/profile-images`, { file: { id: next } })).json()).toMatchObject({ code: 400, target: 'file.id' });
    expect((await api('PUT', `/ea/contacts/${id}/profile-images`, { file: { id: await uploadFile(t.app, token, 'cv.pdf', pdf()) } })).statusCode).toBe(400);
    expect((await api('PUT', `/ea/contacts/${id}/profile-images`, { file: { id: MISSING } })).statusCode).toBe(400);
    expect((await api('DELETE', `/ea/contacts/${id}/profile-images`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/contacts/${id}/profile-images`)).statusCode).toBe(404);
  });
});

describe('merge', () => {
  it('moves registrations, answers, memberships, relationships, history and the picture to the survivor, in both histories', async () => {
    const [e1, e2] = [await fixtureEvent(t.services, accountId, 'Virtual', 'Merge one'), await fixtureEvent(t.services, accountId, 'Virtual', 'Merge two')];
    const main = await contact({ firstName: 'Main', company: 'Old Co' });
    const other = await contact({ firstName: 'Other', company: 'New Co', title: 'CTO' });
    const friend = await contact();
    const register = async (c: string, e: string): Promise<string> => {
      const res = await api('POST', '/ea/attendees', [{ event: { id: e }, contact: { id: c } }]);
      const [item] = res.json() as Array<{ status: number; data: { id: string } }>;
      expect(item?.status, res.body).toBe(201);
      return item?.data.id ?? '';
    };
    const mainE2 = await register(main, e2);
    const otherE1 = await register(other, e1);
    const otherE2 = await register(other, e2);
    const g1 = (await ok<Group>(api('POST', '/ea/contact-groups', { name: 'Merge G1' }), 201)).id;
    const g2 = (await ok<Group>(api('POST', '/ea/contact-groups', { name: 'Merge G2' }), 201)).id;
    for (const [g, c] of [[g1, main], [g1, other], [g2, other]] as const) await api('PUT', `/ea/contact-groups/${g}/contacts/${c}`);
    await api('PUT', `/ea/contacts/${other}/related-contacts/${friend}`);
    await api('PUT', `/ea/contacts/${other}/related-contacts/${main}`);
    const field = await ok<{ id: string }>(api('POST', '/ea/custom-fields', { category: 'Contact', name: 'Diet', code: `DIET${seq}`, type: 'Open Ended Text - One Line', required: false }), 201);
    await ok(api('PUT', `/ea/contacts/${other}/custom-fields/${field.id}/answers`, { value: ['Vegan'] }));
    await ok(api('PUT', `/ea/contacts/${other}/profile-images`, { file: { id: await uploadFile(t.app, token, 'o.png', png()) } }));
    const otherHistory = (await history(other)).length;
    const mainHistory = (await history(main)).length;
    const otherEmail = (await ok<{ email: string }>(api('GET', `/ea/contacts/${other}`))).email;

    // Refused: into itself (400), a registration that cannot move (409), a contact of another account (404); nothing changed.
    expect((await api('POST', `/ea/contacts/${main}/merge`, { secondaryContacts: [main] })).json()).toMatchObject({ code: 400, target: 'secondaryContacts' });
    expect((await api('POST', `/ea/contacts/${main}/merge`, { secondaryContacts: [other], conflictResolution: { events: [{ eventId: e2, contactId: other }] } })).statusCode).toBe(409);
    expect((await api('POST', `/ea/contacts/${main}/merge`, { secondaryContacts: [other], conflictResolution: { contactFields: [{ fieldName: 'title', contactId: MISSING }] } })).statusCode).toBe(400);
    const stranger = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
    expect((await stranger('POST', `/ea/contacts/${main}/merge`, { secondaryContacts: [other] })).statusCode).toBe(404);
    expect((await api('POST', `/ea/contacts/${main}/merge`, { secondaryContacts: [MISSING] })).statusCode).toBe(404);
    expect((await ok<{ deleted: boolean }>(api('GET', `/ea/contacts/${other}`))).deleted).toBe(false);

    const merged = await ok<{ id: string; company: string; email: string; title?: string }>(api('POST', `/ea/contacts/${main}/merge`, {
      secondaryContacts: [other], conflictResolution: { contactFields: [{ fieldName: 'email', contactId: other }, { fieldName: 'title', contactId: other }] },
    }));
    expect(merged).toMatchObject({ id: main, company: 'Old Co', email: otherEmail, title: 'CTO' });
    // Registrations: e1 moved; in e2 the main contact keeps its own, the other's stays with the merged contact.
    const contactOf = async (attendee: string) => (await ok<{ contact: { id: string } }>(api('GET', `/ea/attendees/${attendee}`))).contact.id;
    expect([await contactOf(otherE1), await contactOf(mainE2), await contactOf(otherE2)]).toEqual([main, main, other]);
    expect((await ok<{ customFields?: Array<{ id: string; value: string[] }> }>(api('GET', `/ea/contacts/${main}`))).customFields).toEqual([expect.objectContaining({ id: field.id, value: ['Vegan'] })]);
    expect(await ids(`/ea/contact-groups/${g1}/contacts`)).toEqual([main]);
    expect(await ids(`/ea/contact-groups/${g2}/contacts`)).toEqual([main]);
    expect(await ids(`/ea/contacts/${main}/related-contacts`)).toEqual([friend]);
    expect(await ids(`/ea/contacts/${friend}/related-contacts`)).toEqual([main]);
    expect(await ids(`/ea/contacts/${other}/related-contacts`)).toEqual([]);
    expect((await t.services.db.db.selectFrom('contact_profile_images').select('contact_id').where('account_id', '=', accountId)
      .where('contact_id', 'in', [main, other]).execute()).map((r) => r.contact_id)).toEqual([main]);

    const survivor = await history(main);
    const gone = await history(other);
    expect(survivor.length).toBeGreaterThanOrEqual(mainHistory + otherHistory + 1);
    expect(survivor.filter((h) => h.updatedFieldName === 'mergedContacts').map((h) => h.newValue)).toEqual([other]);
    expect(survivor.filter((h) => h.updatedFieldName === 'title').at(-1)).toMatchObject({ newValue: 'CTO' });
    expect(gone.map((h) => h.updatedFieldName)).toEqual(['deleted', 'mergedInto']);
    expect(gone.at(-1)?.newValue).toBe(main);
    expect((await ok<{ deleted: boolean }>(api('GET', `/ea/contacts/${other}`))).deleted).toBe(true);
    // A merged contact cannot be merged again.
    expect((await api('POST', `/ea/contacts/${main}/merge`, { secondaryContacts: [other] })).statusCode).toBe(400);
  });

  it('merges two contacts at once, and lets a registration of a merged contact win where the main one has none', async () => {
    const event = await fixtureEvent(t.services, accountId, 'Virtual', 'Merge three');
    const [main, b, c] = [await contact(), await contact(), await contact()];
    const reg = async (who: string) => ((await api('POST', '/ea/attendees', [{ event: { id: event }, contact: { id: who } }])).json() as Array<{ data: { id: string } }>)[0]?.data.id ?? '';
    const [rb, rc] = [await reg(b), await reg(c)];
    await ok(api('POST', `/ea/contacts/${main}/merge`, { secondaryContacts: [b, c], conflictResolution: { events: [{ eventId: event, contactId: c }] } }));
    const contactOf = async (attendee: string) => (await ok<{ contact: { id: string } }>(api('GET', `/ea/attendees/${attendee}`))).contact.id;
    expect([await contactOf(rb), await contactOf(rc)]).toEqual([b, main]);
    expect((await history(main)).filter((h) => h.updatedFieldName === 'mergedContacts').map((h) => h.newValue)).toEqual([`${b},${c}`]);
  });
});

describe('the demo account', () => {
  it('carries contact types, groups with members, a relationship and a merge in the survivor\'s history', async () => {
    const { credentials } = await seedDemo(t.services, t.config);
    if (!credentials) throw new Error('the demo was not seeded');
    const demo = apiClient(t.app, await tokenFor(t.app, credentials));
    expect((await ok<Page<{ name: string }>>(demo('GET', '/ea/contact-types'))).data.map((x) => x.name)).toEqual(['Member', 'Press']);
    const groups = (await ok<Page<Group>>(demo('GET', '/ea/contact-groups'))).data;
    expect(groups.map((g) => g.type)).toEqual(['STANDARD', 'DISTRIBUTION_LIST', 'BLACKLIST']);
    const jordan = (await ok<Page<{ id: string; mobilePhone?: string; email: string }>>(demo('GET', `/ea/contacts?${q("email eq 'jordan.reyes@demo.eventline.test'")}`))).data[0];
    expect(jordan?.mobilePhone).toBe('+1 617 555 0142');
    const newsletter = groups.find((g) => g.type === 'DISTRIBUTION_LIST')?.id ?? '';
    expect((await ok<Page<{ id: string }>>(demo('GET', `/ea/contact-groups/${newsletter}/contacts`))).data.map((x) => x.id)).toContain(jordan?.id);
    expect((await ok<Page<{ id: string }>>(demo('GET', `/ea/contacts/${jordan?.id ?? ''}/related-contacts`))).data).toHaveLength(1);
    const log = (await ok<Page<History>>(demo('GET', `/ea/contacts/${jordan?.id ?? ''}/history?limit=200`))).data;
    expect(log.map((h) => h.updatedFieldName)).toContain('mergedContacts');
    // The rest of issue 30 on the demo event.
    const count = async (path: string) => (await ok<Page<unknown>>(demo('GET', path))).data.length;
    expect(await count('/ea/signatures')).toBe(1);
    expect(await count('/ea/event-roles/assignments')).toBe(1);
    const hub = (await ok<Page<{ id: string }>>(demo('GET', '/ea/hubs'))).data[0];
    expect(await count(`/ea/hubs/${hub?.id ?? ''}/members`)).toBe(2);
    expect((await ok<Page<{ status: string }>>(demo('GET', '/ea/process-forms/submissions'))).data.map((x) => x.status)).toEqual(['Approved']);
  });
});
