import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, waitFor, type Api, type TestApp, type Tenant } from '../helpers/app.js';
import { insertBoothStaff, insertExhibitor } from '../helpers/exhibitors.js';
import { fileForm, pdf, png } from '../helpers/files.js';
import { workflowAttendee, workflowEvent } from '../helpers/workflow.js';
import { seedDemo } from '../../src/demo/seed.js';

// Exhibitor team (admins, booth staff), content (files, weblinks), questions and answers.

interface Body { [k: string]: unknown }
const MISSING = '0190a1b2-0000-7000-8000-000000000000';

describe('exhibitor team', () => {
  let t: TestApp;
  let a: Tenant;
  let api: Api;
  let otherApi: Api;
  let eventId: string;
  let otherEventId: string;
  let exhibitorId: string;
  let base: string;
  let dataDir: string;
  let token: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'eventline-exteam-'));
    t = await startTestApp({ env: { DATA_DIR: dataDir } });
    a = await createTenant(t.services);
    token = await tokenFor(t.app, a);
    api = apiClient(t.app, token);
    const b = await createTenant(t.services);
    otherApi = apiClient(t.app, await tokenFor(t.app, b));
    eventId = await workflowEvent(t.services, a.accountId);
    otherEventId = await workflowEvent(t.services, a.accountId, 'Virtual');
    exhibitorId = await insertExhibitor(t.services, a.accountId, eventId);
    base = `/ea/events/${eventId}/exhibitors/${exhibitorId}`;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = async (name: string, bytes: Buffer): Promise<string> => {
    const f = fileForm(name, bytes);
    const res = await t.app.inject({ method: 'POST', url: '/ea/files', payload: f.payload, headers: { ...f.headers, authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };

  const admin = (over: Body = {}) => ({ exhibitor: { id: exhibitorId }, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', ...over });

  describe('admins', () => {
    it('creates, reads, lists and updates an admin', async () => {
      const made = await api('POST', `${base}/admins`, admin());
      expect(made.statusCode, made.body).toBe(201);
      const created = made.json() as Body;
      expect(created).toMatchObject({ exhibitor: { id: exhibitorId }, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' });
      expect((await api('GET', `${base}/admins/${String(created.id)}`)).json()).toEqual(created);
      const list = (await api('GET', `${base}/admins`)).json() as { data: Body[]; paging: { totalCount: number } };
      expect(list.data.map((x) => x.id)).toContain(created.id);
      const put = await api('PUT', `${base}/admins/${String(created.id)}`, admin({ firstName: 'Augusta', email: 'augusta@example.test' }));
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toMatchObject({ id: created.id, firstName: 'Augusta', email: 'augusta@example.test' });
      expect((await api('GET', `${base}/admins/${String(created.id)}`)).json()).toMatchObject({ firstName: 'Augusta' });
    });

    it('refuses a second admin with the same email (any case) and bad input, storing nothing', async () => {
      await api('POST', `${base}/admins`, admin({ email: 'dup@example.test' }));
      const before = ((await api('GET', `${base}/admins`)).json() as { data: Body[] }).data.length;
      const dup = await api('POST', `${base}/admins`, admin({ email: 'DUP@example.test' }));
      expect(dup.statusCode).toBe(400);
      expect(dup.json()).toMatchObject({ code: 400, target: 'email' });
      for (const bad of [admin({ email: 'not-an-email' }), admin({ firstName: '' }), admin({ lastName: 'x'.repeat(31) }), admin({ exhibitor: { id: MISSING } }), admin({ extra: 1 })]) {
        const res = await api('POST', `${base}/admins`, bad);
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      }
      expect(((await api('GET', `${base}/admins`)).json() as { data: Body[] }).data.length).toBe(before);
    });

    it('pages with limit and token', async () => {
      const ex = await insertExhibitor(t.services, a.accountId, eventId, 'Paging Co');
      for (let i = 0; i < 3; i++) await api('POST', `/ea/events/${eventId}/exhibitors/${ex}/admins`, { ...admin({ email: `p${i}@example.test` }), exhibitor: { id: ex } });
      const first = (await api('GET', `/ea/events/${eventId}/exhibitors/${ex}/admins?limit=2`)).json() as { data: Body[]; paging: { nextToken?: string; totalCount: number } };
      expect(first.data).toHaveLength(2);
      expect(first.paging.totalCount).toBe(3);
      const second = (await api('GET', `/ea/events/${eventId}/exhibitors/${ex}/admins?token=${first.paging.nextToken ?? ''}`)).json() as { data: Body[]; paging: { nextToken?: string } };
      expect(second.data).toHaveLength(1);
      expect(second.paging.nextToken).toBeUndefined();
    });
  });

  describe('booth staff', () => {
    it('adds an attendee of the same event, reads, lists and removes it', async () => {
      const attendeeId = await workflowAttendee(t.services.db.db, a.accountId, eventId);
      const made = await api('POST', `${base}/booth-staff`, { attendee: { id: attendeeId }, event: { id: eventId }, exhibitor: { id: exhibitorId } });
      expect(made.statusCode, made.body).toBe(201);
      const staff = made.json() as Body;
      expect(staff).toMatchObject({ attendee: { id: attendeeId }, event: { id: eventId }, exhibitor: { id: exhibitorId } });
      expect((await api('GET', `${base}/booth-staff/${String(staff.id)}`)).json()).toEqual(staff);
      expect(((await api('GET', `${base}/booth-staff`)).json() as { data: Body[] }).data).toContainEqual(staff);
      expect((await api('DELETE', `${base}/booth-staff/${String(staff.id)}`)).statusCode).toBe(204);
      expect((await api('GET', `${base}/booth-staff/${String(staff.id)}`)).statusCode).toBe(404);
      expect((await api('DELETE', `${base}/booth-staff/${String(staff.id)}`)).statusCode).toBe(404);
    });

    it('refuses an attendee of another event or account, a duplicate, and ids that are not the path\'s; nothing is stored', async () => {
      const ex = await insertExhibitor(t.services, a.accountId, eventId, 'Staff Co');
      const url = `/ea/events/${eventId}/exhibitors/${ex}/booth-staff`;
      const body = (attendeeId: string, over: Body = {}) => ({ attendee: { id: attendeeId }, event: { id: eventId }, exhibitor: { id: ex }, ...over });
      const otherEventAttendee = await workflowAttendee(t.services.db.db, a.accountId, otherEventId);
      const b = await createTenant(t.services);
      const bEvent = await workflowEvent(t.services, b.accountId);
      const otherAccountAttendee = await workflowAttendee(t.services.db.db, b.accountId, bEvent);
      for (const id of [otherEventAttendee, otherAccountAttendee, MISSING]) {
        const res = await api('POST', url, body(id));
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ code: 400, target: 'attendee.id', message: 'attendee.id is not an attendee of this event' });
      }
      const mine = await workflowAttendee(t.services.db.db, a.accountId, eventId);
      expect((await api('POST', url, body(mine, { event: { id: otherEventId } }))).json()).toMatchObject({ code: 400, target: 'event.id' });
      expect((await api('POST', url, body(mine, { exhibitor: { id: exhibitorId } }))).json()).toMatchObject({ code: 400, target: 'exhibitor.id' });
      expect((await api('POST', url, { attendee: { id: mine } })).statusCode).toBe(400);
      expect(((await api('GET', url)).json() as { data: Body[] }).data).toEqual([]);
      expect((await api('POST', url, body(mine))).statusCode).toBe(201);
      const dup = await api('POST', url, body(mine));
      expect(dup.statusCode).toBe(400);
      expect(dup.json()).toMatchObject({ message: 'The attendee is already booth staff of this exhibitor', target: 'attendee.id' });
      expect(((await api('GET', url)).json() as { data: Body[] }).data).toHaveLength(1);
    });
  });

  describe('tenancy', () => {
    it('gives account B a 404 for every team operation on account A\'s exhibitor, and changes nothing', async () => {
      const adminRow = (await api('POST', `${base}/admins`, admin({ email: 'tenancy@example.test' }))).json() as Body;
      const attendeeId = await workflowAttendee(t.services.db.db, a.accountId, eventId);
      const staffId = await insertBoothStaff(t.services, a.accountId, eventId, exhibitorId, attendeeId);
      const calls: Array<[string, string, unknown?]> = [
        ['GET', `${base}/admins`], ['POST', `${base}/admins`, admin({ email: 'b@example.test' })], ['GET', `${base}/admins/${String(adminRow.id)}`],
        ['PUT', `${base}/admins/${String(adminRow.id)}`, admin({ email: 'b@example.test' })],
        ['GET', `${base}/booth-staff`], ['GET', `${base}/booth-staff/${staffId}`], ['DELETE', `${base}/booth-staff/${staffId}`],
      ];
      for (const [method, url, body] of calls) {
        const res = await otherApi(method as 'GET', url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      // The same exhibitor under another event of the same account is not found either.
      expect((await api('GET', `/ea/events/${otherEventId}/exhibitors/${exhibitorId}/admins`)).statusCode).toBe(404);
      expect((await api('GET', `${base}/admins/${String(adminRow.id)}`)).json()).toMatchObject({ email: 'tenancy@example.test' });
      expect((await api('GET', `${base}/booth-staff/${staffId}`)).statusCode).toBe(200);
    });
  });

  describe('files', () => {
    const body = (over: Body = {}) => ({ event: { id: eventId }, exhibitor: { id: exhibitorId }, displayName: 'Brochure', order: 2, ...over });

    it('associates an uploaded file (attached in the files module), updates, lists by order and disassociates it', async () => {
      const fileId = await upload('brochure.pdf', pdf());
      const put = await api('PUT', `${base}/files/${fileId}`, body());
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toMatchObject({ id: fileId, event: { id: eventId }, exhibitor: { id: exhibitorId }, displayName: 'Brochure', hidden: false, order: 2 });
      expect((await t.services.files.info(a.accountId, fileId)).attachedTo).toBe(`exhibitor-file:${exhibitorId}`);
      const first = await upload('price-list.pdf', pdf());
      await api('PUT', `${base}/files/${first}`, body({ displayName: 'Prices', order: 1, hidden: true }));
      const again = await api('PUT', `${base}/files/${fileId}`, body({ displayName: 'Brochure 2027' }));
      expect(again.json()).toMatchObject({ displayName: 'Brochure 2027', created: (put.json() as Body).created });
      const list = (await api('GET', `${base}/files`)).json() as { data: Body[] };
      expect(list.data.map((f) => [f.id, f.displayName, f.hidden])).toEqual([[first, 'Prices', true], [fileId, 'Brochure 2027', false]]);
      expect((await api('GET', `${base}/files/${fileId}`)).json()).toMatchObject({ displayName: 'Brochure 2027' });
      expect((await api('DELETE', `${base}/files/${fileId}`)).statusCode).toBe(204);
      expect((await api('GET', `${base}/files/${fileId}`)).statusCode).toBe(404);
      expect((await t.services.files.info(a.accountId, fileId)).attachedTo).toBeNull();
      expect((await api('DELETE', `${base}/files/${fileId}`)).statusCode).toBe(404);
    });

    it('refuses a file of another account (404), one attached elsewhere (422) and bad bodies (400), storing nothing', async () => {
      const b = await createTenant(t.services);
      const bToken = await tokenFor(t.app, b);
      const f = fileForm('theirs.pdf', pdf());
      const theirs = ((await t.app.inject({ method: 'POST', url: '/ea/files', payload: f.payload, headers: { ...f.headers, authorization: `Bearer ${bToken}` } })).json() as { id: string }).id;
      expect((await api('PUT', `${base}/files/${theirs}`, body())).statusCode).toBe(404);
      expect((await api('PUT', `${base}/files/${MISSING}`, body())).statusCode).toBe(404);
      const other = await insertExhibitor(t.services, a.accountId, eventId, 'Other Co');
      const shared = await upload('shared.pdf', pdf());
      expect((await api('PUT', `/ea/events/${eventId}/exhibitors/${other}/files/${shared}`, { ...body(), exhibitor: { id: other } })).statusCode).toBe(200);
      const taken = await api('PUT', `${base}/files/${shared}`, body());
      expect(taken.statusCode).toBe(422);
      expect(taken.json()).toMatchObject({ code: 422, target: 'fileId' });
      const fresh = await upload('fresh.png', png());
      for (const bad of [body({ displayName: '' }), body({ order: 0 }), body({ exhibitor: { id: other } }), body({ event: { id: otherEventId } }), { displayName: 'x', order: 1 }]) {
        expect((await api('PUT', `${base}/files/${fresh}`, bad)).statusCode, JSON.stringify(bad)).toBe(400);
      }
      expect((await api('PUT', `${base}/files/not-a-uuid`, body())).statusCode).toBe(404);
      expect((await t.services.files.info(a.accountId, fresh)).attachedTo).toBeNull();
      expect((await api('GET', `${base}/files/${fresh}`)).statusCode).toBe(404);
    });
  });

  describe('weblinks', () => {
    const link = (over: Body = {}) => ({ event: { id: eventId }, exhibitor: { id: exhibitorId }, name: 'Website', url: 'https://acme.example/booth', order: 1, ...over });

    it('creates, reads, lists by order, updates and deletes a weblink', async () => {
      const made = await api('POST', `${base}/weblinks`, link());
      expect(made.statusCode, made.body).toBe(201);
      const w = made.json() as Body;
      expect(w).toMatchObject({ name: 'Website', url: 'https://acme.example/booth', hidden: false, order: 1 });
      await api('POST', `${base}/weblinks`, link({ name: 'Catalogue', url: 'http://acme.example/cat', order: 0 + 1, hidden: true }));
      expect((await api('GET', `${base}/weblinks/${String(w.id)}`)).json()).toEqual(w);
      const put = await api('PUT', `${base}/weblinks/${String(w.id)}`, link({ name: 'Site', order: 5 }));
      expect(put.statusCode, put.body).toBe(200);
      const list = (await api('GET', `${base}/weblinks`)).json() as { data: Body[] };
      expect(list.data.map((x) => x.name)).toEqual(['Catalogue', 'Site']);
      expect((await api('DELETE', `${base}/weblinks/${String(w.id)}`)).statusCode).toBe(204);
      expect((await api('GET', `${base}/weblinks/${String(w.id)}`)).statusCode).toBe(404);
    });

    it('accepts http and https only: javascript:, data:, relative and credential URLs are 400 and store nothing', async () => {
      const ex = await insertExhibitor(t.services, a.accountId, eventId, 'Links Co');
      const url = `/ea/events/${eventId}/exhibitors/${ex}/weblinks`;
      for (const bad of ['javascript:alert(1)', 'JavaScript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', '/relative/path', 'ftp://acme.example/x', 'https://user:pw@acme.example/', 'not a url', '']) {
        const res = await api('POST', url, { ...link({ url: bad }), exhibitor: { id: ex } });
        expect(res.statusCode, bad).toBe(400);
        expect(res.json()).toMatchObject({ code: 400 });
      }
      expect(((await api('GET', url)).json() as { data: Body[] }).data).toEqual([]);
      const ok = await api('POST', url, { ...link(), exhibitor: { id: ex } });
      const id = String((ok.json() as Body).id);
      const bad = await api('PUT', `${url}/${id}`, { ...link({ url: 'javascript:alert(1)' }), exhibitor: { id: ex } });
      expect(bad.json()).toMatchObject({ code: 400, target: 'url', message: 'url must be an http or https URL, not javascript:' });
      expect((await api('GET', `${url}/${id}`)).json()).toMatchObject({ url: 'https://acme.example/booth' });
    });

    it('holds at most 50 weblinks per exhibitor (422)', async () => {
      const ex = await insertExhibitor(t.services, a.accountId, eventId, 'Many Links');
      const url = `/ea/events/${eventId}/exhibitors/${ex}/weblinks`;
      for (let i = 0; i < 50; i++) expect((await api('POST', url, { ...link({ order: i + 1 }), exhibitor: { id: ex } })).statusCode).toBe(201);
      expect((await api('POST', url, { ...link(), exhibitor: { id: ex } })).statusCode).toBe(422);
      expect(((await api('GET', url)).json() as { data: Body[] }).data).toHaveLength(50);
    });
  });

  describe('questions and answers', () => {
    const qUrl = () => `/ea/events/${eventId}/exhibitor-questions`;
    let single: Body & { choices: Array<{ id: string; text: string }> };
    let multi: Body & { choices: Array<{ id: string; text: string }> };
    let email: Body;
    let comment: Body;
    let date: Body;

    beforeAll(async () => {
      const post = async (q: Body) => {
        const res = await api('POST', qUrl(), q);
        expect(res.statusCode, res.body).toBe(201);
        return res.json() as Body & { choices: Array<{ id: string; text: string }> };
      };
      single = await post({ text: 'Company size', type: 'SingleChoice', required: true, code: 'SIZE', answerFormat: 'Dropdown', choices: [{ text: 'Small' }, { text: 'Large' }], notApplicableAnswer: { text: 'Not applicable' } });
      multi = await post({ text: 'Products', type: 'MultiChoice', required: false, choices: [{ text: 'Hardware' }, { text: 'Software' }, { text: 'Services' }], otherAnswer: { text: 'Other' }, answerLimits: { minSelections: 1, maxSelections: 2 } });
      email = await post({ text: 'Contact email', type: 'OpenEndedTextOneLine', required: false, answerFormat: 'EmailAddress' });
      comment = await post({ text: 'About you', type: 'OpenEndedTextCommentBox', required: false, answerLimits: { minLength: 5, maxLength: 40 } });
      date = await post({ text: 'Founded', type: 'OpenEndedDateTime', required: false, answerFormat: 'Date' });
    });

    it('lists the event\'s questions in creation order, with choices and limits', async () => {
      const list = (await api('GET', qUrl())).json() as { data: Body[] };
      expect(list.data.map((q) => [q.text, q.displayOrder])).toEqual([['Company size', 1], ['Products', 2], ['Contact email', 3], ['About you', 4], ['Founded', 5]]);
      expect(list.data[0]).toMatchObject({ code: 'SIZE', required: true, answerFormat: 'Dropdown', notApplicableAnswer: { text: 'Not applicable' }, choices: [{ text: 'Small' }, { text: 'Large' }] });
      expect((await api('GET', `/ea/events/${otherEventId}/exhibitor-questions`)).json()).toEqual({ data: [] });
      expect((await api('GET', `/ea/events/${MISSING}/exhibitor-questions`)).statusCode).toBe(404);
    });

    it('refuses question definitions that do not suit their type (400 naming the field) and a second code (409)', async () => {
      const cases: Array<[Body, string]> = [
        [{ text: 'Q', type: 'SingleChoice', required: false }, 'choices'],
        [{ text: 'Q', type: 'OpenEndedTextOneLine', required: false, choices: [{ text: 'a' }] }, 'choices'],
        [{ text: 'Q', type: 'OpenEndedTextOneLine', required: false, answerFormat: 'Dropdown' }, 'answerFormat'],
        [{ text: 'Q', type: 'MultiChoice', required: false, choices: [{ text: 'a' }], answerLimits: { maxSelections: 3 } }, 'answerLimits.maxSelections'],
        [{ text: 'Q', type: 'OpenEndedTextCommentBox', required: false, answerLimits: { minLength: 10, maxLength: 5 } }, 'answerLimits.minLength'],
        [{ text: 'Q', type: 'SingleChoice', required: false, choices: [{ text: 'a' }, { text: 'A' }] }, 'choices'],
      ];
      for (const [q, target] of cases) {
        const res = await api('POST', qUrl(), q);
        expect(res.statusCode, JSON.stringify(q)).toBe(400);
        expect((res.json() as Body).target).toBe(target);
      }
      expect((await api('POST', qUrl(), { text: 'Q', type: 'Nope', required: false })).statusCode).toBe(400);
      const dup = await api('POST', qUrl(), { text: 'Again', type: 'OpenEndedTextOneLine', required: false, code: 'SIZE' });
      expect(dup.statusCode).toBe(409);
      expect(((await api('GET', qUrl())).json() as { data: Body[] }).data).toHaveLength(5);
    });

    it('stores valid answers, shows a choice with its text, and clears one with an empty list', async () => {
      const url = `${base}/exhibitor-answers`;
      const entry = (q: Body, answers: unknown[]) => ({ question: { id: q.id }, event: { id: eventId }, exhibitor: { id: exhibitorId }, answers });
      const res = await api('PUT', url, { data: [
        entry(single, [{ type: 'Choice', choice: { id: single.choices[1]?.id } }]),
        entry(multi, [{ type: 'Choice', choice: { id: multi.choices[0]?.id } }, { type: 'Other', value: 'Consulting' }]),
        entry(email, [{ type: 'Text', value: 'booth@acme.example' }]),
        entry(date, [{ type: 'Text', value: '1999-12-31' }]),
      ] });
      expect(res.statusCode, res.body).toBe(200);
      const data = (res.json() as { data: Array<Body & { question: { id: string } }> }).data;
      expect(data.map((d) => d.question.id)).toEqual([single.id, multi.id, email.id, date.id]);
      expect(data[0]?.answers).toEqual([{ type: 'Choice', choice: { id: single.choices[1]?.id }, value: 'Large' }]);
      expect(data[1]?.answers).toEqual([{ type: 'Choice', choice: { id: multi.choices[0]?.id }, value: 'Hardware' }, { type: 'Other', value: 'Consulting' }]);
      expect((await api('GET', url)).json()).toEqual(res.json());
      const cleared = await api('PUT', url, { data: [entry(date, [])] });
      expect((cleared.json() as { data: Body[] }).data).toHaveLength(3);
    });

    it('refuses a wrong answer with a 400 naming the question, and stores nothing of the request', async () => {
      const url = `${base}/exhibitor-answers`;
      const before = (await api('GET', url)).json();
      const entry = (q: Body, answers: unknown[]) => ({ question: { id: q.id }, event: { id: eventId }, exhibitor: { id: exhibitorId }, answers });
      const good = entry(comment, [{ type: 'Text', value: 'We make booths' }]);
      const wrong: Array<[Body, RegExp]> = [
        [entry(single, [{ type: 'Choice', choice: { id: MISSING } }]), /question 'Company size' .* has no choice/],
        [entry(single, [{ type: 'Choice', choice: { id: single.choices[0]?.id } }, { type: 'Choice', choice: { id: single.choices[1]?.id } }]), /'Company size'.*give one answer/],
        [entry(single, [{ type: 'Other', value: 'x' }]), /'Company size'.*has no other answer/],
        [entry(multi, multi.choices.map((c) => ({ type: 'Choice', choice: { id: c.id } }))), /'Products'.*takes 1-2 selections \(3 given\)/],
        [entry(multi, [{ type: 'NA' }]), /'Products'.*has no not-applicable answer/],
        [entry(email, [{ type: 'Text', value: 'not an email' }]), /'Contact email'.*must be an email address/],
        [entry(email, [{ type: 'Choice', choice: { id: single.choices[0]?.id } }]), /'Contact email'.*answer with type Text/],
        [entry(comment, [{ type: 'Text', value: 'tiny' }]), /'About you'.*must be 5-40 characters long \(it is 4\)/],
        [entry(date, [{ type: 'Text', value: '2027-02-30' }]), /'Founded'.*must be a date/],
        [entry({ id: MISSING }, [{ type: 'Text', value: 'x' }]), /is not an exhibitor question of this event/],
      ];
      for (const [bad, message] of wrong) {
        // A valid answer first (to another question): it is not stored either.
        const first = (bad.question as Body).id === comment.id ? entry(date, [{ type: 'Text', value: '2000-01-01' }]) : good;
        const res = await api('PUT', url, { data: [first, bad] });
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        const err = res.json() as { message: string; target: string };
        expect(err.message).toMatch(message);
        expect(err.target).toMatch(/^data\[1\]\./);
      }
      expect((await api('PUT', url, { data: [{ ...good, exhibitor: { id: MISSING } }] })).json()).toMatchObject({ code: 400, target: 'data[0].exhibitor.id' });
      expect((await api('PUT', url, { data: [{ ...good, answers: [{ type: 'Maybe' }] }] })).statusCode).toBe(400);
      expect((await api('GET', url)).json()).toEqual(before);
    });

    it('updates a question keeping choice ids, refuses a change stored answers would break (409), and deletes answers with the question', async () => {
      const ex = await insertExhibitor(t.services, a.accountId, eventId, 'Answers Co');
      const made = (await api('POST', qUrl(), { text: 'Tier', type: 'SingleChoice', required: false, choices: [{ text: 'Gold' }, { text: 'Silver' }] })).json() as Body & { choices: Array<{ id: string; text: string }> };
      const [gold, silver] = made.choices;
      const url = `/ea/events/${eventId}/exhibitors/${ex}/exhibitor-answers`;
      await api('PUT', url, { data: [{ question: { id: made.id }, event: { id: eventId }, exhibitor: { id: ex }, answers: [{ type: 'Choice', choice: { id: gold?.id } }] }] });
      const renamed = await api('PUT', `${qUrl()}/${String(made.id)}`, { text: 'Tier', type: 'SingleChoice', required: false, choices: [{ id: gold?.id, text: 'Gold+' }, { text: 'Bronze' }] });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const answers = (await api('GET', url)).json() as { data: Array<{ answers: Body[] }> };
      expect(answers.data.at(-1)?.answers).toEqual([{ type: 'Choice', choice: { id: gold?.id }, value: 'Gold+' }]);
      const breaking = await api('PUT', `${qUrl()}/${String(made.id)}`, { text: 'Tier', type: 'SingleChoice', required: false, choices: [{ text: 'Platinum' }] });
      expect(breaking.statusCode).toBe(409);
      expect((await api('PUT', `${qUrl()}/${String(made.id)}`, { text: 'Tier', type: 'SingleChoice', required: false, choices: [{ id: silver?.id, text: 'x' }] })).statusCode).toBe(400);
      expect((await api('DELETE', `${qUrl()}/${String(made.id)}`)).statusCode).toBe(204);
      expect((await api('GET', url)).json()).toEqual({ data: [] });
      expect((await api('DELETE', `${qUrl()}/${String(made.id)}`)).statusCode).toBe(404);
    });
  });

  describe('tenancy of content and questions', () => {
    it('gives account B a 404 for content, questions and answers of account A', async () => {
      const fileId = await upload('a.pdf', pdf());
      await api('PUT', `${base}/files/${fileId}`, { event: { id: eventId }, exhibitor: { id: exhibitorId }, displayName: 'A', order: 1 });
      const w = (await api('POST', `${base}/weblinks`, { event: { id: eventId }, exhibitor: { id: exhibitorId }, name: 'A', url: 'https://a.example', order: 1 })).json() as Body;
      const q = (await api('POST', `/ea/events/${eventId}/exhibitor-questions`, { text: 'Tenancy', type: 'OpenEndedTextOneLine', required: false })).json() as Body;
      const calls: Array<[string, string, unknown?]> = [
        ['GET', `${base}/files`], ['GET', `${base}/files/${fileId}`], ['PUT', `${base}/files/${fileId}`, { event: { id: eventId }, exhibitor: { id: exhibitorId }, displayName: 'B', order: 1 }],
        ['DELETE', `${base}/files/${fileId}`], ['GET', `${base}/weblinks`], ['POST', `${base}/weblinks`, { event: { id: eventId }, exhibitor: { id: exhibitorId }, name: 'B', url: 'https://b.example', order: 1 }],
        ['GET', `${base}/weblinks/${String(w.id)}`], ['PUT', `${base}/weblinks/${String(w.id)}`, { event: { id: eventId }, exhibitor: { id: exhibitorId }, name: 'B', url: 'https://b.example', order: 1 }],
        ['DELETE', `${base}/weblinks/${String(w.id)}`], ['GET', `/ea/events/${eventId}/exhibitor-questions`],
        ['POST', `/ea/events/${eventId}/exhibitor-questions`, { text: 'B', type: 'OpenEndedTextOneLine', required: false }],
        ['PUT', `/ea/events/${eventId}/exhibitor-questions/${String(q.id)}`, { text: 'B', type: 'OpenEndedTextOneLine', required: false }],
        ['DELETE', `/ea/events/${eventId}/exhibitor-questions/${String(q.id)}`], ['GET', `${base}/exhibitor-answers`],
        ['PUT', `${base}/exhibitor-answers`, { data: [] }],
      ];
      for (const [method, url, body] of calls) {
        const res = await otherApi(method as 'GET', url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await api('GET', `${base}/files/${fileId}`)).json()).toMatchObject({ displayName: 'A' });
      expect((await api('GET', `${base}/weblinks/${String(w.id)}`)).json()).toMatchObject({ name: 'A' });
      expect(((await api('GET', `/ea/events/${eventId}/exhibitor-questions`)).json() as { data: Body[] }).data.map((x) => x.text)).toContain('Tenancy');
    });
  });

  describe('obfuscation', () => {
    it('replaces an admin who is the erased contact, redacts answers and content that quote the contact, keeps booth staff', async () => {
      await t.services.accounts.setFeature(a.accountId, 'contact-obfuscation', true);
      const created = await api('POST', '/ea/contacts', [{ firstName: 'Philippa', lastName: 'Quenneville', email: 'philippa.quenneville@example.test' }]);
      const contactId = (created.json() as Array<{ data: { id: string } }>)[0]?.data.id ?? '';
      const ex = await insertExhibitor(t.services, a.accountId, eventId, 'Erasure Co');
      const exBase = `/ea/events/${eventId}/exhibitors/${ex}`;
      const subject = (await api('POST', `${exBase}/admins`, { exhibitor: { id: ex }, firstName: 'Someone', lastName: 'Else', email: 'PHILIPPA.quenneville@example.test' })).json() as Body;
      const byName = (await api('POST', `${exBase}/admins`, { exhibitor: { id: ex }, firstName: 'philippa', lastName: 'QUENNEVILLE', email: 'pq@elsewhere.test' })).json() as Body;
      const other = (await api('POST', `${exBase}/admins`, { exhibitor: { id: ex }, firstName: 'Philippa', lastName: 'Jones', email: 'pj@example.test' })).json() as Body;
      const q = (await api('POST', `/ea/events/${eventId}/exhibitor-questions`, { text: 'Who runs the booth?', type: 'OpenEndedTextCommentBox', required: false })).json() as Body;
      const put = await api('PUT', `${exBase}/exhibitor-answers`, { data: [{ question: { id: q.id }, event: { id: eventId }, exhibitor: { id: ex }, answers: [{ type: 'Text', value: 'Ask Philippa Quenneville at the desk' }] }] });
      expect(put.statusCode, put.body).toBe(200);
      const w = (await api('POST', `${exBase}/weblinks`, { event: { id: eventId }, exhibitor: { id: ex }, name: 'Quenneville profile', url: 'https://social.example/Quenneville', order: 1 })).json() as Body;
      const attendeeId = await workflowAttendee(t.services.db.db, a.accountId, eventId);
      const staff = (await api('POST', `${exBase}/booth-staff`, { attendee: { id: attendeeId }, event: { id: eventId }, exhibitor: { id: ex } })).json() as Body;

      const start = await api('POST', `/ea/contacts/${contactId}/obfuscate`);
      expect(start.statusCode, start.body).toBe(202);
      const obfuscateId = (start.json() as { obfuscateId: string }).obfuscateId;
      await waitFor(async () => ((await api('GET', `/ea/contacts/obfuscate/${obfuscateId}/status`)).json() as { status: string }).status === 'COMPLETED', 20_000, 'obfuscation');

      expect((await api('GET', `${exBase}/admins/${String(subject.id)}`)).json()).toMatchObject({ firstName: '[obfuscated]', lastName: '[obfuscated]', email: `erased-${String(subject.id)}@obfuscated.invalid` });
      expect((await api('GET', `${exBase}/admins/${String(byName.id)}`)).json()).toMatchObject({ firstName: '[obfuscated]', email: `erased-${String(byName.id)}@obfuscated.invalid` });
      expect((await api('GET', `${exBase}/admins/${String(other.id)}`)).json()).toMatchObject({ firstName: 'Philippa', lastName: 'Jones', email: 'pj@example.test' });
      const answers = (await api('GET', `${exBase}/exhibitor-answers`)).json() as { data: Array<{ answers: Body[] }> };
      expect(answers.data[0]?.answers).toEqual([{ type: 'Text', value: 'Ask [obfuscated] at the desk' }]);
      expect((await api('GET', `${exBase}/weblinks/${String(w.id)}`)).json()).toMatchObject({ name: '[obfuscated] profile', url: 'https://social.example/obfuscated' });
      expect((await api('GET', `${exBase}/booth-staff/${String(staff.id)}`)).statusCode).toBe(200);
      const check = await t.services.obfuscation.verify({ contactId, values: ['Quenneville', 'philippa.quenneville@example.test'] });
      expect(check.hits).toEqual([]);
    }, 60_000);
  });

  describe('deleting an exhibitor', () => {
    it('exhibitorCleanup.forgetExhibitor removes its admins, content and answers and detaches its files, so the exhibitor row can go', async () => {
      const ex = await insertExhibitor(t.services, a.accountId, eventId, 'Leaving Co');
      const exBase = `/ea/events/${eventId}/exhibitors/${ex}`;
      await api('POST', `${exBase}/admins`, { exhibitor: { id: ex }, firstName: 'Lea', lastName: 'Ving', email: 'lea@example.test' });
      const fileId = await upload('leaving.pdf', pdf());
      expect((await api('PUT', `${exBase}/files/${fileId}`, { event: { id: eventId }, exhibitor: { id: ex }, displayName: 'Bye', order: 1 })).statusCode).toBe(200);
      await api('POST', `${exBase}/weblinks`, { event: { id: eventId }, exhibitor: { id: ex }, name: 'Bye', url: 'https://bye.example', order: 1 });
      const q = (await api('POST', `/ea/events/${eventId}/exhibitor-questions`, { text: 'Leaving?', type: 'OpenEndedTextOneLine', required: false })).json() as Body;
      await api('PUT', `${exBase}/exhibitor-answers`, { data: [{ question: { id: q.id }, event: { id: eventId }, exhibitor: { id: ex }, answers: [{ type: 'Text', value: 'yes' }] }] });
      const db = t.services.db.db;
      await db.transaction().execute(async (trx) => {
        await t.services.exhibitorCleanup.forgetExhibitor({ accountId: a.accountId, userId: null, clientId: 'test' }, ex, trx);
        await trx.deleteFrom('exhibitors').where('id', '=', ex).execute();
      });
      for (const table of ['exhibitor_admins', 'exhibitor_files', 'exhibitor_weblinks', 'exhibitor_answers'] as const) {
        expect(await db.selectFrom(table).select('id').where('exhibitor_id', '=', ex).execute(), table).toEqual([]);
      }
      expect((await t.services.files.info(a.accountId, fileId)).attachedTo).toBeNull();
      expect((await api('GET', `${exBase}/admins`)).statusCode).toBe(404);
    });
  });

  describe('scopes', () => {
    it('are in the catalogue the portal lists, and the demo workspace and application hold them', async () => {
      const names = ['exhibitor/exhibitor-admins:read', 'exhibitor/booth-staff:delete', 'exhibitor/exhibitor-contents:write', 'exhibitor/exhibitor-questions:write', 'exhibitor/exhibitor-answers:write'];
      expect(t.services.portal.scopes().map((s) => s.name)).toEqual(expect.arrayContaining(names));
      const { credentials } = await seedDemo(t.services, t.config);
      if (!credentials) throw new Error('the demo was not created');
      const [workspace] = await t.services.accounts.listWorkspaces(credentials.accountId);
      expect(workspace?.scopes).toEqual(expect.arrayContaining(names));
      const [application] = await t.services.accounts.listApplications(credentials.accountId);
      expect(application?.scopes).toEqual(expect.arrayContaining(names));
    }, 60_000);
  });
});
