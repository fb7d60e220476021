import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seed.js';
import { apiClient, createTenant, startTestApp, tokenFor, waitFor, type Api, type TestApp, type Tenant } from '../helpers/app.js';
import { sampleSession, workflowAttendee, workflowEvent } from '../helpers/workflow.js';

interface Page<T> { paging: { totalCount: number }; data: T[] }
interface Row { id: string; [k: string]: unknown }
interface Question extends Row { choices?: { id: string; text: string }[]; categories?: { id: string }[] }

let t: TestApp;
let tenant: Tenant;
let api: Api;
let eventId: string;
let attendeeId: string;
let contactId: string;

const json = <T>(res: { statusCode: number; body: string; json: () => unknown }, status: number): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};

beforeAll(async () => {
  t = await startTestApp({ build: { worker: true } });
  tenant = await createTenant(t.services);
  await t.services.accounts.setFeature(tenant.accountId, 'compliance-communications', true);
  await t.services.accounts.setFeature(tenant.accountId, 'contact-obfuscation', true);
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  eventId = await workflowEvent(t.services, tenant.accountId);
  attendeeId = await workflowAttendee(t.db.handle.db, tenant.accountId, eventId);
  contactId = (await t.services.attendees.get(tenant.accountId, attendeeId)).contact.id as string;
});
afterAll(async () => {
  await t?.close();
});

/** A standalone survey with a required single choice (code Q1), a number (Q2) and a free text (Q3) question, and a template. */
async function standaloneSurvey(a: Api = api) {
  const survey = json<Row>(await a('POST', '/ea/standard-surveys', { title: 'Customer feedback', code: 'CF' }), 201);
  const q1 = json<Question>(await a('POST', `/ea/standard-surveys/${survey.id}/questions`, {
    text: 'How was it?', code: 'Q1', type: 'SingleChoice', required: true, choices: [{ text: 'Good' }, { text: 'Bad' }],
  }), 201);
  const q2 = json<Question>(await a('POST', `/ea/standard-surveys/${survey.id}/questions`, { text: 'How many people?', code: 'Q2', type: 'Number' }), 201);
  const q3 = json<Question>(await a('POST', `/ea/standard-surveys/${survey.id}/questions`, { text: 'Anything else?', code: 'Q3', type: 'CommentBox' }), 201);
  const template = json<Row>(await a('POST', `/ea/standard-surveys/${survey.id}/email-templates`, {
    name: 'Invitation', subject: 'Tell us about {{surveyTitle}}', plaintextBody: 'Hello {{firstName}}, your code is {{responseCode}}.',
  }), 201);
  return { survey, q1, q2, q3, template };
}

