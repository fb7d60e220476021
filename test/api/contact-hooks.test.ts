import { createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_FIELDS, DELIVER_JOB, verifyWebhook } from '../../src/modules/contact-hooks/index.js';
import type { EventInput } from '../../src/modules/events/index.js';
import { apiClient, createTenant, sampleEvent, startTestApp, tokenFor, waitFor, type Api, type TestApp } from '../helpers/app.js';
import { startReceiver, type Receiver, type Received } from '../helpers/receiver.js';

interface Delivery {
  id: string; hook: { id: string }; contact?: { id: string }; trigger: string; status: string; attempts: number;
  lastStatusCode?: number; lastError?: string; durationMs?: number; mergedFields?: string[]; ignoredFields?: Array<{ field: string; reason: string }>;
  attemptLog?: Array<{ attempt: number; outcome: string; statusCode?: number; durationMs?: number; error?: string }>;
}
interface Hook { id: string; name: string; callback: string; security: Record<string, unknown>; signingSecret?: string }
interface Contact { id: string; firstName?: string; lastName?: string; email?: string; company?: string; title?: string; lastModifiedBy?: string; purged: boolean }

const FINAL = ['merged', 'unchanged', 'rejected', 'failed', 'cancelled'];
const API_KEY = 'k3y-for-the-receiver-0123456789';
const field = (name: string) => {
  const f = CONTACT_FIELDS.find((x) => x.name === name);
  if (!f) throw new Error(name);
  return f;
};

let t: TestApp;
let api: Api;
let accountId: string;
let receiver: Receiver;
let hook: Hook;
let seq = 0;
const logs: string[] = [];

const person = (extra: Record<string, unknown> = {}) => {
  seq += 1;
  return { firstName: 'Grace', lastName: `Hopper${seq}`, email: `grace.hopper${seq}@hooks.test`, ...extra };
};

async function newContact(a: Api, fields: Record<string, unknown> = {}): Promise<Contact & { email: string }> {
  const p = person(fields);
  const res = await a('POST', '/ea/contacts', [p]);
  const [item] = res.json() as Array<{ status: number; data: Contact }>;
  expect(item?.status, res.body).toBe(201);
  return { ...(item?.data ?? { id: '', purged: false }), email: p.email };
}

