import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';
import { describeContract, expectMatchesReference, referenceOperation } from './reference.js';

// getEventQuestions and getChoicesForQuestion as eventline answers them, validated against the reference's response
// schemas (DESIGN rule 2); the questions are written with eventline's extensions.
describeContract('contract: event questions match the reference', () => {
  let t: TestApp;
  let api: Api;
  let anonymous: Api;
  let narrow: Api;
  let question: string;
  const MISSING = '0190a1b2-0000-7000-8000-000000000000';
  type Res = { statusCode: number; body: string; json: () => unknown };
  const expectStatus = (method: string, path: string, status: number, res: Res) => {
    expect(res.statusCode, res.body).toBe(status);
    expectMatchesReference(method, path, status, res.json());
    return res.json();
  };

  beforeAll(async () => {
    t = await startTestApp({ build: { worker: false } });
    const tenant = await createTenant(t.services);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    anonymous = apiClient(t.app, undefined);
    narrow = apiClient(t.app, await tokenFor(t.app, tenant, 'event/sessions:read'));
    const event = await fixtureEvent(t.services, tenant.accountId);
    question = ((await api('POST', '/ea/event-questions', { event: { id: event }, text: 'T-shirt size?', code: 'TSHIRT', tag: 'swag', type: 'SingleChoice', internalNote: 'Order by May' })).json() as { id: string }).id;
    for (const text of ['S', 'M', 'L']) await api('POST', `/ea/event-questions/${question}/choices`, { text });
    await api('POST', `/ea/event-questions/${question}/choices`, { text: 'None', type: 'NotApplicableChoice' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('declares the reference scopes', () => {
    expect(referenceOperation('GET', '/event-questions')).toEqual({ operationId: 'getEventQuestions', scopes: ['event/events:read'] });
  });

  it('GET /event-questions 200, 400, 401, 403', async () => {
    const page = expectStatus('GET', '/event-questions', 200, await api('GET', `/ea/event-questions?filter=${encodeURIComponent("code eq 'TSHIRT'")}`)) as { data: unknown[] };
    expect(page.data).toHaveLength(1);
    expectStatus('GET', '/event-questions', 400, await api('GET', `/ea/event-questions?filter=${encodeURIComponent("text eq 'x'")}`));
    expectStatus('GET', '/event-questions', 401, await anonymous('GET', '/ea/event-questions'));
    expectStatus('GET', '/event-questions', 403, await narrow('GET', '/ea/event-questions'));
  });

  it('GET /event-questions/{id}/choices 200, 400, 404', async () => {
    const path = '/event-questions/{questionId}/choices';
    const page = expectStatus('GET', path, 200, await api('GET', `/ea/event-questions/${question}/choices?limit=2`)) as { data: unknown[] };
    expect(page.data).toHaveLength(2);
    expectStatus('GET', path, 400, await api('GET', `/ea/event-questions/${question}/choices?filter=${encodeURIComponent("text ne 'S'")}`));
    expectStatus('GET', path, 404, await api('GET', `/ea/event-questions/${MISSING}/choices`));
  });
});