describe('surveys: a standalone survey end to end', () => {
  it('sends the invitation, takes the answers, lists them, records the activity and archives the email', async () => {
    const { survey, q1, q2, q3, template } = await standaloneSurvey();
    const respondent = json<Row>(await api('POST', `/ea/standard-surveys/${survey.id}/respondents`, { contact: { id: contactId }, attendee: { id: attendeeId } }), 201);
    expect(respondent).toMatchObject({ contact: { id: contactId }, attendee: { id: attendeeId }, status: 'No Response', respondedThrough: 'Not Responded' });

    // (1) the invitation.
    const sent = await api('POST', `/ea/standard-surveys/${survey.id}/respondents/${respondent.id}/email-templates/${template.id}/email`);
    expect(json(sent, 201)).toEqual({ survey: { id: survey.id }, respondent: { id: respondent.id }, emailTemplate: { id: template.id } });

    // (2) the respondent answers.
    const choice = q1.choices?.[0]?.id as string;
    const r1 = json<Row>(await api('POST', `/ea/standard-surveys/${survey.id}/respondents/${respondent.id}/responses`, {
      question: { id: q1.id }, answers: [{ type: 'Choice', choice: { id: choice } }],
    }), 201);
    expect(r1).toMatchObject({ survey: { id: survey.id }, respondent: { id: respondent.id }, question: { id: q1.id }, answers: [{ type: 'Choice', choice: { id: choice } }] });
    json(await api('POST', `/ea/standard-surveys/${survey.id}/respondents/${respondent.id}/responses`, {
      question: { id: q2.id }, answers: [{ type: 'Text', value: '42' }],
    }), 201);
    const r3 = json<Row>(await api('POST', `/ea/standard-surveys/${survey.id}/respondents/${respondent.id}/responses`, {
      question: { id: q3.id }, answers: [{ type: 'Text', value: 'Great coffee' }],
    }), 201);
    const updated = json<Row>(await api('PUT', `/ea/standard-surveys/${survey.id}/respondents/${respondent.id}/responses/${r3.id}`, {
      question: { id: q3.id }, answers: [{ type: 'Text', value: 'Great coffee, thanks' }],
    }), 200);
    expect(updated['answers']).toEqual([{ type: 'Text', value: 'Great coffee, thanks' }]);

    // (3) listed.
    const listed = json<Page<Row>>(await api('GET', `/ea/standard-surveys/responses?filter=${encodeURIComponent(`survey.id eq '${survey.id}'`)}`), 200);
    expect(listed.data.map((r) => r.id)).toContain(r1.id);
    expect(listed.paging.totalCount).toBe(3);
    const all = json<Page<Row>>(await api('GET', `/ea/responses?filter=${encodeURIComponent(`respondent.id eq '${respondent.id}'`)}`), 200);
    expect(all.data).toHaveLength(3);
    const who = json<Page<Row>>(await api('GET', `/ea/standard-surveys/${survey.id}/respondents`), 200);
    expect(who.data[0]).toMatchObject({ id: respondent.id, status: 'Complete Response', respondedThrough: 'API' });
    const surveys = json<Page<Row>>(await api('GET', `/ea/standard-surveys?filter=${encodeURIComponent("code eq 'CF'")}`), 200);
    expect(surveys.data.find((s) => s.id === survey.id)).toMatchObject({ responseCount: 1, status: 'Active' });

    // (4) each response is an activity of the respondent's attendee (the update too).
    const acts = json<Page<Row>>(await api('GET', `/ea/attendees/activities?filter=${encodeURIComponent(`attendee.id eq '${attendeeId}' and type eq 'event.feedbackSubmitted'`)}`), 200);
    expect(acts.data).toHaveLength(4);
    expect(acts.data[0]).toMatchObject({ event: { id: eventId }, data: { event: { id: eventId }, survey: { id: survey.id, responseMethod: 'API' } } });

    // (5) the invitation is in the compliance archive, with its content.
    const msgs = json<Page<{ id: string; type: string; tags?: Record<string, string>; message: Record<string, unknown> }>>(
      await api('GET', `/ea/logs/communications/messages?filter=${encodeURIComponent("type eq 'email'")}`), 200);
    const archived = msgs.data.find((m) => m.tags?.['surveyId'] === survey.id);
    expect(archived?.tags).toMatchObject({ respondentId: respondent.id, emailTemplateId: template.id });
    const link = new URL(String(archived?.message['link']));
    const raw = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(raw.statusCode).toBe(200);
    expect(raw.body).toContain('Tell us about Customer feedback');
    expect(raw.body).toContain(String(respondent['responseCode']));
  });

  it('does not archive the invitation when the account has compliance communications off (it is still sent)', async () => {
    const off = await createTenant(t.services);
    const a = apiClient(t.app, await tokenFor(t.app, off));
    const evt = await workflowEvent(t.services, off.accountId);
    const att = await workflowAttendee(t.db.handle.db, off.accountId, evt);
    const contact = (await t.services.attendees.get(off.accountId, att)).contact.id as string;
    const { survey, template } = await standaloneSurvey(a);
    const respondent = json<Row>(await a('POST', `/ea/standard-surveys/${survey.id}/respondents`, { contact: { id: contact } }), 201);
    json(await a('POST', `/ea/standard-surveys/${survey.id}/respondents/${respondent.id}/email-templates/${template.id}/email`), 201);
    const outbox = await t.db.handle.db.selectFrom('mail_outbox').select('subject').where('account_id', '=', off.accountId).execute();
    expect(outbox.map((m) => m.subject)).toEqual(['Tell us about Customer feedback']);
    const archived = await t.db.handle.db.selectFrom('communication_messages').select('id').where('account_id', '=', off.accountId).execute();
    expect(archived).toHaveLength(0);
  });
});

