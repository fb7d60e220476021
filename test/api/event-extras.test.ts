import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seed.js';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { pdf, uploadFile } from '../helpers/files.js';
import { fixtureAttendees, fixtureEvent } from '../helpers/webcast-fixtures.js';

// Issue 29, the rest of Events: event-level check-in, the event's user groups, and the lists the reference only reads
// (planning documents, registration paths, invitation lists, event emails) with eventline's create extensions.
let t: TestApp;
let api: Api;
let token: string;
let accountId: string;
let event: string;
let attendees: string[];
const dataDir = mkdtempSync(join(tmpdir(), 'eventline-event-extras-'));
const q = (filter: string) => `filter=${encodeURIComponent(filter)}`;

beforeAll(async () => {
  t = await startTestApp({ env: { DATA_DIR: dataDir }, build: { worker: false } });
  const tenant = await createTenant(t.services);
  accountId = tenant.accountId;
  token = await tokenFor(t.app, tenant);
  api = apiClient(t.app, token);
  event = await fixtureEvent(t.services, accountId);
  attendees = await fixtureAttendees(t.db.handle.db, accountId, event, 3);
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('event check-in', () => {
  it('checks attendees in, reports event.checkedIn and event.checkedOut to the journal once, and answers each item on its own', async () => {
    const [a1, a2, a3] = attendees as [string, string, string];
    const res = await api('POST', `/ea/events/${event}/check-in`, [
      { id: a1, checkIn: '2027-03-01T09:05:00Z', checkOut: '2027-03-01T17:00:00Z', device: 'Kiosk 1' },
      { id: a2, checkIn: '2027-03-01T09:10:00+01:00' },
      { id: '0190a1b2-0000-7000-8000-000000000000', checkIn: '2027-03-01T09:00:00Z' },
      { id: a3, checkIn: 'soon' },
      { id: a3, checkIn: '2027-03-01T10:00:00Z', checkOut: '2027-03-01T09:00:00Z' },
    ]);
    expect(res.statusCode, res.body).toBe(207);
    expect((res.json() as Array<{ status: number }>).map((r) => r.status)).toEqual([201, 201, 404, 400, 400]);
    const one = (await ok<{ checkedIn: boolean; checkIn?: string; checkOut?: string }>(api('GET', `/ea/attendees/${a1}`)));
    expect(one).toMatchObject({ checkedIn: true, checkIn: '2027-03-01T09:05:00.000Z', checkOut: '2027-03-01T17:00:00.000Z' });
    expect((await ok<{ checkedIn: boolean }>(api('GET', `/ea/attendees/${a3}`))).checkedIn).toBe(false);

    // Resending the same check-in updates in place and records nothing new.
    const again = await api('POST', `/ea/events/${event}/check-in`, [{ id: a1, checkIn: '2027-03-01T09:05:00Z' }]);
    expect((again.json() as Array<{ status: number }>)[0]?.status).toBe(200);
    const journal = await ok<{ data: Array<{ type: string; attendee: { id: string }; data: Record<string, unknown> }> }>(
      api('GET', `/ea/attendees/activities?${q(`event.id eq '${event}'`)}`));
    const ofA1 = journal.data.filter((a) => a.attendee.id === a1).map((a) => [a.type, a.data]);
    expect(ofA1).toEqual(expect.arrayContaining([
      ['event.checkedIn', { event: { id: event }, checkedIn: '2027-03-01T09:05:00.000Z' }],
      ['event.checkedOut', { event: { id: event }, checkOut: '2027-03-01T17:00:00.000Z', duration: 28_500_000 }],
    ]));
    expect(ofA1).toHaveLength(2);
    expect(journal.data.filter((a) => a.attendee.id === a2).map((a) => a.type)).toEqual(['event.checkedIn']);
  });

  it('refuses a declined attendee (409 item), a whole body that is not an array (400) and an unknown event (404)', async () => {
    const [, , a3] = attendees as [string, string, string];
    await t.db.handle.db.updateTable('attendees').set({ status: 'Declined' }).where('id', '=', a3).execute();
    const res = await api('POST', `/ea/events/${event}/check-in`, [{ id: a3, checkIn: '2027-03-01T09:00:00Z' }]);
    expect((res.json() as Array<{ status: number }>)[0]?.status).toBe(409);
    await t.db.handle.db.updateTable('attendees').set({ status: 'Accepted' }).where('id', '=', a3).execute();
    expect((await api('POST', `/ea/events/${event}/check-in`, { id: a3, checkIn: '2027-03-01T09:00:00Z' })).statusCode).toBe(400);
    expect((await api('POST', `/ea/events/${event}/check-in`, [])).statusCode).toBe(400);
    expect((await api('POST', '/ea/events/0190a1b2-0000-7000-8000-000000000000/check-in', [{ id: a3, checkIn: '2027-03-01T09:00:00Z' }])).statusCode).toBe(404);
  });

  it('removes a check-in (204), then 404 for an attendee who is not checked in', async () => {
    const [a1] = attendees as [string];
    expect((await api('DELETE', `/ea/events/${event}/check-in/${a1}`)).statusCode).toBe(204);
    expect(await ok<{ checkedIn: boolean; checkIn?: string }>(api('GET', `/ea/attendees/${a1}`))).toMatchObject({ checkedIn: false });
    expect((await ok<{ checkIn?: string }>(api('GET', `/ea/attendees/${a1}`))).checkIn).toBeUndefined();
    expect((await api('DELETE', `/ea/events/${event}/check-in/${a1}`)).statusCode).toBe(404);
  });
});

describe('event user groups', () => {
  it('associates a group (again is harmless), lists it, disassociates it, and a deleted group leaves the event', async () => {
    const group = await ok<{ id: string }>(api('POST', '/ea/account-user-groups', { name: 'Event Crew' }));
    expect((await api('PUT', `/ea/events/${event}/user-groups/${group.id}`)).statusCode).toBe(204);
    expect((await api('PUT', `/ea/events/${event}/user-groups/${group.id}`)).statusCode).toBe(204);
    const list = await ok<{ data: unknown[]; paging: { totalCount: number } }>(api('GET', `/ea/events/${event}/user-groups`));
    expect(list.data).toEqual([{ id: group.id, name: 'Event Crew' }]);
    expect((await api('DELETE', `/ea/events/${event}/user-groups/${group.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/events/${event}/user-groups/${group.id}`)).statusCode).toBe(404);
    expect((await api('PUT', `/ea/events/${event}/user-groups/0190a1b2-0000-7000-8000-000000000000`)).statusCode).toBe(404);

    expect((await api('PUT', `/ea/events/${event}/user-groups/${group.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/account-user-groups/${group.id}`)).statusCode).toBe(204);
    expect((await ok<{ data: unknown[] }>(api('GET', `/ea/events/${event}/user-groups`))).data).toEqual([]);
  });
});

describe('planning documents, registration paths, invitation lists and event emails', () => {
  it('keeps an uploaded file as a planning document, filters the list by the reference\'s fields, and removes it', async () => {
    const file = await uploadFile(t.app, token, 'run-of-show.pdf', pdf());
    const doc = await ok<{ id: string; name: string; mimeType: string; referenceLink: { url: string } }>(
      api('POST', `/ea/events/${event}/planning-documents`, { file: { id: file }, category: 'Logistics', description: 'Who does what' }), 201);
    expect(doc).toMatchObject({ name: 'run-of-show.pdf', mimeType: 'application/pdf', category: 'Logistics', event: { id: event }, secured: true });
    expect((await t.app.inject({ method: 'GET', url: new URL(doc.referenceLink.url).pathname + new URL(doc.referenceLink.url).search })).statusCode).toBe(200);
    // The file is now in use: a second document of it is refused.
    expect((await api('POST', `/ea/events/${event}/planning-documents`, { file: { id: file } })).statusCode).toBe(400);
    for (const [filter, n] of [["mimeType eq 'application/pdf'", 1], ["category eq 'Logistics' and name eq 'run-of-show.pdf'", 1], ["uploaded gt '2100-01-01T00:00:00Z'", 0]] as const) {
      expect((await ok<{ data: unknown[] }>(api('GET', `/ea/events/${event}/planning-documents?${q(filter)}`))).data, filter).toHaveLength(n);
    }
    expect((await api('GET', `/ea/events/${event}/planning-documents?${q("name contains 'run'")}`)).statusCode).toBe(400);
    expect((await api('DELETE', `/ea/events/${event}/planning-documents/${doc.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/events/${event}/planning-documents/${doc.id}`)).statusCode).toBe(404);
  });

  it('creates registration paths, invitation lists (one default) and emails, and lists them with the reference\'s filters', async () => {
    const path = await ok<{ code: string }>(api('POST', `/ea/events/${event}/registration-paths`, { name: 'VIP guests', description: 'By invitation' }), 201);
    expect(path.code).toBe('VIP-GUESTS');
    expect((await ok<{ data: unknown[] }>(api('GET', `/ea/events/${event}/registration-paths?locale=fr-FR`))).data).toHaveLength(1);
    expect((await api('GET', `/ea/events/${event}/registration-paths?${q("name eq 'x'")}`)).statusCode).toBe(400);

    const first = await ok<{ id: string; default: boolean; locale: string }>(api('POST', `/ea/events/${event}/invitation-lists`, { name: 'Customers', default: true }), 201);
    expect(first).toMatchObject({ default: true, locale: 'en-US' });
    const second = await ok<{ id: string }>(api('POST', `/ea/events/${event}/invitation-lists`, { name: 'Partners', locale: 'de-DE', default: true }), 201);
    const defaults = await ok<{ data: Array<{ id: string }> }>(api('GET', `/ea/events/${event}/invitation-lists?${q("default eq 'true'")}`));
    expect(defaults.data.map((l) => l.id)).toEqual([second.id]);
    expect((await ok<{ data: unknown[] }>(api('GET', `/ea/events/${event}/invitation-lists?${q("name contains 'art' and locale eq 'de-DE'")}`))).data).toHaveLength(1);

    const email = await ok<{ id: string; active: boolean }>(api('POST', `/ea/events/${event}/emails`, {
      name: 'Invitation', subject: 'You are invited', fromName: 'Pat', fromEmail: 'pat@example.test', htmlBody: '<p>Come</p>', invitationList: { id: first.id },
    }), 201);
    expect(email.active).toBe(true);
    expect((await api('POST', `/ea/events/${event}/emails`, { name: 'X', subject: 'Y', invitationList: { id: '0190a1b2-0000-7000-8000-000000000000' } })).statusCode).toBe(400);
    const byList = await ok<{ data: Array<{ id: string }> }>(api('GET', `/ea/events/${event}/emails?${q(`invitationList.id eq '${first.id}' and active eq 'true'`)}`));
    expect(byList.data.map((e) => e.id)).toEqual([email.id]);
    expect((await api('GET', `/ea/events/${event}/emails?${q("subject eq 'x'")}`)).statusCode).toBe(400);
    expect((await api('GET', '/ea/events/0190a1b2-0000-7000-8000-000000000000/emails')).statusCode).toBe(404);
  });
});

describe('erasure', () => {
  it('redacts an obfuscated contact\'s email and name where an event email, a registration path or a planning document quotes them', async () => {
    await t.services.accounts.setFeature(accountId, 'contact-obfuscation', true);
    const contact = (await ok<Array<{ data: { id: string } }>>(api('POST', '/ea/contacts', [{ firstName: 'Quentin', lastName: 'Quenneville', email: 'quentin.q@privacy.test' }]), 207))[0]?.data.id ?? '';
    const email = await ok<{ id: string }>(api('POST', `/ea/events/${event}/emails`, {
      name: 'VIP', subject: 'For Quentin Quenneville', replyToEmail: 'quentin.q@privacy.test', plaintextBody: 'Write to quentin.q@privacy.test',
    }), 201);
    await ok(api('POST', `/ea/events/${event}/registration-paths`, { name: 'Quentin path', description: 'Ask quentin.q@privacy.test' }), 201);
    await t.services.obfuscation.obfuscateNow(accountId, contact);
    const after = JSON.stringify([
      await ok(api('GET', `/ea/events/${event}/emails?${q(`id eq '${email.id}'`)}`)), await ok(api('GET', `/ea/events/${event}/registration-paths`)),
    ]);
    expect(after).not.toContain('quentin.q@privacy.test');
    expect(after).toContain('[obfuscated]');
  });
});

describe('the demo account', () => {
  it('carries registration paths, invitation lists, event emails, a planning document and an event user group', async () => {
    const { credentials } = await seedDemo(t.services, t.config);
    if (!credentials) throw new Error('the demo was not seeded');
    const demo = apiClient(t.app, await tokenFor(t.app, credentials));
    const event = (await ok<{ data: Array<{ id: string }> }>(demo('GET', '/ea/events'))).data[0]?.id ?? '';
    const count = async (path: string) => (await ok<{ data: unknown[] }>(demo('GET', `/ea/events/${event}/${path}`))).data.length;
    expect(await count('registration-paths')).toBe(2);
    expect(await count('invitation-lists')).toBe(2);
    expect(await count('emails')).toBe(3);
    expect(await count('planning-documents')).toBe(1);
    expect(await count('user-groups')).toBe(1);
  });
});
