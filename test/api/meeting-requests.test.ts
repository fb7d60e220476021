import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { pdf, uploadFile } from '../helpers/files.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';

// Issue 32, the Meeting Request tag: forms (an extension) with their questions and status workflow, requests that keep
// their form's rules (required answers, choices, types: 4xx naming the question, nothing stored), statuses that move
// only along the form's transitions, a request's event, and its documents.

interface Form { id: string; statuses: string[]; statusTransitions: Record<string, string[]>; questions: Array<{ id: string; name: string; value: string[] }> }
interface Request { id: string; status: string; code: string; questions: Array<{ id: string; name: string; type: string; value: string[] }>; sourceId?: string; event?: { id: string } }
interface Page<T> { paging: { nextToken?: string; totalCount?: number; limit: number }; data: T[] }
interface ErrorBody { code: number; message: string; target?: string; details?: Array<{ code: number; message: string; target?: string }> }
const MEETING_ROOMS = '9a224e41-58d9-43a2-ae59-6d1aa16442ce';

describe('meeting requests', () => {
  let t: TestApp;
  let token: string;
  let api: Api;
  let form: Form;
  let q: Record<'requester' | 'email' | 'attendees' | 'type' | 'tracks' | 'date', string>;
  let event: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'eventline-meeting-requests-'));
  const count = async (): Promise<number> => {
    const db = t.services.db.db;
    const r = await db.selectFrom('meeting_requests').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const a = await db.selectFrom('meeting_request_answers').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(r.n) * 1000 + Number(a.n);
  };
  const answers = (over: Record<string, string[]> = {}) => Object.entries({
    [q.requester]: ['Robin Requester'], [q.email]: ['robin@example.test'], [q.attendees]: ['120'], [q.type]: ['Sales kickoff'], ...over,
  }).map(([id, value]) => ({ id, value }));
  const post = (body: unknown, query = '') => api('POST', `/ea/meeting-request-forms/${form.id}/requests${query}`, body);
  const put = (body: unknown) => api('PUT', `/ea/meeting-request-forms/${form.id}/requests`, body);

  beforeAll(async () => {
    t = await startTestApp({ env: { DATA_DIR: dataDir, RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
    const tenant = await createTenant(t.services);
    token = await tokenFor(t.app, tenant);
    api = apiClient(t.app, token);
    event = await fixtureEvent(t.services, tenant.accountId);
    form = await ok<Form>(api('POST', '/ea/meeting-request-forms', {
      name: 'Sales meetings',
      questions: [
        { name: 'Requester name', type: 'FreeText', required: true, maxLength: 100 },
        { name: 'Requester email', type: 'Email', required: true },
        { name: 'Expected attendees', type: 'Number', required: true },
        { name: 'Meeting type', type: 'SingleSelect', required: true, value: ['Sales kickoff', 'Customer summit', 'Training'], answerTypes: ['Other'] },
        { name: 'Tracks', type: 'MultiSelect', value: ['Product', 'Sales', 'Partners'], minChoice: 1, maxChoice: 2 },
        { name: 'Preferred date', type: 'Date', minDate: '2027-01-01', maxDate: '2027-12-31' },
      ],
    }), 201);
    const [requester, email, attendees, type, tracks, date] = form.questions.map((x) => x.id) as [string, string, string, string, string, string];
    q = { requester, email, attendees, type, tracks, date };
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates a form with the default statuses and their moves', async () => {
    expect(form.statuses).toEqual(['Submitted', 'In Review', 'Approved', 'Declined']);
    expect(form.statusTransitions).toEqual({ Submitted: ['In Review', 'Approved', 'Declined'], 'In Review': ['Approved', 'Declined'], Approved: [], Declined: [] });
    expect(form.questions.find((x) => x.name === 'Meeting type')?.value).toEqual(['Sales kickoff', 'Customer summit', 'Training']);
    expect(await ok(api('GET', `/ea/meeting-request-forms/${form.id}`))).toEqual(form);
  });

  it('refuses a form whose select question has no choices, or whose moves name unknown statuses', async () => {
    const noChoices = await ok<ErrorBody>(api('POST', '/ea/meeting-request-forms', { name: 'X', questions: [{ name: 'Pick', type: 'SingleSelect' }] }), 400);
    expect(noChoices.target).toBe('questions[0].value');
    const badMove = await ok<ErrorBody>(api('POST', '/ea/meeting-request-forms', { name: 'X', statuses: ['New', 'Done'], statusTransitions: { New: ['Closed'] }, questions: [] }), 400);
    expect(badMove).toMatchObject({ target: 'statusTransitions.New', message: "'Closed' is not one of the form's statuses" });
  });

  it('returns 400 naming the question when a required answer is missing, and stores nothing', async () => {
    const before = await count();
    const res = await ok<ErrorBody>(post([{ name: 'Q3 kickoff', questions: answers({ [q.email]: [] }) }]), 400);
    expect(res.target).toBe(`[0].questions.${q.email}`);
    expect(res.message).toBe("Question 'Requester email' is required");
    expect(await count()).toBe(before);
  });

  it('stores nothing of a batch when one item breaks the form\'s rules, and names every problem', async () => {
    const before = await count();
    const res = await ok<ErrorBody>(post([
      { name: 'Fine', questions: answers() },
      { name: 'Bad', questions: answers({ [q.type]: ['Hackathon'], [q.attendees]: ['lots'], [q.date]: ['2026-05-01'], [q.tracks]: ['Product', 'Sales', 'Partners'] }) },
    ]), 400);
    expect(res.details?.map((d) => d.target).sort()).toEqual([`[1].questions.${q.attendees}`, `[1].questions.${q.date}`, `[1].questions.${q.tracks}`, `[1].questions.${q.type}`].sort());
    expect(res.details?.find((d) => d.target?.endsWith(q.type))?.message).toBe("Question 'Meeting type' 'Hackathon' is not one of its choices (Sales kickoff, Customer summit, Training)");
    expect(res.details?.find((d) => d.target?.endsWith(q.tracks))?.message).toBe("Question 'Tracks' takes at most 2 choices");
    expect(await count()).toBe(before);
  });

  it('checks types: email, a question not of the form, an unknown answerType', async () => {
    const email = await ok<ErrorBody>(post([{ name: 'X', questions: answers({ [q.email]: ['not-an-email'] }) }]), 400);
    expect(email).toMatchObject({ target: `[0].questions.${q.email}`, message: "Question 'Requester email' 'not-an-email' is not an email address" });
    const foreign = '0190a1b2-0000-7000-8000-00000000f00d';
    const stranger = await ok<ErrorBody>(post([{ name: 'X', questions: [...answers(), { id: foreign, value: ['x'] }] }]), 400);
    expect(stranger.target).toBe(`[0].questions.${foreign}`);
    const na = await ok<ErrorBody>(post([{ name: 'X', questions: answers({ [q.requester]: [] }).map((a) => (a.id === q.requester ? { ...a, answerType: 'NA' } : a)) }]), 400);
    expect(na).toMatchObject({ target: `[0].questions.${q.requester}`, message: "Question 'Requester name' takes no answerType" });
  });

  it('skips only the required check with skipRequiredQuestionValidation', async () => {
    const partial = await ok<Array<{ status: number; data: Request }>>(post([{ name: 'Draft ask', questions: [{ id: q.requester, value: ['Sam'] }] }], '?skipRequiredQuestionValidation=true'), 207);
    expect(partial[0]?.status).toBe(201);
    await ok(post([{ name: 'Draft ask', questions: [{ id: q.email, value: ['nope'] }] }], '?skipRequiredQuestionValidation=true'), 400);
  });

  it('creates requests (207, one result per item) that start in the first status, with answers and a well-known complex question', async () => {
    const res = await ok<Array<{ status: number; message: string; data: Request }>>(post([
      { name: 'EMEA kickoff', sourceId: 'crm-1', event: { id: event }, questions: [...answers({ [q.tracks]: ['Sales', 'Partners'] }), { id: MEETING_ROOMS, value: [JSON.stringify({ date: '2027-03-01', numberOfPeople: 120 })] }] },
      { name: 'Partner summit', questions: answers({ [q.type]: [] }).map((a) => (a.id === q.type ? { ...a, answerType: 'Other', secondaryValue: 'Partner summit' } : a)) },
    ]), 207);
    expect(res.map((r) => r.status)).toEqual([201, 201]);
    const first = res[0]?.data as Request;
    expect(first).toMatchObject({ status: 'Submitted', sourceId: 'crm-1', event: { id: event }, meetingRequestForm: { id: form.id, name: 'Sales meetings' } });
    expect(first.code).toMatch(/^[A-Z0-9]{11}$/);
    expect(first.questions.find((x) => x.id === q.tracks)).toMatchObject({ name: 'Tracks', type: 'MultiSelect', value: ['Sales', 'Partners'] });
    expect(first.questions.find((x) => x.id === MEETING_ROOMS)).toMatchObject({ name: 'Meeting Room Requirements', type: 'MeetingRoomRequirements' });
    expect(await ok(api('GET', `/ea/meeting-request-forms/${form.id}/requests/${first.id}`))).toEqual(first);
    expect(await ok(api('GET', `/ea/events/${event}/meeting-requests`))).toEqual(first);
  });

  it('refuses a taken sourceId or event (409) and a start in another status', async () => {
    const dup = await ok<ErrorBody>(post([{ name: 'Again', sourceId: 'crm-1', questions: answers() }]), 409);
    expect(dup.target).toBe('[0].sourceId');
    const taken = await ok<ErrorBody>(post([{ name: 'Again', event: { id: event }, questions: answers() }]), 409);
    expect(taken.target).toBe('[0].event.id');
    const skip = await ok<ErrorBody>(post([{ name: 'Jump', status: 'Approved', questions: answers() }]), 409);
    expect(skip.target).toBe('[0].status');
    const bad = await ok<ErrorBody>(post([{ name: 'Jump', status: 'Shipped', questions: answers() }]), 400);
    expect(bad.target).toBe('[0].status');
  });

  it('moves a status only along the form\'s transitions (409 naming both statuses), and keeps the form\'s rules on update', async () => {
    const [created] = await ok<Array<{ data: Request }>>(post([{ name: 'Moves', questions: answers() }]), 207);
    const id = (created as { data: Request }).data.id;
    const review = await ok<Array<{ status: number; data: Request }>>(put([{ id, status: 'In Review', statusNote: 'Checking budget' }]), 207);
    expect(review[0]).toMatchObject({ status: 200, data: { status: 'In Review', statusNote: 'Checking budget' } });
    const approved = await ok<Array<{ data: Request }>>(put([{ id, status: 'Approved' }]), 207);
    expect(approved[0]?.data.status).toBe('Approved');
    const back = await ok<ErrorBody>(put([{ id, status: 'Submitted' }]), 409);
    expect(back).toMatchObject({ target: '[0].status', message: "A meeting request in status 'Approved' cannot move to 'Submitted' ('Approved' is final)" });
    const cleared = await ok<ErrorBody>(put([{ id, questions: [{ id: q.email, value: [] }] }]), 400);
    expect(cleared.target).toBe(`[0].questions.${q.email}`);
    const stored = await ok<Request>(api('GET', `/ea/meeting-request-forms/${form.id}/requests/${id}`));
    expect(stored.status).toBe('Approved');
    expect(stored.questions.find((x) => x.id === q.email)?.value).toEqual(['robin@example.test']);
    const updated = await ok<Array<{ data: Request }>>(put([{ id, questions: [{ id: q.attendees, value: ['150'] }] }]), 207);
    expect(updated[0]?.data.questions.find((x) => x.id === q.attendees)?.value).toEqual(['150']);
    await ok(put([{ id: '0190a1b2-0000-7000-8000-00000000dead', name: 'x' }]), 404);
  });

  it('applies one of two concurrent moves out of a status, and one of two concurrent creations with a sourceId', async () => {
    const [created] = await ok<Array<{ data: Request }>>(post([{ name: 'Race', questions: answers() }]), 207);
    const id = (created as { data: Request }).data.id;
    // Approved and Declined are both final: whichever move lands first, the other starts from it and is refused.
    const moves = await Promise.all([put([{ id, status: 'Approved' }]), put([{ id, status: 'Declined' }])]);
    expect(moves.map((r) => r.statusCode).sort()).toEqual([207, 409]);
    const winner = (moves.find((r) => r.statusCode === 207)?.json() as Array<{ data: Request }>)[0]?.data.status;
    expect((await ok<Request>(api('GET', `/ea/meeting-request-forms/${form.id}/requests/${id}`))).status).toBe(winner);
    const creations = await Promise.all([1, 2].map((n) => post([{ name: `Twin ${n}`, sourceId: 'crm-race', questions: answers() }])));
    expect(creations.map((r) => r.statusCode).sort()).toEqual([207, 409]);
    const bySource = await ok<Page<Request>>(api('GET', `/ea/meeting-request-forms/${form.id}/requests?filter=${encodeURIComponent("sourceId eq 'crm-race'")}`));
    expect(bySource.data).toHaveLength(1);
  });

  it('lists requests with the reference\'s filters and keyset paging (at most 20 a page)', async () => {
    const all = await ok<Page<Request>>(api('GET', `/ea/meeting-request-forms/${form.id}/requests?limit=2`));
    expect(all.paging.limit).toBe(2);
    expect(all.paging.nextToken).toBeDefined();
    const next = await ok<Page<Request>>(api('GET', `/ea/meeting-request-forms/${form.id}/requests?token=${encodeURIComponent(all.paging.nextToken as string)}`));
    expect(next.data.map((r) => r.id)).not.toContain(all.data[0]?.id);
    const bySource = await ok<Page<Request>>(api('GET', `/ea/meeting-request-forms/${form.id}/requests?filter=${encodeURIComponent("sourceId eq 'crm-1'")}`));
    expect(bySource.data.map((r) => r.sourceId)).toEqual(['crm-1']);
    const notSubmitted = await ok<Page<Request>>(api('GET', `/ea/meeting-request-forms/${form.id}/requests?filter=${encodeURIComponent("status ne 'Submitted'")}`));
    expect(notSubmitted.data.length).toBeGreaterThan(0);
    expect(notSubmitted.data.every((r) => r.status !== 'Submitted')).toBe(true);
    const badOp = await ok<ErrorBody>(api('GET', `/ea/meeting-request-forms/${form.id}/requests?filter=${encodeURIComponent("sourceId ne 'x'")}`), 400);
    expect(badOp.target).toBe('filter');
    await ok(api('GET', `/ea/meeting-request-forms/${form.id}/requests?limit=21`), 400);
    const forms = await ok<Page<Form>>(api('GET', `/ea/meeting-request-forms?filter=${encodeURIComponent("active eq 'true'")}`));
    expect(forms.data.map((f) => f.id)).toContain(form.id);
  });

  it('refuses new requests on an inactive form (409) but not updates', async () => {
    const inactive = await ok<Form>(api('POST', '/ea/meeting-request-forms', { name: 'Old form', active: false, questions: [] }), 201);
    await ok(api('POST', `/ea/meeting-request-forms/${inactive.id}/requests`, [{ name: 'X', questions: [] }]), 409);
    const none = await ok<Page<Form>>(api('GET', `/ea/meeting-request-forms?filter=${encodeURIComponent("active eq 'false'")}`));
    expect(none.data.map((f) => f.id)).toEqual([inactive.id]);
  });

  it('attaches documents (files from POST /files) and lists them with signed links', async () => {
    const [created] = await ok<Array<{ data: Request }>>(post([{ name: 'With agenda', questions: answers() }]), 207);
    const id = (created as { data: Request }).data.id;
    const file = await uploadFile(t.app, token, 'agenda.pdf', pdf());
    const doc = await ok<{ id: string; name: string; mimeType: string; referenceLink: { url: string } }>(api('POST', `/ea/meeting-requests/${id}/documents`, { file: { id: file } }), 201);
    expect(doc).toMatchObject({ name: 'agenda.pdf', mimeType: 'application/pdf', meetingRequest: { id } });
    const page = await ok<Page<{ id: string; referenceLink?: unknown }>>(api('GET', `/ea/meeting-requests/${id}/documents`));
    expect(page.data.map((d) => d.id)).toEqual([doc.id]);
    const fetched = await t.app.inject({ method: 'GET', url: doc.referenceLink.url.replace(/^https?:\/\/[^/]+/, '') });
    expect(fetched.statusCode).toBe(200);
    const noLink = await ok<Page<{ referenceLink?: unknown }>>(api('GET', `/ea/meeting-requests/${id}/documents?includeReferenceLink=false`));
    expect(noLink.data[0]?.referenceLink).toBeUndefined();
    const byName = await ok<Page<{ id: string }>>(api('GET', `/ea/meeting-requests/${id}/documents?filter=${encodeURIComponent("name ne 'agenda.pdf'")}`));
    expect(byName.data).toEqual([]);
    const [other] = await ok<Array<{ data: Request }>>(post([{ name: 'Other', questions: answers() }]), 207);
    const reused = await ok<ErrorBody>(api('POST', `/ea/meeting-requests/${(other as { data: Request }).data.id}/documents`, { file: { id: file } }), 409);
    expect(reused.target).toBe('file.id');
  });
});
