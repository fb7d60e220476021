import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { pdf, uploadFile } from '../helpers/files.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';

// Tenancy of issue 32: another account's meeting-request forms, requests, documents, travel programs, questions,
// proposals, bids and proposal drafts are 404 to every operation (not 403), its ids are unknown (400) where a body
// names them, its lists never show them, and nothing of theirs changes.
describe('tenancy: meeting requests and travel', () => {
  let t: TestApp;
  let owner: Api;
  let other: Api;
  let otherToken: string;
  let event: string;
  let form: { id: string; questions: Array<{ id: string }> };
  let request: string;
  let file: string;
  let program: string;
  let question: string;
  let proposal: string;
  let bid: string;
  let draft: string;
  const PROPERTY = '0190a1b2-0000-7000-8000-0000000000b1';

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
    const a = await createTenant(t.services);
    const b = await createTenant(t.services);
    const ownerToken = await tokenFor(t.app, a);
    owner = apiClient(t.app, ownerToken);
    otherToken = await tokenFor(t.app, b);
    other = apiClient(t.app, otherToken);
    event = await fixtureEvent(t.services, a.accountId);
    form = await ok(owner('POST', '/ea/meeting-request-forms', { name: 'Form', questions: [{ name: 'Email', type: 'Email', required: true }] }), 201);
    const created = await ok<Array<{ data: { id: string } }>>(owner('POST', `/ea/meeting-request-forms/${form.id}/requests`, [
      { name: 'Ask', event: { id: event }, questions: [{ id: form.questions[0]?.id, value: ['a@example.test'] }] },
    ]), 207);
    request = (created[0] as { data: { id: string } }).data.id;
    file = await uploadFile(t.app, ownerToken, 'brief.pdf', pdf());
    await ok(owner('POST', `/ea/meeting-requests/${request}/documents`, { file: { id: file } }), 201);
    program = (await ok<{ id: string }>(owner('POST', '/ea/travel-programs', { name: 'P', type: 'corporate', format: 'gbta2013' }), 201)).id;
    question = (await ok<{ id: string }>(owner('POST', `/ea/travel-programs/${program}/questions`, { text: 'Q', responseType: 'single', responseDataType: 'text' }), 201)).id;
    proposal = (await ok<{ id: string }>(owner('POST', '/ea/travel-proposals', { travelProgram: { id: program }, supplierProperty: { id: PROPERTY } }), 201)).id;
    bid = (await ok<{ id: string }>(owner('POST', '/ea/travel-proposals/bids', { travelProposal: { id: proposal } }), 201)).id;
    draft = (await ok<{ id: string }>(owner('POST', '/ea/proposal-drafts', { name: 'D' }), 201)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 404 to every operation on another account\'s resources', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/ea/meeting-request-forms/${form.id}`],
      ['GET', `/ea/meeting-request-forms/${form.id}/requests`],
      ['GET', `/ea/meeting-request-forms/${form.id}/requests/${request}`],
      ['POST', `/ea/meeting-request-forms/${form.id}/requests`, [{ name: 'X', questions: [] }]],
      ['PUT', `/ea/meeting-request-forms/${form.id}/requests`, [{ id: request, name: 'Taken over' }]],
      ['GET', `/ea/events/${event}/meeting-requests`],
      ['GET', `/ea/meeting-requests/${request}/documents`],
      ['POST', `/ea/meeting-requests/${request}/documents`, { file: { id: file } }],
      ['GET', `/ea/travel-programs/${program}`],
      ['GET', `/ea/travel-programs/${program}/questions`],
      ['GET', `/ea/travel-programs/${program}/questions/${question}`],
      ['POST', `/ea/travel-programs/${program}/questions`, { text: 'Q', responseType: 'single', responseDataType: 'text' }],
      ['GET', `/ea/travel-proposals/${proposal}`],
      ['GET', `/ea/travel-proposals/bids/${bid}`],
      ['GET', `/ea/proposal-drafts/${draft}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await other(method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
  });

  it('treats another account\'s ids named in a body as unknown (400), and its file as not found', async () => {
    const ownForm = await ok<{ id: string }>(other('POST', '/ea/meeting-request-forms', { name: 'Mine', questions: [] }), 201);
    const withEvent = await ok<{ target: string }>(other('POST', `/ea/meeting-request-forms/${ownForm.id}/requests`, [{ name: 'X', event: { id: event }, questions: [] }]), 400);
    expect(withEvent.target).toBe('[0].event.id');
    expect((await ok<{ target: string }>(other('POST', '/ea/travel-proposals', { travelProgram: { id: program }, supplierProperty: { id: PROPERTY } }), 400)).target).toBe('travelProgram.id');
    expect((await ok<{ target: string }>(other('POST', '/ea/travel-proposals/bids', { travelProposal: { id: proposal } }), 400)).target).toBe('travelProposal.id');
    expect((await ok<{ target: string }>(other('POST', '/ea/proposal-drafts', { eventSummary: { id: event } }), 400)).target).toBe('eventSummary.id');
    const created = await ok<Array<{ data: { id: string } }>>(other('POST', `/ea/meeting-request-forms/${ownForm.id}/requests`, [{ name: 'Y', questions: [] }]), 207);
    await ok(other('POST', `/ea/meeting-requests/${(created[0] as { data: { id: string } }).data.id}/documents`, { file: { id: file } }), 404);
  });

  it('never lists another account\'s rows, and leaves them unchanged', async () => {
    const lists = ['/ea/meeting-request-forms', '/ea/travel-programs', '/ea/travel-programs/questions', '/ea/travel-proposals', '/ea/travel-proposals/bids'];
    const mine = new Set([form.id, request, program, question, proposal, bid, draft]);
    for (const url of lists) {
      const page = await ok<{ data: Array<{ id: string }> }>(other('GET', url));
      expect(page.data.filter((r) => mine.has(r.id)), url).toEqual([]);
    }
    const still = await ok<{ name: string; questions: unknown[] }>(owner('GET', `/ea/meeting-request-forms/${form.id}/requests/${request}`));
    expect(still.name).toBe('Ask');
    expect((await ok<{ data: unknown[] }>(owner('GET', `/ea/meeting-requests/${request}/documents`))).data).toHaveLength(1);
    expect((await ok<{ questions: unknown[] }>(owner('GET', `/ea/travel-programs/${program}`))).questions).toHaveLength(1);
  });
});
