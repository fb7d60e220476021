import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureEvent, fixtureSession } from '../helpers/webcast-fixtures.js';

interface Question { id: string; event: { id: string }; text: string; code?: string; tag?: string; type: string; session?: { id: string }; internalNote?: string }
interface Choice { id: string; text: string; type: string }
interface Page<T> { data: T[]; paging: { nextToken?: string } }

let t: TestApp;
let api: Api;
let otherApi: Api;
let readOnly: Api;
let event: string;
let otherEvent: string;
let session: string;

beforeAll(async () => {
  t = await startTestApp({ build: { worker: false } });
  const tenant = await createTenant(t.services);
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  readOnly = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
  otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
  event = await fixtureEvent(t.services, tenant.accountId);
  otherEvent = await fixtureEvent(t.services, tenant.accountId, 'Virtual', 'Other');
  session = await fixtureSession(t.db.handle.db, tenant.accountId, event);
});
afterAll(async () => {
  await t?.close();
});

describe('event questions', () => {
  it('writes questions and choices with the extensions and reads them as the reference does', async () => {
    const diet = await ok<Question>(api('POST', '/ea/event-questions', { event: { id: event }, text: 'Dietary needs?', code: 'DIET', tag: 'catering', type: 'MultiChoice', internalNote: 'For the caterer' }), 201);
    expect(diet).toMatchObject({ event: { id: event }, text: 'Dietary needs?', code: 'DIET', tag: 'catering', type: 'MultiChoice' });
    await ok<Question>(api('POST', '/ea/event-questions', { event: { id: otherEvent }, text: 'Arrival?', type: 'OpenEndedDateTime' }), 201);
    const workshop = await ok<Question>(api('POST', '/ea/event-questions', { event: { id: event }, text: 'Laptop?', type: 'SingleChoice', session: { id: session } }), 201);
    expect(workshop.session).toEqual({ id: session });
    expect((await api('POST', '/ea/event-questions', { event: { id: otherEvent }, text: 'x', type: 'SingleChoice', session: { id: session } })).statusCode).toBe(400);
    expect((await readOnly('POST', '/ea/event-questions', { event: { id: event }, text: 'x', type: 'SingleChoice' })).statusCode).toBe(403);

    const list = await ok<Page<Question>>(api('GET', `/ea/event-questions?filter=${encodeURIComponent(`event.id eq '${event}'`)}`));
    expect(list.data.map((q) => q.text)).toEqual(['Dietary needs?', 'Laptop?']);
    expect((await ok<Page<Question>>(readOnly('GET', `/ea/event-questions?filter=${encodeURIComponent("tag eq 'catering' and code eq 'DIET'")}`))).data.map((q) => q.id)).toEqual([diet.id]);
    expect((await api('GET', `/ea/event-questions?filter=${encodeURIComponent("text eq 'x'")}`)).statusCode).toBe(400);

    const vegan = await ok<Choice>(api('POST', `/ea/event-questions/${diet.id}/choices`, { text: 'Vegan' }), 201);
    expect(vegan).toMatchObject({ text: 'Vegan', type: 'StandardChoice' });
    await ok<Choice>(api('POST', `/ea/event-questions/${diet.id}/choices`, { text: 'Other', type: 'OtherChoice' }), 201);
    expect((await api('POST', `/ea/event-questions/${diet.id}/choices`, { text: 'vegan' })).statusCode).toBe(400);
    const arrival = (await ok<Page<Question>>(api('GET', `/ea/event-questions?filter=${encodeURIComponent(`event.id eq '${otherEvent}'`)}`))).data[0]!;
    expect((await api('POST', `/ea/event-questions/${arrival.id}/choices`, { text: 'Soon' })).statusCode).toBe(400);
    const choices = await ok<Page<Choice>>(readOnly('GET', `/ea/event-questions/${diet.id}/choices`));
    expect(choices.data.map((c) => [c.text, c.type])).toEqual([['Vegan', 'StandardChoice'], ['Other', 'OtherChoice']]);
    const filtered = await ok<Page<Choice>>(api('GET', `/ea/event-questions/${diet.id}/choices?filter=${encodeURIComponent("text eq 'Other' or text eq 'Vegan'")}`));
    expect(filtered.data).toHaveLength(2);
    expect(await ok<Choice>(api('PUT', `/ea/event-questions/${diet.id}/choices/${vegan.id}`, { text: 'Plant-based' }))).toMatchObject({ id: vegan.id, text: 'Plant-based' });
    expect((await api('DELETE', `/ea/event-questions/${workshop.id}/choices/${vegan.id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/ea/event-questions/${diet.id}/choices/${vegan.id}`)).statusCode).toBe(204);

    expect(await ok<Question>(api('PUT', `/ea/event-questions/${diet.id}`, { event: { id: event }, text: 'Diet?', type: 'MultiChoice' }))).toMatchObject({ text: 'Diet?' });
    expect((await api('PUT', `/ea/event-questions/${diet.id}`, { event: { id: event }, text: 'Diet?', type: 'SingleChoice' })).statusCode).toBe(400);
    expect((await api('DELETE', `/ea/event-questions/${diet.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/ea/event-questions/${diet.id}/choices`)).statusCode).toBe(404);
  });

  it('keeps questions to their account (404)', async () => {
    const q = await ok<Question>(api('POST', '/ea/event-questions', { event: { id: event }, text: 'Mine', type: 'SingleChoice' }), 201);
    expect((await otherApi('GET', `/ea/event-questions/${q.id}/choices`)).statusCode).toBe(404);
    expect((await otherApi('PUT', `/ea/event-questions/${q.id}`, { event: { id: event }, text: 'x', type: 'SingleChoice' })).statusCode).toBe(404);
    expect((await otherApi('POST', '/ea/event-questions', { event: { id: event }, text: 'x', type: 'SingleChoice' })).statusCode).toBe(400);
    expect((await ok<Page<Question>>(otherApi('GET', '/ea/event-questions'))).data).toEqual([]);
  });
});
