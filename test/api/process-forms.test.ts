import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';
import { describeContract, expectReferenceAnswer } from '../contract/reference.js';

// Process forms (issue 30): eventline's extensions create forms and submit them for events; the reference's list reads
// submissions back with its filters and `expand=process-form`; another account's ids are 404.

interface Form { id: string; questions: Array<{ id: string; name: string; type: string }> }
interface Submission { id: string; event: { id: string }; 'process-form': { id: string; name?: string }; status: string; questions: Array<{ id: string; name?: string; type?: string; value: string[] }> }
interface Page<T> { data: T[]; paging: { nextToken?: string; limit: number } }
const MISSING = '0190a1b2-0000-7000-8000-000000000000';

let t: TestApp;
let api: Api;
let other: Api;
let event: string;
let event2: string;
const q = (filter: string) => `filter=${encodeURIComponent(filter)}`;

beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
  const tenant = await createTenant(t.services);
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  other = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
  event = await fixtureEvent(t.services, tenant.accountId, 'Hybrid');
  event2 = await fixtureEvent(t.services, tenant.accountId, 'Virtual', 'Second');
});
afterAll(async () => t?.close());

describe('process forms', () => {
  it('creates a form, submits it for events with checked answers, lists, filters and expands submissions', async () => {
    const form = await ok<Form>(api('POST', '/ea/process-forms', {
      name: 'Event approval', questions: [{ name: 'Budget', type: 'Currency' }, { name: 'Region', type: 'SingleSelect', choices: ['EMEA', 'APAC'] }],
    }), 201);
    const [budget, region] = form.questions;
    expect((await api('POST', '/ea/process-forms', { name: 'Bad', questions: [{ name: 'R', type: 'SingleSelect' }] })).json()).toMatchObject({ code: 400, target: 'questions/0/choices' });
    expect((await api('POST', '/ea/process-forms', { name: 'Bad', questions: [{ name: 'R', type: 'Colour' }] })).statusCode).toBe(400);

    const submit = (body: Record<string, unknown>) => api('POST', '/ea/process-forms/submissions', { 'process-form': { id: form.id }, ...body });
    const s1 = await ok<Submission>(submit({ event: { id: event }, questions: [{ id: budget?.id, value: ['25000'] }, { id: region?.id, value: ['EMEA'] }] }), 201);
    expect(s1).toMatchObject({ status: 'Submitted', questions: [{ name: 'Budget', type: 'Currency', value: ['25000'] }, { name: 'Region', value: ['EMEA'] }] });
    await ok(submit({ event: { id: event2 }, status: 'Approved', questions: [{ id: region?.id, value: ['APAC'] }] }), 201);
    expect((await submit({ event: { id: event }, questions: [{ id: region?.id, value: ['LATAM'] }] })).json()).toMatchObject({ code: 400, target: 'questions/0/value' });
    expect((await submit({ event: { id: event }, questions: [{ id: region?.id, value: ['EMEA', 'APAC'] }] })).statusCode).toBe(400);
    expect((await submit({ event: { id: event }, questions: [{ id: MISSING, value: ['x'] }] })).json()).toMatchObject({ code: 400, target: 'questions/0/id' });
    expect((await submit({ event: { id: MISSING }, questions: [] })).json()).toMatchObject({ code: 404, target: 'event.id' });
    expect((await api('POST', '/ea/process-forms/submissions', { event: { id: event }, 'process-form': { id: MISSING }, questions: [] })).statusCode).toBe(404);
    expect((await other('POST', '/ea/process-forms/submissions', { event: { id: event }, 'process-form': { id: form.id }, questions: [] })).statusCode).toBe(404);

    const all = await ok<Page<Submission>>(api('GET', '/ea/process-forms/submissions'));
    expect(all.paging.limit).toBe(10);
    expect(all.data.map((s) => s.status)).toEqual(['Submitted', 'Approved']);
    expect(all.data[0]?.['process-form'].name).toBeUndefined();
    expect((await ok<Page<Submission>>(api('GET', '/ea/process-forms/submissions?expand=process-form'))).data[0]?.['process-form'].name).toBe('Event approval');
    expect((await ok<Page<Submission>>(api('GET', `/ea/process-forms/submissions?${q(`event.id eq '${event2}' and process-form.id eq '${form.id}'`)}`))).data.map((s) => s.status)).toEqual(['Approved']);
    expect((await ok<Page<Submission>>(api('GET', `/ea/process-forms/submissions?${q("status eq 'Submitted'")}`))).data.map((s) => s.id)).toEqual([s1.id]);
    expectReferenceAnswer('GET', '/process-forms/submissions', 400, await api('GET', `/ea/process-forms/submissions?${q("status ne 'Submitted'")}`));
    expect((await api('GET', '/ea/process-forms/submissions?limit=21')).statusCode).toBe(400);
    expect((await ok<Page<Submission>>(other('GET', '/ea/process-forms/submissions'))).data).toEqual([]);
  });
});

describeContract('contract: process form submissions match the reference', () => {
  it('GET 200 (a page the reference\'s item schema can hold: see the operation\'s description), 401, 403', async () => {
    const tenant = await createTenant(t.services);
    expectReferenceAnswer('GET', '/process-forms/submissions', 200, await apiClient(t.app, await tokenFor(t.app, tenant))('GET', '/ea/process-forms/submissions'));
    expectReferenceAnswer('GET', '/process-forms/submissions', 401, await apiClient(t.app, undefined)('GET', '/ea/process-forms/submissions'));
    expectReferenceAnswer('GET', '/process-forms/submissions', 403, await apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'))('GET', '/ea/process-forms/submissions'));
  });
});
