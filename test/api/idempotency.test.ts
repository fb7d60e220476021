import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { canonicalFingerprint } from '../../src/http/idempotency.js';
import { PURGE_JOB } from '../../src/modules/idempotency/index.js';
import { ALL_SCOPES } from '../../src/modules/oauth/index.js';
import { fileForm, png } from '../helpers/files.js';
import { apiClient, createTenant, sampleEvent, startTestApp, tokenFor, waitFor, type Api, type TestApp, type Tenant } from '../helpers/app.js';

// Idempotency-Key (issue 35, docs/idempotency.md): the same key and request replay the first answer; another request
// with the key is a 422; concurrent duplicates wait for the first; keys are per application. On SQLite, and on
// PostgreSQL with DATABASE_URL.
describe('Idempotency-Key on POST and PUT', () => {
  let t: TestApp;
  let tenant: Tenant;
  let api: Api;
  let offsetMs = 0;

  const creations = async (accountId: string) =>
    Number((await t.db.handle.db.selectFrom('event_creations').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow()).n);
  const keys = async (accountId: string) =>
    Number((await t.db.handle.db.selectFrom('idempotency_keys').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow()).n);
  const post = (client: Api, key: string | undefined, body: unknown = sampleEvent({ title: 'Idempotent Summit' })) =>
    client('POST', '/ea/events/async', body, key === undefined ? {} : { 'idempotency-key': key });
  const answer = (r: LightMyRequestResponse) => ({ status: r.statusCode, body: r.body, location: r.headers['location'] });

  beforeAll(async () => {
    t = await startTestApp({ build: { clock: () => new Date(Date.now() + offsetMs) } });
    tenant = await createTenant(t.services);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('replays the first answer (status, body, Location) to the same request with the same key, and creates one event', async () => {
    const before = await creations(tenant.accountId);
    const first = await post(api, 'create-summit-1');
    expect(first.statusCode, first.body).toBe(202);
    expect(first.headers['location']).toMatch(/^\/ea\/events\/async\/[0-9a-f-]{36}\/status$/);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await post(api, 'create-summit-1');
    expect(answer(second)).toEqual(answer(first));
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(await creations(tenant.accountId)).toBe(before + 1);
    // The one creation runs to one event.
    const status = await waitFor(async () => {
      const r = await api('GET', first.headers['location'] as string);
      const s = r.json() as { status: string; event?: { id: string } };
      return s.status === 'Created' ? s : undefined;
    }, 20_000, 'the event to be created');
    const events = await t.db.handle.db.selectFrom('events').select('id').where('account_id', '=', tenant.accountId).where('title', '=', 'Idempotent Summit').execute();
    expect(events.map((e) => e.id)).toEqual([status.event?.id]);
  }, 30_000);

  it('answers 422 naming the header to the same key with another body, path or method, and changes nothing', async () => {
    const first = await post(api, 'create-summit-2');
    expect(first.statusCode).toBe(202);
    const before = await creations(tenant.accountId);
    const otherBody = await post(api, 'create-summit-2', sampleEvent({ title: 'Another Summit' }));
    expect(otherBody.statusCode, otherBody.body).toBe(422);
    expect(otherBody.json()).toEqual({ code: 422, message: expect.stringContaining('Idempotency-Key') as unknown, target: 'Idempotency-Key' });
    const otherQuery = await api('POST', '/ea/events/async?x=1', sampleEvent({ title: 'Idempotent Summit' }), { 'idempotency-key': 'create-summit-2' });
    expect(otherQuery.statusCode).toBe(422);
    const otherPath = await api('POST', '/ea/contacts', [{ firstName: 'Ida', lastName: 'Empotent', email: 'ida@example.test' }], { 'idempotency-key': 'create-summit-2' });
    expect(otherPath.statusCode, otherPath.body).toBe(422);
    expect(otherPath.json()).toMatchObject({ code: 422, target: 'Idempotency-Key' });
    expect(await creations(tenant.accountId)).toBe(before);
    const contacts = await t.db.handle.db.selectFrom('contacts').select('id').where('account_id', '=', tenant.accountId).where('email', '=', 'ida@example.test').execute();
    expect(contacts).toEqual([]);
  });

  it('creates one event from 10 concurrent identical requests with one key, and all get the same answer', async () => {
    const before = await creations(tenant.accountId);
    const results = await Promise.all(Array.from({ length: 10 }, () => post(api, 'create-summit-concurrent')));
    const answers = results.map(answer);
    expect(answers[0]?.status).toBe(202);
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect(await creations(tenant.accountId)).toBe(before + 1);
  }, 30_000);

  it('refuses an empty key or one over 255 characters with a 400 naming the header, and creates nothing', async () => {
    const before = await creations(tenant.accountId);
    for (const key of ['', 'k'.repeat(256), 'caf\u00e9']) {
      const r = await post(api, key);
      expect(r.statusCode, `${key.length}: ${r.body}`).toBe(400);
      expect(r.json()).toMatchObject({ code: 400, target: 'Idempotency-Key' });
    }
    expect(await creations(tenant.accountId)).toBe(before);
    expect((await post(api, 'k'.repeat(255))).statusCode).toBe(202);
  });

  it('keeps keys per application: the same key in another application of the account, or another account, is a new request', async () => {
    const before = await creations(tenant.accountId);
    const { clientId, clientSecret } = await t.services.accounts.createApplication({
      accountId: tenant.accountId, workspaceId: tenant.workspaceId, name: 'Second app', scopes: ALL_SCOPES,
    }).then((r) => ({ clientId: r.application.clientId, clientSecret: r.clientSecret }));
    const sibling = apiClient(t.app, await tokenFor(t.app, { clientId, clientSecret }));
    const other = await createTenant(t.services);
    const stranger = apiClient(t.app, await tokenFor(t.app, other));

    const mine = await post(api, 'shared-key');
    const theirs = await post(sibling, 'shared-key');
    const strangers = await post(stranger, 'shared-key', sampleEvent({ title: 'Stranger Summit' }));
    for (const r of [mine, theirs, strangers]) {
      expect(r.statusCode, r.body).toBe(202);
      expect(r.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(new Set([mine, theirs, strangers].map((r) => (r.json() as { id: string }).id)).size).toBe(3);
    expect(await creations(tenant.accountId)).toBe(before + 2);
    expect(await creations(other.accountId)).toBe(1);
    // Each replays its own answer; another account's body is no 422 for this one.
    expect(answer(await post(sibling, 'shared-key'))).toEqual(answer(theirs));
    expect(answer(await post(stranger, 'shared-key', sampleEvent({ title: 'Stranger Summit' })))).toEqual(answer(strangers));
  });

  it('saves a 4xx the operation answered and replays it; a request refused by validation saves nothing', async () => {
    const missing = '/ea/events/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/copy';
    const first = await api('POST', missing, {}, { 'idempotency-key': 'copy-missing' });
    expect(first.statusCode, first.body).toBe(404);
    const again = await api('POST', missing, {}, { 'idempotency-key': 'copy-missing' });
    expect(answer(again)).toEqual(answer(first));
    expect(again.headers['idempotent-replayed']).toBe('true');

    const invalid = await post(api, 'fix-and-retry', { title: 'No dates' });
    expect(invalid.statusCode).toBe(400);
    const fixed = await post(api, 'fix-and-retry');
    expect(fixed.statusCode, fixed.body).toBe(202);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });

  it('replays a PUT: the second identical update answers the first one\'s body, even after another change', async () => {
    const event = await t.services.events.createNow(tenant.accountId, 'test', sampleEvent({ title: 'Before' }));
    const first = await api('PUT', `/ea/events/${event.id}`, sampleEvent({ title: 'After' }), { 'idempotency-key': 'rename' });
    expect(first.statusCode, first.body).toBe(200);
    expect(await api('PUT', `/ea/events/${event.id}`, sampleEvent({ title: 'Later' }))).toMatchObject({ statusCode: 200 });
    const again = await api('PUT', `/ea/events/${event.id}`, sampleEvent({ title: 'After' }), { 'idempotency-key': 'rename' });
    expect(answer(again)).toEqual(answer(first));
    expect(again.headers['idempotent-replayed']).toBe('true');
    // The replay changed nothing: the later title stays.
    expect((await api('GET', `/ea/events/${event.id}`)).json()).toMatchObject({ title: 'Later' });
  });

  it('binds a multipart upload\'s key to its length (the boundary may change on a retry): a retry replays, another size is a 422', async () => {
    const token = await tokenFor(t.app, tenant);
    const upload = (bytes: Buffer, boundary: string) => {
      const body = fileForm('pixel.png', bytes, 'image/png');
      const rebound = Buffer.from(body.payload.toString('latin1').split(body.headers['content-type']?.split('boundary=')[1] ?? '').join(boundary), 'latin1');
      return t.app.inject({
        method: 'POST', url: '/ea/files', payload: rebound,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}`, 'idempotency-key': 'upload-1' },
      });
    };
    const first = await upload(png(4, 3), '----boundaryAAAAAAAA');
    expect(first.statusCode, first.body).toBe(201);
    const retry = await upload(png(4, 3), '----boundaryBBBBBBBB');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect((retry.json() as { id: string }).id).toBe((first.json() as { id: string }).id);
    const bigger = await upload(png(40, 30), '----boundaryCCCCCCCC');
    expect(bigger.statusCode, bigger.body).toBe(422);
  });

  it('ignores the header on lists read with POST .../filter (they change nothing): nothing is saved or replayed', async () => {
    const before = await keys(tenant.accountId);
    const a = await api('POST', '/ea/events/filter', { filter: "title eq 'Before'" }, { 'idempotency-key': 'list' });
    const b = await api('POST', '/ea/events/filter', { filter: "title eq 'Idempotent Summit'" }, { 'idempotency-key': 'list' });
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.body).not.toEqual(a.body);
    expect(await keys(tenant.accountId)).toBe(before);
  });

  it('deletes the saved answers that mention a contact when the contact is obfuscated, and keeps the others', async () => {
    const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');
    const saved = async (key: string) => (await t.db.handle.db.selectFrom('idempotency_keys').select('id')
      .where('account_id', '=', tenant.accountId).where('key_hash', '=', hashOf(key)).execute()).length;
    const created = await api('POST', '/ea/contacts', [{ firstName: 'Erin', lastName: 'Erasable', email: 'erin.erasable@example.test' }], { 'idempotency-key': 'erin' });
    expect(created.statusCode, created.body).toBeLessThan(300);
    expect(created.body).toContain('erin.erasable@example.test');
    const contactId = (created.json() as Array<{ data?: { id?: string } }>)[0]?.data?.id ?? '';
    expect((await post(api, 'unrelated')).statusCode).toBe(202);
    expect(await saved('erin')).toBe(1);
    expect(await saved('unrelated')).toBe(1);
    await t.services.obfuscation.obfuscateNow(tenant.accountId, contactId);
    expect(await saved('erin')).toBe(0);
    expect(await saved('unrelated')).toBe(1);
  });

  it('lets requests without the header run every time', async () => {
    const before = await creations(tenant.accountId);
    expect((await post(api, undefined)).statusCode).toBe(202);
    expect((await post(api, undefined)).statusCode).toBe(202);
    expect(await creations(tenant.accountId)).toBe(before + 2);
  });

  it('makes a duplicate of a request still running wait for its answer, or answer 409 with Retry-After once the wait is over', async () => {
    const body = JSON.stringify(sampleEvent({ title: 'Running Summit' }));
    const digest = createHash('sha256').update(body).digest('hex');
    const fingerprint = canonicalFingerprint('POST', '/ea/events/async', '', digest);
    const request = { accountId: tenant.accountId, clientId: tenant.clientId, method: 'POST', path: '/ea/events/async', fingerprint };
    // Another process holds the key: its request is running.
    const claim = await t.services.idempotency.begin({ ...request, key: 'running-key' });
    expect(claim.outcome).toBe('claimed');
    if (claim.outcome !== 'claimed') return;

    const impatient = await buildApp(t.config, { db: t.db.handle, logger: false, worker: false, idempotencyWaitMs: 100 });
    try {
      await impatient.app.ready();
      const token = await tokenFor(impatient.app, tenant);
      const busy = await impatient.app.inject({
        method: 'POST', url: '/ea/events/async', payload: body,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': 'running-key' },
      });
      expect(busy.statusCode, busy.body).toBe(409);
      expect(busy.headers['retry-after']).toBe('1');
      expect(busy.json()).toMatchObject({ code: 409, target: 'Idempotency-Key' });
    } finally {
      await impatient.app.close();
    }

    // A patient duplicate (10 s) gets the first request's answer once it is saved.
    const waiting = api('POST', '/ea/events/async', JSON.parse(body), { 'idempotency-key': 'running-key' });
    await new Promise((r) => setTimeout(r, 200));
    const saved = { status: 202, headers: { 'content-type': 'application/json; charset=utf-8', location: '/ea/events/async/first/status' }, body: '{"id":"first","status":"Processing"}' };
    await t.services.idempotency.complete(tenant.accountId, claim.claimId, saved);
    const replayed = await waiting;
    expect(replayed.statusCode).toBe(202);
    expect(replayed.body).toBe(saved.body);
    expect(replayed.headers['location']).toBe(saved.headers.location);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
  }, 30_000);

  it('gives a released key (a 5xx answer is not saved) to the next request with it', async () => {
    const request = { accountId: tenant.accountId, clientId: tenant.clientId, key: 'released', method: 'POST', path: '/ea/events/async', fingerprint: 'f' };
    const first = await t.services.idempotency.begin(request);
    expect(first.outcome).toBe('claimed');
    if (first.outcome === 'claimed') await t.services.idempotency.release(tenant.accountId, first.claimId);
    expect((await t.services.idempotency.begin(request, 0)).outcome).toBe('claimed');
  });

  it('declares the header on the POST and PUT operations of the OpenAPI document, not on GETs or the token endpoint', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { parameters?: Array<{ $ref?: string }> }>>; components: { parameters: Record<string, { name: string; in: string }> } };
    expect(doc.components.parameters['IdempotencyKey']).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
    const refs = (path: string, method: string) => (doc.paths[path]?.[method]?.parameters ?? []).filter((p) => p.$ref === '#/components/parameters/IdempotencyKey').length;
    expect(refs('/ea/events/async', 'post')).toBe(1);
    expect(refs('/ea/contacts', 'post')).toBe(1);
    expect(refs('/ea/events', 'get')).toBe(0);
    expect(refs('/ea/oauth2/token', 'post')).toBe(0);
    // Every PUT outside SCIM (whose identity providers speak RFC 7644, not this header) and the developer portal (a
    // signed-in person's session, not an application: docs/idempotency.md) takes it.
    const puts = Object.entries(doc.paths).filter(([path, item]) => item['put'] !== undefined && !path.startsWith('/ea/scim/') && !path.startsWith('/portal/'));
    expect(puts.length).toBeGreaterThan(10);
    expect(puts.filter(([path]) => refs(path, 'put') !== 1).map(([path]) => path)).toEqual([]);
    expect(refs('/ea/scim/v2/Users', 'post')).toBe(0);
    expect(refs('/ea/events/filter', 'post')).toBe(0);
  });

  it('forgets keys after 24 hours: the hourly job purges them and the key runs a new request', async () => {
    expect(Object.keys(t.services.jobHandlers)).toContain(PURGE_JOB);
    const first = await post(api, 'day-old');
    expect(first.statusCode).toBe(202);
    expect(await keys(tenant.accountId)).toBeGreaterThan(0);
    offsetMs = 25 * 60 * 60 * 1000;
    try {
      const fresh = apiClient(t.app, await tokenFor(t.app, tenant));
      const later = await post(fresh, 'day-old');
      expect(later.statusCode).toBe(202);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
      expect(later.json()).not.toEqual(first.json());
      expect(await t.services.idempotency.purgeExpired()).toBeGreaterThan(0);
      expect(await keys(tenant.accountId)).toBe(1); // the new claim of 'day-old' only
    } finally {
      offsetMs = 0;
    }
  });
});
