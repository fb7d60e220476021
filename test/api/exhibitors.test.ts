import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seed.js';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp, ok } from '../helpers/app.js';
import { insertBoothStaff } from '../helpers/exhibitors.js';
import { pdf, png, uploadFile } from '../helpers/files.js';
import { fixtureAttendee, fixtureEvent } from '../helpers/webcast-fixtures.js';

interface Exhibitor {
  id: string; name: string; email?: string; deleted: boolean; hidden: boolean; sponsorshipLevel?: { id: string };
  bannerId?: string; bannerUrl?: string; profileLogoId?: string; profileLogoUrl?: string; address?: Record<string, string>; workPhone?: string;
}
interface Page<T> { data: T[]; paging: { totalCount: number; limit: number; nextToken?: string } }
interface Pack { id: string; capacities: Array<{ registrationType: { id: string }; reservedCapacity: number; availableCapacity: number }> }

const MISSING = '0190a1b2-0000-7000-8000-000000000000';

let t: TestApp;
let token: string;
let api: Api;
let otherApi: Api;
let accountId: string;
let event: string;
const dataDir = mkdtempSync(join(tmpdir(), 'eventline-exhibitors-'));

const exhibitorBody = (overrides: Record<string, unknown> = {}) => ({ event: { id: event }, name: 'Acme Robotics', ...overrides });
const createExhibitor = (overrides: Record<string, unknown> = {}) => ok<Exhibitor>(api('POST', `/ea/events/${event}/exhibitors`, exhibitorBody(overrides)), 201);
const upload = (name: string, bytes: Buffer): Promise<string> => uploadFile(t.app, token, name, bytes);

