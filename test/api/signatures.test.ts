import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { pdf, png, uploadFile } from '../helpers/files.js';
import { fixtureAttendee, fixtureEvent, fixtureSession } from '../helpers/webcast-fixtures.js';
import { describeContract, expectReferenceAnswer } from '../contract/reference.js';

// Signatures (issue 30): eventline's extension records an attendee's check-in/check-out signature images; the
// reference's list reads them back, filtered and sorted as it says, validated against the reference; 404 across accounts.

interface Signature { id: string; event: { id: string }; session?: { id: string }; attendee: { id: string }; type: string; checkinSignatureUrl: string; checkoutSignatureUrl?: string }
interface Page<T> { data: T[]; paging: { totalCount?: number; nextToken?: string } }
const MISSING = '0190a1b2-0000-7000-8000-000000000000';

let t: TestApp;
let token: string;
let api: Api;
let other: Api;
let accountId: string;
let event: string;
let session: string;
let otherSession: string;
let attendee: string;
const dataDir = mkdtempSync(join(tmpdir(), 'eventline-signatures-'));
const image = () => uploadFile(t.app, token, 'sig.png', png());
const q = (filter: string) => `filter=${encodeURIComponent(filter)}`;

beforeAll(async () => {
  t = await startTestApp({ env: { DATA_DIR: dataDir, RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
  const tenant = await createTenant(t.services);
  accountId = tenant.accountId;
  token = await tokenFor(t.app, tenant);
  api = apiClient(t.app, token);
  other = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
  const db = t.db.handle.db;
  event = await fixtureEvent(t.services, accountId, 'Hybrid');
  session = await fixtureSession(db, accountId, event);
  otherSession = await fixtureSession(db, accountId, await fixtureEvent(t.services, accountId, 'Virtual', 'Other'));
  attendee = await fixtureAttendee(db, accountId, event);
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('signatures', () => {
  it('records event and session signatures, lists, filters and sorts them, and refuses bad input', async () => {
    const atEvent = await ok<Signature>(api('POST', '/ea/signatures', { attendee: { id: attendee }, checkinSignature: { file: { id: await image() } } }), 201);
    expect(atEvent).toMatchObject({ event: { id: event }, attendee: { id: attendee }, type: 'EVENT' });
    expect(atEvent.session).toBeUndefined();
    const url = new URL(atEvent.checkinSignatureUrl);
    expect((await t.app.inject({ method: 'GET', url: url.pathname + url.search })).statusCode).toBe(200);
    const atSession = await ok<Signature>(api('POST', '/ea/signatures', {
      attendee: { id: attendee }, session: { id: session }, checkinSignature: { file: { id: await image() } }, checkoutSignature: { file: { id: await image() } },
    }), 201);
    expect(atSession).toMatchObject({ type: 'SESSION', session: { id: session } });
    expect(atSession.checkoutSignatureUrl).toBeDefined();

    expect((await api('POST', '/ea/signatures', { attendee: { id: attendee }, checkinSignature: { file: { id: await uploadFile(t.app, token, 'a.pdf', pdf()) } } })).json())
      .toMatchObject({ code: 400, target: 'checkinSignature.file.id' });
    expect((await api('POST', '/ea/signatures', { attendee: { id: attendee }, session: { id: otherSession }, checkinSignature: { file: { id: await image() } } })).json())
      .toMatchObject({ code: 400, target: 'session.id' });
    expect((await api('POST', '/ea/signatures', { attendee: { id: MISSING }, checkinSignature: { file: { id: await image() } } })).statusCode).toBe(404);
    expect((await other('POST', '/ea/signatures', { attendee: { id: attendee }, checkinSignature: { file: { id: await image() } } })).statusCode).toBe(404);

    const all = expectReferenceAnswer('GET', '/signatures', 200, await api('GET', '/ea/signatures')) as Page<Signature>;
    expect(all.data.map((s) => s.id)).toEqual([atEvent.id, atSession.id]);
    expect((await ok<Page<Signature>>(api('GET', `/ea/signatures?${q("type eq 'SESSION'")}`))).data.map((s) => s.id)).toEqual([atSession.id]);
    expect((await ok<Page<Signature>>(api('GET', `/ea/signatures?${q(`session.id ne '${session}'`)}`))).data.map((s) => s.id)).toEqual([]);
    expect((await ok<Page<Signature>>(api('GET', '/ea/signatures?sort=type:DESC'))).data.map((s) => s.type)).toEqual(['SESSION', 'EVENT']);
    expectReferenceAnswer('GET', '/signatures', 400, await api('GET', `/ea/signatures?${q("type contains 'S'")}`));
    expect((await ok<Page<Signature>>(other('GET', '/ea/signatures'))).data).toEqual([]);
  });
});

describeContract('contract: signatures match the reference', () => {
  it('GET 401, 403', async () => {
    expectReferenceAnswer('GET', '/signatures', 401, await apiClient(t.app, undefined)('GET', '/ea/signatures'));
    const tenant = await createTenant(t.services);
    expectReferenceAnswer('GET', '/signatures', 403, await apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'))('GET', '/ea/signatures'));
  });
});
