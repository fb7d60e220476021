import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, waitFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureEvent, fixtureSession } from '../helpers/webcast-fixtures.js';

interface Choice { id: string; text: string }
interface Field {
  id: string; category: string; name: string; code: string; type: string; required: boolean; order: number;
  details?: { choices?: Choice[]; answerFormat?: string; minimum?: number; maximum?: number; displayType?: string };
}
interface Answer { id: string; name?: string; value: string[]; type?: string; order?: number }
interface Page<T> { data: T[]; paging: { nextToken?: string; totalCount?: number } }

let t: TestApp;
let api: Api;
let otherApi: Api;
let accountId: string;
let event: string;
let session: string;
let contact: string;

const field = (body: Record<string, unknown>) => ok<Field>(api('POST', '/ea/custom-fields', { required: false, ...body }), 201);
const answerSession = (fieldId: string, value: string[], sessionId = session) => api('PUT', `/ea/sessions/${sessionId}/custom-fields/${fieldId}/answers`, { id: fieldId, value });
const sessionAnswers = async () => (await t.services.customFields.answersOf(accountId, session));

beforeAll(async () => {
  t = await startTestApp({ build: { worker: true } });
  const tenant = await createTenant(t.services);
  accountId = tenant.accountId;
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
  event = await fixtureEvent(t.services, accountId);
  session = await fixtureSession(t.db.handle.db, accountId, event);
  const created = await ok<Array<{ status: number; data: { id: string } }>>(api('POST', '/ea/contacts', [{ firstName: 'Rosalind', lastName: 'Franklin', email: 'rosalind@example.test' }]), 207);
  contact = created[0]!.data.id;
});
afterAll(async () => {
  await t?.close();
});

