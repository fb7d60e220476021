import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';

// Issue 32, the sourcing side: travel programs and their questions, proposals (answers kept to the program's
// questions), bids, and proposal drafts; lists with the reference's exact filters and keyset paging.

interface Page<T> { paging: { nextToken?: string; limit: number }; data: T[] }
interface ErrorBody { code: number; message: string; target?: string }
const PROPERTY = '0190a1b2-0000-7000-8000-0000000000b1';
const ROOM = '0190a1b2-0000-7000-8000-0000000000c1';

describe('travel RFPs and proposal drafts', () => {
  let t: TestApp;
  let api: Api;
  let event: string;
  let program: { id: string };
  let other: { id: string };
  let qRate: string;
  let qEmail: string;
  let qBreakfast: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
    const tenant = await createTenant(t.services);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    event = await fixtureEvent(t.services, tenant.accountId);
    program = await ok(api('POST', '/ea/travel-programs', {
      name: 'Corporate hotels 2027', contractPeriod: 2027, type: 'corporate', format: 'gbta2013', stayType: 'daily', startDate: '2027-01-01', endDate: '2027-12-31', dueDate: '2026-10-01',
      travelAccount: { id: '0190a1b2-0000-7000-8000-0000000000a1' },
    }), 201);
    other = await ok(api('POST', '/ea/travel-programs', { name: 'Leisure 2027', type: 'leisure', format: 'universal' }), 201);
    qRate = (await ok<{ id: string }>(api('POST', `/ea/travel-programs/${program.id}/questions`, { text: 'Rate includes breakfast?', required: true, responseType: 'single', responseDataType: 'boolean' }), 201)).id;
    qEmail = (await ok<{ id: string }>(api('POST', `/ea/travel-programs/${program.id}/questions`, { text: 'Sales contact email', responseType: 'single', responseDataType: 'email', responseFormat: 'lower_case' }), 201)).id;
    qBreakfast = (await ok<{ id: string }>(api('POST', `/ea/travel-programs/${program.id}/questions`, { text: 'Breakfast type', responseType: 'choice', responseDataType: 'text', responseChoices: ['Continental', 'Buffet'], section: 'program_g_and_m' }), 201)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves a program with its questions, and refuses dates out of order', async () => {
    const got = await ok<{ questions: Array<{ questionId: string; sequence: number; section: string; required: boolean }> }>(api('GET', `/ea/travel-programs/${program.id}`));
    expect(got.questions).toEqual([
      { questionId: qRate, section: 'program_client', required: true, sequence: 1 },
      { questionId: qEmail, section: 'program_client', required: false, sequence: 2 },
      { questionId: qBreakfast, section: 'program_g_and_m', required: false, sequence: 3 },
    ]);
    const bad = await ok<ErrorBody>(api('POST', '/ea/travel-programs', { name: 'X', type: 'corporate', format: 'gbta2013', startDate: '2027-05-01', endDate: '2027-01-01' }), 400);
    expect(bad.target).toBe('endDate');
    const choiceless = await ok<ErrorBody>(api('POST', `/ea/travel-programs/${program.id}/questions`, { text: 'Pick', responseType: 'choice', responseDataType: 'text' }), 400);
    expect(choiceless.target).toBe('responseChoices');
  });

  it('lists programs and questions with the reference\'s filters and paging', async () => {
    const byName = await ok<Page<{ id: string }>>(api('GET', `/ea/travel-programs?filter=${encodeURIComponent("name sw 'Corporate'")}`));
    expect(byName.data.map((p) => p.id)).toEqual([program.id]);
    const byType = await ok<Page<{ id: string }>>(api('GET', `/ea/travel-programs?filter=${encodeURIComponent("type ne 'corporate'")}`));
    expect(byType.data.map((p) => p.id)).toEqual([other.id]);
    await ok(api('GET', `/ea/travel-programs?filter=${encodeURIComponent("status eq 'complete'")}`), 400);
    const firstPage = await ok<Page<{ id: string }>>(api('GET', '/ea/travel-programs/questions?limit=2'));
    expect(firstPage.data).toHaveLength(2);
    const second = await ok<Page<{ id: string; travelProgram: { id: string } }>>(api('GET', `/ea/travel-programs/questions?token=${encodeURIComponent(firstPage.paging.nextToken as string)}`));
    expect(second.data.map((x) => x.id)).toEqual([qBreakfast]);
    expect(second.data[0]?.travelProgram.id).toBe(program.id);
    const ofProgram = await ok<Page<{ id: string }>>(api('GET', `/ea/travel-programs/${other.id}/questions`));
    expect(ofProgram.data).toEqual([]);
    await ok(api('GET', `/ea/travel-programs/${other.id}/questions/${qRate}`), 404);
    expect(await ok(api('GET', `/ea/travel-programs/${program.id}/questions/${qBreakfast}`))).toMatchObject({ responseChoices: ['Continental', 'Buffet'] });
  });

  it('keeps a proposal\'s answers to its program\'s questions (400 naming the question)', async () => {
    const base = { travelProgram: { id: program.id }, supplierProperty: { id: PROPERTY } };
    const missing = await ok<ErrorBody>(api('POST', '/ea/travel-proposals', base), 400);
    expect(missing).toMatchObject({ target: `customQuestionAnswers.${qRate}`, message: "Question 'Rate includes breakfast?' is required (send draft: true to save an incomplete proposal)" });
    const wrongType = await ok<ErrorBody>(api('POST', '/ea/travel-proposals', { ...base, customQuestionAnswers: [{ question: { id: qRate }, answer: 'maybe' }] }), 400);
    expect(wrongType.target).toBe('customQuestionAnswers[0].question.id');
    const notChoice = await ok<ErrorBody>(api('POST', '/ea/travel-proposals', { ...base, customQuestionAnswers: [{ question: { id: qRate }, answer: 'true' }, { question: { id: qBreakfast }, answer: 'Brunch' }] }), 400);
    expect(notChoice.message).toBe("Question 'Breakfast type' takes one of: Continental, Buffet");
    const unknownProgram = await ok<ErrorBody>(api('POST', '/ea/travel-proposals', { ...base, travelProgram: { id: PROPERTY } }), 400);
    expect(unknownProgram.target).toBe('travelProgram.id');
    const draft = await ok<{ draft: boolean }>(api('POST', '/ea/travel-proposals', { ...base, draft: true }), 201);
    expect(draft.draft).toBe(true);
    const proposal = await ok<{ id: string; contractPeriod: number; businessType: string; customQuestionAnswers: Array<{ answer: string }> }>(api('POST', '/ea/travel-proposals', {
      ...base, status: 'submitted', customQuestionAnswers: [{ question: { id: qRate }, answer: 'true' }, { question: { id: qEmail }, answer: 'Sales@Hotel.Example' }],
    }), 201);
    expect(proposal).toMatchObject({ contractPeriod: 2027, businessType: 'corporate', customQuestionAnswers: [{ answer: 'true' }, { answer: 'sales@hotel.example' }] });
  });

  it('adds bids to proposals and lists them by proposal', async () => {
    const proposals = await ok<Page<{ id: string; status: string }>>(api('GET', `/ea/travel-proposals?filter=${encodeURIComponent("status eq 'submitted' and travelProgram.id eq '" + program.id + "'")}`));
    expect(proposals.data).toHaveLength(1);
    const proposal = proposals.data[0] as { id: string };
    const bid = await ok<{ id: string; status: string; lra: boolean }>(api('POST', '/ea/travel-proposals/bids', {
      travelProposal: { id: proposal.id }, name: 'Standard rooms', currencyCode: 'USD', rate: { level: 'corporate', type: 'fixed' }, roomTypes: [{ propertyRoom: { id: ROOM }, allocation: 10 }],
      seasons: [{ name: 'High', startDate: '2027-06-01', endDate: '2027-08-31', rates: [{ propertyRoom: { id: ROOM }, lraSingleRate: 189.5 }] }],
    }), 201);
    expect(bid).toMatchObject({ status: 'in_progress', lra: true, stayType: 'daily' });
    const badSeason = await ok<ErrorBody>(api('POST', '/ea/travel-proposals/bids', { travelProposal: { id: proposal.id }, seasons: [{ startDate: '2027-08-01', endDate: '2027-06-01' }] }), 400);
    expect(badSeason.target).toBe('seasons[0].endDate');
    const unknown = await ok<ErrorBody>(api('POST', '/ea/travel-proposals/bids', { travelProposal: { id: PROPERTY } }), 400);
    expect(unknown.target).toBe('travelProposal.id');
    expect(await ok(api('GET', `/ea/travel-proposals/bids/${bid.id}`))).toEqual(bid);
    const byProposal = await ok<Page<{ id: string }>>(api('GET', `/ea/travel-proposals/bids?filter=${encodeURIComponent(`proposal.id eq '${proposal.id}'`)}`));
    expect(byProposal.data.map((b) => b.id)).toEqual([bid.id]);
    const recent = await ok<Page<{ id: string }>>(api('GET', `/ea/travel-proposals/bids?filter=${encodeURIComponent("proposal.created ge '2000-01-01T00:00:00Z'")}`));
    expect(recent.data.map((b) => b.id)).toEqual([bid.id]);
    expect(await ok(api('GET', `/ea/travel-proposals/${proposal.id}`))).toMatchObject({ bids: [{ id: bid.id }] });
    await ok(api('GET', `/ea/travel-proposals/bids?filter=${encodeURIComponent("name eq 'x'")}`), 400);
  });

  it('creates a proposal draft with a location, and refuses an unknown event or currency', async () => {
    const res = await api('POST', '/ea/proposal-drafts', {
      name: 'Harbor Hotel offer', currencyCode: 'EUR', eventSummary: { id: event }, proposalDates: [{ dateType: 'PREFERRED', startDate: '2027-03-01', endDate: '2027-03-03' }],
      contacts: [{ contactType: 'PRIMARY', firstName: 'Ada', lastName: 'Sales', email: 'ada.sales@hotel.example' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const draft = res.json() as { id: string; proposalCode: string; status: string; version: number };
    expect(draft).toMatchObject({ status: 'NOT_SENT', version: 1, type: 'VENUE', eventSummary: { id: event } });
    expect(draft.proposalCode).toMatch(/^P\d{6}-[A-Z0-9]{6}$/);
    expect(res.headers['location']).toMatch(new RegExp(`/ea/proposal-drafts/${draft.id}$`));
    expect(await ok(api('GET', `/ea/proposal-drafts/${draft.id}`))).toEqual(draft);
    expect((await ok<ErrorBody>(api('POST', '/ea/proposal-drafts', { eventSummary: { id: PROPERTY } }), 400)).target).toBe('eventSummary.id');
    expect((await ok<ErrorBody>(api('POST', '/ea/proposal-drafts', { currencyCode: 'XYZ' }), 400)).target).toBe('currencyCode');
    await ok(api('POST', '/ea/proposal-drafts', { meetingRoom: {} }), 400);
  });
});
