import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureAttendees, fixtureEvent, fixtureSession, launchAttendeeHub } from '../helpers/webcast-fixtures.js';
import { migrateTo, migrateToLatest } from '../../src/db/index.js';

interface Feature { type: string; enabled: boolean; locked: boolean; lockedReason?: string; enabledTier?: string; config?: unknown; weblink?: string }
interface Page<T> { data: T[]; paging: { totalCount: number; limit: number; nextToken?: string } }
interface Weblink { name: string; url: string; landingPage: string; locale: string }

const MISSING = '0190a1b2-0000-7000-8000-000000000000';
const HUB_CLOSED = /AttendeeHub feature is not launched/;

let t: TestApp;
let api: Api;
let otherApi: Api;
let tenantAccount: string;

const features = async (a: Api, eventId: string, query = ''): Promise<Page<Feature>> => {
  const res = await a('GET', `/ea/events/${eventId}/features${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<Feature>;
};
const feature = async (eventId: string, type: string) => (await features(api, eventId)).data.find((f) => f.type === type);
const put = (a: Api, eventId: string, type: string, enabled: boolean, extra: Record<string, unknown> = {}) =>
  a('PUT', `/ea/events/${eventId}/features/${type}`, { type, enabled, ...extra });
const launch = (a: Api, eventId: string, type: string, body?: unknown) => a('POST', `/ea/events/${eventId}/features/${type}/launch`, body);

/** A virtual session with two attendees holding links and their chat tokens. */
async function chatSetup(app: TestApp, a: Api, accountId: string, eventId: string) {
  const db = app.db.handle.db;
  const session = await fixtureSession(db, accountId, eventId);
  const people = await fixtureAttendees(db, accountId, eventId, 1);
  const wc = await a('POST', '/ea/webcasts', { event: { id: eventId }, session: { id: session }, provider: 'Zoom' });
  expect(wc.statusCode, wc.body).toBe(200);
  const links = await a('POST', `/ea/webcasts/${(wc.json() as { id: string }).id}/attendee-links`, people.map((p) => ({ attendee: { id: p }, join: { href: 'https://zoom.example/j/1' } })));
  const linkId = (links.json() as Array<{ data: { id: string } }>)[0]?.data.id as string;
  const token = await app.services.communications.chat.tokenFor(linkId);
  const post = (url: string, body: unknown) =>
    app.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', 'x-attendee-token': token }, payload: JSON.stringify(body) });
  return {
    chat: () => post(`/ea/sessions/${session}/chat/messages`, { textHtml: '<p>hello</p>' }),
    ask: () => post(`/ea/sessions/${session}/questions`, { text: 'When is the break?' }),
  };
}

beforeAll(async () => {
  t = await startTestApp({ build: { worker: false } });
  const tenant = await createTenant(t.services);
  tenantAccount = tenant.accountId;
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
});
afterAll(async () => t?.close());

describe('event features: the list', () => {
  it('creates the features of an event on first use with their defaults: Registration, Agenda and AttendeeHub enabled', async () => {
    const event = await fixtureEvent(t.services, tenantAccount);
    const page = await features(api, event);
    expect(page.paging.totalCount).toBe(15);
    expect(page.data.filter((f) => f.enabled).map((f) => f.type).sort()).toEqual(['Agenda', 'AttendeeHub', 'Registration']);
    expect(page.data.every((f) => !f.locked && f.weblink === undefined)).toBe(true);
    // A second read creates nothing more.
    expect((await features(api, event)).paging.totalCount).toBe(15);
  });

  it('pages with the limit and its tokens', async () => {
    const event = await fixtureEvent(t.services, tenantAccount);
    const first = await features(api, event, '?limit=10');
    expect(first.data).toHaveLength(10);
    const second = await features(api, event, `?token=${first.paging.nextToken ?? ''}`);
    expect(second.data).toHaveLength(5);
    expect(second.paging.nextToken).toBeUndefined();
    expect(new Set([...first.data, ...second.data].map((f) => f.type)).size).toBe(15);
    expect((await features(api, event, '?locale=en-US')).paging.totalCount).toBe(15);
  });

  it("filters exactly by the reference's `enabled eq`", async () => {
    const event = await fixtureEvent(t.services, tenantAccount);
    expect((await features(api, event, `?filter=${encodeURIComponent("enabled eq 'true'")}`)).data.map((f) => f.type).sort()).toEqual(['Agenda', 'AttendeeHub', 'Registration']);
    expect((await features(api, event, `?filter=${encodeURIComponent('enabled eq false')}`)).paging.totalCount).toBe(12);
    for (const bad of ["enabled ne 'true'", "type eq 'Website'", 'enabled eq']) {
      const res = await api('GET', `/ea/events/${event}/features?filter=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, target: 'filter' });
    }
  });
});

