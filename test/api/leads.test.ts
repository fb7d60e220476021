import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seed.js';
import { apiClient, createTenant, startTestApp, tokenFor, waitFor, type Api, type Tenant, type TestApp } from '../helpers/app.js';
import { insertBoothStaff, insertExhibitor } from '../helpers/exhibitors.js';
import { workflowAttendee, workflowEvent } from '../helpers/workflow.js';

// Leads: qualification questions, scans by booth staff, answers, e-literature,
// GET /leads, the lead.scanned activity, tenancy, bad input and obfuscation.

interface Question { id: string; type: string; text: string; code?: string; required: boolean; choices: Array<{ id: string; text: string; label?: string }> }
interface Lead {
  id: string; attendee: { id: string }; exhibitor: { id: string }; event: { id: string }; boothStaff?: { id: string }; device?: { id?: string; name?: string };
  firstName?: string; lastName?: string; email?: string; comments?: string; deleted: boolean; qualified: boolean; matched: boolean; source: string;
}
interface Page<T> { paging: { nextToken?: string; totalCount: number; limit: number }; data: T[] }
interface Activity { type: string; attendee: { id: string }; data: { exhibitor?: { id: string }; lead?: { id: string; boothStaff?: { id: string } }; responses?: unknown[] } }
interface Answers { data: Array<{ question: { id: string }; lead: { id: string }; answers: Array<{ type: string; value?: string; choice?: { id: string } }> }> }

let t: TestApp;
let tenant: Tenant;
let api: Api;
let otherApi: Api;
let event: string;
let otherEvent: string;
let exhibitor: string;
let staff: string;
let staffOfOther: string;
let attendees: string[];
let strangerOfOtherEvent: string;
let single: Question;
let multi: Question;
let open: Question;
let when: Question;

const base = () => `/ea/events/${event}/exhibitors/${exhibitor}`;
const count = async (table: 'leads' | 'lead_qualification_answers' | 'eliterature_requests' | 'attendee_activities') =>
  Number((await t.services.db.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).where('account_id', '=', tenant.accountId).executeTakeFirstOrThrow()).n);
const scan = (attendee: string, extra: Record<string, unknown> = {}) => api('POST', `${base()}/leads`, { attendee: { id: attendee }, boothStaff: { id: staff }, ...extra });
const question = async (body: Record<string, unknown>): Promise<Question> => {
  const res = await api('POST', `${base()}/questions`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Question>();
};
const activities = async (f: string) => (await api('GET', `/ea/attendees/activities?filter=${encodeURIComponent(f)}`)).json<Page<Activity>>().data;

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.services);
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
  event = await workflowEvent(t.services, tenant.accountId);
  otherEvent = await workflowEvent(t.services, tenant.accountId, 'In-person', 'Another event');
  exhibitor = await insertExhibitor(t.services, tenant.accountId, event);
  const otherExhibitor = await insertExhibitor(t.services, tenant.accountId, event, 'Other Booths');
  const staffAttendee = await workflowAttendee(t.services.db.db, tenant.accountId, event);
  staff = await insertBoothStaff(t.services, tenant.accountId, event, exhibitor, staffAttendee);
  staffOfOther = await insertBoothStaff(t.services, tenant.accountId, event, otherExhibitor, staffAttendee);
  attendees = [];
  for (let i = 0; i < 4; i++) attendees.push(await workflowAttendee(t.services.db.db, tenant.accountId, event));
  strangerOfOtherEvent = await workflowAttendee(t.services.db.db, tenant.accountId, otherEvent);
});
afterAll(async () => t?.close());

