import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seed.js';
import { apiClient, ok, startTestApp, tokenFor, type TestApp } from '../helpers/app.js';

// The demo account carries issue 32's resources: two meeting-request forms with requests (one connected to the demo
// event), and a travel program with questions, a proposal with bids, and a proposal draft.
describe('the demo account: meeting requests and travel', () => {
  let t: TestApp;
  const dataDir = mkdtempSync(join(tmpdir(), 'eventline-demo-mr-'));
  beforeAll(async () => {
    t = await startTestApp({ env: { DATA_DIR: dataDir }, build: { worker: false } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('carries two forms with requests, and a program with a proposal and bids', async () => {
    const { credentials } = await seedDemo(t.services, t.config);
    if (!credentials) throw new Error('the demo was not seeded');
    const demo = apiClient(t.app, await tokenFor(t.app, credentials));
    const event = (await ok<{ data: Array<{ id: string }> }>(demo('GET', '/ea/events'))).data[0]?.id ?? '';
    const forms = await ok<{ data: Array<{ id: string; name: string }> }>(demo('GET', '/ea/meeting-request-forms'));
    expect(forms.data.map((f) => f.name)).toEqual(['Sales meeting request', 'Internal training request']);
    for (const form of forms.data) {
      const requests = await ok<{ data: unknown[] }>(demo('GET', `/ea/meeting-request-forms/${form.id}/requests`));
      expect(requests.data.length).toBeGreaterThanOrEqual(2);
    }
    expect(await ok(demo('GET', `/ea/events/${event}/meeting-requests`))).toMatchObject({ name: 'Demo Summit (this event)', status: 'Approved' });
    const programs = await ok<{ data: Array<{ id: string; questions: unknown[] }> }>(demo('GET', '/ea/travel-programs'));
    expect(programs.data).toHaveLength(1);
    expect(programs.data[0]?.questions).toHaveLength(3);
    const proposals = await ok<{ data: Array<{ bids: unknown[] }> }>(demo('GET', '/ea/travel-proposals'));
    expect(proposals.data[0]?.bids).toHaveLength(2);
    expect((await ok<{ data: unknown[] }>(demo('GET', '/ea/travel-proposals/bids'))).data).toHaveLength(2);
  });
});