describe('event features: enable, disable, launch', () => {
  it('enables and disables a feature, and keeps the tier and the Registration configuration', async () => {
    const event = await fixtureEvent(t.services, tenantAccount);
    const on = await put(api, event, 'Surveys', true, { enabledTier: 'PRO' });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ type: 'Surveys', enabled: true, locked: false, enabledTier: 'PRO' });
    expect(await feature(event, 'Surveys')).toMatchObject({ enabled: true, enabledTier: 'PRO' });
    const off = await put(api, event, 'Surveys', false);
    expect(off.json()).toMatchObject({ type: 'Surveys', enabled: false });
    const config = { pricing: { enabled: true, currency: 'USD', invoicePrefix: 'EVE001' } };
    const reg = await put(api, event, 'Registration', true, { config });
    expect(reg.json()).toMatchObject({ type: 'Registration', enabled: true, config });
  });

  it('answers 400 naming the field for an unknown type, a body type that is not the path one, and config on another feature', async () => {
    const event = await fixtureEvent(t.services, tenantAccount);
    const unknownPath = await api('PUT', `/ea/events/${event}/features/Teleportation`, { type: 'Teleportation', enabled: true });
    expect(unknownPath.statusCode).toBe(400);
    expect(unknownPath.json()).toMatchObject({ target: 'type' });
    expect(unknownPath.json().message).toMatch(/Website/);
    const mismatch = await api('PUT', `/ea/events/${event}/features/Website`, { type: 'Registration', enabled: true });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ target: 'type' });
    const unknownBody = await api('PUT', `/ea/events/${event}/features/Website`, { type: 'Nope', enabled: true });
    expect(unknownBody.statusCode).toBe(400);
    expect(unknownBody.json()).toMatchObject({ target: 'type' });
    const config = await put(api, event, 'Website', true, { config: { pricing: { enabled: true } } });
    expect(config.statusCode).toBe(400);
    expect(config.json()).toMatchObject({ target: 'config' });
    for (const type of ['Teleportation', 'Agenda']) {
      const res = await launch(api, event, type);
      expect(res.statusCode, type).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, target: 'type' });
    }
    const badBody = await launch(api, event, 'Registration', { deleteTestData: 'yes' });
    expect(badBody.statusCode).toBe(400);
    expect((await feature(event, 'Website'))?.enabled).toBe(false);
  });

  it('launches an enabled feature once (204), refusing a disabled one and a second launch with 409', async () => {
    const event = await fixtureEvent(t.services, tenantAccount);
    const disabled = await launch(api, event, 'Website');
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json()).toEqual({ code: 409, message: expect.stringMatching(/Website is disabled for this event/), target: 'type' });
    expect((await put(api, event, 'Website', true)).statusCode).toBe(200);
    const ok = await launch(api, event, 'Website');
    expect(ok.statusCode).toBe(204);
    expect(ok.body).toBe('');
    const twice = await launch(api, event, 'Website');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 409, message: expect.stringMatching(/launched once/), target: 'type' });
    expect(await feature(event, 'Website')).toMatchObject({ enabled: true, locked: false, weblink: `${t.config.publicUrl}/e/${event}/website` });
    expect((await launch(api, event, 'Registration', { deleteTestData: true })).statusCode).toBe(204);
  });

  it('takes a disabled Website offline (launch it again after enabling it), but refuses to disable a launched AttendeeHub or Registration (409)', async () => {
    const event = await fixtureEvent(t.services, tenantAccount);
    await put(api, event, 'Website', true);
    expect((await launch(api, event, 'Website')).statusCode).toBe(204);
    expect((await put(api, event, 'Website', false)).json()).toEqual({ type: 'Website', enabled: false, locked: false });
    await put(api, event, 'Website', true);
    expect((await launch(api, event, 'Website')).statusCode).toBe(204);

    for (const type of ['AttendeeHub', 'Registration']) {
      expect((await launch(api, event, type)).statusCode).toBe(204);
      const off = await put(api, event, type, false);
      expect(off.statusCode, type).toBe(409);
      expect(off.json()).toEqual({ code: 409, message: `${type} is launched: attendees use it, so it cannot be disabled`, target: 'enabled' });
      expect(await feature(event, type)).toMatchObject({ enabled: true, locked: true, lockedReason: expect.any(String) });
      // Enabling it again changes nothing and is allowed.
      expect((await put(api, event, type, true)).statusCode).toBe(200);
    }
  });
});

describe('event features: weblinks', () => {
  it("lists one link for each launched Website, Registration and AttendeeHub, under the server's public URL", async () => {
    const event = await fixtureEvent(t.services, tenantAccount);
    const none = await api('GET', `/ea/events/${event}/weblinks`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ data: [], paging: { totalCount: 0 } });
    await put(api, event, 'Website', true);
    for (const type of ['Website', 'Registration', 'AttendeeHub']) expect((await launch(api, event, type)).statusCode).toBe(204);
    const all = (await api('GET', `/ea/events/${event}/weblinks`)).json() as Page<Weblink>;
    expect(all.data).toEqual([
      { name: 'Event Website', url: `${t.config.publicUrl}/e/${event}/website`, landingPage: 'Website', locale: 'en-US' },
      { name: 'Registration', url: `${t.config.publicUrl}/e/${event}/registration`, landingPage: 'Registration', locale: 'en-US' },
      { name: 'Attendee Hub', url: `${t.config.publicUrl}/e/${event}/hub`, landingPage: 'Attendee Hub', locale: 'en-US' },
    ]);
    const first = (await api('GET', `/ea/events/${event}/weblinks?limit=2&locale=fr-FR`)).json() as Page<Weblink>;
    expect(first.data.map((w) => w.landingPage)).toEqual(['Website', 'Registration']);
    const rest = (await api('GET', `/ea/events/${event}/weblinks?token=${first.paging.nextToken ?? ''}`)).json() as Page<Weblink>;
    expect(rest.data.map((w) => w.landingPage)).toEqual(['Attendee Hub']);
    expect(rest.paging.nextToken).toBeUndefined();
    expect((await api('GET', `/ea/events/${event}/weblinks?limit=101`)).statusCode).toBe(400);
  });
});

