import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { apiClient, createTenant, startTestApp, tokenFor, waitFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureAttendees, fixtureEvent } from '../helpers/webcast-fixtures.js';
import { newId } from '../../src/db/ids.js';
import { COUNT_BOUND } from '../../src/lists/index.js';
import type { Db } from '../../src/db/index.js';

// totalCount of the lists with kept counts (messages, attendees) stays exact whoever writes: the services, raw
// SQL, the retention purge, erasure; and each account sees only its own. Other filters are counted up to
// COUNT_BOUND, and past it the answer has no totalCount.

interface Page { data: Array<{ id: string }>; paging: { totalCount?: number; nextToken?: string } }

let t: TestApp;
let db: Db;
let a: { accountId: string; api: Api };
let b: { accountId: string; api: Api };
const DAY = 24 * 60 * 60 * 1000;

async function tenant() {
  const tn = await createTenant(t.services);
  await t.services.accounts.setFeature(tn.accountId, 'compliance-communications', true);
  await t.services.accounts.setFeature(tn.accountId, 'contact-obfuscation', true);
  return { accountId: tn.accountId, api: apiClient(t.app, await tokenFor(t.app, tn)) };
}

async function page(api: Api, url: string): Promise<Page> {
  const res = await api('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

/** Every row of the list, by nextToken. */
async function all(api: Api, url: string): Promise<string[]> {
  const ids: string[] = [];
  let p = await page(api, url);
  for (;;) {
    ids.push(...p.data.map((r) => r.id));
    if (!p.paging.nextToken) return ids;
    p = await page(api, `${url.split('?')[0] ?? url}?token=${encodeURIComponent(p.paging.nextToken)}`);
  }
}

async function insertMessages(accountId: string, n: number, opts: { type?: 'chat' | 'session_qa'; ageMs?: number } = {}): Promise<string[]> {
  const ids: string[] = [];
  const rows = [];
  for (let i = 0; i < n; i++) {
    const id = newId();
    ids.push(id);
    rows.push({
      id, account_id: accountId, type: opts.type ?? 'chat', created: new Date(Date.now() - (opts.ageMs ?? 60_000) + i).toISOString(),
      event_id: null, contact_id: null, payload: JSON.stringify({ actionType: 'message.created', chatType: 'session', attendee: { id: newId() }, message: { id, textHtml: `m${i}` } }), tags: '{}', mail_id: null,
    });
  }
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('communication_messages').values(rows.slice(i, i + 500)).execute();
  return ids;
}

/** What list_counts holds against a recount of the table, for one account. */
async function keptAndCounted(accountId: string) {
  const kept = await db.selectFrom('list_counts').select(['list', 'scope', 'n']).where('account_id', '=', accountId).execute();
  const messages = await db.selectFrom('communication_messages').select(['type', sql<number | string>`count(*)`.as('n')]).where('account_id', '=', accountId).groupBy('type').execute();
  const attendees = await db.selectFrom('attendees').select(['event_id', sql<number | string>`count(*)`.as('n')]).where('account_id', '=', accountId).groupBy('event_id').execute();
  const counted = new Map<string, number>();
  const add = (key: string, n: number) => counted.set(key, (counted.get(key) ?? 0) + n);
  for (const m of messages) { add('communication-messages/', Number(m.n)); add(`communication-messages/type:${m.type}`, Number(m.n)); }
  for (const r of attendees) { add('attendees/', Number(r.n)); add(`attendees/event:${r.event_id}`, Number(r.n)); }
  // Scopes whose rows are all gone stay at 0.
  const keptMap = new Map(kept.filter((k) => Number(k.n) !== 0).map((k) => [`${k.list}/${k.scope}`, Number(k.n)]));
  return { kept: Object.fromEntries([...keptMap].sort()), counted: Object.fromEntries([...counted].sort()) };
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.db.handle.db;
  a = await tenant();
  b = await tenant();
});
afterAll(async () => {
  await t?.close();
});

describe('kept counts: communication messages', () => {
  it('counts inserts, deletes and type changes exactly, per account and per type', async () => {
    await insertMessages(a.accountId, 30);
    await insertMessages(a.accountId, 12, { type: 'session_qa' });
    await insertMessages(b.accountId, 5);
    const gone = await insertMessages(a.accountId, 4);
    await db.deleteFrom('communication_messages').where('id', 'in', gone).execute();
    const moved = (await insertMessages(a.accountId, 2)).slice(0, 1);
    await db.updateTable('communication_messages').set({ type: 'session_qa' }).where('id', 'in', moved).execute();

    const first = await page(a.api, '/ea/logs/communications/messages?limit=10');
    expect(first.paging.totalCount).toBe(44);
    expect((await page(a.api, "/ea/logs/communications/messages?filter=type eq 'chat'")).paging.totalCount).toBe(31);
    expect((await page(a.api, "/ea/logs/communications/messages?filter=type eq 'session_qa'")).paging.totalCount).toBe(13);
    expect((await page(a.api, "/ea/logs/communications/messages?filter=type eq 'email'")).paging.totalCount).toBe(0);
    expect((await page(b.api, '/ea/logs/communications/messages')).paging.totalCount).toBe(5);
    expect(await all(a.api, '/ea/logs/communications/messages?limit=10')).toHaveLength(44);
    const check = await keptAndCounted(a.accountId);
    expect(check.kept).toEqual(check.counted);
  });

  it('leaves out messages past retention that the purge has not removed yet, and stays exact after the purge', async () => {
    const before = (await page(a.api, '/ea/logs/communications/messages')).paging.totalCount ?? -1;
    await insertMessages(a.accountId, 3, { ageMs: 40 * DAY });
    expect((await page(a.api, '/ea/logs/communications/messages')).paging.totalCount).toBe(before);
    await t.services.communications.communications.purge();
    expect((await page(a.api, '/ea/logs/communications/messages')).paging.totalCount).toBe(before);
    const check = await keptAndCounted(a.accountId);
    expect(check.kept).toEqual(check.counted);
  });
});

describe('kept counts: attendees', () => {
  it('counts each event and the whole list, through erasure and deletion, per account', async () => {
    const e1 = await fixtureEvent(t.services, a.accountId);
    const e2 = await fixtureEvent(t.services, a.accountId);
    const eb = await fixtureEvent(t.services, b.accountId);
    const one = await fixtureAttendees(db, a.accountId, e1, 7);
    await fixtureAttendees(db, a.accountId, e2, 3);
    await fixtureAttendees(db, b.accountId, eb, 2);
    expect((await page(a.api, '/ea/attendees?limit=2')).paging.totalCount).toBe(10);
    expect((await page(a.api, `/ea/attendees?filter=event.id eq '${e1}'`)).paging.totalCount).toBe(7);
    expect((await page(a.api, `/ea/attendees?filter=event.id eq '${e2.toUpperCase()}'`)).paging.totalCount).toBe(3);
    expect((await page(b.api, '/ea/attendees')).paging.totalCount).toBe(2);
    expect((await page(b.api, `/ea/attendees?filter=event.id eq '${e1}'`)).paging.totalCount).toBe(0);

    // Erasure rewrites the attendee's contact and its own free text: the attendee stays listed and counted.
    const contact = (await db.selectFrom('attendees').select('contact_id').where('id', '=', one[0] ?? '').executeTakeFirstOrThrow()).contact_id;
    const start = await a.api('POST', `/ea/contacts/${contact}/obfuscate`);
    expect(start.statusCode, start.body).toBe(202);
    const obfuscateId = (start.json() as { obfuscateId: string }).obfuscateId;
    await waitFor(async () => {
      const res = await a.api('GET', `/ea/contacts/obfuscate/${obfuscateId}/status`);
      return (res.json() as { status: string }).status === 'COMPLETED';
    }, 20_000, 'obfuscation to complete');
    expect((await page(a.api, '/ea/attendees')).paging.totalCount).toBe(10);

    await db.deleteFrom('attendees').where('id', 'in', one.slice(1, 3)).execute();
    await db.updateTable('attendees').set({ event_id: e2 }).where('id', '=', one[3] ?? '').execute();
    expect((await page(a.api, '/ea/attendees')).paging.totalCount).toBe(8);
    expect((await page(a.api, `/ea/attendees?filter=event.id eq '${e1}'`)).paging.totalCount).toBe(4);
    expect(await all(a.api, `/ea/attendees?limit=3&filter=event.id eq '${e2}'`)).toHaveLength(4);
    for (const acc of [a, b]) {
      const check = await keptAndCounted(acc.accountId);
      expect(check.kept).toEqual(check.counted);
    }
  });

  it('counts a filter it keeps no count for exactly, since it matches fewer rows than the bound', async () => {
    const res = await page(a.api, "/ea/attendees?filter=status eq 'Accepted'");
    expect(res.paging.totalCount).toBe(8);
  });
});

describe('bounded counts', () => {
  it(`omits totalCount when a filter without a kept count matches more than ${COUNT_BOUND.toLocaleString('en-US')} rows, and pages on`, async () => {
    const c = await tenant();
    await insertMessages(c.accountId, COUNT_BOUND + 5, { ageMs: DAY });
    const after = new Date(Date.now() - 2 * DAY).toISOString();
    const first = await page(c.api, `/ea/logs/communications/messages?limit=100&after=${after}`);
    expect(first.paging.totalCount).toBeUndefined();
    expect(first.paging.nextToken).toBeDefined();
    // Later pages do not count either, and the kept count still answers the unfiltered list.
    const second = await page(c.api, `/ea/logs/communications/messages?token=${encodeURIComponent(first.paging.nextToken ?? '')}`);
    expect(second.paging.totalCount).toBeUndefined();
    expect(second.data).toHaveLength(100);
    expect((await page(c.api, '/ea/logs/communications/messages')).paging.totalCount).toBe(COUNT_BOUND + 5);
    // Within the bound, the same kind of filter is counted exactly.
    const fifteenth = await db.selectFrom('communication_messages').select('created').where('account_id', '=', c.accountId).orderBy('created', 'desc').limit(1).offset(14).executeTakeFirstOrThrow();
    const recent = fifteenth.created;
    expect((await page(c.api, `/ea/logs/communications/messages?after=${recent}`)).paging.totalCount).toBe(14);
  });

  it('carries the first page\'s totalCount in its tokens instead of counting again', async () => {
    const first = await page(b.api, '/ea/logs/communications/messages?limit=2');
    expect(first.paging.totalCount).toBe(5);
    await insertMessages(b.accountId, 1);
    const second = await page(b.api, `/ea/logs/communications/messages?token=${encodeURIComponent(first.paging.nextToken ?? '')}`);
    expect(second.paging.totalCount).toBe(5);
    expect((await page(b.api, '/ea/logs/communications/messages?limit=2')).paging.totalCount).toBe(6);
  });
});
