import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type Tenant, type TestApp } from '../helpers/app.js';
import { ALL_SCOPES } from '../../src/modules/oauth/index.js';
import { fixtureAttendees, fixtureEvent, fixtureSession, launchAttendeeHub } from '../helpers/webcast-fixtures.js';
import { PURGE_JOB, UrlSigner } from '../../src/modules/communications/index.js';
import type { Db } from '../../src/db/index.js';

interface Msg { id: string; type: string; created: string; tags?: Record<string, string>; message: Record<string, unknown> }
interface Page { data: Msg[]; paging: { totalCount: number; nextToken?: string; limit: number } }

const NOT_ENABLED = 'Compliance communications is not enabled for this account';
let now = new Date('2027-01-10T10:00:00.000Z');
const clock = () => new Date(now.getTime());
const advance = (ms: number) => { now = new Date(now.getTime() + ms); };
const MIN = 60_000;

let t: TestApp;
let db: Db;
let api: Api;
let tenant: Tenant;
let event: string;
let session: string;
let attendees: string[];
let tokens: string[];

async function setup(tn: Tenant, a: Api) {
  const ev = await fixtureEvent(t.services, tn.accountId, 'Hybrid');
  await launchAttendeeHub(a, ev);
  const se = await fixtureSession(db, tn.accountId, ev);
  const people = await fixtureAttendees(db, tn.accountId, ev, 2);
  const wc = await a('POST', '/ea/webcasts', { event: { id: ev }, session: { id: se }, provider: 'Zoom' });
  expect(wc.statusCode).toBe(200);
  const webcast = (wc.json() as { id: string }).id;
  const links = await a('POST', `/ea/webcasts/${webcast}/attendee-links`, people.map((p, i) => ({ attendee: { id: p }, join: { href: `https://zoom.example/j/${i}` } })));
  expect(links.statusCode).toBe(207);
  const ids = (links.json() as Array<{ data: { id: string } }>).map((r) => r.data.id);
  const toks: string[] = [];
  for (const id of ids) {
    const res = await a('GET', `/ea/webcasts/${webcast}/attendee-links/${id}/token`);
    expect(res.statusCode).toBe(200);
    toks.push((res.json() as { token: string }).token);
  }
  return { ev, se, people, toks };
}

const chat = (token: string | undefined, sessionId: string, body: unknown) =>
  t.app.inject({ method: 'POST', url: `/ea/sessions/${sessionId}/chat/messages`, headers: { 'content-type': 'application/json', ...(token ? { 'x-attendee-token': token } : {}) }, payload: JSON.stringify(body) });
const attendeePost = (token: string, url: string, body: unknown) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', 'x-attendee-token': token }, payload: JSON.stringify(body) });