beforeAll(async () => {
  t = await startTestApp({ env: { DATA_DIR: dataDir }, build: { worker: false } });
  const tenant = await createTenant(t.services);
  accountId = tenant.accountId;
  token = await tokenFor(t.app, tenant);
  api = apiClient(t.app, token);
  otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
  event = await fixtureEvent(t.services, accountId);
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('exhibitors', () => {
  it('creates, reads, replaces and lists an exhibitor with its sponsorship level', async () => {
    const gold = await ok<{ id: string }>(api('POST', `/ea/events/${event}/sponsorship-levels`, { event: { id: event }, name: 'Gold', rank: 1 }), 201);
    const created = await createExhibitor({
      email: 'sales@acme.example', workPhone: '+1 555 010 2030', address: { city: 'Austin', country: 'United States' },
      contactLinks: { linkedInUrl: { href: 'https://linkedin.example/acme' } }, sponsorshipLevel: { id: gold.id }, eventSponsor: true,
    });
    expect(created).toMatchObject({ name: 'Acme Robotics', deleted: false, hidden: false, sponsorshipLevel: { id: gold.id }, address: { city: 'Austin' } });
    expect(await ok<Exhibitor>(api('GET', `/ea/events/${event}/exhibitors/${created.id}`))).toEqual(created);

    const replaced = await ok<Exhibitor>(api('PUT', `/ea/events/${event}/exhibitors/${created.id}`, exhibitorBody({ name: 'Acme Robotics Inc.', hidden: true })));
    expect(replaced).toMatchObject({ name: 'Acme Robotics Inc.', hidden: true });
    // PUT replaces: what was left out is cleared.
    expect(replaced.email).toBeUndefined();
    expect(replaced.sponsorshipLevel).toBeUndefined();

    const hidden = await ok<Page<Exhibitor>>(api('GET', `/ea/events/${event}/exhibitors?filter=${encodeURIComponent("hidden eq 'true'")}`));
    expect(hidden.data.map((e) => e.id)).toEqual([created.id]);
    const byId = await ok<Page<Exhibitor>>(api('GET', `/ea/events/${event}/exhibitors?filter=${encodeURIComponent(`id in ('${created.id}', '${MISSING}')`)}`));
    expect(byId.data.map((e) => e.id)).toEqual([created.id]);
  });

  it('pages the event\'s exhibitors with tokens', async () => {
    const other = await fixtureEvent(t.services, accountId);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await ok<Exhibitor>(api('POST', `/ea/events/${other}/exhibitors`, { event: { id: other }, name: `E${i}` }), 201)).id);
    const seen: string[] = [];
    let url = `/ea/events/${other}/exhibitors?limit=2`;
    for (;;) {
      const page = await ok<Page<Exhibitor>>(api('GET', url));
      expect(page.paging.totalCount).toBe(5);
      seen.push(...page.data.map((e) => e.id));
      if (!page.paging.nextToken) break;
      url = `/ea/events/${other}/exhibitors?token=${page.paging.nextToken}`;
    }
    expect(seen.sort()).toEqual([...ids].sort());
  });

  it('refuses an unknown sponsorship level (400) and an event.id other than the path\'s, creating nothing', async () => {
    const before = (await ok<Page<Exhibitor>>(api('GET', `/ea/events/${event}/exhibitors`))).paging.totalCount;
    const res = await api('POST', `/ea/events/${event}/exhibitors`, exhibitorBody({ sponsorshipLevel: { id: MISSING } }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, target: 'sponsorshipLevel.id' });
    expect((await api('POST', `/ea/events/${event}/exhibitors`, exhibitorBody({ event: { id: MISSING } }))).statusCode).toBe(400);
    expect((await api('POST', `/ea/events/${event}/exhibitors`, exhibitorBody({ email: 'not an email' }))).statusCode).toBe(400);
    expect((await ok<Page<Exhibitor>>(api('GET', `/ea/events/${event}/exhibitors`))).paging.totalCount).toBe(before);
  });

  it('marks a deleted exhibitor deleted: 404 on its own, listed only with a filter on deleted', async () => {
    const e = await createExhibitor({ name: 'Short-lived' });
    expect((await api('DELETE', `/ea/events/${event}/exhibitors/${e.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/ea/events/${event}/exhibitors/${e.id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/ea/events/${event}/exhibitors/${e.id}`)).statusCode).toBe(404);
    const live = await ok<Page<Exhibitor>>(api('GET', `/ea/events/${event}/exhibitors`));
    expect(live.data.map((x) => x.id)).not.toContain(e.id);
    const deleted = await ok<Page<Exhibitor>>(api('GET', `/ea/events/${event}/exhibitors?filter=${encodeURIComponent("deleted eq 'true'")}`));
    expect(deleted.data.map((x) => [x.id, x.deleted])).toEqual([[e.id, true]]);
  });

  it('sets a banner and a logo from uploaded images, and refuses a file that is not an image (400, nothing changed)', async () => {
    const e = await createExhibitor();
    const banner = await upload('banner.png', png(40, 8));
    const logo = await upload('logo.png', png(8, 8));
    const set = await ok<{ file: { id: string }; href: string }>(api('PUT', `/ea/events/${event}/exhibitors/${e.id}/banner-files/${banner}`));
    expect(set.file.id).toBe(banner);
    expect(set.href).toMatch(/\/ea\/files\/.+\/content\?/);
    await ok(api('PUT', `/ea/events/${event}/exhibitors/${e.id}/logo-files/${logo}`));
    expect((await t.services.files.info(accountId, banner)).attachedTo).toBe(`exhibitor-banner:${e.id}`);

    const document = await upload('brochure.pdf', pdf());
    const refused = await api('PUT', `/ea/events/${event}/exhibitors/${e.id}/banner-files/${document}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 400, target: 'fileId' });
    const after = await ok<Exhibitor>(api('GET', `/ea/events/${event}/exhibitors/${e.id}`));
    expect(after).toMatchObject({ bannerId: banner, profileLogoId: logo });
    expect((await t.services.files.info(accountId, document)).attachedTo).toBeNull();
    // An image in use as this exhibitor's logo is not also another exhibitor's banner.
    const other = await createExhibitor({ name: 'Other' });
    expect((await api('PUT', `/ea/events/${event}/exhibitors/${other.id}/banner-files/${logo}`)).statusCode).toBe(400);
    expect((await api('PUT', `/ea/events/${event}/exhibitors/${e.id}/banner-files/${MISSING}`)).statusCode).toBe(404);

    expect((await api('DELETE', `/ea/events/${event}/exhibitors/${e.id}/banner-files/${logo}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/ea/events/${event}/exhibitors/${e.id}/banner-files/${banner}`)).statusCode).toBe(204);
    const cleared = await ok<Exhibitor>(api('GET', `/ea/events/${event}/exhibitors/${e.id}`));
    expect(cleared.bannerId).toBeUndefined();
    expect(cleared.profileLogoId).toBe(logo);
    expect((await t.services.files.info(accountId, banner)).attachedTo).toBeNull();
  });
});

describe('exhibitor categories', () => {
  it('creates categories, puts exhibitors in them and lists both sides', async () => {
    const cars = await ok<{ id: string; order: number }>(api('POST', `/ea/events/${event}/exhibitor-categories`, { event: { id: event }, name: 'Automobile', order: 2, type: 'LOGO' }), 201);
    const soft = await ok<{ id: string }>(api('POST', `/ea/events/${event}/exhibitor-categories`, { event: { id: event }, name: 'Software', order: 1, type: 'BANNER' }), 201);
    const listed = await ok<Page<{ id: string }>>(api('GET', `/ea/events/${event}/exhibitor-categories`));
    expect(listed.data.map((c) => c.id).slice(0, 2)).toEqual([soft.id, cars.id]);

    const a = await createExhibitor({ name: 'A' });
    const b = await createExhibitor({ name: 'B' });
    for (const [c, e] of [[cars.id, a.id], [cars.id, b.id], [soft.id, a.id], [cars.id, a.id]]) {
      expect((await api('PUT', `/ea/events/${event}/exhibitor-categories/${c}/exhibitors/${e}`)).statusCode).toBe(204);
    }
    const members = await ok<Page<{ id: string }>>(api('GET', `/ea/events/${event}/exhibitor-categories/${cars.id}/exhibitors`));
    expect(members.data.map((m) => m.id).sort()).toEqual([a.id, b.id].sort());
    const ofA = await ok<Page<{ id: string }>>(api('GET', `/ea/events/${event}/exhibitors/${a.id}/exhibitor-categories`));
    expect(ofA.data.map((m) => m.id).sort()).toEqual([cars.id, soft.id].sort());

    expect((await api('DELETE', `/ea/events/${event}/exhibitor-categories/${cars.id}/exhibitors/${b.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/events/${event}/exhibitor-categories/${cars.id}/exhibitors/${b.id}`)).statusCode).toBe(404);
    // A deleted exhibitor leaves its categories.
    expect((await api('DELETE', `/ea/events/${event}/exhibitors/${a.id}`)).statusCode).toBe(204);
    expect((await ok<Page<{ id: string }>>(api('GET', `/ea/events/${event}/exhibitor-categories/${cars.id}/exhibitors`))).data).toEqual([]);

    const renamed = await ok<{ name: string; order: number }>(api('PUT', `/ea/events/${event}/exhibitor-categories/${soft.id}`, { event: { id: event }, name: 'SaaS', order: 5, type: 'LOGO' }));
    expect(renamed).toMatchObject({ name: 'SaaS', order: 5 });
    const bannerFile = await upload('cat.png', png(9, 3));
    await ok(api('PUT', `/ea/events/${event}/exhibitor-categories/${soft.id}/banner-files/${bannerFile}`));
    const textFile = await upload('notes.txt', Buffer.from('not an image\n'));
    expect((await api('PUT', `/ea/events/${event}/exhibitor-categories/${soft.id}/banner-files/${textFile}`)).statusCode).toBe(400);
    expect((await api('DELETE', `/ea/events/${event}/exhibitor-categories/${soft.id}/banner-files/${bannerFile}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/events/${event}/exhibitor-categories/${soft.id}`)).statusCode).toBe(204);
    expect((await api('PUT', `/ea/events/${event}/exhibitor-categories/${soft.id}`, { event: { id: event }, name: 'x', order: 1, type: 'LOGO' })).statusCode).toBe(404);
  });
});

describe('sponsorship levels (read per the reference, written by extensions)', () => {
  it('lists by rank, updates, and refuses to delete a level exhibitors hold (409)', async () => {
    const ev = await fixtureEvent(t.services, accountId);
    const silver = await ok<{ id: string }>(api('POST', `/ea/events/${ev}/sponsorship-levels`, { event: { id: ev }, name: 'Silver', rank: 2 }), 201);
    const gold = await ok<{ id: string }>(api('POST', `/ea/events/${ev}/sponsorship-levels`, { event: { id: ev }, name: 'Gold', rank: 1 }), 201);
    const list = await ok<{ data: Array<{ id: string; name: string }> }>(api('GET', `/ea/events/${ev}/sponsorship-levels`));
    expect(list.data.map((l) => l.name)).toEqual(['Gold', 'Silver']);
    expect(await ok(api('PUT', `/ea/events/${ev}/sponsorship-levels/${silver.id}`, { event: { id: ev }, name: 'Platinum', rank: 0 }))).toMatchObject({ name: 'Platinum', rank: 0 });
    await ok(api('POST', `/ea/events/${ev}/exhibitors`, { event: { id: ev }, name: 'Sponsor', sponsorshipLevel: { id: gold.id } }), 201);
    expect((await api('DELETE', `/ea/events/${ev}/sponsorship-levels/${gold.id}`)).statusCode).toBe(409);
    expect((await api('DELETE', `/ea/events/${ev}/sponsorship-levels/${silver.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/ea/events/${ev}/sponsorship-levels/${silver.id}`)).statusCode).toBe(404);
    // A level of another event is not this event's.
    expect((await api('POST', `/ea/events/${event}/exhibitors`, exhibitorBody({ sponsorshipLevel: { id: gold.id } }))).statusCode).toBe(400);
  });
});

describe('registration types and packs', () => {
  it('creates and updates registration types; attendees carry one', async () => {
    const member = await ok<{ id: string; capacity: { total: number } }>(api('POST', `/ea/events/${event}/registration-types`, { name: 'Member', code: 'MEM' }), 201);
    expect(member.capacity.total).toBe(-1);
    const updated = await ok<{ openForRegistration: boolean; capacity: { total: number }; name: string }>(
      api('PUT', `/ea/events/${event}/registration-types/${member.id}`, { id: member.id, openForRegistration: false, capacity: { total: 50 }, name: 'ignored' }));
    expect(updated).toMatchObject({ openForRegistration: false, capacity: { total: 50 }, name: 'Member' });
    expect((await api('PUT', `/ea/events/${event}/registration-types/${MISSING}`, { id: MISSING, openForRegistration: true })).statusCode).toBe(404);
    expect((await api('PUT', `/ea/events/${event}/registration-types/${member.id}`, { id: MISSING, openForRegistration: true })).statusCode).toBe(400);
    const list = await ok<Page<{ id: string }>>(api('GET', `/ea/events/${event}/registration-types`));
    expect(list.data.map((r) => r.id)).toContain(member.id);

    const attendee = await fixtureAttendee(t.db.handle.db, accountId, event);
    await t.db.handle.db.updateTable('attendees').set({ registration_type_id: member.id }).where('id', '=', attendee).execute();
    expect(await ok(api('GET', `/ea/attendees/${attendee}`))).toMatchObject({ registrationType: { id: member.id } });
    // The attendee consumes the type's capacity; a cancelled one does not.
    const cancelled = await fixtureAttendee(t.db.handle.db, accountId, event);
    await t.db.handle.db.updateTable('attendees').set({ registration_type_id: member.id, status: 'Cancelled' }).where('id', '=', cancelled).execute();
    const types = await ok<Page<{ id: string; capacity: unknown }>>(api('GET', `/ea/events/${event}/registration-types`));
    expect(types.data.find((r) => r.id === member.id)?.capacity).toEqual({ total: 50, consumed: 1, remaining: 49 });
  });

  it('reserves capacity per registration type, counts booth staff against it, and guards the pack', async () => {
    const exhibitorType = await ok<{ id: string }>(api('POST', `/ea/events/${event}/registration-types`, { name: 'Exhibitor staff' }), 201);
    const vip = await ok<{ id: string }>(api('POST', `/ea/events/${event}/registration-types`, { name: 'VIP' }), 201);
    const e = await createExhibitor({ name: 'Packed' });
    const base = `/ea/events/${event}/exhibitors/${e.id}/registration-packs`;
    const body = (capacities: Array<[string, number]>) => ({
      event: { id: event }, exhibitor: { id: e.id }, capacities: capacities.map(([id, n]) => ({ registrationType: { id }, reservedCapacity: n })),
    });

    expect((await api('POST', base, body([[MISSING, 3]]))).statusCode).toBe(400);
    expect((await api('POST', base, body([[vip.id, 1], [vip.id, 2]]))).statusCode).toBe(400);
    expect((await ok<{ data: Pack[] }>(api('GET', base))).data).toEqual([]);
    const pack = await ok<Pack>(api('POST', base, body([[exhibitorType.id, 3], [vip.id, 1]])), 201);
    expect(pack.capacities.map((c) => c.availableCapacity)).toEqual([3, 1]);
    expect((await api('POST', base, body([[vip.id, 1]]))).statusCode).toBe(409);

    // Booth staff holding the Exhibitor-staff type use its capacity.
    const staff = await fixtureAttendee(t.db.handle.db, accountId, event);
    await t.db.handle.db.updateTable('attendees').set({ registration_type_id: exhibitorType.id }).where('id', '=', staff).execute();
    await insertBoothStaff(t.services, accountId, event, e.id, staff);
    const read = await ok<Pack>(api('GET', `${base}/${pack.id}`));
    expect(read.capacities.find((c) => c.registrationType.id === exhibitorType.id)?.availableCapacity).toBe(2);
    // Not below what is used.
    expect((await api('PUT', `${base}/${pack.id}`, body([[vip.id, 5]]))).statusCode).toBe(400);
    const replaced = await ok<Pack>(api('PUT', `${base}/${pack.id}`, body([[exhibitorType.id, 1]])));
    expect(replaced.capacities).toEqual([{ registrationType: { id: exhibitorType.id }, reservedCapacity: 1, availableCapacity: 0 }]);
    expect((await api('DELETE', `${base}/${pack.id}`)).statusCode).toBe(409);
    await t.db.handle.db.deleteFrom('exhibitor_booth_staff').where('exhibitor_id', '=', e.id).execute();
    expect((await api('DELETE', `${base}/${pack.id}`)).statusCode).toBe(204);
    expect((await api('GET', `${base}/${pack.id}`)).statusCode).toBe(404);
  });
});

describe('tenancy', () => {
  it('gives account B 404 for account A\'s exhibitors, categories, levels, packs and registration types', async () => {
    const e = await createExhibitor({ name: 'Private' });
    const cat = await ok<{ id: string }>(api('POST', `/ea/events/${event}/exhibitor-categories`, { event: { id: event }, name: 'Private', order: 1, type: 'LOGO' }), 201);
    const level = await ok<{ id: string }>(api('POST', `/ea/events/${event}/sponsorship-levels`, { event: { id: event }, name: 'Private' }), 201);
    const type = await ok<{ id: string }>(api('POST', `/ea/events/${event}/registration-types`, { name: 'Private' }), 201);
    const pack = await ok<{ id: string }>(api('POST', `/ea/events/${event}/exhibitors/${e.id}/registration-packs`, {
      event: { id: event }, exhibitor: { id: e.id }, capacities: [{ registrationType: { id: type.id }, reservedCapacity: 2 }],
    }), 201);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/ea/events/${event}/exhibitors`], ['GET', `/ea/events/${event}/exhibitors/${e.id}`],
      ['PUT', `/ea/events/${event}/exhibitors/${e.id}`, exhibitorBody()], ['DELETE', `/ea/events/${event}/exhibitors/${e.id}`],
      ['GET', `/ea/events/${event}/exhibitor-categories`], ['DELETE', `/ea/events/${event}/exhibitor-categories/${cat.id}`],
      ['PUT', `/ea/events/${event}/exhibitor-categories/${cat.id}/exhibitors/${e.id}`],
      ['GET', `/ea/events/${event}/sponsorship-levels`], ['GET', `/ea/events/${event}/sponsorship-levels/${level.id}`],
      ['DELETE', `/ea/events/${event}/sponsorship-levels/${level.id}`],
      ['GET', `/ea/events/${event}/exhibitors/${e.id}/registration-packs/${pack.id}`], ['DELETE', `/ea/events/${event}/exhibitors/${e.id}/registration-packs/${pack.id}`],
      ['GET', `/ea/events/${event}/registration-types`], ['PUT', `/ea/events/${event}/registration-types/${type.id}`, { id: type.id, openForRegistration: false }],
    ];
    for (const [method, url, body] of calls) {
      const res = await otherApi(method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    // Nothing changed for A.
    expect(await ok(api('GET', `/ea/events/${event}/exhibitors/${e.id}`))).toMatchObject({ name: 'Private', deleted: false });
    expect(await ok(api('GET', `/ea/events/${event}/sponsorship-levels/${level.id}`))).toMatchObject({ name: 'Private' });
    expect((await ok<{ data: unknown[] }>(api('GET', `/ea/events/${event}/exhibitors/${e.id}/registration-packs`))).data).toHaveLength(1);
  });
});

describe('obfuscation', () => {
  it('redacts a contact\'s values in exhibitors\' free text and clears an email that held one', async () => {
    const e = await createExhibitor({ name: 'Grete Ødegård Consulting', email: 'grete@odegard.example', workPhone: '+47 555 010 2030', description: 'Run by Grete Ødegård.' });
    const eraser = t.services.erasers.all().find((x) => x.place === 'exhibitors');
    expect(eraser).toBeDefined();
    const changed = await t.db.handle.db.transaction().execute(async (trx) =>
      (eraser ? eraser.erase(trx, { accountId, contactIds: [MISSING], values: ['Grete Ødegård', 'grete@odegard.example', '+47 555 010 2030'], identifying: [] }, new Date().toISOString()) : 0));
    expect(changed).toBe(1);
    const after = await ok<Exhibitor & { description?: string }>(api('GET', `/ea/events/${event}/exhibitors/${e.id}`));
    expect(after.name).toBe('[obfuscated] Consulting');
    expect(after.description).toBe('Run by [obfuscated].');
    expect(after.email).toBeUndefined();
    expect(after.workPhone).toBe('[obfuscated]');
    // Another account's exhibitors are not touched.
    const untouched = await t.db.handle.db.transaction().execute(async (trx) =>
      (eraser ? eraser.erase(trx, { accountId: MISSING, contactIds: [MISSING], values: ['Acme Robotics'], identifying: [] }, new Date().toISOString()) : 0));
    expect(untouched).toBe(0);
  });
});

describe('obfuscating a contact', () => {
  it('leaves none of their values in the exhibitors that quoted them (the whole obfuscation, all erasers)', async () => {
    await t.services.accounts.setFeature(accountId, 'contact-obfuscation', true);
    const attendee = await fixtureAttendee(t.db.handle.db, accountId, event);
    const who = await t.db.handle.db.selectFrom('attendees').innerJoin('contacts', 'contacts.id', 'attendees.contact_id')
      .select(['contacts.id', 'contacts.email', 'contacts.last_name']).where('attendees.id', '=', attendee).executeTakeFirstOrThrow();
    const email = who.email as string;
    const last = who.last_name as string;
    const e = await createExhibitor({ name: `${last} Trading`, email, contactLinks: { linkedInUrl: { href: `https://linkedin.example/in/${last}` } } });
    const before = await t.services.obfuscation.verify({ contactId: who.id, values: [email, last] });
    expect(before.hits.some((h) => h.place.startsWith('exhibitors'))).toBe(true);

    await t.services.obfuscation.obfuscateNow(accountId, who.id);
    const after = await ok<Exhibitor & { contactLinks?: unknown }>(api('GET', `/ea/events/${event}/exhibitors/${e.id}`));
    expect(after.name).toBe('[obfuscated] Trading');
    expect(after.email).toBeUndefined();
    expect(JSON.stringify(after).toLowerCase()).not.toContain(last.toLowerCase());
    const report = await t.services.obfuscation.verify({ contactId: who.id, values: [email, last] });
    expect(report.hits.filter((h) => h.place.startsWith('exhibitors'))).toEqual([]);
  });
});

describe('the demo account', () => {
  it('has an exhibit hall: registration types its attendees hold, sponsorship levels, categories, exhibitors, a registration pack and exhibitor questions', async () => {
    const { credentials } = await seedDemo(t.services, t.config);
    if (!credentials) throw new Error('the demo was not seeded');
    const demo = apiClient(t.app, await tokenFor(t.app, credentials));
    const [demoEvent] = (await ok<Page<{ id: string }>>(demo('GET', '/ea/events'))).data;
    const id = demoEvent?.id ?? '';
    const types = await ok<Page<{ id: string; name: string }>>(demo('GET', `/ea/events/${id}/registration-types`));
    expect(types.data.map((r) => r.name)).toEqual(['Attendee', 'Exhibitor Staff', 'Virtual']);
    const people = await ok<Page<{ registrationType?: { id: string } }>>(demo('GET', `/ea/attendees?filter=${encodeURIComponent(`event.id eq '${id}'`)}`));
    expect(people.data.length).toBeGreaterThan(0);
    expect(people.data.every((p) => types.data.some((r) => r.id === p.registrationType?.id))).toBe(true);
    const levels = await ok<{ data: Array<{ name: string }> }>(demo('GET', `/ea/events/${id}/sponsorship-levels`));
    expect(levels.data.map((l) => l.name)).toEqual(['Platinum', 'Gold', 'Silver']);
    const exhibitors = await ok<Page<Exhibitor>>(demo('GET', `/ea/events/${id}/exhibitors`));
    expect(exhibitors.data.map((e) => e.name).sort()).toEqual(['Harborcast Studios', 'Relay Webinars', 'Waterfront Stays']);
    const harbor = exhibitors.data.find((e) => e.name === 'Harborcast Studios');
    expect((await ok<{ data: Pack[] }>(demo('GET', `/ea/events/${id}/exhibitors/${harbor?.id ?? ''}/registration-packs`))).data).toHaveLength(1);
    const categories = await ok<Page<{ id: string }>>(demo('GET', `/ea/events/${id}/exhibitor-categories`));
    expect(categories.data).toHaveLength(2);
    // The exhibitor questions (written through the createExhibitorQuestion extension) and Harborcast's answers to them.
    const questions = await ok<{ data: Array<{ id: string; code?: string; type: string }> }>(demo('GET', `/ea/events/${id}/exhibitor-questions`));
    expect(questions.data.map((q) => [q.code, q.type])).toEqual([['FOCUS', 'SingleChoice'], ['FOLLOWUP', 'OpenEndedTextOneLine']]);
    const answers = await ok<{ data: Array<{ question: { id: string } }> }>(demo('GET', `/ea/events/${id}/exhibitors/${harbor?.id ?? ''}/exhibitor-answers`));
    expect(answers.data.map((a) => a.question.id)).toEqual(questions.data.map((q) => q.id));
  });
});
