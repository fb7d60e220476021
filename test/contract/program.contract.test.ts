import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { pdf, uploadFile } from '../helpers/files.js';
import { fixtureEvent, fixtureSession } from '../helpers/webcast-fixtures.js';
import { describeContract, expectReferenceAnswer, referenceOperation } from './reference.js';

// The program of an event (issue 29) as eventline really answers it: session locations and categories, session
// segments, program items with their documents and speakers, session documents; success and error statuses
// validated against the reference's response schemas (DESIGN rule 2). Extensions have no reference schema: the API
// test covers them.
describeContract('contract: the program (Sessions and Speakers operations) matches the reference', () => {
  let t: TestApp;
  let token: string;
  let api: Api;
  let anonymous: Api;
  let narrow: Api;
  let otherApi: Api;
  let event: string;
  let session: string;
  let item: string;
  let speaker: string;
  let doc: string;
  let accountId: string;
  const MISSING = '0190a1b2-0000-7000-8000-000000000000';
  let SEGMENT: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'eventline-program-contract-'));

  const expectOk = expectReferenceAnswer;
  const expectError = expectReferenceAnswer;
  const f = (filter: string) => `filter=${encodeURIComponent(filter)}`;

  beforeAll(async () => {
    t = await startTestApp({ env: { DATA_DIR: dataDir, RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
    const tenant = await createTenant(t.services);
    accountId = tenant.accountId;
    token = await tokenFor(t.app, tenant);
    api = apiClient(t.app, token);
    anonymous = apiClient(t.app, undefined);
    narrow = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
    event = await fixtureEvent(t.services, tenant.accountId);
    session = await fixtureSession(t.db.handle.db, tenant.accountId, event);
    doc = await uploadFile(t.app, token, 'agenda.pdf', pdf());
    SEGMENT = ((await api('POST', '/ea/audience-segments', { event: { id: event }, name: 'Members' })).json() as { id: string }).id;
    speaker = ((await api('POST', '/ea/speakers', { event: { id: event }, firstName: 'Ana', lastName: 'Okafor' })).json() as { id: string }).id;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('declares the reference scopes', () => {
    expect(referenceOperation('GET', '/events/{id}/session-locations')).toEqual({ operationId: 'getSessionLocation', scopes: ['event/sessions:read'] });
    expect(referenceOperation('POST', '/session-categories')).toEqual({ operationId: 'createSessionCategory', scopes: ['event/session-categories:write'] });
    expect(referenceOperation('GET', '/session-segments')).toEqual({ operationId: 'GetSessionSegments', scopes: ['event/session-segments:read'] });
    expect(referenceOperation('DELETE', '/program-items/{programItemId}')).toEqual({ operationId: 'deleteProgramItem', scopes: ['event/program-items:delete'] });
    expect(referenceOperation('PUT', '/program-items/{programItemId}/speakers/{id}')).toEqual({ operationId: 'createSessionProgramSpeaker', scopes: ['event/program-items:write'] });
  });

  it('session locations: POST 201, 400, 401, 403, 404; GET 200, 404', async () => {
    const path = '/events/{id}/session-locations';
    expectOk('POST', path, 201, await api('POST', `/ea/events/${event}/session-locations`, { code: 'HA', name: 'Hall A' }));
    expectError('POST', path, 400, await api('POST', `/ea/events/${event}/session-locations`, { code: 'x'.repeat(31), name: 'X' }));
    expectError('POST', path, 401, await anonymous('POST', `/ea/events/${event}/session-locations`, { code: 'A', name: 'A' }));
    expectError('POST', path, 403, await narrow('POST', `/ea/events/${event}/session-locations`, { code: 'A', name: 'A' }));
    expectError('POST', path, 404, await otherApi('POST', `/ea/events/${event}/session-locations`, { code: 'A', name: 'A' }));
    const page = expectOk('GET', path, 200, await api('GET', `/ea/events/${event}/session-locations?limit=1`)) as { data: unknown[] };
    expect(page.data).toHaveLength(1);
    expectError('GET', path, 404, await api('GET', `/ea/events/${MISSING}/session-locations`));
    expectError('GET', path, 400, await api('GET', `/ea/events/${event}/session-locations?limit=0`));
  });

  it('session categories: POST 201, 400, 403; GET 200, 400', async () => {
    expectOk('POST', '/session-categories', 201, await api('POST', '/ea/session-categories', { name: 'Keynotes', description: 'Main stage' }));
    expectError('POST', '/session-categories', 400, await api('POST', '/ea/session-categories', { name: 'x'.repeat(101) }));
    expectError('POST', '/session-categories', 403, await narrow('POST', '/ea/session-categories', { name: 'A' }));
    expectOk('GET', '/session-categories', 200, await api('GET', '/ea/session-categories'));
    expectError('GET', '/session-categories', 400, await api('GET', '/ea/session-categories?limit=201'));
  });

  it('session segments: GET 200, 400, 401, 403', async () => {
    expect((await api('POST', '/ea/session-segments', { session: { id: session }, segment: { id: SEGMENT } })).statusCode).toBe(201);
    const page = expectOk('GET', '/session-segments', 200, await api('GET', `/ea/session-segments?${f(`session.id eq '${session}'`)}`)) as { data: unknown[] };
    expect(page.data).toHaveLength(1);
    expectError('GET', '/session-segments', 400, await api('GET', `/ea/session-segments?${f("active eq 'true'")}`));
    expectError('GET', '/session-segments', 401, await anonymous('GET', '/ea/session-segments'));
    expectError('GET', '/session-segments', 403, await narrow('GET', '/ea/session-segments'));
  });

  it('program items: POST 201, 400; GET and POST /filter 200, 400; PUT 200, 400, 404', async () => {
    const body = { event: { id: event }, session: { id: session }, name: 'Coffee break', duration: 15, description: 'Coffee', rteDescription: '{}' };
    item = (expectOk('POST', '/program-items', 201, await api('POST', '/ea/program-items', body)) as { id: string }).id;
    expectError('POST', '/program-items', 400, await api('POST', '/ea/program-items', { ...body, session: { id: MISSING } }));
    expectError('POST', '/program-items', 403, await narrow('POST', '/ea/program-items', body));
    expectOk('GET', '/program-items', 200, await api('GET', `/ea/program-items?${f(`session.id eq '${session}' and event.id eq '${event}'`)}`));
    expectError('GET', '/program-items', 400, await api('GET', `/ea/program-items?${f("name eq 'x'")}`));
    expectOk('POST', '/program-items/filter', 200, await api('POST', '/ea/program-items/filter', { filter: `id in ('${item}')` }));
    expectError('POST', '/program-items/filter', 400, await api('POST', '/ea/program-items/filter', { filter: "duration eq '1'" }));
    const one = '/program-items/{programItemId}';
    expectOk('PUT', one, 200, await api('PUT', `/ea/program-items/${item}`, { ...body, id: item, name: 'Long coffee break' }));
    expectError('PUT', one, 400, await api('PUT', `/ea/program-items/${item}`, { ...body, name: '' }));
    expectError('PUT', one, 404, await otherApi('PUT', `/ea/program-items/${item}`, body));
  });

  it('session documents: PUT 200, 404; GET one 200, 404; GET list 200, 400, 404', async () => {
    const one = '/sessions/{id}/docs/{fileId}';
    expectOk('PUT', one, 200, await api('PUT', `/ea/sessions/${session}/docs/${doc}`));
    expectError('PUT', one, 404, await api('PUT', `/ea/sessions/${session}/docs/${MISSING}`));
    expectOk('GET', one, 200, await api('GET', `/ea/sessions/${session}/docs/${doc}`));
    expectError('GET', one, 404, await otherApi('GET', `/ea/sessions/${session}/docs/${doc}`));
    expectOk('GET', '/sessions/{id}/docs', 200, await api('GET', `/ea/sessions/${session}/docs?${f(`file.id eq '${doc}'`)}`));
    expectError('GET', '/sessions/{id}/docs', 400, await api('GET', `/ea/sessions/${session}/docs?${f("name eq 'x'")}`));
    expectError('GET', '/sessions/{id}/docs', 404, await api('GET', `/ea/sessions/${MISSING}/docs`));
  });

  it('program item documents: PUT 200, 404, 409; GET 200, 404; POST /docs/filter 200, 400', async () => {
    const one = '/program-items/{programItemId}/docs/{fileId}';
    expectOk('PUT', one, 200, await api('PUT', `/ea/program-items/${item}/docs/${doc}`));
    expectError('PUT', one, 404, await api('PUT', `/ea/program-items/${MISSING}/docs/${doc}`));
    const elsewhere = await uploadFile(t.app, token, 'elsewhere.pdf', pdf());
    expect((await api('PUT', `/ea/speakers/${speaker}/docs/${elsewhere}`)).statusCode).toBe(200);
    expectError('PUT', one, 409, await api('PUT', `/ea/program-items/${item}/docs/${elsewhere}`));
    expectOk('GET', one, 200, await api('GET', `/ea/program-items/${item}/docs/${doc}`));
    expectError('GET', one, 404, await otherApi('GET', `/ea/program-items/${item}/docs/${doc}`));
    const list = expectOk('GET', '/program-items/{programItemId}/docs', 200, await api('GET', `/ea/program-items/${item}/docs`)) as { data: unknown[] };
    expect(list.data).toHaveLength(1);
    expectError('GET', '/program-items/{programItemId}/docs', 404, await api('GET', `/ea/program-items/${MISSING}/docs`));
    const filtered = expectOk('POST', '/program-items/docs/filter', 200, await api('POST', '/ea/program-items/docs/filter', { filter: `programItem.id eq '${item}'` })) as { data: unknown[] };
    expect(filtered.data).toHaveLength(1);
    expectError('POST', '/program-items/docs/filter', 400, await api('POST', '/ea/program-items/docs/filter', { filter: "file.id eq 'x'" }));
    expectOk('DELETE', one, 204, await api('DELETE', `/ea/program-items/${item}/docs/${doc}`));
    expectError('DELETE', one, 404, await api('DELETE', `/ea/program-items/${item}/docs/${doc}`));
  });

  it('program item speakers: PUT 200, 404, 409; GET one 200, 404; GET list and POST /filter 200, 400; DELETE 204, 404', async () => {
    const one = '/program-items/{programItemId}/speakers/{id}';
    expectOk('PUT', one, 200, await api('PUT', `/ea/program-items/${item}/speakers/${speaker}`));
    expectError('PUT', one, 404, await api('PUT', `/ea/program-items/${item}/speakers/${MISSING}`));
    const otherEvent = await fixtureEvent(t.services, accountId, 'Virtual', 'Other');
    const stranger = ((await api('POST', '/ea/speakers', { event: { id: otherEvent }, firstName: 'S', lastName: 'T' })).json() as { id: string }).id;
    expectError('PUT', one, 409, await api('PUT', `/ea/program-items/${item}/speakers/${stranger}`));
    expectError('PUT', one, 403, await narrow('PUT', `/ea/program-items/${item}/speakers/${speaker}`));
    expectOk('GET', one, 200, await api('GET', `/ea/program-items/${item}/speakers/${speaker}`));
    expectError('GET', one, 404, await otherApi('GET', `/ea/program-items/${item}/speakers/${speaker}`));
    const page = expectOk('GET', '/program-items/speakers', 200, await api('GET', `/ea/program-items/speakers?${f(`programItem.id eq '${item}'`)}`)) as { data: unknown[] };
    expect(page.data).toHaveLength(1);
    expectError('GET', '/program-items/speakers', 400, await api('GET', `/ea/program-items/speakers?${f(`speaker.id eq '${speaker}'`)}`));
    expectOk('POST', '/program-items/speakers/filter', 200, await api('POST', '/ea/program-items/speakers/filter', { filter: `session.id in ('${session}')` }));
    expectError('POST', '/program-items/speakers/filter', 400, await api('POST', '/ea/program-items/speakers/filter', { filter: 'nope' }));
    expectOk('DELETE', one, 204, await api('DELETE', `/ea/program-items/${item}/speakers/${speaker}`));
    expectError('DELETE', one, 404, await api('DELETE', `/ea/program-items/${item}/speakers/${speaker}`));
  });

  it('deletes: session document 204, 404; program item 204, 401, 403, 404', async () => {
    expectOk('DELETE', '/sessions/{id}/docs/{fileId}', 204, await api('DELETE', `/ea/sessions/${session}/docs/${doc}`));
    expectError('DELETE', '/sessions/{id}/docs/{fileId}', 404, await api('DELETE', `/ea/sessions/${session}/docs/${doc}`));
    const one = '/program-items/{programItemId}';
    expectError('DELETE', one, 401, await anonymous('DELETE', `/ea/program-items/${item}`));
    expectError('DELETE', one, 403, await narrow('DELETE', `/ea/program-items/${item}`));
    expectError('DELETE', one, 404, await otherApi('DELETE', `/ea/program-items/${item}`));
    expectOk('DELETE', one, 204, await api('DELETE', `/ea/program-items/${item}`));
    expectError('DELETE', one, 404, await api('DELETE', `/ea/program-items/${item}`));
  });
});