async function list(a: Api, query = ''): Promise<Page> {
  const res = await a('GET', `/ea/logs/communications/messages${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

beforeAll(async () => {
  t = await startTestApp({ build: { clock, worker: false } });
  db = t.db.handle.db;
  tenant = await createTenant(t.services);
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  ({ ev: event, se: session, people: attendees, toks: tokens } = await setup(tenant, api));
});
afterAll(async () => t?.close());

describe('compliance communications: the feature switch', () => {
  it('answers 403 "not enabled" on every endpoint while the feature is off, and records nothing', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/ea/logs/communications/configuration'],
      ['PUT', '/ea/logs/communications/configuration', { enabledMessageTypes: ['email'] }],
      ['GET', '/ea/logs/communications/messages'],
      ['GET', '/ea/logs/communication/messages'],
      ['POST', '/ea/logs/communications/messages/filter', { filter: "type eq 'email'" }],
      ['POST', '/ea/logs/communication/messages/filter', {}],
    ];
    for (const [m, u, b] of calls) {
      const res = await api(m as 'GET', u, b);
      expect(res.statusCode, `${m} ${u}`).toBe(403);
      expect(res.json()).toEqual({ code: 403, message: NOT_ENABLED });
    }
    expect((await chat(tokens[0], session, { textHtml: '<p>before</p>' })).statusCode).toBe(201);
    const rows = await db.selectFrom('communication_messages').select('id').where('account_id', '=', tenant.accountId).execute();
    expect(rows).toHaveLength(0);
    await t.services.accounts.setFeature(tenant.accountId, 'compliance-communications', true);
  });
});

describe('compliance communications: scopes', () => {
  it('needs compliance/communications:read in the token; the seed alias communications:read works', async () => {
    const narrow = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    const res = await narrow('GET', '/ea/logs/communications/messages');
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toContain('compliance/communications:read');
    const alias = apiClient(t.app, await tokenFor(t.app, tenant, 'communications:read'));
    expect((await alias('GET', '/ea/logs/communication/messages')).statusCode).toBe(200);
    expect((await alias('PUT', '/ea/logs/communications/configuration', { enabledMessageTypes: ['email'] })).statusCode).toBe(403);
  });

  it('refuses when the scope is granted to the application but not the workspace, or the reverse', async () => {
    const without = ALL_SCOPES.filter((s) => !s.startsWith('compliance/'));
    const expectRefused = async (tn: Tenant) => {
      const a = apiClient(t.app, await tokenFor(t.app, tn));
      const res = await a('GET', '/ea/logs/communications/configuration');
      expect(res.statusCode).toBe(403);
      expect(res.json<{ message: string }>().message).toMatch(/Missing required scope/);
    };
    // The workspace has it, the application does not.
    const appLacks = await createTenant(t.services, { workspaceScopes: ALL_SCOPES, appScopes: without });
    await t.services.accounts.setFeature(appLacks.accountId, 'compliance-communications', true);
    await expectRefused(appLacks);
    // The application has it, the workspace no longer does.
    const wsLacks = await createTenant(t.services);
    await t.services.accounts.setFeature(wsLacks.accountId, 'compliance-communications', true);
    expect((await apiClient(t.app, await tokenFor(t.app, wsLacks))('GET', '/ea/logs/communications/configuration')).statusCode).toBe(200);
    await t.services.accounts.setWorkspaceScopes(wsLacks.accountId, wsLacks.workspaceId, without);
    await expectRefused(wsLacks);
  });
});

describe('compliance communications: configuration and capture', () => {
  it('keeps every type by default and stores only the enabled types after a PUT', async () => {
    expect((await api('GET', '/ea/logs/communications/configuration')).json()).toEqual({ enabledMessageTypes: ['email', 'chat', 'session_qa'] });
    const put = await api('PUT', '/ea/logs/communications/configuration', { enabledMessageTypes: ['email'] });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ enabledMessageTypes: ['email'] });
    expect((await chat(tokens[0], session, { textHtml: '<p>not kept</p>' })).statusCode).toBe(201);
    expect((await list(api)).data).toHaveLength(0);
    expect((await api('PUT', '/ea/logs/communications/configuration', { enabledMessageTypes: ['email', 'bogus'] })).statusCode).toBe(400);
    expect((await api('PUT', '/ea/logs/communications/configuration', { enabledMessageTypes: ['chat', 'chat'] })).statusCode).toBe(400);
    expect((await api('GET', '/ea/logs/communications/configuration')).json()).toEqual({ enabledMessageTypes: ['email'] });
    expect((await api('PUT', '/ea/logs/communications/configuration', { enabledMessageTypes: ['session_qa', 'chat', 'email'] })).json())
      .toEqual({ enabledMessageTypes: ['email', 'chat', 'session_qa'] });
  });

  it('records chat messages, replies and reactions in the reference shape', async () => {
    expect((await chat(undefined, session, { textHtml: 'x' })).statusCode).toBe(401);
    expect((await chat(`${tokens[0]}x`, session, { textHtml: 'x' })).statusCode).toBe(401);
    const first = await chat(tokens[0], session, { textHtml: '<p>Hello</p>' });
    expect(first.statusCode).toBe(201);
    const parent = first.json<{ id: string }>().id;
    const reply = await chat(tokens[1], session, { textHtml: '<p>Hi back</p>', parentMessage: { id: parent } });
    expect(reply.statusCode).toBe(201);
    const react = await attendeePost(tokens[1] as string, `/ea/sessions/${session}/chat/messages/${parent}/reactions`, { type: 'like' });
    expect(react.statusCode).toBe(201);
    const msgs = (await list(api, `?filter=${encodeURIComponent("type eq 'chat'")}`)).data;
    expect(msgs.map((m) => m.message['actionType'])).toEqual(['message.created', 'message.created', 'reaction.created']);
    expect(msgs[0]).toMatchObject({
      type: 'chat', tags: { eventId: event, sessionId: session },
      message: { chatType: 'session', attendee: { id: attendees[0] }, message: { id: parent, textHtml: '<p>Hello</p>' }, channel: { id: session } },
    });
    expect(msgs[1]?.message).toMatchObject({ attendee: { id: attendees[1] }, parentMessage: { id: parent, textHtml: '<p>Hello</p>' } });
    expect(msgs[2]?.message).toMatchObject({ reaction: { type: 'like' }, message: { id: parent } });
  });

  it('records session questions and answers', async () => {
    const asked = await attendeePost(tokens[0] as string, `/ea/sessions/${session}/questions`, { text: 'When is the break?', anonymous: true });
    expect(asked.statusCode).toBe(201);
    const q = asked.json<{ id: string }>().id;
    const answered = await attendeePost(tokens[1] as string, `/ea/sessions/${session}/questions/${q}/answer`, { answer: 'At noon' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'answered', answer: 'At noon' });
    const msgs = (await list(api, `?filter=${encodeURIComponent("type eq 'session_qa'")}`)).data;
    expect(msgs.map((m) => m.message)).toEqual([
      { actionType: 'question.asked', attendee: { id: attendees[0] }, question: { id: q, text: 'When is the break?', status: 'open', anonymous: true } },
      { actionType: 'question.answered', attendee: { id: attendees[1] }, question: { id: q, text: 'When is the break?', status: 'answered', anonymous: true, answer: 'At noon' } },
    ]);
  });

  it("refuses another session's channel and another account's token", async () => {
    const other = await fixtureSession(db, tenant.accountId, await fixtureEvent(t.services, tenant.accountId, 'Hybrid'));
    expect((await chat(tokens[0], other, { textHtml: 'x' })).statusCode).toBe(403);
    const tn = await createTenant(t.services);
    const a = apiClient(t.app, await tokenFor(t.app, tn));
    const theirs = await setup(tn, a);
    expect((await chat(theirs.toks[0], session, { textHtml: 'x' })).statusCode).toBe(404);
  });
});

describe('compliance communications: planner emails and signed URLs', () => {
  let emailMsg: Msg;

  it('sends planner emails (202 + Location), reports their status, and records them with a signed link', async () => {
    const emailId = '0190a1b2-0000-7000-8000-0000000000e1';
    const res = await api('POST', '/ea/events/emails', {
      event: { id: event }, email: { id: emailId, subject: 'Welcome', text: 'See you soon' }, resendToPreviousRecipients: false,
      attendees: [attendees[0], '0190a1b2-0000-7000-8000-000000000000'],
    });
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json<{ requestId: string; status: string; attendeeResponses: Array<{ status: string }> }>();
    expect(res.headers.location).toBe(`/ea/events/emails/${body.requestId}/status`);
    expect(body.status).toBe('SUCCESSFUL');
    expect(body.attendeeResponses.map((r) => r.status)).toEqual(['Sent', 'Error']);
    const status = await api('GET', `/ea/events/emails/${body.requestId}/status`);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual(body);
    const again = await api('POST', '/ea/events/emails', { event: { id: event }, email: { id: emailId }, resendToPreviousRecipients: false, attendees: [attendees[0]] });
    expect(again.json<{ attendeeResponses: Array<{ status: string }> }>().attendeeResponses[0]?.status).toBe('Error');

    const page = await list(api, `?filter=${encodeURIComponent("type eq 'email'")}`);
    expect(page.data).toHaveLength(1);
    emailMsg = page.data[0] as Msg;
    expect(emailMsg.tags?.['eventId']).toBe(event);
    const link = String(emailMsg.message['link']);
    const got = await t.app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toContain('message/rfc822');
    const stored = await db.selectFrom('mail_outbox').select('raw').where('account_id', '=', tenant.accountId).executeTakeFirstOrThrow();
    expect(got.body).toBe(stored.raw);
    expect(got.body).toMatch(/^Subject: Welcome\r$/m);
    expect(got.body).toContain('See you soon');
  });

  it('answers 403 and nothing else for a tampered, foreign or expired URL; works at 59 minutes', async () => {
    const fresh = await list(api, `?filter=${encodeURIComponent("type eq 'email'")}`);
    const link = new URL(String(fresh.data[0]?.message['link']));
    const path = (u: URL) => u.pathname + u.search;
    const tampered = new URL(link);
    tampered.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 3600));
    const otherId = new URL(link);
    otherId.pathname = link.pathname.replace(emailMsg.id, '0190a1b2-0000-7000-8000-000000000000');
    const noSig = new URL(link);
    noSig.searchParams.delete('sig');
    for (const u of [tampered, otherId, noSig]) {
      const res = await t.app.inject({ method: 'GET', url: path(u) });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('Subject');
    }
    advance(59 * MIN);
    expect((await t.app.inject({ method: 'GET', url: path(link) })).statusCode).toBe(200);
    advance(2 * MIN);
    const late = await t.app.inject({ method: 'GET', url: path(link) });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ code: 403, message: 'The link is not valid or has expired' });
    // Access tokens live an hour on the same clock.
    api = apiClient(t.app, await tokenFor(t.app, tenant));
  });

  it("does not serve another account's message through a URL signed for this one", async () => {
    const tn = await createTenant(t.services);
    await t.services.accounts.setFeature(tn.accountId, 'compliance-communications', true);
    const a = apiClient(t.app, await tokenFor(t.app, tn));
    const theirs = await setup(tn, a);
    await a('POST', '/ea/events/emails', { event: { id: theirs.ev }, email: { id: '0190a1b2-0000-7000-8000-0000000000e2' }, resendToPreviousRecipients: true, attendees: [theirs.people[0]] });
    const their = (await list(a, `?filter=${encodeURIComponent("type eq 'email'")}`)).data[0] as Msg;
    const mine = new URL(String((await list(api, `?filter=${encodeURIComponent("type eq 'email'")}`)).data[0]?.message['link']));
    mine.pathname = mine.pathname.replace(emailMsg.id, their.id);
    expect((await t.app.inject({ method: 'GET', url: mine.pathname + mine.search })).statusCode).toBe(403);
    // And their message is not in this account's list.
    expect((await list(api)).data.map((m) => m.id)).not.toContain(their.id);
  });

  it('verifies URLs signed with a retired key after the signing key rotates', () => {
    const old = new UrlSigner([{ kid: 'k1', secret: 'a'.repeat(40) }]);
    const rotated = new UrlSigner([{ kid: 'k2', secret: 'b'.repeat(40) }, { kid: 'k1', secret: 'a'.repeat(40) }]);
    const s1 = old.sign('acct', 'msg', 2000);
    expect(rotated.verify('acct', 'msg', 2000, s1.kid, s1.sig, 1000)).toBe(true);
    const s2 = rotated.sign('acct', 'msg', 2000);
    expect(s2.kid).toBe('k2');
    expect(rotated.verify('acct', 'msg', 2000, s2.kid, s2.sig, 1000)).toBe(true);
    expect(rotated.verify('other', 'msg', 2000, s2.kid, s2.sig, 1000)).toBe(false);
    expect(rotated.verify('acct', 'msg', 2000, s2.kid, s2.sig, 2001)).toBe(false);
  });
});

describe('compliance communications: listing', () => {
  it('serves the same list at the seed path and the reference path, GET and POST filter', async () => {
    const ref = await list(api);
    const seed = await api('GET', '/ea/logs/communication/messages');
    expect(seed.json<Page>().data.map((m) => m.id)).toEqual(ref.data.map((m) => m.id));
    for (const p of ['/ea/logs/communications/messages/filter', '/ea/logs/communication/messages/filter']) {
      const res = await api('POST', p, { filter: "type eq 'chat'" });
      expect(res.statusCode).toBe(200);
      expect(res.json<Page>().data.every((m) => m.type === 'chat')).toBe(true);
    }
  });

  it('pages with limit at most 100, honours after/before, and rejects other filters', async () => {
    const all = await list(api);
    const p1 = await list(api, '?limit=2');
    expect(p1.data).toHaveLength(2);
    const p2 = await list(api, `?token=${encodeURIComponent(p1.paging.nextToken ?? '')}`);
    expect(p2.data[0]?.id).toBe(all.data[2]?.id);
    expect((await api('GET', '/ea/logs/communications/messages?limit=101')).statusCode).toBe(400);
    const bad = await api('GET', `/ea/logs/communications/messages?filter=${encodeURIComponent("type ne 'chat'")}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ target: string }>().target).toBe('filter');
    expect((await api('GET', `/ea/logs/communications/messages?filter=${encodeURIComponent("id eq 'x'")}`)).statusCode).toBe(400);
    const pivot = all.data[2] as Msg;
    const after = await list(api, `?after=${encodeURIComponent(pivot.created)}`);
    expect(after.data.every((m) => m.created > pivot.created)).toBe(true);
    const before = await list(api, `?before=${encodeURIComponent(pivot.created)}`);
    expect(before.data.every((m) => m.created < pivot.created)).toBe(true);
  });
});

