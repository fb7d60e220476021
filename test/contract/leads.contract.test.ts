import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { insertBoothStaff, insertExhibitor } from '../helpers/exhibitors.js';
import { workflowAttendee, workflowEvent } from '../helpers/workflow.js';
import { describeContract, expectMatchesReference, referenceOperation, validateAgainstReferenceSchema } from './reference.js';

// The Leads tag's four operations and the exhibitor's qualification questions,
// as eventline really sends them, validated against the reference's response
// schemas (DESIGN rule 2). The extension operations (questions' writes, the
// scan, answers after it, deleting a lead) have no reference operation: their
// answers are validated against the reference's schema of what they return,
// and their errors against its error shape.

type Res = { statusCode: number; body: string; json: () => unknown };

describeContract('contract: leads and lead qualification match the reference', () => {
  let t: TestApp;
  let api: Api;
  let anonymous: Api;
  let narrow: Api;
  let otherApi: Api;
  let event: string;
  let exhibitor: string;
  let staff: string;
  let attendee: string;
  let lead: string;
  let questionId: string;
  let choiceId: string;
  const MISSING = '0190a1b2-0000-7000-8000-000000000000';
  const base = () => `/ea/events/${event}/exhibitors/${exhibitor}`;

  const expectOk = (method: string, path: string, status: number, res: Res) => {
    expect(res.statusCode, res.body).toBe(status);
    expectMatchesReference(method, path, status, res.json());
    return res.json();
  };
  /** An error of a reference operation, against the status's schema (or, for statuses the reference does not list, its error shape). */
  const expectError = (method: string, path: string, status: number, res: Res) => {
    expect(res.statusCode, res.body).toBe(status);
    if (referenceOperation(method, path) === undefined || [409].includes(status)) return expectErrorShape(status, res);
    expectMatchesReference(method, path, status, res.json());
  };
  const expectErrorShape = (status: number, res: Res) => {
    expect(res.statusCode, res.body).toBe(status);
    const { valid, errors } = validateAgainstReferenceSchema('error-response', res.json());
    expect(valid, errors.join('\n')).toBe(true);
  };
  const expectSchema = (pointer: string, status: number, res: Res) => {
    expect(res.statusCode, res.body).toBe(status);
    const { valid, errors } = validateAgainstReferenceSchema(pointer, res.json());
    expect(valid, errors.join('\n')).toBe(true);
    return res.json();
  };

  beforeAll(async () => {
    t = await startTestApp();
    const tenant = await createTenant(t.services);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    anonymous = apiClient(t.app, undefined);
    narrow = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
    event = await workflowEvent(t.services, tenant.accountId);
    exhibitor = await insertExhibitor(t.services, tenant.accountId, event);
    staff = await insertBoothStaff(t.services, tenant.accountId, event, exhibitor, await workflowAttendee(t.services.db.db, tenant.accountId, event));
    attendee = await workflowAttendee(t.services.db.db, tenant.accountId, event);
  });
  afterAll(async () => t?.close());

  it('declares the reference scopes, and eventline\'s for the extensions', () => {
    expect(referenceOperation('GET', '/events/{id}/exhibitors/{exhibitorId}/questions')?.scopes).toContain('exhibitor/lead-qualification-questions:read');
    expect(referenceOperation('GET', '/leads')?.scopes).toContain('exhibitor/leads:read');
    expect(referenceOperation('POST', '/leads/filter')?.scopes).toContain('exhibitor/leads:read');
    expect(referenceOperation('GET', '/eliterature-requests')?.scopes).toContain('exhibitor/eliterature-requests:read');
    expect(referenceOperation('GET', '/events/{id}/exhibitors/{exhibitorId}/leads/{leadId}/answers')?.scopes).toContain('exhibitor/lead-qualification-answers:read');
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { security?: Array<Record<string, string[]>>; 'x-eventline-extension'?: boolean }>> };
    const op = (path: string, method: string) => doc.paths[`/ea${path}`]?.[method];
    const scopes = (path: string, method: string) => op(path, method)?.security?.flatMap((s) => Object.values(s).flat());
    expect(scopes('/events/{id}/exhibitors/{exhibitorId}/questions', 'get')).toContain('exhibitor/lead-qualification-questions:read');
    expect(scopes('/leads', 'get')).toContain('exhibitor/leads:read');
    expect(scopes('/leads/filter', 'post')).toContain('exhibitor/leads:read');
    expect(scopes('/eliterature-requests', 'get')).toContain('exhibitor/eliterature-requests:read');
    expect(scopes('/events/{id}/exhibitors/{exhibitorId}/leads/{leadId}/answers', 'get')).toContain('exhibitor/lead-qualification-answers:read');
    for (const [path, method, scope] of [
      ['/events/{id}/exhibitors/{exhibitorId}/questions', 'post', 'exhibitor/lead-qualification-questions:write'],
      ['/events/{id}/exhibitors/{exhibitorId}/questions/{questionId}', 'put', 'exhibitor/lead-qualification-questions:write'],
      ['/events/{id}/exhibitors/{exhibitorId}/questions/{questionId}', 'delete', 'exhibitor/lead-qualification-questions:write'],
      ['/events/{id}/exhibitors/{exhibitorId}/leads', 'post', 'exhibitor/leads:write'],
      ['/events/{id}/exhibitors/{exhibitorId}/leads/{leadId}', 'delete', 'exhibitor/leads:write'],
      ['/events/{id}/exhibitors/{exhibitorId}/leads/{leadId}/answers', 'put', 'exhibitor/lead-qualification-answers:write'],
    ] as const) {
      expect(scopes(path, method), `${method} ${path}`).toContain(scope);
      expect(op(path, method)?.['x-eventline-extension'], `${method} ${path}`).toBe(true);
    }
  });

  it('POST .../questions (extension) 201 as the reference\'s lead-qualification-question, 400, 401, 403, 404', async () => {
    const path = `${base()}/questions`;
    const body = { type: 'SingleChoice', text: 'Budget?', code: 'BUDGET', required: true, choices: [{ text: 'Small' }, { text: 'Large', label: 'L' }], notApplicableAnswer: { text: 'n/a' } };
    const q = expectSchema('lead-qualification-question.json', 201, await api('POST', path, body)) as { id: string; choices: Array<{ id: string }> };
    questionId = q.id;
    choiceId = q.choices[0]?.id ?? '';
    expectSchema('lead-qualification-question.json', 201, await api('POST', path, { type: 'OpenEndedTextCommentBox', text: 'Notes' }));
    expectErrorShape(400, await api('POST', path, { type: 'SingleChoice', text: 'No choices' }));
    expectErrorShape(401, await anonymous('POST', path, body));
    expectErrorShape(403, await narrow('POST', path, body));
    expectErrorShape(404, await otherApi('POST', path, body));
  });

  it('GET .../questions 200, 400, 401, 403, 404', async () => {
    const path = '/events/{id}/exhibitors/{exhibitorId}/questions';
    const list = expectOk('GET', path, 200, await api('GET', `${base()}/questions`)) as { data: unknown[] };
    expect(list.data).toHaveLength(2);
    expectError('GET', path, 404, await api('GET', `/ea/events/${event}/exhibitors/not-a-uuid/questions`));
    expectError('GET', path, 401, await anonymous('GET', `${base()}/questions`));
    expectError('GET', path, 403, await narrow('GET', `${base()}/questions`));
    expectError('GET', path, 404, await otherApi('GET', `${base()}/questions`));
    expectError('GET', path, 404, await api('GET', `/ea/events/${event}/exhibitors/${MISSING}/questions`));
  });

  it('PUT and DELETE .../questions/{questionId} (extensions) 200/204, 400, 401, 403, 404', async () => {
    const path = `${base()}/questions/${questionId}`;
    const body = { type: 'SingleChoice', text: 'Budget this year?', code: 'BUDGET', required: true, choices: [{ id: choiceId, text: 'Small' }, { text: 'Huge' }] };
    expectSchema('lead-qualification-question.json', 200, await api('PUT', path, body));
    expectErrorShape(400, await api('PUT', path, { ...body, choices: [{ id: MISSING, text: 'x' }] }));
    expectErrorShape(401, await anonymous('PUT', path, body));
    expectErrorShape(403, await narrow('PUT', path, body));
    expectErrorShape(404, await api('PUT', `${base()}/questions/${MISSING}`, body));
    const spare = (await api('POST', `${base()}/questions`, { type: 'Rating', text: 'Spare', choices: [{ text: '1' }] })).json() as { id: string };
    expectErrorShape(401, await anonymous('DELETE', `${base()}/questions/${spare.id}`));
    expectErrorShape(403, await narrow('DELETE', `${base()}/questions/${spare.id}`));
    expectErrorShape(404, await otherApi('DELETE', `${base()}/questions/${spare.id}`));
    expect((await api('DELETE', `${base()}/questions/${spare.id}`)).statusCode).toBe(204);
    expectErrorShape(404, await api('DELETE', `${base()}/questions/${spare.id}`));
  });

  it('POST .../leads (extension) 201 and 200 as the reference\'s existing-lead, 400, 401, 403, 404', async () => {
    const path = `${base()}/leads`;
    const body = {
      attendee: { id: attendee }, boothStaff: { id: staff }, device: { id: 'ipad-7', name: 'Booth 7' }, comments: 'Call back', licenseCode: 'LIC-1',
      answers: [{ question: { id: questionId }, answers: [{ type: 'Choice', choice: { id: choiceId } }] }],
      eliterature: { documents: [{ id: MISSING, displayName: 'Brochure', type: 'FILE' }] },
    };
    lead = (expectSchema('existing-lead.json', 201, await api('POST', path, body)) as { id: string }).id;
    expectSchema('existing-lead.json', 200, await api('POST', path, { attendee: { id: attendee }, boothStaff: { id: staff } }));
    expectErrorShape(400, await api('POST', path, { ...body, answers: [{ question: { id: questionId }, answers: [{ type: 'Text', value: 'x' }] }] }));
    expectErrorShape(400, await api('POST', path, { ...body, attendee: { id: MISSING } }));
    expectErrorShape(401, await anonymous('POST', path, body));
    expectErrorShape(403, await narrow('POST', path, body));
    expectErrorShape(404, await otherApi('POST', path, body));
  });

  it('GET .../leads/{leadId}/answers 200, 400, 401, 403, 404; PUT (extension) 200, 400, 404', async () => {
    const path = '/events/{id}/exhibitors/{exhibitorId}/leads/{leadId}/answers';
    const url = `${base()}/leads/${lead}/answers`;
    const list = expectOk('GET', path, 200, await api('GET', url)) as { data: unknown[] };
    expect(list.data).toHaveLength(1);
    expectErrorShape(404, await api('GET', `${base()}/leads/not-a-uuid/answers`));
    expectError('GET', path, 401, await anonymous('GET', url));
    expectError('GET', path, 403, await narrow('GET', url));
    expectError('GET', path, 404, await otherApi('GET', url));
    expectError('GET', path, 404, await api('GET', `${base()}/leads/${MISSING}/answers`));
    expectSchema('lead-qualification-answers-list-response', 200, await api('PUT', url, [{ question: { id: questionId }, answers: [{ type: 'Choice', choice: { id: choiceId } }] }]));
    expectErrorShape(400, await api('PUT', url, [{ question: { id: MISSING }, answers: [] }]));
    expectErrorShape(401, await anonymous('PUT', url, []));
    expectErrorShape(403, await narrow('PUT', url, []));
    expectErrorShape(404, await otherApi('PUT', url, []));
  });

  it('GET /leads and POST /leads/filter 200, 400, 401, 403', async () => {
    const page = expectOk('GET', '/leads', 200, await api('GET', '/ea/leads')) as { data: unknown[] };
    expect(page.data).toHaveLength(1);
    expectOk('GET', '/leads', 200, await api('GET', `/ea/leads?limit=1&filter=${encodeURIComponent(`event.id eq '${event}' and deleted eq 'false'`)}`));
    expectOk('GET', '/leads', 200, await otherApi('GET', '/ea/leads'));
    expectError('GET', '/leads', 400, await api('GET', `/ea/leads?filter=${encodeURIComponent("comments eq 'x'")}`));
    expectError('GET', '/leads', 401, await anonymous('GET', '/ea/leads'));
    expectError('GET', '/leads', 403, await narrow('GET', '/ea/leads'));
    const filtered = expectOk('POST', '/leads/filter', 200, await api('POST', '/ea/leads/filter', { filter: `id eq '${lead}' AND attendee.id eq '${attendee}'` })) as { data: unknown[] };
    expect(filtered.data).toHaveLength(1);
    expectOk('POST', '/leads/filter', 200, await api('POST', '/ea/leads/filter', {}));
    expectError('POST', '/leads/filter', 400, await api('POST', '/ea/leads/filter', { filter: 'deleted eq' }));
    expectError('POST', '/leads/filter', 401, await anonymous('POST', '/ea/leads/filter', {}));
    expectError('POST', '/leads/filter', 403, await narrow('POST', '/ea/leads/filter', {}));
  });

  it('GET /eliterature-requests 200, 400, 401, 403', async () => {
    const page = expectOk('GET', '/eliterature-requests', 200, await api('GET', `/ea/eliterature-requests?filter=${encodeURIComponent(`lead.id eq '${lead}'`)}`)) as { data: unknown[] };
    expect(page.data).toHaveLength(1);
    expectError('GET', '/eliterature-requests', 400, await api('GET', `/ea/eliterature-requests?filter=${encodeURIComponent("lead.id ne 'x'")}`));
    expectError('GET', '/eliterature-requests', 401, await anonymous('GET', '/ea/eliterature-requests'));
    expectError('GET', '/eliterature-requests', 403, await narrow('GET', '/ea/eliterature-requests'));
  });

  it('DELETE .../leads/{leadId} (extension) 204, 401, 403, 404; the lead then validates with deleted: true', async () => {
    const url = `${base()}/leads/${lead}`;
    expectErrorShape(401, await anonymous('DELETE', url));
    expectErrorShape(403, await narrow('DELETE', url));
    expectErrorShape(404, await otherApi('DELETE', url));
    expect((await api('DELETE', url)).statusCode).toBe(204);
    const page = expectOk('GET', '/leads', 200, await api('GET', `/ea/leads?filter=${encodeURIComponent("deleted eq 'true'")}`)) as { data: Array<{ deleted: boolean }> };
    expect(page.data.map((l) => l.deleted)).toEqual([true]);
  });
});
