import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { workflowAttendee, workflowEvent } from '../helpers/workflow.js';
import { describeContract, expectMatchesReference, referenceOperation } from './reference.js';

// The Surveys tag's 23 operations, as eventline really answers them, validated
// against the reference's response schemas (DESIGN rule 2): each success status
// and each error status the reference lists for it (429 aside: rate limits are
// off in tests and have their own suite).
describeContract('contract: Surveys operations match the reference', () => {
  let t: TestApp;
  let api: Api;
  let anonymous: Api;
  let wrongScope: Api;
  let otherApi: Api;
  const MISSING = '0190a1b2-0000-7000-8000-000000000000';
  const ids: Record<string, string> = {};

  const ok = async (method: string, ref: string, status: number, url: string, body?: unknown) => {
    const res = await api(method as 'GET', url, body);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    expectMatchesReference(method, ref, status, res.json());
    return res.json() as Record<string, unknown> & { id: string };
  };
  const err = async (client: Api, method: string, ref: string, status: number, url: string, body?: unknown) => {
    const res = await client(method as 'GET', url, body);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    expectMatchesReference(method, ref, status, res.json());
  };

  beforeAll(async () => {
    t = await startTestApp({ build: { worker: false } });
    const tenant = await createTenant(t.services);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    anonymous = apiClient(t.app, undefined);
    wrongScope = apiClient(t.app, await tokenFor(t.app, tenant, 'file/file:read'));
    otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
    ids['event'] = await workflowEvent(t.services, tenant.accountId);
    ids['attendee'] = await workflowAttendee(t.db.handle.db, tenant.accountId, ids['event']);
    ids['contact'] = (await t.services.attendees.get(tenant.accountId, ids['attendee'])).contact.id as string;

    const s = (await api('POST', '/ea/standard-surveys', { title: 'Standalone' })).json() as { id: string };
    ids['survey'] = s.id;
    const q = (await api('POST', `/ea/standard-surveys/${s.id}/questions`, { text: 'Pick', code: 'P', type: 'SingleChoice', required: true, choices: [{ text: 'A' }] })).json() as { id: string; choices: { id: string }[] };
    ids['question'] = q.id;
    ids['choice'] = q.choices[0]?.id as string;
    await api('POST', `/ea/standard-surveys/${s.id}/questions`, { text: 'Country', type: 'LargeChoices', largeChoices: ['Chile'] });
    ids['template'] = ((await api('POST', `/ea/standard-surveys/${s.id}/email-templates`, { name: 'T', subject: 'S', plaintextBody: 'B' })).json() as { id: string }).id;
    ids['respondent'] = ((await api('POST', `/ea/standard-surveys/${s.id}/respondents`, { contact: { id: ids['contact'] }, attendee: { id: ids['attendee'] } })).json() as { id: string }).id;
    const es = (await api('POST', `/ea/events/${ids['event']}/surveys`, { title: 'Event', type: 'Session Feedback' })).json() as { id: string };
    ids['eventSurvey'] = es.id;
    const eq = (await api('POST', `/ea/events/${ids['event']}/surveys/${es.id}/questions`, { text: 'Why?', type: 'Text' })).json() as { id: string };
    ids['eventQuestion'] = eq.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('declares the reference scopes', () => {
    expect(referenceOperation('GET', '/surveys')).toEqual({ operationId: 'getSurvey', scopes: ['survey/surveys:read'] });
    expect(referenceOperation('POST', '/standard-surveys/{surveyId}/respondents/{respondentId}/email-templates/{emailTemplateId}/email'))
      .toEqual({ operationId: 'sendStandardSurveyEmail', scopes: ['survey/standard-survey-email:write'] });
    expect(referenceOperation('GET', '/large-choices')).toEqual({ operationId: 'getLargeChoices', scopes: ['survey/questions:read'] });
  });

  const BAD_FILTER = `?filter=${encodeURIComponent("nope eq 'x'")}`;

  it('account-level lists: 200, 400, 401, 403', async () => {
    for (const [path, ref] of [['/surveys', '/surveys'], ['/questions', '/questions'], ['/respondents', '/respondents'], ['/responses', '/responses'],
      ['/large-choices', '/large-choices'], ['/standard-surveys', '/standard-surveys'], ['/standard-surveys/responses', '/standard-surveys/responses'],
      ['/events/surveys/responses', '/events/surveys/responses']] as const) {
      await ok('GET', ref, 200, `/ea${path}`);
      await err(api, 'GET', ref, 400, `/ea${path}${BAD_FILTER}`);
      await err(anonymous, 'GET', ref, 401, `/ea${path}`);
      await err(wrongScope, 'GET', ref, 403, `/ea${path}`);
    }
  });

  it('event survey lists: 200, 400, 401, 403, 404', async () => {
    const e = ids['event'] as string;
    const s = ids['eventSurvey'] as string;
    for (const [url, ref, badUrl] of [
      [`/ea/events/${e}/surveys`, '/events/{id}/surveys', '/ea/events/not-a-uuid/surveys'],
      [`/ea/events/${e}/surveys/${s}/questions`, '/events/{id}/surveys/{surveyId}/questions', `/ea/events/${e}/surveys/nope/questions`],
      [`/ea/events/${e}/surveys/${s}/respondents`, '/events/{id}/surveys/{surveyId}/respondents', `/ea/events/${e}/surveys/nope/respondents`],
      [`/ea/events/${e}/surveys/${s}/responses`, '/events/{id}/surveys/{surveyId}/responses', `/ea/events/${e}/surveys/nope/responses`],
    ] as const) {
      await ok('GET', ref, 200, url);
      // A segment that cannot be an id names no resource: 404 (a bad query is the 400).
      await err(api, 'GET', ref, 404, badUrl);
      await err(api, 'GET', ref, 400, `${url}?limit=0`);
      await err(anonymous, 'GET', ref, 401, url);
      await err(wrongScope, 'GET', ref, 403, url);
      await err(otherApi, 'GET', ref, 404, url);
    }
  });

  it('event survey respondents and responses: 201, 200, 400, 401, 403, 404', async () => {
    const base = `/ea/events/${ids['event']}/surveys/${ids['eventSurvey']}`;
    const ref = '/events/{id}/surveys/{surveyId}/respondents';
    const body = { attendee: { id: ids['attendee'] } };
    const r = await ok('POST', ref, 201, `${base}/respondents`, body);
    await err(api, 'POST', ref, 400, `${base}/respondents`, { attendee: { id: MISSING } });
    await err(anonymous, 'POST', ref, 401, `${base}/respondents`, body);
    await err(wrongScope, 'POST', ref, 403, `${base}/respondents`, body);
    await err(otherApi, 'POST', ref, 404, `${base}/respondents`, body);

    const one = `${ref}/{respondentId}`;
    await ok('PUT', one, 200, `${base}/respondents/${r.id}`, { ...body, localeId: 'fr-FR' });
    await err(api, 'PUT', one, 400, `${base}/respondents/${r.id}`, { attendee: { id: 'nope' } });
    await err(anonymous, 'PUT', one, 401, `${base}/respondents/${r.id}`, body);
    await err(wrongScope, 'PUT', one, 403, `${base}/respondents/${r.id}`, body);
    await err(api, 'PUT', one, 404, `${base}/respondents/${MISSING}`, body);

    const resp = `${one}/responses`;
    const answer = { question: { id: ids['eventQuestion'] }, answers: [{ type: 'Text', value: 'Because' }] };
    await ok('POST', resp, 201, `${base}/respondents/${r.id}/responses`, answer);
    await err(api, 'POST', resp, 400, `${base}/respondents/${r.id}/responses`, { ...answer, answers: [{ type: 'Choice', choice: { id: MISSING } }] });
    await err(anonymous, 'POST', resp, 401, `${base}/respondents/${r.id}/responses`, answer);
    await err(wrongScope, 'POST', resp, 403, `${base}/respondents/${r.id}/responses`, answer);
    await err(api, 'POST', resp, 404, `${base}/respondents/${MISSING}/responses`, answer);
    // The pages with rows in them.
    await ok('GET', '/events/{id}/surveys/{surveyId}/responses', 200, `${base}/responses`);
    await ok('GET', '/events/{id}/surveys/{surveyId}/respondents', 200, `${base}/respondents`);
    await ok('GET', '/events/surveys/responses', 200, '/ea/events/surveys/responses');
  });

  it('standalone survey lists: 200, 400, 401, 403, 404', async () => {
    const s = ids['survey'] as string;
    for (const [tail, ref] of [['questions', '/standard-surveys/{surveyId}/questions'], ['respondents', '/standard-surveys/{surveyId}/respondents'],
      ['email-templates', '/standard-surveys/{surveyId}/email-templates']] as const) {
      const url = `/ea/standard-surveys/${s}/${tail}`;
      await ok('GET', ref, 200, url);
      await err(api, 'GET', ref, 404, `/ea/standard-surveys/nope/${tail}`);
      await err(anonymous, 'GET', ref, 401, url);
      await err(wrongScope, 'GET', ref, 403, url);
      await err(otherApi, 'GET', ref, 404, url);
    }
  });

  it('standalone respondents, responses and the email: 201, 200, 400, 401, 403, 404', async () => {
    const base = `/ea/standard-surveys/${ids['survey']}`;
    const ref = '/standard-surveys/{surveyId}/respondents';
    const body = { contact: { id: ids['contact'] } };
    const r = await ok('POST', ref, 201, `${base}/respondents`, body);
    await err(api, 'POST', ref, 400, `${base}/respondents`, { contact: { id: MISSING } });
    await err(anonymous, 'POST', ref, 401, `${base}/respondents`, body);
    await err(wrongScope, 'POST', ref, 403, `${base}/respondents`, body);
    await err(otherApi, 'POST', ref, 404, `${base}/respondents`, body);

    const one = `${ref}/{respondentId}`;
    await ok('PUT', one, 200, `${base}/respondents/${r.id}`, { ...body, status: 'Visited' });
    await err(api, 'PUT', one, 400, `${base}/respondents/${r.id}`, {});
    await err(anonymous, 'PUT', one, 401, `${base}/respondents/${r.id}`, body);
    await err(wrongScope, 'PUT', one, 403, `${base}/respondents/${r.id}`, body);
    await err(api, 'PUT', one, 404, `${base}/respondents/${MISSING}`, body);

    const email = `${one}/email-templates/{emailTemplateId}/email`;
    const emailUrl = `${base}/respondents/${r.id}/email-templates/${ids['template']}/email`;
    await ok('POST', email, 201, emailUrl);
    await err(api, 'POST', email, 404, `${base}/respondents/${r.id}/email-templates/nope/email`);
    await err(anonymous, 'POST', email, 401, emailUrl);
    await err(wrongScope, 'POST', email, 403, emailUrl);
    await err(api, 'POST', email, 404, `${base}/respondents/${r.id}/email-templates/${MISSING}/email`);

    const resp = `${one}/responses`;
    const answer = { question: { id: ids['question'] }, answers: [{ type: 'Choice', choice: { id: ids['choice'] } }] };
    const created = await ok('POST', resp, 201, `${base}/respondents/${r.id}/responses`, answer);
    await err(api, 'POST', resp, 400, `${base}/respondents/${r.id}/responses`, { ...answer, answers: [{ type: 'Text', value: '' }] });
    await err(anonymous, 'POST', resp, 401, `${base}/respondents/${r.id}/responses`, answer);
    await err(wrongScope, 'POST', resp, 403, `${base}/respondents/${r.id}/responses`, answer);
    await err(otherApi, 'POST', resp, 404, `${base}/respondents/${r.id}/responses`, answer);

    const upd = `${resp}/{responseId}`;
    const updUrl = `${base}/respondents/${r.id}/responses/${created.id}`;
    await ok('PUT', upd, 200, updUrl, answer);
    await err(api, 'PUT', upd, 400, updUrl, { ...answer, answers: [{ type: 'Choice', choice: { id: MISSING } }] });
    await err(anonymous, 'PUT', upd, 401, updUrl, answer);
    await err(wrongScope, 'PUT', upd, 403, updUrl, answer);
    await err(api, 'PUT', upd, 404, `${base}/respondents/${r.id}/responses/${MISSING}`, answer);

    // The pages with rows in them.
    for (const [url, ref2] of [['/ea/surveys', '/surveys'], ['/ea/questions', '/questions'], ['/ea/respondents', '/respondents'], ['/ea/responses', '/responses'],
      ['/ea/large-choices', '/large-choices'], ['/ea/standard-surveys', '/standard-surveys'], ['/ea/standard-surveys/responses', '/standard-surveys/responses'],
      [`${base}/questions`, '/standard-surveys/{surveyId}/questions'], [`${base}/respondents`, '/standard-surveys/{surveyId}/respondents'],
      [`${base}/email-templates`, '/standard-surveys/{surveyId}/email-templates'],
      [`/ea/events/${ids['event']}/surveys`, '/events/{id}/surveys'], [`/ea/events/${ids['event']}/surveys/${ids['eventSurvey']}/questions`, '/events/{id}/surveys/{surveyId}/questions'],
    ] as const) {
      const page = await ok('GET', ref2, 200, url);
      expect((page['data'] as unknown[]).length, url).toBeGreaterThan(0);
    }
  });
});
