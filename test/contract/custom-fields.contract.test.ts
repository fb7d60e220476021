import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureEvent, fixtureSession } from '../helpers/webcast-fixtures.js';
import { describeContract, expectReferenceAnswer, referenceOperation, validateAgainstReference, validateAgainstReferenceSchema, type Answer } from './reference.js';

// The Custom Fields tag and the answers of sessions, events and contacts, as eventline answers them, validated against
// the reference's response schemas (DESIGN rule 2).
//
// One place where the reference's schema cannot be met literally: a field's `details` is a `oneOf` of four options
// (One Line, Date/Time, Comment Box, Choices) none of which has a required or exclusive property, so every object
// matches all four and none matches exactly one. The helper accepts that one oneOf error and validates `details`
// against the option the field's `type` names instead.
const DETAILS_ONE_OF = /^(\/data\/\d+)?\/details must match exactly one schema in oneOf/;
const OPTION: Record<string, number> = {
  'Open Ended Text - One Line': 0, 'Open Ended Text - Date/Time': 1, 'Open Ended Text - Comment Box': 2, 'Choice - Single Answer': 3, 'Choice - Multiple Answers': 3,
};
type Field = { id: string; type: string; details?: unknown };

function expectFieldMatches(method: string, path: string, status: number, body: unknown): void {
  const { errors } = validateAgainstReference(method, path, status, body);
  expect(errors.filter((e) => !DETAILS_ONE_OF.test(e)), `${method} ${path} ${status}`).toEqual([]);
  const page = body as { data?: Field[] };
  for (const f of Array.isArray(page.data) ? page.data : [body as Field]) {
    if (f.details === undefined) continue;
    expect(validateAgainstReferenceSchema(`custom-field2/properties/details/oneOf/${OPTION[f.type]}`, f.details)).toEqual({ valid: true, errors: [] });
  }
}