describe('surveys: answers are checked against their question', () => {
  it('answers 400 naming the question for an unknown choice, a required question left empty, a wrong type; nothing is stored', async () => {
    const { survey, q1, q2 } = await standaloneSurvey();
    const respondent = json<Row>(await api('POST', `/ea/standard-surveys/${survey.id}/respondents`, { contact: { id: contactId }, attendee: { id: attendeeId } }), 201);
    const post = (body: unknown) => api('POST', `/ea/standard-surveys/${survey.id}/respondents/${respondent.id}/responses`, body);
    const activities = async () => json<Page<Row>>(await api('GET', `/ea/attendees/activities?filter=${encodeURIComponent(`attendee.id eq '${attendeeId}'`)}`), 200).paging.totalCount;
    const before = await activities();

    const unknown = json<{ message: string; target: string }>(await post({ question: { id: q1.id }, answers: [{ type: 'Choice', choice: { id: '0190a1b2-0000-7000-8000-000000000000' } }] }), 400);
    expect(unknown.message).toContain(`Question 'Q1' (${q1.id})`);
    expect(unknown.message).toContain('is not one of its choices');
    expect(unknown.target).toBe('answers[0].choice.id');

    const empty = json<{ message: string }>(await post({ question: { id: q1.id }, answers: [{ type: 'Comment', value: '' }] }), 400);
    expect(empty.message).toContain("Question 'Q1'");
    const emptyChoice = json<{ message: string }>(await post({ question: { id: q2.id }, answers: [{ type: 'Choice', choice: { id: q1.choices?.[0]?.id } }] }), 400);
    expect(emptyChoice.message).toContain("Question 'Q2'");

    const notNumber = json<{ message: string; target: string }>(await post({ question: { id: q2.id }, answers: [{ type: 'Text', value: 'many' }] }), 400);
    expect(notNumber.message).toContain("Question 'Q2'");
    expect(notNumber.message).toContain('takes a number');
    const twoChoices = json<{ message: string }>(await post({
      question: { id: q1.id }, answers: (q1.choices ?? []).map((c) => ({ type: 'Choice', choice: { id: c.id } })),
    }), 400);
    expect(twoChoices.message).toContain('takes one choice');
    json(await post({ question: { id: '0190a1b2-0000-7000-8000-000000000000' }, answers: [{ type: 'Text', value: 'x' }] }), 400);
    json(await post({ question: { id: q1.id }, answers: [] }), 400);

    expect(json<Page<Row>>(await api('GET', `/ea/responses?filter=${encodeURIComponent(`respondent.id eq '${respondent.id}'`)}`), 200).data).toHaveLength(0);
    expect(await activities()).toBe(before);
    const who = json<Page<Row>>(await api('GET', `/ea/standard-surveys/${survey.id}/respondents`), 200);
    expect(who.data[0]).toMatchObject({ status: 'No Response', respondedThrough: 'Not Responded' });
  });

  it('checks matrix, form, rank order and large choice questions', async () => {
    const survey = json<Row>(await api('POST', '/ea/standard-surveys', { title: 'Shapes' }), 201);
    const add = async (body: Record<string, unknown>) => json<Question & { fields?: { id: string; choices?: { id: string }[] }[] }>(
      await api('POST', `/ea/standard-surveys/${survey.id}/questions`, body), 201);
    const matrix = await add({ text: 'Rate', code: 'M', type: 'MatrixSingleChoice', required: true, choices: [{ text: '1' }, { text: '2' }], categories: [{ text: 'Food' }, { text: 'Venue' }] });
    const form = await add({ text: 'You', code: 'F', type: 'Form', fields: [{ text: 'Age', type: 'Number', required: true }, { text: 'Size', type: 'SingleChoice', choices: [{ text: 'S' }] }] });
    const rank = await add({ text: 'Order', code: 'R', type: 'RankOrder', choices: [{ text: 'a' }, { text: 'b' }] });
    const large = await add({ text: 'Country', code: 'L', type: 'LargeChoices', largeChoices: ['France', 'Peru'] });
    json(await api('POST', `/ea/standard-surveys/${survey.id}/questions`, { text: 'No choices', type: 'SingleChoice' }), 400);
    const respondent = json<Row>(await api('POST', `/ea/standard-surveys/${survey.id}/respondents`, { contact: { id: contactId } }), 201);
    const post = (question: string, answers: unknown[]) => api('POST', `/ea/standard-surveys/${survey.id}/respondents/${respondent.id}/responses`, { question: { id: question }, answers });
    const [c1, c2] = (matrix.choices ?? []).map((c) => c.id);
    const [food, venue] = (matrix.categories ?? []).map((c) => c.id);
    expect(json<{ message: string }>(await post(matrix.id, [{ type: 'Choice', choice: { id: c1 }, category: { id: food } }]), 400).message).toContain("Question 'M'");
    json(await post(matrix.id, [{ type: 'Choice', choice: { id: c1 }, category: { id: food } }, { type: 'Choice', choice: { id: c2 }, category: { id: venue } }]), 201);
    const [age, size] = form.fields ?? [];
    expect(json<{ message: string }>(await post(form.id, [{ type: 'Text', value: 'old', field: { id: age?.id } }]), 400).message).toContain('takes a number');
    json(await post(form.id, [{ type: 'Text', value: '30', field: { id: age?.id } }, { type: 'Choice', choice: { id: size?.choices?.[0]?.id }, field: { id: size?.id } }]), 201);
    const [ra, rb] = (rank.choices ?? []).map((c) => c.id);
    json(await post(rank.id, [{ type: 'Choice', choice: { id: ra }, value: '1' }, { type: 'Choice', choice: { id: rb }, value: '1' }]), 400);
    json(await post(rank.id, [{ type: 'Choice', choice: { id: ra }, value: '2' }, { type: 'Choice', choice: { id: rb }, value: '1' }]), 201);
    const choices = json<Page<{ id: string; text: string }>>(await api('GET', `/ea/large-choices?filter=${encodeURIComponent(`question.id eq '${large.id}'`)}`), 200);
    expect(choices.data.map((c) => c.text)).toEqual(['France', 'Peru']);
    json(await post(large.id, [{ type: 'Choice', choice: { id: c1 } }]), 400);
    json(await post(large.id, [{ type: 'Choice', choice: { id: choices.data[1]?.id } }]), 201);
  });
});

