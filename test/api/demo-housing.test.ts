import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seed.js';
import { apiClient, ok, startTestApp, tokenFor, type TestApp } from '../helpers/app.js';

// The demo account carries a hotel block for the demo event (issue 31): a housing event, hotels, room types, nights,
// a reservation request and reservations whose rooms are taken from the block.
describe('the demo account: housing', () => {
  let t: TestApp;
  const dataDir = mkdtempSync(join(tmpdir(), 'eventline-demo-housing-'));
  beforeAll(async () => {
    t = await startTestApp({ env: { DATA_DIR: dataDir }, build: { worker: false } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('carries a housing event of the demo event with hotels, room types, inventory and reservations', async () => {
    const { credentials } = await seedDemo(t.services, t.config);
    if (!credentials) throw new Error('the demo was not seeded');
    const demo = apiClient(t.app, await tokenFor(t.app, credentials));
    const events = await ok<{ data: Array<{ id: number }> }>(demo('GET', '/ea/housing-events/summaries'));
    expect(events.data).toHaveLength(1);
    const he = events.data[0]?.id ?? 0;
    const hotels = await ok<{ data: Array<{ id: number; name: string }> }>(demo('GET', `/ea/housing-events/${he}/hotels`));
    expect(hotels.data.map((h) => h.name)).toEqual(['Harbor Point Hotel', 'Seaport Inn']);
    const reservations = await ok<{ data: unknown[] }>(demo('GET', `/ea/housing-events/${he}/reservations`));
    expect(reservations.data).toHaveLength(2);
    const inventory = await ok<{ data: Array<{ pickup: number; currentBlock: number }> }>(demo('GET', `/ea/housing-events/${he}/inventory`));
    expect(inventory.data.reduce((n, night) => n + night.pickup, 0)).toBe(6);
    expect(inventory.data.reduce((n, night) => n + night.currentBlock, 0)).toBe(4 * (40 + 6 + 25));
  });
});