describe('event features: tenancy and scopes', () => {
  it("answers 404 for another account's event and for an unknown one, on all four operations", async () => {
    const event = await fixtureEvent(t.services, tenantAccount);
    for (const id of [event, MISSING]) {
      const calls = [
        await otherApi('GET', `/ea/events/${id}/features`),
        await put(otherApi, id, 'Website', true),
        await launch(otherApi, id, 'Registration'),
        await otherApi('GET', `/ea/events/${id}/weblinks`),
      ];
      for (const res of calls) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ code: 404, message: 'Event not found' });
      }
    }
    // The other account changed nothing.
    expect(await feature(event, 'Website')).toMatchObject({ enabled: false });
    expect(await feature(event, 'Registration')).not.toHaveProperty('weblink');
  });

  it('answers 403 without the scope of each operation', async () => {
    const event = await fixtureEvent(t.services, tenantAccount);
    const tenant = await createTenant(t.services);
    const eventsOnly = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    const readOnly = apiClient(t.app, await tokenFor(t.app, tenant, 'event/event-features:read'));
    const calls = [
      [eventsOnly, 'GET', `/ea/events/${event}/features`], [eventsOnly, 'GET', `/ea/events/${event}/weblinks`],
      [readOnly, 'PUT', `/ea/events/${event}/features/Website`], [readOnly, 'POST', `/ea/events/${event}/features/Website/launch`],
      [readOnly, 'GET', `/ea/events/${event}/weblinks`],
    ] as const;
    for (const [a, method, url] of calls) {
      const res = await a(method, url, method === 'GET' ? undefined : { type: 'Website', enabled: true });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.headers['www-authenticate']).toMatch(/insufficient_scope/);
    }
  });
});

describe('event features: the AttendeeHub opens chat and Q&A', () => {
  it('refuses chat and questions with 409 until the AttendeeHub is launched, then accepts them', async () => {
    const event = await fixtureEvent(t.services, tenantAccount);
    const { chat, ask } = await chatSetup(t, api, tenantAccount, event);
    for (const res of [await chat(), await ask()]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 409, message: expect.stringMatching(HUB_CLOSED) });
    }
    expect(await t.services.eventFeatures.isLaunched(tenantAccount, event, 'AttendeeHub')).toBe(false);
    await launchAttendeeHub(api, event);
    expect(await t.services.eventFeatures.isLaunched(tenantAccount, event, 'AttendeeHub')).toBe(true);
    expect((await chat()).statusCode).toBe(201);
    expect((await ask()).statusCode).toBe(201);
  });
});

describe('event features: migration 0011 grandfathers existing events', () => {
  let g: TestApp;
  afterAll(async () => g?.close());

  it('launches the AttendeeHub of every event that existed before it, and of no event created after', async () => {
    g = await startTestApp({ build: { worker: false } });
    const tenant = await createTenant(g.services);
    const a = apiClient(g.app, await tokenFor(g.app, tenant));
    const old = await fixtureEvent(g.services, tenant.accountId);
    const oldChat = await chatSetup(g, a, tenant.accountId, old);
    // Back to the schema before this migration (the event stays), then forward again: 0011 runs on a database holding the event.
    const db = g.db.handle.db;
    const schema = g.db.config.dialect === 'postgres' ? g.db.config.schema : undefined;
    await migrateTo(db, '0010_obfuscation', schema);
    await migrateTo(db, '0011_event_features', schema);
    // Later migrations (the activities journal that chat reports to) come back too.
    await migrateToLatest(db, schema);

    expect(await g.services.eventFeatures.isLaunched(tenant.accountId, old, 'AttendeeHub')).toBe(true);
    expect((await oldChat.chat()).statusCode).toBe(201);
    const hub = (await features(a, old)).data.find((f) => f.type === 'AttendeeHub');
    expect(hub).toMatchObject({ enabled: true, locked: true, weblink: `${g.config.publicUrl}/e/${old}/hub` });
    expect((await launch(a, old, 'AttendeeHub')).statusCode).toBe(409);

    const created = await fixtureEvent(g.services, tenant.accountId);
    const newChat = await chatSetup(g, a, tenant.accountId, created);
    expect((await newChat.chat()).statusCode).toBe(409);
  });
});