describe('surveys: event surveys', () => {
  it('creates an event survey, its respondents and responses; responses are feedback activities', async () => {
    const s = json<Row>(await api('POST', `/ea/events/${eventId}/surveys`, { title: 'Event feedback', type: 'Event Feedback' }), 201);
    expect(s).toMatchObject({ type: 'Event Feedback', sessions: [] });
    const q = json<Question>(await api('POST', `/ea/events/${eventId}/surveys/${s.id}/questions`, { text: 'Rate us', type: 'NetPromoter', required: true, choices: [{ text: '0' }, { text: '10' }] }), 201);
    expect(q).toMatchObject({ survey: { id: s['parentId'] }, event: { id: eventId } });
    const respondent = json<Row>(await api('POST', `/ea/events/${eventId}/surveys/${s.id}/respondents`, { attendee: { id: attendeeId }, localeId: 'en-US' }), 201);
    expect(respondent).toMatchObject({ event: { id: eventId }, attendee: { id: attendeeId }, contact: { id: contactId } });
    json(await api('PUT', `/ea/events/${eventId}/surveys/${s.id}/respondents/${respondent.id}`, { attendee: { id: attendeeId }, referenceId: 'weblink-2' }), 200);
    const other = await workflowEvent(t.services, tenant.accountId);
    const stranger = await workflowAttendee(t.db.handle.db, tenant.accountId, other);
    json(await api('POST', `/ea/events/${eventId}/surveys/${s.id}/respondents`, { attendee: { id: stranger } }), 400);

    const response = json<Row>(await api('POST', `/ea/events/${eventId}/surveys/${s.id}/respondents/${respondent.id}/responses`, {
      question: { id: q.id }, answers: [{ type: 'Choice', choice: { id: q.choices?.[1]?.id } }],
    }), 201);
    expect(response).toMatchObject({ event: { id: eventId }, survey: { id: s['parentId'] } });
    const listed = json<Page<Row>>(await api('GET', `/ea/events/${eventId}/surveys/${s.id}/responses`), 200);
    expect(listed.data.map((r) => r.id)).toEqual([response.id]);
    const everywhere = json<Page<Row>>(await api('GET', `/ea/events/surveys/responses?filter=${encodeURIComponent(`event.id eq '${eventId}'`)}`), 200);
    expect(everywhere.data.map((r) => r.id)).toEqual([response.id]);
    const ofEvent = json<Page<Row>>(await api('GET', `/ea/events/${eventId}/surveys`), 200);
    expect(ofEvent.data.map((x) => x.id)).toContain(s.id);
    const accountWide = json<Page<Row>>(await api('GET', `/ea/surveys?filter=${encodeURIComponent("type eq 'Event'")}`), 200);
    expect(accountWide.data.find((x) => x.id === s['parentId'])).toMatchObject({ type: 'Event', events: [{ id: eventId }], responseCount: 1 });
    const acts = json<Page<Row>>(await api('GET', `/ea/attendees/activities?filter=${encodeURIComponent(`data.id eq '${response.id}'`)}`), 200);
    expect(acts.data).toHaveLength(1);
    expect(acts.data[0]).toMatchObject({ type: 'event.feedbackSubmitted', attendee: { id: attendeeId } });
  });

  it('takes session feedback for the survey\'s sessions only: session.feedbackSubmitted activities', async () => {
    const session = json<Row>(await api('POST', '/ea/sessions', sampleSession(eventId, { title: 'Survey talk' })), 201);
    const other = await workflowEvent(t.services, tenant.accountId);
    const elsewhere = json<Row>(await api('POST', '/ea/sessions', sampleSession(other, { title: 'Elsewhere' })), 201);
    const bad = json<{ target: string }>(await api('POST', `/ea/events/${eventId}/surveys`, { title: 'S', type: 'Session Feedback', sessions: [elsewhere.id] }), 400);
    expect(bad.target).toBe('sessions[0]');
    const s = json<Row>(await api('POST', `/ea/events/${eventId}/surveys`, { title: 'Talk feedback', type: 'Session Feedback', sessions: [session.id] }), 201);
    expect(s).toMatchObject({ sessions: [session.id], sessionMatch: 'Only certain sessions' });
    const q = json<Question>(await api('POST', `/ea/events/${eventId}/surveys/${s.id}/questions`, { text: 'Good talk?', type: 'Text', required: true }), 201);
    const r = json<Row>(await api('POST', `/ea/events/${eventId}/surveys/${s.id}/respondents`, { attendee: { id: attendeeId } }), 201);
    const post = (body: Record<string, unknown>) => api('POST', `/ea/events/${eventId}/surveys/${s.id}/respondents/${r.id}/responses`, {
      question: { id: q.id }, answers: [{ type: 'Text', value: 'Yes' }], ...body,
    });
    expect(json<{ target: string }>(await post({ session: { id: elsewhere.id } }), 400).target).toBe('session.id');
    const response = json<Row>(await post({ session: { id: session.id } }), 201);
    expect(response).toMatchObject({ session: { id: session.id } });
    const acts = json<Page<Row>>(await api('GET', `/ea/attendees/activities?filter=${encodeURIComponent(`data.id eq '${response.id}'`)}`), 200);
    expect(acts.data[0]).toMatchObject({ type: 'session.feedbackSubmitted', data: { session: { id: session.id }, survey: { id: s['parentId'] } } });
    const bySession = json<Page<Row>>(await api('GET', `/ea/events/surveys/responses?filter=${encodeURIComponent(`session.id eq '${session.id}'`)}`), 200);
    expect(bySession.data.map((x) => x.id)).toEqual([response.id]);
  });

  it('serves /events/surveys/responses as its own path while /events/{id} still checks its id', async () => {
    expect((await api('GET', '/ea/events/surveys/responses')).statusCode).toBe(200);
    expect((await api('GET', '/ea/events/not-a-uuid/surveys')).statusCode).toBe(404);
    expect((await api('GET', '/ea/events/surveys')).statusCode).toBe(404);
    expect((await api('GET', '/ea/events/0190a1b2-0000-7000-8000-000000000000/surveys')).statusCode).toBe(404);
    expect((await api('GET', `/ea/events/${eventId}`)).statusCode).toBe(200);
  });
});

