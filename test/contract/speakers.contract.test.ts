import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { pdf, png, uploadFile } from '../helpers/files.js';
import { fixtureEvent, fixtureSession } from '../helpers/webcast-fixtures.js';
import { describeContract, expectReferenceAnswer, referenceOperation } from './reference.js';

// The Speakers tag (and the Sessions tag's session speakers) as eventline really answers it, success and error
// statuses, validated against the reference's response schemas (DESIGN rule 2).
describeContract('contract: Speakers operations match the reference', () => {
  let t: TestApp;
  let token: string;
  let api: Api;
  let anonymous: Api;
  let narrow: Api;
  let otherApi: Api;
  let event: string;
  let session: string;
  let speaker: string;
  let category: string;
  let doc: string;
  let image: string;
  const MISSING = '0190a1b2-0000-7000-8000-000000000000';
  const dataDir = mkdtempSync(join(tmpdir(), 'eventline-speakers-contract-'));

  const expectOk = expectReferenceAnswer;
  const expectError = expectReferenceAnswer;
  const upload = (name: string, bytes: Buffer): Promise<string> => uploadFile(t.app, token, name, bytes);

  beforeAll(async () => {
    t = await startTestApp({ env: { DATA_DIR: dataDir }, build: { worker: false } });
    const tenant = await createTenant(t.services);
    token = await tokenFor(t.app, tenant);
    api = apiClient(t.app, token);
    anonymous = apiClient(t.app, undefined);
    narrow = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
    event = await fixtureEvent(t.services, tenant.accountId);
    session = await fixtureSession(t.db.handle.db, tenant.accountId, event);
    doc = await upload('talk.pdf', pdf());
    image = await upload('face.png', png(5, 5));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('declares the reference scopes', () => {
    expect(referenceOperation('GET', '/speakers')).toEqual({ operationId: 'listSpeakers', scopes: ['event/speakers:read'] });
    expect(referenceOperation('POST', '/speaker-categories')).toEqual({ operationId: 'addSpeakerCategory', scopes: ['event/speaker-categories:write'] });
    expect(referenceOperation('DELETE', '/speakers/{id}')).toEqual({ operationId: 'deleteSpeaker', scopes: ['event/speakers:delete'] });
    expect(referenceOperation('PUT', '/sessions/{id}/speakers/{speakerId}')).toEqual({ operationId: 'addSpeakerToSession', scopes: ['event/sessions:write'] });
  });

  it('POST /speaker-categories 201, 400, 401, 403; GET /speaker-categories 200, 400', async () => {
    category = (expectOk('POST', '/speaker-categories', 201, await api('POST', '/ea/speaker-categories', { name: 'Keynotes' })) as { id: string }).id;
    expectError('POST', '/speaker-categories', 400, await api('POST', '/ea/speaker-categories', { name: 'x'.repeat(51) }));
    expectError('POST', '/speaker-categories', 401, await anonymous('POST', '/ea/speaker-categories', { name: 'A' }));
    expectError('POST', '/speaker-categories', 403, await narrow('POST', '/ea/speaker-categories', { name: 'A' }));
    expectOk('GET', '/speaker-categories', 200, await api('GET', `/ea/speaker-categories?filter=${encodeURIComponent("active eq 'true'")}`));
    expectError('GET', '/speaker-categories', 400, await api('GET', `/ea/speaker-categories?filter=${encodeURIComponent("name eq 'x'")}`));
  });

  it('POST /speakers 201, 400, 401, 403', async () => {
    const body = {
      event: { id: event }, firstName: 'Barbra', lastName: 'Smith', email: 'barbra@example.test', prefix: 'Dr.', company: 'Acme', title: 'Engineer',
      category: { id: category }, links: { linkedInUrl: { href: 'https://linkedin.example/barbra' } }, biography: 'Speaks.', featured: true,
    };
    speaker = (expectOk('POST', '/speakers', 201, await api('POST', '/ea/speakers', body)) as { id: string }).id;
    expectError('POST', '/speakers', 400, await api('POST', '/ea/speakers', { event: { id: event }, firstName: 'NoLast' }));
    expectError('POST', '/speakers', 401, await anonymous('POST', '/ea/speakers', body));
    expectError('POST', '/speakers', 403, await narrow('POST', '/ea/speakers', body));
  });

  it('GET /speakers and POST /speakers/filter 200, 400, 401, 403', async () => {
    expectOk('GET', '/speakers', 200, await api('GET', `/ea/speakers?filter=${encodeURIComponent(`event.id eq '${event}' and lastName match 'smith'`)}&sort=lastName:ASC`));
    expectOk('GET', '/speakers', 200, await otherApi('GET', '/ea/speakers'));
    expectError('GET', '/speakers', 400, await api('GET', `/ea/speakers?filter=${encodeURIComponent("nope eq 'x'")}`));
    expectError('GET', '/speakers', 400, await api('GET', '/ea/speakers?sort=biography:ASC'));
    expectError('GET', '/speakers', 401, await anonymous('GET', '/ea/speakers'));
    expectError('GET', '/speakers', 403, await narrow('GET', '/ea/speakers'));
    expectOk('POST', '/speakers/filter', 200, await api('POST', '/ea/speakers/filter', { filter: `category.id eq '${category}'` }));
    expectError('POST', '/speakers/filter', 400, await api('POST', '/ea/speakers/filter', { filter: "company match 'x'" }));
  });

  it('PUT /speakers/{id} 200, 400, 404', async () => {
    const path = '/speakers/{id}';
    const body = { event: { id: event }, firstName: 'Barbra', lastName: 'Smythe', category: { id: category } };
    expectOk('PUT', path, 200, await api('PUT', `/ea/speakers/${speaker}`, body));
    expectError('PUT', path, 400, await api('PUT', `/ea/speakers/${speaker}`, { ...body, email: 'bad' }));
    expectError('PUT', path, 404, await api('PUT', `/ea/speakers/${MISSING}`, body));
    expectError('PUT', path, 404, await otherApi('PUT', `/ea/speakers/${speaker}`, body));
  });

  it('documents: PUT, GET one, GET list, DELETE, with 404s', async () => {
    const one = '/speakers/{id}/docs/{fileId}';
    expectOk('PUT', one, 200, await api('PUT', `/ea/speakers/${speaker}/docs/${doc}`));
    expectError('PUT', one, 404, await api('PUT', `/ea/speakers/${speaker}/docs/${MISSING}`));
    expectOk('GET', one, 200, await api('GET', `/ea/speakers/${speaker}/docs/${doc}`));
    expectError('GET', one, 404, await otherApi('GET', `/ea/speakers/${speaker}/docs/${doc}`));
    const page = expectOk('GET', '/speakers/{id}/docs', 200, await api('GET', `/ea/speakers/${speaker}/docs`)) as { data: unknown[] };
    expect(page.data).toHaveLength(1);
    expectError('GET', '/speakers/{id}/docs', 400, await api('GET', `/ea/speakers/${speaker}/docs?filter=${encodeURIComponent("name eq 'x'")}`));
    expectError('GET', '/speakers/{id}/docs', 404, await api('GET', `/ea/speakers/${MISSING}/docs`));
    expectOk('DELETE', one, 204, await api('DELETE', `/ea/speakers/${speaker}/docs/${doc}`));
    expectError('DELETE', one, 404, await api('DELETE', `/ea/speakers/${speaker}/docs/${doc}`));
  });

  it('profile image: PUT 200, 400, 404; the speaker carries its URL; DELETE 204, 404', async () => {
    const path = '/speakers/{id}/profile-images';
    expectOk('PUT', path, 200, await api('PUT', `/ea/speakers/${speaker}/profile-images`, { file: { id: image } }));
    expectError('PUT', path, 400, await api('PUT', `/ea/speakers/${speaker}/profile-images`, { file: { id: 'nope' } }));
    expectError('PUT', path, 404, await api('PUT', `/ea/speakers/${MISSING}/profile-images`, { file: { id: image } }));
    const page = expectOk('GET', '/speakers', 200, await api('GET', `/ea/speakers?filter=${encodeURIComponent(`id eq '${speaker}'`)}`)) as { data: Array<{ links: { profilePicture?: unknown } }> };
    expect(page.data[0]?.links.profilePicture).toBeDefined();
    expectOk('DELETE', path, 204, await api('DELETE', `/ea/speakers/${speaker}/profile-images`));
    expectError('DELETE', path, 404, await api('DELETE', `/ea/speakers/${speaker}/profile-images`));
  });

  it('session speakers: PUT 204, 400, 404; both lists 200, 404; DELETE 204, 404', async () => {
    const link = '/sessions/{id}/speakers/{speakerId}';
    expectOk('PUT', link, 204, await api('PUT', `/ea/sessions/${session}/speakers/${speaker}`, { speakerCategory: { id: category }, order: 1 }));
    expectError('PUT', link, 400, await api('PUT', `/ea/sessions/${session}/speakers/${speaker}`, { order: 0 }));
    expectError('PUT', link, 404, await api('PUT', `/ea/sessions/${MISSING}/speakers/${speaker}`));
    expectError('PUT', link, 403, await narrow('PUT', `/ea/sessions/${session}/speakers/${speaker}`));
    const ofSession = expectOk('GET', '/sessions/{id}/speakers', 200, await api('GET', `/ea/sessions/${session}/speakers`)) as { data: unknown[] };
    expect(ofSession.data).toHaveLength(1);
    expectError('GET', '/sessions/{id}/speakers', 404, await otherApi('GET', `/ea/sessions/${session}/speakers`));
    const ofSpeaker = expectOk('GET', '/speakers/{id}/sessions', 200, await api('GET', `/ea/speakers/${speaker}/sessions`)) as { data: unknown[] };
    expect(ofSpeaker.data).toHaveLength(1);
    expectError('GET', '/speakers/{id}/sessions', 404, await api('GET', `/ea/speakers/${MISSING}/sessions`));
    expectOk('DELETE', link, 204, await api('DELETE', `/ea/sessions/${session}/speakers/${speaker}`));
    expectError('DELETE', link, 404, await api('DELETE', `/ea/sessions/${session}/speakers/${speaker}`));
  });

  it('DELETE /speakers/{id} 204, 401, 403, 404', async () => {
    expectError('DELETE', '/speakers/{id}', 401, await anonymous('DELETE', `/ea/speakers/${speaker}`));
    expectError('DELETE', '/speakers/{id}', 403, await narrow('DELETE', `/ea/speakers/${speaker}`));
    expectError('DELETE', '/speakers/{id}', 404, await otherApi('DELETE', `/ea/speakers/${speaker}`));
    expectOk('DELETE', '/speakers/{id}', 204, await api('DELETE', `/ea/speakers/${speaker}`));
    expectError('DELETE', '/speakers/{id}', 404, await api('DELETE', `/ea/speakers/${speaker}`));
  });
});
