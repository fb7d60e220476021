import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInChromium, startHarness, type Harness } from './harness.js';

// The developer portal's request log and sandbox controls (issue 35, docs/sandbox.md) in a real browser: the demo
// application's calls, one of them forced to 429 by its sandbox controls, as the portal shows them.

describeInChromium('portal: request log and sandbox controls', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { SANDBOX_CONTROLS: 'true', REQUEST_LOG_FLUSH_MS: '50' } });
  }, 240_000);
  afterAll(async () => h?.close());

  it('shows the application\'s requests, newest first, with the control that acted, and its controls', async () => {
    const { page, t, api, creds, shoot } = h;
    expect((await api('GET', '/events')).status).toBe(200);
    expect((await api('PUT', '/sandbox/controls', { force: { answer: 'too-many-requests', calls: 1 }, latencyMs: 20 })).status).toBe(200);
    expect((await api('GET', '/events')).status).toBe(429);
    await t.services.requestLogs.flush();

    await page.goto(`${t.baseUrl}/#/portal`);
    await page.getByLabel('Email').fill(creds.planner.email);
    await page.getByLabel('Password').fill(creds.planner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Request log and sandbox' }).waitFor();
    const demoApp = await t.services.accounts.getApplication(creds.accountId, creds.clientId);
    const section = page.getByRole('region', { name: 'Request log and sandbox' });
    await section.getByLabel('Application').selectOption({ value: demoApp.id });
    await section.getByText('Forced “Too Many Requests”: 0 of 1 calls left').waitFor();
    await section.getByText('Added latency: 20 ms').waitFor();
    const table = section.getByRole('table', { name: /Requests of/ });
    await table.getByText('forced=too-many-requests;remaining=0, latency=20').waitFor();
    const statuses = await table.locator('tbody tr td:nth-of-type(2)').allTextContents();
    expect(statuses.slice(0, 2)).toEqual(['429', '200']);
    await shoot('14-portal-request-log');

    await section.getByLabel('Status').selectOption('429');
    await table.locator('tbody tr').first().waitFor();
    await expect.poll(async () => table.locator('tbody tr').count()).toBe(1);
  }, 120_000);
});
