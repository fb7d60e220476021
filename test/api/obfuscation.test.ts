import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/index.js';
import { ALL_SCOPES } from '../../src/modules/oauth/index.js';
import { apiClient, createTenant, startTestApp, tokenFor, waitFor, type Api, type TestApp } from '../helpers/app.js';
import { createVenue, seedPerson, type PersonData, type Venue } from '../contract/obfuscation.fixtures.js';

interface Status { obfuscateId: string; status: string; contact: { id: string } }

let t: TestApp;
let api: Api;
let apiOther: Api;
let accountId: string;
let otherAccount: string;
let venue: Venue;
let n = 0;

const person = (): PersonData => {
  n += 1;
  return { firstName: `Quintessa${n}`, lastName: `Ravensworth${n}`, email: `q.ravensworth${n}@privacy.test`, phone: `+44 20 7946 ${String(1000 + n)}`, note: `allergic, ${n}` };
};

const values = (p: PersonData) => [p.email, `${p.firstName} ${p.lastName}`, p.firstName, p.lastName, p.phone];

async function verify(contactId: string, p: PersonData) {
  return t.services.obfuscation.verify({ contactId, values: values(p) });
}

async function completed(a: Api, obfuscateId: string): Promise<Status> {
  return waitFor(async () => {
    const res = await a('GET', `/ea/contacts/obfuscate/${obfuscateId}/status`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Status;
    expect(body.status).not.toBe('FAILED');
    return body.status === 'COMPLETED' ? body : undefined;
  }, 20_000, 'obfuscation to complete');
}

beforeAll(async () => {
  t = await startTestApp();
  const a = await createTenant(t.services);
  const b = await createTenant(t.services);
  accountId = a.accountId;
  otherAccount = b.accountId;
  await t.services.accounts.setFeature(accountId, 'contact-obfuscation', true);
  await t.services.accounts.setFeature(otherAccount, 'contact-obfuscation', true);
  api = apiClient(t.app, await tokenFor(t.app, a));
  apiOther = apiClient(t.app, await tokenFor(t.app, b));
  venue = await createVenue(t.services, accountId);
});
afterAll(async () => t?.close());

describe('contact obfuscation: the seed path', () => {
  it('finds the contact by email, starts with GET, completes, and leaves zero traces; the email is then free for a new contact', async () => {
    const p = person();
    const kept = person();
    const { contactId } = await seedPerson(t.services.db.db, venue, p);
    const other = await seedPerson(t.services.db.db, venue, kept);

    const found = await api('GET', `/ea/contacts?filter=${encodeURIComponent(`email eq '${p.email}'`)}`);
    expect(found.statusCode).toBe(200);
    const id = (found.json() as { data: Array<{ id: string }> }).data[0]?.id;
    expect(id).toBe(contactId);

    const before = await verify(contactId, p);
    expect(before.hits.length).toBeGreaterThan(5);

    const start = await api('GET', `/ea/contacts/${contactId}/obfuscate`);
    expect(start.statusCode, start.body).toBe(202);
    const body = start.json() as Status;
    expect(body).toMatchObject({ contact: { id: contactId } });
    expect(['INITIATED', 'QUEUED', 'PROCESSING', 'COMPLETED']).toContain(body.status);
    expect(start.headers.location).toBe(`/ea/contacts/obfuscate/${body.obfuscateId}/status`);
    await completed(api, body.obfuscateId);

    const report = await verify(contactId, p);
    expect(report.hits).toEqual([]);
    expect(report.contactPurged).toBe(true);
    expect(report.tablesScanned).toBeGreaterThan(10);

    const got = await api('GET', `/ea/contacts/${contactId}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ id: contactId, purged: true });
    expect(JSON.stringify(got.json())).not.toContain(p.lastName);

    // Ids and counts stay: the attendee, its enrollment and check-in rows still exist.
    const db = t.services.db.db;
    const att = await db.selectFrom('attendees').selectAll().where('contact_id', '=', contactId).execute();
    expect(att).toHaveLength(1);
    expect(await db.selectFrom('session_enrollments').select('id').where('attendee_id', '=', att[0]?.id ?? '').execute()).toHaveLength(1);
    const checkins = await db.selectFrom('session_attendance').selectAll().where('attendee_id', '=', att[0]?.id ?? '').execute();
    expect(checkins).toHaveLength(1);
    expect(checkins[0]).toMatchObject({ duration: 30, device: null });

    // Everyone else is untouched.
    expect((await verify(other.contactId, kept)).hits.length).toBe(before.hits.length);

    const again = await api('POST', '/ea/contacts', [{ firstName: 'New', lastName: 'Person', email: p.email }]);
    expect(again.statusCode).toBe(207);
    expect((again.json() as Array<{ status: number }>)[0]?.status).toBe(201);
  });

  it('starts with POST too; a second request returns the same obfuscation, not a new one', async () => {
    const p = person();
    const { contactId } = await seedPerson(t.services.db.db, venue, p);
    const first = await api('POST', `/ea/contacts/${contactId}/obfuscate`);
    expect(first.statusCode).toBe(202);
    const a = first.json() as Status;
    const second = await api('GET', `/ea/contacts/${contactId}/obfuscate`);
    expect(second.statusCode).toBe(202);
    expect((second.json() as Status).obfuscateId).toBe(a.obfuscateId);
    await completed(api, a.obfuscateId);
    const third = await api('POST', `/ea/contacts/${contactId}/obfuscate`);
    expect(third.json()).toEqual({ obfuscateId: a.obfuscateId, status: 'COMPLETED', contact: { id: contactId } });
    const rows = await t.services.db.db.selectFrom('contact_obfuscations').select('id').where('contact_id', '=', contactId).execute();
    expect(rows).toHaveLength(1);
  });

  it('proves the result with `eventline contacts verify-obfuscated`: zero hits after, each hit with its place before', async () => {
    const p = person();
    const { contactId } = await seedPerson(t.services.db.db, venue, p);
    // A data dir of its own, with a stored file that names the contact (an export someone left behind).
    const dataDir = mkdtempSync(join(tmpdir(), 'eventline-verify-'));
    mkdirSync(join(dataDir, 'exports'));
    writeFileSync(join(dataDir, 'exports', 'contacts.csv'), `id,email\n${contactId},${p.email.toUpperCase()}\n`);
    const run = async () => {
      let out = '';
      let err = '';
      const code = await main(['node', 'eventline', 'contacts', 'verify-obfuscated', contactId, '--email', p.email, '--name', `${p.firstName} ${p.lastName}`, '--value', p.phone, '--json'], {
        config: { ...t.config, dataDir }, io: { stdout: (s) => void (out += s), stderr: (s) => void (err += s) },
      });
      return { code, doc: JSON.parse(out) as { hits: Array<{ place: string }>; notScanned: string[] }, err };
    };
    const before = await run();
    expect(before.code).toBe(1);
    const places = new Set(before.doc.hits.map((h) => h.place));
    expect(places).toContain('file:exports/contacts.csv');
    rmSync(join(dataDir, 'exports'), { recursive: true });
    for (const place of ['contacts.email', 'attendees.reference_id', 'attendees.extra', 'session_attendance.device', 'attendee_links.join_href', 'mail_outbox.raw', 'communication_messages.payload']) {
      expect(places).toContain(place);
    }
    expect(before.err).not.toContain(p.email);
    const start = await api('POST', `/ea/contacts/${contactId}/obfuscate`);
    const { obfuscateId } = start.json() as Status;
    await completed(api, obfuscateId);
    // The command also reads the database's files: wait for the job's compaction, which follows the erasure's commit.
    const { job_id: jobId } = await t.services.db.db.selectFrom('contact_obfuscations').select('job_id').where('id', '=', obfuscateId).executeTakeFirstOrThrow();
    await waitFor(async () => ((await t.services.jobs.get(jobId ?? ''))?.status === 'completed' ? true : undefined), 30_000, 'the obfuscation job');
    const after = await run();
    // On a failure, say whether the job's compaction finished (a table it could not lock stays pending, and its old
    // row versions are then really still in the files) or the scan found something after a complete compaction.
    expect(after.doc.hits, `the job's result: ${JSON.stringify((await t.services.jobs.get(jobId ?? ''))?.result)}`).toEqual([]);
    expect(after.code).toBe(0);
    expect(after.doc.notScanned.join(' ')).toMatch(/request logs/);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("erases the contact's email, full name and phone from other people's rows of cleared and replaced columns: another attendee's note, a lead typed in by hand, another contact's profile, mail to someone else", async () => {
    const p = person();
    const kept = person();
    const db = t.services.db.db;
    const full = `${p.firstName} ${p.lastName}`;
    const { contactId } = await seedPerson(db, venue, p);
    const other = await seedPerson(db, venue, kept);
    const now = new Date().toISOString();
    const audit = { created: now, last_modified: now, created_by: 'test', last_modified_by: 'test' };
    // Another attendee's note, another contact's company and profile, another person's check-in device, mail to someone else.
    await db.updateTable('attendees').set({ note: `came with ${full} <${p.email}>` }).where('id', '=', other.attendeeId).execute();
    await db.updateTable('contacts').set({ company: `${full.toUpperCase()} Ltd`, profile: JSON.stringify({ mobilePhone: kept.phone, assistantEmail: p.email }) })
      .where('id', '=', other.contactId).execute();
    await db.updateTable('session_attendance').set({ device: `borrowed from ${full}` }).where('attendee_id', '=', other.attendeeId).execute();
    const mailId = `mail-${contactId}`;
    await db.insertInto('mail_outbox').values({
      id: mailId, account_id: accountId, created: now, contact_id: other.contactId, recipient: kept.email, subject: `Your colleague ${full}`,
      raw: `To: <${kept.email}>\r\nSubject: Your colleague\r\n\r\nPlease forward to ${p.email}.\r\n`, transport: 'outbox',
    }).execute();
    // A lead the booth staff typed in by hand for another attendee, with the contact's details: not linked to the contact.
    const exhibitorId = `exh-${contactId}`;
    await db.insertInto('exhibitors').values({ id: exhibitorId, account_id: accountId, event_id: venue.eventId, name: 'Booth', hidden: 0, event_sponsor: 0, featured: 0, ...audit }).execute();
    const leadId = `lead-${contactId}`;
    await db.insertInto('leads').values({
      id: leadId, account_id: accountId, event_id: venue.eventId, exhibitor_id: exhibitorId, attendee_id: other.attendeeId, contact_id: null,
      first_name: p.firstName, last_name: p.lastName, email: p.email.toUpperCase(), work_phone: p.phone,
      type: 'leadcapture', application: 'leadcapture', source: 'manual', deleted: 0, qualified: 0, ...audit,
    }).execute();
    // Another booth's lead of that attendee, with its own details and a company that names the contact.
    await db.insertInto('exhibitors').values({ id: `${exhibitorId}-2`, account_id: accountId, event_id: venue.eventId, name: 'Booth 2', hidden: 0, event_sponsor: 0, featured: 0, ...audit }).execute();
    const otherLeadId = `lead2-${contactId}`;
    await db.insertInto('leads').values({
      id: otherLeadId, account_id: accountId, event_id: venue.eventId, exhibitor_id: `${exhibitorId}-2`, attendee_id: other.attendeeId, contact_id: other.contactId,
      first_name: kept.firstName, last_name: kept.lastName, email: kept.email, company: `assistant to ${full}`,
      type: 'leadcapture', application: 'leadcapture', source: 'manual', deleted: 0, qualified: 0, ...audit,
    }).execute();
    const planted = await verify(contactId, p);
    for (const place of ['attendees.note', 'contacts.company', 'contacts.profile', 'session_attendance.device', 'mail_outbox.subject', 'mail_outbox.raw', 'leads.email', 'leads.first_name', 'leads.company']) {
      expect(planted.hits.map((h) => h.place)).toContain(place);
    }

    const start = await api('POST', `/ea/contacts/${contactId}/obfuscate`);
    await completed(api, (start.json() as Status).obfuscateId);
    expect((await verify(contactId, p)).hits).toEqual([]);

    // The other people's rows stay, with their own values; only the contact's values are gone from them.
    const note = await db.selectFrom('attendees').select('note').where('id', '=', other.attendeeId).executeTakeFirstOrThrow();
    expect(note.note).toBe('came with [obfuscated] <[obfuscated]>');
    const c = await db.selectFrom('contacts').selectAll().where('id', '=', other.contactId).executeTakeFirstOrThrow();
    expect(c).toMatchObject({ first_name: kept.firstName, email: kept.email, company: '[obfuscated] Ltd', purged: 0 });
    expect(JSON.parse(c.profile)).toEqual({ mobilePhone: kept.phone, assistantEmail: '[obfuscated]' });
    const mail = await db.selectFrom('mail_outbox').selectAll().where('id', '=', mailId).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ recipient: kept.email, subject: 'Your colleague [obfuscated]' });
    expect(mail.raw).toContain('Please forward to [obfuscated].');
    const lead = await db.selectFrom('leads').selectAll().where('id', '=', leadId).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ first_name: null, last_name: null, email: null, work_phone: null, last_modified_by: 'obfuscation' });
    const otherLead = await db.selectFrom('leads').selectAll().where('id', '=', otherLeadId).executeTakeFirstOrThrow();
    expect(otherLead).toMatchObject({ first_name: kept.firstName, email: kept.email, company: 'assistant to [obfuscated]' });
    // The other person's own values are all still there.
    expect((await verify(other.contactId, kept)).hits.map((h) => h.place)).toEqual(expect.arrayContaining(['contacts.email', 'attendees.reference_id', 'leads.email']));
  });

  it('redacts the contact\'s email in job payloads and event planners in place, leaving the rows', async () => {
    const p = person();
    const { contactId } = await seedPerson(t.services.db.db, venue, p);
    const db = t.services.db.db;
    const job = await t.services.jobs.enqueue({ type: 'test.audit', accountId, payload: { note: `sent to ${p.email}` }, runAt: new Date('2100-01-01T00:00:00Z') });
    await db.updateTable('events').set({ planners: JSON.stringify([{ firstName: 'Pat', lastName: 'Planner', email: p.email }]) }).where('id', '=', venue.eventId).execute();
    const start = await api('POST', `/ea/contacts/${contactId}/obfuscate`);
    await completed(api, (start.json() as Status).obfuscateId);
    expect((await verify(contactId, p)).hits).toEqual([]);
    const row = await db.selectFrom('jobs').select('payload').where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.payload)).toEqual({ note: 'sent to [obfuscated]' });
    const ev = await db.selectFrom('events').select('planners').where('id', '=', venue.eventId).executeTakeFirstOrThrow();
    expect(ev.planners).toContain('Pat');
    await t.services.jobs.cancel(job.id);
  });
});

