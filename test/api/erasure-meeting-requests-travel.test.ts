import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/app.js';
import { ok, type Api } from '../helpers/app.js';
import { startDiskApp, type DiskApp } from '../helpers/disk-app.js';
import { createVenue, seedPerson, type PersonData } from '../contract/obfuscation.fixtures.js';

// Issue 32: a meeting request's answers carry the requester (name, email, phone); a proposal draft's contacts, a
// proposal's answers and a bid's notes name people too. Obfuscating the contact redacts them, and the bytes leave the
// SQLite file and its WAL. This suite runs on its own SQLite file (whatever DATABASE_URL says): it reads raw bytes.

let d: DiskApp;
let services: Services;
let api: Api;
let accountId: string;

beforeAll(async () => {
  d = await startDiskApp('eventline-erasure-mr-');
  ({ services, api, accountId } = d);
}, 60_000);
afterAll(() => d?.close());

const rawBytes = (): string => d.rawBytes().toLowerCase();

describe('erasure of requesters and supplier contacts (SQLite)', () => {
  it('redacts the person in meeting-request answers, drafts, proposals and bids, and leaves none of their bytes on disk', async () => {
    const tag = Date.now().toString(36);
    const person: PersonData = { firstName: `Zebulon${tag}`, lastName: `Quillfeather${tag}`, email: `zebulon.${tag}@erasure.example`, phone: '+1 555 0103', note: 'no note' };
    const venue = await createVenue(services, accountId);
    const { contactId } = await seedPerson(services.db.db, venue, person);
    const full = `${person.firstName} ${person.lastName}`;
    const form = await ok<{ id: string; questions: Array<{ id: string }> }>(api('POST', '/ea/meeting-request-forms', {
      name: 'Requests', questions: [{ name: 'Requester', type: 'FreeText', required: true }, { name: 'Email', type: 'Email', required: true }, { name: 'Notes', type: 'General' }],
    }), 201);
    const [name, email, notes] = form.questions.map((q) => q.id);
    const created = await ok<Array<{ data: { id: string } }>>(api('POST', `/ea/meeting-request-forms/${form.id}/requests`, [{
      name: `Offsite for ${full}`, statusNote: `Asked by ${person.email}`,
      questions: [{ id: name, value: [full] }, { id: email, value: [person.email] }, { id: notes, value: [`Call ${person.firstName} first`] }],
    }]), 207);
    const requestId = (created[0] as { data: { id: string } }).data.id;
    const program = await ok<{ id: string }>(api('POST', '/ea/travel-programs', { name: 'Program', type: 'corporate', format: 'gbta2013' }), 201);
    const question = await ok<{ id: string }>(api('POST', `/ea/travel-programs/${program.id}/questions`, { text: 'Sales contact', responseType: 'single', responseDataType: 'email' }), 201);
    const proposal = await ok<{ id: string }>(api('POST', '/ea/travel-proposals', {
      travelProgram: { id: program.id }, supplierProperty: { id: '0190a1b2-0000-7000-8000-0000000000b1' }, rejectComment: `Spoke with ${full}`,
      customQuestionAnswers: [{ question: { id: question.id }, answer: person.email }],
    }), 201);
    await ok(api('POST', '/ea/travel-proposals/bids', { travelProposal: { id: proposal.id }, internalNote: `Negotiated by ${full}`, comments: [{ commentType: 'other_information', comment: `Ask ${person.email}` }] }), 201);
    const draft = await ok<{ id: string }>(api('POST', '/ea/proposal-drafts', {
      name: 'Offer', contacts: [{ contactType: 'PRIMARY', firstName: person.firstName, lastName: person.lastName, email: person.email }],
    }), 201);
    const needles = [person.email, person.firstName, person.lastName].map((v) => v.toLowerCase());
    expect(needles.filter((n) => rawBytes().includes(n))).toEqual(needles);

    await d.obfuscate(contactId);
    expect(needles.filter((n) => rawBytes().includes(n))).toEqual([]);
    const shown = [
      await ok(api('GET', `/ea/meeting-request-forms/${form.id}/requests/${requestId}`)),
      await ok(api('GET', `/ea/travel-proposals/${proposal.id}`)),
      await ok(api('GET', '/ea/travel-proposals/bids')),
      await ok(api('GET', `/ea/proposal-drafts/${draft.id}`)),
    ].map((x) => JSON.stringify(x).toLowerCase());
    for (const text of shown) expect(needles.filter((n) => text.includes(n))).toEqual([]);
    // The rows stay, with the redaction marker where the person was.
    expect(shown[0]).toContain('[obfuscated]');
    expect(JSON.parse(shown[3] as string)).toMatchObject({ name: 'offer', contacts: [{ contacttype: 'primary' }] });
  });
});