describe('custom fields', () => {
  it('creates fields of every category and type, keeps only the type\'s details, and lists one category at a time', async () => {
    const text = await field({ category: 'Budget Item', name: 'Cost centre', code: 'CF-COST', type: 'Open Ended Text - One Line', details: { answerFormat: 'General', maximum: 20, from: '2027-01-01T00:00:00Z' } });
    expect(text.details).toEqual({ answerFormat: 'General', maximum: 20 });
    const date = await field({ category: 'Event', name: 'Go-live', code: 'CF-DATE', type: 'Open Ended Text - Date/Time', details: { format: 'DateOnlyDayFirst' } });
    expect(date).toMatchObject({ category: 'Event', type: 'Open Ended Text - Date/Time', details: { format: 'DateOnlyDayFirst' }, required: false, active: true, order: 1 });
    const multi = await field({ category: 'Contact', name: 'Interests', code: 'CF-INT', type: 'Choice - Multiple Answers', details: { choices: [{ text: 'AI' }, { text: 'Cloud' }] } });
    expect(multi.details).toMatchObject({ displayType: 'MultiSelectBox', choices: [{ text: 'AI' }, { text: 'Cloud' }] });
    await field({ category: 'Contact', name: 'Notes', code: 'CF-NOTE', type: 'Open Ended Text - Comment Box', details: { maximum: 500 } });
    const page = await ok<Page<Field>>(api('GET', `/ea/custom-fields?filter=${encodeURIComponent("category eq 'Contact'")}`));
    expect(page.data.map((f) => f.code)).toEqual(['CF-INT', 'CF-NOTE']);
    expect(page.data.map((f) => f.order)).toEqual([1, 2]);
    const byCode = await ok<Page<Field>>(api('GET', `/ea/custom-fields?filter=${encodeURIComponent("category eq 'Contact' and code eq 'cf-note'")}`));
    expect(byCode.data.map((f) => f.code)).toEqual(['CF-NOTE']);
    for (const bad of ['', "code eq 'CF-INT'", "category eq 'Contact' or category eq 'Event'", "category ne 'Contact'"]) {
      const res = await api('GET', `/ea/custom-fields${bad === '' ? '' : `?filter=${encodeURIComponent(bad)}`}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ target: 'filter' });
    }
  });

  it('refuses a taken code, an Auto-Increment field, a choice field without choices, and a change of type', async () => {
    const f = await field({ category: 'Session', name: 'Track', code: 'CF-TRACK', type: 'Choice - Single Answer', details: { choices: [{ text: 'Dev' }] } });
    expect((await api('POST', '/ea/custom-fields', { category: 'Session', name: 'X', code: 'cf-track', type: 'Open Ended Text - One Line' })).statusCode).toBe(400);
    expect((await api('POST', '/ea/custom-fields', { category: 'Session', name: 'X', code: 'CF-AUTO', type: 'Auto-Increment' })).statusCode).toBe(400);
    expect((await api('POST', '/ea/custom-fields', { category: 'Session', name: 'X', code: 'CF-EMPTY', type: 'Choice - Single Answer' })).json()).toMatchObject({ code: 400, target: 'details.choices' });
    const res = await api('PUT', `/ea/custom-fields/${f.id}`, { category: 'Session', name: 'Track', code: 'CF-TRACK', type: 'Choice - Multiple Answers', details: { choices: [{ text: 'Dev' }] } });
    expect(res.json()).toMatchObject({ code: 400, target: 'type' });
  });

  it('validates answers by the field\'s type and choices, and a bad answer changes nothing', async () => {
    const budget = await field({ category: 'Session', name: 'Budget', code: 'CF-BUDGET', type: 'Open Ended Text - One Line', details: { answerFormat: 'Number', minimum: 0, maximum: 1000 } });
    const room = await field({ category: 'Session', name: 'Room kind', code: 'CF-ROOM', type: 'Choice - Single Answer', details: { choices: [{ text: 'Theatre' }, { text: 'Classroom' }] } });
    expect(await ok<Answer>(answerSession(budget.id, ['250']))).toEqual({ id: budget.id, name: 'Budget', value: ['250'], order: expect.any(Number), type: 'Number' });
    expect(await ok<Answer>(answerSession(room.id, ['theatre']))).toMatchObject({ value: ['Theatre'], type: 'SingleChoice' });
    const before = await sessionAnswers();

    const text = await answerSession(budget.id, ['lots']);
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ target: 'value[0]' });
    expect((text.json() as { message: string }).message).toContain("'Budget'");
    expect((text.json() as { message: string }).message).toContain("'lots'");
    expect((await answerSession(budget.id, ['5000'])).statusCode).toBe(400);
    const unknown = await answerSession(room.id, ['Ballroom']);
    expect(unknown.statusCode).toBe(400);
    expect((unknown.json() as { message: string }).message).toContain("'Ballroom', which is not one of its choices");
    expect((await answerSession(room.id, ['Theatre', 'Classroom'])).statusCode).toBe(400);
    const contactField = (await ok<Page<Field>>(api('GET', `/ea/custom-fields?filter=${encodeURIComponent("category eq 'Contact' and code eq 'CF-INT'")}`))).data[0]!;
    expect((await answerSession(contactField.id, ['AI'])).json()).toMatchObject({ code: 400, target: 'customFieldId' });
    expect(await sessionAnswers()).toEqual(before);
  });

  it('refuses with 409 to remove a choice that answers use, and nothing changes; an unused choice goes', async () => {
    const f = await field({ category: 'Session', name: 'Level', code: 'CF-LEVEL', type: 'Choice - Multiple Answers', details: { choices: [{ text: 'Intro' }, { text: 'Expert' }, { text: 'Unused' }] } });
    const [intro, expert] = f.details!.choices!;
    await ok<Answer>(answerSession(f.id, ['Intro', 'Expert']));
    const body = (choices: Array<Partial<Choice>>) => ({ category: 'Session', name: 'Level', code: 'CF-LEVEL', type: 'Choice - Multiple Answers', details: { choices } });
    const refused = await api('PUT', `/ea/custom-fields/${f.id}`, body([{ id: intro!.id, text: 'Introductory' }]));
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { message: string }).message).toContain("'Expert'");
    expect((await ok<Field>(api('GET', `/ea/custom-fields/${f.id}`))).details!.choices!.map((c) => c.text)).toEqual(['Intro', 'Expert', 'Unused']);
    const renamed = await ok<Field>(api('PUT', `/ea/custom-fields/${f.id}`, body([{ id: intro!.id, text: 'Introductory' }, { id: expert!.id, text: 'Expert' }, { text: 'New' }])));
    expect(renamed.details!.choices!.map((c) => c.text)).toEqual(['Introductory', 'Expert', 'New']);
    expect(renamed.details!.choices![0]!.id).toBe(intro!.id);
    // The answer follows the choice's new text (answers hold choice ids).
    expect((await sessionAnswers()).find((a) => a.id === f.id)).toMatchObject({ value: ['Introductory', 'Expert'] });
  });

  it('answers event and contact fields; GET /contacts/{id} carries the contact\'s answers; a required field cannot be emptied', async () => {
    const interests = (await ok<Page<Field>>(api('GET', `/ea/custom-fields?filter=${encodeURIComponent("category eq 'Contact' and code eq 'CF-INT'")}`))).data[0]!;
    await ok<Answer>(api('PUT', `/ea/contacts/${contact}/custom-fields/${interests.id}/answers`, { value: ['Cloud', 'AI'] }));
    const got = await ok<{ customFields?: Answer[] }>(api('GET', `/ea/contacts/${contact}`));
    expect(got.customFields).toEqual([{ id: interests.id, name: 'Interests', value: ['AI', 'Cloud'], order: 1, type: 'MultiChoice' }]);
    const region = await field({ category: 'Event', name: 'Region', code: 'CF-REGION', type: 'Open Ended Text - One Line', required: true });
    expect(await ok<Answer>(api('PUT', `/ea/events/${event}/custom-fields/${region.id}/answers`, { value: ['EMEA'] }))).toMatchObject({ value: ['EMEA'], type: 'General' });
    expect((await api('PUT', `/ea/events/${event}/custom-fields/${region.id}/answers`, { value: [] })).statusCode).toBe(400);
    expect((await api('PUT', `/ea/events/${event}/custom-fields/${region.id}/answers`, { value: ['A', 'B'] })).statusCode).toBe(400);
    // GET /events/{id} carries the event's answers (the reference's event.customFields), the refused ones changed nothing.
    const read = await ok<{ customFields?: Answer[] }>(api('GET', `/ea/events/${event}`));
    expect(read.customFields?.find((a) => a.id === region.id)).toMatchObject({ value: ['EMEA'] });
  });

  it('sets advanced logic and translations, checking choice ids', async () => {
    const source = await field({ category: 'Contact', name: 'Country', code: 'CF-COUNTRY', type: 'Choice - Single Answer', details: { choices: [{ text: 'France' }, { text: 'Japan' }] } });
    const city = await field({ category: 'Contact', name: 'City', code: 'CF-CITY', type: 'Choice - Single Answer', details: { choices: [{ text: 'Paris' }, { text: 'Tokyo' }] } });
    const [france] = source.details!.choices!;
    const [paris, tokyo] = city.details!.choices!;
    const logic = { sourceCustomFieldId: source.id, defaultChoices: [paris!.id, tokyo!.id], sourceChoices: [{ sourceCustomFieldChoice: france!.id, choices: [paris!.id] }] };
    expect(await ok(api('PUT', `/ea/custom-fields/${city.id}/advanced-logic`, logic))).toEqual(logic);
    expect((await api('PUT', `/ea/custom-fields/${city.id}/advanced-logic`, { ...logic, defaultChoices: [france!.id] })).statusCode).toBe(400);
    expect((await api('PUT', `/ea/custom-fields/${city.id}/advanced-logic`, { sourceCustomFieldId: city.id })).statusCode).toBe(400);
    const fr = { language: 'fr-FR', translation: { nameTranslation: 'Ville', choiceTranslations: [{ choiceId: tokyo!.id, translatedText: 'Tokyo' }] } };
    expect(await ok(api('POST', `/ea/custom-fields/${city.id}/translations`, fr), 201)).toEqual(fr);
    expect((await api('POST', `/ea/custom-fields/${city.id}/translations`, fr)).statusCode).toBe(400);
    expect(await ok(api('PUT', `/ea/custom-fields/${city.id}/translations`, { ...fr, translation: { nameTranslation: 'Cité' } }))).toMatchObject({ translation: { nameTranslation: 'Cité' } });
    const wrong = { language: 'de-DE', translation: { choiceTranslations: [{ choiceId: france!.id, translatedText: 'Frankreich' }] } };
    expect((await api('POST', `/ea/custom-fields/${city.id}/translations`, wrong)).statusCode).toBe(400);
  });

  it('keeps answers and fields to their account (404), and a deleted session loses its answers', async () => {
    const f = (await ok<Page<Field>>(api('GET', `/ea/custom-fields?filter=${encodeURIComponent("category eq 'Session' and code eq 'CF-BUDGET'")}`))).data[0]!;
    expect((await otherApi('GET', `/ea/custom-fields/${f.id}`)).statusCode).toBe(404);
    expect((await otherApi('PUT', `/ea/sessions/${session}/custom-fields/${f.id}/answers`, { value: ['1'] })).statusCode).toBe(404);
    expect((await ok<Page<Field>>(otherApi('GET', `/ea/custom-fields?filter=${encodeURIComponent("category eq 'Session'")}`))).data).toEqual([]);
    const doomed = await fixtureSession(t.db.handle.db, accountId, event);
    await ok<Answer>(answerSession(f.id, ['3'], doomed));
    // GET /sessions/{id} carries the session's answers (the reference's session.customFields).
    const read = await ok<{ customFields?: Answer[] }>(api('GET', `/ea/sessions/${doomed}`));
    expect(read.customFields).toEqual([expect.objectContaining({ id: f.id, value: ['3'] })]);
    expect((await api('DELETE', `/ea/sessions/${doomed}`)).statusCode).toBe(204);
    expect(await t.services.customFields.answersOf(accountId, doomed)).toEqual([]);
  });

  it('erases a contact\'s answers when the contact is obfuscated', async () => {
    await t.services.accounts.setFeature(accountId, 'contact-obfuscation', true);
    const notes = (await ok<Page<Field>>(api('GET', `/ea/custom-fields?filter=${encodeURIComponent("category eq 'Contact' and code eq 'CF-NOTE'")}`))).data[0]!;
    await ok<Answer>(api('PUT', `/ea/contacts/${contact}/custom-fields/${notes.id}/answers`, { value: ['Rosalind likes X-ray crystallography'] }));
    const other = (await ok<Array<{ data: { id: string } }>>(api('POST', '/ea/contacts', [{ firstName: 'Maurice', lastName: 'Wilkins', email: 'maurice@example.test' }]), 207))[0]!.data.id;
    await ok<Answer>(api('PUT', `/ea/contacts/${other}/custom-fields/${notes.id}/answers`, { value: ['Worked with rosalind@example.test'] }));
    const start = await ok<{ obfuscateId: string }>(api('POST', `/ea/contacts/${contact}/obfuscate`), 202);
    await waitFor(async () => ((await api('GET', `/ea/contacts/obfuscate/${start.obfuscateId}/status`)).json() as { status: string }).status === 'COMPLETED', 20_000, 'obfuscation');
    expect(await t.services.customFields.answersOf(accountId, contact)).toEqual([]);
    const left = await t.services.customFields.answersOf(accountId, other);
    expect(left[0]!.value[0]).not.toContain('rosalind@example.test');
  });
});