describe('contact obfuscation: refusals', () => {
  it('returns 409 when obfuscation is not enabled for the account', async () => {
    const ten = await createTenant(t.services);
    const a = apiClient(t.app, await tokenFor(t.app, ten));
    const c = await a('POST', '/ea/contacts', [{ firstName: 'Off', lastName: 'Switch', email: 'off@example.test' }]);
    const id = (c.json() as Array<{ data: { id: string } }>)[0]?.data.id ?? '';
    for (const method of ['GET', 'POST'] as const) {
      const res = await a(method, `/ea/contacts/${id}/obfuscate`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 409, message: expect.stringMatching(/not enabled/) as string });
    }
    const got = await a('GET', `/ea/contacts/${id}`);
    expect(got.json()).toMatchObject({ email: 'off@example.test', purged: false });
  });

  it.each([
    ['the workspace lacks contacts:write', { workspaceScopes: ALL_SCOPES.filter((s) => s !== 'event/contacts:write') }],
    ['the application lacks contacts:write', { appScopes: ALL_SCOPES.filter((s) => s !== 'event/contacts:write') }],
    ['the workspace lacks contacts:read', { workspaceScopes: ALL_SCOPES.filter((s) => s !== 'event/contacts:read') }],
    ['the application lacks contacts:read', { appScopes: ALL_SCOPES.filter((s) => s !== 'event/contacts:read') }],
  ])('returns 403 when %s', async (_name, scopes) => {
    const ten = await createTenant(t.services, scopes);
    await t.services.accounts.setFeature(ten.accountId, 'contact-obfuscation', true);
    const a = apiClient(t.app, await tokenFor(t.app, ten));
    const p = person();
    const v = await createVenue(t.services, ten.accountId);
    const { contactId } = await seedPerson(t.services.db.db, v, p);
    for (const method of ['GET', 'POST'] as const) {
      const res = await a(method, `/ea/contacts/${contactId}/obfuscate`);
      expect(res.statusCode).toBe(403);
      expect(res.headers['www-authenticate']).toMatch(/insufficient_scope/);
    }
    expect((await verify(contactId, p)).hits.length).toBeGreaterThan(0);
  });

  it('returns 404 for an unknown contact and for another account\'s contact, and for their obfuscation status', async () => {
    const unknown = await api('POST', '/ea/contacts/01890a5d-ac96-774b-bcce-b302099a8057/obfuscate');
    expect(unknown.statusCode).toBe(404);
    const p = person();
    const { contactId } = await seedPerson(t.services.db.db, venue, p);
    expect((await apiOther('POST', `/ea/contacts/${contactId}/obfuscate`)).statusCode).toBe(404);
    expect((await apiOther('GET', `/ea/contacts/${contactId}/obfuscate`)).statusCode).toBe(404);
    const start = await api('POST', `/ea/contacts/${contactId}/obfuscate`);
    const id = (start.json() as Status).obfuscateId;
    expect((await apiOther('GET', `/ea/contacts/obfuscate/${id}/status`)).statusCode).toBe(404);
    expect((await api('GET', '/ea/contacts/obfuscate/01890a5d-ac96-774b-bcce-b302099a8057/status')).statusCode).toBe(404);
    expect((await api('GET', '/ea/contacts/obfuscate/not-a-uuid/status')).statusCode).toBe(404);
    await completed(api, id);
  });
});