describe('compliance communications: retention and erasure', () => {
  it('never returns a message older than 30 days and the purge job deletes it', async () => {
    const before = (await list(api)).data.length;
    expect(before).toBeGreaterThan(0);
    advance(31 * 24 * 60 * MIN);
    const fresh = apiClient(t.app, await tokenFor(t.app, tenant));
    const res = await fresh('GET', '/ea/logs/communications/messages');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Page>().data).toHaveLength(0);
    expect(t.services.jobHandlers[PURGE_JOB]).toBeDefined();
    await t.services.communications.communications.purgeJob.schedule();
    const job = await db.selectFrom('jobs').select('id').where('type', '=', PURGE_JOB).where('status', '=', 'queued').executeTakeFirstOrThrow();
    const result = await t.services.jobHandlers[PURGE_JOB]?.({ id: job.id } as never, {} as never) as { messages: number };
    expect(result.messages).toBeGreaterThanOrEqual(before);
    const left = await db.selectFrom('communication_messages').select('id').where('account_id', '=', tenant.accountId).execute();
    expect(left).toHaveLength(0);
    expect(await db.selectFrom('mail_outbox').select('id').where('account_id', '=', tenant.accountId).execute()).toHaveLength(0);
    const next = await db.selectFrom('jobs').select('run_at').where('type', '=', PURGE_JOB).where('status', '=', 'queued').orderBy('run_at', 'desc').executeTakeFirstOrThrow();
    expect(Date.parse(next.run_at) - now.getTime()).toBe(60 * MIN);
  });

  it('registers an eraser for every place it keeps personal data', () => {
    const places = t.services.erasers.all().map((e) => e.place);
    expect(places).toEqual(expect.arrayContaining(['communication messages', 'mail outbox (stored email bodies)', 'session chat messages', 'session questions']));
  });

  it('scrubs the values in any letter case and Unicode form: a surname in capitals, a non-ASCII name, a full-width spelling', async () => {
    const text = 'Ask VBRAZENHOFF or ØDEGÅRD ÜNTERWËG, or ｖｂｒａｚｅｎｈｏｆｆ';
    expect((await chat(tokens[0], session, { textHtml: `<p>${text}</p>` })).statusCode).toBe(201);
    expect((await attendeePost(tokens[0] ?? '', `/ea/sessions/${session}/questions`, { text })).statusCode).toBe(201);
    const { contact_id: contactId } = await db.selectFrom('attendees').select('contact_id').where('id', '=', attendees[0] ?? '').executeTakeFirstOrThrow();
    const erasers = t.services.erasers.all().filter((e) => e.place === 'session chat messages' || e.place === 'session questions');
    await db.transaction().execute(async (trx) => {
      for (const e of erasers) await e.erase(trx, { accountId: tenant.accountId, contactIds: [contactId], values: ['Vbrazenhoff', 'Ødegård Ünterwëg'], identifying: [] }, now.toISOString());
    });
    const stored = [
      ...(await db.selectFrom('session_chat_messages').select('text_html as text').where('attendee_id', '=', attendees[0] ?? '').execute()),
      ...(await db.selectFrom('session_questions').select('text').where('attendee_id', '=', attendees[0] ?? '').execute()),
    ].map((r) => r.text.normalize('NFKC').toLowerCase()).join(' ');
    for (const gone of ['vbrazenhoff', 'ødegård', 'ünterwëg']) expect(stored).not.toContain(gone);
    expect(stored).toContain('ask [erased] or [erased], or [erased]');
  });

  it("scrubs the contact's values from their own chat messages and questions, and leaves other attendees' alone", async () => {
    const secret = 'call 555-0100';
    expect((await chat(tokens[0], session, { textHtml: `<p>${secret}</p>` })).statusCode).toBe(201);
    expect((await chat(tokens[1], session, { textHtml: `<p>${secret}</p>` })).statusCode).toBe(201);
    expect((await attendeePost(tokens[0] ?? '', `/ea/sessions/${session}/questions`, { text: secret })).statusCode).toBe(201);
    const { contact_id: contactId } = await db.selectFrom('attendees').select('contact_id').where('id', '=', attendees[0] ?? '').executeTakeFirstOrThrow();
    const erasers = t.services.erasers.all().filter((e) => e.place === 'session chat messages' || e.place === 'session questions');
    const changed = await db.transaction().execute(async (trx) => {
      let n = 0;
      for (const e of erasers) n += await e.erase(trx, { accountId: tenant.accountId, contactIds: [contactId], values: ['555-0100'], identifying: [] }, now.toISOString());
      return n;
    });
    expect(changed).toBeGreaterThanOrEqual(2);
    const texts = async (attendee: string | undefined) => [
      ...(await db.selectFrom('session_chat_messages').select('text_html as text').where('attendee_id', '=', attendee ?? '').execute()),
      ...(await db.selectFrom('session_questions').select('text').where('attendee_id', '=', attendee ?? '').execute()),
    ].map((r) => r.text);
    expect((await texts(attendees[0])).join(' ')).not.toContain('555-0100');
    expect(await texts(attendees[0])).toContain('call [erased]');
    expect(await texts(attendees[1])).toContain(`<p>${secret}</p>`);
  });
});
