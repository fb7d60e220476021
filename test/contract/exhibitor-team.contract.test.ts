import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp, type Tenant } from '../helpers/app.js';
import { insertExhibitor } from '../helpers/exhibitors.js';
import { fileForm, pdf } from '../helpers/files.js';
import { workflowAttendee, workflowEvent } from '../helpers/workflow.js';
import { describeContract, expectMatchesReference, referenceOperation } from './reference.js';

// The Exhibitor Team (8) and Exhibitor Content (9) operations, and the Exhibitor
// tag's questions and answers (3), as eventline answers them, validated against
// the reference's response schemas, success and error statuses (DESIGN rule 2).

interface Body { [k: string]: unknown }
type Res = { statusCode: number; body: string; json: () => unknown };
const MISSING = '0190a1b2-0000-7000-8000-000000000000';
const EX = '/events/{id}/exhibitors/{exhibitorId}';

describeContract('contract: Exhibitor Team, Exhibitor Content, exhibitor questions and answers', () => {
  let t: TestApp;
  let dataDir: string;
  let a: Tenant;
  let token: string;
  let api: Api;
  let otherApi: Api;
  let anonymous: Api;
  let narrow: Api;
  let eventId: string;
  let exhibitorId: string;
  let base: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'eventline-exteam-contract-'));
    t = await startTestApp({ env: { DATA_DIR: dataDir }, build: { worker: false } });
    a = await createTenant(t.services);
    token = await tokenFor(t.app, a);
    api = apiClient(t.app, token);
    otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
    anonymous = apiClient(t.app, undefined);
    narrow = apiClient(t.app, await tokenFor(t.app, a, 'file/file:read'));
    eventId = await workflowEvent(t.services, a.accountId);
    exhibitorId = await insertExhibitor(t.services, a.accountId, eventId);
    base = `/ea/events/${eventId}/exhibitors/${exhibitorId}`;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const expectOk = (method: string, path: string, status: number, res: Res): Body => {
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json() as Body;
    expectMatchesReference(method, path, status, body);
    return body;
  };
  const expectError = (method: string, path: string, status: number, res: Res): void => {
    expect(res.statusCode, res.body).toBe(status);
    expectMatchesReference(method, path, status, res.json());
  };
  const expect204 = (res: Res): void => {
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
  };
  const upload = async (): Promise<string> => {
    const f = fileForm('brochure.pdf', pdf());
    const res = await t.app.inject({ method: 'POST', url: '/ea/files', payload: f.payload, headers: { ...f.headers, authorization: `Bearer ${token}` } });
    return (res.json() as { id: string }).id;
  };

  it('declares the reference operation ids and scopes', () => {
    const expected: Array<[string, string, string, string]> = [
      ['GET', `${EX}/admins`, 'listExhibitorAdmins', 'exhibitor/exhibitor-admins:read'],
      ['POST', `${EX}/admins`, 'postExhibitorAdmin', 'exhibitor/exhibitor-admins:write'],
      ['GET', `${EX}/admins/{adminId}`, 'getExhibitorAdmin', 'exhibitor/exhibitor-admins:read'],
      ['PUT', `${EX}/admins/{adminId}`, 'updateExhibitorAdmin', 'exhibitor/exhibitor-admins:write'],
      ['GET', `${EX}/booth-staff`, 'listBoothStaff', 'exhibitor/booth-staff:read'],
      ['POST', `${EX}/booth-staff`, 'associateBoothStaff', 'exhibitor/booth-staff:write'],
      ['GET', `${EX}/booth-staff/{boothstaffId}`, 'getBoothStaff', 'exhibitor/booth-staff:read'],
      ['DELETE', `${EX}/booth-staff/{boothstaffId}`, 'deleteBoothStaff', 'exhibitor/booth-staff:delete'],
      ['GET', `${EX}/files`, 'listExhibitorFiles', 'exhibitor/exhibitor-contents:read'],
      ['GET', `${EX}/files/{fileId}`, 'getExhibitorFile', 'exhibitor/exhibitor-contents:read'],
      ['PUT', `${EX}/files/{fileId}`, 'updateExhibitorFile', 'exhibitor/exhibitor-contents:write'],
      ['DELETE', `${EX}/files/{fileId}`, 'disassociateExhibitorFile', 'exhibitor/exhibitor-contents:delete'],
      ['GET', `${EX}/weblinks`, 'listExhibitorWeblinks', 'exhibitor/exhibitor-contents:read'],
      ['POST', `${EX}/weblinks`, 'createExhibitorWeblink', 'exhibitor/exhibitor-contents:write'],
      ['GET', `${EX}/weblinks/{weblinkId}`, 'getExhibitorWeblink', 'exhibitor/exhibitor-contents:read'],
      ['PUT', `${EX}/weblinks/{weblinkId}`, 'updateExhibitorWeblink', 'exhibitor/exhibitor-contents:write'],
      ['DELETE', `${EX}/weblinks/{weblinkId}`, 'deleteExhibitorWeblink', 'exhibitor/exhibitor-contents:delete'],
      ['GET', '/events/{id}/exhibitor-questions', 'getExhibitorQuestions', 'exhibitor/exhibitor-questions:read'],
      ['GET', `${EX}/exhibitor-answers`, 'getExhibitorAnswers', 'exhibitor/exhibitor-answers:read'],
      ['PUT', `${EX}/exhibitor-answers`, 'updateExhibitorAnswers', 'exhibitor/exhibitor-answers:write'],
    ];
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { operationId?: string; security?: Array<Record<string, string[]>> }>> };
    for (const [method, path, operationId, scope] of expected) {
      expect(referenceOperation(method, path), `${method} ${path}`).toEqual({ operationId, scopes: [scope] });
      const ours = doc.paths[`/ea${path}`]?.[method.toLowerCase()];
      expect(ours?.operationId, `${method} ${path}`).toBe(operationId);
      expect(JSON.stringify(ours?.security), `${method} ${path}`).toContain(scope);
    }
  });

  it('admins: GET list 200/400/401/403/404, POST 201/400/401/403/404, GET 200/400/404, PUT 200/400/404', async () => {
    const list = `${EX}/admins`;
    const one = `${EX}/admins/{adminId}`;
    const body = { exhibitor: { id: exhibitorId }, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' };
    const made = expectOk('POST', list, 201, await api('POST', `${base}/admins`, body));
    expectError('POST', list, 400, await api('POST', `${base}/admins`, body));
    expectError('POST', list, 400, await api('POST', `${base}/admins`, { ...body, email: 'nope' }));
    expectError('POST', list, 401, await anonymous('POST', `${base}/admins`, body));
    expectError('POST', list, 403, await narrow('POST', `${base}/admins`, body));
    expectError('POST', list, 404, await otherApi('POST', `${base}/admins`, body));
    expectOk('GET', list, 200, await api('GET', `${base}/admins?limit=1`));
    expectError('GET', list, 400, await api('GET', `${base}/admins?limit=0`));
    expectError('GET', list, 401, await anonymous('GET', `${base}/admins`));
    expectError('GET', list, 403, await narrow('GET', `${base}/admins`));
    expectError('GET', list, 404, await otherApi('GET', `${base}/admins`));
    const id = String(made.id);
    expectOk('GET', one, 200, await api('GET', `${base}/admins/${id}`));
    expectError('GET', one, 404, await api('GET', `${base}/admins/not-a-uuid`));
    expectError('GET', one, 401, await anonymous('GET', `${base}/admins/${id}`));
    expectError('GET', one, 403, await narrow('GET', `${base}/admins/${id}`));
    expectError('GET', one, 404, await api('GET', `${base}/admins/${MISSING}`));
    expectOk('PUT', one, 200, await api('PUT', `${base}/admins/${id}`, { ...body, lastName: 'King' }));
    expectError('PUT', one, 400, await api('PUT', `${base}/admins/${id}`, { ...body, firstName: '' }));
    expectError('PUT', one, 401, await anonymous('PUT', `${base}/admins/${id}`, body));
    expectError('PUT', one, 403, await narrow('PUT', `${base}/admins/${id}`, body));
    expectError('PUT', one, 404, await otherApi('PUT', `${base}/admins/${id}`, body));
  });

  it('booth staff: GET list, POST 201/400/401/403/404, GET 200/400/404, DELETE 204/401/403/404', async () => {
    const list = `${EX}/booth-staff`;
    const one = `${EX}/booth-staff/{boothstaffId}`;
    const attendeeId = await workflowAttendee(t.services.db.db, a.accountId, eventId);
    const otherEvent = await workflowEvent(t.services, a.accountId, 'Virtual');
    const stranger = await workflowAttendee(t.services.db.db, a.accountId, otherEvent);
    const body = (id: string) => ({ attendee: { id }, event: { id: eventId }, exhibitor: { id: exhibitorId } });
    const made = expectOk('POST', list, 201, await api('POST', `${base}/booth-staff`, body(attendeeId)));
    expectError('POST', list, 400, await api('POST', `${base}/booth-staff`, body(attendeeId)));
    expectError('POST', list, 400, await api('POST', `${base}/booth-staff`, body(stranger)));
    expectError('POST', list, 401, await anonymous('POST', `${base}/booth-staff`, body(attendeeId)));
    expectError('POST', list, 403, await narrow('POST', `${base}/booth-staff`, body(attendeeId)));
    expectError('POST', list, 404, await otherApi('POST', `${base}/booth-staff`, body(attendeeId)));
    expectOk('GET', list, 200, await api('GET', `${base}/booth-staff`));
    expectError('GET', list, 400, await api('GET', `${base}/booth-staff?token=garbage`));
    expectError('GET', list, 401, await anonymous('GET', `${base}/booth-staff`));
    expectError('GET', list, 403, await narrow('GET', `${base}/booth-staff`));
    expectError('GET', list, 404, await otherApi('GET', `${base}/booth-staff`));
    const id = String(made.id);
    expectOk('GET', one, 200, await api('GET', `${base}/booth-staff/${id}`));
    expectError('GET', one, 404, await api('GET', `${base}/booth-staff/nope`));
    expectError('GET', one, 401, await anonymous('GET', `${base}/booth-staff/${id}`));
    expectError('GET', one, 403, await narrow('GET', `${base}/booth-staff/${id}`));
    expectError('GET', one, 404, await otherApi('GET', `${base}/booth-staff/${id}`));
    expectError('DELETE', one, 401, await anonymous('DELETE', `${base}/booth-staff/${id}`));
    expectError('DELETE', one, 403, await narrow('DELETE', `${base}/booth-staff/${id}`));
    expectError('DELETE', one, 404, await otherApi('DELETE', `${base}/booth-staff/${id}`));
    expect204(await api('DELETE', `${base}/booth-staff/${id}`));
    expectError('DELETE', one, 404, await api('DELETE', `${base}/booth-staff/${id}`));
  });

  it('files: GET list 200/400/401/403/404, PUT 200/400/401/403/404/422, GET 200/400/404, DELETE 204/401/403/404', async () => {
    const list = `${EX}/files`;
    const one = `${EX}/files/{fileId}`;
    const fileId = await upload();
    const body = { event: { id: eventId }, exhibitor: { id: exhibitorId }, displayName: 'Brochure', order: 1 };
    expectOk('PUT', one, 200, await api('PUT', `${base}/files/${fileId}`, body));
    expectOk('PUT', one, 200, await api('PUT', `${base}/files/${fileId}`, { ...body, hidden: true }));
    expectError('PUT', one, 400, await api('PUT', `${base}/files/${fileId}`, { ...body, order: 0 }));
    expectError('PUT', one, 401, await anonymous('PUT', `${base}/files/${fileId}`, body));
    expectError('PUT', one, 403, await narrow('PUT', `${base}/files/${fileId}`, body));
    expectError('PUT', one, 404, await api('PUT', `${base}/files/${MISSING}`, body));
    const other = await insertExhibitor(t.services, a.accountId, eventId, 'Other');
    expectError('PUT', one, 422, await api('PUT', `/ea/events/${eventId}/exhibitors/${other}/files/${fileId}`, { ...body, exhibitor: { id: other } }));
    const listed = expectOk('GET', list, 200, await api('GET', `${base}/files`));
    expect((listed.data as Body[]).length).toBe(1);
    expectError('GET', list, 404, await api('GET', `/ea/events/${eventId}/exhibitors/nope/files`));
    expectError('GET', list, 401, await anonymous('GET', `${base}/files`));
    expectError('GET', list, 403, await narrow('GET', `${base}/files`));
    expectError('GET', list, 404, await otherApi('GET', `${base}/files`));
    expectOk('GET', one, 200, await api('GET', `${base}/files/${fileId}`));
    expectError('GET', one, 404, await api('GET', `${base}/files/nope`));
    expectError('GET', one, 401, await anonymous('GET', `${base}/files/${fileId}`));
    expectError('GET', one, 403, await narrow('GET', `${base}/files/${fileId}`));
    expectError('GET', one, 404, await otherApi('GET', `${base}/files/${fileId}`));
    expectError('DELETE', one, 404, await api('DELETE', `${base}/files/nope`));
    expectError('DELETE', one, 401, await anonymous('DELETE', `${base}/files/${fileId}`));
    expectError('DELETE', one, 403, await narrow('DELETE', `${base}/files/${fileId}`));
    expectError('DELETE', one, 404, await otherApi('DELETE', `${base}/files/${fileId}`));
    expect204(await api('DELETE', `${base}/files/${fileId}`));
    expectError('DELETE', one, 404, await api('DELETE', `${base}/files/${fileId}`));
  });

  it('weblinks: GET list, POST 201/400/401/403/404/422, GET, PUT 200/400/404, DELETE 204/400/401/403/404', async () => {
    const list = `${EX}/weblinks`;
    const one = `${EX}/weblinks/{weblinkId}`;
    const body = { event: { id: eventId }, exhibitor: { id: exhibitorId }, name: 'Site', url: 'https://acme.example/', order: 1 };
    const made = expectOk('POST', list, 201, await api('POST', `${base}/weblinks`, body));
    expectError('POST', list, 400, await api('POST', `${base}/weblinks`, { ...body, url: 'javascript:alert(1)' }));
    expectError('POST', list, 401, await anonymous('POST', `${base}/weblinks`, body));
    expectError('POST', list, 403, await narrow('POST', `${base}/weblinks`, body));
    expectError('POST', list, 404, await otherApi('POST', `${base}/weblinks`, body));
    const full = await insertExhibitor(t.services, a.accountId, eventId, 'Full');
    const fullBase = `/ea/events/${eventId}/exhibitors/${full}`;
    for (let i = 0; i < 50; i++) await api('POST', `${fullBase}/weblinks`, { ...body, exhibitor: { id: full } });
    expectError('POST', list, 422, await api('POST', `${fullBase}/weblinks`, { ...body, exhibitor: { id: full } }));
    expectOk('GET', list, 200, await api('GET', `${fullBase}/weblinks`));
    expectError('GET', list, 404, await api('GET', `/ea/events/nope/exhibitors/${exhibitorId}/weblinks`));
    expectError('GET', list, 401, await anonymous('GET', `${base}/weblinks`));
    expectError('GET', list, 403, await narrow('GET', `${base}/weblinks`));
    expectError('GET', list, 404, await otherApi('GET', `${base}/weblinks`));
    const id = String(made.id);
    expectOk('GET', one, 200, await api('GET', `${base}/weblinks/${id}`));
    expectError('GET', one, 404, await api('GET', `${base}/weblinks/nope`));
    expectError('GET', one, 401, await anonymous('GET', `${base}/weblinks/${id}`));
    expectError('GET', one, 403, await narrow('GET', `${base}/weblinks/${id}`));
    expectError('GET', one, 404, await api('GET', `${base}/weblinks/${MISSING}`));
    expectOk('PUT', one, 200, await api('PUT', `${base}/weblinks/${id}`, { ...body, name: 'Home' }));
    expectError('PUT', one, 400, await api('PUT', `${base}/weblinks/${id}`, { ...body, url: 'data:text/html,hi' }));
    expectError('PUT', one, 401, await anonymous('PUT', `${base}/weblinks/${id}`, body));
    expectError('PUT', one, 403, await narrow('PUT', `${base}/weblinks/${id}`, body));
    expectError('PUT', one, 404, await otherApi('PUT', `${base}/weblinks/${id}`, body));
    expectError('DELETE', one, 404, await api('DELETE', `${base}/weblinks/nope`));
    expectError('DELETE', one, 401, await anonymous('DELETE', `${base}/weblinks/${id}`));
    expectError('DELETE', one, 403, await narrow('DELETE', `${base}/weblinks/${id}`));
    expectError('DELETE', one, 404, await otherApi('DELETE', `${base}/weblinks/${id}`));
    expect204(await api('DELETE', `${base}/weblinks/${id}`));
    expectError('DELETE', one, 404, await api('DELETE', `${base}/weblinks/${id}`));
  });

  it('questions and answers: GET questions 200/401/403/404, GET answers 200/401/403/404, PUT answers 200/400/401/403/404', async () => {
    const qPath = '/events/{id}/exhibitor-questions';
    const aPath = `${EX}/exhibitor-answers`;
    const q = async (body: Body) => (await api('POST', `/ea/events/${eventId}/exhibitor-questions`, body)).json() as Body & { choices?: Array<{ id: string }> };
    const single = await q({ text: 'Size', code: 'SIZE', type: 'SingleChoice', required: true, answerFormat: 'RadioButton', choices: [{ text: 'S' }, { text: 'L' }], notApplicableAnswer: { text: 'N/A' } });
    const multi = await q({ text: 'Products', type: 'MultiChoice', required: false, choices: [{ text: 'A' }, { text: 'B' }], otherAnswer: { text: 'Other' }, answerLimits: { minSelections: 1, maxSelections: 3 } });
    const text = await q({ text: 'About', type: 'OpenEndedTextCommentBox', required: false, answerLimits: { minLength: 1, maxLength: 500 } });
    const when = await q({ text: 'When', type: 'OpenEndedDateTime', required: false, answerFormat: 'DateAndTime', defaultToCurrentDate: true });
    const listed = expectOk('GET', qPath, 200, await api('GET', `/ea/events/${eventId}/exhibitor-questions`));
    expect((listed.data as Body[]).length).toBe(4);
    expectError('GET', qPath, 401, await anonymous('GET', `/ea/events/${eventId}/exhibitor-questions`));
    expectError('GET', qPath, 403, await narrow('GET', `/ea/events/${eventId}/exhibitor-questions`));
    expectError('GET', qPath, 404, await otherApi('GET', `/ea/events/${eventId}/exhibitor-questions`));

    const entry = (qq: Body, answers: unknown[]) => ({ question: { id: qq.id }, event: { id: eventId }, exhibitor: { id: exhibitorId }, answers });
    const body = { data: [
      entry(single, [{ type: 'NA' }]),
      entry(multi, [{ type: 'Choice', choice: { id: multi.choices?.[1]?.id } }, { type: 'Other', value: 'Consulting' }]),
      entry(text, [{ type: 'Text', value: 'We build booths.' }]),
      entry(when, [{ type: 'Text', value: '2027-03-01T09:00:00Z' }]),
    ] };
    const put = expectOk('PUT', aPath, 200, await api('PUT', `${base}/exhibitor-answers`, body));
    expect((put.data as Body[]).length).toBe(4);
    expectError('PUT', aPath, 400, await api('PUT', `${base}/exhibitor-answers`, { data: [entry(single, [{ type: 'Choice', choice: { id: MISSING } }])] }));
    expectError('PUT', aPath, 401, await anonymous('PUT', `${base}/exhibitor-answers`, body));
    expectError('PUT', aPath, 403, await narrow('PUT', `${base}/exhibitor-answers`, body));
    expectError('PUT', aPath, 404, await otherApi('PUT', `${base}/exhibitor-answers`, body));
    expectOk('GET', aPath, 200, await api('GET', `${base}/exhibitor-answers`));
    expectError('GET', aPath, 401, await anonymous('GET', `${base}/exhibitor-answers`));
    expectError('GET', aPath, 403, await narrow('GET', `${base}/exhibitor-answers`));
    expectError('GET', aPath, 404, await otherApi('GET', `${base}/exhibitor-answers`));
  });
});
