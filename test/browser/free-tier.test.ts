import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInChromium, plannerEvent, startLimitedHarness, type Harness } from './harness.js';

// The planner pages on a Free account with the real limiter on: 2 calls a second, burst 1,
// counted per account, so the UI's own calls compete with each other. The pages queue their
// calls, pace them by the RateLimit fields and wait out a 429 instead of showing it.
describeInChromium('the planner pages on the Free tier in Chromium', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startLimitedHarness();
    // The event is made through the services, so setting it up spends none of the account's calls.
    const start = Date.parse('2031-09-15T14:00:00Z');
    const { auth, eventId } = await plannerEvent(h, { title: 'Free Tier Expo', format: 'Hybrid', timezone: 'Europe/Lisbon', start, hours: 8 });
    const event = { id: eventId };
    for (let i = 0; i < 20; i += 1) {
      const s = await h.t.services.sessions.create(auth, {
        title: `Talk ${String(i + 1).padStart(2, '0')}`, event: { id: event.id }, includedSession: true, virtual: true,
        start: new Date(start + i * 1800_000).toISOString(), end: new Date(start + (i + 1) * 1800_000).toISOString(),
      });
      // Every session has a webcast on a provider, so the Virtual Session tab also reads 20 sync states.
      await h.t.services.webcasts.create(auth, {
        session: { id: s.id }, title: `Talk ${i + 1} (Zoom)`, type: 'Meeting', format: 'Live', provider: 'Zoom', meetingId: `900 000 ${100 + i}`,
        _links: { join: { href: `https://zoom.example.test/j/900000${100 + i}`, code: `j${i}` } },
      });
      await h.t.services.sync.put(h.creds.accountId, s.id, { provider: 'sim', outcome: 'Succeeded', lastRun: new Date(start - 86_400_000).toISOString() });
    }
    await h.t.services.accounts.setTier(h.creds.accountId, 'Free');
    await h.signIn(h.creds.planner.email, h.creds.planner.password);
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  });

  const errorsOnPage = () => h.page.locator('[role="alert"]').allTextContents();

  it('opens an event with 20 sessions and its Virtual Session tab without an error', async () => {
    const { page } = h;
    const tier = (await h.api('GET', '/usage/tier')).json as { name: string; burstLimit: number };
    expect(tier).toMatchObject({ name: 'Free', burstLimit: 1 });
    await page.goto(`${h.t.baseUrl}/#/events`);
    await page.getByRole('link', { name: 'Free Tier Expo' }).click();
    await page.getByRole('heading', { name: 'Free Tier Expo' }).waitFor();
    const rows = page.getByRole('table').locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(20);
    expect(await rows.first().textContent()).toContain('Talk 01');
    expect(await errorsOnPage()).toEqual([]);

    await page.getByRole('tab', { name: 'Virtual Session' }).click();
    const items = page.locator('li.vsession');
    await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(20);
    // Each session's sync state was read (20 more calls), and none of them failed.
    await expect.poll(() => page.getByText(/Sync: sim · Succeeded · last run/).count(), { timeout: 30_000 }).toBe(20);
    await page.getByRole('status').filter({ hasText: 'Waiting for the rate limit' }).waitFor({ state: 'hidden', timeout: 30_000 });
    expect(await errorsOnPage()).toEqual([]);
    expect(await page.locator('body').textContent()).not.toContain('Too Many Requests');
    await h.shoot('30-free-tier-event');
  }, 120_000);

  it('waits out a refusal (429 with Retry-After) with a calm notice, then carries on', async () => {
    const { page } = h;
    // The next session list is refused once, as a busy account's would be; every other call goes to the real server.
    let refused = 0;
    await page.route(/\/ea\/sessions\?/, async (route) => {
      if (refused === 0) {
        refused += 1;
        await route.fulfill({ status: 429, headers: { 'retry-after': '2', 'content-type': 'application/json' }, body: JSON.stringify({ code: 429, message: 'Too Many Requests' }) });
        return;
      }
      await route.continue();
    });
    await page.goto(`${h.t.baseUrl}/#/events`);
    await page.getByRole('link', { name: 'Free Tier Expo' }).click();
    await page.getByRole('status').filter({ hasText: 'Waiting for the rate limit' }).waitFor();
    await h.shoot('31-free-tier-waiting');
    await expect.poll(() => page.getByRole('table').locator('tbody tr').count(), { timeout: 30_000 }).toBe(20);
    await page.getByRole('status').filter({ hasText: 'Waiting for the rate limit' }).waitFor({ state: 'hidden', timeout: 30_000 });
    expect(refused).toBe(1);
    expect(await errorsOnPage()).toEqual([]);
    await page.unroute(/\/ea\/sessions\?/);
  }, 60_000);

  it('says the daily quota is used up rather than waiting until midnight', async () => {
    const { page } = h;
    await page.route(/\/ea\/usage\/tier/, (route) => route.fulfill({
      status: 429, headers: { 'retry-after': '36000', 'content-type': 'application/json' }, body: JSON.stringify({ code: 429, message: 'Limit Exceeded' }),
    }));
    await page.goto(`${h.t.baseUrl}/#/account`);
    await page.getByText('The account has used its daily quota of API calls. It resets at 00:00 UTC.').waitFor();
    await page.unroute(/\/ea\/usage\/tier/);
  }, 60_000);
});