async function deliveriesOf(contactId: string, a: Api = api, hookId = hook.id): Promise<Delivery[]> {
  const res = await a('GET', `/ea/contacts/hooks/${hookId}/deliveries?filter=${encodeURIComponent(`contact.id eq '${contactId}'`)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Delivery[] }).data;
}

/** The contact's one delivery, once it has ended, with its attempts. */
async function ended(contactId: string, a: Api = api, hookId = hook.id): Promise<Delivery> {
  const d = await waitFor(async () => {
    const [first] = await deliveriesOf(contactId, a, hookId);
    return first && FINAL.includes(first.status) ? first : undefined;
  }, 30_000, 'the delivery to end');
  return (await a('GET', `/ea/contacts/hooks/${hookId}/deliveries/${d.id}`)).json() as Delivery;
}

const callbacksFor = (email: string): Received[] => receiver.received.filter((r) => r.body.includes(email));

beforeAll(async () => {
  receiver = await startReceiver();
  const stream = new Writable({ write(chunk: Buffer, _enc, done) { logs.push(chunk.toString('utf8')); done(); } });
  t = await startTestApp({ env: { HOOKS_ALLOW_LOOPBACK: 'true', LOG_LEVEL: 'debug' }, build: { logger: { level: 'debug', stream } } });
  const tenant = await createTenant(t.services);
  accountId = tenant.accountId;
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  const res = await api('POST', '/ea/contacts/hooks', { name: 'Attendee Identification', callback: receiver.url, security: { type: 'apiKey', secret: API_KEY } });
  expect(res.statusCode, res.body).toBe(201);
  hook = res.json() as Hook;
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('contact hooks: the hook', () => {
  it('is created with its security but never shows the secret; the signing secret is shown once, in the create response', async () => {
    expect(hook).toMatchObject({ name: 'Attendee Identification', callback: receiver.url, security: { type: 'apiKey', apiKeyPrefix: true } });
    expect(hook.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(JSON.stringify(hook.security)).not.toContain(API_KEY);
    const list = await api('GET', '/ea/contacts/hooks');
    expect(list.statusCode).toBe(200);
    const [listed] = (list.json() as { data: Hook[] }).data;
    expect(listed).toMatchObject({ id: hook.id, security: { type: 'apiKey', apiKeyPrefix: true } });
    expect(list.body).not.toContain(API_KEY);
    expect(list.body).not.toContain(hook.signingSecret);
    // Stored encrypted: neither secret is in the row in plain text.
    const row = await t.services.db.db.selectFrom('contact_hooks').selectAll().where('id', '=', hook.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(API_KEY);
    expect(JSON.stringify(row)).not.toContain(hook.signingSecret?.slice(6));
  });

  it('allows one hook per account (409), filters the list like the reference, and checks security', async () => {
    const again = await api('POST', '/ea/contacts/hooks', { name: 'Second', callback: receiver.url, security: { type: 'apiKey', secret: 'x' } });
    expect(again.statusCode).toBe(409);
    expect((await api('GET', `/ea/contacts/hooks?filter=${encodeURIComponent("name eq 'Attendee Identification'")}`)).json()).toMatchObject({ data: [{ id: hook.id }] });
    expect((await api('GET', `/ea/contacts/hooks?filter=${encodeURIComponent("name ne 'Attendee Identification'")}`)).json()).toMatchObject({ data: [] });
    const badFilter = await api('GET', `/ea/contacts/hooks?filter=${encodeURIComponent("callback eq 'x'")}`);
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json()).toMatchObject({ code: 400, target: 'filter' });
    const other = await createTenant(t.services);
    const b = apiClient(t.app, await tokenFor(t.app, other));
    const basicWithKeyOptions = await b('POST', '/ea/contacts/hooks', { name: 'x', callback: receiver.url, security: { type: 'basic', secret: 'ZGVtbzpwQDU1dzByZA==', apiKeyPrefix: false } });
    expect(basicWithKeyOptions.statusCode).toBe(400);
    expect(basicWithKeyOptions.json()).toMatchObject({ target: 'security.apiKeyPrefix' });
    const notBase64 = await b('POST', '/ea/contacts/hooks', { name: 'x', callback: receiver.url, security: { type: 'basic', secret: 'demo:p@55w0rd' } });
    expect(notBase64.json()).toMatchObject({ code: 400, target: 'security.secret' });
    const reserved = await b('POST', '/ea/contacts/hooks', { name: 'x', callback: receiver.url, security: { type: 'apiKey', secret: 's', authHeaderKey: 'webhook-signature' } });
    expect(reserved.json()).toMatchObject({ code: 400, target: 'security.authHeaderKey' });
    const lineBreak = await b('POST', '/ea/contacts/hooks', { name: 'x', callback: receiver.url, security: { type: 'apiKey', secret: 'a\r\nX-Evil: 1' } });
    expect(lineBreak.json()).toMatchObject({ code: 400, target: 'security.secret' });
    expect((await b('GET', '/ea/contacts/hooks')).json()).toMatchObject({ data: [] });
  });

  it('refuses callbacks to metadata, private, mapped and credentialed addresses with a clear 400 at creation', async () => {
    const other = await createTenant(t.services);
    const b = apiClient(t.app, await tokenFor(t.app, other));
    const create = (callback: string) => b('POST', '/ea/contacts/hooks', { name: 'SSRF', callback, security: { type: 'apiKey', secret: 's' } });
    const cases: Array<[string, RegExp]> = [
      ['http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254.*link-local/],
      ['https://169.254.169.254/', /link-local range \(cloud metadata/],
      ['https://10.0.0.1/identify', /10\.0\.0\.1, which is in a private range 10\.0\.0\.0\/8/],
      ['https://192.168.1.20/', /private range 192\.168\.0\.0\/16/],
      ['https://100.64.1.1/', /carrier-grade NAT/],
      ['https://[::ffff:10.0.0.1]/', /IPv4-mapped/],
      ['https://[fd00:ec2::254]/', /unique local/],
      ['https://0x0a.0.0.1/', /10\.0\.0\.1/],
      ['http://example.com/identify', /https/],
      ['https://user:pw@example.com/', /credentials/],
    ];
    for (const [callback, message] of cases) {
      const res = await create(callback);
      expect(res.statusCode, callback).toBe(400);
      const body = res.json() as { code: number; message: string; target: string };
      expect(body.target, callback).toBe('callback');
      expect(body.message, callback).toMatch(message);
    }
    expect((await b('GET', '/ea/contacts/hooks')).json()).toMatchObject({ data: [] });
  });

  it('updates name, callback and security (the secret is sent again), and refuses an update to a private address', async () => {
    const res = await api('PUT', `/ea/contacts/hooks/${hook.id}`, {
      name: 'AIS', callback: receiver.url, security: { type: 'apiKey', secret: API_KEY, authHeaderKey: 'x-api-key', apiKeyPrefix: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: hook.id, name: 'AIS', security: { type: 'apiKey', authHeaderKey: 'x-api-key', apiKeyPrefix: false } });
    expect(res.json()).not.toHaveProperty('signingSecret');
    const refused = await api('PUT', `/ea/contacts/hooks/${hook.id}`, { name: 'AIS', callback: 'https://10.0.0.1/', security: { type: 'apiKey', secret: API_KEY } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ target: 'callback' });
    // Back to the reference's default: Authorization: api_key <secret>.
    expect((await api('PUT', `/ea/contacts/hooks/${hook.id}`, { name: 'Attendee Identification', callback: receiver.url, security: { type: 'apiKey', secret: API_KEY } })).statusCode).toBe(200);
  });
});

describe('contact hooks: callbacks', () => {
  it('calls the hook with a signed contact transaction when a contact is created, and merges the non-blank fields of the answer', async () => {
    receiver.answer(() => ({
      status: 200,
      body: {
        data: [
          { id: field('Company').id, name: 'Company', maximumLength: 100, type: 'String', value: ['Remington Rand'] },
          { id: field('First Name').id.toLowerCase(), name: 'First Name', maximumLength: 50, type: 'String', value: ['  '] },
          { name: 'Title', value: ['Rear Admiral'] },
          { id: '00000000-0000-4000-8000-000000000001', name: 'Shoe Size', value: ['9'] },
        ],
      },
    }));
    const contact = await newContact(api);
    const d = await ended(contact.id);
    expect(d).toMatchObject({ status: 'merged', trigger: 'contact.created', attempts: 1, lastStatusCode: 200, mergedFields: ['company', 'title'] });
    expect(d.ignoredFields).toEqual([{ field: 'Shoe Size', reason: 'not a contact field eventline knows' }]);
    expect(typeof d.durationMs).toBe('number');

    const [call] = callbacksFor(contact.email);
    expect(callbacksFor(contact.email)).toHaveLength(1);
    if (!call) throw new Error('no callback');
    // The reference's contact-transaction body, with the contact's known details.
    const body = call.json as { transactionId: string; data: Array<{ id: string; name: string; value: string[] }> };
    expect(body.transactionId).toBe(d.id);
    expect(body.data.find((f) => f.name === 'Email Address')).toMatchObject({ id: field('Email Address').id, value: [contact.email], type: 'String', maximumLength: 80 });
    expect(body.data.find((f) => f.name === 'Company')?.value).toEqual([]);
    expect(call.headers['authorization']).toBe(`api_key ${API_KEY}`);
    expect(call.headers['content-type']).toBe('application/json');
    // Standard Webhooks: webhook-id is the transaction, the signature is HMAC-SHA256 over "id.timestamp.body".
    expect(call.headers['webhook-id']).toBe(d.id);
    const ts = String(call.headers['webhook-timestamp']);
    const key = Buffer.from((hook.signingSecret ?? '').slice('whsec_'.length), 'base64');
    const expected = `v1,${createHmac('sha256', key).update(`${d.id}.${ts}.${call.body}`).digest('base64')}`;
    expect(call.headers['webhook-signature']).toBe(expected);
    expect(verifyWebhook(hook.signingSecret ?? '', { id: d.id, timestamp: ts, signature: expected }, call.body)).toBe(true);
    expect(verifyWebhook(hook.signingSecret ?? '', { id: d.id, timestamp: ts, signature: expected }, call.body.replace('Grace', 'Evil'))).toBe(false);

    const merged = (await api('GET', `/ea/contacts/${contact.id}`)).json() as Contact;
    expect(merged).toMatchObject({ firstName: 'Grace', company: 'Remington Rand', title: 'Rear Admiral', lastModifiedBy: `contact-hook:${hook.id}` });
    // The merge does not call the hook again.
    expect(await deliveriesOf(contact.id)).toHaveLength(1);
    expect(callbacksFor(contact.email)).toHaveLength(1);
    // The delivery log never holds the contact's data.
    const log = JSON.stringify(await api('GET', `/ea/contacts/hooks/${hook.id}/deliveries/${d.id}`).then((r) => r.json() as unknown));
    for (const value of [contact.email, 'Grace', 'Remington', 'Rear Admiral']) expect(log).not.toContain(value);
  });

  it('calls the hook for a new contact of POST /attendees and for an upsert, not for PUT or PATCH', async () => {
    receiver.answer(() => ({ status: 200, body: { data: [] } }));
    const eventId = (await t.services.events.createNow(accountId, 'test', sampleEvent() as EventInput)).id;
    const p = person();
    const add = await api('POST', '/ea/attendees', [{ event: { id: eventId }, contact: p }]);
    expect((add.json() as Array<{ status: number }>)[0]?.status, add.body).toBe(201);
    const created = (await api('GET', `/ea/contacts?filter=${encodeURIComponent(`email eq '${p.email}'`)}`)).json() as { data: Contact[] };
    const contactId = created.data[0]?.id ?? '';
    expect(await ended(contactId)).toMatchObject({ trigger: 'contact.created', status: 'unchanged', mergedFields: [] });

    const upsert = await api('POST', '/ea/contacts?upsert=true', [{ ...p, company: 'Navy' }]);
    expect((upsert.json() as Array<{ status: number }>)[0]?.status).toBe(200);
    await waitFor(async () => (await deliveriesOf(contactId)).length === 2 && (await deliveriesOf(contactId)).every((d) => FINAL.includes(d.status)), 30_000, 'the upsert\'s delivery');
    expect((await deliveriesOf(contactId)).map((d) => d.trigger).sort()).toEqual(['contact.created', 'contact.updated']);

    expect((await api('PATCH', `/ea/contacts/${contactId}`, { title: 'Commodore' })).statusCode).toBe(200);
    expect((await api('PUT', `/ea/contacts/${contactId}`, { ...p, title: 'Admiral' })).statusCode).toBe(200);
    expect(await deliveriesOf(contactId)).toHaveLength(2);
  });

  it('calls the hook once for each contact of a multi-status POST (one transaction looks the hook up once)', async () => {
    receiver.answer(() => ({ status: 200, body: { data: [] } }));
    const people = Array.from({ length: 5 }, () => person());
    const res = await api('POST', '/ea/contacts', people);
    const items = res.json() as Array<{ status: number; data: Contact }>;
    expect(items.map((i) => i.status), res.body).toEqual([201, 201, 201, 201, 201]);
    for (const item of items) expect(await ended(item.data.id)).toMatchObject({ trigger: 'contact.created', status: 'unchanged' });
    for (const p of people) expect(callbacksFor(p.email)).toHaveLength(1);
  });

  it('retries a receiver that fails twice (503, then 429 with Retry-After) and merges its answer exactly once', async () => {
    receiver.answer((_req, n) => {
      const mine = receiver.received.slice(0, n).filter((r) => r.headers['webhook-id'] === _req.headers['webhook-id']).length;
      if (mine === 1) return { status: 503 };
      if (mine === 2) return { status: 429, headers: { 'retry-after': '1' } };
      return { status: 200, body: { data: [{ id: field('Company').id, name: 'Company', value: ['Harvard'] }] } };
    });
    const contact = await newContact(api);
    const d = await ended(contact.id);
    expect(d).toMatchObject({ status: 'merged', attempts: 3, lastStatusCode: 200, mergedFields: ['company'] });
    expect(d.attemptLog?.map((a) => [a.attempt, a.outcome, a.statusCode])).toEqual([[1, 'answered', 503], [2, 'answered', 429], [3, 'answered', 200]]);
    const calls = callbacksFor(contact.email);
    expect(calls).toHaveLength(3);
    // One transaction: every attempt carries the same webhook-id (the receiver's idempotency key).
    expect(new Set(calls.map((c) => c.headers['webhook-id']))).toEqual(new Set([d.id]));
    expect(((await api('GET', `/ea/contacts/${contact.id}`)).json() as Contact).company).toBe('Harvard');
    const job = await t.services.db.db.selectFrom('jobs').select(['status', 'attempts']).where('type', '=', DELIVER_JOB)
      .where('payload', 'like', `%${d.id}%`).executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'completed', attempts: 3 });
  });

  it('merges a transaction at most once: running its job again calls nobody and changes nothing', async () => {
    receiver.answer(() => ({ status: 200, body: { data: [{ name: 'Company', value: ['First Answer'] }] } }));
    const contact = await newContact(api);
    const d = await ended(contact.id);
    expect(d.status).toBe('merged');
    expect((await api('PATCH', `/ea/contacts/${contact.id}`, { company: 'Edited Since' })).statusCode).toBe(200);
    const again = await t.services.jobs.enqueue({ type: DELIVER_JOB, accountId, payload: { transactionId: d.id } });
    await waitFor(async () => (await t.services.jobs.get(again.id))?.status === 'completed', 10_000, 'the repeated job');
    expect((await t.services.jobs.get(again.id))?.result).toEqual({ skipped: 'the transaction is merged' });
    expect(callbacksFor(contact.email)).toHaveLength(1);
    expect(((await api('GET', `/ea/contacts/${contact.id}`)).json() as Contact).company).toBe('Edited Since');
  });

  it('does not retry a 400 or a 404, and rejects an answer the contact cannot take, naming the field but not the value', async () => {
    receiver.answer(() => ({ status: 404 }));
    const c1 = await newContact(api);
    expect(await ended(c1.id)).toMatchObject({ status: 'rejected', attempts: 1, lastStatusCode: 404, lastError: expect.stringMatching(/not retried/) as unknown });
    receiver.answer(() => ({ status: 400, body: { message: 'bad' } }));
    const c2 = await newContact(api);
    expect(await ended(c2.id)).toMatchObject({ status: 'rejected', attempts: 1, lastStatusCode: 400 });

    receiver.answer(() => ({ status: 200, body: { data: [{ name: 'Email Address', value: ['not-an-email'] }, { name: 'Company', value: ['Kept Out'] }] } }));
    const c3 = await newContact(api);
    const d3 = await ended(c3.id);
    expect(d3).toMatchObject({ status: 'rejected', lastStatusCode: 200 });
    expect(d3.lastError).toMatch(/cannot be merged: .*email/);
    expect(d3.lastError).not.toContain('not-an-email');
    expect(((await api('GET', `/ea/contacts/${c3.id}`)).json() as Contact).company).toBeUndefined();

    receiver.answer(() => ({ status: 200, body: '<html>' }));
    const c4 = await newContact(api);
    expect(await ended(c4.id)).toMatchObject({ status: 'rejected', lastError: expect.stringMatching(/not a contact-fields document/) as unknown });
    receiver.answer(() => ({ status: 302, headers: { location: 'http://169.254.169.254/' } }));
    const c5 = await newContact(api);
    expect(await ended(c5.id)).toMatchObject({ status: 'rejected', lastStatusCode: 302, lastError: expect.stringMatching(/redirects are not followed/) as unknown });
    expect(callbacksFor(c5.email)).toHaveLength(1);
  });

  it('gives up after the tenth attempt, and ends a transaction whose last attempt was cut off', async () => {
    receiver.answer(() => ({ status: 503 }));
    const contact = await newContact(api);
    await waitFor(async () => (await deliveriesOf(contact.id))[0]?.status === 'retrying', 30_000, 'the first failure');
    // Seeded where a long run of failures would have left them (the back-off makes the real run take minutes).
    const now = new Date().toISOString();
    const seed = async (id: string, attempts: number, status: 'retrying' | 'delivering') => {
      await t.services.db.db.insertInto('contact_hook_transactions').values({
        id, account_id: accountId, hook_id: hook.id, contact_id: contact.id, trigger: 'identify', status, attempts,
        last_status_code: 503, last_error: 'HTTP 503', last_duration_ms: 3, merge_result: null, created: now, last_modified: now, finished_at: null,
      }).execute();
      await t.services.jobs.enqueue({ type: DELIVER_JOB, accountId, payload: { transactionId: id } });
    };
    await seed('0190a1b2-0000-7000-8000-0000000000c1', 9, 'retrying');
    await seed('0190a1b2-0000-7000-8000-0000000000c2', 10, 'delivering');
    const get = async (id: string) => (await api('GET', `/ea/contacts/hooks/${hook.id}/deliveries/${id}`)).json() as Delivery;
    const tenth = await waitFor(async () => {
      const d = await get('0190a1b2-0000-7000-8000-0000000000c1');
      return d.status === 'failed' ? d : undefined;
    }, 30_000, 'the tenth attempt');
    expect(tenth).toMatchObject({ attempts: 10, lastStatusCode: 503, lastError: 'HTTP 503 (gave up after 10 attempts)' });
    const cutOff = await waitFor(async () => {
      const d = await get('0190a1b2-0000-7000-8000-0000000000c2');
      return d.status === 'failed' ? d : undefined;
    }, 30_000, 'the cut-off transaction to end');
    expect(cutOff).toMatchObject({ attempts: 10, lastError: 'gave up after 10 attempts (the last was cut off)' });
    expect(cutOff.attemptLog).toEqual([]);
    // Let the first transaction end too, so later tests start quiet.
    receiver.answer(() => ({ status: 204 }));
    await waitFor(async () => (await deliveriesOf(contact.id)).find((d) => d.trigger === 'contact.created')?.status === 'unchanged', 30_000, 'the first transaction');
  });

  it('identifies an existing contact on request (202 + Location), and answers 404/409 when it cannot', async () => {
    receiver.answer(() => ({ status: 200, body: { data: [] } }));
    const contact = await newContact(api);
    await ended(contact.id);
    receiver.answer(() => ({ status: 200, body: { data: [{ name: 'Title', value: ['Identified'] }] } }));
    const res = await api('POST', `/ea/contacts/${contact.id}/identify`);
    expect(res.statusCode, res.body).toBe(202);
    const accepted = res.json() as Delivery;
    expect(accepted).toMatchObject({ trigger: 'identify', status: 'queued', contact: { id: contact.id }, hook: { id: hook.id }, attempts: 0 });
    expect(res.headers.location).toBe(`/ea/contacts/hooks/${hook.id}/deliveries/${accepted.id}`);
    const done = await waitFor(async () => {
      const d = (await api('GET', res.headers.location ?? '')).json() as Delivery;
      return FINAL.includes(d.status) ? d : undefined;
    }, 30_000, 'the identification');
    expect(done).toMatchObject({ status: 'merged', mergedFields: ['title'] });
    expect(((await api('GET', `/ea/contacts/${contact.id}`)).json() as Contact).title).toBe('Identified');

    expect((await api('POST', '/ea/contacts/0190a1b2-0000-7000-8000-000000000000/identify')).statusCode).toBe(404);
    expect((await api('DELETE', `/ea/contacts/${contact.id}`)).statusCode).toBe(204);
    expect((await api('POST', `/ea/contacts/${contact.id}/identify`)).json()).toMatchObject({ code: 409 });
    const other = await createTenant(t.services);
    const b = apiClient(t.app, await tokenFor(t.app, other));
    const theirs = await newContact(b);
    expect((await b('POST', `/ea/contacts/${theirs.id}/identify`)).json()).toMatchObject({ code: 409, message: expect.stringMatching(/no contact hook/) as unknown });
  });

  it('refuses at delivery a callback that has become a private address since creation', async () => {
    const other = await createTenant(t.services);
    const b = apiClient(t.app, await tokenFor(t.app, other));
    const created = await b('POST', '/ea/contacts/hooks', { name: 'Rebinding', callback: receiver.url, security: { type: 'basic', secret: 'ZGVtbzpwQDU1dzByZA==' } });
    expect(created.statusCode).toBe(201);
    const theirs = created.json() as Hook;
    // What a DNS change after creation would do: the name now leads to a private address.
    await t.services.db.db.updateTable('contact_hooks').set({ callback: 'http://10.0.0.1/identify' }).where('id', '=', theirs.id).execute();
    const before = receiver.received.length;
    const contact = await newContact(b);
    const d = await ended(contact.id, b, theirs.id);
    expect(d).toMatchObject({ status: 'failed', attempts: 1 });
    expect(d.lastError).toMatch(/refused: callback address 10\.0\.0\.1, which is in a private range/);
    expect(d.attemptLog?.[0]).toMatchObject({ outcome: 'refused' });
    expect(receiver.received.length).toBe(before);
  });

  it('accepts a callback whose host does not resolve yet (201), tries it at delivery and retries it; literal private addresses stay 400', async () => {
    const other = await createTenant(t.services);
    const b = apiClient(t.app, await tokenFor(t.app, other));
    const security = { type: 'basic', secret: 'ZGVtbzpwQDU1dzByZA==' };
    for (const callback of ['https://10.0.0.1/identify', 'https://169.254.169.254/latest/meta-data/']) {
      const refused = await b('POST', '/ea/contacts/hooks', { name: 'Literal', callback, security });
      expect(refused.statusCode, callback).toBe(400);
      expect(refused.json(), callback).toMatchObject({ code: 400, target: 'callback' });
    }
    // A name under `.invalid` never resolves (RFC 6761): what a laptop without DNS sees of any name.
    const created = await b('POST', '/ea/contacts/hooks', { name: 'Not in DNS yet', callback: 'https://identify.eventline.invalid/hook', security });
    expect(created.statusCode, created.body).toBe(201);
    const theirs = created.json() as Hook;
    expect(theirs.callback).toBe('https://identify.eventline.invalid/hook');

    const contact = await newContact(b);
    const [queued] = await deliveriesOf(contact.id, b, theirs.id);
    if (!queued) throw new Error('no delivery');
    const detail = await waitFor(async () => {
      const d = (await b('GET', `/ea/contacts/hooks/${theirs.id}/deliveries/${queued.id}`)).json() as Delivery;
      return d.attemptLog?.[1]?.outcome === 'network' ? d : undefined;
    }, 30_000, 'the second attempt to fail');
    expect(['retrying', 'delivering']).toContain(detail.status);
    expect(detail.lastError).toMatch(/identify\.eventline\.invalid (does|did) not resolve/);
    expect(detail.attemptLog?.slice(0, 2)).toEqual([
      expect.objectContaining({ attempt: 1, outcome: 'network', error: expect.stringMatching(/does not resolve|did not resolve/) as unknown }),
      expect.objectContaining({ attempt: 2, outcome: 'network' }),
    ]);
    // The durable job is what retries it, with its back-off.
    const job = await t.services.db.db.selectFrom('jobs').select(['status', 'attempts']).where('type', '=', DELIVER_JOB)
      .where('payload', 'like', `%${queued.id}%`).executeTakeFirstOrThrow();
    expect(job.attempts).toBeGreaterThanOrEqual(2);
    expect(job.status).not.toBe('failed');
    // Deleting the hook ends the retries.
    expect((await b('DELETE', `/ea/contacts/hooks/${theirs.id}`)).statusCode).toBe(204);
  });

  it('sends Basic credentials as given', async () => {
    const other = await createTenant(t.services);
    const b = apiClient(t.app, await tokenFor(t.app, other));
    expect((await b('POST', '/ea/contacts/hooks', { name: 'Basic', callback: receiver.url, security: { type: 'basic', secret: 'ZGVtbzpwQDU1dzByZA==' } })).statusCode).toBe(201);
    receiver.answer(() => ({ status: 204 }));
    const contact = await newContact(b);
    await waitFor(async () => callbacksFor(contact.email).length === 1, 30_000, 'the callback');
    expect(callbacksFor(contact.email)[0]?.headers['authorization']).toBe('Basic ZGVtbzpwQDU1dzByZA==');
  });

  it('rotates the signing secret: the new one signs, the old one no longer verifies', async () => {
    const res = await api('POST', `/ea/contacts/hooks/${hook.id}/signing-secret`);
    expect(res.statusCode).toBe(200);
    const { signingSecret } = res.json() as { signingSecret: string };
    expect(signingSecret).toMatch(/^whsec_/);
    expect(signingSecret).not.toBe(hook.signingSecret);
    receiver.answer(() => ({ status: 200, body: { data: [] } }));
    const contact = await newContact(api);
    await ended(contact.id);
    const [call] = callbacksFor(contact.email);
    const headers = { id: String(call?.headers['webhook-id']), timestamp: String(call?.headers['webhook-timestamp']), signature: String(call?.headers['webhook-signature']) };
    expect(verifyWebhook(signingSecret, headers, call?.body ?? '')).toBe(true);
    expect(verifyWebhook(hook.signingSecret ?? '', headers, call?.body ?? '')).toBe(false);
    hook = { ...hook, signingSecret };
  });
});

describe('contact hooks: tenancy, scopes, privacy', () => {
  it('shows another account none of the hooks (404 for every operation on one)', async () => {
    const other = await createTenant(t.services);
    const b = apiClient(t.app, await tokenFor(t.app, other));
    expect((await b('GET', '/ea/contacts/hooks')).json()).toMatchObject({ data: [] });
    expect((await b('GET', `/ea/contacts/hooks?filter=${encodeURIComponent(`id eq '${hook.id}'`)}`)).json()).toMatchObject({ data: [] });
    const body = { name: 'Taken', callback: receiver.url, security: { type: 'apiKey', secret: 's' } };
    expect((await b('PUT', `/ea/contacts/hooks/${hook.id}`, body)).statusCode).toBe(404);
    expect((await b('DELETE', `/ea/contacts/hooks/${hook.id}`)).statusCode).toBe(404);
    expect((await b('POST', `/ea/contacts/hooks/${hook.id}/signing-secret`)).statusCode).toBe(404);
    expect((await b('GET', `/ea/contacts/hooks/${hook.id}/deliveries`)).statusCode).toBe(404);
    const firstId = ((await api('GET', `/ea/contacts/hooks/${hook.id}/deliveries?limit=1`)).json() as { data: Delivery[] }).data[0]?.id ?? '';
    expect(firstId).not.toBe('');
    expect((await b('GET', `/ea/contacts/hooks/${hook.id}/deliveries/${firstId}`)).statusCode).toBe(404);
    const contact = await newContact(api);
    expect((await b('POST', `/ea/contacts/${contact.id}/identify`)).statusCode).toBe(404);
    expect((await api('GET', '/ea/contacts/hooks')).json()).toMatchObject({ data: [{ id: hook.id, name: 'Attendee Identification' }] });
  });

  it('needs account/hooks:read, :write and :delete (403 without)', async () => {
    const other = await createTenant(t.services);
    const narrow = apiClient(t.app, await tokenFor(t.app, other, 'event/contacts:read'));
    const body = { name: 'x', callback: receiver.url, security: { type: 'apiKey', secret: 's' } };
    expect((await narrow('GET', '/ea/contacts/hooks')).statusCode).toBe(403);
    expect((await narrow('POST', '/ea/contacts/hooks', body)).statusCode).toBe(403);
    expect((await narrow('PUT', `/ea/contacts/hooks/${hook.id}`, body)).statusCode).toBe(403);
    expect((await narrow('DELETE', `/ea/contacts/hooks/${hook.id}`)).statusCode).toBe(403);
    expect((await narrow('GET', `/ea/contacts/hooks/${hook.id}/deliveries`)).statusCode).toBe(403);
    const readOnly = apiClient(t.app, await tokenFor(t.app, other, 'account/hooks:read account/hooks:write'));
    expect((await readOnly('DELETE', `/ea/contacts/hooks/${hook.id}`)).statusCode).toBe(403);
  });

  it('forgets whose a delivery was when the contact is obfuscated, cancels one not yet made, and scrubs the contact\'s values from its free text', async () => {
    await t.services.accounts.setFeature(accountId, 'contact-obfuscation', true);
    receiver.answer(() => ({ status: 200, body: { data: [] } }));
    const contact = await newContact(api);
    const d = await ended(contact.id);
    // A transaction still waiting for a retry when the erasure runs, whose log quotes the contact (eventline never writes
    // values there; the erasers still search its free text): seeded, as the worker would deliver a queued one first.
    const now = new Date().toISOString();
    const pendingId = '0190a1b2-0000-7000-8000-0000000000aa';
    await t.services.db.db.insertInto('contact_hook_transactions').values({
      id: pendingId, account_id: accountId, hook_id: hook.id, contact_id: contact.id, trigger: 'identify', status: 'retrying', attempts: 1,
      last_status_code: 503, last_error: `HTTP 503 for ${contact.email}`, last_duration_ms: 5, merge_result: null, created: now, last_modified: now, finished_at: null,
    }).execute();
    await t.services.db.db.insertInto('contact_hook_attempts').values({
      id: '0190a1b2-0000-7000-8000-0000000000ab', account_id: accountId, transaction_id: pendingId, attempt: 1, started: now, outcome: 'answered',
      status_code: 503, duration_ms: 5, error: `HTTP 503 for ${contact.email.toUpperCase()}`,
    }).execute();
    const start = await api('POST', `/ea/contacts/${contact.id}/obfuscate`);
    expect(start.statusCode, start.body).toBe(202);
    const { obfuscateId } = start.json() as { obfuscateId: string };
    await waitFor(async () => ((await api('GET', `/ea/contacts/obfuscate/${obfuscateId}/status`)).json() as { status: string }).status === 'COMPLETED', 30_000, 'the obfuscation');
    const after = (await api('GET', `/ea/contacts/hooks/${hook.id}/deliveries/${d.id}`)).json() as Delivery;
    expect(after.contact).toBeUndefined();
    expect(after.status).toBe('unchanged');
    const cancelled = (await api('GET', `/ea/contacts/hooks/${hook.id}/deliveries/${pendingId}`)).json() as Delivery;
    expect(cancelled).toMatchObject({ status: 'cancelled', lastError: 'cancelled: the contact was obfuscated', attemptLog: [{ error: 'HTTP 503 for [obfuscated]' }] });
    expect(cancelled.contact).toBeUndefined();
    expect(await deliveriesOf(contact.id)).toEqual([]);
    const report = await t.services.obfuscation.verify({ contactId: contact.id, values: [contact.email] });
    expect(report.hits).toEqual([]);
  });

  it('never writes a secret or a contact\'s data to the logs', () => {
    const all = logs.join('');
    expect(all).toContain(DELIVER_JOB);
    expect(all).not.toContain(API_KEY);
    expect(all).not.toContain('ZGVtbzpwQDU1dzByZA==');
    expect(all).not.toContain((hook.signingSecret ?? 'x').slice(6));
    expect(all).not.toContain('@hooks.test');
    expect(all).not.toContain('Remington');
  });

  it('deletes the hook and its delivery log (204), then 404', async () => {
    expect((await api('DELETE', `/ea/contacts/hooks/${hook.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/contacts/hooks/${hook.id}`)).statusCode).toBe(404);
    expect((await api('GET', `/ea/contacts/hooks/${hook.id}/deliveries`)).statusCode).toBe(404);
    expect((await api('GET', '/ea/contacts/hooks')).json()).toMatchObject({ data: [] });
    const before = receiver.received.length;
    await newContact(api);
    expect(await t.services.db.db.selectFrom('contact_hook_transactions').select('id').where('account_id', '=', accountId).execute()).toEqual([]);
    expect(receiver.received.length).toBe(before);
  });
});