describe('surveys: tenancy and erasure', () => {
  it("gives account B a 404 for A's surveys, respondents and responses, and lists none of them", async () => {
    const { survey, q1, template } = await standaloneSurvey();
    const respondent = json<Row>(await api('POST', `/ea/standard-surveys/${survey.id}/respondents`, { contact: { id: contactId } }), 201);
    const response = json<Row>(await api('POST', `/ea/standard-surveys/${survey.id}/respondents/${respondent.id}/responses`, {
      question: { id: q1.id }, answers: [{ type: 'Choice', choice: { id: q1.choices?.[0]?.id } }],
    }), 201);
    const es = json<Row>(await api('POST', `/ea/events/${eventId}/surveys`, { title: 'Mine' }), 201);
    const b = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
    const base = `/ea/standard-surveys/${survey.id}`;
    for (const [method, url, body] of [
      ['GET', `${base}/questions`], ['GET', `${base}/respondents`], ['GET', `${base}/email-templates`],
      ['POST', `${base}/questions`, { text: 'x', type: 'Text' }],
      ['POST', `${base}/respondents`, { contact: { id: contactId } }],
      ['PUT', `${base}/respondents/${respondent.id}`, { contact: { id: contactId } }],
      ['POST', `${base}/respondents/${respondent.id}/responses`, { question: { id: q1.id }, answers: [{ type: 'Text', value: 'x' }] }],
      ['PUT', `${base}/respondents/${respondent.id}/responses/${response.id}`, { question: { id: q1.id }, answers: [{ type: 'Text', value: 'x' }] }],
      ['POST', `${base}/respondents/${respondent.id}/email-templates/${template.id}/email`],
      ['GET', `/ea/events/${eventId}/surveys`], ['GET', `/ea/events/${eventId}/surveys/${es.id}/questions`],
    ] as const) {
      const res = await b(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    for (const list of ['/ea/surveys', '/ea/standard-surveys', '/ea/questions', '/ea/respondents', '/ea/responses', '/ea/standard-surveys/responses', '/ea/events/surveys/responses', '/ea/large-choices']) {
      expect(json<Page<Row>>(await b('GET', list), 200).data, list).toEqual([]);
    }
  });

  it('erases what a contact typed into its responses when it is obfuscated', async () => {
    const { survey, q3 } = await standaloneSurvey();
    const att = await workflowAttendee(t.db.handle.db, tenant.accountId, eventId);
    const contact = (await t.services.attendees.get(tenant.accountId, att)).contact.id as string;
    const respondent = json<Row>(await api('POST', `/ea/standard-surveys/${survey.id}/respondents`, { contact: { id: contact }, sourceId: 'crm-77' }), 201);
    json(await api('POST', `/ea/standard-surveys/${survey.id}/respondents/${respondent.id}/responses`, { question: { id: q3.id }, answers: [{ type: 'Text', value: 'My phone is 555 0100' }] }), 201);
    const start = await api('POST', `/ea/contacts/${contact}/obfuscate`);
    expect(start.statusCode, start.body).toBe(202);
    const { obfuscateId } = start.json() as { obfuscateId: string };
    await waitFor(async () => (json<{ status: string }>(await api('GET', `/ea/contacts/obfuscate/${obfuscateId}/status`), 200)).status === 'COMPLETED', 30_000, 'obfuscation');
    const responses = json<Page<Row>>(await api('GET', `/ea/responses?filter=${encodeURIComponent(`respondent.id eq '${respondent.id}'`)}`), 200);
    expect(responses.data[0]?.['answers']).toEqual([{ type: 'Text', value: '[obfuscated]' }]);
    const who = json<Page<Row>>(await api('GET', `/ea/standard-surveys/${survey.id}/respondents`), 200);
    expect(who.data[0]?.['sourceId']).toBeUndefined();
  });
});

describe('surveys: the demo account', () => {
  it('carries an answered event survey, a poll to try (text, single choice, rating) and a standalone survey ready to send, and holds the survey scopes', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'eventline-demo-surveys-'));
    const demo = await startTestApp({ env: { DATA_DIR: dataDir }, build: { worker: false } });
    try {
      const { credentials } = await seedDemo(demo.services, demo.config);
      if (!credentials) throw new Error('the demo was not seeded');
      // The survey scopes are in the catalogue the portal lists, and the demo workspace and application hold them all.
      const surveyScopes = demo.services.portal.scopes().map((x) => x.name).filter((n) => n.startsWith('survey/'));
      expect(surveyScopes).toHaveLength(22);
      expect(surveyScopes).toEqual(expect.arrayContaining(['survey/standard-survey-email:write', 'survey/standard-surveys:write', 'survey/questions:read']));
      const [workspace] = await demo.services.accounts.listWorkspaces(credentials.accountId);
      expect(workspace?.scopes).toEqual(expect.arrayContaining(surveyScopes));
      const [application] = await demo.services.accounts.listApplications(credentials.accountId);
      expect(application?.scopes).toEqual(expect.arrayContaining(surveyScopes));
      const a = apiClient(demo.app, await tokenFor(demo.app, credentials, surveyScopes.join(' ')));
      const surveys = json<Page<Row>>(await a('GET', '/ea/surveys'), 200).data;
      expect(surveys.map((s) => [s['type'], s['title']])).toEqual([
        ['Event', 'Summit feedback'], ['Event', 'Summit quick poll'], ['Standalone', 'Demo Co customer follow-up'],
      ]);
      const event = surveys[0] as Row & { events: { id: string }[] };
      const eventPath = `/ea/events/${event.events[0]?.id ?? ''}/surveys`;
      const ofEvent = json<Page<Row>>(await a('GET', eventPath), 200).data;
      expect(json<Page<Row>>(await a('GET', `${eventPath}/${ofEvent[0]?.id ?? ''}/responses`), 200).data).toHaveLength(4);

      // The poll: a text, a single-choice and a rating question, unanswered, each answered here as a user would try it.
      const poll = ofEvent.find((s) => s['title'] === 'Summit quick poll');
      const pollPath = `${eventPath}/${poll?.id ?? ''}`;
      const questions = json<Page<Row & { choices?: { id: string }[] }>>(await a('GET', `${pollPath}/questions`), 200).data;
      expect(questions.map((q) => [q['code'], q['type']])).toEqual([['ROLE', 'Text'], ['TRACK', 'SingleChoice'], ['VENUE', 'Rating']]);
      expect(json<Page<Row>>(await a('GET', `${pollPath}/responses`), 200).data).toEqual([]);
      const [feedbackRespondent] = json<Page<Row & { attendee: { id: string } }>>(await a('GET', `${eventPath}/${ofEvent[0]?.id ?? ''}/respondents`), 200).data;
      const pollRespondent = json<Row>(await a('POST', `${pollPath}/respondents`, { attendee: { id: feedbackRespondent?.attendee.id } }), 201);
      const [role, track, venue] = questions;
      const answers: Array<[Row | undefined, unknown[]]> = [
        [role, [{ type: 'Text', value: 'Developer' }]],
        [track, [{ type: 'Choice', choice: { id: track?.choices?.[1]?.id } }]],
        [venue, [{ type: 'Choice', choice: { id: venue?.choices?.[4]?.id } }]],
      ];
      for (const [question, given] of answers) {
        json(await a('POST', `${pollPath}/respondents/${pollRespondent.id}/responses`, { question: { id: question?.id }, answers: given }), 201);
      }
      expect(json<Page<Row>>(await a('GET', `${pollPath}/responses`), 200).data).toHaveLength(3);
      const standalone = json<Page<Row>>(await a('GET', '/ea/standard-surveys'), 200).data[0] as Row;
      const [respondent] = json<Page<Row>>(await a('GET', `/ea/standard-surveys/${standalone.id}/respondents`), 200).data;
      const [template] = json<Page<Row>>(await a('GET', `/ea/standard-surveys/${standalone.id}/email-templates`), 200).data;
      json(await a('POST', `/ea/standard-surveys/${standalone.id}/respondents/${respondent?.id ?? ''}/email-templates/${template?.id ?? ''}/email`), 201);
    } finally {
      await demo.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  // The whole demo is seeded here (in a hook elsewhere, with the hooks' 60 s): a loaded machine needs more than the 30 s of a test.
  }, 90_000);
});