describe('lead qualification questions', () => {
  it('are created (extension), listed by GET .../questions in creation order, and updated keeping choice ids', async () => {
    single = await question({ type: 'SingleChoice', text: 'Budget?', code: 'BUDGET', required: true, choices: [{ text: 'Under 10k' }, { text: 'Over 10k', label: 'big' }], notApplicableAnswer: { text: 'Rather not say' } });
    multi = await question({ type: 'MultiChoice', text: 'Interested in?', choices: [{ text: 'Hardware' }, { text: 'Software' }, { text: 'Services' }], otherAnswers: { text: 'Something else' } });
    open = await question({ type: 'OpenEndedTextOneLine', text: 'Project name' });
    when = await question({ type: 'OpenEndedDateTime', text: 'Decision date', code: 'DECIDE' });
    expect(single.choices.map((c) => c.text)).toEqual(['Under 10k', 'Over 10k']);
    expect(single.choices[1]).toMatchObject({ label: 'big' });
    const list = await api('GET', `${base()}/questions`);
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: Question[] }>().data.map((q) => q.id)).toEqual([single.id, multi.id, open.id, when.id]);

    const kept = single.choices[0]?.id;
    const put = await api('PUT', `${base()}/questions/${single.id}`, { type: 'SingleChoice', text: 'Budget this year?', code: 'BUDGET', required: true,
      choices: [{ id: kept, text: 'Under 10k' }, { text: 'Over 50k' }], notApplicableAnswer: { text: 'Rather not say' } });
    expect(put.statusCode, put.body).toBe(200);
    single = put.json<Question>();
    expect(single.text).toBe('Budget this year?');
    expect(single.choices[0]?.id).toBe(kept);
    expect(single.choices[1]?.text).toBe('Over 50k');
  });

  it('refuses questions that cannot be answered, and unknown exhibitors or events', async () => {
    for (const body of [
      { type: 'SingleChoice', text: 'No choices' },
      { type: 'OpenEndedTextOneLine', text: 'Text with choices', choices: [{ text: 'a' }] },
      { type: 'OpenEndedTextOneLine', text: 'Other on text', otherAnswers: { text: 'x' } },
      { type: 'Rating', text: 'Foreign choice id', choices: [{ id: '0190a1b2-0000-7000-8000-000000000001', text: 'a' }] },
      { type: 'Nope', text: 'Bad type' },
    ]) {
      const res = await api('POST', `${base()}/questions`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api('GET', `/ea/events/${otherEvent}/exhibitors/${exhibitor}/questions`)).statusCode).toBe(404);
    expect((await api('GET', `/ea/events/${event}/exhibitors/0190a1b2-0000-7000-8000-000000000000/questions`)).statusCode).toBe(404);
    expect((await api('GET', `/ea/events/${event}/exhibitors/not-a-uuid/questions`)).statusCode).toBe(404);
    expect((await api('PUT', `${base()}/questions/0190a1b2-0000-7000-8000-000000000000`, { type: 'Rating', text: 'x', choices: [{ text: '1' }] })).statusCode).toBe(404);
    expect((await api('GET', `${base()}/questions`)).json<{ data: Question[] }>().data).toHaveLength(4);
  });
});

