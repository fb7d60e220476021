import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seed.js';
import { apiClient, ok, startTestApp, tokenFor, waitFor, type TestApp } from '../helpers/app.js';

// The demo account carries issue 30's resources: badges, printer pools, a rendered print job, a campaign with a template
// and a send (to the outbox here: no SMTP relay), and an attendee-messaging channel.
describe('the demo account: badges and e-mail', () => {
  let t: TestApp;
  const dataDir = mkdtempSync(join(tmpdir(), 'eventline-demo-comms-'));
  beforeAll(async () => {
    t = await startTestApp({ env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('carries badges, pools, a Done print job, a campaign, its template, sent emails and channel members', async () => {
    const { credentials } = await seedDemo(t.services, t.config);
    if (!credentials) throw new Error('the demo was not seeded');
    const demo = apiClient(t.app, await tokenFor(t.app, credentials));
    const event = (await ok<{ data: Array<{ id: string }> }>(demo('GET', '/ea/events'))).data[0]?.id ?? '';
    const badges = await ok<{ data: Array<{ id: string }> }>(demo('GET', `/ea/events/${event}/badges`));
    expect(badges.data.length).toBeGreaterThanOrEqual(2);
    expect((await ok<{ data: unknown[] }>(demo('GET', `/ea/events/${event}/badge-printer-pools`))).data).toHaveLength(2);
    const job = await waitFor(async () => {
      const jobs = await ok<{ data: Array<{ status: string; document?: { pages: number } }> }>(demo('GET', `/ea/events/${event}/badge-print-jobs`));
      return jobs.data[0]?.status === 'Done' ? jobs.data[0] : undefined;
    }, 20_000, 'the demo print job');
    expect(job.document?.pages).toBe(badges.data.length);
    const campaigns = await ok<{ data: Array<{ campaignId: string }> }>(demo('GET', '/ea/campaigns'));
    expect(campaigns.data).toHaveLength(2);
    const templates = await ok<{ data: unknown[] }>(demo('GET', `/ea/emarketing/campaigns/${campaigns.data[0]?.campaignId ?? ''}/email-templates`));
    expect(templates.data).toHaveLength(1);
    const history = await waitFor(async () => {
      const h = await ok<{ data: Array<{ deliveryStatus: string }> }>(demo('GET', '/ea/emails'));
      return h.data.length > 0 && h.data.every((r) => r.deliveryStatus === 'sent') ? h : undefined;
    }, 20_000, 'the demo sends');
    expect(history.data).toHaveLength(2);
    const members = await ok<{ data: unknown[] }>(demo('GET', `/ea/events/${event}/attendee-messages/members?filter=${encodeURIComponent(`channel.id eq 'production_group_${event}'`)}`));
    expect(members.data.length).toBeGreaterThanOrEqual(2);
  });
});