describeContract('contract: Custom Fields operations and answers match the reference', () => {
  let t: TestApp;
  let api: Api;
  let anonymous: Api;
  let narrow: Api;
  let otherApi: Api;
  let event: string;
  let session: string;
  let contact: string;
  let choiceField: Field & { details: { choices: Array<{ id: string; text: string }> } };
  let numberField: Field;
  const MISSING = '0190a1b2-0000-7000-8000-000000000000';
  const expectOk = expectReferenceAnswer;
  const expectError = expectReferenceAnswer;
  const expectField = (method: string, path: string, status: number, res: Answer) => {
    expect(res.statusCode, res.body).toBe(status);
    expectFieldMatches(method, path, status, res.json());
    return res.json();
  };

  beforeAll(async () => {
    t = await startTestApp({ build: { worker: false } });
    const tenant = await createTenant(t.services);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    anonymous = apiClient(t.app, undefined);
    narrow = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
    event = await fixtureEvent(t.services, tenant.accountId);
    session = await fixtureSession(t.db.handle.db, tenant.accountId, event);
    const res = await api('POST', '/ea/contacts', [{ firstName: 'Ada', lastName: 'Byron', email: 'ada.byron@example.test' }]);
    contact = (res.json() as Array<{ data: { id: string } }>)[0]!.data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('declares the reference scopes', () => {
    expect(referenceOperation('GET', '/custom-fields')).toEqual({ operationId: 'listCustomFields', scopes: ['event/custom-fields:read'] });
    expect(referenceOperation('POST', '/custom-fields')).toEqual({ operationId: 'createCustomField', scopes: ['event/custom-fields:write'] });
  });

  it('POST /custom-fields 201, 400, 401, 403', async () => {
    const path = '/custom-fields';
    choiceField = expectField('POST', path, 201, await api('POST', '/ea/custom-fields', {
      category: 'Session', name: 'Track', code: 'TRACK', type: 'Choice - Multiple Answers', required: false, helpText: 'Pick tracks',
      details: { choices: [{ text: 'Dev' }, { text: 'Ops' }], displayType: 'Vertical' }, pageVisibility: { webinarCreationForm: true },
    })) as typeof choiceField;
    numberField = expectField('POST', path, 201, await api('POST', '/ea/custom-fields', {
      category: 'Session', name: 'Seats', code: 'SEATS', type: 'Open Ended Text - One Line', details: { answerFormat: 'Number', minimum: 1 },
    })) as Field;
    expectField('POST', path, 201, await api('POST', '/ea/custom-fields', { category: 'Event', name: 'Launch', code: 'LAUNCH', type: 'Open Ended Text - Date/Time', details: { format: 'DateOnlyMonthFirst' } }));
    expectField('POST', path, 201, await api('POST', '/ea/custom-fields', { category: 'Contact', name: 'Bio', code: 'BIO', type: 'Open Ended Text - Comment Box', required: false }));
    expectError('POST', path, 400, await api('POST', '/ea/custom-fields', { category: 'Nope', name: 'X', code: 'X', type: 'Open Ended Text - One Line' }));
    expectError('POST', path, 401, await anonymous('POST', '/ea/custom-fields', { category: 'Event', name: 'X', code: 'X', type: 'Open Ended Text - One Line' }));
    expectError('POST', path, 403, await narrow('POST', '/ea/custom-fields', { category: 'Event', name: 'X', code: 'X', type: 'Open Ended Text - One Line' }));
  });

  it('GET /custom-fields 200, 400, 401, 403; GET /custom-fields/{id} 200, 404', async () => {
    expectField('GET', '/custom-fields', 200, await api('GET', `/ea/custom-fields?filter=${encodeURIComponent("category eq 'Session'")}&limit=1`));
    expectField('GET', '/custom-fields', 200, await otherApi('GET', `/ea/custom-fields?filter=${encodeURIComponent("category eq 'Session'")}`));
    expectError('GET', '/custom-fields', 400, await api('GET', '/ea/custom-fields'));
    expectError('GET', '/custom-fields', 401, await anonymous('GET', '/ea/custom-fields'));
    expectError('GET', '/custom-fields', 403, await narrow('GET', '/ea/custom-fields'));
    expectField('GET', '/custom-fields/{customFieldId}', 200, await api('GET', `/ea/custom-fields/${choiceField.id}`));
    expectError('GET', '/custom-fields/{customFieldId}', 404, await api('GET', `/ea/custom-fields/${MISSING}`));
    expectError('GET', '/custom-fields/{customFieldId}', 404, await otherApi('GET', `/ea/custom-fields/${choiceField.id}`));
  });

  it('answers: PUT sessions, events and contacts 200, 400, 404; GET /contacts/{id} carries them', async () => {
    const sessionPath = '/sessions/{id}/custom-fields/{customFieldId}/answers';
    expectOk('PUT', sessionPath, 200, await api('PUT', `/ea/sessions/${session}/custom-fields/${choiceField.id}/answers`, { id: choiceField.id, value: ['Dev', 'Ops'] }));
    expectOk('PUT', sessionPath, 200, await api('PUT', `/ea/sessions/${session}/custom-fields/${numberField.id}/answers`, { value: ['12'] }));
    expectError('PUT', sessionPath, 400, await api('PUT', `/ea/sessions/${session}/custom-fields/${numberField.id}/answers`, { value: ['twelve'] }));
    expectError('PUT', sessionPath, 404, await api('PUT', `/ea/sessions/${MISSING}/custom-fields/${numberField.id}/answers`, { value: ['1'] }));
    expectError('PUT', sessionPath, 404, await otherApi('PUT', `/ea/sessions/${session}/custom-fields/${numberField.id}/answers`, { value: ['1'] }));
    const launch = (await api('GET', `/ea/custom-fields?filter=${encodeURIComponent("category eq 'Event'")}`)).json() as { data: Field[] };
    const eventPath = '/events/{id}/custom-fields/{customFieldId}/answers';
    expectOk('PUT', eventPath, 200, await api('PUT', `/ea/events/${event}/custom-fields/${launch.data[0]!.id}/answers`, { value: ['2027-05-01'] }));
    expectError('PUT', eventPath, 400, await api('PUT', `/ea/events/${event}/custom-fields/${launch.data[0]!.id}/answers`, { value: ['soon'] }));
    expectError('PUT', eventPath, 404, await api('PUT', `/ea/events/${event}/custom-fields/${MISSING}/answers`, { value: ['2027-05-01'] }));
    const bio = (await api('GET', `/ea/custom-fields?filter=${encodeURIComponent("category eq 'Contact'")}`)).json() as { data: Field[] };
    const contactPath = '/contacts/{id}/custom-fields/{customFieldId}/answers';
    expectOk('PUT', contactPath, 200, await api('PUT', `/ea/contacts/${contact}/custom-fields/${bio.data[0]!.id}/answers`, { value: ['Poet\'s daughter'] }));
    expectError('PUT', contactPath, 404, await otherApi('PUT', `/ea/contacts/${contact}/custom-fields/${bio.data[0]!.id}/answers`, { value: ['x'] }));
    const got = expectOk('GET', '/contacts/{id}', 200, await api('GET', `/ea/contacts/${contact}`)) as { customFields: unknown[] };
    expect(got.customFields).toHaveLength(1);
  });

  it('PUT /custom-fields/{id} 200, 400, 404 (and 409 for a choice in use)', async () => {
    const path = '/custom-fields/{customFieldId}';
    const body = (choices: unknown[]) => ({ category: 'Session', name: 'Track', code: 'TRACK', type: 'Choice - Multiple Answers', details: { choices } });
    const [dev, ops] = choiceField.details.choices;
    expectField('PUT', path, 200, await api('PUT', `/ea/custom-fields/${choiceField.id}`, body([{ id: dev!.id, text: 'Development' }, { id: ops!.id, text: 'Ops' }, { text: 'Data' }])));
    expectError('PUT', path, 400, await api('PUT', `/ea/custom-fields/${choiceField.id}`, { ...body([{ text: 'A' }]), type: 'Choice - Single Answer' }));
    expectError('PUT', path, 404, await api('PUT', `/ea/custom-fields/${MISSING}`, body([{ text: 'A' }])));
    const conflict = await api('PUT', `/ea/custom-fields/${choiceField.id}`, body([{ id: dev!.id, text: 'Development' }]));
    expect(conflict.statusCode, conflict.body).toBe(409);
    expect(conflict.json()).toMatchObject({ code: 409, target: 'details.choices' });
  });

  it('PUT /custom-fields/{id}/advanced-logic 200, 400, 404; translations 201, 200, 400, 404', async () => {
    const source = (await api('POST', '/ea/custom-fields', {
      category: 'Session', name: 'Format', code: 'FORMAT', type: 'Choice - Single Answer', details: { choices: [{ text: 'Talk' }, { text: 'Lab' }] },
    })).json() as typeof choiceField;
    const current = (await api('GET', `/ea/custom-fields/${choiceField.id}`)).json() as typeof choiceField;
    const logicPath = '/custom-fields/{customFieldId}/advanced-logic';
    const logic = { sourceCustomFieldId: source.id, defaultChoices: [current.details.choices[0]!.id], sourceChoices: [{ sourceCustomFieldChoice: source.details.choices[1]!.id, choices: [current.details.choices[1]!.id] }] };
    expectOk('PUT', logicPath, 200, await api('PUT', `/ea/custom-fields/${choiceField.id}/advanced-logic`, logic));
    expectError('PUT', logicPath, 400, await api('PUT', `/ea/custom-fields/${numberField.id}/advanced-logic`, logic));
    expectError('PUT', logicPath, 404, await api('PUT', `/ea/custom-fields/${MISSING}/advanced-logic`, logic));
    const trPath = '/custom-fields/{customFieldId}/translations';
    const tr = { language: 'ja-JP', translation: { nameTranslation: 'トラック', helpTextTranslation: '選択', choiceTranslations: [{ choiceId: current.details.choices[0]!.id, translatedText: '開発' }] } };
    expectOk('POST', trPath, 201, await api('POST', `/ea/custom-fields/${choiceField.id}/translations`, tr));
    expectError('POST', trPath, 400, await api('POST', `/ea/custom-fields/${choiceField.id}/translations`, tr));
    expectError('POST', trPath, 404, await otherApi('POST', `/ea/custom-fields/${choiceField.id}/translations`, tr));
    expectOk('PUT', trPath, 200, await api('PUT', `/ea/custom-fields/${choiceField.id}/translations`, { ...tr, language: 'de-DE' }));
    expectError('PUT', trPath, 400, await api('PUT', `/ea/custom-fields/${choiceField.id}/translations`, { ...tr, language: 'xx-XX' }));
    expectError('PUT', trPath, 404, await api('PUT', `/ea/custom-fields/${MISSING}/translations`, tr));
  });
});
