import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type Tenant, type TestApp } from '../helpers/app.js';
import { fileForm, pdf, png } from '../helpers/files.js';
import { workflowAttendee, workflowEvent } from '../helpers/workflow.js';

// The whole exhibitor path through the public API only, as an event team and a
// lead-retrieval integration would walk it (issue 16): create an exhibitor,
// categorise it, add booth staff, upload and attach a logo, scan an attendee as
// a lead with answers to qualification questions; the lead is in GET /leads and
// the scan is a booth-visit activity. Then what account B and bad input get.

interface Page<T> { paging: { totalCount: number }; data: T[] }
interface Lead { id: string; attendee: { id: string }; exhibitor: { id: string }; boothStaff?: { id: string }; qualified: boolean }
interface Question { id: string; choices: Array<{ id: string; text: string }> }

let t: TestApp;
let dataDir: string;
let tenant: Tenant;
let api: Api;
let other: Api;
let token: string;
let event: string;
let otherEvent: string;

const ok = async <T>(res: Promise<{ statusCode: number; body: string; json: () => unknown }>, status = 200): Promise<T> => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return (r.body === '' ? undefined : r.json()) as T;
};
const upload = async (name: string, bytes: Buffer, bearer = token) => {
  const body = fileForm(name, bytes);
  return t.app.inject({ method: 'POST', url: '/ea/files', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${bearer}` } });
};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'eventline-exhibitor-path-'));
  t = await startTestApp({ env: { DATA_DIR: dataDir, FILES_MAX_BYTES: String(200_000) } });
  tenant = await createTenant(t.services);
  token = await tokenFor(t.app, tenant);
  api = apiClient(t.app, token);
  other = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
  event = await workflowEvent(t.services, tenant.accountId);
  otherEvent = await workflowEvent(t.services, tenant.accountId, 'In-person', 'Another event');
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('an exhibitor from creation to a qualified lead', () => {
  let exhibitor: string;
  let category: string;
  let staff: string;
  let logo: string;
  let lead: Lead;
  let visitor: string;

  it('walks the whole path', async () => {
    exhibitor = (await ok<{ id: string }>(api('POST', `/ea/events/${event}/exhibitors`, { event: { id: event }, name: 'Acme Robotics', code: 'ACME' }), 201)).id;
    category = (await ok<{ id: string }>(api('POST', `/ea/events/${event}/exhibitor-categories`, { event: { id: event }, name: 'Robotics', order: 1, type: 'LOGO' }), 201)).id;
    await ok(api('PUT', `/ea/events/${event}/exhibitor-categories/${category}/exhibitors/${exhibitor}`), 204);
    const inCategory = await ok<Page<{ id: string }>>(api('GET', `/ea/events/${event}/exhibitor-categories/${category}/exhibitors`));
    expect(inCategory.data.map((e) => e.id)).toEqual([exhibitor]);

    const staffer = await workflowAttendee(t.services.db.db, tenant.accountId, event);
    staff = (await ok<{ id: string }>(api('POST', `/ea/events/${event}/exhibitors/${exhibitor}/booth-staff`, {
      attendee: { id: staffer }, event: { id: event }, exhibitor: { id: exhibitor },
    }), 201)).id;

    const uploaded = await upload('acme-logo.png', png(16, 16));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    logo = (uploaded.json() as { id: string }).id;
    await ok(api('PUT', `/ea/events/${event}/exhibitors/${exhibitor}/logo-files/${logo}`));
    expect(await ok<{ profileLogoId?: string }>(api('GET', `/ea/events/${event}/exhibitors/${exhibitor}`))).toMatchObject({ profileLogoId: logo });

    const budget = await ok<Question>(api('POST', `/ea/events/${event}/exhibitors/${exhibitor}/questions`, {
      type: 'SingleChoice', text: 'Budget?', code: 'BUDGET', required: true, choices: [{ text: 'Under 10k' }, { text: 'Over 10k' }],
    }), 201);
    const project = await ok<Question>(api('POST', `/ea/events/${event}/exhibitors/${exhibitor}/questions`, { type: 'OpenEndedTextOneLine', text: 'Project name' }), 201);

    visitor = await workflowAttendee(t.services.db.db, tenant.accountId, event);
    lead = await ok<Lead>(api('POST', `/ea/events/${event}/exhibitors/${exhibitor}/leads`, {
      attendee: { id: visitor }, boothStaff: { id: staff }, device: { id: 'booth-ipad' },
      answers: [
        { question: { id: budget.id }, answers: [{ type: 'Choice', choice: { id: budget.choices[1]?.id } }] },
        { question: { id: project.id }, answers: [{ type: 'Text', value: 'Falcon' }] },
      ],
    }), 201);
    expect(lead).toMatchObject({ attendee: { id: visitor }, exhibitor: { id: exhibitor }, boothStaff: { id: staff }, qualified: true });

    const leads = await ok<Page<Lead>>(api('GET', `/ea/leads?filter=${encodeURIComponent(`exhibitor.id eq '${exhibitor}'`)}`));
    expect(leads.data.map((l) => l.id)).toEqual([lead.id]);
    const answers = await ok<{ data: Array<{ question: { id: string } }> }>(api('GET', `/ea/events/${event}/exhibitors/${exhibitor}/leads/${lead.id}/answers`));
    expect(answers.data.map((a) => a.question.id).sort()).toEqual([budget.id, project.id].sort());

    const visits = await ok<Page<{ type: string; attendee: { id: string }; data: { exhibitor?: { id: string } } }>>(
      api('GET', `/ea/attendees/activities?filter=${encodeURIComponent(`type eq 'lead.scanned' and attendee.id eq '${visitor}'`)}`));
    expect(visits.data).toHaveLength(1);
    expect(visits.data[0]).toMatchObject({ type: 'lead.scanned', attendee: { id: visitor }, data: { exhibitor: { id: exhibitor } } });
  });

  it('shows account B none of it: 404 for the exhibitor, its logo file and its lead, and empty lists', async () => {
    expect((await other('GET', `/ea/events/${event}/exhibitors/${exhibitor}`)).statusCode).toBe(404);
    expect((await other('GET', `/ea/events/${event}/exhibitors`)).statusCode).toBe(404);
    expect((await other('GET', `/ea/files/${logo}`)).statusCode).toBe(404);
    expect((await other('GET', `/ea/events/${event}/exhibitors/${exhibitor}/leads/${lead.id}/answers`)).statusCode).toBe(404);
    expect((await other('GET', `/ea/events/${event}/exhibitors/${exhibitor}/booth-staff/${staff}`)).statusCode).toBe(404);
    expect(((await other('GET', '/ea/leads')).json() as Page<Lead>).data).toEqual([]);
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    // Signed file URLs carry their own expiry, a second later when read a second later: compared without it.
    const unsigned = (v: unknown): unknown => JSON.parse(JSON.stringify(v).replace(/\?expires=\d+&kid=[^&"]+&sig=[^&"]+/g, '?(signed)')) as unknown;
    const exhibitorBefore = unsigned(await ok<unknown>(api('GET', `/ea/events/${event}/exhibitors/${exhibitor}`)));
    expect(JSON.stringify(exhibitorBefore)).toContain('?(signed)');
    // A document where an image belongs.
    const brochure = (await upload('brochure.pdf', pdf())).json() as { id: string };
    const notImage = await api('PUT', `/ea/events/${event}/exhibitors/${exhibitor}/logo-files/${brochure.id}`);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toMatchObject({ code: 400, target: 'fileId' });
    // A file over FILES_MAX_BYTES.
    const big = await upload('huge.png', Buffer.concat([png(16, 16), Buffer.alloc(200_001)]));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 413 });
    // A lead for an attendee of another event.
    const stranger = await workflowAttendee(t.services.db.db, tenant.accountId, otherEvent);
    const wrongEvent = await api('POST', `/ea/events/${event}/exhibitors/${exhibitor}/leads`, { attendee: { id: stranger }, boothStaff: { id: staff } });
    expect(wrongEvent.statusCode).toBe(400);
    expect(wrongEvent.json()).toMatchObject({ code: 400 });

    expect(unsigned(await ok<unknown>(api('GET', `/ea/events/${event}/exhibitors/${exhibitor}`)))).toEqual(exhibitorBefore);
    const leads = await ok<Page<Lead>>(api('GET', '/ea/leads'));
    expect(leads.data.map((l) => l.id)).toEqual([lead.id]);
    const files = await t.services.db.db.selectFrom('files').select(['id', 'attached_to']).where('account_id', '=', tenant.accountId).where('status', '=', 'stored').execute();
    expect(files.find((f) => f.id === brochure.id)?.attached_to ?? null).toBeNull();
    expect(files.map((f) => f.id).sort()).toEqual([logo, brochure.id].sort());
  });
});
