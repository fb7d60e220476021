import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/app.js';
import type { Api } from '../helpers/app.js';
import { startDiskApp, type DiskApp } from '../helpers/disk-app.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';

// A contact's change history (issue 30) holds every value it had: obfuscation must erase them, from the history rows
// and from the bytes of the SQLite file and its WAL. Another contact's history that quotes the contact's email is
// redacted too. This suite runs on its own SQLite file (whatever DATABASE_URL says), since it reads its raw bytes.

let d: DiskApp;
let services: Services;
let api: Api;
let accountId: string;

beforeAll(async () => {
  d = await startDiskApp('eventline-erasure-people-');
  ({ services, api, accountId } = d);
}, 60_000);
afterAll(() => d?.close());

const rawBytes = (): string => d.rawBytes().toLowerCase();
const obfuscate = (contactId: string): Promise<void> => d.obfuscate(contactId);

interface History { updatedFieldName: string; oldValue?: string; newValue?: string }

describe('erasure of the change history (SQLite)', () => {
  it("leaves none of the contact's old values, in its history or another's, in the database file or its WAL", async () => {
    const tag = Date.now().toString(36);
    const email = `zelphine.${tag}@erasure.example`;
    const old = [`Xanthorpe${tag}`, `Quillabee${tag}`, `Brontwick${tag}`];
    const res = await api('POST', '/ea/contacts', [{ firstName: 'Zelphine', lastName: old[0], email, company: `Vexmoor${tag}` }]);
    const id = (res.json() as Array<{ data: { id: string } }>)[0]?.data.id ?? '';
    for (const name of old.slice(1)) expect((await api('PATCH', `/ea/contacts/${id}`, { lastName: name })).statusCode).toBe(200);
    // Another contact's record quotes the email (an assistant's copy address): its history holds it too.
    const other = await api('POST', '/ea/contacts', [{ firstName: 'Assistant', lastName: `Of${tag}`, email: `assistant.${tag}@erasure.example` }]);
    const otherId = (other.json() as Array<{ data: { id: string } }>)[0]?.data.id ?? '';
    expect((await api('PATCH', `/ea/contacts/${otherId}`, { ccEmail: email })).statusCode).toBe(200);
    const history = (await api('GET', `/ea/contacts/${id}/history?limit=200`)).json<{ data: History[] }>().data;
    // The creation is one entry without values; each rename holds the name before and after.
    expect(history.filter((h) => h.updatedFieldName === 'lastName').map((h) => [h.oldValue, h.newValue])).toEqual([[old[0], old[1]], [old[1], old[2]]]);
    // A planner's internal-information answer about the contact's registration (attendee-extras): erased too.
    const event = await fixtureEvent(services, accountId, 'Virtual', `Erasure ${tag}`);
    const reg = await api('POST', '/ea/attendees', [{ event: { id: event }, contact: { id } }]);
    const attendee = (reg.json() as Array<{ data: { id: string } }>)[0]?.data.id ?? '';
    expect((await api('POST', '/ea/event-questions', { event: { id: event }, text: 'Handling', code: 'HANDLING', type: 'OpenEndedTextOneLine' })).statusCode).toBe(201);
    const note = `Gryffindale${tag} needs a quiet room`;
    expect((await api('PUT', `/ea/attendees/${attendee}/internal-information-questions`, { question: { code: 'HANDLING' }, value: [note] })).statusCode).toBe(200);
    // A duplicate merged into the contact is kept, deleted, with its own values: erased with the survivor.
    const dupEmail = `zel.dup.${tag}@erasure.example`;
    const dupRes = await api('POST', '/ea/contacts', [{ firstName: 'Zel', lastName: `Merrowind${tag}`, email: dupEmail }]);
    const dup = (dupRes.json() as Array<{ data: { id: string } }>)[0]?.data.id ?? '';
    expect((await api('POST', `/ea/contacts/${id}/merge`, { secondaryContacts: [dup] })).statusCode).toBe(200);
    expect((await api('GET', `/ea/contacts/${dup}`)).json()).toMatchObject({ deleted: true, lastName: `Merrowind${tag}` });
    const needles = [email, ...old, `vexmoor${tag}`, `gryffindale${tag}`, dupEmail, `merrowind${tag}`].map((v) => v.toLowerCase());
    expect(needles.filter((n) => rawBytes().includes(n))).toEqual(needles);

    await obfuscate(id);
    // The entries stay (which field changed, when, by whom); the values are gone.
    const after = (await api('GET', `/ea/contacts/${id}/history?limit=200`)).json<{ data: History[] }>().data;
    expect(after.length).toBeGreaterThanOrEqual(history.length);
    expect(after.filter((h) => h.oldValue !== undefined || h.newValue !== undefined)).toEqual([]);
    const quoted = (await api('GET', `/ea/contacts/${otherId}/history?limit=200`)).json<{ data: History[] }>().data.find((h) => h.updatedFieldName === 'ccEmail');
    expect(quoted?.newValue).not.toContain(email);
    expect(needles.filter((n) => rawBytes().includes(n))).toEqual([]);
    expect((await api('GET', `/ea/contacts/${dup}`)).json()).toMatchObject({ id: dup, purged: true });
  });
});