describe('scanning leads', () => {
  let first: Lead;

  it('creates a lead with the attendee\'s contact copied, records a lead.scanned activity, and lists it in GET /leads', async () => {
    const before = await count('attendee_activities');
    const res = await scan(attendees[0] ?? '', { device: { id: 'dev-1', name: 'Booth iPad' }, comments: 'Wants a demo' });
    expect(res.statusCode, res.body).toBe(201);
    first = res.json<Lead>();
    const attendee = (await api('GET', `/ea/attendees/${attendees[0]}`)).json<{ contact: { firstName: string; lastName: string; email: string } }>();
    expect(first).toMatchObject({
      attendee: { id: attendees[0] }, exhibitor: { id: exhibitor }, event: { id: event }, boothStaff: { id: staff }, device: { id: 'dev-1', name: 'Booth iPad' },
      firstName: attendee.contact.firstName, lastName: attendee.contact.lastName, email: attendee.contact.email, comments: 'Wants a demo',
      type: 'leadcapture', application: 'leadcapture', source: 'scanned', deleted: false, matched: true, qualified: false,
    });
    expect(await count('attendee_activities')).toBe(before + 1);
    const [visit] = await activities(`type eq 'lead.scanned' and attendee.id eq '${attendees[0]}'`);
    expect(visit).toMatchObject({ type: 'lead.scanned', attendee: { id: attendees[0] }, data: { exhibitor: { id: exhibitor }, lead: { id: first.id, boothStaff: { id: staff } } } });
    expect((await activities(`exhibitor.id eq '${exhibitor}'`)).length).toBe(1);

    const list = await api('GET', '/ea/leads');
    expect(list.statusCode).toBe(200);
    expect(list.json<Page<Lead>>().data.map((l) => l.id)).toEqual([first.id]);
  });

  it('treats a second scan of the attendee as another visit to the same lead (200), keeping notes when none are sent', async () => {
    const manual = await scan(attendees[0] ?? '', { device: { id: 'dev-2' }, source: 'manual' });
    expect(manual.statusCode, manual.body).toBe(200);
    expect(manual.json<Lead>()).toMatchObject({ id: first.id, device: { id: 'dev-2' }, comments: 'Wants a demo', source: 'manual' });
    const res = await scan(attendees[0] ?? '', { device: { id: 'dev-2' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Lead>()).toMatchObject({ id: first.id, device: { id: 'dev-2' }, comments: 'Wants a demo', source: 'manual' });
    expect(await activities(`type eq 'lead.scanned' and attendee.id eq '${attendees[0]}'`)).toHaveLength(3);
    expect(await count('leads')).toBe(1);
  });

  it('stores valid qualification answers with the scan, records lead.qualified, and makes the lead qualified once required questions are answered', async () => {
    const res = await scan(attendees[1] ?? '', {
      answers: [
        { question: { id: multi.id }, answers: [{ type: 'Choice', choice: { id: multi.choices[0]?.id } }, { type: 'Other', value: 'Training' }] },
        { question: { id: open.id }, answers: [{ type: 'Text', value: 'Project Falcon' }] },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const lead = res.json<Lead>();
    // The required budget question is not answered yet.
    expect(lead.qualified).toBe(false);
    const answers = await api('GET', `${base()}/leads/${lead.id}/answers`);
    expect(answers.statusCode).toBe(200);
    expect(answers.json<Answers>().data.map((a) => [a.question.id, a.answers])).toEqual([
      [multi.id, [{ type: 'Choice', choice: { id: multi.choices[0]?.id } }, { type: 'Other', value: 'Training' }]],
      [open.id, [{ type: 'Text', value: 'Project Falcon' }]],
    ]);
    const [qualified] = await activities(`type eq 'lead.qualified' and attendee.id eq '${attendees[1]}'`);
    expect(qualified?.data.responses).toHaveLength(2);

    // Answered after the scan (extension): the budget question; the others keep theirs; an empty list removes an answer.
    const put = await api('PUT', `${base()}/leads/${lead.id}/answers`, [
      { question: { id: single.id }, answers: [{ type: 'Choice', choice: { id: single.choices[1]?.id } }] },
      { question: { id: open.id }, answers: [] },
    ]);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<Answers>().data.map((a) => a.question.id).sort()).toEqual([multi.id, single.id].sort());
    const [listed] = (await api('GET', `/ea/leads?filter=${encodeURIComponent(`id eq '${lead.id}'`)}`)).json<Page<Lead>>().data;
    expect(listed?.qualified).toBe(true);
    expect(await activities(`type eq 'lead.qualified' and attendee.id eq '${attendees[1]}'`)).toHaveLength(2);

    // The type of an answered question cannot change.
    const retype = await api('PUT', `${base()}/questions/${single.id}`, { type: 'OpenEndedTextOneLine', text: 'Budget' });
    expect(retype.statusCode, retype.body).toBe(409);
  });

  it('refuses answers that do not fit their question with a 400 naming it, and stores nothing', async () => {
    const before = { leads: await count('leads'), answers: await count('lead_qualification_answers'), activities: await count('attendee_activities') };
    const cases: Array<[unknown[], RegExp]> = [
      [[{ question: { id: single.id }, answers: [{ type: 'Text', value: 'lots' }] }], /BUDGET/],
      [[{ question: { id: single.id }, answers: [{ type: 'Choice', choice: { id: multi.choices[0]?.id } }] }], /is not a choice of the question.*BUDGET/],
      [[{ question: { id: single.id }, answers: [{ type: 'Choice', choice: { id: single.choices[0]?.id } }, { type: 'Choice', choice: { id: single.choices[1]?.id } }] }], /only one answer.*BUDGET/],
      [[{ question: { id: single.id }, answers: [{ type: 'Other', value: 'x' }] }], /"other" answer is not offered.*BUDGET/],
      [[{ question: { id: multi.id }, answers: [{ type: 'NA' }] }], /not-applicable answer is not offered.*Interested in/],
      [[{ question: { id: open.id }, answers: [{ type: 'Choice', choice: { id: single.choices[0]?.id } }] }], /Project name/],
      [[{ question: { id: open.id }, answers: [{ type: 'Text', value: 'two\nlines' }] }], /line breaks.*Project name/],
      [[{ question: { id: when.id }, answers: [{ type: 'Text', value: 'next tuesday' }] }], /ISO 8601.*DECIDE/],
      [[{ question: { id: '0190a1b2-0000-7000-8000-000000000009' }, answers: [] }], /not a lead qualification question of this exhibitor/],
      [[{ question: { id: open.id }, answers: [] }, { question: { id: open.id }, answers: [] }], /answered twice/],
    ];
    for (const [answers, message] of cases) {
      const res = await scan(attendees[2] ?? '', { answers, comments: 'should not be stored' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string; target: string }>().message).toMatch(message);
      expect(res.json<{ target: string }>().target).toMatch(/^answers\[\d\]/);
    }
    const lead = (await api('GET', `/ea/leads?filter=${encodeURIComponent(`attendee.id eq '${attendees[1]}'`)}`)).json<Page<Lead>>().data[0];
    const put = await api('PUT', `${base()}/leads/${lead?.id}/answers`, [{ question: { id: when.id }, answers: [{ type: 'Text', value: 'soon' }] }]);
    expect(put.statusCode).toBe(400);
    expect(put.json<{ target: string }>().target).toBe('body[0].answers[0].value');
    expect({ leads: await count('leads'), answers: await count('lead_qualification_answers'), activities: await count('attendee_activities') }).toEqual(before);
  });

  it('refuses a lead for an attendee of another event, or booth staff of another exhibitor (400), and stores nothing', async () => {
    const before = { leads: await count('leads'), activities: await count('attendee_activities') };
    const stranger = await scan(strangerOfOtherEvent);
    expect(stranger.statusCode, stranger.body).toBe(400);
    expect(stranger.json()).toMatchObject({ code: 400, target: 'attendee.id', message: expect.stringMatching(/not an attendee of this event/) });
    const wrongStaff = await api('POST', `${base()}/leads`, { attendee: { id: attendees[2] }, boothStaff: { id: staffOfOther } });
    expect(wrongStaff.statusCode).toBe(400);
    expect(wrongStaff.json()).toMatchObject({ target: 'boothStaff.id' });
    // The exhibitor under the wrong event is not found.
    expect((await api('POST', `/ea/events/${otherEvent}/exhibitors/${exhibitor}/leads`, { attendee: { id: strangerOfOtherEvent }, boothStaff: { id: staff } })).statusCode).toBe(404);
    expect((await api('POST', `${base()}/leads`, { attendee: { id: attendees[2] } })).statusCode).toBe(400);
    expect((await api('POST', `${base()}/leads`, { attendee: { id: attendees[2] }, boothStaff: { id: staff }, source: 'telepathy' })).statusCode).toBe(400);
    expect({ leads: await count('leads'), activities: await count('attendee_activities') }).toEqual(before);
  });

  it('records the documents a scanned attendee asked for as an e-literature request', async () => {
    const documents = [{ id: '0190a1b2-0000-7000-8000-0000000000d1', displayName: 'Product sheet', type: 'FILE' }, { id: '0190a1b2-0000-7000-8000-0000000000d2', displayName: 'Pricing page', type: 'LINK' }];
    const res = await scan(attendees[2] ?? '', { eliterature: { documents } });
    expect(res.statusCode, res.body).toBe(201);
    const lead = res.json<Lead>();
    const list = await api('GET', `/ea/eliterature-requests?filter=${encodeURIComponent(`lead.id eq '${lead.id}'`)}`);
    expect(list.statusCode).toBe(200);
    expect(list.json<Page<{ lead: { id: string }; exhibitor: { id: string }; documents: unknown[] }>>().data).toEqual([
      expect.objectContaining({ lead: { id: lead.id }, exhibitor: { id: exhibitor }, event: { id: event }, documents }),
    ]);
    expect((await api('GET', `/ea/eliterature-requests?filter=${encodeURIComponent(`lead.id eq '${first.id}'`)}`)).json<Page<unknown>>().data).toEqual([]);
    expect((await scan(attendees[2] ?? '', { eliterature: { documents: [] } })).statusCode).toBe(400);
    expect((await api('GET', `/ea/eliterature-requests?filter=${encodeURIComponent("title eq 'x'")}`)).statusCode).toBe(400);
  });

  it('pages GET /leads and POST /leads/filter, filters on event, exhibitor and deleted, and shows deleted leads as deleted', async () => {
    const page1 = (await api('GET', '/ea/leads?limit=2')).json<Page<Lead>>();
    expect(page1.data).toHaveLength(2);
    expect(page1.paging.totalCount).toBe(3);
    const page2 = (await api('GET', `/ea/leads?token=${page1.paging.nextToken}`)).json<Page<Lead>>();
    expect(page2.data).toHaveLength(1);
    expect(page2.paging.nextToken).toBeUndefined();
    // after / before bound when a lead was added or last updated.
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await api('GET', `/ea/leads?after=${future}`)).json<Page<Lead>>().data).toEqual([]);
    expect((await api('GET', `/ea/leads?before=${future}`)).json<Page<Lead>>().data).toHaveLength(3);
    expect((await api('GET', '/ea/leads?before=2020-01-01T00:00:00Z')).json<Page<Lead>>().data).toEqual([]);
    expect((await api('GET', '/ea/leads?token=not-a-token')).statusCode).toBe(400);
    expect((await api('GET', '/ea/leads?limit=201')).statusCode).toBe(400);
    const del = await api('DELETE', `${base()}/leads/${first.id}`);
    expect(del.statusCode).toBe(204);
    const live = await api('POST', '/ea/leads/filter', { filter: `deleted eq 'false' and exhibitor.id eq '${exhibitor}' and event.id eq '${event}'` });
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json<Page<Lead>>().data.map((l) => l.id)).not.toContain(first.id);
    const gone = (await api('GET', `/ea/leads?filter=${encodeURIComponent("deleted eq 'true'")}`)).json<Page<Lead>>().data;
    expect(gone.map((l) => [l.id, l.deleted])).toEqual([[first.id, true]]);
    // A new scan restores it.
    expect((await scan(attendees[0] ?? '')).json<Lead>().deleted).toBe(false);
    for (const f of ["comments eq 'x'", `event.id ne '${event}'`, 'deleted eq']) {
      const bad = await api('GET', `/ea/leads?filter=${encodeURIComponent(f)}`);
      expect(bad.statusCode, f).toBe(400);
      expect(bad.json()).toMatchObject({ target: 'filter' });
    }
  });
});

describe('tenancy', () => {
  it('another account sees none of the leads, questions or answers (404 or an empty list), and cannot scan at the exhibitor', async () => {
    const lead = (await api('GET', '/ea/leads?limit=1')).json<Page<Lead>>().data[0];
    expect(lead).toBeDefined();
    expect((await otherApi('GET', '/ea/leads')).json<Page<Lead>>().data).toEqual([]);
    expect((await otherApi('POST', '/ea/leads/filter', { filter: `id eq '${lead?.id}'` })).json<Page<Lead>>().data).toEqual([]);
    expect((await otherApi('GET', '/ea/eliterature-requests')).json<Page<unknown>>().data).toEqual([]);
    expect((await otherApi('GET', `${base()}/questions`)).statusCode).toBe(404);
    expect((await otherApi('GET', `${base()}/leads/${lead?.id}/answers`)).statusCode).toBe(404);
    expect((await otherApi('PUT', `${base()}/leads/${lead?.id}/answers`, [])).statusCode).toBe(404);
    expect((await otherApi('DELETE', `${base()}/leads/${lead?.id}`)).statusCode).toBe(404);
    expect((await otherApi('POST', `${base()}/questions`, { type: 'Rating', text: 'x', choices: [{ text: '1' }] })).statusCode).toBe(404);
    expect((await otherApi('DELETE', `${base()}/questions/${multi.id}`)).statusCode).toBe(404);
    const before = await count('leads');
    expect((await otherApi('POST', `${base()}/leads`, { attendee: { id: attendees[3] }, boothStaff: { id: staff } })).statusCode).toBe(404);
    expect(await count('leads')).toBe(before);
  });
});

describe('obfuscation', () => {
  it('clears the contact copy, notes and written answers of the contact\'s leads, redacts mentions elsewhere, and leaves nothing the verifier finds', async () => {
    await t.services.accounts.setFeature(tenant.accountId, 'contact-obfuscation', true);
    const person = attendees[3] ?? '';
    const { contact } = (await api('GET', `/ea/attendees/${person}`)).json<{ contact: { id: string; lastName: string; email: string } }>();
    const own = await scan(person, {
      comments: `Met ${contact.lastName} at the bar`, device: { name: `${contact.lastName}'s phone` },
      answers: [{ question: { id: open.id }, answers: [{ type: 'Text', value: `${contact.lastName} project` }] }],
    });
    expect(own.statusCode, own.body).toBe(201);
    // Another lead's notes mention the person.
    expect((await scan(attendees[1] ?? '', { comments: `Colleague of ${contact.lastName} (${contact.email})` })).statusCode).toBe(200);

    const start = await api('POST', `/ea/contacts/${contact.id}/obfuscate`);
    expect(start.statusCode, start.body).toBe(202);
    const { obfuscateId } = start.json<{ obfuscateId: string }>();
    await waitFor(async () => (await api('GET', `/ea/contacts/obfuscate/${obfuscateId}/status`)).json<{ status: string }>().status === 'COMPLETED', 20_000, 'obfuscation');

    const lead = (await api('GET', `/ea/leads?filter=${encodeURIComponent(`attendee.id eq '${person}'`)}`)).json<Page<Lead>>().data[0];
    expect(lead).toBeDefined();
    expect(lead?.firstName).toBeUndefined();
    expect(lead?.lastName).toBeUndefined();
    expect(lead?.email).toBeUndefined();
    expect(lead?.comments).toBe('[obfuscated]');
    expect(lead?.device?.name).toBe("[obfuscated]'s phone");
    const answers = (await api('GET', `${base()}/leads/${lead?.id}/answers`)).json<Answers>().data;
    expect(answers[0]?.answers).toEqual([{ type: 'Text', value: '[obfuscated]' }]);
    const colleague = (await api('GET', `/ea/leads?filter=${encodeURIComponent(`attendee.id eq '${attendees[1]}'`)}`)).json<Page<Lead>>().data[0];
    expect(colleague?.comments).toBe('Colleague of [obfuscated] ([obfuscated])');
    const check = await t.services.obfuscation.verify({ contactId: contact.id, values: [contact.lastName, contact.email] });
    expect(check.hits).toEqual([]);
  });
});

describe('the lead scopes and the demo\'s leads', () => {
  const LEAD_SCOPES = [
    'exhibitor/leads:read', 'exhibitor/leads:write', 'exhibitor/eliterature-requests:read', 'exhibitor/lead-qualification-answers:read',
    'exhibitor/lead-qualification-answers:write', 'exhibitor/lead-qualification-questions:read', 'exhibitor/lead-qualification-questions:write',
  ];

  it('are in the catalogue the portal lists, the demo workspace and application hold them, a narrower token is refused, and the demo has example leads', async () => {
    expect(t.services.portal.scopes().map((s) => s.name)).toEqual(expect.arrayContaining(LEAD_SCOPES));
    const dir = mkdtempSync(join(tmpdir(), 'eventline-leads-demo-'));
    const demo = await startTestApp({ env: { DATA_DIR: dir } });
    try {
      const { credentials } = await seedDemo(demo.services, demo.config);
      if (!credentials) throw new Error('the demo was not created');
      const [workspace] = await demo.services.accounts.listWorkspaces(credentials.accountId);
      expect(workspace?.scopes).toEqual(expect.arrayContaining(LEAD_SCOPES));
      const [app] = await demo.services.accounts.listApplications(credentials.accountId);
      expect(app?.scopes).toEqual(expect.arrayContaining(LEAD_SCOPES));
      const reader = apiClient(demo.app, await tokenFor(demo.app, credentials, 'exhibitor/leads:read'));
      expect((await reader('GET', '/ea/leads')).statusCode).toBe(200);
      expect((await reader('GET', '/ea/eliterature-requests')).statusCode).toBe(403);
      // The demo's examples: two leads (one qualified, with an e-literature request) and three questions.
      const full = apiClient(demo.app, await tokenFor(demo.app, credentials));
      const demoLeads = (await full('GET', '/ea/leads')).json<Page<Lead>>().data;
      expect(demoLeads.map((l) => l.qualified).sort()).toEqual([false, true]);
      const [{ exhibitor: { id: demoExhibitor }, event: { id: demoEvent } }] = demoLeads as [Lead];
      expect((await full('GET', `/ea/events/${demoEvent}/exhibitors/${demoExhibitor}/questions`)).json<{ data: Question[] }>().data).toHaveLength(3);
      expect((await full('GET', '/ea/eliterature-requests')).json<Page<unknown>>().data).toHaveLength(1);
      expect((await full('GET', `/ea/attendees/activities?filter=${encodeURIComponent("type eq 'lead.scanned'")}`)).json<Page<Activity>>().data).toHaveLength(2);
    } finally {
      await demo.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
